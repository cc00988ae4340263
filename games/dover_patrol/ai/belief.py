"""What the enemy's hidden pieces may be: the worlds the computer thinks on.

The engine's observation says which kinds each unseen enemy piece can still be (a piece that moved
is no Mine, ...) and how many of each kind are unaccounted for. ``UniformBelief`` deals the kinds
out at random within those limits (``navalgames.ai.identities``), each consistent deal about
equally likely. Only the observation is read, so the true identities never leak into a world.
"""

from __future__ import annotations

import random

from ..rules import DoverState
from ..rules.observation import Observation


class UniformBelief:
    """Every identity the observation allows, dealt out about uniformly."""

    def update(self, observation: Observation) -> None:
        """Take note of what the enemy did since the last decision (nothing to note here)."""

    def sample(self, state: DoverState, observation: Observation, rng: random.Random) -> DoverState:
        """A full position consistent with ``observation`` (``state`` only supplies the rules)."""
        return state.sample(observation, rng)
