"""The side panel: a column of texts laid out top to bottom, with room for rows of pictures.

Every line is an ``arcade.Text`` made once and drawn in one batch; changing a line's words marks
the column for a new layout on the next frame. Buttons (the UI kit's) are placed by the screens.

When the column is taller than the window allows, rows are left out by ``priority`` (lowest
first, the lower of equals first), so a small window keeps what matters (the legend, the rules,
the log) rather than whatever happens to sit near the top. One ``fill`` row (the log) takes what
room is left, at least its own height.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import arcade
import pyglet
from arcade.shape_list import ShapeElementList, create_line, create_rectangle_filled
from arcade.types import LBWH, Rect

from navalgames.ui import theme
from navalgames.ui.palette import Palette, with_alpha


@dataclass
class Row:
    """One slot of the column: a text, or a gap of ``height`` that a callback fills in."""

    name: str
    text: arcade.Text | None = None
    height: float = 0.0
    gap: float = 4.0
    placed: Callable[..., None] | None = None   # (left, top, width), and height for a fill row
    visible: bool = True
    indent: float = 0.0
    priority: int = 5
    fill: bool = False


@dataclass
class Panel:
    colours: Palette
    rows: list[Row] = field(default_factory=list)
    rect: Rect = LBWH(0, 0, 300, 600)
    pad: float = 16
    scale: float = 1.0

    def __post_init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.named: dict[str, Row] = {}
        self.background = ShapeElementList()
        self.dirty = True
        self.bottom_reserved = 0.0    # room kept free for the buttons at the foot
        self.shown: set[str] = set()  # the rows that found room on the last layout

    # --- building ---------------------------------------------------------------------------
    def text(self, name: str, size: float = theme.SMALL, colour=None, *, bold: bool = False,
             italic: bool = False, multiline: bool = True, gap: float = 4, indent: float = 0,
             priority: int = 5) -> arcade.Text:
        colour = colour or self.colours.text
        text = arcade.Text("", 0, 0, colour, size * self.scale, font_name=theme.FONT, bold=bold,
                           italic=italic, anchor_y="top", multiline=multiline,
                           width=int(self.rect.width - 2 * self.pad - indent) if multiline else None,
                           batch=self.batch)
        row = Row(name, text, gap=gap, indent=indent, priority=priority)
        self.rows.append(row)
        self.named[name] = row
        return text

    def space(self, name: str, height: float, placed: Callable[..., None] | None = None,
              gap: float = 4, priority: int = 5, fill: bool = False) -> Row:
        row = Row(name, None, height, gap, placed, priority=priority, fill=fill)
        self.rows.append(row)
        self.named[name] = row
        return row

    # --- changing -------------------------------------------------------------------------
    def set(self, name: str, words: str, colour=None) -> None:
        text = self.named[name].text
        if text.text != words:
            text.text = words
            self.dirty = True
        if colour is not None and tuple(text.color)[:3] != tuple(colour)[:3]:
            text.color = colour

    def show(self, name: str, visible: bool) -> None:
        row = self.named[name]
        if row.visible != visible:
            row.visible = visible
            if row.text is not None:
                row.text.visible = visible
            self.dirty = True

    def fits(self, name: str) -> bool:
        """Whether the row found room on the last layout."""
        row = self.named[name]
        return row.visible and name in self.shown and (row.text is None or row.text.visible)

    def place(self, rect: Rect) -> None:
        self.rect = rect
        for row in self.rows:
            if row.text is not None and row.text.multiline:
                row.text.width = int(rect.width - 2 * self.pad - row.indent)
        c = self.colours
        bg = ShapeElementList()
        bg.append(create_rectangle_filled(rect.center_x, rect.center_y, rect.width, rect.height,
                                          with_alpha(c.sea_deep, 255)))
        bg.append(create_line(rect.left + 1, rect.bottom, rect.left + 1, rect.top, c.brass, 2))
        bg.append(create_line(rect.left + 6, rect.bottom, rect.left + 6, rect.top,
                              with_alpha(c.brass, 90), 1))
        self.background = bg
        self.dirty = True

    def relayout(self) -> None:
        left = self.rect.left + self.pad
        width = self.rect.width - 2 * self.pad
        top = self.rect.top - self.pad
        floor = self.rect.bottom + self.bottom_reserved
        shown = [row for row in self.rows if row.visible and (row.text is None or row.text.text)]

        def height(row: Row) -> float:
            return (row.text.content_height if row.text is not None else row.height) + row.gap

        # leave rows out, least wanted first, until the rest fit
        total = sum(height(row) for row in shown)
        dropped = []
        for row in sorted(shown, key=lambda r: (r.priority, -shown.index(r))):
            if total <= top - floor:
                break
            total -= height(row)
            shown.remove(row)
            dropped.append(row)
        for row in reversed(dropped):      # then take back, most wanted first, what still fits
            if total + height(row) <= top - floor:
                total += height(row)
                shown.append(row)
        kept = set(map(id, shown))
        y = top
        for index, row in enumerate(self.rows):
            if id(row) not in kept:
                if row.text is not None:
                    _put(row.text, tuple(map(round, row.text.position[:2])), False)
                continue
            if row.text is not None:
                # still too tall (a tiny window): what does not fit is left out, not overlapped
                fits = y - row.text.content_height >= floor
                _put(row.text, (round(left + row.indent), round(y)), fits)
                y -= height(row)
            elif row.fill:
                below = sum(height(r) for r in self.rows[index + 1:] if id(r) in kept)
                room = max(0.0, y - floor - below)
                if row.placed is not None:
                    row.placed(left, y, width, room)
                y -= room + row.gap
            else:
                if row.placed is not None and y - row.height >= floor:
                    row.placed(left, y, width)
                y -= height(row)
        self.shown = {row.name for row in self.rows if id(row) in kept}
        self.dirty = False

    def draw(self) -> None:
        if self.dirty:
            self.relayout()
        self.background.draw()
        self.batch.draw()


def _put(text: arcade.Text, position: tuple[int, int], visible: bool) -> None:
    """Move and show or hide a text only if that changes it: pyglet lays a wrapped text out
    afresh on every move, which cost the play screen ~10 ms each time one line changed."""
    if text.visible != visible:
        text.visible = visible
    if tuple(text.position) != position:
        text.position = position
