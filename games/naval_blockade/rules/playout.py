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
    random = rng.random      # int(random() * k): a uniform index, cheaper than randrange
    advance = state.advance
    while plies < max_plies:
        actor = state.actor
        if actor is None:
            break
        if actor == CHANCE:
            if state.stage == "fire":
                action = _FACES[int(random() * 6)]
            else:
                outcomes = state.chance_outcomes()
                action = outcomes[int(random() * len(outcomes))][0]   # toss and layouts: uniform
        else:
            actions = state.legal_actions()
            if type(actions[-1]) is StopOffer:
                actions.pop()
            action = actions[int(random() * len(actions))]
        advance(action)
        plies += 1
    return plies


def close_quarters(state: BlockadeState, rng: random.Random, distance: int = 8) -> BlockadeState:
    """A copy of a started game with both ships moved to random open-sea squares at most
    ``distance`` apart (files plus ranks), random headings, points and moves kept: a position
    where the guns will soon bear (benchmarks, tests, AI experiments)."""
    n, land = state.rules.size, state.terrain.land
    while True:
        a, b = rng.randrange(n * (n - 1)), rng.randrange(n * n)   # the Runner off the North edge
        if a != b and not land[a] and not land[b] and \
                abs(a % n - b % n) + abs(a // n - b // n) <= distance:
            break
    copy = state.clone()
    copy.at = [a, b]
    copy.heading = [rng.randrange(8), rng.randrange(8)]
    copy._begin_turn(rng.randrange(2), None)
    return copy
