"""A one-line text input in the launcher's style (label on the left, the typed text on paper).

Typing reaches it through its screen's ``on_text`` while it has the keyboard focus (a click
gives it the focus); Backspace deletes, Enter does the screen's action.
"""

from __future__ import annotations

from typing import Callable

import arcade
from arcade.gui import UIOnClickEvent

from navalgames.ui import theme
from navalgames.ui.palette import Palette, mix
from navalgames.ui.widgets import ACTIVATE_KEYS, KitWidget, fit, put


class TextField(KitWidget):
    def __init__(self, label: str, value: str, colours: Palette, *, on_enter: Callable[[], None],
                 on_focus: Callable[["TextField"], None], max_length: int = 80, upper: bool = False,
                 help_text: str = "") -> None:
        super().__init__(colours, help_text, width=400, height=38)
        self.label = label
        self.value = value
        self.on_enter = on_enter
        self.on_focus_wanted = on_focus
        self.max_length = max_length
        self.upper = upper
        self.label_share = 0.3
        self.label_text = arcade.Text(label, 0, 0, colours.ink, theme.BODY, font_name=theme.FONT,
                                      anchor_y="center")
        self.value_text = arcade.Text("", 0, 0, colours.ink, theme.BODY, font_name=theme.FONT,
                                      anchor_y="center")
        self.key = label

    def set_font_size(self, size: float) -> None:
        if self.label_text.font_size != size:
            self.label_text.font_size = self.value_text.font_size = size
            self.trigger_render()

    def type(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable() and ch not in "\r\n\t")
        if self.upper:
            text = text.upper()
        if text:
            self.value = (self.value + text)[: self.max_length]
            self.trigger_render()

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.BACKSPACE:
            self.value = self.value[:-1]
            self.trigger_render()
            return True
        if symbol in ACTIVATE_KEYS and symbol != arcade.key.SPACE:
            self.on_enter()
            return True
        return symbol == arcade.key.SPACE    # a space is typed (on_text), not a click

    def on_click(self, event: UIOnClickEvent) -> None:
        self.on_focus_wanted(self)

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        lit = self.hovered or self.keyboard_focus     # always on paper: the label shows on any screen
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, mix(c.paper, c.brass_light, 0.45) if lit else c.paper)
        box_left = w * self.label_share
        box_w = w - box_left - 4
        arcade.draw_lbwh_rectangle_filled(box_left, 5, box_w, h - 10, c.paper_dark)
        arcade.draw_lbwh_rectangle_outline(box_left, 5, box_w, h - 10, c.ink_muted, 1)
        fit(self.label_text, self.label, box_left - 16)
        put(self.label_text, 8, h / 2)
        self.label_text.draw()
        shown = self.value
        self.value_text.text = shown
        while shown and self.value_text.content_width > box_w - 30:   # keep the end in view
            shown = shown[1:]
            self.value_text.text = "…" + shown
        put(self.value_text, box_left + 10, h / 2)
        self.value_text.draw()
        if self.keyboard_focus:      # the caret
            x = box_left + 12 + (self.value_text.content_width if self.value else 0)
            arcade.draw_line(x, h / 2 - h * 0.25, x, h / 2 + h * 0.25, c.ink, 2)
        self.draw_focus(w, h)
