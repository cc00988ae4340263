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
from .reveal import Reveal
from .screen import DoverScreen
from .session import Session, observation_picture, other
from .widgets import Button, Canvas

SLIDE = 0.25     # seconds a moved piece takes to glide to its new square


def inside(box, outer) -> bool:
    return (outer[0] <= box[0] and outer[1] <= box[1] and box[0] + box[2] <= outer[0] + outer[2]
            and box[1] + box[3] <= outer[1] + outer[3])


class PlayView(DoverScreen):
    partial_refresh = True

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
        self.reveal: Reveal | None = None     # the last combat, face up until the player dismisses it
        self.slide_next: tuple[str, str] | None = None   # a move to show gliding once the board is rebuilt
        self.log_scroll = 0                   # log entries scrolled back from the newest
        self.log_seen = len(session.log)
        self.log_rect = (0.0, 0.0, 0.0, 0.0)  # left, bottom, width, height: where the wheel scrolls the log
        # the log is a canvas of its own: after a move often only the log changed, and then only
        # its patch of the panel is drawn again
        self.log_panel = Canvas(self.panel.style)
        self.log_box: tuple[int, int, int, int] | None = None

    # --- the game moving on ---------------------------------------------------------------------
    def input_allowed(self) -> bool:
        s = self.session
        return (self.question is None and self.reveal is None and s.human_to_act() is not None
                and s.human_to_act() == self.board.viewer and not s.needs_hand_over())

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        if self.hold > 0:
            self.hold -= delta_time
            if self.hold > 0:
                return
            self.dirty = True
            self.window.request_redraw()
        if self.question or self.reveal:
            return          # the game waits for the answer, or for the player to dismiss the combat
        s = self.session
        if s.result() is not None or s.needs_hand_over() or (s.state.phase == "setup" and s.human_to_act()):
            from .flow import show_next
            show_next(s)
            self.window.request_redraw()      # another screen comes up without an input event
            return
        played = s.poll_computer()
        if getattr(s, "online", False):
            from .online import answer_draw_offer
            answer_draw_offer(self)
        if played is not None:
            events, problem = played
            self.after_events(events, slide=True)
            self.error = problem
            self.hold = max(self.hold, 0.35)
            self.window.request_redraw(self.hold)
        elif s.computer_to_act() and self.thinking_text is not None:
            phase = int((time.monotonic() - s.thinker.started_at) * 3) % 4
            if phase != self.thinking_phase:
                self.thinking_phase = phase
                # only the words in the band change
                self.damage([self.panel.retext(self.thinking_text, self.thinking_words() + "." * phase)])
                self.window.request_redraw()

    def finish_animations(self) -> None:
        """Skip what is still moving (tests, screenshots)."""
        self.board.update(10.0)
        self.hold = 0.0
        self.dirty = True

    def play(self, action, slide: bool = True) -> None:
        """A decision of the player at the screen (``slide``: show the move gliding; not after a
        drag, nor when the ship already stands on its new square waiting for the attack choice)."""
        slide = slide and self.pending is None
        self.selected, self.pending, self.error = None, None, ""
        try:
            events = self.session.play(action)
        except IllegalAction as exc:
            self.error = str(exc)
            self.sound("error")
            self.dirty = True
            return
        self.after_events(events, slide)
        if self.session.hot_seat and self.session.needs_hand_over():
            self.hold = max(self.hold, 0.6)   # a moment to see the result before the screen is covered
            self.window.request_redraw(self.hold)

    def after_events(self, events, slide: bool) -> None:
        """Show what just happened: the move gliding, sinkings, and the combat face up until dismissed."""
        viewer = self.board.viewer
        self.hold = self.show_events(events, viewer)
        moved = next((e.details for e in events if e.kind in ("move", "jump")), None)
        self.slide_next = (moved["from"], moved["to"]) if slide and moved else None
        self.reveal = Reveal.of(events, viewer, self.panel.style)
        if self.reveal is not None:
            self.hold = 0.0       # the reveal itself holds the game, as long as the player wants
        self.dirty = True
        self.window.request_redraw(max(self.hold, SLIDE))

    # --- what the board and panel show ------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        viewer = s.viewer()
        self.board.set_viewer(viewer)
        # one observation for the board and the sunk pieces (each costs a walk over the fleets)
        self.observed = s.state.observation(viewer)
        picture = observation_picture(self.observed, s.rules)
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
        if self.slide_next:
            self.board.slide(*self.slide_next, life=SLIDE)
            self.slide_next = None
        self.board.highlight(selected=self.pending[1] if self.pending else self.selected,
                             legal=self.destinations(), targets=self.targets(),
                             handoffs=self.handoffs(), last=self.last_move(),
                             exits=[exit_square] if exit_square else [])
        self.build_panel()
        if self.reveal is not None and self.layout is not None:
            self.reveal.build(self.board.pixel_rect, self.layout.scale, self.board.textures, self.panel.style.text)

    def panel_damage(self) -> list:
        """Only the parts of the panel and the log that changed: after a move, the turn band, the
        instruction and the log lines, not the whole panel."""
        boxes, log = self.panel.changed_boxes(), self.log_panel.changed_boxes()
        if boxes is None or log is None:
            return [self.panel_rect()]
        return boxes + log

    def draw_still(self, box=None) -> None:
        if box is not None and self.log_box is not None and inside(box, self.log_box):
            self.log_panel.draw()          # nothing else of the screen lies there
            return
        super().draw_still(box)
        if box is None or box[0] + box[2] > self.panel_rect()[0]:
            self.log_panel.draw()

    def draw_moving(self) -> None:
        super().draw_moving()
        if self.reveal is not None:     # over the sinking pieces, not under them
            self.reveal.canvas.draw()

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
        if self.reveal is not None:      # it waits until the player has seen the combat
            return f"{side.title()}, {self.session.label(side)}, moves next"
        doing = "deploying" if self.session.state.phase == "setup" else "thinking"
        return f"{side.title()}, {self.session.label(side)}, is {doing}"

    def instruction(self) -> str:
        s = self.session
        if self.error:
            return self.error
        if self.reveal is not None:
            return "The combat is shown face up over the board: click or press a key to go on."
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
        y -= 10 * k
        y -= c.para(self.options_line(), left, y, width, dim, 10 * k)
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
        instruction = self.instruction()
        if instruction:
            y -= c.para(instruction, left, y, width, (250, 200, 120) if self.error else style.text, 12 * k) + 4 * k
        if s.notice and s.notice != instruction:
            # the last combat, explosion, capture or grounding stays in view until the next action
            y -= c.para(s.notice, left, y, width, (255, 214, 140), 11.5 * k, bold=True) + 4 * k
        token = self.board.picture.tokens.get(self.pending[1] if self.pending else self.selected or "")
        if token is not None and token.kind:
            y -= c.para(kind_guide(s.rules, token.kind), left, y, width, (190, 200, 210), 10 * k, italic=True)
        y -= 6 * k
        players = ("Two players on one screen: the screen is covered between turns." if s.hot_seat else
                   " · ".join(f"{side.title()}: {s.label(side)}" for side in ("south", "north")))
        if getattr(s, "online", False):          # whether the opponent is there, in its own colour
            y -= c.para(s.status_line(), left, y, width, (170, 220, 170) if s.match.opponent_connected() else
                        (250, 200, 120), 10.5 * k) + 4 * k
        y -= c.para(players, left, y, width, dim, 10 * k)
        # buttons and keys at the foot, sunk pieces above them, the log fills the middle
        bottom = 10 * k
        keys = c.text(self.keys_help(), left, bottom, dim, 9 * k, width=int(width), anchor_y="bottom")
        bottom += keys.content_height + 8 * k
        bottom = self.build_buttons(left, bottom, width)
        bottom = self.build_sunk(left, bottom + 6 * k, width)
        self.build_log(left, bottom + 8 * k, width, y - 6 * k)

    def undo_offered(self) -> bool:
        """Undo is for a player against the computer, never online (one place to say so)."""
        return len(self.session.humans) == 1 and not getattr(self.session, "online", False)

    def keys_help(self) -> str:
        """The keys that do something in this game, and only those."""
        s = self.session
        keys = ["Esc cancel"]
        if not s.rules.compulsory:
            keys.append("N no attack")
        if s.rules.fleet_orders:
            keys.append("E end turn")
        if self.undo_offered():
            keys.append("U undo")
        if not getattr(s, "online", False):      # online the server keeps the game
            keys.append("S save")
        keys += ["D draw", "R resign", "M menu", "F11 full screen"]
        return "Keys: " + " · ".join(keys)

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
        over = s.result() is not None
        turn = []
        if self.pending:
            turn.append(Button("No attack", self.no_attack, "N", bool(self.pending[3]), accent=True,
                               name="no_attack"))
            turn.append(Button("Cancel", self.cancel, "Esc", True, name="cancel"))
        else:
            if self.undo_offered():
                turn.append(Button("Undo", self.undo, "U", s.can_undo(), name="undo"))
            if s.rules.fleet_orders:
                can_end = allowed and END in s.state.legal_actions()
                turn.append(Button("End turn", self.end_turn, "E", can_end, accent=can_end, name="end_turn"))
        rows = [turn] if turn else []
        keep = [Button("Rules", self.rules, "", True, name="rules"), Button("Menu", self.menu, "M", True, name="menu")]
        if not getattr(s, "online", False):      # online the server keeps the game: nothing to save here
            keep.insert(0, Button("Save", self.save, "S", True, name="save"))
        rows.append(keep)
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
        obs = self.observed
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
        """The log, newest at the foot, each entry wrapped to the panel; the wheel scrolls back."""
        s, c, k = self.session, self.log_panel, self.layout.scale
        c.reset()
        self.log_box = (int(left - 4 * k), int(bottom - 4 * k), int(width + 8 * k), int(top + 6 * k - bottom))
        if len(s.log) != self.log_seen:      # something new happened: show the newest again
            self.log_seen, self.log_scroll = len(s.log), 0
        self.log_scroll = max(0, min(self.log_scroll, len(s.log) - 1))
        c.text("Log", left, top - 12 * k, (226, 200, 140), 13 * k, bold=True)
        top -= 22 * k
        self.log_rect = (left, bottom, width, max(0.0, top - bottom))
        y = bottom
        newest = len(s.log) - self.log_scroll
        shown = 0
        for entry in reversed(s.log[:newest]):
            colour = self.pal.side_light[entry.side] if entry.side else self.pal.panel_text
            text = f"{entry.number}. {entry.text}" if entry.number else entry.text
            label = c.text(text, left, y, colour, 10.5 * k, width=int(width), anchor_y="bottom")
            if y + label.content_height > top:
                c.take_back(label)
                break
            y += label.content_height + 2 * k
            shown += 1
        # the same few words move after move (a new text costs a millisecond; moved ones nothing)
        hint = ("scrolled back: wheel down for the latest" if self.log_scroll else
                "wheel up for earlier moves" if newest > shown else "")
        if hint:
            c.text(hint, left + width, top + 10 * k, self.pal.panel_dim, 9 * k, anchor_x="right", italic=True)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        left, bottom, width, height = self.log_rect
        if left <= x <= left + width and bottom <= y <= bottom + height + 30 * (self.layout.scale if self.layout else 1):
            step = int(scroll_y) or (1 if scroll_y > 0 else -1 if scroll_y < 0 else 0)   # wheel notches; a touchpad's fractions
            self.log_scroll = max(0, min(len(self.session.log) - 1, self.log_scroll + step))
            self.dirty = True

    # --- the player's input ------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.question_click(x, y):
            self.dirty = True
            return
        if self.reveal is not None:          # the first click puts the combat away, and only that
            self.dismiss_reveal()
            return
        if self.panel.click(x, y):
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
            self.error = self.why_not(square)

    def why_not(self, square: str) -> str:
        """Why a click on ``square`` picks nothing up, in the player's words ("" on an empty square)."""
        token = self.board.picture.tokens.get(square)
        if token is None:
            return ""
        s = self.session
        if token.side != self.board.viewer:
            known = f"{token.side.title()}'s {self.kind_name(token.kind)}" if token.kind else f"a {token.side.title()} ship"
            return f"{square} holds {known}: you move only your own fleet."
        name = self.kind_name(token.kind)
        if token.kind == "MI":
            return f"Your Mine on {square} never moves: a Mine stays where it was laid."
        exit_sq = s.state.pending_exit()
        if exit_sq is not None:
            return f"Your ship on {s.rules.names[exit_sq]} must leave the base first."
        if s.rules.fleet_orders:
            obs = s.state.observation(self.board.viewer)
            piece = obs.piece_at(s.rules.grid.parse(square))
            if piece is not None and piece.id in obs.turn_moved + obs.turn_attacked:
                return f"Your {name} on {square} has already acted this turn."
        return f"Your {name} on {square} has no move now: walls, your own ships or a base hem it in."

    def kind_name(self, code: str | None) -> str:
        from games.dover_patrol.rules import KIND_OF_CODE
        return self.session.rules.kind_names[KIND_OF_CODE[code]] if code else "ship"

    def dismiss_reveal(self) -> None:
        self.reveal = None
        self.dirty = True
        self.window.request_redraw()

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
            if not self.choose_square(start, square, slide=False):   # the hand carried it there
                self.dirty = True

    def choose_square(self, frm: str, square: str, slide: bool = True) -> bool:
        """The player picked ``square`` for the piece on ``frm``: move, attack or hand the flag."""
        names = self.session.rules.names
        options = self.actions.get(frm, [])
        moves = [a for a in options if isinstance(a, Move) and names[a.to] == square]
        if moves:
            attacks = {names[a.attack]: a for a in moves if a.attack >= 0}
            decline = next((a for a in moves if a.attack < 0), None)
            if not attacks:
                self.play(decline, slide)
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

    def on_key_press(self, symbol: int, modifiers: int) -> bool | None:
        if self.question_key(symbol):
            return True
        if self.reveal is not None and symbol != arcade.key.F11:   # any key puts the combat away, and only that
            self.dismiss_reveal()
            return True
        keys = {arcade.key.ESCAPE: self.cancel, arcade.key.N: self.no_attack, arcade.key.E: self.end_turn,
                arcade.key.U: self.undo, arcade.key.S: self.save, arcade.key.D: self.offer_draw,
                arcade.key.R: self.resign, arcade.key.M: self.menu}
        if symbol in keys:
            keys[symbol]()
            return True
        return None

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
        if self.pending:           # the attack choice is open: U takes back that choice only
            self.cancel()
            return
        if not self.undo_offered() or not self.session.can_undo():
            return
        refusal = self.session.undo_refusal()
        if refusal:
            self.error = refusal
            self.sound("error")
            self.dirty = True
            return
        self.session.undo()
        self.cancel()

    def rules(self) -> None:
        self.window.show_rules_overlay()

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
        self.ask(f"{side.title()}: offer {other(side).title()} a draw?",
                 [("Offer a draw", "Y", lambda: self.draw_offered(side)), ("Play on", "N", lambda: None)])

    def draw_offered(self, side: str) -> None:
        s = self.session
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
