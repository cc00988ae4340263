"""The player and its levels: what each level samples, how far it looks, and how it chooses."""

from __future__ import annotations

import random
import time
from typing import Any

from ..rules import DoverState, Move
from ..rules.model import SIDE_INDEX
from ..rules.state import SETUP
from .beginner import Beginner
from .belief import BehaviourBelief, UniformBelief
from .boat_gate import guard_move, keep_guards
from .deployment import booklet_deployment
from .evaluation import goes_back
from .hunting import hunts
from .plans import PLAN_SLACK, clearing_plan, harbour_plan, hopeless, toward_goal
from .raid import raid_plan
from .search import (RISK_WORLDS, flagship_risk, flagship_square, one_move_values,
                     risks_flagship, sails_off, stalling, two_move_value)
from .sorties import errand_slack, pressed

class DoverPlayer:
    """A fair player: it reads only the observation, and thinks on positions sampled from it.

    ``worlds`` positions are sampled once per decision and every action is judged on the same
    ones, so two actions are compared on equal terms. ``candidates`` = 0 plays the best action one
    move ahead (easy); otherwise the best ``candidates`` of those are looked at two moves ahead:
    in each world the reply that hurts most (or, in Fleet Orders, our own best next order).

    ``think`` (seconds, or None): while the allowance lasts, the candidates are looked at a third
    move ahead (our answer to the enemy's most dangerous replies), then on more worlds (see
    ``deepen``).
    ``behaviour``: the worlds follow what the enemy's pieces did (``belief.BehaviourBelief``).
    ``beginner`` (normal): the one-move choice is made by ``beginner.Beginner``.
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
        # the last decision's worlds, candidates looked at two moves ahead, and of those, how many
        # three moves ahead
        self.searched = (0, 0, 0)
        self.risks: dict[int, tuple[float, float]] = {}   # Flagship Hunt: see weigh_flagship_risks
        self.risk_worlds: list[DoverState] = []
        self.presses = False     # whether a looming draw makes it press on (sorties.pressed)
        self.beginner: Beginner | None = None   # normal's one-move game (see ``beginner``)
        self.hunts = False       # whether quiet moves go hunting (``hunting``)
        self.guards_gate = False  # whether a ship shuts the boat gate on a raider (``boat_gate``)
        self.seals_base = False   # whether its Mines shut the way in where entering a base wins
        self.raids = False        # whether a Flying Boat nothing can sink goes for the flag (``raid``)

    def choose(self, state: DoverState, side: str) -> Any:
        started = time.perf_counter()
        observation = state.observation(side)
        if observation.phase == SETUP:
            return booklet_deployment(state.rules, SIDE_INDEX[side], self.rng, seal=self.seals_base)
        # From here on, only positions sampled from the observation: never ``state`` itself.
        self.belief.update(observation)
        root = self.belief.sample(state, observation, self.rng)
        actions = root.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.candidates:   # hard throws no ship away on a known loss (see ``hopeless``)
            actions = [a for a in actions if not hopeless(root, a)] or actions
        if self.guards_gate:
            actions = keep_guards(root, SIDE_INDEX[side], actions)
        worlds = [root] + [self.belief.sample(root, observation, self.rng) for _ in range(self.worlds - 1)]
        values = one_move_values(worlds, side, actions, self.detailed)
        jitter = [self.slack * self.rng.random() for _ in actions]
        ranked = sorted(range(len(actions)), key=lambda i: -(values[i] + jitter[i]))
        if not self.candidates:
            self.considered = [(actions[i], values[i]) for i in ranked[:5]]
            if self.beginner:
                return self.beginner.move(root, side, worlds, actions, values, jitter)
            return actions[ranked[0]]
        chosen = ranked[:self.candidates]
        if stalling(root):   # also the pieces that would have to sail off to attack
            chosen += [i for i in ranked[self.candidates:] if sails_off(root, actions[i])]
        if root.rules.win == "flagship":   # also every move of the Flagship (it may have to flee)
            flagship = flagship_square(root, side)
            chosen += [i for i in ranked[self.candidates:] if getattr(actions[i], "frm", -1) == flagship]
        deep = {i: [two_move_value(world, actions[i], side, self.detailed) for world in worlds]
                for i in chosen}
        self.risks, self.risk_worlds = {}, []
        self.weigh_flagship_risks(root, observation, side, actions, chosen)
        answered = self.deepen(started, root, observation, side, actions, worlds, deep) if self.think else 0
        self.searched = (len(worlds), len(deep), answered)
        scored = []
        for i, found in deep.items():
            value = sum(found) / len(found)
            if i in self.risks:
                share, lost = self.risks[i]
                value = (1.0 - share) * value + share * lost
            scored.append((value + jitter[i], values[i], actions[i]))
        scored.sort(key=lambda t: (-t[0], -t[1]))
        self.considered = [(a, v) for v, _, a in scored]
        # a plan's move may look worse than the best, more so as a draw by quiet turns nears
        slack = max(PLAN_SLACK, errand_slack(root, scored[0][0]))
        planned = self.planned_move(harbour_plan, root, side, worlds, actions)
        way_home = planned is not None
        if not way_home:   # no way home for a flag carrier: clear one, if an enemy piece blocks it
            planned = self.planned_move(clearing_plan, root, side, worlds, actions)
        if planned is None and self.raids:
            planned = self.planned_move(raid_plan, root, side, worlds, actions)
        if planned is None and self.guards_gate:
            planned = self.planned_move(guard_move, root, side, worlds, actions)
        if planned is not None and planned[0] >= scored[0][0] - slack:
            return planned[1]
        if self.presses:   # a draw by quiet turns looming: sorties, attacks, no going round
            return pressed(root, side, worlds, actions, scored,
                           lambda action: self.mean_two_move(worlds, action, side))
        if self.hunts and not way_home:   # not while a flag carrier has a way home to follow
            hunting = self.hunt_move(root, side, worlds, actions, scored)
            if hunting is not None:
                return hunting
        return toward_goal(root, scored)

    def hunt_move(self, root: DoverState, side: str, worlds: list[DoverState], actions: list,
                  scored: list) -> Any:
        """The next move of the best hunt (``hunting.hunts``) whose move the search finds within
        HUNT_SLACK of its best (judged two moves ahead; STRIKE_SLACK for the attack that ends
        it), when that best is no attack; else None. A step back into a position already seen is
        no hunt."""
        best = scored[0][2]
        if isinstance(best, Move) and best.attack >= 0:
            return None   # an attack to make now: that is the hunt already
        if root.rules.fleet_orders or root.rules.win == "flagship":
            return None   # orders by the turn, or a Flagship whose every risk is weighed apart
        moves = {action.key: action for action in actions if isinstance(action, Move)}
        searched = {action.key: value for value, _, action in scored if isinstance(action, Move)}
        for key in hunts(root, SIDE_INDEX[side]):
            if key not in moves or moves[key].attack < 0 and goes_back(root, moves[key]):
                continue   # a hunter walking back and forth round a blocker makes no progress
            value = searched.get(key)
            if value is None:
                value = self.mean_two_move(worlds, moves[key], side)
            slack = HUNT_SLACK if moves[key].attack < 0 else STRIKE_SLACK
            if value >= scored[0][0] - slack:
                return moves[key]
        return None

    def deepen(self, started: float, root: DoverState, observation, side: str, actions: list,
               worlds: list[DoverState], deep: dict[int, list[float]]) -> int:
        """Use the think allowance: first a third move, our best answer to the enemy's most
        dangerous replies (``two_move_value`` with ANSWERS), for each candidate from the best
        down; then, once every candidate has it, THINK_WORLDS more worlds at a time for all of
        them. Each step is started only if it should end within the allowance, judged by the
        time the steps so far took. Returns how many candidates were looked at three moves ahead.

        Why not more worlds or more candidates two moves ahead first: on positions from a real
        game, 15 worlds instead of 5, or 36 candidates instead of 12, changed the move chosen
        by less than 0.05 points (judged two moves ahead on 40 other worlds): the two-move
        look-ahead has already settled, and only looking further changes what it sees."""
        deadline = started + self.think
        two_ply = (time.perf_counter() - started) / (len(worlds) * len(deep))
        per_candidate = two_ply * len(worlds) * ANSWER_COST   # a guess until one is timed
        spent, answered = 0.0, 0
        for i in sorted(deep, key=lambda i: -sum(deep[i]) / len(deep[i])):
            now = time.perf_counter()
            if now + per_candidate > deadline:
                return answered
            deep[i] = [two_move_value(world, actions[i], side, self.detailed, ANSWERS)
                       for world in worlds]
            spent += time.perf_counter() - now
            answered += 1
            per_candidate = spent / answered
        while len(worlds) < MAX_WORLDS:
            now = time.perf_counter()
            if now + per_candidate / len(worlds) * THINK_WORLDS * len(deep) > deadline:
                break
            fresh = [self.belief.sample(root, observation, self.rng) for _ in range(THINK_WORLDS)]
            for i, found in deep.items():
                found.extend(two_move_value(world, actions[i], side, self.detailed, ANSWERS)
                             for world in fresh)
            worlds.extend(fresh)
        return answered

    def weigh_flagship_risks(self, root: DoverState, observation, side: str, actions: list,
                             indices: list[int]) -> None:
        """Flagship Hunt: losing our Flagship loses the game, a risk the few worlds of the
        look-ahead see or miss by chance (is that unseen piece a Submarine?). For each candidate
        that risks it, its share of RISK_WORLDS worlds and what those endings are worth go to
        ``self.risks``; the candidate's value is weighed by them."""
        if root.rules.win != "flagship":
            return
        for i in indices:
            if i in self.risks or not risks_flagship(root, actions[i], side):
                continue
            if not self.risk_worlds:
                self.risk_worlds = [root] + [self.belief.sample(root, observation, self.rng)
                                             for _ in range(RISK_WORLDS - 1)]
            self.risks[i] = flagship_risk(self.risk_worlds, actions[i], side, self.detailed)

    def planned_move(self, planner, root: DoverState, side: str, worlds: list[DoverState],
                     actions: list) -> tuple[float, Any] | None:
        """The next move of ``planner`` (``harbour_plan`` or ``clearing_plan``, for when we carry
        a flag home; ``raid.raid_plan``, our Flying Boat for the enemy flag when nothing can sink
        it; ``boat_gate.guard_move``, a ship to shut our boat gate on a raider) and its
        value two moves ahead, or None."""
        first = planner(root, SIDE_INDEX[side])
        if first is None:
            return None
        for action in actions:
            if isinstance(action, Move) and action.key == first:
                return self.mean_two_move(worlds, action, side), action
        return None

    def mean_two_move(self, worlds: list[DoverState], action, side: str) -> float:
        """``action``'s two-move value averaged over the worlds."""
        return sum(two_move_value(world, action, side, self.detailed) for world in worlds) / len(worlds)


BEHAVIOUR = False   # whether normal and hard deal identities after the enemy's behaviour (see
                    # the README: it fits the enemy better, not yet shown to win more)

#: worlds sampled, candidates looked at two moves ahead, points of slack in the choice,
#: whether the evaluation is the detailed one (piece-aware ways, hunting, knowledge, crowding),
#: whether the worlds follow the enemy's behaviour, and whether the search grows with the think
#: allowance (only hard: normal stays a fair match for a beginner, whatever the allowance)
LEVELS = {"easy": (3, 0, 1.0, False, False, False), "normal": (3, 0, 0.3, True, BEHAVIOUR, False),
          "hard": (5, 12, 0.01, True, BEHAVIOUR, True)}
ANSWERS = 3        # with time to think: the enemy's most dangerous replies we answer (see ``deepen``)
ANSWER_COST = 5    # a first guess of how much dearer a candidate is three moves ahead than two (4.7x measured)
HUNT_SLACK = 2.0   # points the hunt's next move may look worse than the search's best
STRIKE_SLACK = 1.0  # ... and its attack, a gamble on what the prey is (2 lost hard a 6 and a 9 early)
THINK_WORLDS = 3   # worlds added to every candidate in each round of ``deepen``, third ply done
MAX_WORLDS = 60    # beyond this, more worlds change nothing worth the time


def make_player(level: str, side: str, seed: int | None = None, think: float | None = None) -> DoverPlayer:
    """The computer at ``level``; ``think``: the seconds it may think a move (None: a fixed search,
    the same on every machine, as tournaments and tests use by default)."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Dover Patrol: expected easy, normal or hard")
    worlds, candidates, slack, detailed, behaviour, grows = LEVELS[level]
    player = DoverPlayer(level, seed, worlds, candidates, slack, detailed, behaviour,
                         think if grows else None)
    if level == "normal":   # a beginner's game: see ``beginner``
        player.beginner = Beginner()
    player.hunts = level == "hard"
    player.guards_gate = level == "hard"
    player.seals_base = level == "hard"
    player.raids = level == "hard"
    return player


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


def make_gatekeeper(level: str, side: str, seed: int | None = None, think: float | None = None) -> DoverPlayer:
    """The computer at ``level`` shutting its boat gate on a raider (``boat_gate``), as ``hard``
    does since it was measured under this name (69cc139: 155 / 37 / 8 against ``normal``);
    kept so that those results files go on,
    ``navalgames tournament dover-patrol --a games.dover_patrol.ai:make_gatekeeper@hard``."""
    player = make_player(level, side, seed, think)
    player.guards_gate = level != "easy"
    return player
