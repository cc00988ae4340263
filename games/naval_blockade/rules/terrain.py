"""Islands and rocks (rule 2): validation, the seeded layout generator, and per-terrain tables.

A ``Terrain`` is immutable and shared by every state of a game (clones included). It holds the
island polygons (shapely: each island the union of its unit squares), a line-of-fire cache
keyed by square pair, and the move table: for each square and heading, the three steering
destinations. Everything expensive is computed once per layout, so play is table lookups.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import shapely
from shapely.geometry import LineString, box

from navalgames.core.grid import Grid

from .actions import HELMS, OFFER_STOP
from .geometry import DELTAS, HEADING_NAMES

# the legal helm orders for each subset of {port, ahead, starboard} (bit 0 port ... bit 2 starboard)
_HELM_SETS = tuple(tuple(HELMS[i] for i in range(3) if mask >> i & 1) for mask in range(8))
_HELM_SETS_OFFER = tuple(helms + (OFFER_STOP,) for helms in _HELM_SETS)

# steering destination codes (a square >= 0 is open sea)
OFF_BOARD, HARBOUR, LAND = -1, -2, -3

ISLAND_COUNT, ROCK_COUNT, ISLAND_SIZE = 4, 2, 5
MAINLAND_CLEAR_ISLAND = 5   # ranks 1-5 stay clear of islands
MAINLAND_CLEAR_ROCK = 1     # rank 1 stays clear of rocks


@dataclass(frozen=True)
class Pentomino:
    """One of the 12 five-square shapes, as (file, rank) cells of one orientation."""

    name: str
    cells: tuple[tuple[int, int], ...]

    @property
    def orientations(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        return _orientations(self.cells)


@lru_cache(maxsize=None)
def _orientations(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The distinct rotations and reflections, each normalised to touch (0, 0)."""
    seen: list[tuple[tuple[int, int], ...]] = []
    for flip in (1, -1):
        pts = [(x * flip, y) for x, y in cells]
        for _ in range(4):
            pts = [(y, -x) for x, y in pts]
            norm = normalise(pts)
            if norm not in seen:
                seen.append(norm)
    return tuple(seen)


def normalise(cells: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    cells = list(cells)
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def identify(cells: Iterable[tuple[int, int]], pentominoes: Sequence[Pentomino]) -> str | None:
    """The pentomino name of five cells in any orientation, or None."""
    norm = normalise(cells)
    for p in pentominoes:
        if norm in p.orientations:
            return p.name
    return None


# --- validation (rule 2) -----------------------------------------------------------------------
def piece_names(islands: int, rocks: int) -> list[str]:
    return [f"island {i + 1}" for i in range(islands)] + [f"rock {i + 1}" for i in range(rocks)]


def check_layout(grid: Grid, islands: Sequence[Sequence[str]], rocks: Sequence[str],
                 full: bool = True, ships: Sequence[tuple[str, int, int]] = ()
                 ) -> tuple[list[str], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Every way the layout breaks rule 2, one message each, plus the parsed squares.

    ``full`` asks for the box's exact contents (4 islands, 2 rocks), as a new game needs; study
    positions may hold fewer pieces but never more. ``ships``: the ships already placed, as
    (name, square, heading) - terrain may not cover one and must leave each a legal first move.
    """
    problems: list[str] = []
    parsed_islands: list[tuple[int, ...]] = []
    parsed_rocks: list[int] = []
    if full and len(islands) != ISLAND_COUNT:
        problems.append(f"a layout needs {ISLAND_COUNT} islands: got {len(islands)}")
    elif len(islands) > ISLAND_COUNT:
        problems.append(f"at most {ISLAND_COUNT} islands: got {len(islands)}")
    if full and len(rocks) != ROCK_COUNT:
        problems.append(f"a layout needs {ROCK_COUNT} rocks: got {len(rocks)}")
    elif len(rocks) > ROCK_COUNT:
        problems.append(f"at most {ROCK_COUNT} rocks: got {len(rocks)}")

    pieces: list[tuple[str, tuple[int, ...]]] = []
    for index, names in enumerate(islands):
        label = f"island {index + 1}"
        squares = _parse_squares(grid, label, names, problems)
        if squares is None:
            continue
        if len(names) != ISLAND_SIZE:
            problems.append(f"{label} has {len(names)} squares: expected {ISLAND_SIZE}")
        elif len(set(squares)) != ISLAND_SIZE:
            dup = next(grid.name(s) for s in squares if squares.count(s) > 1)
            problems.append(f"{label} lists {dup} twice")
        elif not edge_joined(grid, squares):
            problems.append(f"{label} is not one piece: its five squares must join edge to edge")
        _check_zone(grid, label, squares, MAINLAND_CLEAR_ISLAND, problems)
        parsed_islands.append(squares)
        pieces.append((label, squares))
    for index, name in enumerate(rocks):
        label = f"rock {index + 1}"
        squares = _parse_squares(grid, label, [name], problems)
        if squares is None:
            continue
        _check_zone(grid, label, squares, MAINLAND_CLEAR_ROCK, problems)
        parsed_rocks.append(squares[0])
        pieces.append((label, squares))

    for i, (label_a, a) in enumerate(pieces):
        for label_b, b in pieces[i + 1:]:
            contact = _contact(grid, a, b)
            if contact is not None:
                square, overlap = contact
                verb = "overlaps" if overlap else "touches"
                problems.append(f"{label_a} {verb} {label_b} at {grid.name(square)}")
    problems += ship_problems(grid, pieces, ships)
    return problems, tuple(parsed_islands), tuple(parsed_rocks)


def ship_problems(grid: Grid, pieces: Sequence[tuple[str, Sequence[int]]],
                  ships: Sequence[tuple[str, int, int]]) -> list[str]:
    """Rule 2 against the ships placed before the terrain: none covered, each with a first move."""
    problems: list[str] = []
    land = {sq for _, squares in pieces for sq in squares}
    for ship, sq, _ in ships:
        for label, squares in pieces:
            if sq in squares:
                problems.append(f"{label} covers the {ship} at {grid.name(sq)}")
    if problems:
        return problems
    for ship, sq, heading in ships:
        if not first_moves(grid, land, sq, heading):
            problems.append(f"the {ship} at {grid.name(sq)} heading {HEADING_NAMES[heading]} "
                            f"would have no legal first move")
    return problems


def first_moves(grid: Grid, land, sq: int, heading: int) -> list[int]:
    """The open-sea squares one step (after a turn of at most one point) from ``sq``."""
    f, r = grid.coords(sq)
    found = []
    for turn in (-1, 0, 1):
        dx, dy = DELTAS[(heading + turn) % 8]
        if 0 <= f + dx < grid.files and 0 <= r + dy < grid.ranks:
            dest = grid.square(f + dx, r + dy)
            if dest not in land:
                found.append(dest)
    return found


def _parse_squares(grid: Grid, label: str, names: Sequence[str], problems: list[str]):
    squares = []
    for name in names:
        try:
            squares.append(grid.parse(str(name)))
        except ValueError as exc:
            problems.append(f"{label}: {exc}")
            return None
    return tuple(squares)


def edge_joined(grid: Grid, squares: tuple[int, ...]) -> bool:
    todo, seen = [squares[0]], {squares[0]}
    while todo:
        sq = todo.pop()
        for n in grid.orthogonal_neighbours[sq]:
            if n in squares and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(set(squares))


def _check_zone(grid: Grid, label: str, squares: tuple[int, ...], south_clear: int,
                problems: list[str]) -> None:
    """Keep off the mainland ranks and one clear square from the North, East and West edges."""
    n = grid.files
    for sq in squares:
        f, r = grid.coords(sq)
        where = grid.name(sq)
        if r < south_clear:
            ranks = "rank 1 must" if south_clear == 1 else f"ranks 1-{south_clear} must"
            problems.append(f"{label} is too close to the mainland at {where}: {ranks} stay clear")
            return
        for edge, on_edge in (("North", r == n - 1), ("East", f == n - 1), ("West", f == 0)):
            if on_edge:
                problems.append(f"{label} touches the {edge} edge at {where}: "
                                f"keep one clear square from it")
                return


def _contact(grid: Grid, a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, bool] | None:
    """The first square of ``a`` on or touching (even at a corner) a square of ``b``."""
    for sq in a:
        if sq in b:
            return sq, True
    for sq in a:
        if any(n in b for n in grid.eight_neighbours[sq]):
            return sq, False
    return None


# --- the generator -------------------------------------------------------------------------------
def generate_layout(rng: random.Random, size: int, pentominoes: Sequence[Pentomino],
                    ships: Sequence[tuple[str, int, int]] = ()
                    ) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A random legal layout (square names): four islands of random shapes, then two rocks.

    ``ships`` (name, square, heading), placed before the terrain, are kept uncovered and afloat.
    """
    grid = Grid(size, size)
    while True:
        taken: set[int] = {sq for _, sq, _ in ships}   # ships, terrain, and squares touching terrain
        islands: list[tuple[int, ...]] = []
        for _ in range(200):
            shape = rng.choice(pentominoes)
            cells = rng.choice(shape.orientations)
            w = max(x for x, _ in cells) + 1
            h = max(y for _, y in cells) + 1
            f0 = rng.randrange(1, size - 1 - w + 1)
            r0 = rng.randrange(MAINLAND_CLEAR_ISLAND, size - 1 - h + 1)
            squares = tuple(grid.square(f0 + x, r0 + y) for x, y in cells)
            if any(s in taken for s in squares):
                continue
            islands.append(squares)
            _claim(grid, squares, taken)
            if len(islands) == ISLAND_COUNT:
                break
        rocks: list[int] = []
        for _ in range(200):
            if len(rocks) == ROCK_COUNT or len(islands) < ISLAND_COUNT:
                break
            sq = grid.square(rng.randrange(1, size - 1), rng.randrange(MAINLAND_CLEAR_ROCK, size - 1))
            if sq not in taken:
                rocks.append(sq)
                _claim(grid, (sq,), taken)
        pieces = [("", squares) for squares in islands] + [("", (sq,)) for sq in rocks]
        if len(islands) == ISLAND_COUNT and len(rocks) == ROCK_COUNT \
                and not ship_problems(grid, pieces, ships):
            return (tuple(tuple(grid.name(s) for s in isl) for isl in islands),
                    tuple(grid.name(s) for s in rocks))


def _claim(grid: Grid, squares: tuple[int, ...], taken: set[int]) -> None:
    for sq in squares:
        taken.add(sq)
        taken.update(grid.eight_neighbours[sq])


def layout_rng(size: int, seed: int) -> random.Random:
    """The generator's own stream for layout number ``seed`` (stable across versions)."""
    return random.Random(f"naval-blockade-layout:{size}:{seed}")


# --- the terrain of one game -------------------------------------------------------------------
class Terrain:
    """One layout's land, polygons, steering table and line-of-fire cache (shared, read-only)."""

    def __init__(self, size: int, islands: tuple[tuple[int, ...], ...], rocks: tuple[int, ...],
                 graze_blocks: bool = False) -> None:
        self.size = size
        self.grid = Grid(size, size)
        self.islands = islands
        self.rocks = rocks
        self.graze_blocks = graze_blocks
        self.land = bytearray(size * size)
        self.island_at: dict[int, int] = {}
        for index, squares in enumerate(islands):
            for sq in squares:
                self.land[sq] = 1
                self.island_at[sq] = index
        for sq in rocks:
            self.land[sq] = 1
        # Doubled coordinates: square (f, r) is the box (2f, 2r)-(2f+2, 2r+2) and its centre is
        # (2f+1, 2r+1), so every vertex and every segment end is an exact small integer.
        self.polygons = []
        for squares in islands:
            boxes = [box(2 * f, 2 * r, 2 * f + 2, 2 * r + 2) for f, r in map(self.grid.coords, squares)]
            polygon = shapely.union_all(boxes)
            shapely.prepare(polygon)
            self.polygons.append(polygon)
        self.bounds = [p.bounds for p in self.polygons]
        self._lof: dict[int, int] = {}
        self._build_steering()

    # steering: dest[sq * 8 + h] is where one square along heading h leads
    def _build_steering(self) -> None:
        n = self.size
        dest = [OFF_BOARD] * (n * n * 8)
        for sq in range(n * n):
            f, r = sq % n, sq // n
            for h, (dx, dy) in enumerate(DELTAS):
                tf, tr = f + dx, r + dy
                if tr < 0:
                    code = HARBOUR
                elif not (0 <= tf < n and tr < n):
                    code = OFF_BOARD
                else:
                    code = tr * n + tf
                    if self.land[code]:
                        code = LAND
                dest[sq * 8 + h] = code
        self.dest = dest
        # per (square, heading): the (helm turn, new heading, destination) that reach open sea,
        # and the same as ready-made legal action lists (with and without the offer to stop)
        sea_moves, helms, with_offer = [], [], []
        for base in range(0, n * n * 8, 8):
            for h in range(8):
                row, mask = [], 0
                for turn in (-1, 0, 1):
                    h2 = (h + turn) & 7
                    d = dest[base + h2]
                    if d >= 0:
                        row.append((turn, h2, d))
                        mask |= 1 << (turn + 1)
                sea_moves.append(tuple(row))
                helms.append(_HELM_SETS[mask])
                with_offer.append(_HELM_SETS_OFFER[mask])
        self.sea_moves, self.helms, self.helms_with_offer = tuple(sea_moves), tuple(helms), tuple(with_offer)

    # --- line of fire (rule 15) ----------------------------------------------------------------
    def blocking_island(self, a: int, b: int) -> int:
        """Index of the first island that blocks the line of fire a-b, or -1 if it is clear."""
        key = a * 4096 + b if a < b else b * 4096 + a
        found = self._lof.get(key)
        if found is None:
            found = self._lof[key] = self._compute_lof(a, b)
        return found

    def _compute_lof(self, a: int, b: int) -> int:
        n = self.size
        x1, y1 = 2 * (a % n) + 1, 2 * (a // n) + 1
        x2, y2 = 2 * (b % n) + 1, 2 * (b // n) + 1
        lo_x, hi_x, lo_y, hi_y = min(x1, x2), max(x1, x2), min(y1, y2), max(y1, y2)
        segment = None
        for index, (bx1, by1, bx2, by2) in enumerate(self.bounds):
            if hi_x < bx1 or lo_x > bx2 or hi_y < by1 or lo_y > by2:
                continue     # the boxes do not even meet: no geometry needed
            if segment is None:
                segment = LineString([(x1, y1), (x2, y2)])
            polygon = self.polygons[index]
            if self.graze_blocks:
                if polygon.intersects(segment):
                    return index
            elif polygon.relate_pattern(segment, "T********"):   # interiors meet
                return index
        return -1


@lru_cache(maxsize=64)
def terrain_for(size: int, islands: tuple[tuple[int, ...], ...], rocks: tuple[int, ...],
                graze_blocks: bool) -> Terrain:
    """One shared Terrain per layout, so clones and replays reuse its tables and cache."""
    return Terrain(size, islands, rocks, graze_blocks)
