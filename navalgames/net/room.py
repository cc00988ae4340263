"""One game on the server: its Match, its seats and their tokens, a draw offer, its ending.

No networking here: the server calls these methods and sends what they return. Every method that
changes the game writes the change to the store first; a refused request raises RoomError and
changes nothing.

A room also tells a seat coming back what happened before it came (``history``): each step of
the record (a decision with the dice it brought on) as that seat saw it live, its events through
the same filter, so a resumed game's log reads as if the player had never left.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from navalgames.core.match import Match, initial_state
from navalgames.core.records import GameRecord
from navalgames.core.registry import GameSpec
from navalgames.core.state import CHANCE, Event, GameState, Outcome

from .store import GameStore, StoredGame
from .views import Played, event_filter, public_view, visible_action

TOKEN_BYTES = 24            # 192 bits: a seat's secret, never guessed
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O or 1/I to misread
CODE_LENGTH = 6


@dataclass
class Step:
    """A decision and the dice it brought on, as played: what one ``state`` message told of."""
    seq: int                     # the record's length after it
    played: list[Played]
    events: list[Event]


def record_steps(spec: GameSpec, record: GameRecord) -> list[Step]:
    """The record's steps, replayed: each decision with the dice rolled after it (as ``Match.play``
    rolls them), dice before any decision a step of their own."""
    state = initial_state(spec, record)
    steps: list[Step] = []
    for seq, text in enumerate(record.actions, start=1):
        actor, setup = state.to_act(), state.in_setup()
        events = state.apply_text(text)
        played = Played(text, actor, setup)
        if actor == CHANCE and steps:
            steps[-1].seq = seq
            steps[-1].played.append(played)
            steps[-1].events.extend(events)
        else:
            steps.append(Step(seq, [played], events))
    return steps


class RoomError(ValueError):
    """A request the game refuses (illegal, out of turn, wrong token...); nothing changed."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Room:
    def __init__(self, spec: GameSpec, stored: StoredGame, store: GameStore,
                 state: GameState | None = None) -> None:
        self.spec = spec
        self.code = stored.code
        self.store = store
        self.tokens = dict(stored.tokens)
        self.result = stored.result          # an ending by resignation or agreement
        self.draw_offer: str | None = None
        record = GameRecord(game=stored.game, variant=stored.variant, options=dict(stored.options),
                            seed=stored.seed, players={side: "remote" for side in spec.sides},
                            actions=list(stored.actions))
        self.match = Match(spec, record, state=state)
        self.visible = event_filter(spec)
        self.hides = not isinstance(self.match.state.observation(spec.sides[0]), dict)
        self._steps: list[Step] | None = None    # made when a seat first asks for the history
        # what each one is shown at step ``_shown_at``: computed once per step, whoever asks
        self._shown_at = -1
        self._shown: dict[str | None, Any] = {}
        self._legal: list[str] = []
        if len(record.actions) > len(stored.actions):     # the game opened with dice
            self.store.add_actions(self.code, len(stored.actions), record.actions[len(stored.actions):])

    @classmethod
    def create(cls, spec: GameSpec, variant: str, options: dict[str, Any], store: GameStore,
               code: str) -> "Room":
        spec.variant(variant)                     # ValueError naming the variants
        state = spec.load_engine().new_game(variant, options)   # ValueError for a bad option
        seed = secrets.randbelow(2**31)
        stored = StoredGame(code, spec.id, variant, dict(options), seed)
        store.add_game(stored)
        return cls(spec, stored, store, state)     # laid out once (Blockade's islands take a while)

    # --- seats ---------------------------------------------------------------------------
    def take_seat(self, side: str | None) -> tuple[str, str]:
        """A free seat (the one asked for, or the first free) and its new token."""
        free = [s for s in self.spec.sides if s not in self.tokens]
        if side is not None and side not in self.spec.sides:
            raise RoomError(f"no side {side!r} in {self.spec.title}: expected {', '.join(self.spec.sides)}")
        if side is None:
            if not free:
                raise RoomError("both seats are taken: join as a spectator, or with your seat's token")
            side = free[0]
        elif side not in free:
            raise RoomError(f"the {side} seat is taken")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.store.add_seat(self.code, side, token)
        self.tokens[side] = token
        return side, token

    def seat_of(self, token: str) -> str:
        for side, known in self.tokens.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                return side
        raise RoomError("wrong token: it holds no seat in this game")

    # --- playing -------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.match.record.actions)

    def outcome(self) -> dict[str, Any] | None:
        if self.result:
            return self.result
        outcome = self.match.outcome()
        return outcome.as_dict() if outcome else None

    def to_act(self) -> str | None:
        return None if self.outcome() else self.match.to_act()

    def act(self, side: str, text: str, seq: int) -> Step:
        """Play ``text`` for ``side``; written to the store before this returns."""
        if self.outcome():
            raise RoomError("the game is over")
        if seq != self.seq:
            raise RoomError(f"out of date: the game is at step {self.seq}, your action was for step {seq}")
        if self.match.to_act() != side:
            raise RoomError(f"not your turn: {self.match.to_act()} is to act")
        try:
            action = self.match.state.parse_action(text)
            if action not in self.match.state.legal_actions():
                # not listed (a deployment of one's own): the engine judges it on a copy, so a
                # refusal leaves the real state untouched
                self.match.state.clone().apply(action)
        except ValueError as exc:
            raise RoomError(f"illegal action {text[:80]!r}: {exc}") from None
        before = self.seq
        setup = self.match.state.in_setup()
        events = self.match.play(action)
        actions = self.match.record.actions[before:]
        try:
            self.store.add_actions(self.code, before, actions)
        except Exception:
            # not stored, so not played: back to the position everyone was last told of
            record = self.match.record
            record.actions = record.actions[:before]
            record.result = None
            self.match = Match(self.spec, record)
            self._shown_at = -1
            raise RoomError("the server could not save that action, so it was not played: try again") from None
        self.draw_offer = None
        # the dice after the decision are nobody's choice
        step = Step(self.seq, [Played(actions[0], side, setup)] + [Played(t, CHANCE, setup) for t in actions[1:]],
                    events)
        if self._steps is not None:
            self._steps.append(step)
        return step

    def offer_draw(self, side: str) -> None:
        if self.outcome():
            raise RoomError("the game is over")
        if self.draw_offer == side:
            raise RoomError("you have already offered a draw")
        self.draw_offer = side

    def answer_draw(self, side: str, accept: bool) -> list[Event]:
        offered = self.draw_offer
        if offered is None or offered == side:
            raise RoomError("there is no draw offer to answer")
        self.draw_offer = None
        if not accept:
            return [Event("draw", f"{side.title()} declined the draw", {"side": side})]
        reason = f"drawn by agreement ({offered.title()} offered, {side.title()} accepted)"
        self._end(Outcome(None, reason))
        return [Event("over", reason, {"winner": "none"})]

    def resign(self, side: str) -> list[Event]:
        if self.outcome():
            raise RoomError("the game is over")
        winner = next(s for s in self.spec.sides if s != side)
        reason = f"{side.title()} resigned"
        self._end(Outcome(winner, reason))
        return [Event("over", reason, {"winner": winner})]

    def _end(self, outcome: Outcome) -> None:
        self.store.set_result(self.code, outcome.as_dict())
        self.result = outcome.as_dict()

    # --- what each one sees ------------------------------------------------------------------
    def observation(self, side: str | None) -> Any:
        """What ``side`` (None: a spectator) is shown now: an engine value, made once per step."""
        if self._shown_at != self.seq:
            self._shown_at, self._shown = self.seq, {}
            to_act = self.to_act()
            self._legal = [str(a) for a in self.match.state.legal_actions()] if to_act else []
        shown = self._shown.get(side)
        if shown is None:
            if side is None:
                shown = public_view({s: self.observation(s) for s in self.spec.sides}, self.spec.sides)
            else:
                shown = self.match.state.observation(side)
            self._shown[side] = shown
        return shown

    def view(self, side: str | None, events: list[Event], connected: dict[str, bool],
             played: list[Played] = ()) -> dict[str, Any]:
        """The ``state`` message for a seat (``side``) or a spectator (None), but its
        ``observation``, which the server writes whole or as a patch (see ``observation``);
        ``events`` and the actions ``played`` are what brought it on."""
        self.observation(side)                    # brings the step's legal actions up to date
        to_act = self.to_act()
        return {
            "code": self.code, "seq": self.seq, "you": side, "to_act": to_act,
            "legal": self._legal if side is not None and side == to_act else [],
            "events": [self.visible(e, side).as_dict() for e in events],
            "actions": [visible_action(p, side, self.hides) for p in played],
            "outcome": self.outcome(), "draw_offer": self.draw_offer,
            "connected": connected,
            # once the game is over nothing is secret: the whole record, for the game-over replay
            "final": {"actions": list(self.match.record.actions), "seed": self.match.record.seed}
                     if self.outcome() else None,
        }

    def history(self, side: str | None) -> list[dict[str, Any]]:
        """Every step so far as ``side`` (None: a spectator) was told of it: the ``seq``,
        ``actions`` and ``events`` its ``state`` message carried."""
        if self._steps is None:
            self._steps = record_steps(self.spec, self.match.record)
        return [{"seq": step.seq, "actions": [visible_action(p, side, self.hides) for p in step.played],
                 "events": [self.visible(e, side).as_dict() for e in step.events]}
                for step in self._steps]

    def welcome(self, side: str | None, token: str | None) -> dict[str, Any]:
        """The ``joined`` message: what the game is, and the seat's token."""
        return {"code": self.code, "game": self.spec.id, "variant": self.match.record.variant,
                "options": self.match.record.options, "sides": list(self.spec.sides),
                "side": side, "token": token}
