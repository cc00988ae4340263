"""Small screen furniture for the Dover Patrol screens: buttons, text blocks, a name prompt.

Why not arcade.gui: its UIManager paints a window-sized surface every frame, which costs about
7 ms per frame on a software-rendered display (measured headless with llvmpipe), most of the
frame budget. These widgets draw only their own small rectangles: one SpriteList and one text
batch per panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import arcade
import pyglet

from navalgames.ui.theme import FONT as PANEL_FONT


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    key: str = ""                    # shown after the label, e.g. "E"
    enabled: bool = True
    rect: tuple[float, float, float, float] = (0, 0, 0, 0)   # left, bottom, width, height
    hot: bool = False                # mouse over it
    accent: bool = False             # the button the player most likely wants
    name: str = ""                   # stable id for tests ("end_turn")

    def contains(self, x: float, y: float) -> bool:
        left, bottom, width, height = self.rect
        return self.enabled and left <= x <= left + width and bottom <= y <= bottom + height

    @property
    def centre(self) -> tuple[float, float]:
        left, bottom, width, height = self.rect
        return left + width / 2, bottom + height / 2


@dataclass
class Style:
    face: tuple = (58, 70, 88)
    face_hot: tuple = (82, 98, 122)
    face_accent: tuple = (150, 116, 44)
    face_accent_hot: tuple = (186, 146, 60)
    face_disabled: tuple = (40, 46, 56)
    edge: tuple = (20, 24, 30)
    text: tuple = (238, 234, 222)
    text_disabled: tuple = (112, 118, 126)


class Canvas:
    """A set of rectangles, sprites and texts redrawn cheaply every frame; rebuilt on change.

    Views describe their panels into a Canvas (``rect``, ``text``, ``button``, ``sprite``) whenever
    something changes, then draw it each frame with one sprite-list draw and one batch draw.
    """

    def __init__(self, style: Style | None = None) -> None:
        self.style = style or Style()
        self.reset()

    def reset(self) -> None:
        self.shapes = arcade.SpriteList()
        self.sprites = arcade.SpriteList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self.buttons: list[Button] = []
        self._button_faces: list[tuple[Button, arcade.Sprite, arcade.Text]] = []

    def rect(self, left: float, bottom: float, width: float, height: float, colour,
             over_sprites: bool = False) -> arcade.Sprite:
        sprite = arcade.SpriteSolidColor(max(1, int(width)), max(1, int(height)),
                                         left + width / 2, bottom + height / 2, colour)
        (self.sprites if over_sprites else self.shapes).append(sprite)
        return sprite

    def text(self, value: str, x: float, y: float, colour=None, size: float = 12, *, bold: bool = False,
             anchor_x: str = "left", anchor_y: str = "baseline", width: int | None = None,
             italic: bool = False, align: str = "left") -> arcade.Text:
        # Whole pixels: a glyph drawn between pixels is resampled and its hairlines fade away
        # (at scales other than 1 a hyphen vanished: "h7-h6" read "h7 h6").
        x, y, width = round(x), round(y), int(width or 0)
        label = arcade.Text(value, x, y, colour or self.style.text, size, width=width,
                            multiline=bool(width), font_name=PANEL_FONT, bold=bold, italic=italic, align=align,
                            anchor_x=anchor_x, anchor_y=anchor_y, batch=self.batch)
        self.texts.append(label)
        return label

    def paragraph(self, value: str, left: float, top: float, width: float, colour=None, size: float = 12, *,
                  bold: bool = False, italic: bool = False, align: str = "left") -> float:
        """Text wrapped to ``width`` pixels below ``top``; returns its height."""
        label = self.text(value, left, top, colour, size, bold=bold, italic=italic, width=max(1, int(width)),
                          anchor_y="top", align=align)
        return label.content_height

    def sprite(self, texture: arcade.Texture, x: float, y: float, size: float, alpha: int = 255) -> arcade.Sprite:
        sprite = arcade.Sprite(texture)
        sprite.width = sprite.height = size
        sprite.position = (x, y)
        sprite.alpha = alpha
        self.sprites.append(sprite)
        return sprite

    def button(self, button: Button, left: float, bottom: float, width: float, height: float,
               size: float = 12) -> Button:
        button.rect = (left, bottom, width, height)
        self.rect(left - 1, bottom - 1, width + 2, height + 2, self.style.edge)
        face = self.rect(left, bottom, width, height, self.style.face)
        # the key hint goes first, then the size shrinks, before a label is cut at the button's edge
        label = button.label + (f"  ({button.key})" if button.key else "")
        if button.key and text_width(label, size, button.accent) > width - 8:
            label = button.label
        while size > 7 and text_width(label, size, button.accent) > width - 8:
            size -= 0.5
        text = self.text(label, left + width / 2, bottom + height / 2, size=size,
                         anchor_x="center", anchor_y="center", bold=button.accent)
        self.buttons.append(button)
        self._button_faces.append((button, face, text))
        self.refresh_buttons()
        return button

    def refresh_buttons(self) -> None:
        s = self.style
        for button, face, text in self._button_faces:
            if not button.enabled:
                face.color, text.color = s.face_disabled, s.text_disabled
            elif button.accent:
                face.color, text.color = (s.face_accent_hot if button.hot else s.face_accent), s.text
            else:
                face.color, text.color = (s.face_hot if button.hot else s.face), s.text

    def hover(self, x: float, y: float) -> bool:
        """Light the button under the mouse; True if anything changed."""
        changed = False
        for button in self.buttons:
            hot = button.contains(x, y)
            if hot != button.hot:
                button.hot, changed = hot, True
        if changed:
            self.refresh_buttons()
        return changed

    def click(self, x: float, y: float) -> bool:
        for button in self.buttons:
            if button.contains(x, y):
                button.action()
                return True
        return False

    def find(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name), None)

    def draw(self) -> None:
        self.shapes.draw()
        self.sprites.draw()
        self.batch.draw()


@lru_cache(maxsize=4096)
def text_width(value: str, size: float, bold: bool = False) -> int:
    """How wide ``value`` is drawn in the panel font, in pixels (remembered: panels are rebuilt often)."""
    return arcade.Text(value, 0, 0, font_size=size, font_name=PANEL_FONT, bold=bold).content_width


def text_height(value: str, size: float, width: float, italic: bool = False) -> int:
    """How tall ``value`` is once wrapped to ``width`` pixels in the panel font."""
    return arcade.Text(value, 0, 0, font_size=size, font_name=PANEL_FONT, italic=italic, width=max(1, int(width)),
                       multiline=True).content_height


def wrap(text: str, width_chars: int) -> list[str]:
    """Split ``text`` into lines of at most ``width_chars`` characters at spaces."""
    import textwrap
    return textwrap.wrap(text, width_chars) or [""]


@dataclass
class Prompt:
    """A one-line text entry (a formation's name): typed letters, Backspace, Enter, Escape."""

    question: str
    on_done: Callable[[str], None]
    value: str = ""
    max_length: int = 32
    allowed: str = field(default="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_'")

    def type(self, text: str) -> None:
        for ch in text:
            if ch in self.allowed and len(self.value) < self.max_length:
                self.value += ch

    def key(self, symbol: int) -> bool:
        """Handle Backspace/Enter/Escape; True when the prompt is finished (either way)."""
        if symbol == arcade.key.BACKSPACE:
            self.value = self.value[:-1]
        elif symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            if self.value.strip():
                self.on_done(self.value.strip())
                return True
        elif symbol == arcade.key.ESCAPE:
            return True
        return False
