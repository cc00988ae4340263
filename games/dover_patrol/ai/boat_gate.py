"""The boat gate: the square outside our harbour wall beside our base (e12 for North, d1 for South
in the classic game), from which only the enemy's Flying Boat reaches the base, flying over the
wall, or jumping over it from the square beyond (d12, e1) while no ship stands on it.

Twelve of ``hard``'s 13 losses to ``normal`` (28186cc) were such raids: a piece ``hard`` had not
identified walked up outside the wall for ten moves or more and took the flag, where nothing
inside the harbour can reach it. The watch over the gates (``Plan.exposure``) is judged in each
sampled world, where that walker is the boat in only a world or two, and by the time the
look-ahead sees the raid no ship of ours can get there first. A ship of ours standing on the
gate shuts both ways in. So while a piece that may be the boat (as far as we know it: its
chance ``belief.kind_odds``, 1 when we saw it) comes within RAID_REACH moves, ``guard_move``
brings our nearest ship there (the cheapest of the nearest), and ``held`` keeps it there.
Only what ``me`` knows is read, so every world sampled for us gives the same answer.
"""

from __future__ import annotations

from functools import lru_cache

from ..rules import FB, MI, DoverState, Move
from ..rules.tables import Rules
from .belief import kind_odds
from .evaluation import VALUES, plan_for
from .plans import known_kind
from .ways import FAR

RAID_REACH = 10     # moves from the gate within which a piece that may be the boat is a raider
RAID_ODDS = 0.1     # ... and the least chance it is the boat (a dozen unseen pieces: each some 0.08)


def boat_gates(state: DoverState, me: int) -> list[tuple[int, list[int]]]:
    """Our base's boat gates, each with its raid squares (the gate and the squares the boat
    jumps from over it onto the base), while our flag is on the base and the enemy's Flying
    Boat may be afloat. None in Fleet Orders, where the boat leaps two squares over anything
    (``Plan.exposure`` watches those squares)."""
    r = state.rules
    if not r.flags or r.fleet_orders or state.flag_sq[me] != r.bases[me]:
        return []
    return raid_squares(r, me)


@lru_cache(maxsize=8)
def raid_squares(r: Rules, me: int) -> list[tuple[int, list[int]]]:
    """``boat_gates`` for a board, worked out once: each boat gate with the squares beyond it."""
    base = r.bases[me]
    found = []
    for gate, boat_only in plan_for(r).gates[me]:
        if boat_only:
            jumps = [sq for sq in range(r.size)
                     if any(mid == gate and to == base for mid, to, _ in r.doubles[sq])]
            found.append((gate, [gate] + jumps))
    return found


def raider_moves(state: DoverState, me: int, raid: list[int]) -> int:
    """The fewest moves any enemy piece that may be the Flying Boat (at RAID_ODDS or more) needs
    to reach one of the ``raid`` squares (0: it stands on one), flying over walls; FAR if none
    within RAID_REACH."""
    enemy = 1 - me
    odds = kind_odds(state, me)
    raiders = 0
    for e in state.alive[enemy]:
        chance = odds[e][FB] if e in odds else float(known_kind(state, me, e) == FB)
        if chance >= RAID_ODDS:
            raiders |= 1 << state.pos[e]
    if not raiders:
        return FAR
    plan = plan_for(state.rules)
    open_ = plan.open_water(state)
    best = FAR
    for sq in raid:
        if raiders >> sq & 1:
            return 0
        for moves, ring in enumerate(plan.rings(sq, open_, True)[:RAID_REACH], 1):
            if ring & raiders:
                best = min(best, moves)
                break
    return best


def held(state: DoverState, me: int) -> set[int]:
    """The squares of our ships standing on a boat gate with a raider within reach: not to move.
    Not a flag carrier's: our Flying Boat home with the enemy flag would stand on the gate a move
    from winning."""
    squares = set()
    for gate, raid in boat_gates(state, me):
        q = state.board[gate]
        if (q and state.owner[q] == me and state.kind[q] != MI and q not in state.flag_carrier
                and raider_moves(state, me, raid) < FAR):
            squares.add(gate)
    return squares


def guard_move(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, -1) of our nearest ship, the cheapest of the nearest, toward an
    empty boat gate with a raider within reach; None if no gate needs one or none of ours can
    get there. Carriers of a flag are left to their way home."""
    r = state.rules
    plan = plan_for(r)
    for gate, raid in boat_gates(state, me):
        if state.board[gate] or raider_moves(state, me, raid) == FAR:
            continue
        open_ = plan.open_water(state)
        options = []
        for p in state.alive[me]:
            k = state.kind[p]
            if k == MI or not r.moves[k] or p in state.flag_carrier:
                continue
            for moves, ring in enumerate(plan.rings(gate, open_, k == FB), 1):
                if ring >> state.pos[p] & 1:
                    options.append((moves, VALUES[k], state.pos[p], k == FB))
                    break
        for moves, _, at, boat in sorted(options):
            rings = plan.rings(gate, open_, boat)
            nearer = 1 << gate if moves == 1 else rings[moves - 2] & open_
            for to in range(r.size):
                if nearer >> to & 1 and to in (r.free_steps[at] if boat else r.steps[at]):
                    return at, to, -1
    return None


def keep_guards(state: DoverState, me: int, actions: list) -> list:
    """``actions`` less the moves of our guards on the boat gates (``held``), unless that leaves
    none."""
    squares = held(state, me)
    if not squares:
        return actions
    kept = [a for a in actions if not (isinstance(a, Move) and a.frm in squares)]
    return kept or actions
