"""The player and its levels: what each level samples, how far it looks, and how it chooses."""

from __future__ import annotations

import random
from typing import Any

from ..rules import DoverState, Move
from ..rules.model import SIDE_INDEX
from ..rules.state import SETUP
from .belief import UniformBelief
from .deployment import booklet_deployment
from .plans import PLAN_SLACK, harbour_plan
from .search import carrying_home, one_move_values, sails_off, stalling, two_move_value

class DoverPlayer:
    """A fair player: it reads only the observation, and thinks on positions sampled from it.

    ``worlds`` positions are sampled once per decision and every action is judged on the same
    ones, so two actions are compared on equal terms. ``candidates`` = 0 plays the best action one
    move ahead (easy); otherwise the best ``candidates`` of those are looked at two moves ahead:
    in each world the reply that hurts most (or, in Fleet Orders, our own best next order).
    """

    def __init__(self, level: str, seed: int | None, worlds: int, candidates: int = 0,
                 slack: float = 0.01, detailed: bool = True) -> None:
        self.label = f"Computer ({level})"
        self.level = level
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.slack = slack   # points of random variation: games differ, and easy is less exact
        self.detailed = detailed
        self.considered: list[tuple[Any, float]] = []   # the last decision's candidates and values
        self.belief = UniformBelief()   # deals out the identities of the enemy's unseen pieces

    def choose(self, state: DoverState, side: str) -> Any:
        observation = state.observation(side)
        if observation.phase == SETUP:
            return booklet_deployment(state.rules, SIDE_INDEX[side], self.rng)
        # From here on, only positions sampled from the observation: never ``state`` itself.
        self.belief.update(observation)
        root = self.belief.sample(state, observation, self.rng)
        actions = root.legal_actions()
        if len(actions) == 1:
            return actions[0]
        worlds = [root] + [self.belief.sample(root, observation, self.rng) for _ in range(self.worlds - 1)]
        values = one_move_values(worlds, side, actions, self.detailed)
        jitter = [self.slack * self.rng.random() for _ in actions]
        ranked = sorted(range(len(actions)), key=lambda i: -(values[i] + jitter[i]))
        if not self.candidates:
            self.considered = [(actions[i], values[i]) for i in ranked[:5]]
            return actions[ranked[0]]
        chosen = ranked[:self.candidates]
        if stalling(root):   # also the pieces that would have to sail off to attack
            chosen += [i for i in ranked[self.candidates:] if sails_off(root, actions[i])]
        scored = []
        for i in chosen:
            deep = sum(two_move_value(world, actions[i], side, self.detailed)
                       for world in worlds) / len(worlds)
            scored.append((deep + jitter[i], values[i], actions[i]))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        self.considered = [(a, v) for v, _, a in scored]
        planned = self.harbour_move(root, side, worlds, actions)
        if planned is not None and planned[0] >= scored[0][0] - PLAN_SLACK:
            return planned[1]
        return scored[0][2]

    def harbour_move(self, root: DoverState, side: str, worlds: list[DoverState],
                     actions: list) -> tuple[float, Any] | None:
        """The next move of the harbour planner (see ``harbour_plan``) and its value two moves
        ahead, when we carry the enemy flag home."""
        if not carrying_home(root, side):
            return None
        first = harbour_plan(root, SIDE_INDEX[side])
        if first is None:
            return None
        for action in actions:
            if isinstance(action, Move) and action.key == first:
                deep = sum(two_move_value(world, action, side, self.detailed)
                           for world in worlds) / len(worlds)
                return deep, action
        return None


#: whether the evaluation is the detailed one (piece-aware ways, hunting, knowledge, crowding)
LEVELS = {"easy": (3, 0, 1.0, False), "normal": (3, 6, 0.3, True), "hard": (5, 12, 0.01, True)}


def make_player(level: str, side: str, seed: int | None = None) -> DoverPlayer:
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Dover Patrol: expected easy, normal or hard")
    worlds, candidates, slack, detailed = LEVELS[level]
    return DoverPlayer(level, seed, worlds, candidates, slack, detailed)
