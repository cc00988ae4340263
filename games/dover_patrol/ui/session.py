"""One Dover Patrol game on screen: the match, who sits at each side, whose eyes are on the
screen, the log, the computer's thinking, and what the board may show.

Privacy lives here: the board picture is built from ``state.observation(viewer)`` only (the full
state is read for a picture only once the game is over, when every piece is turned up), and in a
game on one screen ``needs_hand_over`` says when the screen must be covered before the next
player looks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from navalgames.ai.player import RandomPlayer
from navalgames.core.match import Match, initial_state
from navalgames.core.records import GameRecord
from navalgames.core.state import Event, IllegalAction, Outcome
from navalgames.ui.computer import Thinker, players_for

from .board import BoardPicture, Token
from .geometry import BoardGeometry, geometry_from_rules

SIDES = ("south", "north")

#: events worth a line in the move log, and those that are only book-keeping
QUIET_EVENTS = {"end"}


def other(side: str) -> str:
    return "north" if side == "south" else "south"


@dataclass(frozen=True)
class LogLine:
    number: int          # the turn: the action's place in the record after the deployments (0: a deployment)
    side: str | None
    text: str
    kind: str


# --- the session ------------------------------------------------------------------------------

class Session:
    def __init__(self, window, match: Match) -> None:
        self.window = window
        self.match = match
        self.rules = match.state.rules
        self.geometry: BoardGeometry = geometry_from_rules(self.rules)
        self.computers = players_for(match)
        self.humans = [s for s in SIDES if s not in self.computers]
        self.hot_seat = len(self.humans) == 2
        self.thinker = Thinker()
        self.eyes: str | None = None        # which player is looking at the screen now (hot seat)
        self.log: list[LogLine] = []
        self.rebuild_log()
        self.notice = ""                    # the last thing worth announcing (combat, aground...)
        # what the player against the computer knew of the enemy after each record length: an
        # undo may not take back a turn that showed him an enemy piece (no free scouting)
        self._knew: dict[int, frozenset[int]] = {}
        self._remember_knowledge()

    # --- who is who -------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def variant(self):
        return self.rules.variant

    def label(self, side: str) -> str:
        if side in self.computers:
            label = self.computers[side].label          # e.g. "Computer (hard)", "Random player"
            return label if "computer" in label.lower() else f"computer: {label}"
        return "you" if not self.hot_seat else "player"

    def result(self) -> Outcome | None:
        """The game's end: the engine's, or a resignation or agreed draw in the record."""
        outcome = self.state.outcome()
        if outcome is not None:
            return outcome
        saved = self.match.record.result
        if saved:
            winner = saved.get("winner")
            return Outcome(None if winner in (None, "none") else winner, saved.get("reason", ""))
        return None

    def viewer(self) -> str:
        """Whose side the board is seen from: on one screen, the player who last took it over
        (never simply the side to move: the mover keeps seeing his own fleet until the hand-over)."""
        if self.hot_seat:
            if self.eyes:
                return self.eyes
            to_act = self.state.to_act()
            return to_act if to_act in SIDES else "south"
        return self.humans[0] if self.humans else "south"

    def human_to_act(self) -> str | None:
        side = self.state.to_act()
        return side if side in self.humans and self.result() is None else None

    def needs_hand_over(self) -> bool:
        """True when the next human to act is not the one whose eyes are on the screen."""
        side = self.human_to_act()
        return self.hot_seat and side is not None and side != self.eyes

    # --- the log ------------------------------------------------------------------------------
    def rebuild_log(self) -> None:
        """The log of the whole record, by replaying it (after a resume or an undo)."""
        self.log = []
        state = initial_state(self.match.spec, self.match.record)
        for number, text in enumerate(self.match.record.actions, start=1):
            self.add_events(number, state.apply_text(text))

    def add_events(self, number: int, events: list[Event]) -> None:
        number -= min(number, self.deployed_count())
        for event in events:
            if event.kind in QUIET_EVENTS:
                continue
            side = event.details.get("side")
            self.log.append(LogLine(number, side if side in SIDES else None, event.text, event.kind))

    # --- playing ------------------------------------------------------------------------------
    def play(self, action) -> list[Event]:
        """Play an action through the Match (records and autosaves), log what happened."""
        events = self.match.play(action)
        self._remember_knowledge()
        self.notice = ""
        self.add_events(len(self.match.record.actions), events)
        for event in events:
            if event.kind in ("attack", "explosion", "aground", "capture", "deposit", "flag", "over",
                              "lot", "transfer", "pickup"):
                self.notice = event.text
        return events

    def computer_to_act(self) -> str | None:
        side = self.state.to_act()
        return side if side in self.computers and self.result() is None else None

    def poll_computer(self) -> tuple[list[Event], str] | None:
        """Start or collect the computer's decision; (events, error text) once it has played."""
        side = self.computer_to_act()
        if side is None:
            return None
        if not self.thinker.busy:
            self.thinker.start(self.computers[side], self.match, side)
            return None
        answer = self.thinker.result(self.match)
        if answer is None:
            return None
        action, error = answer
        problem = ""
        if error is not None or action is None:
            problem = f"the computer failed ({error}); a random legal move stands in"
            action = RandomPlayer(len(self.match.record.actions)).choose(self.state, side)
        try:
            return self.play(action), problem
        except IllegalAction as exc:
            action = RandomPlayer(len(self.match.record.actions)).choose(self.state, side)
            return self.play(action), f"the computer chose an illegal move ({exc}); a random one stands in"

    def deployed_count(self) -> int:
        return sum(1 for text in self.match.record.actions if text.startswith("deploy"))

    def can_undo(self) -> bool:
        return (len(self.humans) == 1 and self.result() is None
                and len(self.match.record.actions) > self.deployed_count())

    def undo_steps(self) -> int:
        """How many actions an undo takes back: the computer's reply and the player's own last
        decision, back to the moment the player was last to act (never a deployment)."""
        actions, human = self.match.record.actions, self.humans[0]
        kept = len(actions)
        while kept > self.deployed_count() and not actions[kept - 1].startswith("deploy"):
            kept -= 1
            if self._state_after(kept).to_act() == human:
                break
        return len(actions) - kept

    def undo_refusal(self) -> str:
        """Why an undo is refused, or "" if it is allowed: it may not take back a turn that showed
        the player an enemy piece (a combat, an explosion...), or undo would be a free look."""
        if not self.can_undo():
            return "Nothing to undo."
        kept = len(self.match.record.actions) - self.undo_steps()
        if self.known_enemies(kept) < self.known_enemies(len(self.match.record.actions)):
            return ("No undo: that turn showed you an enemy ship, and taking it back would keep "
                    "the look for free.")
        return ""

    def known_enemies(self, length: int) -> frozenset[int]:
        """The enemy pieces whose kind the player knew after the first ``length`` actions."""
        if length not in self._knew:
            self._knew[length] = knowledge(self._state_after(length), self.humans[0])
        return self._knew[length]

    def _remember_knowledge(self) -> None:
        if len(self.humans) == 1:
            self._knew[len(self.match.record.actions)] = knowledge(self.state, self.humans[0])

    def _state_after(self, length: int):
        if length == len(self.match.record.actions):
            return self.state
        from navalgames.core.match import replay
        return replay(record_copy(self.match.record, self.match.record.actions[:length]), self.match.spec)

    def undo(self) -> None:
        """Take back the computer's reply and the player's own last decision (never a deployment,
        never a turn that showed the player an enemy piece)."""
        refusal = self.undo_refusal()
        if refusal:
            raise IllegalAction(refusal)
        self.thinker.forget()
        self.thinker = Thinker()
        self.match.undo(self.undo_steps())
        length = len(self.match.record.actions)
        self._knew = {n: known for n, known in self._knew.items() if n <= length}   # the rest is history no more
        self.rebuild_log()
        self.notice = "Move taken back."

    def end_by_agreement(self, winner: str | None, reason: str) -> None:
        """A resignation or an agreed draw: the record says so and the autosave keeps it."""
        self.thinker.forget()
        self.match.record.result = Outcome(winner, reason).as_dict()
        self.match.autosave()
        self.notice = reason

    def computer_accepts_draw(self, side: str) -> bool:
        """The computer takes a draw when its fleet afloat is smaller than the player's (a count
        both players can make at the table), and declines otherwise."""
        obs = self.state.observation(side)
        mine = sum(1 for p in obs.own() if p.kind != "MI")
        theirs = len([p for p in obs.enemy()]) - sum(1 for p in obs.enemy() if p.kind == "MI")
        return mine < theirs

    # --- what the board shows -----------------------------------------------------------------
    def picture(self, viewer: str | None = None) -> BoardPicture:
        return observation_picture(self.state.observation(viewer or self.viewer()), self.rules)


def knowledge(state, side: str) -> frozenset[int]:
    """The enemy pieces (afloat or sunk) whose kind ``side`` knows."""
    return frozenset(p.id for p in state.observation(side).pieces if p.side != side and p.kind is not None)


def observation_picture(obs, rules) -> BoardPicture:
    """The board as ``obs.observer`` may see it: own pieces face up, enemy pieces as backs unless
    their kind is known (then shown from memory), flags where they stand or are carried."""
    names = rules.names
    carriers = {f.carrier: f.side for f in obs.flags if f.carrier is not None}
    tokens = {}
    for p in obs.pieces:
        if p.square is None:
            continue
        own = p.side == obs.observer
        exposed = own and len(p.possible) == 1
        tokens[names[p.square]] = Token(p.side, p.kind, remembered=not own and p.kind is not None,
                                        flag=carriers.get(p.id), exposed=exposed)
    flags = {names[f.square]: f.side for f in obs.flags if f.carrier is None}
    return BoardPicture(tokens, flags)


def full_picture(state) -> BoardPicture:
    """Every piece face up: only for a finished game (the replay) or a position being reviewed."""
    rules = state.rules
    obs = state.observation("south")
    carriers = {obs.piece(f.carrier).square: f.side for f in obs.flags if f.carrier is not None}
    tokens = {}
    for sq in range(rules.size):
        found = state.piece_at(sq)
        if found:
            side, code = found
            tokens[rules.names[sq]] = Token(side, code, flag=carriers.get(sq))
    flags = {rules.names[f.square]: f.side for f in obs.flags if f.carrier is None}
    return BoardPicture(tokens, flags)


def new_match_like(match: Match, store) -> Match:
    """A fresh game with the same variant, rules and players (the game-over screen's New game)."""
    record = match.record
    return Match.new(match.spec, record.variant, dict(record.options), seed=random.SystemRandom().randrange(2**31),
                     players=dict(record.players), store=store)


def record_copy(record: GameRecord, actions: list[str]) -> GameRecord:
    return GameRecord(**{**record.__dict__, "actions": list(actions)})
