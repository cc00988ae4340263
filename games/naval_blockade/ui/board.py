"""What moves on the chart: land, the two ships, steering markers and the overlays.

All in world units (see chart.py). Inputs are plain values read from the engine (squares as
(file, rank) from 0, headings 0-7 clockwise from North, the guns a ship carries); which square is
in which arc comes from the engine's pure geometry (``rules.geometry.arcs_containing``), never
from a rule written here. Overlays are shape lists rebuilt only when something changes, so a
frame is a handful of draw calls: each layer is one ``Mesh`` (one buffer, one draw).
"""

from __future__ import annotations

import math
from functools import lru_cache

import arcade

from games.naval_blockade.rules import arcs_containing, square_range
from navalgames.ui.palette import Palette, with_alpha

from . import art
from .chart import SQ, _texture, square_centre
from .mesh import Mesh

Square = tuple[int, int]
SIDES = ("runner", "blockader")
SHIP_SCALE = 1.22 * SQ / 84      # the hull (84 texture pixels long) a little over one square
GUN_ORDER = ("bow", "starboard", "stern", "port")


def arc_colours(pal: Palette) -> dict[str, tuple[int, int, int]]:
    """Starboard green and port red as ship's lights are; chasers amber (colour-blind: own set)."""
    if pal.name == "colour-blind":
        return {"bow": (230, 159, 0), "stern": (230, 159, 0), "starboard": (0, 114, 178),
                "port": (204, 121, 167)}
    return {"bow": (226, 168, 40), "stern": (226, 168, 40), "starboard": (40, 150, 70),
            "port": (200, 50, 44)}


@lru_cache(maxsize=None)
def ship_texture(side: str, see_through: bool = False) -> arcade.Texture:
    image = art.runner_image() if side == "runner" else art.blockader_image()
    if see_through:
        image = art.ghost(image, 0.5)
    return _texture(image, f"nb-ship-{side}-{see_through}")


@lru_cache(maxsize=None)
def halo_texture(colour: tuple[int, int, int]) -> arcade.Texture:
    return _texture(art.halo_image(colour), f"nb-halo-{colour}")


@lru_cache(maxsize=None)
def die_texture(face: str) -> arcade.Texture:
    return _texture(art.die_face_image(face), f"nb-die-{face}")


@lru_cache(maxsize=None)
def smoke_texture() -> arcade.Texture:
    return _texture(art.smoke_image(), "nb-smoke")


@lru_cache(maxsize=64)
def land_texture(squares: tuple[Square, ...], rock: bool) -> arcade.Texture:
    seed = hash(squares) & 0xFFFF
    return _texture(art.land_image(list(squares), 64, seed=seed, rock=rock), f"nb-land-{squares}-{rock}")


def ship_sprite(side: str, square: Square, heading: int, see_through: bool = False) -> arcade.Sprite:
    sprite = arcade.Sprite(ship_texture(side, see_through), scale=SHIP_SCALE)
    sprite.position = square_centre(*square)
    sprite.angle = heading * 45          # arcade turns sprites clockwise; headings go clockwise
    return sprite


def add_squares_to(mesh: Mesh, squares, colour, inset: float = 0.0) -> None:
    mesh.rects([(f * SQ + inset, r * SQ + inset, (f + 1) * SQ - inset, (r + 1) * SQ - inset)
                for f, r in squares], colour)


@lru_cache(maxsize=256)
def arc_squares(origin: Square, heading: int, guns: tuple[str, ...], max_range: int, inclusive: bool,
                files: int, ranks: int) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    """The squares in range of each gun's arc (a square on an arc edge may count for two), as
    the engine's geometry says; kept, since the same few ship positions come back hover after
    hover."""
    found: dict[str, list[Square]] = {gun: [] for gun in guns}
    f0, r0 = origin
    for f, r in range_squares(origin, max_range, files, ranks):
        for gun in arcs_containing(f - f0, r - r0, heading, inclusive):
            if gun in found:
                found[gun].append((f, r))
    return tuple((gun, tuple(squares)) for gun, squares in found.items())


def outline_of(mesh: Mesh, squares, colour, width: float = 3.0) -> None:
    """The outer boundary of a set of squares (edges not shared by two of them)."""
    mesh.segments(boundary(frozenset(squares)), colour, width)


@lru_cache(maxsize=256)
def boundary(cells: frozenset) -> list[tuple[float, float]]:
    """The edges (point pairs) of ``cells`` not shared by two of them (the range diamond comes
    back for the same few squares, so it is kept)."""
    segs: list[tuple[float, float]] = []
    for f, r in cells:
        x0, y0, x1, y1 = f * SQ, r * SQ, (f + 1) * SQ, (r + 1) * SQ
        if (f, r - 1) not in cells:
            segs += [(x0, y0), (x1, y0)]
        if (f, r + 1) not in cells:
            segs += [(x0, y1), (x1, y1)]
        if (f - 1, r) not in cells:
            segs += [(x0, y0), (x0, y1)]
        if (f + 1, r) not in cells:
            segs += [(x1, y0), (x1, y1)]
    return segs


def dashed(mesh: Mesh, points: list[tuple[float, float]], colour, width: float, dash: float = 10,
           gap: float = 7) -> None:
    """A dashed polyline (a blocked line of fire is dashed, so it reads without colour)."""
    mesh.segments(_dash_segments(points, dash, gap), colour, width)


def _dash_segments(points, dash: float, gap: float) -> list[tuple[float, float]]:
    segs: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        t = 0.0
        while t < length:
            e = min(t + dash, length)
            segs += [(x0 + ux * t, y0 + uy * t), (x0 + ux * e, y0 + uy * e)]
            t = e + gap
    return segs


@lru_cache(maxsize=256)
def range_squares(origin: Square, max_range: int, files: int, ranks: int) -> list[Square]:
    """The squares within gun range of ``origin`` (the distance is the engine's, rule 12)."""
    f0, r0 = origin
    return [(f0 + dx, r0 + dy) for dy in range(-max_range, max_range + 1)
            for dx in range(-max_range, max_range + 1)
            if (dx or dy) and square_range(dx, dy) <= max_range
            and 0 <= f0 + dx < files and 0 <= r0 + dy < ranks]


class Board:
    """The changing layers of the chart. Call ``draw()`` with the chart camera active."""

    def __init__(self, files: int, ranks: int, pal: Palette) -> None:
        self.files, self.ranks, self.pal = files, ranks, pal
        self.terrain = arcade.SpriteList()
        self.ships = arcade.SpriteList()
        self.markers = arcade.SpriteList()
        self.effects = arcade.SpriteList()
        self.under = Mesh()       # arc tints and square highlights, below the land
        self.over = Mesh()        # outlines, tracks, paths, line of fire
        self.shot = Mesh()        # a shot in flight while its die rolls
        self.halos = arcade.SpriteList()
        self.ship_sprite: dict[str, arcade.Sprite] = {}
        self.halo_sprite: dict[str, arcade.Sprite] = {}
        self.island_squares: list[list[Square]] = []
        self.land: set[Square] = set()
        self._land_key = None

    # --- land -------------------------------------------------------------------------------
    def set_terrain(self, islands: list[list[Square]], rocks: list[Square]) -> bool:
        """Land on these squares; False (and nothing done) if that is the land already."""
        key = (tuple(tuple(i) for i in islands), tuple(rocks))
        if key == self._land_key:
            return False
        self._land_key = key
        self.land = {sq for i in islands for sq in i} | set(rocks)
        self.terrain.clear()
        self.island_squares = [list(i) for i in islands]
        for squares, rock in [(tuple(sorted(i)), False) for i in islands] + [((r,), True) for r in rocks]:
            sprite = arcade.Sprite(land_texture(squares, rock))
            f0 = min(f for f, _ in squares)
            r0 = min(r for _, r in squares)
            f1 = max(f for f, _ in squares)
            r1 = max(r for _, r in squares)
            sprite.width, sprite.height = (f1 - f0 + 1) * SQ, (r1 - r0 + 1) * SQ
            sprite.position = (f0 + f1 + 1) / 2 * SQ, (r0 + r1 + 1) / 2 * SQ
            self.terrain.append(sprite)
        return True

    # --- ships ------------------------------------------------------------------------------
    def set_ship(self, side: str, square: Square | None, heading: int) -> arcade.Sprite | None:
        sprite = self.ship_sprite.get(side)
        if square is None:
            if sprite is not None:
                self.ships.remove(sprite)
                self.halos.remove(self.halo_sprite.pop(side))
                del self.ship_sprite[side]
            return None
        if sprite is None:
            sprite = ship_sprite(side, square, heading)
            self.ship_sprite[side] = sprite
            self.ships.append(sprite)
            halo = arcade.Sprite(halo_texture(self.pal.side_colour(SIDES.index(side))))
            halo.width = halo.height = SQ * 1.05
            self.halo_sprite[side] = halo
            self.halos.append(halo)
        self.move_ship(side, square_centre(*square), heading * 45)
        return sprite

    def move_ship(self, side: str, position: tuple[float, float], angle: float) -> None:
        """Put a ship (and its halo) at a world position; animations call this every frame."""
        sprite = self.ship_sprite[side]
        sprite.position = position
        sprite.angle = angle
        self.halo_sprite[side].position = position

    def set_disabled(self, side: str | None) -> None:
        self.effects.clear()
        if side and side in self.ship_sprite:
            smoke = arcade.Sprite(smoke_texture())
            smoke.width = smoke.height = SQ * 1.3
            x, y = self.ship_sprite[side].position
            smoke.position = (x + SQ * 0.12, y + SQ * 0.12)    # drifting off the burning ship
            self.effects.append(smoke)

    def set_shot(self, start: tuple[float, float] | None, end: tuple[float, float] | None) -> None:
        """The smoke trail of a shot from firer to target (None, None clears it)."""
        self.shot.clear()
        if start is None or end is None:
            return
        self.shot.segments([start, end], (255, 246, 220, 150), 5)
        dashed(self.shot, [start, end], (250, 170, 40, 255), 2.5, 5, 5)
        self.shot.polygon(_circle(start[0], start[1], SQ * 0.22), (255, 214, 90, 220))

    def set_markers(self, markers: list[tuple[str, Square, int]]) -> None:
        """See-through ships where each steering order would take the ship."""
        self.markers.clear()
        for side, square, heading in markers:
            ring = arcade.Sprite(halo_texture(self.pal.selection))
            ring.width = ring.height = SQ * 0.95
            ring.position = square_centre(*square)
            ring.alpha = 150
            self.markers.append(ring)
            self.markers.append(ship_sprite(side, square, heading, see_through=True))

    # --- overlays -----------------------------------------------------------------------------
    def clear_overlays(self) -> None:
        self.under.clear()
        self.over.clear()

    def add_gun_arcs(self, origin: Square, heading: int, guns: tuple[str, ...], max_range: int,
                     inclusive: bool, strength: int = 70) -> None:
        """Each gun's arc, square by square within range, tinted in the gun's colour; the one
        quadrant with no gun (the Runner's bow, the Blockader's stern) is left clear."""
        colours = arc_colours(self.pal)
        for gun, squares in arc_squares(origin, heading, tuple(guns), max_range, inclusive,
                                        self.files, self.ranks):
            # drawn over the land (which no gun reaches through): its squares are left untinted
            add_squares_to(self.under, [sq for sq in squares if sq not in self.land],
                           with_alpha(colours[gun], strength), 1.0)
        # the arc edges: the four 45-degree lines from the ship out to the range limit
        cx, cy = square_centre(*origin)
        segs = []
        for k in range(4):
            a = math.radians(heading * 45 + 45 + 90 * k)
            # out to the range diamond |x| + |y| = (range + 1/2) squares
            reach = (max_range + 0.5) * SQ / (abs(math.sin(a)) + abs(math.cos(a)))
            reach = min(reach, self._to_edge(cx, cy, math.sin(a), math.cos(a)))
            segs += [(cx, cy), (cx + math.sin(a) * reach, cy + math.cos(a) * reach)]
        dashed_pairs(self.over, segs, with_alpha(self.pal.ink, 110), 1.5)

    def _to_edge(self, x: float, y: float, ux: float, uy: float) -> float:
        """How far from (x, y) along (ux, uy) the board's edge lies."""
        limits = []
        if ux > 1e-9:
            limits.append((self.files * SQ - x) / ux)
        elif ux < -1e-9:
            limits.append(-x / ux)
        if uy > 1e-9:
            limits.append((self.ranks * SQ - y) / uy)
        elif uy < -1e-9:
            limits.append(-y / uy)
        return min(limits) if limits else 0.0

    def add_range(self, origin: Square, max_range: int, colour=None) -> None:
        squares = range_squares(origin, max_range, self.files, self.ranks) + [origin]
        colour = colour or with_alpha(self.pal.ink, 200)
        outline_of(self.over, squares, colour, 2.5)

    def add_line_of_fire(self, a: Square, b: Square, clear: bool, in_range: bool) -> None:
        pa, pb = square_centre(*a), square_centre(*b)
        if not in_range:
            dashed(self.over, [pa, pb], with_alpha(self.pal.ink_muted, 150), 2, 6, 8)
            return
        colour = self.pal.good if clear else self.pal.bad
        self.over.segments([pa, pb], (255, 255, 255, 170), 6)
        if clear:
            self.over.segments([pa, pb], with_alpha(colour, 255), 3)
        else:
            dashed(self.over, [pa, pb], with_alpha(colour, 255), 3.5)

    def add_island_highlight(self, squares: list[Square], colour) -> None:
        outline_of(self.over, squares, with_alpha(colour, 255), 5)

    def add_squares(self, squares, colour, outline=None, above: bool = False) -> None:
        add_squares_to(self.over if above else self.under, squares, colour)
        if outline is not None:
            outline_of(self.over, squares, outline, 3)

    def add_square_frame(self, square: Square, colour, width: float = 3.0, inset: float = 3.0) -> None:
        f, r = square
        self.over.rect_outline((f + 0.5) * SQ, (r + 0.5) * SQ, SQ - 2 * inset, SQ - 2 * inset,
                               colour, width)

    def add_path(self, squares: list[Square], colour, width: float = 4.0, dots: bool = True) -> None:
        if len(squares) < 2:
            return
        pts = [square_centre(*s) for s in squares]
        self.over.line_strip(pts, colour, width)
        if dots:
            for x, y in pts[1:]:
                self.over.polygon(_circle(x, y, width * 1.3), colour)

    def draw(self) -> None:
        self.draw_still()
        self.draw_overlays()
        self.draw_moving()

    def draw_still(self) -> None:
        """What changes only when the land does (kept in the screen's cached picture)."""
        self.terrain.draw()

    def draw_overlays(self) -> None:
        """Arc tints, outlines, tracks and paths: two meshes, drawn every frame over the cached
        picture, so the frame after a move rebuilds them and redraws nothing else."""
        self.under.draw()
        self.over.draw()

    def draw_moving(self) -> None:
        """Ships (which glide), markers and smoke: drawn every frame."""
        self.halos.draw()
        self.markers.draw()
        self.shot.draw()
        self.ships.draw()
        self.effects.draw()


def dashed_pairs(mesh: Mesh, segs: list[tuple[float, float]], colour, width: float) -> None:
    """Several separate dashed segments (pairs of points)."""
    for i in range(0, len(segs), 2):
        dashed(mesh, [segs[i], segs[i + 1]], colour, width, 6, 6)


def _circle(x: float, y: float, r: float, n: int = 12) -> list[tuple[float, float]]:
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n))
            for k in range(n)]
