"""The Blockade chart: a 24 x 24 sea between the mainland (South) and the open sea (North).

World units: one square is ``SQ`` units; square (file, rank), both from 0, spans
``[file*SQ, (file+1)*SQ] x [rank*SQ, (rank+1)*SQ]`` (file ``a`` West, rank 1 South). A Camera2D
fits the chart into its part of the window; labels are drawn in screen space at positions the
camera projects, so they stay crisp at any zoom.

This module only draws; which squares are land, where ships are and what bears is decided by the
engine and handed in.
"""

from __future__ import annotations

from typing import Iterable

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import arcade
import pyglet
from arcade.types import LRBT, Rect
from PIL import Image, ImageDraw

from . import art

SQ = 40.0                 # world units per square
COAST = 1.7 * SQ          # depth of the mainland strip below rank 1
OPEN_SEA = 1.1 * SQ       # depth of the open-sea band above the last rank
LABEL = 1.0 * SQ          # margin for file and rank labels
FILES = "abcdefghijklmnopqrstuvwxyz"

INK = (38, 52, 78)
PAPER = (238, 230, 206, 255)
LABEL_FONT = ("Old Standard TT", "EB Garamond", "Georgia", "Times New Roman", "DejaVu Serif")


def square_centre(f: int, r: int) -> tuple[float, float]:
    return (f + 0.5) * SQ, (r + 0.5) * SQ


def thick_lines(points: list[tuple[float, float]], colour, width: float):
    """Separate segments (pairs of points) ``width`` world units wide, as one shape."""
    return arcade.shape_list.create_lines_with_colors(points, [colour] * len(points), width)


def _texture(image: Image.Image, name: str) -> arcade.Texture:
    return arcade.Texture(image, hash=name, hit_box_algorithm=arcade.hitbox.algo_bounding_box)


@dataclass(frozen=True)
class ChartLayout:
    files: int
    ranks: int
    harbour_files: tuple[int, ...]   # files whose South edge opens into the harbour

    @property
    def world(self) -> Rect:
        return LRBT(-LABEL, self.files * SQ + LABEL, -COAST - LABEL, self.ranks * SQ + OPEN_SEA + LABEL)

    def square_at(self, x: float, y: float) -> tuple[int, int] | None:
        f, r = math.floor(x / SQ), math.floor(y / SQ)
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return f, r
        return None


# --- pictures for the static chart ----------------------------------------------------------
@lru_cache(maxsize=8)
def mainland_image(files: int, harbour_files: tuple[int, ...], px: int = 48) -> Image.Image:
    """The South strip: a coast with surf, a harbour basin behind moles, a lighthouse, a town."""
    ss = 2
    w, h = int(files * px * ss), int(COAST / SQ * px * ss)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    rng = random.Random(7)
    unit = px * ss
    hx0 = min(harbour_files) * unit
    hx1 = (max(harbour_files) + 1) * unit
    # land with a gently wavy shore a little below the board's edge
    shore = []
    for i in range(0, w + 1, unit // 4):
        shore.append((i, unit * 0.12 + rng.uniform(-0.04, 0.05) * unit))
    land = [(0, h)] + shore + [(w, h)]
    d.polygon(land, fill=(222, 204, 156, 255))
    d.line(shore, fill=(250, 252, 255, 200), width=int(unit * 0.06))      # surf
    d.line([(x, y + unit * 0.04) for x, y in shore], fill=(120, 96, 60, 255), width=max(2, ss))
    # inland: fields and a darker hinterland
    for k in range(int(files * 3)):
        x = rng.uniform(0, w)
        if hx0 - unit < x < hx1 + unit:
            continue
        y = rng.uniform(unit * 0.5, h - unit * 0.1)
        rr = unit * rng.uniform(0.08, 0.16)
        d.ellipse([x - rr, y - rr * 0.7, x + rr, y + rr * 0.7], fill=(146, 164, 104, 255))
    # harbour basin: water cut into the land, closed by two moles with a gap in front of the runner
    basin = [hx0 - unit * 0.3, unit * 0.1, hx1 + unit * 0.3, h - unit * 0.25]
    d.rounded_rectangle(basin, radius=unit * 0.3, fill=(186, 214, 220, 255), outline=(120, 96, 60, 255),
                        width=max(2, ss))
    mole = (150, 142, 130, 255)
    d.rectangle([hx0 - unit * 0.35, unit * 0.02, hx0 + unit * 0.35, unit * 0.2], fill=mole)
    d.rectangle([hx1 - unit * 0.35, unit * 0.02, hx1 + unit * 0.35, unit * 0.2], fill=mole)
    # lighthouse on the western mole head
    lx, ly = hx0 + unit * 0.3, unit * 0.11
    d.ellipse([lx - unit * 0.09, ly - unit * 0.09, lx + unit * 0.09, ly + unit * 0.09],
              fill=(245, 240, 230, 255), outline=(150, 40, 36, 255), width=max(2, ss * 2))
    # quays and the town behind the basin
    for k in range(int((hx1 - hx0) / unit * 2) + 4):
        x = hx0 - unit * 0.6 + k * unit * 0.55 + rng.uniform(-4, 4)
        y = h - unit * rng.uniform(0.08, 0.2)
        d.rectangle([x, y - unit * 0.14, x + unit * 0.32, y], fill=(170, 82, 62, 255),
                    outline=(110, 60, 44, 255))
    return img


@lru_cache(maxsize=8)
def open_sea_image(files: int, px: int = 48) -> Image.Image:
    """The North band: deeper water shading into the open ocean, with a few wave strokes."""
    w, h = int(files * px), int(OPEN_SEA / SQ * px)
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for y in range(h):
        t = y / max(1, h - 1)   # 0 at the top (far North)
        c = (int(92 + 80 * t), int(140 + 60 * t), int(170 + 42 * t), 255)
        d.line([(0, y), (w, y)], fill=c)
    rng = random.Random(5)
    label_left, label_right = open_sea_label_span(w)
    for _ in range(files * 2):
        x, y = rng.uniform(0, w), rng.uniform(4, h - 6)
        if x + px * 0.35 >= label_left and x <= label_right:
            continue     # the wave strokes keep clear of the OPEN SEA label
        d.arc([x, y, x + px * 0.35, y + px * 0.18], 200, 340, fill=(236, 244, 250, 150), width=2)
    return img


def open_sea_label_span(width: float) -> tuple[float, float]:
    """Where along the North band the OPEN SEA label may reach at any window size (its text
    keeps its size in pixels while the chart shrinks with the window)."""
    return width * 0.28, width * 0.72


class Chart:
    """Everything drawn on the chart, in world units, plus its camera and screen-space labels."""

    def __init__(self, layout: ChartLayout, colour_blind: bool = False) -> None:
        self.layout = layout
        self.colour_blind = colour_blind
        self.camera = arcade.Camera2D()
        self.zoom_factor = 1.0      # player's zoom on top of "fit the chart"
        self.centre = layout.world.center
        self.paper = arcade.shape_list.ShapeElementList()
        self.background = arcade.SpriteList()
        self.grid_lines = arcade.shape_list.ShapeElementList()
        self.labels = pyglet.graphics.Batch()
        self._label_texts: list[tuple[arcade.Text, float, float]] = []
        self._build_background()
        self._build_grid()
        self._build_labels()

    # --- building ---------------------------------------------------------------------------
    def _build_background(self) -> None:
        lay = self.layout
        width, height = lay.files * SQ, lay.ranks * SQ
        world = lay.world
        # a sheet of chart paper with a double ink rule round it
        self.paper.append(arcade.shape_list.create_rectangle_filled(
            world.center_x, world.center_y, world.width, world.height, PAPER))
        for inset, line in ((4, 2.5), (9, 1)):
            self.paper.append(arcade.shape_list.create_rectangle_outline(
                world.center_x, world.center_y, world.width - 2 * inset, world.height - 2 * inset,
                (*INK, 255), line))
        sea = arcade.Sprite(_texture(art.sea_image(), "nb-sea"))
        sea.width, sea.height = width, height
        sea.position = width / 2, height / 2
        self.background.append(sea)
        # the rose's letters are texts drawn at the window's own size (in the picture they
        # thinned to nothing when a small window shrank it)
        rose = arcade.Sprite(_texture(art.compass_rose_image(letters=False), "nb-rose-plain"))
        rose.width = rose.height = 4.6 * SQ
        rose.alpha = 150
        self.rose = rose
        self.place_rose(())
        self.background.append(rose)
        land = arcade.Sprite(_texture(mainland_image(lay.files, lay.harbour_files),
                                      f"nb-mainland-{lay.files}-{lay.harbour_files}"))
        land.width, land.height = width, COAST
        land.position = width / 2, -COAST / 2
        self.background.append(land)
        north = arcade.Sprite(_texture(open_sea_image(lay.files), f"nb-open-{lay.files}"))
        north.width, north.height = width, OPEN_SEA
        north.position = width / 2, height + OPEN_SEA / 2
        self.background.append(north)

    def rose_places(self) -> list[tuple[float, float]]:
        """Where the compass rose may sit: the open water of the South-West, then the
        South-East (no island lies in ranks 1-5; a rock may)."""
        files = self.layout.files
        return [(3.6 * SQ, 2.9 * SQ), ((files - 3.6) * SQ, 2.9 * SQ)]

    def place_rose(self, land: Iterable[tuple[int, int]]) -> None:
        """Put the rose where no land (a rock) lies under it; hide it if both places are taken."""
        land = list(land)
        for x, y in self.rose_places():
            half = self.rose.width / 2
            if not any(x - half - SQ < f * SQ < x + half and y - half - SQ < r * SQ < y + half
                       for f, r in land):
                self.rose.position = x, y
                self.rose.visible = True
                break
        else:
            self.rose.visible = False
        if hasattr(self, "_rose_labels"):
            self._apply_camera()

    def _build_grid(self) -> None:
        lay = self.layout
        width, height = lay.files * SQ, lay.ranks * SQ
        points = []
        for f in range(1, lay.files):
            points += [(f * SQ, 0), (f * SQ, height)]
        for r in range(1, lay.ranks):
            points += [(0, r * SQ), (width, r * SQ)]
        self.grid_lines.append(arcade.shape_list.create_lines(points, (*INK, 70)))
        self.grid_lines.append(arcade.shape_list.create_rectangle_outline(
            width / 2, height / 2, width, height, (*INK, 230), 2))
        # the open sea begins beyond the last rank: a dashed sea mark along it
        dashes = []
        x = 0.0
        while x < width:
            dashes += [(x, height), (min(x + SQ * 0.5, width), height)]
            x += SQ
        self.grid_lines.append(thick_lines(dashes, (240, 248, 255, 255), 3))

    def _build_labels(self) -> None:
        lay = self.layout
        width, height = lay.files * SQ, lay.ranks * SQ

        def add(text: str, x: float, y: float, size: float = 11, bold: bool = False,
                colour=(*INK, 255)) -> None:
            label = arcade.Text(text, 0, 0, colour, size, font_name=LABEL_FONT, anchor_x="center",
                                anchor_y="center", bold=bold, batch=self.labels)
            self._label_texts.append((label, x, y))

        for f in range(lay.files):
            add(FILES[f], (f + 0.5) * SQ, -COAST - LABEL * 0.55)
            add(FILES[f], (f + 0.5) * SQ, height + OPEN_SEA + LABEL * 0.45)
        for r in range(lay.ranks):
            add(str(r + 1), -LABEL * 0.55, (r + 0.5) * SQ)
            add(str(r + 1), width + LABEL * 0.55, (r + 0.5) * SQ)
        add("O P E N    S E A", width / 2, height + OPEN_SEA * 0.5, 13, True, (246, 250, 255, 255))
        hx = (min(lay.harbour_files) + max(lay.harbour_files) + 1) / 2 * SQ
        add("HARBOUR", hx, -COAST * 0.55, 9, True, (60, 80, 104, 255))
        reach = self.rose.width * 0.445      # where the picture put its letters, round the ring
        self._rose_labels = []
        for letter, dx, dy in (("N", 0, 1), ("E", 1, 0), ("S", 0, -1), ("W", -1, 0)):
            label = arcade.Text(letter, 0, 0, (160, 48, 40, 255) if letter == "N" else (40, 52, 76, 255),
                                10, font_name=LABEL_FONT, anchor_x="center", anchor_y="center",
                                bold=True, batch=self.labels)
            self._rose_labels.append((label, dx * reach, dy * reach))

    # --- camera -----------------------------------------------------------------------------
    def set_viewport(self, rect: Rect) -> None:
        """Fit the chart into ``rect`` (window pixels), keeping the player's zoom and centre."""
        self.camera.viewport = rect
        self.camera.zoom = 1.0     # arcade scales a projection set while zoomed; set it unzoomed
        self.camera.projection = LRBT(-rect.width / 2, rect.width / 2, -rect.height / 2, rect.height / 2)
        self._apply_camera()

    def fit_zoom(self) -> float:
        world = self.layout.world
        vp = self.camera.viewport
        return min(vp.width / world.width, vp.height / world.height)

    def _apply_camera(self) -> None:
        world = self.layout.world
        self.camera.zoom = self.fit_zoom() * self.zoom_factor
        # keep the chart in view: clamp the centre so no more than the margin shows past an edge
        half_w = self.camera.viewport.width / 2 / self.camera.zoom
        half_h = self.camera.viewport.height / 2 / self.camera.zoom
        cx = min(max(self.centre[0], world.left + half_w), world.right - half_w) \
            if half_w * 2 < world.width else world.center_x
        cy = min(max(self.centre[1], world.bottom + half_h), world.top - half_h) \
            if half_h * 2 < world.height else world.center_y
        self.centre = (cx, cy)
        self.camera.position = self.centre
        for label, x, y in self._label_texts:
            sx, sy = self.camera.project((x, y))
            label.position = (round(sx), round(sy))
        for label, dx, dy in self._rose_labels:
            sx, sy = self.camera.project((self.rose.center_x + dx, self.rose.center_y + dy))
            label.position = (round(sx), round(sy))
            label.visible = self.rose.visible

    def zoom_at(self, screen_x: float, screen_y: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the world point under the cursor where it is."""
        before = self.to_world(screen_x, screen_y)
        self.zoom_factor = min(3.0, max(1.0, self.zoom_factor * factor))
        self._apply_camera()
        after = self.to_world(screen_x, screen_y)
        self.centre = (self.centre[0] + before[0] - after[0], self.centre[1] + before[1] - after[1])
        self._apply_camera()

    def pan(self, dx_screen: float, dy_screen: float) -> None:
        z = self.camera.zoom
        self.centre = (self.centre[0] - dx_screen / z, self.centre[1] - dy_screen / z)
        self._apply_camera()

    def reset_view(self) -> None:
        self.zoom_factor = 1.0
        self.centre = self.layout.world.center
        self._apply_camera()

    def to_world(self, screen_x: float, screen_y: float) -> tuple[float, float]:
        p = self.camera.unproject((screen_x, screen_y))
        return p[0], p[1]

    def square_under(self, screen_x: float, screen_y: float) -> tuple[int, int] | None:
        vp = self.camera.viewport
        if not (vp.left <= screen_x <= vp.right and vp.bottom <= screen_y <= vp.top):
            return None
        return self.layout.square_at(*self.to_world(screen_x, screen_y))

    def pixels_per_square(self) -> float:
        return SQ * self.camera.zoom

    # --- drawing ----------------------------------------------------------------------------
    def draw_background(self) -> None:
        """Sea, land, grid (inside the camera); call with the chart camera active."""
        self.paper.draw()
        self.background.draw()
        self.grid_lines.draw()

    def draw_labels(self) -> None:
        """File and rank labels; call in screen space (the default camera)."""
        self.labels.draw()
