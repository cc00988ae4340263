"""Rules: each game's rules page (Markdown, in our own words) as scrollable text, one tab per game."""

from __future__ import annotations

import arcade

from navalgames.core.registry import GameSpec
from navalgames.ui import theme
from navalgames.ui.markdown import markdown_document
from navalgames.ui.widgets import put, Button, MenuView, ScrollText


def rules_markdown(spec: GameSpec) -> str:
    """The game's rules page, or a short page saying it is not written yet."""
    try:
        text = spec.rules_text()
    except Exception:  # not written yet, or a package without its data
        return (f"# {spec.title}\n\n*{spec.description}*\n\n"
                f"The rules of {spec.title} are not written yet. They will appear here.")
    return text if text.strip() else f"# {spec.title}\n\nThe rules page is empty."


class RulesView(MenuView):
    def __init__(self, games: list[GameSpec], selected: str | None = None,
                 back_to: arcade.View | None = None) -> None:
        super().__init__()
        self.games = games
        self.selected = selected if any(g.id == selected for g in games) else (games[0].id if games else None)
        self.back_to = back_to

    def build(self) -> None:
        c = self.colours
        self.heading = arcade.Text("Rules", 0, 0, c.brass_light, theme.HEADING + 8, font_name=theme.FONT,
                                   bold=True)
        self.tabs = []
        for spec in self.games:
            tab = Button(f"{spec.title}  ({spec.year})", lambda s=spec: self.select(s.id), c,
                         primary=spec.id == self.selected, help_text=f"The rules of {spec.title}")
            self.tabs.append(self.ui.add(tab))
        spec = self.spec
        width, height = self.window.get_size()
        scale = theme.scale_for(width, height)
        text = rules_markdown(spec) if spec else "# Rules\n\nNo games are installed."
        self.page = self.ui.add(ScrollText(markdown_document(text, c, scale), c))
        self.page_text, self.page_scale = text, scale
        self.back_button = self.ui.add(Button("Back", self.back, c, help_text="Back where you came from"))
        self.focus_order = [*self.tabs, self.back_button]

    @property
    def spec(self) -> GameSpec | None:
        return next((g for g in self.games if g.id == self.selected), None)

    def select(self, game_id: str) -> None:
        if game_id != self.selected:
            self.selected = game_id
            self.rebuild()

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        margin = 48 * s
        button_h = 44 * s
        top = height - margin
        self.heading.font_size = theme.points(theme.HEADING + 8, s)
        put(self.heading, margin, top - 40 * s)
        x = width - margin
        for tab in reversed(self.tabs):
            tab.set_font_size(theme.points(theme.BODY, s))
            tab_w = tab.label.content_width + 48 * s
            x -= tab_w
            tab.place(x, top - button_h - 4 * s, tab_w, button_h)
            x -= 14 * s
        if s != self.page_scale:     # type set for the window's real size, not the one it opened at
            self.page_scale = s
            self.page.set_document(markdown_document(self.page_text, self.colours, s))
        page_w = min(960 * s, width - 2 * margin)   # lines of a readable length
        bottom = 60 * s + button_h + 16 * s
        self.page.place((width - page_w) / 2, bottom, page_w, top - button_h - 24 * s - bottom)
        self.back_button.place(width / 2 - 100 * s, 60 * s, 200 * s, button_h)
        self.back_button.set_font_size(theme.points(theme.BODY, s))

    def draw_texts(self) -> None:
        self.heading.draw()

    def current_help(self) -> str:
        if self.focused is None or self.focused is self.back_button:
            return "Up / Down and Page Up / Page Down scroll  ·  Left / Right change game  ·  Esc goes back"
        return super().current_help()

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.page.scroll_key(symbol):
            pass
        elif symbol == arcade.key.SPACE and self.focused is None:
            self.page.scroll_by(self.page.page())
        elif symbol in (arcade.key.LEFT, arcade.key.RIGHT) and self.games:
            ids = [g.id for g in self.games]
            step = 1 if symbol == arcade.key.RIGHT else -1
            self.select(ids[(ids.index(self.selected) + step) % len(ids)])
        else:
            return super().on_key_press(symbol, modifiers)
        return True

    def back(self) -> None:
        if self.back_to is not None:
            self.window.show_view(self.back_to)
        else:
            self.window.show_launcher()
