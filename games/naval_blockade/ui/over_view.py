"""Game over: why it ended, both ships' tracks on the chart, and a replay that steps both ways.

The replay shows ``navalgames.core.match.replay(record, upto=k)``: the very states the record
rebuilds, so what is shown is what was played.
"""

from __future__ import annotations

import re

import arcade

from games.naval_blockade.rules import SIDES
from navalgames.core.match import Match, initial_state, replay
from navalgames.ui import theme
from navalgames.ui.palette import with_alpha
from navalgames.ui.widgets import Button

from .play_view import option_summary, plural
from .screen import SHIP, BlockadeScreen, coords

HEADLINES = {
    "escape": "The Runner escapes to the open sea",
    "harbour": "The Runner is forced back into harbour",
    "armoured-bow": "The Runner strikes the armoured bow",
}


def headline(state) -> str:
    outcome = state.outcome()
    ending = getattr(state, "ending", None)
    if outcome is None:
        return ""
    winner = outcome.winner
    loser = SIDES[1 - SIDES.index(winner)] if winner in SIDES else None
    if ending in HEADLINES:
        return HEADLINES[ending]
    if ending == "ram" and winner:
        return f"The {SHIP[winner]} rams the {SHIP[loser]}"
    if ending == "ashore" and loser:
        return f"The {SHIP[loser]} is driven ashore"
    if ending == "resign" and loser:
        return f"The {SHIP[loser]} strikes her colours"
    if winner is None:
        return "A draw on points"
    return f"The {SHIP[winner]} wins on points"


def replay_words(event_text: str) -> str:
    """An event as a replay step says it: a generated layout without its internal number."""
    return re.sub(r"\s*\(layout \d+\)", "", event_text).rstrip(".") + "."


def tracks(match: Match) -> tuple[list[list[int]], list[int]]:
    """Each ship's squares in order over the whole game, and (per action) how far along each is."""
    state = initial_state(match.spec, match.record)
    paths: list[list[int]] = [[at] if at >= 0 else [] for at in state.at]
    marks: list[tuple[int, int]] = [(len(paths[0]), len(paths[1]))]
    for text in match.record.actions:
        state.apply_text(text)
        for i in (0, 1):
            at = state.at[i]
            if at >= 0 and (not paths[i] or paths[i][-1] != at):
                paths[i].append(at)
        marks.append((len(paths[0]), len(paths[1])))
    return paths, marks


class GameOverView(BlockadeScreen):
    def __init__(self, window, match) -> None:
        self.total = len(match.record.actions)
        self.shown_upto = self.total
        self.paths, self.marks = tracks(match)
        self.shown = match.state
        super().__init__(window, match)
        c = self.colours
        self.banner = arcade.Text("", 0, 0, c.text, theme.HEADING, font_name=theme.FONT, bold=True,
                                  anchor_x="center", anchor_y="center")
        self.banner_sub = arcade.Text("", 0, 0, c.ink_muted, theme.SMALL + 1, font_name=theme.FONT,
                                      anchor_x="center", anchor_y="center", italic=True)
        self.set_banner()

    def settle_chance(self) -> None:
        """Nothing to roll once the game is over."""

    def human_input_allowed(self) -> bool:
        return False

    def set_banner(self) -> None:
        state = self.match.state
        outcome = state.outcome()
        self.banner.text = headline(state)
        winner = outcome.winner if outcome else None
        self.banner.color = self.colours.side_colour(SIDES.index(winner)) if winner in SIDES \
            else self.colours.ink
        self.banner_sub.text = (outcome.reason[0].upper() + outcome.reason[1:]) if outcome else ""

    # --- panel ---------------------------------------------------------------------------------
    def build_panel(self) -> None:
        c, p = self.colours, self.panel
        p.text("title", theme.HEADING * 0.8, c.brass_light, bold=True, gap=10)
        p.set("title", "Game over")
        p.text("result", theme.BODY + 1, c.text, bold=True, multiline=True, gap=6)
        p.text("reason", theme.SMALL, c.text_muted, multiline=True, gap=10)
        p.text("runner", theme.SMALL + 1, c.side_text_colour(0), gap=2)
        p.text("blockader", theme.SMALL + 1, c.side_text_colour(1), gap=12)
        p.text("replay-title", theme.SMALL, c.brass_light, bold=True, gap=4)
        p.set("replay-title", "Replay  (\u2190 \u2192  Home  End)")
        p.text("replay", theme.SMALL, c.text, gap=4)
        p.text("replay-events", theme.SMALL, c.hint, multiline=True, gap=10)
        p.text("tracks", theme.SMALL - 1, c.text_muted, multiline=True, gap=8)
        p.set("tracks", "Both ships' tracks are drawn on the chart, each in its side's colour; "
                        "the dot marks where each began.")
        p.text("options", theme.SMALL - 2, c.text_muted, multiline=True, gap=8)
        s = theme.SMALL
        self.buttons = {
            "first": Button("Start", lambda: self.step_to(0), c, font_size=s),
            "back": Button("Back", lambda: self.step_to(self.shown_upto - 1), c, font_size=s),
            "forward": Button("Next", lambda: self.step_to(self.shown_upto + 1), c, font_size=s),
            "last": Button("End", lambda: self.step_to(self.total), c, font_size=s),
            "new": Button("New game", self.new_game, c, primary=True, font_size=s),
            "save": Button("Save", self.save, c, font_size=s),
            "menu": Button("Back to launcher", self.menu, c, font_size=s),
        }
        for button in self.buttons.values():
            self.ui.add(button)

    def layout_buttons(self, left: float, bottom: float, width: float) -> float:
        b, h, gap = self.buttons, 36, 8
        half = (width - gap) / 2
        quarter = (width - 3 * gap) / 4
        b["menu"].place(left, bottom, width, h)
        b["new"].place(left, bottom + h + gap, half, h)
        b["save"].place(left + half + gap, bottom + h + gap, half, h)
        y = bottom + 2 * (h + gap) + 6
        for i, name in enumerate(("first", "back", "forward", "last")):
            b[name].place(left + i * (quarter + gap), y, quarter, h)
        return y + h + gap

    def refresh_panel(self) -> None:
        state, p = self.match.state, self.panel
        outcome = state.outcome()
        p.set("result", headline(state))
        p.set("reason", (outcome.reason[0].upper() + outcome.reason[1:] + ".") if outcome else "")
        shown = self.shown
        for index, side in enumerate(SIDES):
            p.set(side, f"{SHIP[side]}: {plural(shown.points[index], 'firing point')}, "
                        f"{plural(shown.moves[index], 'move')}")
        k = self.shown_upto
        events = self.events_of(k)
        # the keys are listed only when they do something
        p.set("replay-title", "Replay  (\u2190 \u2192  Home  End)" if self.total else "Replay")
        if not self.total:
            p.set("replay", "Nothing to replay: the game ended before a move was made")
        else:
            p.set("replay", f"Step {k} of {self.total}:  "
                            + (replay_words(events[0]) if events else "the start"))
        p.set("replay-events", " ".join(events[1:]))
        p.set("options", option_summary(state))
        self.buttons["first"].disabled = self.buttons["back"].disabled = k == 0
        self.buttons["forward"].disabled = self.buttons["last"].disabled = k >= self.total

    def events_of(self, k: int) -> list[str]:
        if k == 0:
            return []
        before = replay(self.match.record, self.match.spec, upto=k - 1)
        return [e.text + "." for e in before.apply_text(self.match.record.actions[k - 1])]

    # --- the replay ----------------------------------------------------------------------------
    def step_to(self, k: int) -> None:
        k = max(0, min(self.total, k))
        if k == self.shown_upto:
            return
        self.shown_upto = k
        self.shown = self.match.state if k == self.total else replay(self.match.record, self.match.spec, upto=k)
        self.sync_board(self.shown)
        self.overlays_dirty = True

    def build_overlays(self) -> None:
        board, c, state = self.board, self.colours, self.match.state
        board.clear_overlays()
        board.markers.clear()
        self.sync_board(self.shown)
        upto = self.marks[self.shown_upto]
        if self.shown_upto == self.total and getattr(state, "ending", None) in ("ram", "armoured-bow"):
            board.set_disabled(SIDES[1 - SIDES.index(state.outcome().winner)]
                               if state.ending == "ram" else "runner")
        for i in (0, 1):
            squares = [coords(state, sq) for sq in self.paths[i]]
            if len(squares) > 1:
                board.add_path(squares, with_alpha(c.side_colour(i), 90), 3, dots=False)
                board.add_path(squares[:max(1, upto[i])], with_alpha(c.side_colour(i), 235), 4)
            if squares:
                board.add_squares([squares[0]], with_alpha(c.side_colour(i), 120),
                                  outline=with_alpha(c.side_colour(i), 255), above=True)

    def sync_board(self, state=None) -> None:
        super().sync_board(state or getattr(self, "shown", None) or self.match.state)

    # --- input ---------------------------------------------------------------------------------
    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        keys = {arcade.key.LEFT: self.shown_upto - 1, arcade.key.RIGHT: self.shown_upto + 1,
                arcade.key.HOME: 0, arcade.key.END: self.total}
        if symbol in keys:
            self.step_to(keys[symbol])
            return True
        if symbol == arcade.key.ESCAPE:
            self.menu()
            return True
        if symbol == arcade.key.N:
            self.new_game()
            return True
        return self.camera_key(symbol) or None

    def new_game(self) -> None:
        if getattr(self.match, "online", False):
            return self.menu()           # a new online game is hosted from the launcher
        record = self.match.record
        match = Match.new(self.match.spec, record.variant, record.options, players=record.players,
                          store=getattr(self.window, "store", None))
        self.window.start_match(match)

    def save(self) -> None:
        try:
            path = self.window.store.save(self.match.record)
        except OSError as exc:
            self.say(f"Could not save: {exc}", error=True)
            return
        self.say(f"Saved as {path.stem}")

    def menu(self) -> None:
        from .online import leave
        leave(self)
        self.window.show_launcher()

    # --- drawing -------------------------------------------------------------------------------
    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        if hasattr(self, "banner"):
            self.place_banner()

    def on_show_view(self) -> None:
        super().on_show_view()
        self.place_banner()

    def place_banner(self) -> None:
        """At the top of the chart, or at the foot if a ship lies up there (an escape)."""
        state, vp = self.match.state, self.chart.camera.viewport
        n = state.rules.size
        top_half = any(at >= 0 and at // n >= n / 2 - 2 for at in state.at)
        bottom_half = any(at >= 0 and at // n < n / 2 + 2 for at in state.at)
        y = vp.bottom + 150 if top_half and not bottom_half else vp.top - 60
        if top_half and bottom_half:
            y = vp.center_y + 40
        self.banner.position = (vp.center_x, y)
        self.banner_sub.position = (vp.center_x, y - 36)
        # the verdict fits the chart at any window size: a smaller heading in a small window
        self.banner.font_size = theme.HEADING
        if self.banner.content_width > vp.width - 80:
            self.banner.font_size = max(12, theme.HEADING * (vp.width - 80) / self.banner.content_width)

    def draw_screen(self) -> None:
        # the verdict on a paper slip, over the final position only (the replay hides it)
        if self.banner.text and self.shown_upto == self.total:
            c = self.colours
            w = max(self.banner.content_width, self.banner_sub.content_width) + 60
            h = self.banner.y - self.banner_sub.y + 52
            left, bottom = self.banner.x - w / 2, self.banner_sub.y - 22
            arcade.draw_lbwh_rectangle_filled(left + 4, bottom - 4, w, h, (0, 0, 0, 90))
            arcade.draw_lbwh_rectangle_filled(left, bottom, w, h, (*c.paper, 245))
            arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, c.ink, 2)
            arcade.draw_lbwh_rectangle_outline(left + 5, bottom + 5, w - 10, h - 10, (*c.ink, 120), 1)
            self.banner.draw()
            self.banner_sub.draw()
