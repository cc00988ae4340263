"""The game-over screen: who won and why, every piece turned up, and a replay of the whole game.

The replay rebuilds each position from the record (``navalgames.core.match.replay``), so what
it shows is exactly what was played; positions already seen are kept for quick stepping.
"""

from __future__ import annotations

import arcade

from navalgames.core.match import replay
from navalgames.core.records import SaveError

from .screen import DoverScreen
from .session import Session, full_picture, new_match_like
from .widgets import Button

KEYS_HELP = "Keys: ← → step · Home / End first / last · T turn the board · N new game · M menu"


class GameOverView(DoverScreen):
    def __init__(self, session: Session) -> None:
        viewer = session.humans[0] if len(session.humans) == 1 else (session.eyes or "south")
        super().__init__(session, viewer)
        record = session.match.record
        self.total = len(record.actions)
        self.first = min(session.deployed_count(), self.total)   # the first position with both fleets
        self.step = self.total
        self.states = {self.total: session.state}
        self.problem = ""
        self.played_sound = False

    def on_show_view(self) -> None:
        super().on_show_view()
        if not self.played_sound:
            self.played_sound = True
            outcome = self.session.result()
            lost = outcome and outcome.winner and len(self.session.humans) == 1 and \
                outcome.winner != self.session.humans[0]
            self.sound("lose" if lost else "win")

    def state_at(self, step: int):
        if step not in self.states:
            try:
                self.states[step] = replay(self.session.match.record, self.session.match.spec, upto=step)
            except SaveError as exc:
                self.problem = str(exc)
                return self.states[self.total]
        return self.states[step]

    def go(self, step: int) -> None:
        self.step = max(self.first, min(self.total, step))
        self.dirty = True

    def refresh(self) -> None:
        state = self.state_at(self.step)
        self.board.show(full_picture(state))
        self.board.highlight(last=self.squares_of(self.step))
        self.build_panel()

    def squares_of(self, step: int) -> list[str]:
        if step <= 0 or step > self.total:
            return []
        text = self.session.match.record.actions[step - 1]
        for sep in ("-", ">", "x"):
            if sep in text and not text.startswith("deploy"):
                first, rest = text.split(sep, 1)
                return [first, rest.split("x")[0]]
        return []

    def build_panel(self) -> None:
        s, c, lay = self.session, self.panel, self.layout
        c.reset()
        if lay is None:
            return
        k = lay.scale
        left, width = lay.panel.left + 18 * k, lay.panel.width - 36 * k
        dim = self.pal.panel_dim
        c.rect(lay.panel.left, 0, 3 * k, lay.height, (60, 70, 86))
        outcome = s.result()
        y = lay.height - 40 * k
        if outcome and outcome.winner:
            headline, colour = f"{outcome.winner.title()} wins", self.pal.side_light[outcome.winner]
        else:
            headline, colour = "A draw", (226, 200, 140)
        c.text(headline, left, y, colour, 28 * k, bold=True)
        y -= 14 * k
        y -= c.para((outcome.reason if outcome else "").rstrip(".") + ".", left, y, width, c.style.text, 13 * k)
        y -= 8 * k
        y -= c.para(f"{s.variant.name} · every piece turned up", left, y, width, dim, 11 * k, italic=True)
        # replay
        y -= 34 * k
        c.text("Replay", left, y, (226, 200, 140), 15 * k, bold=True)
        shown = self.step - self.first
        c.text(f"move {shown} of {self.total - self.first}", left + width, y, c.style.text, 12 * k, anchor_x="right")
        y -= 46 * k
        h, gap = 36 * k, 8 * k
        bw = (width - 3 * gap) / 4
        for i, (label, key, target, name) in enumerate((("|<", "Home", self.first, "first"),
                                                        ("<", "←", self.step - 1, "back"),
                                                        (">", "→", self.step + 1, "forward"),
                                                        (">|", "End", self.total, "last"))):
            target = max(self.first, min(self.total, target))   # nothing before the first move or after the last
            enabled = (target < self.step) if i < 2 else (target > self.step)
            c.button(Button(label, (lambda t=target: self.go(t)), key, enabled, name=name),
                     left + i * (bw + gap), y, bw, h, size=12 * k)
        y -= 14 * k
        # what happened at this step, then the log around it
        turn = self.step - self.first
        lines = [e for e in s.log if e.number <= turn]
        bottom = 14 * k
        keys = c.text(KEYS_HELP, left, bottom, dim, 9 * k, width=int(width), anchor_y="bottom")
        bottom += keys.content_height + 8 * k
        rows = [[Button("Rules", self.rules, name="rules"), Button("Menu", self.menu, "M", name="menu")],
                [Button("New game", self.new_game, "N", accent=True, name="new_game"),
                 Button("Turn board", self.turn_board, "T", name="turn")]]
        for row in rows:
            bw = (width - gap) / 2
            for i, b in enumerate(row):
                c.button(b, left + i * (bw + gap), bottom, bw, 36 * k, size=12 * k)
            bottom += 36 * k + gap
        bottom += 4 * k
        if self.problem:
            bottom += c.text(self.problem, left, bottom, (250, 190, 120), 10 * k, width=int(width),
                             anchor_y="bottom").content_height + 8 * k
        # the log up to this step, newest at the foot, each entry wrapped to the panel
        top = y - 6 * k
        for entry in reversed(lines):
            colour = self.pal.side_light[entry.side] if entry.side else self.pal.panel_text
            current = entry.number == turn and turn > 0
            text = f"{entry.number}. {entry.text}" if entry.number else entry.text
            label = c.text(text, left, bottom, (255, 236, 160) if current else colour, 10.5 * k,
                           width=int(width), anchor_y="bottom", bold=current)
            if bottom + label.content_height > top:
                c.take_back(label)
                break
            bottom += label.content_height + 2 * k

    # --- input ------------------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.panel.click(x, y):
            self.dirty = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        keys = {arcade.key.LEFT: lambda: self.go(self.step - 1), arcade.key.RIGHT: lambda: self.go(self.step + 1),
                arcade.key.HOME: lambda: self.go(self.first), arcade.key.END: lambda: self.go(self.total),
                arcade.key.T: self.turn_board, arcade.key.N: self.new_game, arcade.key.M: self.menu,
                arcade.key.ESCAPE: self.menu}
        if symbol in keys:
            keys[symbol]()

    def turn_board(self) -> None:
        self.board.set_viewer("north" if self.board.viewer == "south" else "south")
        self.dirty = True

    def new_game(self) -> None:
        if getattr(self.session, "online", False):
            return self.menu()             # a new online game is hosted from the launcher
        match = new_match_like(self.session.match, self.window.store)
        self.window.start_match(match)

    def menu(self) -> None:
        if getattr(self.session, "online", False):
            self.session.match.leave()
        self.window.show_launcher()

    def rules(self) -> None:
        self.window.show_rules_overlay()
