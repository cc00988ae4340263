"""Random playouts for benchmarks, property tests and search rollouts.

The engine itself never rolls; a playout is handed a generator and plays chance nodes from it
with the die's own probabilities. Decisions are uniform among the moves; the offer to stop is
left out so a playout reaches a real ending or the move limit.
"""

from __future__ import annotations

import random

from .actions import FIRING_DIE, ROLLS, StopOffer
from .state import CHANCE, BlockadeState

_FACES = tuple(ROLLS[face] for face in FIRING_DIE.faces)   # D4 H2 H1 M M M: uniform index = fair die


def random_playout(state: BlockadeState, rng: random.Random, max_plies: int = 100_000) -> int:
    """Play ``state`` to the end in place; returns the number of plies (actions) applied."""
    plies = 0
    randrange = rng.randrange
    while plies < max_plies:
        actor = state.actor
        if actor is None:
            break
        if actor == CHANCE:
            if state.stage == "fire":
                action = _FACES[randrange(6)]
            else:
                outcomes = state.chance_outcomes()
                action = outcomes[randrange(len(outcomes))][0]   # toss and layouts: uniform
        else:
            actions = state.legal_actions()
            if type(actions[-1]) is StopOffer:
                actions.pop()
            action = actions[randrange(len(actions))]
        state.advance(action)
        plies += 1
    return plies
