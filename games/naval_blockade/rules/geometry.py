"""Exact bearing, arc and range arithmetic (integers only) for rules 11-12.

Squares are small integers ``rank * size + file`` (as ``navalgames.core.grid.Grid``); offsets
are ``(dx, dy)`` = (file difference, rank difference) from the firer to the target, East and
North positive. A bearing is measured from the ship's heading, clockwise.
"""

from __future__ import annotations

from functools import lru_cache

from navalgames.core.grid import Heading

from .actions import GUNS, SHIP_GUNS

#: (file step, rank step) per heading index 0..7 (N, NE, E, SE, S, SW, W, NW)
DELTAS = tuple(Heading(h).delta for h in range(8))
HEADING_NAMES = tuple(Heading(h).name for h in range(8))


def arcs_containing(dx: int, dy: int, heading: int, inclusive: bool = True) -> tuple[str, ...]:
    """The gun arcs (bow, starboard, stern, port) that hold the offset (dx, dy).

    Project the offset on the ship's fore-and-aft line (``ahead``) and on its beam (``abeam``,
    positive to starboard). For a diagonal heading both axes are sqrt(2) too long, which scales
    both projections alike, so comparing them stays exact. A target is in the bow arc when
    ahead >= |abeam| (45 degrees either side of the bow), and so on round the ship; on a
    45-degree boundary ahead == |abeam| and the target is in both arcs (inclusive) or neither.
    """
    ux, uy = DELTAS[heading]
    ahead = dx * ux + dy * uy
    abeam = dx * uy - dy * ux          # the beam vector is the heading turned 90 degrees clockwise
    a, b = abs(ahead), abs(abeam)
    if inclusive:
        found = (ahead >= b, abeam >= a, -ahead >= b, -abeam >= a)
    else:
        found = (ahead > b, abeam > a, -ahead > b, -abeam > a)
    return tuple(gun for gun, inside in zip(GUNS, found) if inside)


def square_range(dx: int, dy: int) -> int:
    """Rule 12: squares counted along the North-South and East-West lines only."""
    return abs(dx) + abs(dy)


@lru_cache(maxsize=None)
def bearing_table(side: int, inclusive: bool, max_range: int) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Per heading, per offset within range: the ship's guns whose arcs hold the target.

    Indexed ``table[heading][(dy + R) * (2R + 1) + dx + R]`` with R = max_range; offsets out of
    range hold no guns. Built once per (side, boundary rule, range) so firing is a lookup.
    """
    guns = SHIP_GUNS[side]
    width = 2 * max_range + 1
    table = []
    for heading in range(8):
        row = [()] * (width * width)
        for dy in range(-max_range, max_range + 1):
            for dx in range(-max_range, max_range + 1):
                if (dx or dy) and square_range(dx, dy) <= max_range:
                    row[(dy + max_range) * width + dx + max_range] = tuple(
                        g for g in arcs_containing(dx, dy, heading, inclusive) if g in guns)
        table.append(tuple(row))
    return tuple(table)

