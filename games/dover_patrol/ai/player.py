"""The player and its levels: what each level samples, how far it looks, and how it chooses."""

from __future__ import annotations

import random
import time
from typing import Any

from ..rules import DoverState, Move
from ..rules.model import SIDE_INDEX
from ..rules.state import SETUP
from .belief import BehaviourBelief, UniformBelief
from .deployment import booklet_deployment
from .plans import PLAN_SLACK, harbour_plan
from .sorties import pressed
from .search import carrying_home, one_move_values, sails_off, stalling, two_move_value

class DoverPlayer:
    """A fair player: it reads only the observation, and thinks on positions sampled from it.

    ``worlds`` positions are sampled once per decision and every action is judged on the same
    ones, so two actions are compared on equal terms. ``candidates`` = 0 plays the best action one
    move ahead (easy); otherwise the best ``candidates`` of those are looked at two moves ahead:
    in each world the reply that hurts most (or, in Fleet Orders, our own best next order).

    ``think`` (seconds, or None): the search grows while the allowance lasts, a few more worlds
    and two more candidates at a time, every candidate judged on every world (see ``deepen``).
    ``behaviour``: the worlds follow what the enemy's pieces did (``belief.BehaviourBelief``).
    """

    def __init__(self, level: str, seed: int | None, worlds: int, candidates: int = 0,
                 slack: float = 0.01, detailed: bool = True, behaviour: bool = False,
                 think: float | None = None) -> None:
        self.label = f"Computer ({level})"
        self.level = level
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates
        self.slack = slack   # points of random variation: games differ, and easy is less exact
        self.detailed = detailed
        self.considered: list[tuple[Any, float]] = []   # the last decision's candidates and values
        # deals out the identities of the enemy's unseen pieces
        self.belief = BehaviourBelief() if behaviour else UniformBelief()
        self.think = think
        self.searched = (0, 0)   # the last decision's worlds and candidates looked at two moves ahead
        self.presses = False     # whether a looming draw makes it press on (sorties.pressed)

    def choose(self, state: DoverState, side: str) -> Any:
        started = time.perf_counter()
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
        deep = {i: [two_move_value(world, actions[i], side, self.detailed) for world in worlds]
                for i in chosen}
        if self.think:
            self.deepen(started, root, observation, side, actions, ranked, worlds, deep)
        self.searched = (len(worlds), len(deep))
        scored = []
        for i, found in deep.items():
            scored.append((sum(found) / len(found) + jitter[i], values[i], actions[i]))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        self.considered = [(a, v) for v, _, a in scored]
        planned = self.harbour_move(root, side, worlds, actions)
        if planned is not None and planned[0] >= scored[0][0] - PLAN_SLACK:
            return planned[1]
        if self.presses:   # a draw by quiet turns looming: sorties, attacks, no going round
            return pressed(root, side, worlds, actions, scored, lambda action: sum(
                two_move_value(world, action, side, self.detailed) for world in worlds) / len(worlds))
        return scored[0][2]

    def deepen(self, started: float, root: DoverState, observation, side: str, actions: list,
               ranked: list[int], worlds: list[DoverState], deep: dict[int, list[float]]) -> None:
        """Grow the search while the think allowance lasts: THINK_WORLDS more worlds for every
        candidate, then the next THINK_WIDER candidates (by one-move value) on every world.
        Each round is started only if it should end within the allowance, judged by the time
        the rounds so far took per world and candidate."""
        deadline = started + self.think
        while len(worlds) < MAX_WORLDS:
            now = time.perf_counter()
            per_eval = (now - started) / (len(worlds) * len(deep))
            if now + per_eval * (THINK_WORLDS * len(deep) + THINK_WIDER * len(worlds)) > deadline:
                return
            fresh = [self.belief.sample(root, observation, self.rng) for _ in range(THINK_WORLDS)]
            for i, found in deep.items():
                found.extend(two_move_value(world, actions[i], side, self.detailed) for world in fresh)
            worlds.extend(fresh)
            for i in [i for i in ranked if i not in deep][:THINK_WIDER]:
                deep[i] = [two_move_value(world, actions[i], side, self.detailed) for world in worlds]

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


BEHAVIOUR = False   # whether normal and hard deal identities after the enemy's behaviour (see
                    # the README: it fits the enemy better, not yet shown to win more)

#: worlds sampled, candidates looked at two moves ahead, points of slack in the choice,
#: whether the evaluation is the detailed one (piece-aware ways, hunting, knowledge, crowding),
#: whether the worlds follow the enemy's behaviour, and whether the search grows with the think
#: allowance (only hard: normal stays a fair match for a beginner, whatever the allowance)
LEVELS = {"easy": (3, 0, 1.0, False, False, False), "normal": (3, 6, 0.3, True, BEHAVIOUR, False),
          "hard": (5, 12, 0.01, True, BEHAVIOUR, True)}
THINK_WORLDS = 3   # worlds added to every candidate in each round of ``deepen``
THINK_WIDER = 2    # candidates added in each round
MAX_WORLDS = 60    # beyond this, more worlds change nothing worth the time


def make_player(level: str, side: str, seed: int | None = None, think: float | None = None) -> DoverPlayer:
    """The computer at ``level``; ``think``: the seconds it may think a move (None: a fixed search,
    the same on every machine, as tournaments and tests use by default)."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Dover Patrol: expected easy, normal or hard")
    worlds, candidates, slack, detailed, behaviour, grows = LEVELS[level]
    return DoverPlayer(level, seed, worlds, candidates, slack, detailed, behaviour,
                       think if grows else None)


def make_believer(level: str, side: str, seed: int | None = None, think: float | None = None) -> DoverPlayer:
    """The computer at ``level`` with the behaviour belief, whatever BEHAVIOUR says: a player to
    measure it by, ``navalgames tournament dover-patrol --a games.dover_patrol.ai:make_believer@hard``."""
    player = make_player(level, side, seed, think)
    if level != "easy":
        player.belief = BehaviourBelief()
    return player


def make_presser(level: str, side: str, seed: int | None = None, think: float | None = None) -> DoverPlayer:
    """The computer at ``level`` pressing on with sorties as a draw by quiet turns looms
    (``sorties.pressed``): measured, not yet shown to win more, so no level uses it yet;
    ``navalgames tournament dover-patrol --a games.dover_patrol.ai:make_presser@hard``."""
    player = make_player(level, side, seed, think)
    player.presses = level != "easy"
    return player
