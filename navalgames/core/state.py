"""The one state API every game implements (after OpenSpiel and python-chess).

A state answers: whose decision it is (a side, ``CHANCE`` for dice, or None once over), the legal
actions, apply, clone, outcome, and what each side may observe. Actions are small frozen values
whose ``str()`` is the game's notation; ``parse_action`` turns notation back into an action.
Hidden-information games also implement ``sample``: a full state consistent with one side's
observation, which is all a fair computer opponent may search over.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Hashable, Mapping

CHANCE = "chance"
"""``to_act()`` returns this when dice (or any chance event) decide next."""


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message says why, for a player."""


class PositionError(ValueError):
    """A position (YAML or dict) that does not describe a legal game state."""


@dataclass(frozen=True)
class Outcome:
    winner: str | None  # a side, or None for a draw
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.winner if self.winner is not None else "none", "reason": self.reason}


@dataclass(frozen=True)
class Event:
    """Something that happened while applying an action, for logs, animations and the CLI.

    ``kind`` is a short word (``move``, ``attack``, ``explosion``, ``fire``...), ``text`` a
    sentence a player can read, ``details`` plain YAML-friendly values.
    """

    kind: str
    text: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **dict(self.details)}


Action = Hashable  # each game's own frozen action type; str(action) is its notation


class GameState(ABC):
    """Base class for a game's state. Engines subclass it; nothing here draws or reads files."""

    #: the sides in seat order, e.g. ("south", "north")
    players: tuple[str, ...] = ()

    @abstractmethod
    def to_act(self) -> str | None:
        """The side whose decision it is, ``CHANCE``, or None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action for whoever is to act (chance outcomes at a chance node).

        The list may be the state's own, shared with its clones (an engine may hand out the list
        it keeps rather than copy it on every call): read it, and copy it before changing it."""

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Play ``action``; raise IllegalAction with a reason if it is not legal."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text`` in the game's notation (IllegalAction if malformed)."""

    @abstractmethod
    def clone(self) -> "GameState":
        ...

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def observation(self, side: str) -> Any:
        """What ``side`` may know: never an enemy identity it has not seen."""

    @abstractmethod
    def to_position(self) -> dict[str, Any]:
        """The state as a plain dict in the game's documented position format."""

    # --- optional parts -----------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each outcome with its probability."""
        return []

    def sample(self, observation: Any, rng: random.Random) -> "GameState":
        """A full state consistent with ``observation`` (hidden-information games)."""
        raise NotImplementedError(f"{type(self).__name__} has no hidden information to sample")

    def in_setup(self) -> bool:
        """True while the game is being set up (deployment, start squares, terrain): those
        decisions are not moves, and the move count shown by Continue leaves them out."""
        return False

    def is_terminal(self) -> bool:
        return self.outcome() is not None

    def apply_text(self, text: str) -> list[Event]:
        """Parse and apply one action written in notation."""
        return self.apply(self.parse_action(text))
