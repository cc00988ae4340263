"""Monte Carlo tree search over the shared state API: UCT, chance nodes and information sets.

One search serves both games:

- **Chance nodes** (``to_act() == CHANCE``) are sampled by their probabilities, so the value of a
  decision is the expectation over the dice, as in expectimax, without enumerating every face.
  A ``chance_key`` may let outcomes that lead to the same decisions share one child (open loop
  below it: the states under that child differ, the statistics are pooled).
- **Hidden information** (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012): every
  iteration starts from a fresh *determinization*, a full state drawn from what the searching side
  may know; the tree is keyed by actions, so it is shared by all determinizations, and a child's
  UCB uses its *availability* count (how often it was legal when its parent was visited) instead
  of the parent's visit count. With no ``determinize`` hook the search is plain UCT on clones.

Values are chances of winning in [0, 1] (a draw is one half) for two-sided zero-sum games. A
rollout plays ``policy`` moves (uniformly random by default) for at most ``rollout_depth``
decisions, then asks ``evaluate`` how good the position is; ``rollout_depth=0`` evaluates the new
leaf at once. A ``judge`` is asked before each rollout move and ends the rollout where it gives a
value (a solved part of the game, say), playing on where it gives None. With an iteration budget
and a seed the search is fully deterministic, provided the game lists its legal actions in a
deterministic order. A state with an ``advance(action)`` method
(apply without building events) is stepped with it: searches never read the events.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from navalgames.core.state import CHANCE, GameState, Outcome

from .budget import Budget

Action = Any
Evaluate = Callable[[GameState, str], float]          # chance that the side wins, in [0, 1]
Judge = Callable[[GameState, str], "float | None"]    # like Evaluate, or None: no judgement here
Policy = Callable[[GameState, random.Random], Action]  # a rollout move for whoever is to act
Prior = Callable[[GameState, Sequence[Action]], Sequence[float]]  # hints in [0, 1] per action
Determinize = Callable[[GameState, str, random.Random], GameState]  # a full state the side may believe
Candidates = Callable[[GameState], list]   # the legal actions worth searching (default: all of them)
ChanceKey = Callable[[GameState, Action], Any]   # the tree's child for a chance outcome (default: itself)

SAFETY_PLIES = 10_000  # a rollout without evaluation that never ends counts as a draw


def outcome_value(outcome: Outcome, side: str) -> float:
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == side else 0.0


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """One chance outcome drawn by its probability."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError(f"{type(state).__name__} is at a chance node but lists no chance outcomes")
    pick = rng.random() * sum(p for _, p in outcomes)
    for action, p in outcomes:
        pick -= p
        if pick < 0:
            return action
    return outcomes[-1][0]


def step(state: GameState, action: Action) -> None:
    """Play an action inside a search: the engine's event-free ``advance`` when it has one."""
    advance = getattr(state, "advance", None)
    if advance is not None:
        advance(action)
    else:
        state.apply(action)


def random_policy(state: GameState, rng: random.Random) -> Action:
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


@dataclass(frozen=True)
class ActionStats:
    action: Action
    visits: int
    mean: float   # the searching side's chance of winning after this action


@dataclass(frozen=True)
class SearchResult:
    action: Action
    stats: tuple[ActionStats, ...]   # every root action searched, most visited first
    iterations: int
    seconds: float


class Node:
    __slots__ = ("mover", "children", "visits", "total", "avail", "prior", "hints")

    def __init__(self, mover: str | None, prior: float = 0.0) -> None:
        self.mover = mover        # who chose the action leading here (CHANCE for a die roll)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0          # summed value for ``mover``
        self.avail = 1            # times this node's action was legal when the parent was visited
        self.prior = prior
        self.hints: dict[Action, float] | None = None   # the root's prior per action, if given


class MCTS:
    """UCT with chance nodes; ISMCTS when given a ``determinize`` hook."""

    def __init__(self, budget: Budget, *, exploration: float = 0.7, evaluate: Evaluate | None = None,
                 rollout_depth: int | None = None, policy: Policy | None = None,
                 prior: Prior | None = None, prior_weight: float = 1.0,
                 determinize: Determinize | None = None, candidates: Candidates | None = None,
                 root_prior: Prior | None = None, chance_key: ChanceKey | None = None,
                 judge: Judge | None = None) -> None:
        if rollout_depth == 0 and evaluate is None:
            raise ValueError("rollout_depth=0 needs an evaluate function")
        self.budget = budget
        self.exploration = exploration
        self.evaluate = evaluate
        self.rollout_depth = rollout_depth
        self.policy = policy or random_policy
        self.prior = prior
        self.hints: dict[Action, float] | None = None   # the root's prior per action, if given
        self.prior_weight = prior_weight
        self.determinize = determinize
        self.candidates = candidates or (lambda state: state.legal_actions())
        self.root_prior = root_prior   # like ``prior``, but asked once, for the root's actions only
        # Outcomes with the same key share one child: a game whose chance outcomes differ in ways
        # no later decision depends on (a die's hits that only score) keeps its tree deep.
        self.chance_key = chance_key
        self.judge = judge

    # --- the search -----------------------------------------------------------------------
    def search(self, state: GameState, side: str, rng: random.Random) -> SearchResult:
        if state.to_act() != side:
            raise ValueError(f"it is not {side}'s decision (to act: {state.to_act()})")
        players = tuple(state.players)
        if len(players) != 2 or side not in players:
            raise ValueError("the search handles two-sided games whose state lists its players")
        actions = self.candidates(state)
        watch = self.budget.start()
        root = Node(None)
        if len(actions) > 1 and self.root_prior is not None:
            root.hints = dict(zip(actions, self.root_prior(state, actions)))
        if len(actions) > 1:
            while not watch.exhausted():
                self._iterate(root, state, side, players, rng)
                watch.tick()
        stats = [ActionStats(a, root.children[a].visits, root.children[a].total / root.children[a].visits)
                 for a in actions if a in root.children]
        # Most visits is the robust choice; ties go to the better mean, then to the engine's order.
        order = {a: i for i, a in enumerate(actions)}
        stats.sort(key=lambda s: (-s.visits, -s.mean, order[s.action]))
        best = stats[0].action if stats else actions[0]
        return SearchResult(best, tuple(stats), watch.done, watch.elapsed())

    def _iterate(self, root: Node, state: GameState, side: str, players: tuple[str, ...],
                 rng: random.Random) -> None:
        sim = self.determinize(state, side, rng) if self.determinize else state.clone()
        node = root
        path = [root]
        while True:
            mover = sim.to_act()
            if mover is None:
                break
            if mover == CHANCE:
                action = sample_chance(sim, rng)
                key = action if self.chance_key is None else self.chance_key(sim, action)
                child = node.children.get(key)
                step(sim, action)
                if child is None:
                    child = node.children[key] = Node(CHANCE)
                    path.append(child)
                    break
                node = child
                path.append(child)
                continue
            actions = self.candidates(sim)
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action, prior = self._pick_untried(sim, node, untried, rng)
                child = node.children[action] = Node(mover, prior)
                step(sim, action)
                path.append(child)
                break
            action, node = self._select(node, actions)
            step(sim, action)
            path.append(node)
        value = self._rollout(sim, players[0], rng)
        for visited in path:
            visited.visits += 1
            if visited.mover == players[0]:
                visited.total += value
            elif visited.mover is not None and visited.mover != CHANCE:
                visited.total += 1.0 - value

    def _pick_untried(self, sim: GameState, node: Node, untried: list[Action],
                      rng: random.Random) -> tuple[Action, float]:
        """The next action to expand: the best hint first, else one at random."""
        if node.hints is not None:
            hints = node.hints
            best = max(untried, key=lambda a: hints.get(a, 0.0))
            return best, hints.get(best, 0.0)
        if self.prior is None:
            return untried[rng.randrange(len(untried))], 0.0
        hints = list(self.prior(sim, untried))
        best = max(range(len(untried)), key=lambda i: hints[i])
        return untried[best], hints[best]

    def _select(self, node: Node, actions: list[Action]) -> tuple[Action, Node]:
        """The child with the best UCB among those legal in this determinization."""
        best_score = -math.inf
        best: tuple[Action, Node] | None = None
        c = self.exploration
        w = self.prior_weight
        for a in actions:
            child = node.children[a]
            score = (child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                     + w * child.prior / (child.visits + 1))
            if score > best_score:
                best_score, best = score, (a, child)
        assert best is not None
        return best

    def _rollout(self, sim: GameState, first: str, rng: random.Random) -> float:
        """The value for ``first`` (the first player) of a playout from ``sim``."""
        decisions = 0
        limit = self.rollout_depth if self.rollout_depth is not None else SAFETY_PLIES
        while True:
            outcome = sim.outcome()
            if outcome is not None:
                return outcome_value(outcome, first)
            mover = sim.to_act()
            if mover == CHANCE:
                step(sim, sample_chance(sim, rng))
                continue
            if self.judge is not None:
                judged = self.judge(sim, first)
                if judged is not None:
                    return judged
            if decisions >= limit:
                break
            step(sim, self.policy(sim, rng))
            decisions += 1
        if self.evaluate is None:
            return 0.5
        return min(1.0, max(0.0, self.evaluate(sim, first)))
