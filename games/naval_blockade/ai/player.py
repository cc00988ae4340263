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


#: MCTS iterations a move of each searching level, for each side. hard's Blockader searches
#: four times as long as its Runner: where the Runner's guns can reach it, the moves that keep
#: its ram off or meet it bow to bow are close calls, and with 2,400 iterations it survived the
#: Runner's first D4 in 0.44 of games, against 0.26 with 600 (docs/computer.md, eighth Naval
#: Blockade session). The Runner, which won 93 of 100 against `easy` with 600, keeps them.
LEVELS = {"normal": {"runner": 150, "blockader": 150}, "hard": {"runner": 600, "blockader": 2400}}


def make_player(level: str, side: str, seed: int | None = None, think: float | None = None):
    """The computer at ``level``. Without ``think`` it searches a fixed number of iterations, so a
    game replays the same on any machine (tournaments and tests); ``think`` (the seconds a person
    allows in Settings) also stops the search on the clock, as Dover Patrol's levels take it."""
    if level == "easy":
        return GreedyPlayer(side, seed)
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Naval Blockade: expected easy, normal or hard")
    search = BlockadeSearch(LEVELS[level][side], think, duel=level == "hard")
    return SearchPlayer(f"Computer ({level})", search, seed)
