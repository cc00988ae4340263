"""Continue: one entry per game (its newest file), games in progress first, then finished ones,
then files that cannot be opened, each with its one-line problem and a Delete button.

Choosing a game replays its record and opens the game's screen, exactly as a new game would.
Every file went through the bounded loader (navalgames.core.safe_yaml) and every field of a
record was checked, so nothing a file holds can crash this screen or the launcher.
"""

from __future__ import annotations

from datetime import datetime

import arcade

from navalgames.core.match import Match, initial_state, replay
from navalgames.core.records import GameRecord, SaveEntry, SaveError
from navalgames.core.state import CHANCE
from navalgames.ui import theme
from navalgames.ui.launcher import installed_games, one_line, open_match
from navalgames.ui.widgets import put, Button, MenuView, SaveRow


def when(entry: SaveEntry) -> str:
    """The save's date in the player's local time, e.g. '3 Mar 2026, 14:05'."""
    return when_text(entry.record.updated if entry.record is not None else None, entry.modified)


def when_text(iso: str | None, fallback: float = 0.0) -> str:
    """An ISO date and time in the player's local time, e.g. '3 Mar 2026, 14:05'."""
    try:
        stamp = datetime.fromisoformat(iso).astimezone()
    except (TypeError, ValueError):
        stamp = datetime.fromtimestamp(fallback)
    return f"{stamp.day} {stamp:%b %Y, %H:%M}"


def players_line(players: dict[str, str]) -> str:
    computers = {side: who.split(":", 1)[1] if ":" in who else "" for side, who in players.items()
                 if who.startswith("computer")}
    if not computers:
        return "two players"
    if len(computers) == len(players):
        return "computer against computer"
    side, level = next(iter(computers.items()))
    return f"against the computer ({level}) as {next(s for s in players if s not in computers).capitalize()}"


def count_decisions(record: GameRecord, spec) -> int | None:
    """The players' moves in a record (no dice, no setup steps), by replaying it; None if it
    cannot be replayed. For saves written before records kept the count themselves."""
    try:
        state = initial_state(spec, record)
        moves = 0
        for text in record.actions:
            moves += state.to_act() != CHANCE and not state.in_setup()
            state.apply_text(text)
    except Exception:     # a save that no longer replays says so when it is opened
        return None
    return moves


class ContinueView(MenuView):
    ROW_H = 66

    def __init__(self) -> None:
        super().__init__()
        self.first = 0          # the first row shown (the list scrolls when it is long)
        self.confirm: SaveEntry | None = None
        self.message = ""

    def build(self) -> None:
        c = self.colours
        self.games, _ = installed_games()
        self.variant_names: dict[tuple[str, str], str] = {}
        self.heading = arcade.Text("Continue a game", 0, 0, c.brass_light, theme.HEADING + 8, font_name=theme.FONT,
                                   bold=True, anchor_x="center")
        self.entries = self.window.store.entries()
        self.rows: list[SaveRow] = []
        self.deletes: list[Button] = []
        for entry in self.entries:
            heading, details, problem = self.describe(entry)
            tag = self.tag(entry)
            row = SaveRow(heading, details, tag, problem, lambda e=entry: self.resume(e), c)
            delete = Button("Sure?" if self.confirm == entry else "Delete", lambda e=entry: self.delete(e), c,
                            on_paper=True, font_size=theme.SMALL,
                            help_text=f"Delete {self.what(entry)} (asks once more)")
            row.help_text = "Open this game where it stood" if not problem else "This file cannot be opened"
            self.rows.append(row)
            self.deletes.append(delete)
        from navalgames.ui.online.screens import seat_rows   # adjourned online games come first
        online = seat_rows(self)
        self.rows[:0] = [row for row, _ in online]
        self.deletes[:0] = [delete for _, delete in online]
        self.empty = arcade.Text(
            "No saved games yet. Every move is saved as you play, so a game you leave waits here.",
            0, 0, c.text, theme.BODY + 2, font_name=theme.FONT, italic=True, anchor_x="center",
            multiline=True, width=700, align="center")
        self.message_text = arcade.Text(self.message, 0, 0, c.warning, theme.BODY, font_name=theme.FONT,
                                        anchor_x="center")
        self.back_button = self.ui.add(Button("Back", self.back, c, help_text="Back to the list of games"))
        self.focus_order = [w for pair in zip(self.rows, self.deletes) for w in pair] + [self.back_button]

    def describe(self, entry: SaveEntry) -> tuple[str, str, bool]:
        """Heading, details line and whether this entry cannot be opened."""
        record = entry.record
        if record is None:
            problem = entry.problem or "cannot be read"
            problem = problem.removeprefix(f"{entry.path.name}: ")
            return entry.path.name, problem[:1].upper() + problem[1:], True
        spec = self.games.get(record.game)
        if spec is None:
            return record.game, f"A game that is not installed  ·  saved {when(entry)}", True
        if record.decisions is None:      # an older save: count its moves once, setup left out
            record.decisions = count_decisions(record, spec)
        moves = record.ply_count
        result = ""
        if record.result:
            winner = record.result.get("winner")
            result = "  ·  drawn" if winner in (None, "none") else f"  ·  {str(winner).capitalize()} won"
        details = (f"{players_line(record.players)}  ·  {moves} move{'s' if moves != 1 else ''}"
                   f"{result}  ·  {when(entry)}")
        return f"{spec.title}  —  {self.variant_name(spec, record.variant)}", details, False

    @staticmethod
    def tag(entry: SaveEntry) -> str:
        if entry.record is None:
            return "Cannot be opened"
        kind = "Saved + autosaved" if entry.others else "Autosave" if entry.autosave else "Saved game"
        return ("Finished  ·  " if entry.record.result else "") + kind

    @staticmethod
    def what(entry: SaveEntry) -> str:
        """What Delete removes: the file, or every file of the game."""
        if entry.record is None or not entry.others:
            return entry.path.name
        return f"this game ({len(entry.paths)} files: its save and autosave)"

    def variant_name(self, spec, variant_id: str) -> str:
        key = (spec.id, variant_id)
        if key not in self.variant_names:
            try:
                self.variant_names[key] = spec.variant(variant_id).name
            except Exception:  # engine not ready, or a variant since renamed: show the id
                self.variant_names[key] = variant_id
        return self.variant_names[key]

    def layout(self, width: int, height: int) -> None:
        s = theme.scale_for(width, height)
        self.heading.font_size = theme.points(theme.HEADING + 8, s)
        put(self.heading, width / 2, height - 60 - 40 * s)
        list_w = min(1000 * s, width - 120)
        left = (width - list_w) / 2
        top = height - 60 - 70 * s
        button_h = 44 * s
        bottom = 60 * s + button_h + 24 * s
        row_h = self.ROW_H * s
        self.visible_rows = max(1, int((top - bottom) // row_h))
        self.first = max(0, min(self.first, len(self.rows) - self.visible_rows))
        delete_w = 110 * s
        for i, (row, delete) in enumerate(zip(self.rows, self.deletes)):
            shown = self.first <= i < self.first + self.visible_rows
            row.visible = delete.visible = shown
            if shown and row not in self.ui.walk_widgets():
                self.ui.add(row)
                self.ui.add(delete)
            elif not shown and row in self.ui.walk_widgets():
                self.ui.remove(row)
                self.ui.remove(delete)
            y = top - (i - self.first + 1) * row_h
            row.place(left, y + 2, list_w - delete_w - 10 * s, row_h - 4)
            delete.place(left + list_w - delete_w, y + row_h * 0.2, delete_w, row_h * 0.6)
            delete.set_font_size(theme.points(theme.SMALL, s))
            for text, size in ((row.heading, theme.BODY + 1), (row.details, theme.SMALL), (row.tag, theme.SMALL)):
                text.font_size = theme.points(size, s)
        self.list_rect = arcade.LRBT(left, left + list_w, top - self.visible_rows * row_h, top)
        self.more_above = self.first > 0
        self.more_below = self.first + self.visible_rows < len(self.rows)
        self.back_button.place(width / 2 - 100 * s, 60 * s, 200 * s, button_h)
        self.back_button.set_font_size(theme.points(theme.BODY, s))
        put(self.empty, width / 2, height / 2 + 20)
        put(self.message_text, width / 2, 60 * s + button_h + 8 * s)
    def draw_texts(self) -> None:
        self.heading.draw()
        if not self.rows:
            self.empty.draw()
        c = self.colours
        for flag, y, sign in ((self.more_above, self.list_rect.top + 10, 1),
                              (self.more_below, self.list_rect.bottom - 10, -1)):
            if flag:
                x = self.list_rect.center_x
                arcade.draw_triangle_filled(x - 12, y, x + 12, y, x, y + 10 * sign, c.brass_light)
        self.message_text.draw()

    # --- scrolling: keep the focused row in view ---------------------------------------
    def on_focus(self, widget) -> None:
        if widget in self.rows or widget in self.deletes:
            i = self.rows.index(widget) if widget in self.rows else self.deletes.index(widget)
            if i < self.first or i >= self.first + self.visible_rows:
                self.first = i if i < self.first else i - self.visible_rows + 1
                self.relayout()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.first = max(0, self.first - int(scroll_y))
        self.relayout()

    def move_focus(self, step: int) -> None:
        usable = [w for w in self.focus_order if not w.disabled]
        if not usable:
            return
        if self.focused not in usable:
            self.set_focus(usable[0] if step > 0 else usable[-1])
        else:
            self.set_focus(usable[(usable.index(self.focused) + step) % len(usable)])

    # --- actions -------------------------------------------------------------------------
    def show_message(self, text: str) -> None:
        self.message = text
        self.message_text.text = text

    def resume(self, entry: SaveEntry) -> None:
        if entry.record is None:
            self.show_message(f"{entry.path.name} cannot be opened: "
                              f"{(entry.problem or '').removeprefix(entry.path.name + ': ')}")
            return
        spec = self.games.get(entry.record.game)
        if spec is None:
            self.show_message(f"{entry.path.name} is a game of '{entry.record.game}', which is not installed.")
            return
        try:
            state = replay(entry.record, spec, source=entry.path.name)
            match = Match(spec, entry.record, self.window.store, state=state)
        except SaveError as exc:
            self.show_message(str(exc))
            return
        except Exception as exc:  # an engine still being written
            self.show_message(f"{spec.title} cannot open saved games yet: {one_line(exc)}")
            return
        problem = open_match(self.window, match)
        if problem:
            self.show_message(problem)

    def delete(self, entry: SaveEntry) -> None:
        what = self.what(entry)
        if self.confirm != entry:
            self.confirm = entry
            self.show_message(f"Delete {what}? Choose Sure? to delete it for good.")
            self.rebuild()
            return
        try:
            for path in entry.paths:
                path.unlink(missing_ok=True)
            self.show_message(f"Deleted {what}.")
        except OSError as exc:
            self.show_message(f"Could not delete {what}: {exc.strerror or exc}")
        self.confirm = None
        self.rebuild()
