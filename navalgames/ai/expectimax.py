"""Depth-limited expectiminimax with alpha-beta at decisions and Star1 pruning at chance nodes.

For games of perfect information with dice (Naval Blockade): the searching side maximises, its
opponent minimises, a chance node takes the expectation over its outcomes (Ballard 1983, Star1:
once the outcomes already seen put the expectation outside the window, the rest are skipped).
Values are the searching side's chance of winning in [0, 1]; ``evaluate`` must stay in that range.

The depth counts decisions, not dice. An iteration budget is a fixed depth (deterministic); a time
budget deepens one decision at a time and keeps the answer of the last depth it finished.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from navalgames.core.state import CHANCE, GameState

from .budget import Budget
from .mcts import ActionStats, Evaluate, SearchResult, outcome_value, step

Action = Any
Order = Callable[[GameState, Sequence[Action]], Sequence[Action]]  # best-first guess, for pruning


class _OutOfTime(Exception):
    pass


class Expectimax:
    def __init__(self, budget: Budget, evaluate: Evaluate, *, order: Order | None = None,
                 max_depth: int = 64) -> None:
        self.budget = budget
        self.evaluate = evaluate
        self.order = order
        self.max_depth = max_depth
        self.nodes = 0

    def search(self, state: GameState, side: str, rng: Any = None) -> SearchResult:
        """The best action for ``side``; ``rng`` is accepted for the common search signature."""
        if state.to_act() != side:
            raise ValueError(f"it is not {side}'s decision (to act: {state.to_act()})")
        started = time.perf_counter()
        self.side = side
        self.nodes = 0
        self.deadline = started + self.budget.seconds if self.budget.seconds is not None else None
        actions = state.legal_actions()
        if len(actions) == 1:
            return SearchResult(actions[0], (ActionStats(actions[0], 0, 0.5),), 0, 0.0)
        last = self.budget.iterations if self.budget.iterations is not None else self.max_depth
        best: list[tuple[float, Action]] | None = None
        depth = 0
        for depth in range(1, last + 1):
            try:
                best = self._root(state, actions, depth, best)
            except _OutOfTime:
                depth -= 1
                break
            if best[0][0] >= 1.0:   # a certain win: deeper search cannot improve on it
                break
        if best is None:  # not even depth one finished: fall back on the static guess
            best = [(self.evaluate(self._after(state, a), side), a) for a in actions]
            best.sort(key=lambda va: -va[0])
        stats = tuple(ActionStats(a, depth, v) for v, a in best)
        return SearchResult(best[0][1], stats, depth, time.perf_counter() - started)

    def _root(self, state: GameState, actions: list[Action], depth: int,
              previous: list[tuple[float, Action]] | None) -> list[tuple[float, Action]]:
        # Search the previous depth's best first, so its window prunes the rest hardest.
        if previous is not None:
            actions = [a for _, a in previous]
        elif self.order is not None:
            actions = list(self.order(state, actions))
        scored: list[tuple[float, Action]] = []
        alpha = -1.0
        for action in actions:
            value = self._value(self._after(state, action), depth - 1, alpha, 2.0)
            scored.append((value, action))
            alpha = max(alpha, value)
        # Values of pruned actions are upper bounds below the best: sorting keeps the best first.
        rank = {a: i for i, a in enumerate(actions)}
        scored.sort(key=lambda va: (-va[0], rank[va[1]]))
        return scored

    @staticmethod
    def _after(state: GameState, action: Action) -> GameState:
        child = state.clone()
        step(child, action)
        return child

    def _value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.deadline is not None and self.nodes % 256 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime
        outcome = state.outcome()
        if outcome is not None:
            return outcome_value(outcome, self.side)
        mover = state.to_act()
        if mover == CHANCE:
            return self._chance(state, depth, alpha, beta)
        if depth <= 0:
            return min(1.0, max(0.0, self.evaluate(state, self.side)))
        actions = state.legal_actions()
        if self.order is not None:
            actions = list(self.order(state, actions))
        if mover == self.side:
            best = -1.0
            for action in actions:
                best = max(best, self._value(self._after(state, action), depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if best >= beta:
                    break
            return best
        best = 2.0
        for action in actions:
            best = min(best, self._value(self._after(state, action), depth - 1, alpha, beta))
            beta = min(beta, best)
            if best <= alpha:
                break
        return best

    def _chance(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        """Star1: the expectation, or a bound on it as soon as it cannot land inside the window."""
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        seen = 0.0       # sum of p * value over outcomes searched so far
        left = 1.0       # probability mass not searched yet
        for action, p in outcomes:
            p /= total
            left -= p
            # The child's window: the values that could still put the expectation in (alpha, beta).
            lo = (alpha - seen - left * 1.0) / p
            hi = (beta - seen - left * 0.0) / p
            value = self._value(self._after(state, action), depth, max(lo, -1.0), min(hi, 2.0))
            seen += p * value
            if value <= lo:
                return seen + left * 1.0   # an upper bound at or below alpha
            if value >= hi:
                return seen                # a lower bound at or above beta
        return seen
