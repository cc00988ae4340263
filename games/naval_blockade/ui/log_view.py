"""The panel's log: the newest lines at the foot, wrapped to the panel, scrolled by the wheel.

One ``arcade.Text`` per line, made when the line arrives and kept (a new line lays out only
itself); scrolling and resizing just move them and show the ones that fit.
"""

from __future__ import annotations

import arcade
import pyglet

from navalgames.ui import theme

KEEP = 200   # lines kept for scrolling back


class LogView:
    def __init__(self, colour, font_size: float, batch: pyglet.graphics.Batch) -> None:
        self.colour = colour
        self.font_size = font_size
        self.batch = batch
        self.texts: list[arcade.Text] = []
        self.scroll = 0                       # lines hidden below the foot (0: the newest shows)
        self.left, self.top, self.width, self.height = 0.0, 0.0, 200.0, 0.0

    @property
    def lines(self) -> list[str]:
        return [t.text for t in self.texts]

    def add(self, line: str) -> None:
        text = arcade.Text(line, 0, 0, self.colour, self.font_size, font_name=theme.FONT,
                           multiline=True, width=int(self.width), anchor_y="bottom",
                           batch=self.batch)
        text.visible = False
        self.texts.append(text)
        if self.scroll:              # a reader scrolled back keeps his place
            self.scroll += 1
        for old in self.texts[:-KEEP]:
            old.delete()
        del self.texts[:-KEEP]
        self.arrange()

    def place(self, left: float, top: float, width: float, height: float) -> None:
        if int(width) != int(self.width):
            for text in self.texts:
                text.width = int(width)
        self.left, self.top, self.width, self.height = left, top, width, height
        self.arrange()

    def scroll_by(self, lines: int) -> bool:
        """Scroll back (positive) or forward; False if already at that end."""
        scroll = max(0, min(len(self.texts) - 1, self.scroll + lines))
        if scroll == self.scroll:
            return False
        self.scroll = scroll
        self.arrange()
        return True

    def contains(self, x: float, y: float) -> bool:
        return (self.left <= x <= self.left + self.width
                and self.top - self.height <= y <= self.top)

    def shown(self) -> list[str]:
        return [t.text for t in self.texts if t.visible]

    def arrange(self) -> None:
        """The newest lines (less the scroll) that fit, in order under the log's title."""
        newest = len(self.texts) - 1 - self.scroll
        fitting, used = [], 0.0
        for index in range(newest, -1, -1):
            height = self.texts[index].content_height
            if used + height > self.height:
                break
            fitting.append(index)
            used += height
        y = self.top - used
        shown = set(fitting)
        for index in fitting:              # newest first, stacked upward from the lowest
            text = self.texts[index]
            position = (round(self.left), round(y))
            if tuple(text.position) != position:
                text.position = position
            y += text.content_height
        for index, text in enumerate(self.texts):
            if text.visible != (index in shown):
                text.visible = index in shown
