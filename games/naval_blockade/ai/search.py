"""The searching levels: Monte Carlo tree search over the dice, games played out by the
helmsmen (``policies``), a judgement of games cut short, and the choice among searched moves."""

from __future__ import annotations

import math
import random
from functools import partial
from typing import Any

from navalgames.ai.budget import Budget
from navalgames.ai.mcts import MCTS, SearchResult

from ..rules import BLOCKADER, SIDES, BlockadeState, StopOffer
from ..rules.state import ANSWER, COURSE, MOVE, SIX, START, TERRAIN
from .disabled import OPEN_TO_RAM, SURE_SIX_MOVE, course_scores, six_move_scores
from .duel import judge as duel_judge, table_for
from .helm import first_shot
from .policies import candidates, evaluate, greedy_action, rollout_policy, runner_rollout_policy
from .tables import tables_for
from .terrain_book import shunned_start
from .terrain_choice import choose_terrain

REOFFER_MOVES = 12  # after a refused offer to stop, our moves before offering again on the same lead
PLAN_TIE = 5.0      # six-move plan scores this close (under 3 in 100 of its chance) count as equal


class BlockadeSearch:
    """Monte Carlo search over the dice with helmsman rollouts; the terrain, when this side won
    the toss, by ``choose_terrain`` (``layouts`` of its own drawing, ``trials`` rounds of games).
    ``duel``: our Blockader's playouts stop at close quarters on open water and take the solved
    duel's value (``duel_judge``) instead of one game's luck."""

    def __init__(self, iterations: int, seconds: float | None, layouts: int = 5, trials: int = 24,
                 duel: bool = False) -> None:
        self.mcts = MCTS(Budget(iterations=iterations, seconds=seconds), exploration=0.5,
                         policy=rollout_policy, evaluate=evaluate, rollout_depth=80,
                         candidates=self._candidates, chance_key=die_key)
        self.layouts = layouts
        self.duel = duel
        self.trials = trials
        self.seconds = seconds
        self.side = -1
        self.refused: tuple[int, int] | None = None    # (our lead, our moves) when last refused

    def _candidates(self, state: BlockadeState) -> list:
        actions = candidates(state)
        if state.stage == COURSE and state.disabled == self.side == BLOCKADER:
            # a course open to the Runner's ram off the bow only where every other runs aground
            return near_best(course_scores(state, tables_for(state.terrain), plan=True),
                             OPEN_TO_RAM / 2)
        if state.stage == SIX and state.side == self.side == BLOCKADER:
            # the plan's best single moves only: searched among all three, the playouts' luck
            # led our six moves off the plan and under the Runner's guns (game 481)
            return near_best(six_move_scores(state, tables_for(state.terrain), plan=True), PLAN_TIE)
        if actions and isinstance(actions[-1], StopOffer) and state.side == self.side \
                and not self.may_offer(state):
            actions.pop()
        if state.stage == MOVE and state.side == self.side == BLOCKADER:
            actions = first_shot(state, tables_for(state.terrain), actions)
        return actions

    def may_offer(self, state: BlockadeState) -> bool:
        """After a refusal, offer again only once our lead has grown or REOFFER_MOVES of our
        moves later: an offer every turn, each needing a Refuse, wears a person out."""
        if self.refused is None:
            return True
        lead, moves = self.refused
        me = self.side
        return (state.points[me] - state.points[1 - me] > lead
                or state.moves[me] - moves >= REOFFER_MOVES)

    def note_refusal(self, state: BlockadeState, side: str) -> None:
        """Our offer of this turn was refused (the engine lets us only move now): remember when."""
        self.side = SIDES.index(side)
        if state.stage == MOVE and state.offered and state.side == self.side:
            me = self.side
            self.refused = (state.points[me] - state.points[1 - me], state.moves[me])

    def search(self, state: BlockadeState, side: str, rng: random.Random) -> SearchResult:
        self.note_refusal(state, side)
        if state.stage == TERRAIN:
            return choose_terrain(state, side, rng, self.layouts, self.trials, self.seconds)
        if state.stage in (START, ANSWER):   # ships start before the terrain is known
            action = greedy_action(state, rng, noise=0.2, shun=partial(shunned_start, state))
            return SearchResult(action, (), 0, 0.0)
        if state.stage == SIX:
            score, action = max(six_move_scores(state, tables_for(state.terrain), plan=True),
                                key=lambda sa: sa[0])
            if score > SURE_SIX_MOVE:   # a ram, an escape or a sure plan still on: no dice can stop it
                return SearchResult(action, (), 0, 0.0)
        self.mcts.policy = runner_rollout_policy if side == "runner" else rollout_policy
        self.mcts.judge = duel_judge if self.duel and side == "blockader" else None
        if self.mcts.judge is not None:
            table_for(state.rules)    # built before the clock starts, not in a search's time
        return surest(self.mcts.search(state, side, rng))


def near_best(scored: list[tuple[float, Any]], slack: float) -> list:
    """The actions scoring within ``slack`` of the best."""
    best = max(score for score, _ in scored)
    return [action for score, action in scored if score > best - slack]


def die_key(state: BlockadeState, outcome: Any) -> Any:
    """The search tree's child for a chance outcome: a die that does not disable (H2, H1 or a
    miss) only scores, and what follows is the same game, so those three faces share one child
    (their points still count in each game played out). Kept apart, a volley of two guns split
    its visits sixteen ways before the enemy's reply and the tree stayed two moves shallow."""
    face = getattr(outcome, "face", None)
    return outcome if face is None or face == "D4" else "no D4"


def surest(result: SearchResult) -> SearchResult:
    """The searched action whose chance of winning is highest even at its likely worst (its mean
    less one standard error, ``0.5 / sqrt(visits)``): the most visited move is the usual choice,
    but when the search ends before its visits catch up with a better mean it picks the
    worse one."""
    if len(result.stats) < 2:
        return result
    best = max(result.stats, key=lambda s: s.mean - 0.5 / math.sqrt(s.visits))
    return SearchResult(best.action, result.stats, result.iterations, result.seconds)
