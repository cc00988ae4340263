"""The hand-over screen of a game on one screen: nothing of either fleet is visible on it.

It shows only what both players saw happen at the table (the last moves in notation and any
combat, which turns both pieces face up), then waits for a key or a click from the next player.
"""

from __future__ import annotations

from typing import Callable

import arcade

from navalgames.ui import theme

from .art import palette
from .widgets import Canvas, text_height, text_width

GRACE = 0.35   # seconds during which input is ignored, so a double click does not skip the screen
TEXT_FLOOR = 0.9   # text shrinks with the window no further than this


class HandOverView(arcade.View):
    def __init__(self, side: str, other: str, news: list[str], on_ready: Callable[[], None],
                 colour_blind: bool = False, heading: str | None = None) -> None:
        super().__init__()
        self.side, self.other, self.news = side, other, news
        self.on_ready = on_ready
        self.heading = heading or f"{side.title()} to play"
        self.pal = palette(colour_blind)
        self.canvas = Canvas()
        self.age = 0.0
        self.done = False

    def on_show_view(self) -> None:
        self.age = 0.0
        self.build()

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.build()

    def build(self) -> None:
        """The band across the middle, sized to the window and to what it says (nothing cut)."""
        w, h = self.window.get_size()
        k = max(theme.scale_for(w, h), TEXT_FLOOR)
        c = self.canvas
        c.reset()
        wide = min(w - 60 * k, 900 * k)
        call = f"Press a key or click when {self.other.title()} is not looking."
        heading_size = 40 * k
        while heading_size > 20 and text_width(self.heading, heading_size, True) > w - 2 * 200 * k:
            heading_size -= 1      # the side's piece and flag stand either side of the heading
        news = self.news[-4:]
        news_h = sum(text_height(line, 13 * k, wide, italic=True) + 6 * k for line in news)
        call_h = text_height(call, 18 * k, wide)
        content = 90 * k + call_h + 24 * k + news_h
        band = min(h - 20, max(min(420 * k, h * 0.5), content + 60 * k))
        bottom = (h - band) / 2
        c.rect(0, bottom, w, band, (16, 24, 36))
        c.rect(0, bottom + band - 6, w, 6, self.pal.side[self.side])
        c.rect(0, bottom, w, 6, self.pal.side[self.side])
        from .textures import piece_textures
        textures = piece_textures(self.pal.name == "colour-blind")
        # the side's piece back and flag: who is called is plain at a glance, in any palette
        y = (h + content) / 2 - 45 * k
        half = min(230 * k, w / 2 - 50 * k)
        c.sprite(textures[f"back-{self.side}"], w / 2 - half, y, 72 * k)
        c.sprite(textures[f"flag-{self.side}"], w / 2 + half, y, 80 * k)
        c.text(self.heading, w / 2, y, self.pal.side_light[self.side], heading_size, bold=True,
               anchor_x="center", anchor_y="center")
        y -= 45 * k + 8 * k
        y -= c.para(call, (w - wide) / 2, y, wide, (230, 226, 214), 18 * k, align="center") + 24 * k
        for line in news:
            y -= c.para(line, (w - wide) / 2, y, wide, (168, 178, 188), 13 * k, italic=True,
                             align="center") + 6 * k

    def on_update(self, delta_time: float) -> None:
        self.age += delta_time

    def on_draw(self) -> None:
        self.clear(color=(8, 14, 22, 255))
        self.canvas.draw()

    def _ready(self) -> None:
        if self.age < GRACE or self.done:
            return
        self.done = True
        self.on_ready()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self._ready()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self._ready()


class AnswerView(HandOverView):
    """A covered screen on which the other player answers a question (a draw offer)."""

    def __init__(self, heading: str, question: str, on_yes: Callable[[], None], on_no: Callable[[], None],
                 colour_blind: bool, side: str) -> None:
        super().__init__(side, side, [], lambda: None, colour_blind, heading)
        self.question, self.on_yes, self.on_no = question, on_yes, on_no

    def build(self) -> None:
        from .widgets import Button
        w, h = self.window.get_size()
        k = max(theme.scale_for(w, h), TEXT_FLOOR)
        c = self.canvas
        c.reset()
        band = min(380 * k, h * 0.6)
        wide = min(w - 60 * k, 900 * k)
        c.rect(0, h / 2 - band / 2, w, band, (16, 24, 36))
        c.text(self.heading, w / 2, h / 2 + band * 0.25, self.pal.side_light[self.side], 34 * k, bold=True,
               anchor_x="center", anchor_y="center", width=int(wide), align="center")
        c.text(self.question, w / 2, h / 2 + band * 0.04, (230, 226, 214), 18 * k, anchor_x="center",
               anchor_y="center", width=int(wide), align="center")
        bw, bh = min(230 * k, (w - 80 * k) / 2), 44 * k
        c.button(Button("Accept the draw", lambda: self._answer(self.on_yes), "Y", accent=True, name="accept"),
                 w / 2 - bw - 20 * k, h / 2 - band * 0.3, bw, bh, size=14 * k)
        c.button(Button("Play on", lambda: self._answer(self.on_no), "N", name="decline"),
                 w / 2 + 20 * k, h / 2 - band * 0.3, bw, bh, size=14 * k)

    def _answer(self, action: Callable[[], None]) -> None:
        if self.age >= GRACE and not self.done:
            self.done = True
            action()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.Y:
            self._answer(self.on_yes)
        elif symbol in (arcade.key.N, arcade.key.ESCAPE):
            self._answer(self.on_no)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.canvas.click(x, y)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        self.canvas.hover(x, y)
