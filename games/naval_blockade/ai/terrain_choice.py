"""The terrain, when our side won the toss: quick games played out by the helmsmen on each
candidate layout, and the one our side fares best on."""

from __future__ import annotations

import random

from navalgames.ai.budget import Budget
from navalgames.ai.mcts import SearchResult, outcome_value, sample_chance
from navalgames.core.state import CHANCE, IllegalAction

from ..rules import BlockadeState, PlaceTerrain, generate_layout
from ..rules.actions import GENERATE
from .policies import evaluate, greedy_action, rollout_policy


def choose_terrain(state: BlockadeState, side: str, rng: random.Random, layouts: int, trials: int,
                   seconds: float | None) -> SearchResult:
    """The named scenarios and ``layouts`` of our own drawing, each judged by ``trials`` rounds
    of quick games (fewer if ``seconds`` run out); the one our side fares best on."""
    options = [a for a in state.legal_actions() if a != GENERATE]
    size, pentominoes = state.rules.size, state.rules.data.pentominoes
    for _ in range(layouts):
        islands, rocks = generate_layout(rng, size, pentominoes)
        options.append(PlaceTerrain(islands, rocks))
    return by_trials(state, side, options, rng, trials, seconds)


def by_trials(state: BlockadeState, side: str, options: list, rng: random.Random, trials: int,
              seconds: float | None) -> SearchResult:
    """Rounds of one quick game on each option, until ``trials`` rounds or the seconds run
    out (at least one round): judging a dozen layouts in full took the computer 15 s."""
    watch = Budget(iterations=trials, seconds=seconds).start()
    tried = []
    for action in options:
        trial = state.clone()
        try:
            trial.advance(action)
        except IllegalAction:   # a drawn layout that covers a ship or leaves it no move
            continue
        tried.append((trial, action))
    if not tried:
        return SearchResult(greedy_action(state, rng), (), 0, 0.0)
    totals = [0.0] * len(tried)
    while True:
        for index, (trial, _) in enumerate(tried):
            totals[index] += played_out(trial, side, rng, 1)
        watch.tick()
        if watch.exhausted():
            break
    best = max(range(len(tried)), key=lambda i: totals[i])
    return SearchResult(tried[best][1], (), len(tried) * watch.done, watch.elapsed())


def played_out(state: BlockadeState, side: str, rng: random.Random, games: int) -> float:
    """``side``'s share of ``games`` quick games played out from ``state`` by the helmsmen."""
    total = 0.0
    for _ in range(games):
        sim = state.clone()
        for _ in range(2000):
            actor = sim.to_act()
            if actor is None:
                break
            sim.advance(sample_chance(sim, rng) if actor == CHANCE else rollout_policy(sim, rng))
        outcome = sim.outcome()
        total += outcome_value(outcome, side) if outcome is not None else evaluate(sim, side)
    return total / games
