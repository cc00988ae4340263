"""The terrain, when our side won the toss: from the terrain book, or found by quick games played
out by the helmsmen on candidate layouts (``narrowed``, which also makes the book)."""

from __future__ import annotations

import random
import time

from navalgames.ai.mcts import SearchResult, outcome_value, sample_chance
from navalgames.core.state import CHANCE, IllegalAction

from ..rules import BlockadeState, PlaceTerrain, generate_layout
from ..rules.actions import GENERATE
from .policies import evaluate, greedy_action, rollout_policy
from .terrain_book import book_terrains


def choose_terrain(state: BlockadeState, side: str, rng: random.Random, layouts: int, trials: int,
                   seconds: float | None) -> SearchResult:
    """One of the book's layouts for these ships (``terrain_book``); without one (the Blockader,
    or rules other than the standard ones), the named scenarios and ``layouts`` of our own
    drawing narrowed by rounds of quick games."""
    booked = book_terrains(state, side)
    if booked:
        return SearchResult(rng.choice(booked), (), 0, 0.0)
    options = [a for a in state.legal_actions() if a != GENERATE]
    size, pentominoes = state.rules.size, state.rules.data.pentominoes
    for _ in range(layouts):
        islands, rocks = generate_layout(rng, size, pentominoes, state.placed_ships())
        options.append(PlaceTerrain(islands, rocks))
    started = time.perf_counter()
    best = narrowed(state, side, options, rng, trials, seconds, keep=1)
    if not best:
        return SearchResult(greedy_action(state, rng), (), 0, 0.0)
    return SearchResult(best[0], (), 0, time.perf_counter() - started)


def narrowed(state: BlockadeState, side: str, options: list, rng: random.Random, trials: int,
             seconds: float | None, keep: int) -> list:
    """The ``keep`` options ``side`` fares best on, best first, by successive halving: ``trials``
    quick games on each, then the better third played on with three times as many, and so on
    (or until the seconds run out). Layouts differ by a few games in a hundred, so the games
    are best spent on the few that lead."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    tried = []   # [games won, trial state, action]
    for action in options:
        trial = state.clone()
        try:
            trial.advance(action)
        except IllegalAction:   # a scenario that covers a ship or leaves it no move
            continue
        tried.append([0.0, trial, action])
    games = trials
    while len(tried) > keep and (deadline is None or time.perf_counter() < deadline):
        for entry in tried:
            entry[0] += played_out(entry[1], side, rng, games) * games
        tried.sort(key=lambda entry: -entry[0])
        tried = tried[:max(keep, len(tried) // 3)]
        games *= 3
    return [action for _, _, action in tried[:keep]]


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
