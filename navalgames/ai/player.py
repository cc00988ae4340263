"""Computer players: the contract every AI level follows, and the uniform random player.

A player chooses for one side. It is handed the full state for convenience (legal actions,
cloning), but a fair player of a hidden-information game reads only ``state.observation(side)``
and ``state.legal_actions()``, and searches over states sampled from that observation.
"""

from __future__ import annotations

import inspect
import random
from typing import Any, Protocol

from navalgames.core.registry import GameSpec, load_object
from navalgames.core.state import GameState


class Player(Protocol):
    label: str   # shown to people, e.g. "Computer (hard)" or "Random player"

    def choose(self, state: GameState, side: str) -> Any:
        """An action from ``state.legal_actions()`` for ``side``, whose decision it is."""


class RandomPlayer:
    """Uniformly random legal actions: the `random` level, and a stand-in before real AIs exist."""

    label = "Random player"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, side: str) -> Any:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"{side} has no legal action to choose from")
        return actions[self.rng.randrange(len(actions))]


def make_player(spec: GameSpec, level: str, side: str, seed: int | None = None,
                think: float | None = None) -> Player:
    """The game's own player for ``level``; the random player for `random` or while a game has none.

    ``think``: the seconds the player may think a move (the "computer thinks up to N s" setting),
    handed to a game's factory that takes a ``think`` argument; None keeps the level's own search.
    """
    if level != "random" and spec.ai:
        try:
            factory = load_object(spec.ai)
        except (ImportError, AttributeError):
            factory = None
        if factory is not None:
            if think is not None and takes_think(factory):
                return factory(level, side, seed, think=think)
            return factory(level, side, seed)
    player = RandomPlayer(seed)
    if level != "random":
        player.label = f"Random player (standing in for '{level}')"
    return player


def takes_think(factory: Any) -> bool:
    """Whether a player factory takes the ``think`` allowance."""
    try:
        return "think" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return False


class SearchPlayer:
    """A player that asks a search (MCTS, Expectimax, ...) for each decision.

    ``search.search(state, side, rng)`` returns a SearchResult; the last one is kept in ``last``
    so callers (the tournament, a hint button) can show what the computer considered.
    """

    def __init__(self, label: str, search: Any, seed: int | None = None) -> None:
        self.label = label
        self.search = search
        self.rng = random.Random(seed)
        self.last: Any = None

    def choose(self, state: GameState, side: str) -> Any:
        self.last = self.search.search(state, side, self.rng)
        return self.last.action
