"""The ways pieces have across the board: plain distances (walls, the Flying Boat's flights) and
the cost of a piece's cheapest way past the pieces in it (``Ways.way``), with the room a crowded
harbour has (``Ways.room``). The evaluation (``evaluation.Plan``) builds on these."""

from __future__ import annotations

from collections import deque

from ..rules import FB, MI, ML, MS, DoverState
from ..rules.tables import Rules

FAR = 99
SHIPS, BOAT, SWEEPER, LAYER = 0, 1, 2, 3


def crew_of(kind: int) -> int:
    """How a piece finds its way: the Flying Boat, the Mine Sweeper and the Mine Layer each
    their own way (Mines spare them; walls do not stop the boat), every other ship alike."""
    return BOAT if kind == FB else SWEEPER if kind == MS else LAYER if kind == ML else SHIPS


WAY_SPAN = 60   # costs beyond this count as "no way"
WAY_CACHE = 50_000   # ways remembered per plan (positions recur across worlds and candidates)
RING_DEPTH = 16      # moves out to which ``Ways.rings`` counts
RING_CACHE = 40_000  # rings remembered per plan


def blows_up(rules: Rules, kind: int, contact_kinds: int) -> bool:
    """Whether an enemy piece that may be any of ``contact_kinds`` (a mask of kind bits: one
    kind when known) blows up a piece of ``kind`` arriving beside it: a Mine or a Mine Layer
    that does not spare that kind (rules, contact on arrival)."""
    bit = 1 << kind
    return bool(contact_kinds >> MI & 1 and not bit & rules.mine_spares
                or contact_kinds >> ML & 1 and not bit & rules.layer_spares)


def gate_squares(rules: Rules, side: int, squares) -> list[int]:
    """Those of ``squares`` (beside ``side``'s base) that a piece of ``side`` can attack only from
    the base itself, where it may not stand: an enemy piece there is beyond its reach."""
    base = rules.bases[side]
    return [sq for sq in squares
            if all(c == base for c in range(rules.size) if sq in rules.contact[side][c])]


def harbour_doorways(rules: Rules, side: int) -> list[tuple[int, int]]:
    """``side``'s harbour doorways as (the square inside, the one just outside) pairs: a3-a4 for
    South. None when the variant has no harbour walls."""
    harbour = rules.board.harbours[side] if rules.variant.walls else frozenset()
    return [(h, n) for h in sorted(harbour) for n in rules.steps[h] if n not in harbour]


_LONG_ENTRIES: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}


def long_entries(rules: Rules, me: int) -> tuple[tuple[int, int, int], ...]:
    """Fleet Orders: the squares two in a straight line from ``me``'s base from which an enemy
    piece moving two squares at once (``rules.long_moves``: the Flying Boat over anything, the
    Patrol Vessel through an empty square) enters it, each as (square, the square between, the
    kinds that may: bits). Found in a tournament game: easy's Flying Boat stood on c3 with
    hard's Mine Layer on c2, the gate between, and jumped onto the base c1."""
    key = (id(rules), me)
    found = _LONG_ENTRIES.get(key)
    if found is None:
        base, found = rules.bases[me], []
        if rules.base_rule == "target" and base >= 0 and rules.long_moves:
            for sq in range(rules.size):
                for mid, to, crosses, *_ in rules.gen_doubles[1 - me][sq]:
                    kinds = sum(1 << k for k, how in rules.long_moves.items()
                                if how == "over-anything" or not crosses)
                    if to == base and kinds:
                        found.append((sq, mid, kinds))
        found = _LONG_ENTRIES[key] = tuple(found)
    return found


# --- distances on the board ----------------------------------------------------------------------
def _distances(steps, target: int, size: int, blocked: int = 0) -> list[int]:
    """Fewest one-square moves from every square to ``target`` (pieces ignored, but no way
    through the squares of the bitboard ``blocked``)."""
    dist = [FAR] * size
    dist[target] = 0
    todo = deque([target])
    while todo:
        sq = todo.popleft()
        for n in steps[sq]:
            if dist[n] == FAR and sq in steps[n] and not blocked >> n & 1:
                dist[n] = dist[sq] + 1
                todo.append(n)
    return dist




class Ways:
    """Distances and ways for one variant's board, memoised (positions recur across worlds)."""

    def __init__(self, rules: Rules, detailed: bool = True) -> None:
        self.rules = rules
        self.detailed = detailed   # False: material and plain distances only (the easy level)
        self._walled: dict[int, list[int]] = {}
        self._free: dict[int, list[int]] = {}
        self._past_mines: dict[tuple[int, int], list[int]] = {}
        self._room: dict[tuple, list[int]] = {}
        self._ways: dict[tuple, list[int]] = {}
        # each square's neighbours as a bitboard (walled, and the Flying Boat's), and each base's bit
        self.step_bits = [sum(1 << n for n in rules.steps[sq]) for sq in range(rules.size)]
        self.free_step_bits = [sum(1 << n for n in rules.free_steps[sq]) for sq in range(rules.size)]
        self.base_bits = tuple(1 << b if b >= 0 else 0 for b in rules.bases)
        # per direction (N, E, S, W), the squares a piece can leave that way: past walls only by air
        self.walled_exits = tuple(rules.valid_from)
        self.free_exits = tuple(sum(1 << sq for sq in range(rules.size) if sq + delta in rules.free_steps[sq])
                                for delta in rules.deltas)
        self._rings: dict[tuple[int, int, bool], list[int]] = {}

    def walled(self, target: int) -> list[int]:
        d = self._walled.get(target)
        if d is None:
            d = self._walled[target] = _distances(self.rules.steps, target, self.rules.size)
        return d

    def past_mines(self, target: int, mines: int) -> list[int]:
        """``walled`` distances with no way through the Mines on the bitboard ``mines`` (which
        never move: the table serves a whole ending)."""
        key = (target, mines)
        d = self._past_mines.get(key)
        if d is None:
            if len(self._past_mines) > WAY_CACHE:
                self._past_mines.clear()
            d = self._past_mines[key] = _distances(self.rules.steps, target, self.rules.size, mines)
        return d

    def free(self, target: int) -> list[int]:
        d = self._free.get(target)
        if d is None:
            d = self._free[target] = _distances(self.rules.free_steps, target, self.rules.size)
        return d

    def distance(self, kind: int, frm: int, target: int) -> int:
        """Moves for a piece of ``kind`` from ``frm`` to ``target`` (the Flying Boat flies walls)."""
        table = self.free(target) if kind == FB else self.walled(target)
        return table[frm]

    def open_water(self, state: DoverState) -> int:
        """The empty squares other than the bases (a bitboard): where a way may pass."""
        return ~state.occ & ~self.base_bits[0] & ~self.base_bits[1]

    def rings(self, start: int, open_: int, boat: bool = False) -> list[int]:
        """The squares exactly 1, 2, ... RING_DEPTH moves from ``start`` over the squares of
        ``open_`` (a bitboard; a square outside it ends a way there, so a piece standing on it is
        found but not passed), the Flying Boat's flights across walls with ``boat``. Bit-parallel
        and memoised: the same squares are open in every sampled world."""
        key = (start, open_, boat)
        found = self._rings.get(key)
        if found is not None:
            return found
        if len(self._rings) > RING_CACHE:
            self._rings.clear()
        exits = self.free_exits if boat else self.walled_exits
        shifts = self.rules.deltas
        reached = frontier = 1 << start
        found = self._rings[key] = []
        for _ in range(RING_DEPTH):
            grown = 0
            for leaving, delta in zip(exits, shifts):
                part = frontier & leaving
                grown |= part << delta if delta > 0 else part >> -delta
            grown &= ~reached
            if not grown:
                break
            found.append(grown)
            reached |= grown
            frontier = grown & open_
        return found

    # --- the evaluation ------------------------------------------------------------------------
    def way(self, state: DoverState, side: int, target: int, crew: int,
            solid_mines: bool = False) -> list[int]:
        """The cost of ``side``'s cheapest way from every square to ``target``, pieces counted,
        for a piece of the ``crew`` (SHIPS, BOAT, SWEEPER, LAYER: see ``crew_of``).

        Each square entered costs 1 when empty, 1 more for each of our pieces that must shift to
        make room (``room``: a harbour packed full is a sliding puzzle, and every move that opens
        it counts; up to 5 more), 2 for our own Mine (4 when it is boxed in; see ``solid_mines``),
        and when an enemy piece stands there: 4 if this
        crew can beat it, 12 if it cannot (the Flying Boat and the Mine Layer sink nothing, the
        Mine Sweeper only clears Mines). Arriving where an enemy Mine or Mine Layer would face us
        costs 6 more, for ships only. The Flying Boat's way ignores the walls. Dial's algorithm
        over small integer costs.

        ``solid_mines``: our own Mines never make room, so no way passes them. Used for a flag
        carrier's way home, which may have only one way past a Mine guarding the base. Not for
        the approach ways: there the enemy's Mines are only guessed (dealt out at random among its
        unmoved pieces in each sampled world), and walling its fleet in behind guessed Mines made
        every capture that opened a way look bad (hard drew most games against easy).
        """
        if not self.detailed:   # the plain distance on the board, pieces ignored
            return self.free(target) if crew == BOAT else self.walled(target)
        # Memoised on all it reads: who stands where, our Mines, and the enemy kinds this crew
        # fears (Mines and Mine Layers for ships) or clears (Mines for the sweeper).
        enemy = 1 - side
        fears = (state.mines_bb[enemy] | state.layers_bb[enemy] if crew == SHIPS
                 else state.mines_bb[enemy] if crew == SWEEPER else 0)
        key = (side, target, crew, solid_mines, state.sbb[0], state.sbb[1], state.mines_bb[side], fears)
        dist = self._ways.get(key)
        if dist is None:
            if len(self._ways) > WAY_CACHE:
                self._ways.clear()
            dist = self._ways[key] = self._way(state, side, target, crew, solid_mines)
        return dist

    def _way(self, state: DoverState, side: int, target: int, crew: int, solid_mines: bool) -> list[int]:
        r = self.rules
        steps = r.free_steps if crew == BOAT else r.steps
        board, owner, kind = state.board, state.owner, state.kind
        contact = r.contact[side]
        mines_bite = crew == SHIPS
        size = r.size
        dist = [WAY_SPAN] * size
        dist[target] = 0
        room = None
        buckets: list[list[int]] = [[] for _ in range(WAY_SPAN + 16)]
        buckets[0].append(target)
        for d in range(WAY_SPAN):
            for sq in buckets[d]:
                if dist[sq] != d:
                    continue
                q = board[sq]
                if not q:
                    enter = 1
                elif owner[q] != side:
                    if crew == SHIPS or (crew == SWEEPER and kind[q] == MI):
                        enter = 4
                    else:
                        enter = 12 if crew != SWEEPER else 10
                elif kind[q] == MI:
                    if solid_mines and sq != target:
                        continue   # our own Mine never moves: no way leads through it
                    enter = 2   # counted as making room, dearer when boxed in (see above)
                    for n in steps[sq]:
                        if not board[n]:
                            break
                    else:
                        enter = 4
                else:   # our own piece must make room: one move for each piece shifted along
                    if room is None:
                        room = self.room(state, side)
                    enter = 1 + min(room[sq], 5)
                if mines_bite:
                    for c in contact[sq]:
                        e = board[c]
                        if e and owner[e] != side and (kind[e] == MI or kind[e] == ML):
                            enter += 6
                            break
                nd = d + enter
                for n in steps[sq]:
                    if nd < dist[n]:
                        dist[n] = nd
                        buckets[nd].append(n)
        return dist

    def room(self, state: DoverState, side: int) -> list[int]:
        """For each square, how many of ``side``'s pieces must move to empty it: 0 if empty, 1 if
        its piece can step aside, k if k pieces must shift along a line to the nearest empty
        square (Mines never shift; a square no shift can empty counts FAR)."""
        key = (state.sbb[0], state.sbb[1], state.mines_bb[side], side)   # all it depends on
        room = self._room.get(key)
        if room is not None:
            return room
        if len(self._room) > 4096:
            self._room.clear()
        r = self.rules
        board, owner, kind = state.board, state.owner, state.kind
        own_base = r.bases[side]
        room = [FAR] * r.size
        todo = deque()
        for sq in range(r.size):
            if not board[sq] and sq != own_base:
                room[sq] = 0
                todo.append(sq)
        steps = r.steps
        while todo:
            sq = todo.popleft()
            for n in steps[sq]:
                q = board[n]
                if q and room[n] == FAR and owner[q] == side and kind[q] != MI:
                    room[n] = room[sq] + 1
                    todo.append(n)
        self._room[key] = room
        return room


