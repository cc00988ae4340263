"""The opponents of other styles (tests/ai/dover_opponents.py) play their styles, legally."""

from __future__ import annotations

import random

import pytest

import dover_opponents
from games.dover_patrol.ai import plan_for
from games.dover_patrol.rules import ENGINE, FB, MI, Move
from games.dover_patrol.rules.setup import deployment_problems
from navalgames.ai.player import RandomPlayer


def play(players: dict, state, plies: int) -> list:
    """Play on; every (side, state before, action) for the test to look at."""
    seen = []
    for _ in range(plies):
        side = state.to_act()
        if side is None:
            break
        action = players[side].choose(state, side)
        if state.phase == "play":   # a deployment is checked when applied
            assert action in state.legal_actions()
        seen.append((side, state.clone(), action))
        state.apply(action)
    return seen


@pytest.mark.parametrize("style", ["rusher", "turtle", "sampler"])
def test_each_style_deploys_legally_and_plays_a_game_to_the_end(style):
    factory = getattr(dover_opponents, style)
    state = ENGINE.new_game("classic", {})
    players = {"south": factory("hard", "south", 1), "north": RandomPlayer(2)}
    play(players, state, 3000)
    assert state.outcome() is not None


def test_the_rusher_attacks_whenever_it_can_and_flies_at_the_base():
    state = ENGINE.new_game("classic", {})
    players = {"south": dover_opponents.rusher("hard", "south", 3), "north": RandomPlayer(4)}
    flights = nearer = 0
    to_base = plan_for(state.rules).free(state.rules.bases[1])
    for side, before, action in play(players, state, 600):
        if side != "south":
            continue
        if any(isinstance(a, Move) and a.attack >= 0 for a in before.legal_actions()):
            assert action.attack >= 0
        elif isinstance(action, Move) and before.kind[before.board[action.frm]] == FB:
            flights += 1
            nearer += to_base[action.to] < to_base[action.frm]
    # with nothing to attack, the boat flies at the base (or home with a flag, or round a blocker)
    assert flights > 0 and nearer >= 0.8 * flights


def test_the_turtle_walls_its_base_with_mines_and_stays_on_its_half():
    rules = ENGINE.rules("classic")
    for seed, side in ((1, 0), (2, 1)):
        deploy = dover_opponents.turtle("hard", ("south", "north")[side], seed).deploy(rules, side)
        assert not deployment_problems(rules, side, list(deploy.placement))
        placement = dict(deploy.placement)
        beside_base = [placement.get(sq) for sq in rules.steps[rules.bases[side]]]
        assert beside_base and all(kind == MI for kind in beside_base)
    state = ENGINE.new_game("classic", {})
    players = {"north": dover_opponents.turtle("hard", "north", 5), "south": RandomPlayer(6)}
    for side, before, action in play(players, state, 400):
        if side == "north" and isinstance(action, Move) and action.attack < 0:
            assert rules.side_rank(1, action.to) <= rules.ranks // 2 or \
                rules.side_rank(1, action.to) <= rules.side_rank(1, action.frm)


def test_the_sampler_decides_from_its_observation_alone():
    """Two worlds that look the same to South (the enemy's unknown pieces dealt differently) get
    the same move from a sampler seeded alike: it reads the observation, not the board."""
    state = ENGINE.new_game("classic", {})
    players = {"south": dover_opponents.sampler("hard", "south", 7), "north": RandomPlayer(8)}
    play(players, state, 40)
    if state.to_act() != "south":
        play(players, state, 1)
    other = state.sample(state.observation("south"), random.Random(99))
    assert other.observation("south") == state.observation("south")
    assert [other.kind[p] for p in other.alive[1]] != [state.kind[p] for p in state.alive[1]]
    chosen = [dover_opponents.sampler("hard", "south", 5).choose(world, "south")
              for world in (state, other)]
    assert chosen[0] == chosen[1]
