"""The play screen: the board from the viewer's side, moves by click or drag, the attack choice,
flag transfers, Fleet Orders turns, the computer thinking, and the side panel.

A move into attacking position is one action in the engine's notation (``a4-a5xa6`` or, to
decline, ``a4-a5``): the screen first shows the ship on its new square with the possible targets
ringed, and plays the action once the player picks a target or No attack.
"""

from __future__ import annotations

import time

import arcade

from games.dover_patrol.rules import END, Attack, Move, Transfer
from navalgames.core.records import SaveError
from navalgames.core.state import IllegalAction

from .board import BoardPicture
from .guide import kind_guide
from .screen import DoverScreen
from .session import Session, other
from .widgets import Button, wrap

KEYS_HELP = "Keys: Esc cancel · N no attack · E end turn · U undo · S save · D draw · R resign · M menu · F11 full screen"


class PlayView(DoverScreen):
    def __init__(self, session: Session) -> None:
        super().__init__(session, session.viewer())
        self.selected: str | None = None
        self.pending: tuple | None = None     # (from, to, {target: Move}, decline Move or None)
        self.press: str | None = None         # the square a drag started from
        self.hold = 0.0                       # animations still running before the game moves on
        self.message = ""
        self.error = ""
        self.actions: dict[str, list] = {}   # legal actions of the viewer, by the square they start from
        self.thinking_text = None
        self.thinking_phase = -1

    # --- the game moving on ---------------------------------------------------------------------
    def input_allowed(self) -> bool:
        s = self.session
        return (self.question is None and s.human_to_act() is not None
                and s.human_to_act() == self.board.viewer and not s.needs_hand_over())

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.hold > 0:
            self.hold -= delta_time
            if self.hold > 0:
                return
            self.dirty = True
        if self.question:
            return
        s = self.session
        if s.result() is not None or s.needs_hand_over() or (s.state.phase == "setup" and s.human_to_act()):
            from .flow import show_next
            show_next(s)
            return
        played = s.poll_computer()
        if getattr(s, "online", False):
            from .online import answer_draw_offer
            answer_draw_offer(self)
        if played is not None:
            events, problem = played
            self.error = problem
            self.hold = max(self.show_events(events, self.board.viewer), 0.35)
            self.dirty = True
        elif s.computer_to_act() and self.thinking_text is not None:
            phase = int((time.monotonic() - s.thinker.started_at) * 3) % 4
            if phase != self.thinking_phase:
                self.thinking_phase = phase
                self.thinking_text.text = self.thinking_words() + "." * phase
                self.invalidate()

    def finish_animations(self) -> None:
        """Skip what is still moving (tests, screenshots)."""
        self.board.update(10.0)
        self.hold = 0.0
        self.dirty = True

    def play(self, action) -> None:
        """A decision of the player at the screen."""
        self.selected, self.pending, self.error = None, None, ""
        try:
            events = self.session.play(action)
        except IllegalAction as exc:
            self.error = str(exc)
            self.sound("error")
            self.dirty = True
            return
        self.hold = self.show_events(events, self.board.viewer)
        if self.session.hot_seat and self.session.needs_hand_over():
            self.hold = max(self.hold, 0.6)   # a moment to see the result before the screen is covered
        self.dirty = True

    # --- what the board and panel show ------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        viewer = s.viewer()
        self.board.set_viewer(viewer)
        picture = s.picture(viewer)
        self.actions = {}
        if self.input_allowed():
            names = s.rules.names
            for action in s.state.legal_actions():
                if isinstance(action, (Move, Transfer, Attack)):
                    self.actions.setdefault(names[action.frm], []).append(action)
        exit_square = None
        obs_exit = s.state.pending_exit() if s.human_to_act() == viewer else None
        if obs_exit is not None:
            exit_square = s.rules.names[obs_exit]
            if self.selected is None and self.input_allowed():
                self.selected = exit_square
        if self.pending:
            frm, to, _, _ = self.pending
            picture = BoardPicture(dict(picture.tokens), dict(picture.flags))
            picture.tokens[to] = picture.tokens.pop(frm)
        self.board.show(picture)
        self.board.highlight(selected=self.pending[1] if self.pending else self.selected,
                             legal=self.destinations(), targets=self.targets(),
                             handoffs=self.handoffs(), last=self.last_move(),
                             exits=[exit_square] if exit_square else [])
        self.build_panel()

    def destinations(self) -> list[str]:
        if self.pending or not self.selected:
            return []
        names = self.session.rules.names
        return sorted({names[a.to] for a in self.actions.get(self.selected, []) if isinstance(a, Move)})

    def targets(self) -> list[str]:
        names = self.session.rules.names
        if self.pending:
            return sorted(self.pending[2])
        if not self.selected:
            return []
        return sorted({names[a.target] for a in self.actions.get(self.selected, []) if isinstance(a, Attack)})

    def handoffs(self) -> list[str]:
        if self.pending or not self.selected:
            return []
        names = self.session.rules.names
        return sorted({names[a.to] for a in self.actions.get(self.selected, []) if isinstance(a, Transfer)})

    def last_move(self) -> list[str]:
        """The squares of the last move in the record (public: both players saw it)."""
        for text in reversed(self.session.match.record.actions):
            if text.startswith("deploy") or text == "end":
                continue
            for sep in ("-", ">", "x"):
                if sep in text:
                    first, rest = text.split(sep, 1)
                    second = rest.split("x")[0]
                    return [first, second]
            return []
        return []

    def thinking_words(self) -> str:
        side = self.session.computer_to_act()
        if side is None:
            return ""
        doing = "deploying" if self.session.state.phase == "setup" else "thinking"
        return f"{side.title()}, {self.session.label(side)}, is {doing}"

    def instruction(self) -> str:
        s = self.session
        if self.error:
            return self.error
        side = s.human_to_act()
        if side is None:
            return ""
        if self.pending:
            return ("Choose the ship to attack (ringed)" +
                    (" or No attack (N)." if self.pending[3] else ": this variant makes the attack compulsory."))
        exit_sq = s.state.pending_exit()
        if exit_sq is not None:
            return f"Your ship on {s.rules.names[exit_sq]} has taken the flag and must leave the base now."
        if self.selected:
            hints = []
            if self.destinations():
                hints.append("click a marked square to move there")
            if self.targets():
                hints.append("click a ringed ship to attack it")
            if self.handoffs():
                hints.append("click a framed friendly ship to hand it the flag")
            return ("On " + self.selected + ": " + "; ".join(hints) + ".") if hints else \
                f"The piece on {self.selected} cannot move now."
        if s.rules.fleet_orders:
            acted = s.state.observation(side).turn_acted
            return ("Move or attack with more ships, or End turn (E)." if acted else
                    "Fleet Orders: move and attack with as many ships as you like, each once.")
        return "Click or drag one of your ships."

    def build_panel(self) -> None:
        s, c, lay = self.session, self.panel, self.layout
        c.reset()
        self.thinking_text = None
        if lay is None:
            return
        k = lay.scale
        left, width, top = lay.panel.left + 18 * k, lay.panel.width - 36 * k, lay.height - 16 * k
        c.rect(lay.panel.left, 0, 3 * k, lay.height, (60, 70, 86))
        style = c.style
        dim = self.pal.panel_dim
        y = top - 22 * k
        c.text("Dover Patrol", left, y, (226, 200, 140), 22 * k, bold=True)
        y -= 22 * k
        c.text(s.variant.name, left, y, style.text, 13 * k, italic=True)
        y -= 16 * k
        for line in wrap(self.options_line(), int(width / (5.6 * k))):
            c.text(line, left, y, dim, 10 * k)
            y -= 14 * k
        # whose turn
        y -= 8 * k
        side = s.state.to_act()
        band = 34 * k
        if side in ("south", "north"):
            c.rect(left - 6 * k, y - band, width + 12 * k, band, self.pal.side_dark[side])
            c.rect(left - 6 * k, y - band, 6 * k, band, self.pal.side[side])
            doing = "deploy" if s.state.phase == "setup" else "move"
            words = self.thinking_words() if side in s.computers else (
                f"{side.title()} to {doing}" + ("" if s.hot_seat else f" ({s.label(side)})"))
            label = c.text(words, left + 8 * k, y - band / 2, (245, 240, 230), 14 * k, bold=True, anchor_y="center")
            if side in s.computers:
                self.thinking_text = label
        y -= band + 8 * k
        for line in wrap(self.instruction(), int(width / (6.6 * k)))[:3]:
            c.text(line, left, y - 12 * k, (250, 200, 120) if self.error else style.text, 12 * k)
            y -= 17 * k
        if s.notice and s.notice != self.instruction():
            # the last combat, explosion, capture or grounding stays in view until the next action
            for line in wrap(s.notice, int(width / (6.2 * k)))[:2]:
                c.text(line, left, y - 11 * k, (255, 214, 140), 11.5 * k, bold=True)
                y -= 16 * k
        token = self.board.picture.tokens.get(self.pending[1] if self.pending else self.selected or "")
        if token is not None and token.kind:
            for line in wrap(kind_guide(s.rules, token.kind), int(width / (5.8 * k)))[:3]:
                c.text(line, left, y - 10 * k, (190, 200, 210), 10 * k, italic=True)
                y -= 14 * k
        y -= 6 * k
        players = ("Two players on one screen: the screen is covered between turns." if s.hot_seat else
                   " · ".join(f"{side.title()}: {s.label(side)}" for side in ("south", "north")))
        if getattr(s, "online", False):          # whether the opponent is there, in its own colour
            for line in wrap(s.status_line(), int(width / (6.2 * k))):
                c.text(line, left, y - 10 * k, (170, 220, 170) if s.match.opponent_connected() else
                       (250, 200, 120), 10.5 * k)
                y -= 15 * k
        for line in wrap(players, int(width / (5.6 * k))):
            c.text(line, left, y - 10 * k, dim, 10 * k)
            y -= 14 * k
        # buttons and keys at the foot, sunk pieces above them, the log fills the middle
        bottom = 10 * k
        online = getattr(s, "online", False)
        keys = wrap(KEYS_HELP.replace(" · U undo · S save", "") if online else KEYS_HELP, int(width / (4.9 * k)))
        for i, line in enumerate(reversed(keys)):
            c.text(line, left, bottom + i * 13 * k, dim, 9 * k)
        bottom += len(keys) * 13 * k + 8 * k
        bottom = self.build_buttons(left, bottom, width)
        bottom = self.build_sunk(left, bottom + 6 * k, width)
        self.build_log(left, bottom + 8 * k, width, y - 10 * k)

    def options_line(self) -> str:
        s = self.session
        try:
            declared = s.match.spec.variant(s.variant.id).options
        except ValueError:
            declared = {}
        parts = []
        for name, value in s.rules.options.items():
            option = declared.get(name)
            label = option.label if option and option.label else name.replace("_", " ")
            shown = {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value
            parts.append(f"{label}: {shown}")
        facts = []
        if s.rules.compulsory:
            facts.append("attacks compulsory")
        if not s.variant.walls:
            facts.append("no harbour walls")
        if not s.rules.flags:
            facts.append("no flags")
        return " · ".join(facts + parts)

    def build_buttons(self, left: float, bottom: float, width: float) -> float:
        s, c, k = self.session, self.panel, self.layout.scale
        h, gap = 34 * k, 8 * k
        allowed = self.input_allowed()
        rows = []
        first = []
        if s.rules.fleet_orders:
            can_end = allowed and not self.pending and END in s.state.legal_actions()
            first.append(Button("End turn", self.end_turn, "E", can_end, accent=can_end, name="end_turn"))
        if self.pending:
            first.append(Button("No attack", self.no_attack, "N", bool(self.pending[3]), accent=True,
                                name="no_attack"))
            first.append(Button("Cancel", self.cancel, "Esc", True, name="cancel"))
        if first:
            rows.append(first)
        second = [Button("Save", self.save, "S", True, name="save"),
                  Button("Menu", self.menu, "M", True, name="menu")]
        if getattr(s, "online", False):
            second = [Button("Menu", self.menu, "M", True, name="menu")]   # no undo, nothing to save here
        elif len(s.humans) == 1:
            second.insert(0, Button("Undo", self.undo, "U", s.can_undo(), name="undo"))
        rows.append(second)
        over = s.result() is not None
        rows.append([Button("Offer draw", self.offer_draw, "D", bool(s.humans) and not over, name="draw"),
                     Button("Resign", self.resign, "R", bool(s.humans) and not over, name="resign")])
        for row in reversed(rows):
            bw = (width - gap * (len(row) - 1)) / len(row)
            for i, button in enumerate(row):
                c.button(button, left + i * (bw + gap), bottom, bw, h, size=12 * k)
            bottom += h + gap
        return bottom

    def build_sunk(self, left: float, bottom: float, width: float) -> float:
        s, c, k = self.session, self.panel, self.layout.scale
        obs = s.state.observation(self.board.viewer)
        size = 30 * k
        per_row = max(1, int((width - 70 * k) / (size + 2 * k)))
        y = bottom
        for side in ("north", "south"):
            lost = obs.removed(side)
            rows = max(1, (len(lost) + per_row - 1) // per_row)
            for i, piece in enumerate(lost):
                r, col = divmod(i, per_row)
                name = (f"face-{side}-{piece.kind}" if piece.kind else f"back-{side}")
                c.sprite(self.board.textures[name], left + 70 * k + col * (size + 2 * k) + size / 2,
                         y + (rows - 1 - r) * (size + 2 * k) + size / 2, size)
            c.text(f"{side.title()} lost", left, y + (rows - 1) * (size + 2 * k) + size / 2,
                   self.pal.side_light[side], 11 * k, anchor_y="center")
            if not lost:
                c.text("nothing yet", left + 70 * k, y + size / 2, self.pal.panel_dim, 10 * k,
                       anchor_y="center", italic=True)
            y += rows * (size + 2 * k) + 6 * k
        return y

    def build_log(self, left: float, bottom: float, width: float, top: float) -> None:
        s, c, k = self.session, self.panel, self.layout.scale
        c.text("Log", left, top - 12 * k, (226, 200, 140), 13 * k, bold=True)
        top -= 22 * k
        line_h = 15 * k
        room = int((top - bottom) / line_h)
        if room <= 0:
            return
        chars = int(width / (5.9 * k))
        lines: list[tuple[str, tuple]] = []
        for entry in s.log[-room * 2:]:
            colour = self.pal.side_light[entry.side] if entry.side else self.pal.panel_text
            for i, part in enumerate(wrap(entry.text, chars - 5)):
                number = f"{entry.number:>3}. " if entry.number else "      "
                lines.append(((number if i == 0 else "      ") + part, colour))
        for i, (text, colour) in enumerate(lines[-room:]):
            c.text(text, left, top - i * line_h - 10 * k, colour, 10.5 * k)

    # --- the player's input ------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.question_click(x, y) or self.panel.click(x, y):
            self.dirty = True
            return
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self.cancel()
            return
        if not self.input_allowed():
            return
        square = self.board.square_at(x, y)
        if square is None:
            return
        if self.pending:
            frm, to, targets, _ = self.pending
            if square in targets:
                self.play(targets[square])
            else:
                self.cancel()
            return
        if self.selected and self.choose_square(self.selected, square):
            return
        if square in self.actions:
            self.selected, self.error = square, ""
            self.press = square
            self.board.lift(square)
            self.dirty = True
            self.refresh_highlights_only()
        else:
            self.cancel()

    def refresh_highlights_only(self) -> None:
        """Highlights follow the selection without rebuilding the pieces (a drag is under way)."""
        self.board.highlight(selected=self.selected, legal=self.destinations(), targets=self.targets(),
                             handoffs=self.handoffs(), last=self.last_move())
        self.build_panel()
        self.dirty = False
        self.invalidate()

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        self.mouse = (x, y)
        if self.press and self.board.dragging:
            self.board.drag_to(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        if not self.press:
            return
        start, self.press = self.press, None
        self.board.drop()
        self.invalidate()
        square = self.board.square_at(x, y)
        if square and square != start and self.input_allowed():
            if not self.choose_square(start, square):
                self.dirty = True

    def choose_square(self, frm: str, square: str) -> bool:
        """The player picked ``square`` for the piece on ``frm``: move, attack or hand the flag."""
        names = self.session.rules.names
        options = self.actions.get(frm, [])
        moves = [a for a in options if isinstance(a, Move) and names[a.to] == square]
        if moves:
            attacks = {names[a.attack]: a for a in moves if a.attack >= 0}
            decline = next((a for a in moves if a.attack < 0), None)
            if not attacks:
                self.play(decline)
            else:
                self.pending = (frm, square, attacks, decline)
                self.selected = None
                self.dirty = True
            return True
        for action in options:
            if isinstance(action, Attack) and names[action.target] == square:
                self.play(action)
                return True
            if isinstance(action, Transfer) and names[action.to] == square:
                self.play(action)
                return True
        return False

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.question_key(symbol):
            return
        keys = {arcade.key.ESCAPE: self.cancel, arcade.key.N: self.no_attack, arcade.key.E: self.end_turn,
                arcade.key.U: self.undo, arcade.key.S: self.save, arcade.key.D: self.offer_draw,
                arcade.key.R: self.resign, arcade.key.M: self.menu}
        if symbol in keys:
            keys[symbol]()

    # --- buttons ------------------------------------------------------------------------------------
    def cancel(self) -> None:
        self.selected = self.pending = None
        self.error = ""
        self.dirty = True

    def no_attack(self) -> None:
        if self.pending and self.pending[3] is not None and self.input_allowed():
            self.play(self.pending[3])

    def end_turn(self) -> None:
        if self.input_allowed() and not self.pending and END in self.session.state.legal_actions():
            self.play(END)

    def undo(self) -> None:
        if self.session.can_undo():
            self.session.undo()
            self.cancel()

    def save(self) -> None:
        if getattr(self.session, "online", False):
            self.error = "The server keeps this game: leave with Menu and Continue resumes it."
            self.dirty = True
            return
        try:
            path = self.window.store.save(self.session.match.record)
            self.error = f"Saved as {path.stem}."
        except (OSError, SaveError) as exc:
            self.error = f"Could not save: {exc}"
        self.dirty = True

    def menu(self) -> None:
        self.session.thinker.forget()
        if getattr(self.session, "online", False):
            self.session.match.leave()      # adjourned: the game stays on the server
        self.window.show_launcher()

    def resign(self) -> None:
        s = self.session
        if s.result() is not None or not s.humans:
            return
        side = s.human_to_act() or (s.eyes if s.hot_seat else s.humans[0])

        def confirmed() -> None:
            s.end_by_agreement(other(side), f"{side.title()} resigned")
            from .flow import show_next
            show_next(s)
        self.ask(f"{side.title()}: resign this game?", [("Resign", "Y", confirmed), ("Play on", "N", lambda: None)])

    def offer_draw(self) -> None:
        s = self.session
        if s.result() is not None or not s.humans:
            return
        side = s.human_to_act() or (s.eyes if s.hot_seat else s.humans[0])
        opponent = other(side)
        if getattr(s, "online", False):
            self.error = ("Draw offered: waiting for the answer." if s.match.offer_draw()
                          else "Not connected: offer again in a moment.")
            self.dirty = True
            return
        if opponent in s.computers:
            if s.computer_accepts_draw(opponent):
                s.end_by_agreement(None, f"drawn by agreement ({side.title()} offered, the computer accepted)")
                from .flow import show_next
                show_next(s)
            else:
                self.error = "The computer declines the draw: it likes its chances."
                self.dirty = True
            return
        from .flow import ask_draw_across_the_table
        ask_draw_across_the_table(s, side)
