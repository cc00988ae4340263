"""Computer opponents for Dover Patrol, for every variant.

A fair opponent: every decision starts from ``state.observation(side)`` and nothing else. The
engine's observation already carries what can be deduced about each enemy piece (``possible``:
a piece that moved is no Mine, one that survived arriving next to our Mine is a Mine Sweeper, Mine
Layer or Flying Boat, one that attacked is no Mine Layer, ...), and ``sample`` deals the enemy
identities out at random within those constraints and the fleet's counts
(``navalgames.ai.identities``). The AI then only ever looks at sampled states, so changing the
true identities of unrevealed enemy pieces cannot change what it does.

Levels (every action is judged on the same few sampled worlds, so actions compare fairly):
- ``easy``: one move ahead, with a plain judgement (material, plain distance to the goal) and a
  point or so of slack, so it is sensible but beatable.
- ``normal`` / ``hard``: the detailed judgement (the ways pieces really have to the goal past
  blockers, walls and Mines; a harbour kept clear for a returning flag; hunting pieces they can
  beat; what they know of the enemy; draws by repetition or quiet turns looming; hemming the enemy
  in once it has only a handful of pieces that can move), and the best
  candidates looked at two moves ahead against the enemy's sharpest replies in each world
  (perfect-information Monte Carlo over determinizations). In a quiet spell they also link a
  step away from a piece we face with the attack on coming back (attacks happen on arrival). ``hard`` uses more worlds and more
  candidates. We tried single-observer ISMCTS (``navalgames.ai.mcts`` with ``determinize``) here
  first: at a second a move it spread its visits almost evenly over 30-40 moves whose values
  differ by less than the sampling noise, and played worse than the one-move player; comparing
  every action on the same worlds removes that noise.

Deployments follow the booklet's advice (see ``booklet_deployment``) and vary from game to game.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import deque
from typing import Any

from navalgames.ai.mcts import outcome_value, step

from .rules import FB, MI, ML, MS, NORTH, SOUTH, SS, Deploy, DoverState, EndTurn, Move
from .rules.model import SIDE_INDEX
from .rules.setup import deployment_problems, random_deployment
from .rules.state import SETUP
from .rules.tables import ATTACKER_WINS, Rules

#: what a piece is worth to its fleet (valued ships by value; the specialists by their duties)
VALUES = {1: 1.5, 2: 3.0, 3: 3.0, 4: 5.0, 5: 5.0, 6: 6.0, 7: 7.0, 8: 8.0, 9: 9.0, 10: 10.0,
          MS: 3.0, SS: 6.0, ML: 4.0, FB: 6.0, MI: 2.5}
SCALE = 12.0          # evaluation points per unit of the logistic: 12 points ~ 73% to win
MATERIAL = 0.5        # weight of material against the race (which is what wins)
KNOWING = 0.5         # points for each enemy piece whose identity we know (plus a share of its value)
FULL_HARBOUR = 1.5    # points for each move it takes to free a square in a harbour packed full
PRESSING = 0.05       # points per rank our ships stand forward: a fleet that holds back draws
FAR = 99


# --- distances on the board ----------------------------------------------------------------------
def _distances(steps, target: int, size: int) -> list[int]:
    """Fewest one-square moves from every square to ``target`` (pieces ignored)."""
    dist = [FAR] * size
    dist[target] = 0
    todo = deque([target])
    while todo:
        sq = todo.popleft()
        for n in steps[sq]:
            if dist[n] == FAR and sq in steps[n]:
                dist[n] = dist[sq] + 1
                todo.append(n)
    return dist


class Plan:
    """What the evaluation needs about one variant: distances to squares, piece values, aims."""

    def __init__(self, rules: Rules, detailed: bool = True) -> None:
        self.rules = rules
        self.detailed = detailed   # False: material and plain distances only (the easy level)
        self.values = [0.0] * 16
        for k, v in VALUES.items():
            self.values[k] = v
        if rules.win == "flagship":
            self.values[10] = 40.0   # the game itself
            self.values[SS] = 8.0    # the Flagship's nemesis
        # Harbours matter for crowding only where walls shut them and flags must come home.
        walled_in = rules.variant.walls and rules.flags
        self.harbours = tuple(frozenset(rules.board.harbours[s]) if walled_in else frozenset()
                              for s in (SOUTH, NORTH))
        # the harbour squares a piece may stand on (not the base), as a list and a bitboard
        self.harbour_squares = tuple(tuple(sq for sq in harbour if sq != base)
                                     for harbour, base in zip(self.harbours, rules.bases))
        self.harbour_bits = tuple(sum(1 << sq for sq in squares) for squares in self.harbour_squares)
        # the squares just outside each harbour's mouth
        self.mouths = tuple(frozenset(n for h in harbour for n in rules.steps[h] if n not in harbour)
                            for harbour in self.harbours)
        self.mouth_bits = sum(1 << sq for mouth in self.mouths for sq in mouth)
        # the kinds that sink (or clear) each kind when they attack it
        self.beaters = [[k for k in range(1, 16) if rules.result[k][e] == ATTACKER_WINS and k != FB]
                        for e in range(16)]
        # ranks counted from each side's own back row, from 0
        self.rank_of = tuple(tuple(rules.side_rank(s, sq) - 1 for sq in range(rules.size))
                             for s in (SOUTH, NORTH))
        self._walled: dict[int, list[int]] = {}
        self._free: dict[int, list[int]] = {}
        self._room: dict[tuple, list[int]] = {}
        self._ways: dict[tuple, list[int]] = {}
        # each square's neighbours as a bitboard (walled, and the Flying Boat's), and each base's bit
        self.step_bits = [sum(1 << n for n in rules.steps[sq]) for sq in range(rules.size)]
        self.free_step_bits = [sum(1 << n for n in rules.free_steps[sq]) for sq in range(rules.size)]
        self.base_bits = tuple(1 << b if b >= 0 else 0 for b in rules.bases)
        # the squares within a few moves of each side's base (where a flag carrier needs room)
        self.near_home = tuple(frozenset(sq for sq in range(rules.size)
                                         if self.walled(rules.bases[s])[sq] <= NEAR_HOME)
                               for s in (SOUTH, NORTH))
        self.span = rules.files + rules.ranks

    def walled(self, target: int) -> list[int]:
        d = self._walled.get(target)
        if d is None:
            d = self._walled[target] = _distances(self.rules.steps, target, self.rules.size)
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

    # --- the evaluation ------------------------------------------------------------------------
    def score(self, state: DoverState, side: int) -> float:
        """Points for ``side``: half its material plus its progress toward winning."""
        values, kind, pos = self.values, state.kind, state.pos
        if not self.detailed:
            material = 0.0
            for p in state.alive[side]:
                material += values[kind[p]]
            return MATERIAL * material + self.race(state, side)
        material = 0.0
        inside = 0
        forward = 0
        harbour = self.harbours[side]
        rank_of = self.rank_of[side]
        for p in state.alive[side]:
            k = kind[p]
            material += values[k]
            if pos[p] in harbour:
                inside += 1
            elif k != MI:
                forward += rank_of[pos[p]]
        # What we know of the enemy is worth having: we can attack what we beat and shun the rest.
        known = 0.0
        pub, mine = state.pub, state.priv[side]
        for p in state.alive[1 - side]:
            m = pub[p] & mine[p]
            if m & (m - 1) == 0:
                known += KNOWING + 0.25 * values[kind[p]]
        crowding = 0.0
        carrying = state.flag_carrier[1 - side] and state.owner[state.flag_carrier[1 - side]] == side
        if harbour:
            # A harbour packed full cannot take a flag home: keep room inside, more so with a prize.
            crowding = 3.0 * max(0, inside - 3) if carrying else 1.0 * max(0, inside - 4)
            if carrying and inside > 5 and pos[state.flag_carrier[1 - side]] in self.mouths[side]:
                crowding += 4.0   # the carrier stands in the way of the pieces that must come out
            if not self.harbour_bits[side] & ~state.occ:
                # Not one square free inside (the base never holds a piece): nothing in it can
                # move, and an enemy ship in the mouth shuts it for good, since it can be attacked
                # only by a piece arriving on the inner mouth square. Count the moves it takes
                # to free one, so the fleet opens its harbour early.
                room = self.room(state, side)
                moves = min(room[sq] for sq in self.harbour_squares[side])
                crowding += FULL_HARBOUR * (min(moves, 4) if moves < FAR else 8)   # FAR: shut for good
        # Hemming the enemy in: a side that cannot move loses, and against a harbour packed shut
        # that is the only way to win (in the facing reading nothing can attack the squares
        # behind the harbour wall). Nothing while the enemy has more than a handful of movers,
        # steeply more as the last ones are sunk or boxed in; hunting a mover is worth that much
        # more. Hemming the enemy in only draws while our own flag is away, and is no aim while
        # we carry the enemy flag home (a carrier that boxes an enemy ship in would stay put).
        hem = 0.0
        sinking_a_mover = 0.0
        if not self.rules.flags or (state.flag_sq[side] == self.rules.bases[side] and not carrying):
            movers = self.movers(state, 1 - side)
            hem = hemmed(movers)
            sinking_a_mover = hemmed(movers - 1) - hem
        return (MATERIAL * material + self.race(state, side) - crowding + known
                + PRESSING * forward + self.hunt(state, side, sinking_a_mover) + hem)

    def movers(self, state: DoverState, side: int) -> int:
        """How many of ``side``'s pieces could move, counted up to HEM_COUNT + 1."""
        count = 0
        for p in state.alive[side]:
            if self.can_move(state, p):
                count += 1
                if count > HEM_COUNT:
                    break
        return count

    def can_move(self, state: DoverState, piece: int) -> bool:
        """Whether ``piece`` has an empty square beside it that is not its own base."""
        k = state.kind[piece]
        if k == MI:
            return False
        steps = self.free_step_bits if k == FB else self.step_bits
        return bool(steps[state.pos[piece]] & ~state.occ & ~self.base_bits[state.owner[piece]])

    def hunt(self, state: DoverState, side: int, mover_bonus: float = 0.0) -> float:
        """Points for having, near each enemy piece, one of ours that would beat it in an attack:
        worth a share of the prize (its value, plus ``mover_bonus`` if it can move), more the
        closer our piece stands to the square it attacks from."""
        r = self.rules
        kind, pos = state.kind, state.pos
        by_kind: dict[int, list[int]] = {}
        for p in state.alive[side]:
            if self.can_move(state, p):   # a piece boxed in attacks nothing
                by_kind.setdefault(kind[p], []).append(pos[p])
        if not by_kind:
            return 0.0
        enemy = 1 - side
        values, beaters = self.values, self.beaters
        total = 0.0
        for e in state.alive[enemy]:
            ke = kind[e]
            best = HUNT_REACH
            for a in r.contact[enemy][pos[e]]:
                table = self.walled(a)
                for k in beaters[ke]:
                    for sq in by_kind.get(k, ()):
                        d = table[sq] or 2   # attacks happen on arrival: off and back
                        if d < best:
                            best = d
            if best < HUNT_REACH:
                prize = values[ke]
                if mover_bonus and self.can_move(state, e):
                    prize += mover_bonus
                total += prize * HUNT_SHARE[best]
        return total

    def race(self, state: DoverState, side: int) -> float:
        """Points for ``side``'s progress toward its win: they grow steeply near the goal, so a
        raider close to the enemy base (or a carrier close to home) outweighs a few pieces."""
        r = self.rules
        enemy = 1 - side
        kind, pos = state.kind, state.pos
        if r.flags:
            carrier = state.flag_carrier[enemy]
            if carrier and state.owner[carrier] == side:
                # Carrying the enemy flag: get it home; it only counts with our own flag in hand.
                home = self.way(state, side, r.bases[side], crew_of(kind[carrier]),
                                solid_mines=True)[pos[carrier]]
                own = state.flag_carrier[side]
                ours = (state.flag_sq[side] == r.bases[side] or (own and state.owner[own] == side))
                # Worth more than any approach (closing(0) = CLOSE_MAX), or no one would take it;
                # and when it can be deposited, each step home outweighs a piece's worth of
                # anything else (it is the win).
                if ours:
                    return CLOSE_MAX + 20.0 + 2.0 * closing(home)
                return CLOSE_MAX + 5.0 + closing(home)
            if carrier:
                # The enemy took its flag back: chase the carrier.
                return 10.0 + 0.5 * closing(self._nearest(state, side, pos[carrier]))
            target = state.flag_sq[enemy]
            loose = target != r.bases[enemy]
            d = self._nearest(state, side, target, sweepers_only=state.flag_mine[enemy], carriers=True)
            return (10.0 if loose else 0.0) + closing(d)
        if r.base_rule == "target":
            return 1.5 * closing(self._nearest(state, side, r.bases[enemy]))
        if r.win == "fleet":
            return self._hunt(state, side)
        return 0.0

    def _hunt(self, state: DoverState, side: int) -> float:
        """Pitched Battle: close on the enemy's last ships (Mines need not be sunk)."""
        files = self.rules.files
        kind, pos = state.kind, state.pos
        hunters = [pos[p] for p in state.alive[side] if kind[p] != MI]
        prey = [pos[p] for p in state.alive[1 - side] if kind[p] != MI]
        if not hunters or not prey:
            return 0.0
        total = 0
        for e in prey:
            ef, er = e % files, e // files
            total += min(abs(h % files - ef) + abs(h // files - er) for h in hunters)
        # The fewer ships the enemy has left, the more each one's distance matters.
        return -2.0 * total / len(prey) * (1.0 + 10.0 / (len(prey) + 1))

    def _nearest(self, state: DoverState, side: int, target: int, sweepers_only: bool = False,
                 carriers: bool = False) -> float:
        """The cheapest ways ``side``'s moving pieces have to ``target`` (see ``way``), as one
        figure: mostly the best, partly the next, so a second raider also comes forward."""
        kind, pos = state.kind, state.pos
        carries = self.rules.carries
        found = []
        maps: dict[int, list[int]] = {}
        for p in state.alive[side]:
            k = kind[p]
            if k == MI or (sweepers_only and k != MS) or (carriers and not carries[k]):
                continue
            crew = crew_of(k)
            table = maps.get(crew)
            if table is None:
                table = maps[crew] = self.way(state, side, target, crew)
            found.append(table[pos[p]])
        if not found:
            return WAY_SPAN
        found.sort()
        found.append(WAY_SPAN)
        return 0.8 * found[0] + 0.2 * found[1]

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


SHIPS, BOAT, SWEEPER, LAYER = 0, 1, 2, 3


def crew_of(kind: int) -> int:
    """How a piece finds its way: the Flying Boat, the Mine Sweeper and the Mine Layer each
    their own way (Mines spare them; walls do not stop the boat), every other ship alike."""
    return BOAT if kind == FB else SWEEPER if kind == MS else LAYER if kind == ML else SHIPS


WAY_SPAN = 60   # costs beyond this count as "no way"
WAY_CACHE = 50_000   # ways remembered per plan (positions recur across worlds and candidates)
NEAR_HOME = 4   # moves from a base within which a piece may have to make room for a carrier
HUNT_REACH = 10  # a hunter further than this many moves from its prey counts for nothing
HUNT_SHARE = [0.35 * 0.8 ** d for d in range(HUNT_REACH)]


HEM_COUNT = 10   # an enemy with more movers than this is not worth hemming in yet


def hemmed(movers: int) -> float:
    """Points for the enemy having only ``movers`` pieces that can move."""
    return 0.0 if movers > HEM_COUNT else 40.0 * 0.7 ** max(movers, 0)


CLOSE_MAX = 0.8 * WAY_SPAN + 24.0   # closing(0): the most an approach is worth


def closing(cost: float) -> float:
    """Points for being ``cost`` away from a goal: a steady gain for every step, and more and
    more as the goal comes near (the last steps are the ones the enemy must stop)."""
    return 0.8 * (WAY_SPAN - min(cost, WAY_SPAN)) + 24.0 * 0.85 ** cost


_PLANS: dict[tuple[int, bool], Plan] = {}


def plan_for(rules: Rules, detailed: bool = True) -> Plan:
    key = (id(rules), detailed)
    plan = _PLANS.get(key)
    if plan is None or plan.rules is not rules:
        plan = _PLANS[key] = Plan(rules, detailed)
    return plan


WIN_POINTS = 1000.0


def points(state: DoverState, side: str, detailed: bool = True) -> float:
    """How much better ``side`` stands, in evaluation points (a won game: WIN_POINTS)."""
    if state.result is not None:
        winner = state.result.winner
        return 0.0 if winner is None else (WIN_POINTS if winner == side else -WIN_POINTS)
    plan = plan_for(state.rules, detailed)
    me = SIDE_INDEX[side]
    diff = plan.score(state, me) - plan.score(state, 1 - me)
    # A draw that looms makes a lead worth less: for want of action (turns without a piece
    # removed), or by repetition (this very position seen before). So the side ahead presses on
    # and varies its play, and the side behind is glad to mark time.
    limit = state.rules.quiet_ply_limit
    if limit and state.quiet > limit // 2:
        diff *= 1.0 - 0.6 * (state.quiet - limit // 2) / (limit - limit // 2)
    if state.rules.repetition_draw and state.counts:
        seen = state.counts.get(state.position_key(), 0)
        if seen > 1:
            diff *= max(0.0, 1.0 - 0.6 * (seen - 1) / max(1, state.rules.repetition_draw - 1))
    return diff


def evaluate(state: DoverState, side: str) -> float:
    """``side``'s chance of winning, estimated from a full (sampled) position (for searches)."""
    if state.result is not None:
        return outcome_value(state.result, side)
    return 1.0 / (1.0 + math.exp(-points(state, side) / SCALE))


# --- deployments after the booklet ----------------------------------------------------------------
def harbour_mouth_squares(rules: Rules, side: int) -> frozenset[int]:
    """The squares where a Mine of ``side``'s own would shut its harbour.

    The harbour's mouth, the square just outside it and that square's other neighbours: our own
    Mine never moves, so a Mine there would shut our fleet in and keep a captured flag from ever
    coming home (7% of deployments mined the mouth; Mines on both a5 and b4 wall it in just as
    well). Empty when the variant has no harbour walls. The deployment screen warns about these.
    """
    harbour = rules.board.harbours[side] if rules.variant.walls else frozenset()
    return frozenset(sq for h in harbour for n in rules.steps[h] if n not in harbour
                     for sq in (h, n, *rules.steps[n]))


def booklet_deployment(rules: Rules, side: int, rng: random.Random) -> Deploy:
    """A deployment that follows the booklet's advice, different every game.

    Written from South's seat, then turned for North. The advice: a high-numbered ship, a
    Submarine and a Motor Torpedo Boat side by side, as far as the fleet allows; a Submarine, a
    Destroyer and a Mine Sweeper kept in the harbour; a Mine in the harbour guarding the flag, or
    the Mines out in front (both are played), never one in our own harbour's mouth; the harbour
    mouth, on the left, watched by a big ship; the Flying Boat kept back. The rest is spread at
    random.
    """
    main, odd = rules.setup_squares(SOUTH)
    files = rules.files
    left = {k: n for k, n in enumerate(rules.counts) if n}
    placement: dict[int, int] = {}
    free = set(main)

    def rank(sq: int) -> int:
        return sq // files + 1

    def take(kind: int) -> bool:
        if left.get(kind, 0) <= 0:
            return False
        left[kind] -= 1
        return True

    def put(kind: int, squares) -> int | None:
        options = sorted(s for s in squares if s in free)
        if not options or not take(kind):
            return None
        sq = options[rng.randrange(len(options))]
        placement[sq] = kind
        free.discard(sq)
        return sq

    def near(sq: int) -> list[int]:
        return [n for n in rules.steps[sq] if n in free]

    front = rules.variant.setup.ranks
    harbour = set(rules.board.harbours[SOUTH]) & main if rules.variant.walls else set()
    base = rules.bases[SOUTH]
    no_mines = harbour_mouth_squares(rules, SOUTH)   # never a Mine there

    # The odd piece on the odd rank: something cheap, or a Mine out in mid-ocean.
    odd_kinds = [k for k in (1, MI, 3, 5) if left.get(k)]
    odd_kind = odd_kinds[rng.randrange(len(odd_kinds))]
    take(odd_kind)
    odd_squares = sorted(odd - no_mines if odd_kind == MI else odd)
    placement[odd_squares[rng.randrange(len(odd_squares))]] = odd_kind

    if rules.win == "flagship":
        # Flagship Hunt: the Flagship on the back rank behind a Mine, so nothing can face it.
        back = [s for s in main if rank(s) == 1]
        sq = put(10, back)
        if sq is not None:
            ahead = sq + files
            if ahead in free:
                put(MI, [ahead])
            for n in near(sq)[:1]:
                put(SS, [n])
    if harbour:
        # A Submarine, a Destroyer and a Mine Sweeper in harbour (the booklet's principle).
        for kind in (SS, 4, MS):
            put(kind, harbour)
        if rules.flags and rng.random() < 0.5:
            # A Mine beside the flag, on one of the base's approaches inside the harbour.
            put(MI, [n for n in rules.steps[base] if n in harbour])
    if rules.base_rule != "open":
        # The harbour mouth (the left edge) watched by a big ship in front of it.
        mouth = [s for s in main if s % files == 0 and rank(s) >= min(front, 3)]
        put(next((k for k in (8, 7, 9, 6) if left.get(k)), 5), mouth)

    # Groups of three: a big ship with a Submarine and a Motor Torpedo Boat beside it.
    for big in (10, 9, 8, 7, 7, 6, 6, 6):
        if not left.get(big):
            continue
        spots = [s for s in free if 2 <= rank(s) <= front or front <= 3]
        sq = put(big, spots)
        if sq is None:
            continue
        for partner in (SS, 2):
            n = near(sq)
            if n:
                put(partner, n)

    # Mines: out in front (mid-ocean) or back by the harbour, as experienced players differ.
    while left.get(MI):
        row = front if rng.random() < 0.6 else max(1, front - 1)
        if (put(MI, [s for s in free if rank(s) == row and s not in no_mines]) is None
                and put(MI, free - no_mines) is None):
            put(MI, free)   # only the mouth left: never fail to deploy
    # The Flying Boat kept back, out of the first clashes.
    if left.get(FB):
        put(FB, [s for s in free if rank(s) <= 2] or free)
    # Light pieces forward, the rest anywhere.
    for kind in (1, 3):
        while left.get(kind):
            if put(kind, [s for s in free if rank(s) >= front - 1]) is None:
                put(kind, free)
    rest = [k for k, n in sorted(left.items()) for _ in range(n)]
    rng.shuffle(rest)
    for kind in rest:
        put(kind, free)

    if side == NORTH:
        placement = {rules.board.rotate(sq): k for sq, k in placement.items()}
    pairs = sorted(placement.items())
    if deployment_problems(rules, side, pairs):
        return random_deployment(rules, side, rng)   # a gap in the plan: never fail to deploy
    return Deploy(side, pairs, rules.grid)


# --- players -------------------------------------------------------------------------------------
class DoverPlayer:
    """A fair player: it reads only the observation, and thinks on positions sampled from it.

    ``worlds`` positions are sampled once per decision and every action is judged on the same
    ones, so two actions are compared on equal terms. ``candidates`` = 0 plays the best action one
    move ahead (easy); otherwise the best ``candidates`` of those are looked at two moves ahead:
    in each world the reply that hurts most (or, in Fleet Orders, our own best next order).
    """

    def __init__(self, level: str, seed: int | None, worlds: int, candidates: int = 0,
                 slack: float = 0.01, detailed: bool = True) -> None:
        self.label = f"Computer ({level})"
        self.level = level
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.slack = slack   # points of random variation: games differ, and easy is less exact
        self.detailed = detailed
        self.considered: list[tuple[Any, float]] = []   # the last decision's candidates and values

    def choose(self, state: DoverState, side: str) -> Any:
        observation = state.observation(side)
        if observation.phase == SETUP:
            return booklet_deployment(state.rules, SIDE_INDEX[side], self.rng)
        # From here on, only positions sampled from the observation: never ``state`` itself.
        root = state.sample(observation, self.rng)
        actions = root.legal_actions()
        if len(actions) == 1:
            return actions[0]
        worlds = [root] + [root.sample(observation, self.rng) for _ in range(self.worlds - 1)]
        values = one_move_values(worlds, side, actions, self.detailed)
        jitter = [self.slack * self.rng.random() for _ in actions]
        ranked = sorted(range(len(actions)), key=lambda i: -(values[i] + jitter[i]))
        if not self.candidates:
            self.considered = [(actions[i], values[i]) for i in ranked[:5]]
            return actions[ranked[0]]
        chosen = ranked[:self.candidates]
        if stalling(root):   # also the pieces that would have to sail off to attack
            chosen += [i for i in ranked[self.candidates:] if sails_off(root, actions[i])]
        scored = []
        for i in chosen:
            deep = sum(two_move_value(world, actions[i], side, self.detailed)
                       for world in worlds) / len(worlds)
            scored.append((deep + jitter[i], values[i], actions[i]))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        self.considered = [(a, v) for v, _, a in scored]
        planned = self.harbour_move(root, side, worlds, actions)
        if planned is not None and planned[0] >= scored[0][0] - PLAN_SLACK:
            return planned[1]
        return scored[0][2]

    def harbour_move(self, root: DoverState, side: str, worlds: list[DoverState],
                     actions: list) -> tuple[float, Any] | None:
        """The next move of the harbour planner (see ``harbour_plan``) and its value two moves
        ahead, when we carry the enemy flag home."""
        if not carrying_home(root, side):
            return None
        first = harbour_plan(root, SIDE_INDEX[side])
        if first is None:
            return None
        for action in actions:
            if isinstance(action, Move) and action.key == first:
                deep = sum(two_move_value(world, action, side, self.detailed)
                           for world in worlds) / len(worlds)
                return deep, action
        return None


def one_move_values(worlds: list[DoverState], side: str, actions: list,
                    detailed: bool = True) -> list[float]:
    """Each action's evaluation points one move ahead, averaged over the sampled worlds."""
    values = []
    for action in actions:
        total = 0.0
        for world in worlds:
            trial = world.clone()
            step(trial, action)
            total += points(trial, side, detailed)
        values.append(total / len(worlds))
    return values


def two_move_value(world: DoverState, action, side: str, detailed: bool = True) -> float:
    """``action`` then the enemy's most dangerous reply in this world.

    Replies that change the position at once (attacks, a move onto a base, a flag handed over,
    a flag carrier's move) are judged in full; any other reply is counted as the position as it
    stands, which is what a quiet move elsewhere leaves, unless it ends the game (a third
    repetition). In Fleet Orders, while the turn is still ours, the position after our action is
    the answer.
    """
    trial = world.clone()
    step(trial, action)
    baseline = points(trial, side, detailed)
    mover = trial.to_act()
    if mover is None or mover == side:
        return baseline
    worst = baseline
    if carrying_home(trial, side):
        # Bringing a flag home often takes moves that only pay off one move later (a piece
        # stepping aside so another can leave a packed harbour): also count our best next move
        # if the enemy does nothing that hurts (a point less: what can be had now comes first).
        worst = max(worst, best_next_move(trial, side, detailed, HOMEWARD)[0] - 1.0)
    gain, attacker, attacker_sq = 0.0, 0, -1
    if (stalling(trial) and not carrying_home(trial, side)
            and trial.counts.get(trial.position_key(), 0) <= 1):
        # Nothing removed for a while: an attack happens only on arrival, so a piece facing its
        # prey must sail off and come back, two moves the one-move judgement never links. The
        # gain holds after any enemy reply that leaves the attacker where it stands. Not when
        # sailing off repeats a position: that is going round in circles.
        follow, attacker_sq = best_next_move(trial, side, detailed, ATTACKS)
        gain = max(0.0, follow - 1.0 - baseline)
        if gain:
            attacker = trial.board[attacker_sq]
            worst = baseline + gain
    for reply in trial.legal_actions():
        after = trial.clone()
        step(after, reply)
        if after.result is not None or is_sharp(trial, reply):
            value = points(after, side, detailed)
            if gain and after.result is None and after.board[attacker_sq] == attacker:
                value += gain
            worst = min(worst, value)
    return worst


PLAN_REACH = 8      # the carrier must be this few moves from home before the harbour is planned
PLAN_SLACK = 8.0    # points a planned harbour move may look worse than the best (not a lost carrier)
PLAN_NODES = 20_000  # positions the harbour planner may look at before it gives up


def harbour_plan(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, attacked square or -1) of a plan that brings our flag carrier
    onto our base with our own moves alone (the enemy and all Mines standing still), or None.

    A harbour packed with our own ships is a sliding puzzle: the carrier gets in only after
    several pieces shuffle round or out in the right order, and no look-ahead of two moves sees
    that the first of those shuffles is progress. Our pieces near home are alike for this (only
    where they stand matters), so a position is the set of their squares and the carrier's
    square, searched best-first on the carrier's distance home (weighted: a short plan, not
    always the shortest). An enemy ship sitting in the harbour's mouth can only be attacked by a
    piece arriving on the square inside it, so a plan that brings one of ours (not the carrier)
    there ends too, and that move attacks.
    """
    r = state.rules
    carrier = state.flag_carrier[1 - me]
    base = r.bases[me]
    if not carrier or state.owner[carrier] != me or state.flag_sq[me] != base:
        return None   # nothing to bring home, or not allowed to (our own flag is away)
    plan = plan_for(r)
    boat = state.kind[carrier] == FB   # a Flying Boat crosses walls even with a flag
    home = plan.free(base) if boat else plan.walled(base)
    start = state.pos[carrier]
    if home[start] > PLAN_REACH:
        return None
    reach = max(home[start], 4) + 3   # room to step aside, and out of the harbour
    area = 0
    for sq, d in enumerate(plan.walled(base)):
        if d <= reach or home[sq] <= reach:
            area |= 1 << sq
    fixed = state.sbb[1 - me] | state.mines_bb[me] | (1 << base)
    open_ = area & ~fixed
    ours = state.sbb[me] & open_ & ~(1 << start)
    steps = r.steps
    carrier_steps = r.free_steps if boat else steps
    plugs = {}   # square inside our harbour's mouth -> the enemy piece's square just outside
    for sq in plan.harbour_squares[me]:
        for n in steps[sq]:
            if n in plan.mouths[me] and state.sbb[1 - me] >> n & 1:
                plugs[sq] = n
    first: dict[tuple[int, int], tuple[int, int, int] | None] = {(ours, start): None}
    todo = [(home[start], 0, ours, start)]
    while todo and len(first) < PLAN_NODES:
        _, g, ours, at = heapq.heappop(todo)
        here = first[(ours, at)]
        for to in carrier_steps[at]:
            if to == base:
                return here or (at, to, -1)
            bit = 1 << to
            if open_ & bit and not ours & bit:
                key = (ours, to)
                if key not in first:
                    first[key] = here or (at, to, -1)
                    heapq.heappush(todo, (g + 1 + 2 * home[to], g + 1, ours, to))
        rest = ours
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            for to in steps[sq]:
                bit = 1 << to
                if open_ & bit and not ours & bit and to != at:
                    if to in plugs:
                        return here or (sq, to, plugs[to])
                    moved = ours ^ low ^ bit
                    key = (moved, at)
                    if key not in first:
                        first[key] = here or (sq, to, -1)
                        heapq.heappush(todo, (g + 1 + 2 * home[at], g + 1, moved, at))
    return None


def carrying_home(state: DoverState, side: str) -> bool:
    """Whether ``side`` holds the enemy's flag (single-action variants, where a turn can pass)."""
    if not state.rules.flags or state.rules.fleet_orders:
        return False
    me = SIDE_INDEX[side]
    carrier = state.flag_carrier[1 - me]
    return bool(carrier) and state.owner[carrier] == me


HOMEWARD, ATTACKS = "homeward", "attacks"


def stalling(state: DoverState) -> bool:
    """Whether a quarter of the quiet-turn allowance has gone by without a piece removed."""
    limit = state.rules.quiet_ply_limit
    return bool(limit) and not state.rules.fleet_orders and state.quiet >= limit // 4


def sails_off(state: DoverState, action) -> bool:
    """Whether ``action`` moves a piece, without attacking, away from facing an enemy piece."""
    if not isinstance(action, Move) or action.attack >= 0:
        return False
    board, owner = state.board, state.owner
    me = owner[board[action.frm]]
    return any(board[c] and owner[board[c]] != me
               for c in state.rules.contact[me][action.frm])


def best_next_move(state: DoverState, side: str, detailed: bool, kind: str) -> tuple[float, int]:
    """The best position ``side`` reaches with one more move if the enemy passes its turn,
    among the moves of that ``kind``: HOMEWARD, a move of the flag carrier, a flag handed on, or
    a move near home (making room); ATTACKS, a move with an attack that removes a piece. Also the
    square that move starts from (-1 if none)."""
    passed = state.clone()
    passed.pass_turn()
    if passed.to_act() != side:
        return -WIN_POINTS, -1
    me = SIDE_INDEX[side]
    if kind == HOMEWARD:
        near = plan_for(state.rules, detailed).near_home[me]
        carrier_sq = passed.pos[passed.flag_carrier[1 - me]]
    best, start = -WIN_POINTS, -1
    for action in passed.legal_actions():
        if kind == ATTACKS:
            if not isinstance(action, Move) or action.attack < 0:
                continue
        elif isinstance(action, Move) and action.frm != carrier_sq and action.frm not in near:
            continue
        after = passed.clone()
        step(after, action)
        if kind == ATTACKS and after.quiet and after.result is None:
            continue   # an attack that removes nothing (both stay) does not end a quiet spell
        value = points(after, side, detailed)
        if value > best:
            best, start = value, getattr(action, "frm", -1)
    return best, start


def is_sharp(state: DoverState, action) -> bool:
    """An action that changes the position at once: an attack, a base entry, a flag moving, or
    a ship sailing into a harbour's mouth (which can shut a harbour packed full for good)."""
    if isinstance(action, Move):
        return (action.attack >= 0 or state.rules.is_base[action.to] >= 0
                or state.board[action.frm] in state.flag_carrier
                or plan_for(state.rules).mouth_bits >> action.to & 1)
    return not isinstance(action, EndTurn)   # an attack (Fleet Orders) or a flag transfer


#: worlds sampled, candidates looked at two moves ahead, points of slack in the choice, and
#: whether the evaluation is the detailed one (piece-aware ways, hunting, knowledge, crowding)
LEVELS = {"easy": (3, 0, 1.0, False), "normal": (3, 6, 0.3, True), "hard": (5, 12, 0.01, True)}


def make_player(level: str, side: str, seed: int | None = None) -> DoverPlayer:
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Dover Patrol: expected easy, normal or hard")
    worlds, candidates, slack, detailed = LEVELS[level]
    return DoverPlayer(level, seed, worlds, candidates, slack, detailed)
