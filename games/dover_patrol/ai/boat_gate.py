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
brings a ship there, and ``held`` keeps it there. The raider's friends sank that guard from the
square in front of the gate (games 40, 103, 113 and 119 at 69cc139), so a second ship then
takes that square (``fronts``). Only what ``me`` knows is read, so every world sampled for us
gives the same answer.
"""

from __future__ import annotations

from functools import lru_cache

from ..rules import FB, MI, DoverState, Move
from ..rules.tables import Rules
from .belief import kind_odds
from .evaluation import VALUES, plan_for
from .plans import SINKS, known_kind
from .ways import FAR

RAID_REACH = 10     # moves from the gate within which a piece that may be the boat is a raider
RAID_ODDS = 0.05    # ... and the least chance it is the boat: with some seventeen pieces unseen,
                    # each is the boat by about 0.06 (0.1 let the raids of games 75 and 161 by)


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


@lru_cache(maxsize=16)
def fronts(r: Rules, me: int, gate: int) -> tuple[int, ...]:
    """The squares from which an enemy ship arriving attacks our guard on ``gate`` (e11 before
    North's e12 in the facing reading), our base aside. In games 40, 103, 113 and 119 against
    ``normal`` the raider's friends sank the guard from there and the boat came in the next move."""
    return tuple(sq for sq in r.steps[gate] if gate in r.contact[1 - me][sq] and sq != r.bases[me])


def posts(state: DoverState, me: int) -> list[tuple[int, int]]:
    """The squares our guards are to hold, each with its raider's distance in moves: a boat gate
    with a raider within reach (``raider_moves``), and once a ship of ours stands on it, the
    squares in front of it (``fronts``)."""
    found = []
    for gate, raid in boat_gates(state, me):
        raider = raider_moves(state, me, raid)
        if raider == FAR:
            continue
        found.append((gate, raider))
        q = state.board[gate]
        if q and state.owner[q] == me and state.kind[q] != MI:
            found += [(sq, raider) for sq in fronts(state.rules, me, gate)]
    return found


def held(state: DoverState, me: int, found: list[tuple[int, int]] | None = None) -> set[int]:
    """The squares of our ships standing on a post (``posts``, or ``found`` when worked out
    already): not to move. Not a flag carrier's: our Flying Boat home with the enemy flag would
    stand on the gate a move from winning."""
    squares = set()
    for sq, _ in posts(state, me) if found is None else found:
        q = state.board[sq]
        if q and state.owner[q] == me and state.kind[q] != MI and q not in state.flag_carrier:
            squares.add(sq)
    return squares


def sinkers(state: DoverState, me: int, kind: int, odds: dict[int, list[float]]) -> float:
    """How many of the enemy's pieces afloat may sink our ship of ``kind`` by attacking it, as far
    as ``me`` knows them (an unseen piece counts by its chance of being each kind that does)."""
    result = state.rules.result
    count = 0.0
    for e in state.alive[1 - me]:
        if e in odds:
            count += sum(chance for k, chance in enumerate(odds[e]) if chance and result[k][kind] in SINKS)
        else:
            count += result[known_kind(state, me, e)][kind] in SINKS
    return count


def guard_move(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, -1) of the ship we send to an empty post (``posts``); None if
    none needs one or none of ours can get there. Of the ships that get there no later than the
    raider, the one the fewest enemy pieces can sink (a 2 or a 4 sinks a Flying Boat, only a 4 a
    Mine Layer, only a 2 a Submarine), then the nearest, then the cheapest; if none is in time,
    the nearest. Guards already at their posts and carriers of a flag stay where they are."""
    r = state.rules
    plan = plan_for(r)
    found = posts(state, me)
    staying = held(state, me, found)
    for post, raider in found:
        if state.board[post]:
            continue
        odds = kind_odds(state, me)
        open_ = plan.open_water(state)
        options = []
        for p in state.alive[me]:
            k = state.kind[p]
            if k == MI or not r.moves[k] or p in state.flag_carrier or state.pos[p] in staying:
                continue
            for moves, ring in enumerate(plan.rings(post, open_, k == FB), 1):
                if ring >> state.pos[p] & 1:
                    late = moves > raider
                    risk = 0.0 if late else sinkers(state, me, k, odds)
                    options.append((late, risk, moves, VALUES[k], state.pos[p], k == FB))
                    break
        for _, _, moves, _, at, boat in sorted(options):
            rings = plan.rings(post, open_, boat)
            nearer = 1 << post if moves == 1 else rings[moves - 2] & open_
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
