"""Small screen furniture for the Dover Patrol screens: buttons, text blocks, a name prompt.

Why not arcade.gui: its UIManager paints a window-sized surface every frame, which costs about
7 ms per frame on a software-rendered display (measured headless with llvmpipe), most of the
frame budget. These widgets draw only their own small rectangles: one SpriteList and one text
batch per panel.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

import arcade
import pyglet

from navalgames.ui.theme import FONT as PANEL_FONT

KEEP_SPARES = 6      # rebuilds a text may go unused, hidden, before it is deleted


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
        """Start describing the panel again. The texts of the last description are kept as spares:
        a panel rebuilt after a move mostly shows the same words, and making an arcade.Text costs
        about a millisecond on a software renderer while moving one costs next to nothing. A spare
        left unused is hidden, not deleted, for a few rebuilds: the lines a new log line pushed out
        come back after an undo or a turn of the wheel."""
        if not hasattr(self, "batch"):
            # sprites are kept too, and given new places and colours: a new sprite list costs
            # GPU buffers, a changed sprite only a few numbers
            self.shapes = arcade.SpriteList()
            self.sprites = arcade.SpriteList()
            self.overlays = arcade.SpriteList()      # rectangles drawn over the sprites
            self.batch = pyglet.graphics.Batch()
            self._described: list[tuple[tuple, arcade.Text]] = []
            self._spare: dict[tuple, list[arcade.Text]] = {}
            self._idle: dict[int, int] = {}           # id of a spare text -> rebuilds it went unused
        self._age_spares()
        for key, label in self._described:
            self._spare.setdefault(key, []).append(label)
            self._idle[id(label)] = 0
        self._described = []
        self._hide_spares = True
        self._used = {id(pool): 0 for pool in (self.shapes, self.sprites, self.overlays)}
        # what was described, each with its pixel box last, to tell whether a rebuild changed
        # anything and where (then only that is drawn again)
        self.previous, self.described = getattr(self, "described", None), []
        self.texts: list[arcade.Text] = []
        self.buttons: list[Button] = []
        self._button_faces: list[tuple[Button, arcade.Sprite, arcade.Text]] = []

    def rect(self, left: float, bottom: float, width: float, height: float, colour,
             over_sprites: bool = False) -> arcade.Sprite:
        """A filled rectangle, under the sprites (or over them: a tag on a tray icon)."""
        width, height = max(1, int(width)), max(1, int(height))
        centre = (left + width / 2, bottom + height / 2)
        pool = self.overlays if over_sprites else self.shapes
        if self._used[id(pool)] < len(pool):
            sprite = pool[self._used[id(pool)]]
            if (sprite.width, sprite.height) != (width, height):
                sprite.width, sprite.height = width, height
            if sprite.position != centre:
                sprite.position = centre
            set_colour(sprite, colour)
        else:
            sprite = arcade.SpriteSolidColor(width, height, *centre, colour)
            pool.append(sprite)
        self._used[id(pool)] += 1
        self.described.append(("rect", left, bottom, width, height, tuple(colour), over_sprites,
                               (left, bottom, width, height)))
        return sprite

    def text(self, value: str, x: float, y: float, colour=None, size: float = 12, *, bold: bool = False,
             anchor_x: str = "left", anchor_y: str = "baseline", width: int | None = None,
             italic: bool = False, align: str = "left") -> arcade.Text:
        """A text at (x, y). ``width``: wrap to that many pixels (multiline). Placed on whole
        pixels: glyphs drawn at half pixels lose their thin strokes (hyphens, the bar of a t)."""
        colour = tuple(colour or self.style.text)
        size = round(size * 2) / 2
        width = round(width) if width else 0
        position = (round(x), round(y))
        key = (value, size, bold, italic, width, anchor_x, anchor_y, align)
        spares = self._spare.get(key)
        if spares:
            label = spares.pop()
            if label.text != value:        # a caller changed it since (the thinking dots)
                label.text = value
            if label.position != position:
                label.position = position
            set_colour(label, colour)
            if not label.visible:
                label.visible = True
            del self._idle[id(label)]
        else:
            label = arcade.Text(value, *position, colour, size, width=width, multiline=bool(width),
                                font_name=PANEL_FONT, bold=bold, italic=italic, align=align,
                                anchor_x=anchor_x, anchor_y=anchor_y, batch=self.batch)
        self._described.append((key, label))
        self.texts.append(label)
        self.described.append((key, position, colour, text_box(label)))
        return label

    def para(self, value: str, left: float, top: float, width: float, colour=None, size: float = 12,
             **style) -> float:
        """Text wrapped to ``width`` pixels, its top at ``top``; returns the height it takes."""
        label = self.text(value, left, top, colour, size, width=int(width), anchor_y="top", **style)
        return label.content_height

    def take_back(self, label: arcade.Text) -> None:
        """Leave out a text just described (it did not fit); it stays a spare for next time."""
        for i in range(len(self._described) - 1, -1, -1):
            key, found = self._described[i]
            if found is label:
                del self._described[i]
                self._spare.setdefault(key, []).append(label)
                self._idle[id(label)] = 0
                break
        self.texts.remove(label)
        self.described = [d for d in self.described if d[0] != key or d[1] != tuple(label.position)]

    def retext(self, label: arcade.Text, value: str) -> tuple[int, int, int, int]:
        """Change the words of a described text between rebuilds (the thinking dots); returns the
        pixel box to draw again, and notes what is shown for the next rebuild to compare with."""
        before = text_box(label)
        label.text = value
        box = join(before, text_box(label))
        position = tuple(label.position)
        for i in range(len(self.described) - 1, -1, -1):
            key, *rest = self.described[i]
            if len(rest) == 3 and rest[0] == position:       # a text's entry: key, position, colour, box
                self.described[i] = ((value,) + key[1:], position, rest[1], join(rest[2], box))
                break
        return box

    def changed_boxes(self, pad: int = 3) -> list[tuple[int, int, int, int]] | None:
        """The pixel boxes (x, y, width, height) of what the last rebuild added, moved, recoloured
        or left out, padded for glyphs that reach past their layout; None after the first build."""
        if self.previous is None:
            return None
        before, after = Counter(self.previous), Counter(self.described)
        return [(int(x) - pad, int(y) - pad, int(w) + 2 * pad + 1, int(h) + 2 * pad + 1)
                for entry in (before - after) + (after - before) for x, y, w, h in [entry[-1]]]

    def _age_spares(self) -> None:
        """Spares unused for KEEP_SPARES rebuilds leave the batch for good."""
        for key in list(self._spare):
            kept = []
            for label in self._spare[key]:
                self._idle[id(label)] += 1
                if self._idle[id(label)] > KEEP_SPARES:
                    del self._idle[id(label)]
                    label.label.delete()
                else:
                    kept.append(label)
            if kept:
                self._spare[key] = kept
            else:
                del self._spare[key]

    def _hide_unused(self) -> None:
        """Texts the last description did not use again are hidden (kept as spares)."""
        for spares in self._spare.values():
            for label in spares:
                if label.visible:
                    label.visible = False

    def sprite(self, texture: arcade.Texture, x: float, y: float, size: float, alpha: int = 255) -> arcade.Sprite:
        if self._used[id(self.sprites)] < len(self.sprites):
            sprite = self.sprites[self._used[id(self.sprites)]]
            if sprite.texture is not texture:
                sprite.texture = texture
        else:
            sprite = arcade.Sprite(texture)
            self.sprites.append(sprite)
        self._used[id(self.sprites)] += 1
        self.described.append((id(texture), x, y, size, alpha, (x - size / 2, y - size / 2, size, size)))
        if (sprite.width, sprite.height) != (size, size):
            sprite.width = sprite.height = size
        if sprite.position != (x, y):
            sprite.position = (x, y)
        if sprite.alpha != alpha:
            sprite.alpha = alpha
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
        self.described.append(("button", button.name, button.enabled, button.accent, button.hot,
                               (left - 1, bottom - 1, width + 2, height + 2)))
        self._paint(button, face, text)
        return button

    def refresh_buttons(self) -> None:
        for button, face, text in self._button_faces:
            self._paint(button, face, text)

    def _paint(self, button: Button, face: arcade.Sprite, text: arcade.Text) -> None:
        s = self.style
        if not button.enabled:
            colours = s.face_disabled, s.text_disabled
        elif button.accent:
            colours = (s.face_accent_hot if button.hot else s.face_accent), s.text
        else:
            colours = (s.face_hot if button.hot else s.face), s.text
        set_colour(face, colours[0])
        set_colour(text, colours[1])

    def hover(self, x: float, y: float) -> list[tuple[float, float, float, float]]:
        """Light the button under the mouse; returns the boxes of the buttons that changed."""
        changed = []
        for button in self.buttons:
            hot = button.contains(x, y)
            if hot != button.hot:
                button.hot = hot
                left, bottom, width, height = button.rect
                changed.append((int(left) - 2, int(bottom) - 2, int(width) + 4, int(height) + 4))
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
        if self._hide_spares:
            self._hide_spares = False
            self._hide_unused()
        for pool in (self.shapes, self.sprites, self.overlays):
            while len(pool) > self._used[id(pool)]:      # what the last description did not use again
                pool.pop()
            pool.draw()
        self.batch.draw()


def text_box(label: arcade.Text) -> tuple[int, int, int, int]:
    """The pixel box (x, y, width, height) a text's layout takes."""
    layout = label.label
    left, bottom = layout.left, layout.bottom
    width = max(layout.content_width, layout.width or 0)     # a one-line text has no width of its own
    return int(left), int(bottom), int(width) + 1, int(layout.top - bottom) + 1


def join(a: tuple, b: tuple) -> tuple:
    """The smallest box (x, y, width, height) holding boxes ``a`` and ``b``."""
    x, y = min(a[0], b[0]), min(a[1], b[1])
    return x, y, max(a[0] + a[2], b[0] + b[2]) - x, max(a[1] + a[3], b[1] + b[3]) - y


@lru_cache(maxsize=4096)
def text_width(value: str, size: float, bold: bool = False) -> int:
    """How wide ``value`` is drawn in the panel font, in pixels (remembered: panels are rebuilt often)."""
    return arcade.Text(value, 0, 0, font_size=size, font_name=PANEL_FONT, bold=bold).content_width


@lru_cache(maxsize=4096)
def text_height(value: str, size: float, width: float, italic: bool = False) -> int:
    """How tall ``value`` is once wrapped to ``width`` pixels in the panel font."""
    return arcade.Text(value, 0, 0, font_size=size, font_name=PANEL_FONT, italic=italic, width=max(1, int(width)),
                       multiline=True).content_height

def set_colour(thing, colour) -> None:
    """Give a sprite or a text a colour, only if it is another one (each change costs)."""
    wanted = arcade.types.Color.from_iterable(colour)
    if thing.color != wanted:
        thing.color = wanted


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
