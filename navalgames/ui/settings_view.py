"""Settings: window size or full screen, sound, the colour-blind palette and how long the computer
may think. Saved at once."""

from __future__ import annotations

import arcade

from navalgames.core.settings import THINK_CHOICES
from navalgames.ui import theme
from navalgames.ui.palette import palette
from navalgames.ui.widgets import put, Button, MenuView, Selector

WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080), (2560, 1440))
ON_OFF = [(False, "Off"), (True, "On")]


class SettingsView(MenuView):
    def __init__(self) -> None:
        super().__init__()
        self.message = "Changes take effect and are saved at once."

    def build(self) -> None:
        c = self.colours
        st = self.window.settings
        self.heading = arcade.Text("Settings", 0, 0, c.brass_light, theme.HEADING + 8, font_name=theme.FONT,
                                   bold=True, anchor_x="center")
        sizes = list(WINDOW_SIZES)
        if (st.width, st.height) not in sizes:
            sizes.append((st.width, st.height))
            sizes.sort()
        self.rows = [
            Selector("Window size", [(size, f"{size[0]} × {size[1]}") for size in sizes], (st.width, st.height),
                     self.set_size, c, wrap=False, help_text="The window's size when it is not full screen"),
            Selector("Full screen", ON_OFF, st.fullscreen, self.set_fullscreen, c,
                     help_text="Fill the whole screen (F11 switches it on any screen)"),
            Selector("Sound", ON_OFF, st.sound, self.set_sound, c, help_text="Gunfire, explosions and bells"),
            Selector("Colour-blind palette", ON_OFF, st.colour_blind, self.set_colour_blind, c,
                     help_text="Sides and signals in colours told apart with any colour vision"),
            Selector("Computer thinks up to", [(t, f"{t:g} s a move") for t in THINK_CHOICES], st.think_seconds,
                     self.set_think, c, wrap=False,
                     help_text="The hard computer searches deeper the longer it may think (new games)"),
        ]
        for row in self.rows:
            row.disabled = False
            self.ui.add(row)
        self.rows[0].disabled = st.fullscreen
        self.preview_label = arcade.Text("Sides and signals:", 0, 0, c.ink, theme.BODY, font_name=theme.FONT,
                                         anchor_y="center")
        self.swatch_labels = [arcade.Text(word, 0, 0, c.ink_muted, theme.SMALL, font_name=theme.FONT,
                                          anchor_x="center") for word in ("first side", "second side", "good", "bad")]
        self.message_text = arcade.Text(self.message, 0, 0, c.text_muted, theme.SMALL + 1, font_name=theme.FONT,
                                        italic=True, anchor_x="center")
        self.back_button = self.ui.add(Button("Back", self.back, c, help_text="Back to the list of games"))
        self.focus_order = [*self.rows, self.back_button]

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        self.heading.font_size = theme.points(theme.HEADING + 8, s)
        put(self.heading, width / 2, height - 60 - 40 * s)
        panel_w = min(760 * s, width - 120)
        row_h = 48 * s
        panel_h = 60 * s + len(self.rows) * row_h + 120 * s
        top = height - 60 - 80 * s
        self.panel = arcade.LBWH((width - panel_w) / 2, top - panel_h, panel_w, panel_h)
        pad = 36 * s
        y = top - 30 * s
        for row in self.rows:
            row.set_font_size(round(theme.BODY * s + 1))
            row.place(self.panel.left + pad, y - row_h, panel_w - 2 * pad, row_h)
            y -= row_h
        self.preview_y = y - 50 * s
        self.preview_label.font_size = theme.points(theme.BODY, s)
        put(self.preview_label, self.panel.left + pad + 8, self.preview_y)
        self.swatch_x = [self.panel.left + panel_w * (0.45 + 0.14 * i) for i in range(4)]
        for x, text in zip(self.swatch_x, self.swatch_labels):
            text.font_size = theme.points(theme.SMALL, s)
            put(text, x, self.preview_y - 40 * s)
        self.swatch = 26 * s
        put(self.message_text, width / 2, self.panel.bottom - 30 * s)
        self.back_button.place(width / 2 - 100 * s, 60 * s, 200 * s, 44 * s)
        self.back_button.set_font_size(theme.points(theme.BODY, s))

    def draw_texts(self) -> None:
        c = self.colours
        self.heading.draw()
        arcade.draw_rect_filled(self.panel, c.paper)
        arcade.draw_rect_outline(self.panel, c.brass, 3)
        self.preview_label.draw()
        shown = palette(self.window.settings.colour_blind)
        for x, colour, text in zip(self.swatch_x, (*shown.sides, shown.good, shown.bad), self.swatch_labels):
            arcade.draw_rect_filled(arcade.XYWH(x, self.preview_y, self.swatch * 1.6, self.swatch), colour)
            arcade.draw_rect_outline(arcade.XYWH(x, self.preview_y, self.swatch * 1.6, self.swatch), c.ink, 1)
            text.draw()
        self.message_text.draw()

    # --- changes: apply, then save ---------------------------------------------------------
    def save(self, done: str) -> None:
        try:
            self.window.settings.save()
            self.message = f"{done} Saved."
        except OSError as exc:
            self.message = f"{done} Could not save the settings: {exc.strerror or exc}"
        self.message_text.text = self.message

    def set_size(self, size: tuple[int, int]) -> None:
        st = self.window.settings
        st.width, st.height = size
        if not st.fullscreen:
            try:
                self.window.set_size(*size)
            except Exception:  # some window systems refuse; the size still applies next start
                pass
            self.relayout()
        self.save(f"Window size {size[0]} × {size[1]}.")

    def set_fullscreen(self, on: bool) -> None:
        self.window.settings.fullscreen = on
        try:
            self.window.set_fullscreen(on)
            done = "Full screen on." if on else "Full screen off."
        except Exception:
            done = "Full screen applies when NavalGames next starts."
        self.rows[0].disabled = on
        self.relayout()
        self.save(done)

    def set_sound(self, on: bool) -> None:
        self.window.settings.sound = on
        self.save("Sound on." if on else "Sound off.")
        if on:
            self.window.play_sound(":resources:sounds/coin1.wav")

    def set_think(self, seconds: float) -> None:
        self.window.settings.think_seconds = seconds
        self.save(f"The computer thinks up to {seconds:g} s a move.")

    def set_colour_blind(self, on: bool) -> None:
        self.window.settings.colour_blind = on
        self.save("Colour-blind palette on." if on else "Colour-blind palette off.")
        self.colours = palette(on)
        self.background = theme.ChartBackground(self.colours)
        self.rebuild()
