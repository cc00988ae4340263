"""The players of each level, and the factory the game's SPEC names."""

from __future__ import annotations

import random
from typing import Any

from navalgames.ai.player import SearchPlayer

from ..rules import BlockadeState
from .policies import greedy_action
from .search import BlockadeSearch


class GreedyPlayer:
    """The easy level: the helmsman's best move, a little varied so games differ."""

    def __init__(self, side: str, seed: int | None = None) -> None:
        self.label = "Computer (easy)"
        self.rng = random.Random(seed)

    def choose(self, state: BlockadeState, side: str) -> Any:
        return greedy_action(state, self.rng, noise=0.5)


#: MCTS iterations a move of each searching level
LEVELS = {"normal": 150, "hard": 600}


def make_player(level: str, side: str, seed: int | None = None, think: float | None = None):
    """The computer at ``level``. Without ``think`` it searches a fixed number of iterations, so a
    game replays the same on any machine (tournaments and tests); ``think`` (the seconds a person
    allows in Settings) also stops the search on the clock, as Dover Patrol's levels take it."""
    if level == "easy":
        return GreedyPlayer(side, seed)
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Naval Blockade: expected easy, normal or hard")
    return SearchPlayer(f"Computer ({level})", BlockadeSearch(LEVELS[level], think), seed)
