"""The current game's rules over its screen, without leaving it (``NavalWindow.show_rules_overlay``).

The overlay is not a View: switching views would hide the game's screen (which stops its
computer, drops its drag...). It is a layer of event handlers pushed on top of the screen's:
it draws the screen as it is, dims it, and lays the rules page over it; it takes every key and
mouse event while open, so the screen beneath sees none and is left exactly as it was. The
screen's ``on_update`` still runs (the computer may finish thinking meanwhile). Esc, F1 or
Close take the layer away.
"""

from __future__ import annotations

import arcade
from arcade.gui import UIManager

from navalgames.core.registry import GameSpec
from navalgames.ui import theme
from navalgames.ui.markdown import markdown_document
from navalgames.ui.palette import with_alpha
from navalgames.ui.rules_view import rules_markdown
from navalgames.ui.widgets import ACTIVATE_KEYS, Button, ScrollText, colours_of, put

CLOSE_KEYS = (arcade.key.ESCAPE, arcade.key.F1)


class RulesOverlay:
    def __init__(self, window: arcade.Window, spec: GameSpec) -> None:
        self.window = window
        self.spec = spec
        self.colours = c = colours_of(window)
        self.ui = UIManager(window)    # never enabled: this layer hands it the events itself
        width, height = window.get_size()
        self.scale = theme.scale_for(width, height)
        self.text = rules_markdown(spec)
        self.page = self.ui.add(ScrollText(markdown_document(self.text, c, self.scale), c))
        self.close_button = self.ui.add(Button("Close", self.close, c, primary=True))
        self.title = arcade.Text(f"Rules of {spec.title}", 0, 0, c.brass_light, theme.HEADING, font_name=theme.FONT,
                                 bold=True)
        self.hint = arcade.Text("Esc, F1 or Close returns to the game  ·  wheel, Up / Down, Page Up / Page Down "
                                "scroll", 0, 0, c.text, theme.SMALL, font_name=theme.FONT, italic=True,
                                anchor_x="right")
        self.layout(width, height)

    @property
    def is_open(self) -> bool:
        return getattr(self.window, "rules_overlay", None) is self

    def open(self) -> None:
        self.window.push_handlers(self)
        self.window.request_redraw()

    def close(self) -> None:
        self.window.remove_handlers(self)
        if self.is_open:
            self.window.rules_overlay = None
        self.window.request_redraw()

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        if s != self.scale:          # type set for the window's real size
            self.scale = s
            self.page.set_document(markdown_document(self.text, self.colours, s))
        page_w = min(900 * s, width - 80)
        left, top, bottom = (width - page_w) / 2, height - 40 - 50 * s, 40 + 56 * s
        self.title.font_size = theme.points(theme.HEADING, s)
        put(self.title, left, top + 14 * s)
        self.page.place(left, bottom, page_w, top - bottom)
        button_w, button_h = 160 * s, 44 * s
        self.close_button.place(left + page_w - button_w, bottom - button_h - 8 * s, button_w, button_h)
        self.close_button.set_font_size(theme.points(theme.BODY, s))
        self.hint.font_size = theme.points(theme.SMALL, s)
        put(self.hint, left + page_w - button_w - 20 * s, bottom - button_h / 2 - 8 * s - 4 * s)
        if self.hint.content_width > page_w - button_w - 20 * s:   # no room beside Close: leave it out
            self.hint.text = ""
        self.ui.trigger_render()

    # --- the layer's event handlers: True stops the event reaching the game's screen --------
    def on_draw(self) -> bool:
        view = self.window.current_view
        if view is not None:
            view.on_draw()               # the game's screen as it stands, beneath
        else:
            self.window.clear()
        self.window.default_camera.use()
        width, height = self.window.get_size()
        arcade.draw_lrbt_rectangle_filled(0, width, 0, height, with_alpha(self.colours.sea_deep, 200))
        self.title.draw()
        self.hint.draw()
        self.ui.draw()
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in CLOSE_KEYS or (symbol in ACTIVATE_KEYS and symbol != arcade.key.SPACE):
            self.close()
        elif self.page.scroll_key(symbol):
            pass
        elif symbol == arcade.key.SPACE:
            self.page.scroll_by(self.page.page())
        elif symbol == arcade.key.F11 and hasattr(self.window, "toggle_fullscreen"):
            self.window.toggle_fullscreen()
        return True

    def on_key_release(self, symbol: int, modifiers: int) -> bool:
        return True

    def on_text(self, text: str) -> bool:
        return True

    def on_text_motion(self, motion: int) -> bool:
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.ui.on_mouse_motion(x, y, dx, dy)
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.ui.on_mouse_press(x, y, button, modifiers)
        return True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.ui.on_mouse_release(x, y, button, modifiers)
        return True

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool:
        self.ui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        self.ui.on_mouse_scroll(x, y, scroll_x, scroll_y)
        return True

    def on_resize(self, width: int, height: int) -> None:
        self.ui.on_resize(width, height)
        self.layout(width, height)
        return None                      # the screen beneath lays itself out too
