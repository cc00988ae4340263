"""A game on a server with the face of a Match, so the ordinary play screens can show it.

The screens read ``state`` (whose turn, legal actions, what their side may see), ``record`` and
``outcome()``, and play through ``play(action)``. Here ``play`` only sends the action: nothing
is decided on this machine. What the server answers arrives on the seat's reader thread, and the
screen takes it in with ``poll()`` on its own thread (each frame), so the UI never waits on the
network and the state never changes under a screen's feet.

A game that hides nothing (Naval Blockade) is sent as its position, so ``state`` is the real
state rebuilt from it. A game with hidden pieces (Dover Patrol) is sent as the seat's
observation; ``state`` is then an ``ObservedState``, which answers the few questions the screens
ask from the observation alone. Once the game is over the server sends the whole record, and the
match becomes a true replayable record for the game-over screen.

Until then ``record.actions`` holds the actions this seat may see (in Dover Patrol, all but the
enemy's deployment), as the server sent them, and ``steps`` what each step showed this seat
(``SeenStep``): the game's history, sent when the seat (re)joins, then each step as it comes. So
the screens read the last move, the toss or a resumed game's log from them as from a local Match.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from navalgames.core.match import replay
from navalgames.core.records import GameRecord
from navalgames.core.registry import GameSpec
from navalgames.core.state import Event, IllegalAction, Outcome

from .client import RemoteSeat
from .seat_state import StateBuilder
from .seats import forget_seat

OPPONENT = "remote"      # record.players[side] for the seat at the other machine


@dataclasses.dataclass(frozen=True)
class SeenStep:
    """One step of the game as this seat saw it: a decision with the dice it brought on."""
    seq: int                           # the record's length after it
    actions: tuple[str | None, ...]    # None: an action this seat may not see
    events: tuple[Event, ...]


def seen_step(data: dict[str, Any]) -> SeenStep:
    events = tuple(Event(e.get("kind", ""), e.get("text", ""),
                         {k: v for k, v in e.items() if k not in ("kind", "text")}) for e in data["events"])
    return SeenStep(data["seq"], tuple(data["actions"]), events)


def outcome_of(data: dict[str, Any] | None) -> Outcome | None:
    if not data:
        return None
    winner = data.get("winner")
    return Outcome(None if winner in (None, "none") else winner, data.get("reason", ""))


class ObservedState:
    """What a screen may ask of a game it sees only through one observation."""

    def __init__(self, blank: Any, observation: Any, message: dict[str, Any], to_act: str | None,
                 deploying: str | None = None) -> None:
        self.rules = blank.rules
        self._blank = blank
        if deploying and deploying not in observation.deployed:
            # our fleet is on its way to the server: the screens treat it as deployed meanwhile
            observation = dataclasses.replace(observation, deployed=observation.deployed + (deploying,))
        self._observation = observation
        self._message = message
        self._to_act = to_act
        self._legal: list | None = None
        self.phase = observation.phase

    def observation(self, side: str | None = None) -> Any:
        return self._observation

    def to_act(self) -> str | None:
        return self._to_act

    def in_setup(self) -> bool:
        return self.phase == "setup"

    def outcome(self) -> Outcome | None:
        return outcome_of(self._message.get("outcome"))

    def legal_actions(self) -> list:
        if self._to_act is None:
            return []
        if self._legal is None:
            self._legal = [self._blank.parse_action(text) for text in self._message.get("legal", [])]
        return self._legal

    def parse_action(self, text: str) -> Any:
        return self._blank.parse_action(text)

    def pending_exit(self) -> int | None:
        """The square of the piece that must leave a base this turn (the observation names it)."""
        piece = self._observation.pending_exit
        if piece is None or self._to_act != self._observation.observer:
            return None
        return self._observation.piece(piece).square


class RemoteMatch:
    """One seat (or a spectator's place) of a game on a server, as the screens see a Match."""

    online = True

    def __init__(self, spec: GameSpec, seat: RemoteSeat) -> None:
        self.spec = spec
        self.seat = seat
        game = seat.game
        self.side: str | None = seat.side
        self.variant, self.options = game["variant"], dict(game["options"])
        players = {s: ("human" if s == self.side else OPPONENT) for s in spec.sides}
        self.record = GameRecord(game=spec.id, variant=self.variant, options=self.options, seed=0,
                                 players=players, actions=[])
        self.engine = spec.load_engine()
        self.blank = self.engine.new_game(self.variant, self.options)
        observer = self.side or spec.sides[0]
        self.builder = StateBuilder(spec, self.variant, self.options, observer)
        self.hidden = self.builder.observation_type is not None
        self.listeners: list = []
        self.message: dict[str, Any] = {}
        self.finished = False
        self.problem = ""                 # the server's last refusal, for the screen to show
        self.steps: list[SeenStep] = []
        self._history_version = 0         # the seat's history last taken in, and its steps read
        self._steps_read = 0
        self._errors_read = 0
        self._sent_at: int | None = None  # the seq our action in flight was written for
        self._deploying = False
        self.state: Any = None
        self.poll()

    # --- what the screens ask ---------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.seat.code

    def to_act(self) -> str | None:
        return self.state.to_act()

    def outcome(self) -> Outcome | None:
        return outcome_of(self.message.get("outcome"))

    def my_turn(self) -> bool:
        return (self.side is not None and self.message.get("to_act") == self.side
                and self._sent_at is None and not self.message.get("outcome"))

    @property
    def waiting(self) -> bool:
        """An action of ours is on its way and not yet answered."""
        return self._sent_at is not None

    def opponent(self) -> str | None:
        return next((s for s in self.spec.sides if s != self.side), None) if self.side else None

    def opponent_connected(self) -> bool:
        other = self.opponent()
        return bool(other and self.message.get("connected", {}).get(other))

    @property
    def connected(self) -> bool:
        return self.seat.connected

    @property
    def draw_offer(self) -> str | None:
        return self.message.get("draw_offer")

    @property
    def fatal(self) -> str | None:
        return self.seat.fatal

    def status_line(self) -> str:
        """The connection in a few words, for the play screens' panels."""
        if self.fatal:
            return f"Cannot reach the server: {self.fatal}"
        if not self.connected:
            return "Connection lost: reconnecting…"
        if self.side is None:
            return f"Watching game {self.code}."
        there = "connected" if self.opponent_connected() else "not connected (wait, or Menu to adjourn)"
        return f"Online game {self.code}: your opponent is {there}."

    # --- acting --------------------------------------------------------------------------------
    def play(self, action: Any) -> list[Event]:
        """Send a decision; its events come back through ``poll``. Refused here (IllegalAction)
        when it is plainly not ours to make, so nothing is sent twice."""
        if self.side is None:
            raise IllegalAction("you are watching this game")
        if self.message.get("outcome"):
            raise IllegalAction("the game is over")
        if self._sent_at is not None:
            raise IllegalAction("waiting for the server to answer your last move")
        if self.message.get("to_act") != self.side:
            raise IllegalAction("it is not your turn")
        if not self.seat.act(str(action)):
            raise IllegalAction("not connected to the server: reconnecting, try again in a moment")
        self._sent_at = self.message["seq"]
        self._deploying = bool(getattr(self.state, "phase", None) == "setup")
        self.problem = ""
        self._refresh_state()
        return []

    def resolve_chance(self) -> list[Event]:
        return []          # the server rolls the dice

    def autosave(self) -> None:
        pass               # the server keeps the game

    def undo(self, decisions: int = 1) -> None:
        raise IllegalAction("there is no undo online")

    def offer_draw(self) -> bool:
        return self.seat.offer_draw()

    def answer_draw(self, accept: bool) -> bool:
        return self.seat.answer_draw(accept)

    def resign(self) -> bool:
        return self.seat.resign()

    def leave(self) -> None:
        """Close the connection without waiting for it (the game stays on the server)."""
        import threading
        threading.Thread(target=self.seat.close, name="remote-leave", daemon=True).start()

    # --- taking in what arrived ----------------------------------------------------------------
    def poll(self) -> list[Event] | None:
        """Take in the newest state (call on the screen's thread): the events since the last poll,
        or None when nothing has changed."""
        seat = self.seat
        errors = seat.errors[self._errors_read:]
        if errors:
            self._errors_read += len(errors)
            self.problem = errors[-1]
            self._sent_at = None            # refused: it is still our move, as it was
            self._deploying = False
            self._refresh_state()
        message, version, fresh, new_history = seat.news(self._history_version, self._steps_read)
        if new_history:
            # the seat (re)joined: of its history, only the steps played while we were away are news
            self._history_version, self._steps_read = version, len(fresh)
            seen = self.steps[-1].seq if self.steps else -1
            fresh = [step for step in fresh if step["seq"] > seen]
        else:
            self._steps_read += len(fresh)
        if message is None or (message is self.message and not fresh):
            return [] if errors else None
        new_steps = [seen_step(step) for step in fresh]
        self.steps += new_steps
        if not self.finished:
            self.record.actions += [a for step in new_steps for a in step.actions if a is not None]
        self.message = message
        if self._sent_at is not None and message["seq"] != self._sent_at:
            self._sent_at = None            # our action was played
            self._deploying = False
        self._refresh_state()
        events = [event for step in new_steps for event in step.events]
        for listener in self.listeners:
            listener(events)
        return events

    def _refresh_state(self) -> None:
        message = self.message
        if not message:
            return
        final = message.get("final")
        if final and not self.finished:
            self._finish(final, message.get("outcome"))
        if self.finished:
            return
        to_act = None if self._sent_at is not None or message.get("outcome") else message.get("to_act")
        if not self.hidden:
            self.state = self.engine.from_position(message["observation"])
            return
        observation = self.builder.observation(message["observation"])
        self.state = ObservedState(self.blank, observation, message, to_act,
                                   self.side if self._deploying else None)

    def _finish(self, final: dict[str, Any], outcome: dict[str, Any] | None) -> None:
        """The game is over: nothing is secret now, so the record (and state) become the real ones."""
        record = GameRecord(game=self.spec.id, variant=self.variant, options=self.options,
                            seed=int(final["seed"]), players=dict(self.record.players),
                            actions=list(final["actions"]))
        try:
            state = replay(record, self.spec)
        except Exception:      # a record this version cannot replay: show the last view we had
            return
        record.result = outcome
        self.record, self.state, self.finished = record, state, True
        if self.side is not None:        # over: Continue need not list it any more
            try:
                forget_seat(self.seat.address, self.seat.code)
            except OSError:
                pass
