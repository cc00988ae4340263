"""Pure questions the UI and AI ask for drawing and thinking: arcs, range, line of fire, steering.

Squares may be given as integers (``rank * size + file``) or names (``k12``); answers use
integers, the board's own indexing (``navalgames.core.grid.Grid``).
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import GUN_NAMES, HELMS, RUNNER, SHIP_GUNS, SIDES, Helm
from .geometry import DELTAS, HEADING_NAMES, arcs_containing, square_range
from .state import SIX, BlockadeState
from .terrain import HARBOUR, LAND, Terrain


def _square(state_or_terrain, sq) -> int:
    terrain = state_or_terrain.terrain if isinstance(state_or_terrain, BlockadeState) else state_or_terrain
    return terrain.grid.parse(sq) if isinstance(sq, str) else sq


def _side(side) -> int:
    return SIDES.index(side) if isinstance(side, str) else side


def range_between(state: BlockadeState, a, b) -> int:
    """Rule 12: squares apart counted along files and ranks only."""
    a, b = _square(state, a), _square(state, b)
    n = state.rules.size
    return square_range(b % n - a % n, b // n - a // n)


def line_of_fire(state_or_terrain, a, b) -> tuple[bool, int | None]:
    """(clear, index of the first blocking island or None). Rocks and ships never block."""
    terrain: Terrain = state_or_terrain.terrain if isinstance(state_or_terrain, BlockadeState) else state_or_terrain
    index = terrain.blocking_island(_square(terrain, a), _square(terrain, b))
    return (index < 0, None if index < 0 else index)


def in_arc(state: BlockadeState, side, gun: str, target) -> bool:
    """Whether square ``target`` lies in ``gun``'s arc from ``side``'s ship (boundary per option)."""
    side = _side(side)
    a, b, n = state.at[side], _square(state, target), state.rules.size
    return gun in arcs_containing(b % n - a % n, b // n - a // n, state.heading[side], state.rules.inclusive)


def arc_squares(state: BlockadeState, side, gun: str, clear_only: bool = False) -> list[int]:
    """Sea squares within range and inside ``gun``'s arc of ``side``'s ship, for an overlay.

    ``clear_only`` keeps only squares the line of fire reaches (no island in the way).
    """
    side = _side(side)
    if gun not in SHIP_GUNS[side]:
        raise ValueError(f"the {SIDES[side]} has no {gun} gun: it has {', '.join(SHIP_GUNS[side])}")
    n, a, rules, terrain = state.rules.size, state.at[side], state.rules, state.terrain
    fa, ra = a % n, a // n
    found = []
    for sq in range(n * n):
        dx, dy = sq % n - fa, sq // n - ra
        if sq == a or terrain.land[sq] or abs(dx) + abs(dy) > rules.max_range:
            continue
        if gun not in arcs_containing(dx, dy, state.heading[side], rules.inclusive):
            continue
        if clear_only and terrain.blocking_island(a, sq) >= 0:
            continue
        found.append(sq)
    return found


def guns_bearing(state: BlockadeState, side) -> list[tuple[str, bool, str]]:
    """Each gun of ``side``'s ship in firing order: (gun, bears on the enemy, why in words)."""
    side = _side(side)
    a, b, n, rules = state.at[side], state.at[1 - side], state.rules.size, state.rules
    dx, dy = b % n - a % n, b // n - a // n
    distance = abs(dx) + abs(dy)
    arcs = arcs_containing(dx, dy, state.heading[side], rules.inclusive)
    clear, island = line_of_fire(state, a, b)
    found = []
    for gun in SHIP_GUNS[side]:
        if gun not in arcs:
            found.append((gun, False, f"the enemy is outside the {GUN_NAMES[gun]}'s arc"))
        elif distance > rules.max_range:
            found.append((gun, False, f"out of range ({distance} squares, at most {rules.max_range})"))
        elif not clear:
            found.append((gun, False, f"island {island + 1} blocks the line of fire"))
        else:
            found.append((gun, True, f"bears at {distance} squares"))
    return found


class Steer(NamedTuple):
    """Where one helm order would take the ship: ``square`` is None when it cannot go."""

    action: Helm
    heading: str
    square: int | None
    status: str       # sea, ram, escape, land, off board, harbour, not yet (disabled ship's square)
    legal: bool


def steering_destinations(state: BlockadeState, side=None) -> list[Steer]:
    """The three destinations (port, ahead, starboard) of ``side``'s ship (default: whoever moves)."""
    side = state.side if side is None else _side(side)
    sq, h0, n, terrain = state.at[side], state.heading[side], state.rules.size, state.terrain
    other = state.at[1 - side]
    found = []
    for helm in HELMS:
        h = (h0 + helm.turn) % 8
        dest = terrain.dest[sq * 8 + h]
        dx, dy = DELTAS[h]
        if dest >= 0:
            square = dest
            if dest == other:
                early = state.stage == SIX and state.six_made < 5
                status, legal = ("not yet", False) if early else ("ram", True)
            elif side == RUNNER and dest >= n * (n - 1):
                status, legal = "escape", True
            else:
                status, legal = "sea", True
        else:
            square = None
            status = {LAND: "land", HARBOUR: "harbour" if side == RUNNER else "off board"}.get(dest, "off board")
            legal = False
            if dest == LAND:
                square = sq + dy * n + dx
        found.append(Steer(helm, HEADING_NAMES[h], square, status, legal))
    return found

