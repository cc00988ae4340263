"""The judgement of a position: material, the race to the goal along the ways pieces really have
(``ways``), a harbour kept clear for a returning flag, hunting pieces we can beat, what we know
of the enemy, hemming the enemy in, and draws looming. ``points`` is the one figure the search
compares; ``Plan`` holds what it needs about one variant."""

from __future__ import annotations

import math

from navalgames.ai.mcts import outcome_value

from ..rules import FB, MI, ML, MS, NORTH, SOUTH, SS, DoverState
from ..rules.model import SIDE_INDEX
from ..rules.tables import ATTACKER_WINS, MI_BIT, Rules
from .ways import FAR, WAY_SPAN, Ways, blows_up, crew_of, gate_squares, harbour_doorways, long_entries

#: what a piece is worth to its fleet (valued ships by value; the specialists by their duties)
VALUES = {1: 1.5, 2: 3.0, 3: 3.0, 4: 5.0, 5: 5.0, 6: 6.0, 7: 7.0, 8: 8.0, 9: 9.0, 10: 10.0,
          MS: 3.0, SS: 6.0, ML: 4.0, FB: 6.0, MI: 2.5}
SCALE = 12.0          # evaluation points per unit of the logistic: 12 points ~ 73% to win
MATERIAL = 0.5        # weight of material against the race (which is what wins)
KNOWING = 0.5         # points for each enemy piece whose identity we know, plus KNOWN_SHARE of its value
KNOWN_SHARE = 0.1
FULL_HARBOUR = 1.5    # points for each move it takes to free a square in a harbour packed full
CROWDED = 6           # pieces in a harbour (Mines too) from which each one more costs CROWDED_MORE more
CROWDED_MORE = 1.0
WAY_OUT = 0.6         # ... and each move nearer the next one out counts this much
WAY_OUT_MOST = 6      # ... counting at most this many moves (an enemy ship in the way: the most)
PRESSING = 0.05       # points per rank our ships stand forward: a fleet that holds back draws
OWN_FLAG = 0.5        # weight of our own flag's way home while a piece of ours carries it
BOXED_CARRIER = 15.0  # points off for a flag carrier of ours with nowhere to go (``boxed_in``;
                      # not in the plain judgement: ``easy`` plays as before)
BASE_WATCH = 25.0     # points an open gate of our base costs with an enemy piece a move from it
WATCH_FALL = 0.6      # ... and the share of that left for each move further the enemy piece is
WATCH_REACH = 10      # an enemy piece further than this many moves from a gate is no threat yet
WATCH_OPEN = 0.1      # the share of BASE_WATCH an open gate costs however far the enemy's Flying Boat is
WATCH_LOST = 2.0      # ... and the most they cost in all: an enemy piece on a gate, the flag as good as gone
UNSINKABLE = 4.0      # Pitched Battle: points for each enemy piece nothing of ours left sinks



def known_worth(value: float) -> float:
    """What knowing an enemy piece of this value is worth (KNOWING and KNOWN_SHARE)."""
    return KNOWING + KNOWN_SHARE * value

class Plan(Ways):
    """What the evaluation needs about one variant: distances to squares, piece values, aims."""

    def __init__(self, rules: Rules, detailed: bool = True) -> None:
        super().__init__(rules, detailed)
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
        # Where a captured flag wins only once brought home (the classic game; not Quick
        # Capture, won on reaching the enemy base), a crowded harbour is opened (``way_out``)
        # through its doorways: (the square inside the mouth, the one just outside).
        self.opens_harbour = rules.win == "flags"
        self.doorways = tuple(tuple(harbour_doorways(rules, s)) if walled_in else ()
                              for s in (SOUTH, NORTH))
        # the kinds that sink (or clear) each kind when they attack it
        self.beaters = [[k for k in range(1, 16) if rules.result[k][e] == ATTACKER_WINS and k != FB]
                        for e in range(16)]
        self.beater_bits = [sum(1 << k for k in beaters) for beaters in self.beaters]
        # ranks counted from each side's own back row, from 0
        self.rank_of = tuple(tuple(rules.side_rank(s, sq) - 1 for sq in range(rules.size))
                             for s in (SOUTH, NORTH))
        # the squares within a few moves of each side's base (where a flag carrier needs room)
        self.near_home = tuple(frozenset(sq for sq in range(rules.size)
                                         if self.walled(rules.bases[s])[sq] <= NEAR_HOME)
                               for s in (SOUTH, NORTH))
        self.span = rules.files + rules.ranks
        self.gates = tuple(self._base_gates(s) for s in (SOUTH, NORTH))
        self.boat_leaps = rules.long_moves.get(FB) == "over-anything"
        self.gate_bits = tuple(sum(1 << sq for sq, _ in gates) for gates in self.gates)
        # per side and gate, the squares from which the enemy's Flying Boat jumps over that gate
        # onto the base (a jump may pass over a Mine it knows of), each with whether the boat
        # there faces the gate (attacking it shows what it is: a Mine there is as good as known)
        self.leaps_over = tuple(self._leaps_over(s) for s in (SOUTH, NORTH))
        # per side, the squares where no piece of that side can ever attack an enemy piece (each
        # square in attacking position with it is that side's own base, or there is none)
        self.out_of_reach = tuple(frozenset(gate_squares(rules, s, range(rules.size)))
                                  for s in (SOUTH, NORTH))

    def _leaps_over(self, side: int) -> dict[int, tuple[tuple[int, bool], ...]]:
        r = self.rules
        base = r.bases[side]
        if base < 0 or not r.variant.flying_boat_jump or r.fleet_orders:
            return {}   # (Fleet Orders: the Flying Boat's leaps are gates of their own)
        found: dict[int, list[tuple[int, bool]]] = {}
        for sq in range(r.size):
            for mid, to, _ in r.doubles[sq]:
                if to == base:
                    found.setdefault(mid, []).append((sq, mid in r.contact[1 - side][sq]))
        return {mid: tuple(squares) for mid, squares in found.items()}

    def _base_gates(self, side: int) -> tuple[tuple[int, bool], ...]:
        """The gates of ``side``'s base in the flag variants and Fleet Orders: the squares beside
        it (the Flying Boat's across a wall too, marked True) from which an enemy piece steps onto
        the base and which no piece of ours can attack but from the base itself, where it may not
        stand. In the facing reading that is every square beside the base: an enemy piece that
        reaches one takes the flag (or enters) next move, and nothing stops it but a piece of ours
        standing there first. In Fleet Orders also the squares two from the base in a straight
        line, from which the Flying Boat enters over anything (``long_entries``: marked True).
        Not in Capturing the Base, one move at a time: the look-ahead sees a raider there."""
        r = self.rules
        base = r.bases[side]
        if not ((r.flags or r.fleet_orders) and self.detailed and base >= 0):
            return ()
        gates = [(sq, sq not in r.steps[base]) for sq in gate_squares(r, side, r.free_steps[base])]
        return tuple(gates + [(sq, True) for sq, *_ in long_entries(r, side)])


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
                known += known_worth(values[kind[p]])
        crowding = 0.0
        carrying = state.flag_carrier[1 - side] and state.owner[state.flag_carrier[1 - side]] == side
        if harbour:
            # A harbour packed full cannot take a flag home: keep room inside, more so with a prize.
            crowding = 3.0 * max(0, inside - 3) if carrying else 1.0 * max(0, inside - 4)
            if carrying and inside > 5 and pos[state.flag_carrier[1 - side]] in self.mouths[side]:
                crowding += 4.0   # the carrier stands in the way of the pieces that must come out
            if self.opens_harbour and inside >= CROWDED:
                crowding += CROWDED_MORE * (inside - CROWDED + 1) + WAY_OUT * self.way_out(state, side)
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
        # Only once the enemy fleet is down to its last ships: a fleet of thirty packed at home
        # has few movers too, and walling it in made our pieces stand facing it instead of
        # stepping off to attack (each capture frees more of its movers).
        hem, sinking_a_mover = self.hemming(state, side)
        return (MATERIAL * material + self.race(state, side) - crowding + known
                + PRESSING * forward + self.hunt(state, side, sinking_a_mover) + hem
                - self.exposure(state, side) - self.unsinkable(state, side))

    def unsinkable(self, state: DoverState, side: int) -> float:
        """Pitched Battle, won by sinking every enemy piece but the Mines: UNSINKABLE points for
        each enemy piece that nothing of ``side``'s left afloat sinks by attacking it (a Mine
        Layer once our last Destroyer is gone, a Submarine once our last 2 is). Such a piece can
        only be boxed in or lured onto a Mine, and eight of a0580bf's nine draws against easy
        ended with the enemy's last pieces of that sort (twenty-sixth session)."""
        if self.rules.win != "fleet" or not self.detailed:
            return 0.0
        kind = state.kind
        ours = 0
        for p in state.alive[side]:
            ours |= 1 << kind[p]
        beaters = self.beater_bits
        return UNSINKABLE * sum(1 for e in state.alive[1 - side]
                                if kind[e] != MI and not beaters[kind[e]] & ours)

    def way_out(self, state: DoverState, side: int) -> int:
        """How many moves before one more piece steps out of ``side``'s crowded harbour: a piece
        of ours into the doorway, the square outside it emptied (the pieces that must shift out
        of the way, not back into the harbour) and the step out. The harbour holds most of the
        fleet's home ranks at the start, and its pieces come out one by one through one
        doorway: a fleet that waits finds it packed shut when a captured flag must come home
        (five of 200 games drawn so). Counting each of these moves lets a two-move look-ahead
        see the way out. At most WAY_OUT_MOST (also when an enemy ship stands in the way)."""
        board, owner, kind = state.board, state.owner, state.kind
        best = WAY_OUT_MOST
        for inner, outer in self.doorways[side]:
            p = board[inner]
            if p and (owner[p] != side or kind[p] == MI):
                continue    # an enemy ship or our own Mine in the doorway: no way out here
            moves = 1 + (0 if p else 1) + self.shift_out(state, side, outer)
            best = min(best, moves)
        return best

    def shift_out(self, state: DoverState, side: int, sq: int) -> int:
        """How many of ``side``'s pieces must shift to empty ``sq`` into an empty square outside
        its harbour (0 if empty, WAY_OUT_MOST if no shift can, or an enemy piece stands there).
        On bitboards: the evaluation asks this of nearly every position of the opening."""
        outside = ~self.harbour_bits[side] & ~(1 << self.rules.bases[side])
        empty = ~state.occ & outside
        movers = state.sbb[side] & ~state.mines_bb[side]
        layer = 1 << sq
        seen = layer
        step_bits = self.step_bits
        for depth in range(WAY_OUT_MOST):
            if layer & empty:
                return depth
            layer &= movers
            after = 0
            while layer:
                low = layer & -layer
                layer ^= low
                after |= step_bits[low.bit_length() - 1]
            layer = after & outside & ~seen
            seen |= layer
        return WAY_OUT_MOST

    def hemming(self, state: DoverState, side: int) -> tuple[float, float]:
        """What hemming the enemy in is worth to ``side`` (see ``score``), and what sinking one
        more enemy piece that can move would add."""
        weight = self.hemming_weight(state, side)
        if not weight:
            return 0.0, 0.0
        movers = self.movers(state, 1 - side)
        value = hemmed(movers)
        if weight == 1.0 and 0 < movers <= CORRAL_MOVERS:
            # part of the way to one mover fewer: never as much as letting one more out costs
            # (nothing bounds it before the last: boxing that one in wins)
            step = CORRAL_LAST if movers == 1 else hemmed(movers - 1) - hemmed(movers)
            value += step * self.corral(state, side)
        return weight * value, weight * (hemmed(movers - 1) - hemmed(movers))

    def hemming_weight(self, state: DoverState, side: int) -> float:
        """How much hemming the enemy in counts for ``side`` (``hem_weight`` of its fleet left):
        nothing in the flag variants while our flag is away or we carry the enemy's."""
        if self.rules.flags:
            carrier = state.flag_carrier[1 - side]
            if state.flag_sq[side] != self.rules.bases[side] or (carrier and state.owner[carrier] == side):
                return 0.0
        return hem_weight(state.fleet_left[1 - side])

    def last_movers(self, state: DoverState, side: int) -> list[int]:
        """The enemy's movers while they are being boxed in one by one (``corral``), else none."""
        if self.hemming_weight(state, side) < 1.0:
            return []
        movers = [p for p in state.alive[1 - side] if self.can_move(state, p)]
        return movers if len(movers) <= CORRAL_MOVERS else []

    def corral(self, state: DoverState, side: int) -> float:
        """How near the enemy's last movers are to being boxed in, from 0 to 1 (the mean over
        them): they must be shut in square by square when nothing of ours sinks them (a lone
        Flagship in open water sinks only to a Submarine). Each one's distance from it counts
        CORRAL_ROOM for each square it could still step to safely (not one facing a Mine or
        Mine Layer of ours that would blow it up) and CORRAL_NEAR for each move the ship of ours
        nearest each such square stands from it (a ship to each square), out of CORRAL_SPAN.
        Without this ``hemmed`` rewards only the last square shut, and `hard` let a lone
        Flagship roam for 200 quiet turns; as a share of the step to one mover fewer it never
        makes letting a piece out look good (as points off, it did: a mover more turned it off)."""
        kind, pos = state.kind, state.pos
        enemy = 1 - side
        mines = state.mines_bb[0] | state.mines_bb[1]
        ships = [pos[p] for p in state.alive[side] if self.rules.moves[kind[p]]]
        shares = []
        for e in state.alive[enemy]:
            k = kind[e]
            steps = self.free_step_bits if k == FB else self.step_bits
            around = steps[pos[e]]
            room = around & ~state.occ & ~self.base_bits[enemy]
            if not room or not self.rules.moves[k]:   # boxed in already, or a Mine
                continue
            # our ships beside it already shut a square: they stay
            ours = [sq for sq in ships if not around >> sq & 1]
            distance = 0.0
            ways = []   # (moves, square to shut, our ship's square)
            while room:
                low = room & -room
                room ^= low
                sq = low.bit_length() - 1
                if not self.blown_up(state, k, enemy, sq):
                    distance += CORRAL_ROOM
                    table = self.past_mines(sq, mines)
                    ways += [(min(table[h], WAY_SPAN), sq, h) for h in ours]
            ways.sort()
            shut, sent = set(), set()
            for moves, sq, h in ways:
                if sq not in shut and h not in sent:
                    shut.add(sq)
                    sent.add(h)
                    distance += CORRAL_NEAR * moves
            shares.append(max(0.0, 1.0 - distance / CORRAL_SPAN))
        return sum(shares) / len(shares) if shares else 0.0

    def blown_up(self, state: DoverState, kind: int, side: int, sq: int) -> bool:
        """Whether a piece of ``side`` of this kind arriving on ``sq`` would be blown up by a Mine
        or Mine Layer of the other side (as the state deals them)."""
        r, board = self.rules, state.board
        for c in r.contact[side][sq]:
            q = board[c]
            if q and state.owner[q] != side and blows_up(r, kind, 1 << state.kind[q]):
                return True
        return False

    def exposure(self, state: DoverState, side: int) -> float:
        """What the open gates of ``side``'s base (``gates``) cost while its flag is on it: for
        each gate not held by a piece of ours, BASE_WATCH (twice that with an enemy piece on it)
        falling by WATCH_FALL for every move the nearest enemy piece that could use it still
        needs over empty squares, and halved for each move a piece of ours can reach it before
        that piece (it is the enemy's move: a piece of ours as far as the raider or further
        comes too late); and WATCH_OPEN of it while the enemy has its Flying Boat, which flies
        from afar over the walls, so the gates stay shut. The two-move look-ahead sees a raider
        only once it stands at the gate, too late, and tournament games were lost to Flying Boat
        raids on a base whose gates ``hard`` had emptied.

        The flag is lost only once: the cost is at most WATCH_LOST (an enemy piece on a gate), and
        that much while an enemy piece carries our flag. Else a fleet on three gates of the enemy
        base stood there 200 turns: taking the flag would have ended the enemy's watch over it
        and looked 100 points worse than threatening it."""
        gates = self.gates[side]
        if not gates:
            return 0.0
        if self.rules.flags:   # (in Fleet Orders the base itself is what the enemy wants)
            if state.flag_sq[side] != self.rules.bases[side]:
                taken = state.flag_carrier[side] and state.owner[state.flag_carrier[side]] != side
                return BASE_WATCH * WATCH_LOST if taken else 0.0
            carrier = state.flag_carrier[1 - side]
            if carrier and state.owner[carrier] == side:
                return 0.0   # bringing the enemy flag home: a gate must open for it, and that wins
        board, owner, kind = state.board, state.owner, state.kind
        enemy = 1 - side
        boats = state.boats_bb[enemy]
        ships = state.sbb[enemy] & ~state.mines_bb[enemy] & ~boats
        guards = state.sbb[side] & ~state.mines_bb[side]
        total = 0.0
        leaps = self.leaps_over[side]
        for sq, boat_only in gates:
            q = board[sq]
            if q:
                if owner[q] == enemy and kind[q] != MI and (kind[q] == FB or not boat_only):
                    total += WATCH_LOST
                elif boats and kind[q] == MI and sq in leaps:
                    known = state.pub[q] & state.priv[enemy][q] == MI_BIT
                    takeoffs = [t for t, faces in leaps[sq] if known or faces]
                    total += self.leap_threat(state, takeoffs, known, boats, guards)
                continue
            if not boats and (boat_only or not ships):
                continue   # nothing of the enemy's could ever use it
            raider = self.moves_to(state, sq, boats, True)
            if self.boat_leaps and raider < FAR:
                raider = (raider + 1) // 2   # Fleet Orders: the Flying Boat flies two squares a move
            if not boat_only:
                raider = min(raider, self.moves_to(state, sq, ships, False))
            threat = WATCH_OPEN if boats else 0.0
            if raider < WATCH_REACH:
                threat = (threat + WATCH_FALL ** (raider - 1)) * self.guarded(state, sq, raider, guards)
            total += threat
        return BASE_WATCH * min(total, WATCH_LOST)

    def guarded(self, state: DoverState, sq: int, raider: int, guards: int) -> float:
        """The share of a gate's threat left when ``raider`` moves from it: halved for each move
        a piece of ``guards`` (a bitboard) reaches ``sq`` before the raider (it is the enemy's
        move, so a guard as far as the raider or further comes too late)."""
        guard = self.moves_to(state, sq, guards, False, raider)
        return 0.5 ** (raider - guard) if guard < raider else 1.0

    def leap_threat(self, state: DoverState, takeoffs: list[int], known: bool, boats: int,
                    guards: int) -> float:
        """A gate held by our own Mine is no gate to the enemy's Flying Boat, which jumps over a
        Mine it knows of onto the base from the square beyond (and from a square facing the
        Mine, its arrival's attack shows it one): what that costs, as an open gate's threat
        (``exposure``) from the nearest such square, which a ship of ours standing on shuts.
        Against `normal`, four flags were taken so (c3-c1 over South's Mine on c2, f10-f12 over
        North's on f11), the boat probing the Mine first in two of them; two were drawn."""
        threat = 0.0
        board = state.board
        for sq in takeoffs:
            q = board[sq]
            if q:
                if boats >> sq & 1:   # the boat stands there: the flag as good as gone, or
                    # (the Mine unknown) once it has stepped off and back to attack it
                    return WATCH_LOST if known else WATCH_FALL
                continue   # a piece on the square: no boat takes off from there
            raider = self.moves_to(state, sq, boats, True)
            if raider >= WATCH_REACH:
                continue
            threat = max(threat, WATCH_FALL ** (raider - 1) * self.guarded(state, sq, raider, guards))
        return threat

    def moves_to(self, state: DoverState, sq: int, pieces: int, boat: bool,
                 reach: int = WATCH_REACH) -> int:
        """The fewest moves any of ``pieces`` (a bitboard) needs to reach the empty square ``sq``
        over empty squares (the Flying Boat's flights across walls with ``boat``), or FAR if none
        can in fewer than ``reach`` moves."""
        if pieces:
            for moves, ring in enumerate(self.rings(sq, self.open_water(state), boat)[:reach - 1], 1):
                if ring & pieces:
                    return moves
        return FAR

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
        closer our piece stands to the square it attacks from. (Counted as the crow flies: on
        empty squares only, it swung so sharply with every piece moved that the harbour planner's
        shuffles looked 11 points worse and a flag carrier stood outside its harbour. The way
        round is the hunt's own business: ``hunting``.)"""
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
            return self._flag_race(state, side) - self.own_flag_away(state, side)
        if r.base_rule == "target":
            return 1.5 * closing(self._nearest(state, side, r.bases[enemy]))
        if r.win == "fleet":
            return self._hunt(state, side)
        return 0.0

    def _flag_race(self, state: DoverState, side: int) -> float:
        """The race in the flag variants: to the enemy flag, or home with it."""
        r = self.rules
        enemy = 1 - side
        kind, pos = state.kind, state.pos
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
            boxed = self.boxed_cost(state, carrier)
            if ours:
                return CLOSE_MAX + 20.0 + 2.0 * closing(home) - boxed
            return CLOSE_MAX + 5.0 + closing(home) - boxed
        if carrier:
            # The enemy took its flag back: chase the carrier.
            return 10.0 + 0.5 * closing(self._nearest(state, side, pos[carrier]))
        target = state.flag_sq[enemy]
        loose = target != r.bases[enemy]
        d = self._nearest(state, side, target, sweepers_only=state.flag_mine[enemy], carriers=True)
        return (10.0 if loose else 0.0) + closing(d)

    def own_flag_away(self, state: DoverState, side: int) -> float:
        """While a piece of ours carries our own flag (won back from its captor), what its way
        home still costs: only on our base does it count toward the win, and hemming the enemy
        in draws until it is there. Tournament games ended drawn with hard far ahead and its own
        flag carried about the board (4 of 7 draws in 40 games against ``easy``). Not in the
        plain judgement (``easy`` plays as before)."""
        own = state.flag_carrier[side]
        if not self.detailed or not own or state.owner[own] != side:
            return 0.0
        home = self.way(state, side, self.rules.bases[side], crew_of(state.kind[own]),
                        solid_mines=True)[state.pos[own]]
        return OWN_FLAG * (CLOSE_MAX - closing(home)) + self.boxed_cost(state, own)

    def boxed_cost(self, state: DoverState, carrier: int) -> float:
        """What a flag carrier's being boxed in (``boxed_in``) costs its side: BOXED_CARRIER in
        the detailed judgement, nothing in the plain one (``easy`` plays as before)."""
        return BOXED_CARRIER if self.detailed and self.boxed_in(state, carrier) else 0.0

    def shut_out_of_reach(self, state: DoverState, side: int) -> float:
        """What ``side``'s judgement takes back of the enemy carriers' ``boxed_cost`` where no
        piece of ``side`` can ever attack them: every square in attacking position with the
        carrier is ``side``'s own base, where none of its pieces may stand. Boxing such a
        carrier in wins nothing back and only locks the game: against the sampler, our 4 shut
        the enemy boat carrying our flag in on c2 (attackable only from our base c1) and the
        position repeated into a draw, where letting it out to be sunk had won. (A carrier
        boxed in on our base itself runs aground: that stays worth having.)"""
        taken = 0.0
        base, unreached = self.rules.bases[side], self.out_of_reach[side]
        for carrier in state.flag_carrier:
            if carrier and state.owner[carrier] != side and state.pos[carrier] != base \
                    and state.pos[carrier] in unreached:
                taken += self.boxed_cost(state, carrier)
        return taken

    def boxed_in(self, state: DoverState, carrier: int) -> bool:
        """Whether a flag carrier has nowhere to go: no empty square beside it but the enemy
        base (closed to a piece that already carries a flag), no ship of its own side beside it
        to make room and, for a Flying Boat (whose attack sinks nothing), only enemy ships
        around it, which may never move away. Found against the rusher: our boat took the flag
        and stepped off the enemy base into a corner of its full harbour, between two ships that
        never moved, instead of out over the wall (the full harbour it left the enemy looked
        worth more than its way home); the game was drawn."""
        side, kind = state.owner[carrier], state.kind[carrier]
        exits = (~state.occ & ~self.base_bits[1 - side]) | (state.sbb[side] & ~state.mines_bb[side])
        if kind != FB:   # a ship may sink its way out (a boat's attack sinks nothing)
            exits |= state.sbb[1 - side] & ~state.mines_bb[1 - side]
        steps = self.free_step_bits if kind == FB else self.step_bits
        return not steps[state.pos[carrier]] & exits

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


NEAR_HOME = 4   # moves from a base within which a piece may have to make room for a carrier
HUNT_REACH = 10  # a hunter further than this many moves from its prey counts for nothing
HUNT_SHARE = [0.35 * 0.8 ** d for d in range(HUNT_REACH)]


HEM_COUNT = 10   # an enemy with more movers than this is not worth hemming in yet


def hemmed(movers: int) -> float:
    """Points for the enemy having only ``movers`` pieces that can move."""
    return 0.0 if movers > HEM_COUNT else 40.0 * 0.7 ** max(movers, 0)


CORRAL_MOVERS = 3    # an enemy down to this many movers is closed in on square by square (``corral``)
CORRAL_ROOM = 3.0    # a last mover's distance from being boxed in: for each safe square it could step to
CORRAL_NEAR = 0.4    # ... and for each move the ship of ours sent to shut it stands from it
CORRAL_SPAN = 24.0   # ... out of this much
CORRAL_LAST = 36.0   # points for boxing in the enemy's very last mover, all the way

HEM_FLEET = (20, 12)   # enemy ships afloat (Mines aside) from which hemming it in starts to count, and counts fully


def hem_weight(fleet_left: int) -> float:
    """How much hemming in counts against an enemy with ``fleet_left`` ships afloat (not Mines):
    nothing while it has many (its few movers only mean a fleet packed at home), fully once it
    is down to its last dozen, where hemming in is how a harbour packed shut is beaten."""
    start, full = HEM_FLEET
    return min(1.0, max(0.0, (start - fleet_left) / (start - full)))


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
# What a draw costs the detailed judgement (normal, hard) against an even position, half a SCALE:
# a side that can outplay its opponent plays on. With 0, hard let the rusher repeat a position a
# third time at ply 23; with 2, its worlds' noise (a few points) still made the draw look fair.
DRAW_CONTEMPT = 6.0


def points(state: DoverState, side: str, detailed: bool = True) -> float:
    """How much better ``side`` stands, in evaluation points (a won game: WIN_POINTS)."""
    if state.result is not None:
        winner = state.result.winner
        if winner is None:
            return -DRAW_CONTEMPT if detailed else 0.0
        return WIN_POINTS if winner == side else -WIN_POINTS
    plan = plan_for(state.rules, detailed)
    me = SIDE_INDEX[side]
    diff = plan.score(state, me) - plan.score(state, 1 - me) - plan.shut_out_of_reach(state, me)
    # A draw that looms makes a lead worth less: for want of action (turns without a piece
    # removed), or by repetition (this very position seen before). So the side ahead presses on
    # and varies its play, and the side behind is glad to mark time.
    limit = state.rules.quiet_ply_limit
    if limit and state.quiet > limit // 2:
        diff *= 1.0 - 0.6 * (state.quiet - limit // 2) / (limit - limit // 2)
    if state.rules.repetition_draw and state.counts:
        seen = times_seen(state)
        if seen > 1:
            diff *= max(0.0, 1.0 - 0.6 * (seen - 1) / max(1, state.rules.repetition_draw - 1))
    return diff


def times_seen(state: DoverState) -> int:
    """How often the game has reached the position in ``state``, this time included (0 where
    the rules keep no count)."""
    return state.counts.get(state.position_key(), 0)


def goes_back(state: DoverState, action) -> bool:
    """Whether ``action`` leads back into a position the game has already been in."""
    trial = state.clone()
    trial.play(action)
    return state.counts.get(trial.position_key(), 0) > 0


def evaluate(state: DoverState, side: str) -> float:
    """``side``'s chance of winning, estimated from a full (sampled) position (for searches)."""
    if state.result is not None:
        return outcome_value(state.result, side)
    return 1.0 / (1.0 + math.exp(-points(state, side) / SCALE))

