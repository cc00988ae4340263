"""A game in progress: a state, its record, its one seeded generator, and autosave.

The UI, the command line and the tournament all play through a Match, so every game, however it
is played, leaves a record that replays exactly. Chance nodes (dice) are resolved here with the
game's seeded generator or forced faces, and the outcome is recorded like any other action.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable, Mapping

from .dice import DiceRoller
from .records import GameRecord, SaveError, SaveStore
from .registry import GameSpec, get_game
from .state import CHANCE, Event, GameState, IllegalAction, Outcome


def initial_state(spec: GameSpec, record: GameRecord) -> GameState:
    engine = spec.load_engine()
    if record.start is not None:
        return engine.from_position(record.start)
    return engine.new_game(record.variant, record.options)


def replay(record: GameRecord, spec: GameSpec | None = None, upto: int | None = None,
           source: str = "record") -> GameState:
    """The state after the record's first ``upto`` actions (all of them by default).

    A record that breaks the rules (hand-edited, or from an incompatible version) raises
    SaveError naming the action and the reason.
    """
    spec = spec or get_game(record.game)
    try:
        state = initial_state(spec, record)
    except ValueError as exc:
        raise SaveError(f"{source}: cannot start the game ({exc})") from None
    for number, text in enumerate(record.actions[:upto], start=1):
        try:
            state.apply_text(text)
        except ValueError as exc:
            raise SaveError(f"{source}: action {number} '{text}' cannot be replayed: {exc}") from None
    return state


class Match:
    """Drives one game: apply actions, resolve dice, undo, autosave after every action."""

    def __init__(self, spec: GameSpec, record: GameRecord, store: SaveStore | None = None,
                 forced_dice: Iterable[str] = (), state: GameState | None = None) -> None:
        self.spec = spec
        self.record = record
        self.store = store
        self.state = state if state is not None else replay(record, spec)
        self.dice = DiceRoller(self._rng(), forced_dice)
        self.listeners: list[Callable[[list[Event]], None]] = []
        self.resolve_chance()   # a game that opens with a roll is handed over ready for a decision

    @classmethod
    def new(cls, spec: GameSpec, variant: str, options: Mapping[str, Any] | None = None,
            seed: int | None = None, players: Mapping[str, str] | None = None,
            start: Mapping[str, Any] | None = None, store: SaveStore | None = None,
            forced_dice: Iterable[str] = ()) -> "Match":
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        record = GameRecord(game=spec.id, variant=variant, options=dict(options or {}), seed=seed,
                            players=dict(players or {side: "human" for side in spec.sides}),
                            start=dict(start) if start is not None else None, decisions=0)
        return cls(spec, record, store, forced_dice)

    def _rng(self) -> random.Random:
        return random.Random(f"{self.record.seed}:{len(self.record.actions)}")

    def chance_rng(self) -> random.Random:
        """The generator the next chance outcome is drawn from (a fresh one per roll, seeded by
        the roll's place in the record; a tournament with common dice draws them otherwise)."""
        return self._rng()

    # --- playing ------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return self.state.to_act()

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def play(self, action: Any) -> list[Event]:
        """Apply a decision (an action or its notation), then any dice it brings on."""
        if isinstance(action, str):
            action = self.state.parse_action(action)
        setting_up = self.state.in_setup()
        events = self._apply(action)
        if self.record.decisions is not None and not setting_up:   # None: an older save
            self.record.decisions += 1
        events += self.resolve_chance()
        self._after(events)
        return events

    def resolve_chance(self) -> list[Event]:
        events: list[Event] = []
        while self.state.to_act() == CHANCE:
            # A fresh generator per roll, seeded by the roll's place in the record: a resumed or
            # replayed game rolls exactly as an uninterrupted one, and undo cannot re-roll luck.
            self.dice.rng = self.chance_rng()
            outcomes = self.state.chance_outcomes()
            names = [(str(a), p) for a, p in outcomes]
            chosen = self.dice.choose(names)
            action = next(a for a, _ in outcomes if str(a) == chosen)
            events += self._apply(action)
        return events

    def _apply(self, action: Any) -> list[Event]:
        events = self.state.apply(action)
        self.record.actions.append(str(action))
        return events

    def _after(self, events: list[Event]) -> None:
        outcome = self.state.outcome()
        self.record.result = outcome.as_dict() if outcome else None
        self.autosave()
        for listener in self.listeners:
            listener(events)

    def undo(self, decisions: int = 1) -> None:
        """Take back the last ``decisions`` decisions (with the dice they brought on)."""
        kept = list(self.record.actions)
        taken_back = 0
        for _ in range(decisions):
            while kept:
                before = replay(GameRecord(**{**self.record.__dict__, "actions": kept[:-1]}), self.spec)
                kept.pop()
                if before.to_act() != CHANCE:
                    taken_back += not before.in_setup()
                    break
        if len(kept) == len(self.record.actions):
            raise IllegalAction("nothing to undo")
        self.record.actions = kept
        if self.record.decisions is not None:
            self.record.decisions = max(0, self.record.decisions - taken_back)
        self.state = replay(self.record, self.spec)
        self.dice = DiceRoller(self._rng(), self.dice.forced)
        self._after([])

    def autosave(self) -> None:
        if self.store is not None:
            self.store.autosave(self.record)
