"""Whole decisions from the helmsmen's scores: every legal action scored, the easy level's
choice, the searches' playout moves and the actions worth searching."""

from __future__ import annotations

import random
from typing import Any, Callable

from navalgames.ai.mcts import outcome_value

from ..rules import BLOCKADER, RUNNER, SIDES, BlockadeState, StopAnswer, StopOffer
from ..rules.actions import GENERATE
from ..rules.state import ANSWER, COURSE, MOVE, SIX, START, TERRAIN
from .disabled import course_scores, six_move_scores
from .helm import move_scores, ship_state
from .tables import tables_for


def points_winner(state: BlockadeState) -> str | None:
    r, b = state.points
    return "runner" if r > b else "blockader" if b > r else None


def scored_choices(state: BlockadeState, ours: bool = False) -> list[tuple[float, Any]]:
    """Every legal action of the side to act with a heuristic score, for the easy level and
    rollouts. ``ours``: the games our own searching Blockader plays out, where our Blockader
    heads across the Runner's way out and the Runner takes every shot (move_scores' ``ours``),
    our six-square move that cannot ram is planned and, disabled, our Blockader turns its
    armoured bow to the Runner's rams (six_move_scores' and course_scores' ``plan``); `easy` and
    the Runner's playouts keep the plain one."""
    stage = state.stage
    tables = tables_for(state.terrain)
    if stage == MOVE:
        return move_scores(state, tables, ours)
    if stage == SIX:
        return six_move_scores(state, tables, ours)
    if stage == COURSE:
        return course_scores(state, tables, ours)
    if stage == ANSWER:
        accept = 1.0 if points_winner(state) == SIDES[state.side] else -1.0
        return [(accept, StopAnswer(True)), (-accept, StopAnswer(False))]
    if stage == TERRAIN:
        return [(1.0, GENERATE)]
    if stage == START:
        return [(start_score(state, a), a) for a in state.legal_actions()]
    return [(0.0, a) for a in state.legal_actions()]


def start_score(state: BlockadeState, action) -> float:
    """Runner: the start with the shorter way out; Blockader: the corner nearer the Runner's exit."""
    trial = state.clone()
    trial.advance(action)
    tables = tables_for(state.terrain)
    side = state.side
    ship = ship_state(trial, side)
    if side == RUNNER:
        return -float(tables.escape[ship])
    runner = ship_state(trial, RUNNER)
    return -float(tables.moves_to(runner // 8, ship)) + (0 if tables.afloat[BLOCKADER][ship] else -100)


def greedy_action(state: BlockadeState, rng: random.Random, noise: float = 0.0,
                  ours: bool = False, shun: Callable[[Any], bool] | None = None) -> Any:
    """The best-scoring action; ``noise`` adds a random jitter of that size (ties broken at
    random); ``shun`` rules out actions unless it would rule out all."""
    choices = scored_choices(state, ours)
    if shun is not None:
        choices = [sa for sa in choices if not shun(sa[1])] or choices
    best = max(choices, key=lambda sa: sa[0] + noise * rng.random() + 1e-6 * rng.random())
    return best[1]


def rollout_policy(state: BlockadeState, rng: random.Random, ours: bool = True) -> Any:
    """A move of a game played out: the helmsman's, a little varied (``ours``: see
    scored_choices)."""
    if rng.random() < 0.02:
        actions = candidates(state)
        return actions[rng.randrange(len(actions))]
    return greedy_action(state, rng, noise=0.3, ours=ours)


def runner_rollout_policy(state: BlockadeState, rng: random.Random) -> Any:
    """The games the Runner's search plays out: the Blockader in them closes on a square a few
    ranks north of the Runner, as `easy` and the test set's players do, rather than heading
    across its way out, which is our own Blockader's helm. In a lost game (hard v easy, seed 7, game 2: ``game2`` in the
    tests) the intercepting Blockader made the Runner's turn toward it look as good as the turn
    away (0.63 both, 800 games each), the plain one did not (0.59 against 0.64); the search
    played the turn toward it, and the Runner was disabled and rammed two moves later."""
    return rollout_policy(state, rng, ours=False)


def candidates(state: BlockadeState) -> list:
    """The actions worth searching: an offer to stop only from the side ahead on points."""
    actions = state.legal_actions()
    if actions and isinstance(actions[-1], StopOffer) and points_winner(state) != SIDES[state.side]:
        actions.pop()
    return actions


def evaluate(state: BlockadeState, side: str) -> float:
    """A rough chance of winning for a rollout cut short: the Runner's way out against the guns."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_value(outcome, side)
    if state.at[RUNNER] < 0 or state.at[BLOCKADER] < 0:
        return 0.5
    tables = tables_for(state.terrain)
    runner, blockader = ship_state(state, RUNNER), ship_state(state, BLOCKADER)
    escape = tables.escape[runner]
    value = 0.9 - 0.02 * min(escape, 30)
    if not tables.afloat[RUNNER][runner]:
        value = 0.05
    elif not tables.afloat[BLOCKADER][blockader]:
        value = 0.95
    if state.moves[RUNNER] + escape > state.rules.max_moves:   # the Runner will run out of moves
        winner = points_winner(state)
        value = 0.5 if winner is None else (1.0 if winner == "runner" else 0.0)
    return value if side == "runner" else 1.0 - value
