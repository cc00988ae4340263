"""The launcher: the main screen (one card per registered game) and the new-game screen.

Games are whatever ``navalgames.core.registry.discover_games()`` finds, looked up when the screen
is built. A game whose engine or screens cannot be loaded yet still gets its card, saying so in
words; choosing Start never crashes the launcher, it explains instead.
"""

from __future__ import annotations

import sys
import traceback
import warnings
from dataclasses import dataclass, field
from typing import Any

import arcade
import yaml

from navalgames.core import registry
from navalgames.core.match import Match
from navalgames.core.paths import config_dir
from navalgames.core.records import atomic_write
from navalgames.core.safe_yaml import FileRefused, dump, load_file
from navalgames.core.options import RuleOption
from navalgames.core.registry import GameSpec, VariantInfo
from navalgames.net.seats import load_seats
from navalgames.ui import theme
from navalgames.ui.widgets import put, Button, GameCard, MenuView, Selector, wrap_text


def one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else exc.__class__.__name__
    return text if len(text) <= 160 else text[:157] + "..."


@dataclass
class GameStatus:
    """What the launcher knows about one game: its variants, and why it cannot be played yet."""

    spec: GameSpec
    variants: list[VariantInfo] = field(default_factory=list)
    problem: str | None = None   # a sentence for players; None when the game can be played
    detail: str | None = None    # the underlying error, for whoever is building the game

    @property
    def ready(self) -> bool:
        return self.problem is None


def game_status(spec: GameSpec) -> GameStatus:
    try:
        variants = list(spec.variants())
    except Exception as exc:  # an engine still being written must not take the launcher down
        return GameStatus(spec, [], f"{spec.title}'s rules are not ready yet.", one_line(exc))
    if not variants:
        return GameStatus(spec, [], f"{spec.title} has no variants to play yet.")
    if not spec.view:
        return GameStatus(spec, variants, f"{spec.title}'s screens are not ready yet.")
    try:
        registry.load_object(spec.view)
    except Exception as exc:
        return GameStatus(spec, variants, f"{spec.title}'s screens are not ready yet.", one_line(exc))
    return GameStatus(spec, variants)


def installed_games() -> tuple[dict[str, GameSpec], list[str]]:
    """The registered games, and a line for each plug-in that failed to load."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = registry.discover_games()
    return games, [str(w.message) for w in caught]


def open_match(window: arcade.Window, match: Match) -> str | None:
    """Hand ``match`` to its game's screen; a sentence saying why not, or None when it opened."""
    title = match.spec.title
    try:
        view = window.start_match(match)
    except Exception as exc:
        traceback.print_exc(file=sys.stderr)
        return f"{title}'s screen could not open: {one_line(exc)}"
    if view is None:
        return f"{title}'s screens are not ready yet."
    return None


CHOICES_FILE = "launcher.yaml"


def load_choices() -> dict[str, Any]:
    """Last new-game choices per game id (a convenience: anything unreadable is forgotten)."""
    try:
        data = load_file(config_dir() / CHOICES_FILE)   # bounded: see navalgames.core.safe_yaml
    except FileRefused:
        return {}
    return data if isinstance(data, dict) else {}


def save_choices(game_id: str, choices: dict[str, Any]) -> None:
    data = load_choices()
    data[game_id] = choices
    try:
        atomic_write(config_dir() / CHOICES_FILE, dump(data))
    except OSError:
        pass   # remembering is a nicety; the game has started either way


def start_new_game(window: arcade.Window, spec: GameSpec, variant: str, options: dict[str, Any],
                   players: dict[str, str]) -> str | None:
    """Start a new game from the launcher's choices; a sentence if it could not start."""
    try:
        match = Match.new(spec, variant, options, players=players, store=window.store)
    except Exception as exc:
        return f"{spec.title} could not start: {one_line(exc).removeprefix('record: ')}"
    return open_match(window, match)


# --- the main screen --------------------------------------------------------------------------
class LauncherView(MenuView):
    """Title, one card per game, and Continue / Rules / Settings / Quit."""

    def build(self) -> None:
        c = self.colours
        games, failures = installed_games()
        self.games = games
        self.statuses = {gid: game_status(spec) for gid, spec in games.items()}
        self.title = arcade.Text("NavalGames", 0, 0, c.brass_light, theme.TITLE, font_name=theme.FONT,
                                 bold=True, anchor_x="center")
        self.subtitle = arcade.Text("Historic naval wargames of 1888 and 1920, against a friend or the computer",
                                    0, 0, c.text, theme.BODY + 2, font_name=theme.FONT, italic=True,
                                    anchor_x="center")
        problems = [f"A game could not be loaded: {line}" for line in failures]
        self.notice = arcade.Text(problems[0] if problems else "", 0, 0, c.warning, theme.SMALL,
                                  font_name=theme.FONT, anchor_x="center")
        self.empty = arcade.Text("No games are installed." if not games else "", 0, 0, c.text, theme.HEADING,
                                 font_name=theme.FONT, anchor_x="center")
        self.cards: list[GameCard] = []
        for gid, spec in games.items():
            status = self.statuses[gid]
            if status.ready:
                count = len(status.variants)
                note = f"{count} variant{'s' if count != 1 else ''}  ·  play a friend here, or the computer"
            else:
                note = status.problem
            card = GameCard(spec.title, spec.year, spec.description,
                            theme.load_texture(spec.picture) if spec.picture else None, note,
                            not status.ready, lambda s=status: self.choose(s), c)
            self.cards.append(self.ui.add(card))
        saves = len(self.window.store.entries()) if hasattr(self.window, "store") else 0
        saves += len(load_seats())         # adjourned online games are listed by Continue too
        self.buttons = [
            Button(f"Continue  ({saves})" if saves else "Continue", self.show_continue, c,
                   help_text="Resume a saved or autosaved game"),
            Button("Play online", self.show_online, c, help_text="Host, join or watch a game with a friend "
                   "on another computer"),
            Button("Rules", self.show_rules, c, help_text="Read the rules of each game"),
            Button("Settings", self.show_settings, c, help_text="Window, sound and colours"),
            Button("Quit", self.quit, c, help_text="Close NavalGames"),
        ]
        for button in self.buttons:
            self.ui.add(button)
        self.focus_order = [*self.cards, *self.buttons]

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        self.title.font_size = theme.points(theme.TITLE, s)
        self.subtitle.font_size = theme.points(theme.BODY + 2, s)
        put(self.title, width / 2, height - 40 - 70 * s)
        put(self.subtitle, width / 2, height - 40 - 108 * s)
        self.rule_y = height - 40 - 128 * s
        button_h, button_w = 46 * s, 168 * s
        buttons_y = 70 * s
        gap = 24 * s
        total = len(self.buttons) * button_w + (len(self.buttons) - 1) * gap
        for i, button in enumerate(self.buttons):
            button.place(width / 2 - total / 2 + i * (button_w + gap), buttons_y, button_w, button_h)
            button.set_font_size(round(theme.BODY * s + 1))
        put(self.notice, width / 2, buttons_y + button_h + 14 * s)
        put(self.empty, width / 2, height / 2)
        # cards share the band between the heading and the buttons
        band_top, band_bottom = self.rule_y - 26 * s, buttons_y + button_h + 40 * s
        n = max(1, len(self.cards))
        card_gap = 40 * s
        text_h = 150 * s
        max_w = (width - 2 * 60 - (n - 1) * card_gap) / n
        card_w = min(460 * s, max_w, (band_top - band_bottom - text_h - 20) / 0.625 + 20)
        card_h = card_w * 0.625 + text_h
        left = width / 2 - (n * card_w + (n - 1) * card_gap) / 2
        bottom = (band_top + band_bottom) / 2 - card_h / 2
        for i, card in enumerate(self.cards):
            card.place(left + i * (card_w + card_gap), bottom, card_w, card_h)
            card.set_scale(s * min(1.0, card_w / (420 * s)))

    def draw_texts(self) -> None:
        width = self.window.width
        self.title.draw()
        self.subtitle.draw()
        c = self.colours
        half = min(260, width * 0.2)
        y = self.rule_y
        arcade.draw_line(width / 2 - half, y, width / 2 - 14, y, c.brass, 2)
        arcade.draw_line(width / 2 + 14, y, width / 2 + half, y, c.brass, 2)
        arcade.draw_polygon_filled([(width / 2, y + 7), (width / 2 + 8, y), (width / 2, y - 7),
                                    (width / 2 - 8, y)], c.brass)
        self.notice.draw()
        self.empty.draw()

    def back(self) -> None:
        pass   # Escape on the main screen does nothing; Quit is one Tab away

    # --- choices -------------------------------------------------------------------------
    def choose(self, status: GameStatus) -> None:
        self.window.show_view(GameSetupView(status.spec, status))

    def show_continue(self) -> None:
        from navalgames.ui.continue_view import ContinueView
        self.window.show_view(ContinueView())

    def show_online(self) -> None:
        from navalgames.ui.online.screens import OnlineView
        self.window.show_view(OnlineView())

    def show_rules(self) -> None:
        from navalgames.ui.rules_view import RulesView
        self.window.show_view(RulesView(list(self.games.values()), back_to=None))

    def show_settings(self) -> None:
        from navalgames.ui.settings_view import SettingsView
        self.window.show_view(SettingsView())

    def quit(self) -> None:
        self.window.close()


# --- the new-game screen -----------------------------------------------------------------------
def option_label(name: str, option: RuleOption) -> str:
    """A few words naming the option: its data's label, a short description, or its name."""
    if option.label:
        return option.label
    if option.description and len(option.description) <= 32:
        return option.description.rstrip(".")
    return name.replace("_", " ").capitalize()


def option_choices(option: RuleOption) -> tuple[list[tuple[Any, str]], bool]:
    """The values a selector offers for ``option`` and whether they wrap around."""
    if option.choices:
        return [(v, choice_label(v)) for v in option.choices], True
    if isinstance(option.default, bool):
        return [(False, "Off"), (True, "On")], True
    if isinstance(option.default, int):
        low = option.minimum if option.minimum is not None else min(0, option.default)
        high = option.maximum if option.maximum is not None else max(option.default * 3, option.default + 20)
        step = max(1, (high - low) // 400)
        values = sorted({*range(low, high + 1, step), option.default})
        return [(v, str(v)) for v in values], False
    return [(option.default, str(option.default))], True


def option_help(name: str, option: RuleOption, choices: list[tuple[Any, str]]) -> str:
    """The hover help of an option row, in the players' words: its label, what it does, the usual value."""
    usual = dict(choices).get(option.default, str(option.default))
    what = " ".join((option.description or "").split()).rstrip(".")
    return f"{option_label(name, option)}: {what}. Usually {usual}." if what else \
        f"{option_label(name, option)}. Usually {usual}."


def choice_label(value: Any) -> str:
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def level_label(level: str) -> str:
    return level.replace("_", " ").capitalize()


def label_share(rows: list[Selector], width: float, most: float = 0.55) -> float:
    """The share of a row's width its label takes: room for the longest label, the rest for values."""
    needed = max(row.label_width() for row in rows) + 24 if rows else 0
    return max(0.3, min(most, needed / max(1.0, width)))


class GameSetupView(MenuView):
    """Variant, opponent, side and rule options for one game, then Start."""

    def __init__(self, spec: GameSpec, status: GameStatus | None = None) -> None:
        super().__init__()
        self.spec = spec
        self.status = status or game_status(spec)
        self.variant_id = self.status.variants[0].id if self.status.variants else None
        self.opponent = "human"
        levels = spec.ai_levels or ("random",)
        self.level = "normal" if "normal" in levels else levels[len(levels) // 2]
        self.human_side = spec.sides[0]
        self.option_values: dict[str, Any] = {}
        self.message = self.status.problem or ""
        self.recall(load_choices().get(spec.id))

    # --- state ---------------------------------------------------------------------------
    @property
    def variant(self) -> VariantInfo | None:
        return next((v for v in self.status.variants if v.id == self.variant_id), None)

    def options(self) -> dict[str, Any]:
        """The chosen value of every rule option the variant declares (defaults included)."""
        declared = self.variant.options if self.variant else {}
        return {name: self.option_values.get(name, opt.default) for name, opt in declared.items()}

    def players(self) -> dict[str, str]:
        if self.opponent == "human":
            return {side: "human" for side in self.spec.sides}
        return {side: "human" if side == self.human_side else f"computer:{self.level}"
                for side in self.spec.sides}

    def set_variant(self, variant_id: str) -> None:
        self.variant_id = variant_id
        declared = self.variant.options if self.variant else {}
        kept = {}
        for name, value in self.option_values.items():   # keep choices the new variant also allows
            if name in declared:
                try:
                    kept[name] = declared[name].check(value)
                except ValueError:
                    pass
        self.option_values = kept
        self.rebuild()

    def set_opponent(self, opponent: str) -> None:
        self.opponent = opponent
        self.rebuild()

    def set_option(self, name: str, value: Any) -> None:
        self.option_values[name] = value

    def restore_defaults(self) -> None:
        self.option_values = {}
        self.rebuild()

    # --- widgets -------------------------------------------------------------------------
    def build(self) -> None:
        c, spec = self.colours, self.spec
        self.picture = theme.load_texture(spec.picture) if spec.picture else None
        self.heading = arcade.Text(spec.title, 0, 0, c.brass_light, theme.HEADING + 10, font_name=theme.FONT,
                                   bold=True)
        self.year = arcade.Text(str(spec.year), 0, 0, c.text_muted, theme.BODY + 2, font_name=theme.FONT,
                                italic=True)
        self.blurb = arcade.Text(spec.description, 0, 0, c.text, theme.BODY, font_name=theme.FONT,
                                 multiline=True, width=400, anchor_y="top")
        self.panel_heading = arcade.Text("New game", 0, 0, c.ink, theme.HEADING, font_name=theme.FONT, bold=True)
        self.variant_note = arcade.Text(self.variant.description if self.variant else "", 0, 0, c.ink_muted,
                                        theme.SMALL, font_name=theme.FONT, italic=True, multiline=True,
                                        width=400, anchor_y="top")
        self.options_heading = arcade.Text("Rule options", 0, 0, c.ink, theme.BODY + 2, font_name=theme.FONT,
                                           bold=True)
        self.message_text = arcade.Text(self.message, 0, 0, c.bad_ink, theme.BODY, font_name=theme.FONT,
                                        multiline=True, width=400, anchor_y="top")
        self.detail_text = arcade.Text(f"({self.status.detail})" if self.status.detail else "", 0, 0,
                                       c.ink_muted, theme.SMALL - 1, font_name=theme.FONT, italic=True,
                                       multiline=True, width=400, anchor_y="top")

        self.rows: list[Selector] = []
        if self.status.variants:
            self.variant_row = Selector(
                "Variant", [(v.id, v.name) for v in self.status.variants], self.variant_id, self.set_variant, c,
                help_text="Which version of the rules to play")
            self.rows.append(self.variant_row)
        self.opponent_row = Selector(
            "Opponent", [("human", "A second player here"), ("computer", "The computer")], self.opponent,
            self.set_opponent, c, help_text="Play a friend on this screen, or the computer")
        self.rows.append(self.opponent_row)
        if self.opponent == "computer":
            levels = self.spec.ai_levels or ("random",)
            self.rows.append(Selector("Computer's strength", [(lvl, level_label(lvl)) for lvl in levels],
                                      self.level, lambda v: setattr(self, "level", v), c,
                                      help_text="How hard the computer plays"))
            self.rows.append(Selector("You command", [(side, side.capitalize()) for side in self.spec.sides],
                                      self.human_side, lambda v: setattr(self, "human_side", v), c,
                                      help_text="The side you play; the computer takes the other"))
        self.option_rows: list[Selector] = []
        for name, option in (self.variant.options if self.variant else {}).items():
            choices, wrap = option_choices(option)
            row = Selector(option_label(name, option), choices, self.options()[name],
                           lambda v, n=name: self.set_option(n, v), c, default=option.default, wrap=wrap,
                           help_text=option_help(name, option, choices))
            self.option_rows.append(row)
        for row in (*self.rows, *self.option_rows):
            self.ui.add(row)
        self.start_button = self.ui.add(Button("Start", self.start, c, primary=True,
                                               help_text="Begin the game with these choices"))
        self.start_button.disabled = not self.status.ready
        self.defaults_button = self.ui.add(Button("Usual rules", self.restore_defaults, c, on_paper=True,
                                                  help_text="Set every rule option back to its usual value"))
        self.defaults_button.visible = bool(self.option_rows)
        self.rules_button = self.ui.add(Button("Read the rules", self.show_rules, c,
                                               help_text=f"The rules of {spec.title}"))
        self.back_button = self.ui.add(Button("Back", self.back, c, help_text="Back to the list of games"))
        self.focus_order = [*self.rows, *self.option_rows, self.start_button]
        if self.option_rows:
            self.focus_order.append(self.defaults_button)
        self.focus_order += [self.rules_button, self.back_button]
        if self.focused is None:
            self.set_focus(self.start_button if self.status.ready else self.back_button)

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        margin = 48 * s
        top = height - margin
        bottom = 60 * s
        # left column: picture, name, year, description, rules and back
        col_w = min(460 * s, width * 0.30)
        pic_h = col_w * 0.625
        self.picture_rect = arcade.LBWH(margin, top - pic_h, col_w, pic_h)
        self.heading.font_size = theme.points(theme.HEADING + 10, s)
        put(self.heading, margin, top - pic_h - 50 * s)
        self.year.font_size = theme.points(theme.BODY + 2, s)
        put(self.year, margin + 2, top - pic_h - 84 * s)
        self.blurb.font_size = theme.points(theme.BODY, s)
        wrap_text(self.blurb, col_w)
        put(self.blurb, margin, top - pic_h - 100 * s)
        button_h = 44 * s
        self.rules_button.place(margin, bottom + button_h + 14 * s, col_w, button_h)
        self.back_button.place(margin, bottom, col_w, button_h)
        for button in (self.rules_button, self.back_button):
            button.set_font_size(theme.points(theme.BODY, s))
        # right panel: the choices on paper
        left = margin + col_w + 40 * s
        self.panel = arcade.LRBT(left, width - margin, bottom, top)
        pad = 28 * s
        inner_left, inner_w = left + pad, self.panel.width - 2 * pad
        y = top - pad
        self.panel_heading.font_size = theme.points(theme.HEADING, s)
        put(self.panel_heading, inner_left, y - 26 * s)
        y -= 50 * s
        row_h = 40 * s
        font = theme.points(theme.BODY, s)
        for row in self.rows:
            row.set_font_size(font)
        share = label_share(self.rows, inner_w)
        for row in self.rows:
            row.label_share = share
            row.place(inner_left, y - row_h, inner_w, row_h)
            y -= row_h
            if self.status.variants and row is self.variant_row:
                self.variant_note.font_size = theme.points(theme.SMALL, s)
                wrap_text(self.variant_note, inner_w * (1 - share) - 8)
                put(self.variant_note, inner_left + inner_w * share + 4, y - 2)
                y -= max(self.variant_note.content_height + 10 * s, 8 * s)
        # Start sits at the bottom right of the panel; messages just above it
        start_w, start_h = 200 * s, 52 * s
        self.start_button.place(self.panel.right - pad - start_w, bottom + pad, start_w, start_h)
        self.start_button.set_font_size(theme.points(theme.BODY + 4, s))
        self.defaults_button.place(inner_left, bottom + pad + 4 * s, 180 * s, start_h - 8 * s)
        self.defaults_button.set_font_size(round(theme.SMALL * s + 1))
        for text in (self.message_text, self.detail_text):
            wrap_text(text, inner_w)
        self.message_text.font_size = theme.points(theme.BODY, s)
        self.detail_text.font_size = theme.points(theme.SMALL - 1, s)
        floor = bottom + pad + start_h + 16 * s
        if self.message_text.text:
            floor += self.message_text.content_height + (self.detail_text.content_height if self.detail_text.text else 0)
        put(self.message_text, inner_left, floor - 4 * s)
        put(self.detail_text, inner_left, floor - 4 * s - self.message_text.content_height)
        # rule options: one column while the rows fit at a readable height, else two
        if self.option_rows:
            self.options_heading.font_size = theme.points(theme.BODY + 2, s)
            put(self.options_heading, inner_left, y - 30 * s)
            y -= 40 * s
            space = max(0.0, y - floor)
            readable = max(22.0, 26 * s)     # a row this high still takes 10-point type
            columns = 1 if len(self.option_rows) * readable <= space else 2
            per_column = -(-len(self.option_rows) // columns)
            opt_h = max(readable * 0.9, min(row_h, space / max(1, per_column)))
            col_w2 = (inner_w - (columns - 1) * 20 * s) / columns
            for row in self.option_rows:
                row.set_font_size(max(theme.MIN_POINTS, round(min(font, opt_h * 0.46))))
            share = label_share(self.option_rows, col_w2, most=0.62)
            for i, row in enumerate(self.option_rows):
                col, line = divmod(i, per_column)
                row.label_share = share
                row.place(inner_left + col * (col_w2 + 20 * s), y - (line + 1) * opt_h, col_w2, opt_h)

    def draw_texts(self) -> None:
        c = self.colours
        if self.picture is not None:
            arcade.draw_texture_rect(self.picture, self.picture_rect)
        arcade.draw_rect_outline(self.picture_rect, c.brass, 2)
        for text in (self.heading, self.year, self.blurb):
            text.draw()
        arcade.draw_rect_filled(self.panel, c.paper)
        arcade.draw_rect_outline(self.panel, c.brass, 3)
        inner = arcade.LRBT(self.panel.left + 6, self.panel.right - 6, self.panel.bottom + 6, self.panel.top - 6)
        arcade.draw_rect_outline(inner, c.ink_muted, 1)
        self.panel_heading.draw()
        if self.variant is not None:
            self.variant_note.draw()
        if self.option_rows:
            self.options_heading.draw()
        self.message_text.draw()
        self.detail_text.draw()

    # --- actions -------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.message = text
        self.message_text.text = text
        self.relayout()

    def start(self) -> None:
        if not self.status.ready or self.variant is None:
            self.show_message(self.status.problem or f"{self.spec.title} cannot start yet.")
            return
        problem = start_new_game(self.window, self.spec, self.variant.id, self.options(), self.players())
        if problem:
            self.show_message(problem)
        else:
            save_choices(self.spec.id, self.choices())

    # --- remembered choices: the screen opens as the player last left it ------------------
    def choices(self) -> dict[str, Any]:
        return {"variant": self.variant_id, "opponent": self.opponent, "level": self.level,
                "side": self.human_side, "options": dict(self.option_values)}

    def recall(self, saved: Any) -> None:
        """Take back last time's choices, each only if it still makes sense for this game."""
        if not isinstance(saved, dict):
            return
        if any(v.id == saved.get("variant") for v in self.status.variants):
            self.variant_id = saved["variant"]
        if saved.get("opponent") in ("human", "computer"):
            self.opponent = saved["opponent"]
        if saved.get("level") in (self.spec.ai_levels or ()):
            self.level = saved["level"]
        if saved.get("side") in self.spec.sides:
            self.human_side = saved["side"]
        declared = self.variant.options if self.variant else {}
        for name, value in (saved.get("options") or {}).items() if isinstance(saved.get("options"), dict) else ():
            if name in declared:
                try:
                    self.option_values[name] = declared[name].check(value)
                except ValueError:
                    pass

    def show_rules(self) -> None:
        from navalgames.ui.rules_view import RulesView
        games, _ = installed_games()
        specs = list(games.values()) or [self.spec]
        self.window.show_view(RulesView(specs, selected=self.spec.id, back_to=self))

    def back(self) -> None:
        self.window.show_launcher()
