"""The suite's look: the bundled typeface, type sizes, asset lookup and the chart background.

Colours come from ``navalgames.ui.palette`` (by role, with a colour-blind set); this module adds
what needs arcade. Game screens may use all of it: ``FONT``, ``load_texture``, ``ChartBackground``.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

import arcade

from navalgames.ui.palette import Palette, with_alpha

FONT = ("Old Standard TT", "Georgia", "Times New Roman", "serif")  # bundled first, system fallbacks
FONT_FILES = ("OldStandard-Regular.ttf", "OldStandard-Bold.ttf", "OldStandard-Italic.ttf")

# Type sizes in points, for a 1280 x 800 window; screens scale them with ``scale_for``.
TITLE = 58
HEADING = 26
BODY = 16
SMALL = 13


def asset_path(name: str) -> Path:
    """A file in the installed assets package (never looked up from the current folder)."""
    return Path(str(resources.files("navalgames.assets").joinpath(name)))


@lru_cache(maxsize=None)
def load_fonts() -> None:
    """Register the bundled typeface with pyglet once; a missing file only costs the look."""
    for name in FONT_FILES:
        path = asset_path(f"fonts/{name}")
        if path.exists():
            arcade.load_font(path)


@lru_cache(maxsize=64)
def load_texture(name: str) -> arcade.Texture | None:
    """An asset picture as a texture, or None if it is missing (screens draw without it)."""
    path = asset_path(name)
    return arcade.load_texture(path) if path.exists() else None


MIN_POINTS = 10   # below this the typeface's hairlines fade (i-dots, hyphens, the bar of a t)


def points(size: float, scale: float) -> int:
    """A type size scaled for the window, in whole points and never below MIN_POINTS."""
    return max(MIN_POINTS, round(size * scale))


def scale_for(width: int, height: int) -> float:
    """How much bigger or smaller than the 1280 x 800 design the window is (0.75 .. 1.5)."""
    return max(0.75, min(1.5, min(width / 1280, height / 800)))


class ChartBackground:
    """The launcher's backdrop: deep sea, a faint chart grid, a compass rose and a double rule.

    Built for one window size (call ``resize``); drawing it is a handful of GL calls.
    """

    GRID = 64

    def __init__(self, colours: Palette) -> None:
        self.colours = colours
        self.rose = load_texture("compass_rose.png")
        self.shapes = arcade.shape_list.ShapeElementList()
        self.width = self.height = 0

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        c = self.colours
        shapes = arcade.shape_list.ShapeElementList()
        shapes.append(arcade.shape_list.create_rectangle_filled_with_colors(
            [(0, 0), (width, 0), (width, height), (0, height)],
            [c.sea_deep, c.sea_deep, c.sea, c.sea]))
        grid = with_alpha(c.chart_line, 70)
        lines = []
        for x in range(self.GRID // 2, width, self.GRID):
            lines += [(x, 0), (x, height)]
        for y in range(self.GRID // 2, height, self.GRID):
            lines += [(0, y), (width, y)]
        shapes.append(arcade.shape_list.create_lines(lines, grid))
        frame = with_alpha(c.brass, 150)
        for inset, thickness in ((10, 2), (16, 1)):
            shapes.append(arcade.shape_list.create_rectangle_outline(
                width / 2, height / 2, width - 2 * inset, height - 2 * inset, frame, thickness))
        self.shapes = shapes

    def draw(self) -> None:
        self.shapes.draw()
        if self.rose is not None:
            size = min(self.width, self.height) * 0.72
            rect = arcade.XYWH(self.width - size * 0.30, size * 0.30, size, size)
            arcade.draw_texture_rect(self.rose, rect, alpha=34)
