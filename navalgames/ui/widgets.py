"""The shared UI kit: buttons, selectors, game cards, scrolling text, and a menu screen base.

All widgets are ``arcade.gui`` widgets placed at explicit rectangles by their screen's
``layout(width, height)``, which runs again on every resize. Keyboard focus is kept by
``MenuView`` (not arcade's experimental focus groups): Tab / Shift+Tab and the arrow keys move
it, Enter or Space activates, Left / Right change a selector, Escape goes back. Colours come
from the window's palette, so the colour-blind setting applies everywhere.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import arcade
from arcade.gui import (UIInteractiveWidget, UIManager, UIMouseEvent, UIMouseScrollEvent, UIOnClickEvent,
                        UIWidget)
from arcade.gui.property import Property, bind
from arcade.types import LBWH, Rect

from navalgames.ui import theme
from navalgames.ui.palette import Palette, mix, palette

ACTIVATE_KEYS = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER, arcade.key.SPACE)


def put(text: arcade.Text, x: float, y: float) -> None:
    """Place text on whole pixels: glyphs drawn at half pixels lose their hairlines (i-dots, hyphens)."""
    position = (round(x), round(y))
    if text.position != position:
        text.position = position


def fit(text: arcade.Text, wanted: str, width: float) -> None:
    """Show ``wanted`` in ``text``, cut short with an ellipsis if it is wider than ``width``."""
    if text.text != wanted:
        text.text = wanted
    if text.content_width <= width or len(wanted) < 4:
        return
    low, high = 1, len(wanted) - 1          # the longest prefix that fits, by halving
    while low < high:
        mid = (low + high + 1) // 2
        text.text = wanted[:mid].rstrip() + "…"
        low, high = (mid, high) if text.content_width <= width else (low, mid - 1)
    text.text = wanted[:low].rstrip() + "…"


def clear_before_drawing(widget: UIWidget) -> None:
    """Wipe the widget's patch of the UI surface before each redraw.

    arcade.gui redraws only changed widgets, over what was there: text on a see-through widget
    would thicken with every redraw.
    """
    widget.with_background(color=arcade.types.Color(0, 0, 0, 0))
    widget._strong_background = True


def colours_of(window: arcade.Window) -> Palette:
    settings = getattr(window, "settings", None)
    return palette(bool(settings and settings.colour_blind))


class KitWidget(UIInteractiveWidget):
    """Base of the kit's interactive widgets: keyboard focus drawn as a bright ring."""

    keyboard_focus = Property(False)

    def __init__(self, colours: Palette, help_text: str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.colours = colours
        self.help_text = help_text   # shown by the screen while this widget is focused or hovered
        self.key = ""                # names the widget across rebuilds, so focus can come back to it
        bind(self, "keyboard_focus", KitWidget.trigger_render)
        clear_before_drawing(self)

    def on_event(self, event) -> bool | None:
        # arcade hit-tests a hidden widget too: a hidden button lying under a shown one (Yes/No
        # over Accept/Refuse) would take its clicks and do nothing
        if not self.visible and isinstance(event, UIMouseEvent):
            return False
        return super().on_event(event)

    def place(self, left: float, bottom: float, width: float, height: float) -> None:
        self.rect = LBWH(round(left), round(bottom), round(width), round(height))

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        """React to a key while focused; True if used."""
        return False

    def activate(self) -> None:
        """What Enter does, and what a click does unless the widget says otherwise."""

    def on_click(self, event: UIOnClickEvent) -> None:
        if not self.disabled:
            self.activate()

    def draw_focus(self, width: float, height: float) -> None:
        if self.keyboard_focus:   # a bright ring with a dark edge shows on paper, brass and sea alike
            arcade.draw_lbwh_rectangle_outline(2, 2, width - 4, height - 4, self.colours.selection, 3)
            arcade.draw_lbwh_rectangle_outline(4, 4, width - 8, height - 8, self.colours.ink, 1)


class Button(KitWidget):
    """A labelled button; ``primary`` ones are brass (Start), the others sea-coloured."""

    def __init__(self, text: str, action: Callable[[], Any], colours: Palette, *, primary: bool = False,
                 on_paper: bool = False, font_size: float = theme.BODY, help_text: str = "") -> None:
        super().__init__(colours, help_text, width=160, height=44)
        self.action = action
        self.primary = primary
        self.on_paper = on_paper
        self.label = arcade.Text(text, 0, 0, colours.text, font_size, font_name=theme.FONT,
                                 anchor_x="center", anchor_y="center", bold=primary)
        self.key = text

    @property
    def text(self) -> str:
        return self.label.text

    def set_font_size(self, size: float) -> None:
        if self.label.font_size != size:
            self.label.font_size = size
            self.trigger_render()

    def activate(self) -> None:
        self.action()

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ACTIVATE_KEYS and not self.disabled:
            self.activate()
            return True
        return False

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        lit = self.hovered or self.keyboard_focus
        if self.disabled:
            fill, ink, edge = mix(c.sea, c.rock, 0.6), c.text_muted, c.rock
        elif self.primary:
            fill, ink, edge = (c.brass_light if lit else c.brass), c.ink, c.ink
        elif self.on_paper:
            fill, ink, edge = (c.paper_dark if lit else c.paper), c.ink, c.ink_muted
        else:
            fill, ink, edge = mix(c.sea, c.sea_light, 0.95 if lit else 0.35), c.text, c.brass
        if self.pressed and not self.disabled:
            fill = c.selection
            ink = c.ink
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, fill)
        arcade.draw_lbwh_rectangle_outline(0, 0, w, h, edge, 2)
        arcade.draw_lbwh_rectangle_outline(5, 5, w - 10, h - 10, mix(fill, edge, 0.4), 1)
        self.label.color = ink
        put(self.label, w / 2, h / 2)
        self.label.draw()
        self.draw_focus(w, h)


class Selector(KitWidget):
    """A labelled choice among values, drawn ``Label   < value >`` on paper.

    Click the left arrow for the previous value, anywhere else on the value for the next;
    Left / Right keys step, Enter steps forward. Numbers do not wrap around; lists do.
    """

    def __init__(self, label: str, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None], colours: Palette, *, default: Any = None,
                 wrap: bool = True, help_text: str = "", font_size: float = theme.BODY) -> None:
        super().__init__(colours, help_text, width=400, height=38)
        if not choices:
            raise ValueError(f"selector {label!r} has nothing to choose from")
        self.choices = list(choices)
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.default = default
        self.wrap = wrap
        self.label = label
        self.label_text = arcade.Text(label, 0, 0, colours.ink, font_size, font_name=theme.FONT,
                                      anchor_y="center")
        self.value_text = arcade.Text("", 0, 0, colours.ink, font_size, font_name=theme.FONT,
                                      anchor_x="center", anchor_y="center")
        self.label_share = 0.5
        self.key = label

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def value_label(self) -> str:
        return self.choices[self.index][1]

    def set_font_size(self, size: float) -> None:
        if self.label_text.font_size != size:
            self.label_text.font_size = size
            self.value_text.font_size = size
            self.trigger_render()

    def label_width(self) -> float:
        """How wide the whole label is at the current type size."""
        if self.label_text.text != self.label:
            self.label_text.text = self.label
        return self.label_text.content_width

    def step(self, delta: int) -> None:
        n = len(self.choices)
        index = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if index != self.index:
            self.index = index
            self.trigger_render()
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def on_click(self, event: UIOnClickEvent) -> None:
        if self.disabled:
            return
        box_left = self.left + self.width * self.label_share
        self.step(-1 if event.x < box_left + self.height else 1)

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        if self.disabled:
            return False
        if symbol == arcade.key.LEFT:
            self.step(-1)
        elif symbol in (arcade.key.RIGHT, *ACTIVATE_KEYS):
            self.step(1)
        else:
            return False
        return True

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        if self.hovered or self.keyboard_focus:
            arcade.draw_lbwh_rectangle_filled(0, 0, w, h, mix(c.paper, c.brass_light, 0.45))
        box_left = w * self.label_share
        box_w = w - box_left - 4
        changed = self.default is not None and self.value != self.default
        arcade.draw_lbwh_rectangle_filled(box_left, 5, box_w, h - 10, c.paper_dark)
        arcade.draw_lbwh_rectangle_outline(box_left, 5, box_w, h - 10, c.brass if changed else c.ink_muted,
                                           2 if changed else 1)
        arrow = c.ink_muted if self.disabled else c.ink
        mid, s = h / 2, min(7.0, h / 5)
        can_back = self.wrap or self.index > 0
        can_fwd = self.wrap or self.index < len(self.choices) - 1
        if can_back:
            arcade.draw_triangle_filled(box_left + 10, mid, box_left + 10 + s * 1.3, mid + s,
                                        box_left + 10 + s * 1.3, mid - s, arrow)
        if can_fwd:
            right = box_left + box_w - 10
            arcade.draw_triangle_filled(right, mid, right - s * 1.3, mid + s, right - s * 1.3, mid - s, arrow)
        self.label_text.color = c.ink_muted if self.disabled else c.ink
        fit(self.label_text, self.label, box_left - 16)
        put(self.label_text, 8, mid)
        self.label_text.draw()
        self.value_text.bold = changed
        fit(self.value_text, self.value_label, box_w - 4 * s - 24)
        self.value_text.color = arrow
        put(self.value_text, box_left + box_w / 2, mid)
        self.value_text.draw()
        self.draw_focus(w, h)


class GameCard(KitWidget):
    """One registered game: picture, name, year, one-line description and a status line."""

    def __init__(self, title: str, year: int, description: str, picture: arcade.Texture | None,
                 note: str, note_is_problem: bool, action: Callable[[], Any], colours: Palette) -> None:
        super().__init__(colours, help_text=f"Set up a game of {title}", width=400, height=360)
        self.action = action
        self.picture = picture
        self.note_is_problem = note_is_problem
        self.title = arcade.Text(title, 0, 0, colours.ink, theme.HEADING, font_name=theme.FONT, bold=True)
        self.year = arcade.Text(str(year), 0, 0, colours.ink_muted, theme.BODY, font_name=theme.FONT,
                                italic=True, anchor_x="right")
        self.description = arcade.Text(description, 0, 0, colours.ink, theme.SMALL + 1, font_name=theme.FONT,
                                       multiline=True, width=300, anchor_y="top")
        self.note = arcade.Text(note, 0, 0, colours.bad_ink if note_is_problem else colours.ink_muted,
                                theme.SMALL, font_name=theme.FONT, italic=True, multiline=True, width=300)

    def activate(self) -> None:
        self.action()

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def set_scale(self, scale: float) -> None:
        for text, size in ((self.title, theme.HEADING), (self.year, theme.BODY),
                           (self.description, theme.SMALL + 1), (self.note, theme.SMALL)):
            if text.font_size != theme.points(size, scale):
                text.font_size = theme.points(size, scale)
        self.trigger_render()

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        lit = self.hovered or self.keyboard_focus
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, c.paper)
        pad = max(8, round(w * 0.025))
        pic_w = w - 2 * pad
        pic_h = pic_w * 0.625
        pic_bottom = h - pad - pic_h
        if self.picture is not None:
            arcade.draw_texture_rect(self.picture, LBWH(pad, pic_bottom, pic_w, pic_h))
        else:
            arcade.draw_lbwh_rectangle_filled(pad, pic_bottom, pic_w, pic_h, c.sea)
        arcade.draw_lbwh_rectangle_outline(pad, pic_bottom, pic_w, pic_h, c.ink, 1)
        line_y = pic_bottom - pad - self.title.content_height * 0.8
        put(self.title, pad + 4, line_y)
        put(self.year, w - pad - 4, line_y)
        self.description.width = round(pic_w - 8)
        put(self.description, pad + 4, line_y - self.title.content_height * 0.45)
        self.note.width = round(pic_w - 8)
        put(self.note, pad + 4, pad + 2 + self.note.content_height - self.note.font_size * 1.3)
        for text in (self.title, self.year, self.description, self.note):
            text.draw()
        edge = c.brass if lit else c.ink_muted
        arcade.draw_lbwh_rectangle_outline(0, 0, w, h, edge, 6 if lit else 2)
        self.draw_focus(w, h)


class SaveRow(KitWidget):
    """One line of the Continue list: a saved game, or an unreadable file and why."""

    def __init__(self, heading: str, details: str, tag: str, problem: bool, action: Callable[[], Any],
                 colours: Palette) -> None:
        super().__init__(colours, width=600, height=64)
        self.action = action
        self.problem = problem
        self.heading = arcade.Text(heading, 0, 0, colours.ink, theme.BODY + 1, font_name=theme.FONT, bold=True,
                                   anchor_y="center")
        self.details = arcade.Text(details, 0, 0, colours.bad_ink if problem else colours.ink_muted, theme.SMALL,
                                   font_name=theme.FONT, italic=problem, anchor_y="center")
        self.tag = arcade.Text(tag, 0, 0, colours.ink_muted, theme.SMALL, font_name=theme.FONT, italic=True,
                               anchor_x="right", anchor_y="center")

    def activate(self) -> None:
        self.action()

    def handle_key(self, symbol: int, modifiers: int) -> bool:
        if symbol in ACTIVATE_KEYS:
            self.activate()
            return True
        return False

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        lit = (self.hovered or self.keyboard_focus)
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, c.paper_dark if lit else c.paper)
        arcade.draw_lbwh_rectangle_filled(0, 0, 6, h, c.bad if self.problem else c.brass)
        arcade.draw_line(0, 0, w, 0, mix(c.paper, c.ink_muted, 0.5), 1)
        put(self.heading, 20, h * 0.66)
        put(self.details, 20, h * 0.3)
        put(self.tag, w - 16, h * 0.66)
        for text in (self.heading, self.details, self.tag):
            text.draw()
        self.draw_focus(w, h)


class ScrollText(UIWidget):
    """A scrollable pyglet document on paper (the rules), with a scroll bar.

    Mouse wheel scrolls when the pointer is over it; screens pass keys to ``scroll_by`` /
    ``scroll_to``. Built on pyglet's IncrementalTextLayout, so long texts lay out lazily.
    """

    def __init__(self, document, colours: Palette) -> None:
        super().__init__(width=600, height=400)
        import pyglet
        self.colours = colours
        self.document = document
        self.pad = 28
        self.text_layout = pyglet.text.layout.IncrementalTextLayout(
            document, width=500, height=300, multiline=True, wrap_lines=True)
        clear_before_drawing(self)

    def place(self, left: float, bottom: float, width: float, height: float) -> None:
        self.rect = LBWH(round(left), round(bottom), round(width), round(height))
        layout = self.text_layout
        w, h = max(50, int(width - 2 * self.pad - 14)), max(50, int(height - 2 * self.pad))
        if (layout.width, layout.height) != (w, h):
            offset = layout.view_y
            layout.begin_update()
            layout.width, layout.height = w, h
            layout.x, layout.y = self.pad, self.pad
            layout.end_update()
            layout.view_y = offset
        self.trigger_render()

    def set_document(self, document) -> None:
        """Show another document (the same text set for a new window size), keeping the place
        read as a share of the whole."""
        share = self.scrolled / self.scroll_range if self.scroll_range else 0.0
        self.document = document
        self.text_layout.document = document
        self.scroll_to(share * self.scroll_range)

    @property
    def scroll_range(self) -> int:
        """How far the text can scroll, in pixels (0 when it all fits)."""
        return max(0, self.text_layout.content_height - self.text_layout.height)

    @property
    def scrolled(self) -> int:
        return -self.text_layout.view_y

    def scroll_to(self, pixels: float) -> None:
        self.text_layout.view_y = -round(max(0, min(self.scroll_range, pixels)))
        self.trigger_render()

    def scroll_by(self, pixels: float) -> None:
        self.scroll_to(self.scrolled + pixels)

    def page(self) -> int:
        return max(40, self.text_layout.height - 60)

    def scroll_key(self, symbol: int) -> bool:
        """Up / Down, Page Up / Page Down, Home / End scroll the text; True if the key was one."""
        steps = {arcade.key.UP: -48, arcade.key.DOWN: 48, arcade.key.PAGEUP: -self.page(),
                 arcade.key.PAGEDOWN: self.page()}
        if symbol in steps:
            self.scroll_by(steps[symbol])
        elif symbol == arcade.key.HOME:
            self.scroll_to(0)
        elif symbol == arcade.key.END:
            self.scroll_to(self.scroll_range)
        else:
            return False
        return True

    def on_event(self, event) -> bool | None:
        if isinstance(event, UIMouseScrollEvent) and self.rect.point_in_rect(event.pos):
            self.scroll_by(-event.scroll_y * 48)
            return True
        return super().on_event(event)

    def do_render(self, surface) -> None:
        self.prepare_render(surface)
        c, w, h = self.colours, self.content_width, self.content_height
        arcade.draw_lbwh_rectangle_filled(0, 0, w, h, c.paper)
        arcade.draw_lbwh_rectangle_outline(0, 0, w, h, c.ink_muted, 2)
        self.text_layout.draw()
        if self.scroll_range:
            track_h = h - 2 * self.pad
            thumb_h = max(30, track_h * self.text_layout.height / self.text_layout.content_height)
            top = h - self.pad - (track_h - thumb_h) * self.scrolled / self.scroll_range
            arcade.draw_lbwh_rectangle_filled(w - 16, self.pad, 6, track_h, mix(c.paper, c.ink_muted, 0.25))
            arcade.draw_lbwh_rectangle_filled(w - 17, top - thumb_h, 8, thumb_h, c.brass)


class MenuView(arcade.View):
    """A launcher screen: chart background, widgets, keyboard focus and a help line.

    Subclasses implement ``build()`` (make widgets, set ``self.focus_order``) and
    ``layout(width, height)`` (place them; runs on show and on every resize), and may draw
    extra text in ``draw_texts()``. Escape calls ``back()``.
    """

    def __init__(self) -> None:
        super().__init__()
        self.ui = UIManager()
        self.focus_order: list[KitWidget] = []
        self.focused: KitWidget | None = None
        self.colours = colours_of(self.window)
        self.background = theme.ChartBackground(self.colours)
        self.help_line = help_text_line(self.colours)
        self.built = False

    # --- life cycle ----------------------------------------------------------------------
    def on_show_view(self) -> None:
        self.colours = colours_of(self.window)
        self.background = theme.ChartBackground(self.colours)
        self.help_line = help_text_line(self.colours)
        if not self.built:
            self.build()
            self.built = True
        self.ui.enable()
        self.relayout()

    def on_hide_view(self) -> None:
        self.ui.disable()

    def rebuild(self) -> None:
        """Make the widgets again (after a change of palette or content), keeping the focus slot."""
        old = self.focused
        slot = self.focus_order.index(old) if old in self.focus_order else None
        self.ui.clear()
        self.focus_order = []
        self.focused = None
        self.build()
        same = [w for w in self.focus_order if old is not None and old.key and w.key == old.key]
        if same:
            self.set_focus(same[0])
        elif slot is not None and self.focus_order:
            self.set_focus(self.focus_order[min(slot, len(self.focus_order) - 1)])
        self.relayout()

    def relayout(self) -> None:
        self.on_resize(*self.window.get_size())

    def on_resize(self, width: int, height: int) -> None:
        self.background.resize(width, height)
        self.layout(width, height)
        s = theme.scale_for(width, height)
        self.help_line.font_size = theme.points(theme.SMALL, s)
        wrap_text(self.help_line, min(width - 80, 1100 * s))   # long help wraps inside the window
        put(self.help_line, width / 2, 22)
        self.ui.trigger_render()

    def build(self) -> None:
        raise NotImplementedError

    def layout(self, width: int, height: int) -> None:
        raise NotImplementedError

    def draw_texts(self) -> None:
        """Text drawn over the background and under the widgets."""

    def back(self) -> None:
        """Escape: by default, back to the launcher's main screen."""
        self.window.show_launcher()

    # --- drawing -------------------------------------------------------------------------
    def on_draw(self) -> None:
        self.clear(color=self.colours.sea_deep)
        self.background.draw()
        self.draw_texts()
        self.ui.draw()
        self.draw_help()

    def draw_help(self) -> None:
        """The help line at the bottom, on a band of deep sea so it reads over anything."""
        line = self.help_line
        line.text = self.current_help()
        if not line.text:
            return
        w, h = line.content_width + 24, line.content_height + 6
        arcade.draw_lbwh_rectangle_filled(self.window.width / 2 - w / 2, line.y - 3, w, h,
                                          (*self.colours.sea_deep, 235))
        line.draw()

    def current_help(self) -> str:
        for widget in self.focus_order:
            if widget.hovered and widget.help_text:
                return widget.help_text
        if self.focused is not None and self.focused.help_text:
            return self.focused.help_text
        return "Tab or the arrow keys move  ·  Enter chooses  ·  Esc goes back"

    # --- keyboard ------------------------------------------------------------------------
    def set_focus(self, widget: KitWidget | None) -> None:
        if self.focused is not None:
            self.focused.keyboard_focus = False
        self.focused = widget
        if widget is not None:
            widget.keyboard_focus = True
            self.on_focus(widget)

    def on_focus(self, widget: KitWidget) -> None:
        """Hook: a screen may scroll to keep the focused widget in view."""

    def move_focus(self, step: int) -> None:
        usable = [w for w in self.focus_order if not w.disabled and w.visible]
        if not usable:
            return
        if self.focused not in usable:
            self.set_focus(usable[0] if step > 0 else usable[-1])
            return
        self.set_focus(usable[(usable.index(self.focused) + step) % len(usable)])

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if symbol == arcade.key.ESCAPE:
            self.back()
        elif symbol == arcade.key.TAB:
            self.move_focus(-1 if modifiers & arcade.key.MOD_SHIFT else 1)
        elif self.focused is not None and self.focused.handle_key(symbol, modifiers):
            pass
        elif symbol in (arcade.key.UP, arcade.key.LEFT):
            self.move_focus(-1)
        elif symbol in (arcade.key.DOWN, arcade.key.RIGHT):
            self.move_focus(1)
        elif symbol in ACTIVATE_KEYS and self.focused is None:
            self.move_focus(1)
        else:
            return None
        return True


def help_text_line(colours: Palette) -> arcade.Text:
    """The screens' help line: centred, wrapping to the width it is given, growing upwards."""
    return arcade.Text("", 0, 0, colours.text_muted, theme.SMALL, font_name=theme.FONT, anchor_x="center",
                       anchor_y="bottom", italic=True, multiline=True, width=800, align="center")


def wrap_text(text: arcade.Text, width: float) -> None:
    """Give a multiline text a new wrapping width (whole pixels, as pyglet wants)."""
    if text.width != round(width):
        text.width = round(width)


def centre_rect(rect: Rect) -> tuple[float, float]:
    return rect.center_x, rect.center_y
