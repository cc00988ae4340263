"""Flagship Hunt: sinking a Flagship ends the game, so the computer weighs the risk to its own
on many worlds (a Submarine or a Mine among the unseen enemy pieces is only guessed, and the few
worlds of the look-ahead miss a one-in-six risk about as often as not).

The position is from a tournament game (flagship-hunt, hard v easy, seed 7, game 3) that `hard`
lost at ply 350: its Flagship stepped from h4 to g4, facing an unseen moved piece on g2 that was a
Submarine (it came up to g3 and sank the Flagship)."""

from __future__ import annotations

import random

from games.dover_patrol import ai
from games.dover_patrol.rules import ENGINE, Move

POSITION = {
    "game": "dover-patrol", "variant": "flagship-hunt", "to_move": "north",
    "pieces": {
        "south": {"a1": "3", "b1": "6", "d1": "FB", "h1": "10", "a2": "4", "b2": "7", "h2": "MI",
                  "f3": "ML", "g2": "SS", "a4": "MI", "d4": "2", "e5": "MI", "d3": "5"},
        "north": {"f8": "MI", "a9": "1", "b9": "5", "f9": "MI", "a10": "6", "b10": "1", "c10": "3",
                  "e10": "1", "g10": "MS", "b11": "5", "c11": "MS", "e11": "5", "f11": "ML",
                  "g11": "MI", "a12": "FB", "b12": "4", "c12": "3", "f12": "5", "h4": "10"}},
    "revealed": {"south": ["d1", "h2", "f3", "a4", "d4", "e5"], "north": ["f8"]},
    "moved": {"south": ["a1", "b1", "d1", "a2", "b2", "d3", "f3", "g2", "d4"],
              "north": ["a9", "b9", "a10", "b10", "c10", "e10", "g10", "b11", "c11", "a12", "b12",
                        "f12", "h4"]},
    "quiet_plies": 16, "ply": 348}


def move(state, frm: str, to: str) -> Move:
    names = state.rules.names
    return next(a for a in state.legal_actions()
                if isinstance(a, Move) and names[a.frm] == frm and names[a.to] == to and a.attack < 0)


def test_a_flagship_step_facing_a_possible_submarine_is_weighed_on_many_worlds():
    state = ENGINE.from_position(POSITION)
    observation = state.observation("north")
    rng = random.Random(3)
    worlds = [state.sample(observation, rng) for _ in range(ai.search.RISK_WORLDS)]
    into_danger, elsewhere = move(state, "h4", "g4"), move(state, "a9", "a8")
    assert ai.search.risks_flagship(state, into_danger, "north")
    assert not ai.search.risks_flagship(state, elsewhere, "north")
    share, lost = ai.search.flagship_risk(worlds, into_danger, "north")
    # g2 moved (no Mine) and is unseen: in some worlds it is a Submarine that sinks the Flagship
    # (a loss), in others the Flagship that sinks with ours (a draw)
    assert 0.05 < share < 0.6 and -ai.WIN_POINTS <= lost < -ai.WIN_POINTS / 3
    assert ai.search.flagship_risk(worlds, elsewhere, "north") == (0.0, 0.0)


def test_hard_keeps_its_flagship_out_of_a_possible_submarine_s_reach():
    state = ENGINE.from_position(POSITION)
    names = state.rules.names
    for seed in range(6):
        player = ai.make_player("hard", "north", seed=seed)
        action = player.choose(state, "north")
        assert (names[action.frm], names[action.to]) != ("h4", "g4")
        best = player.considered[0][1]
        assert all(v < best - 20 for a, v in player.considered
                   if (names[a.frm], names[a.to]) == ("h4", "g4"))   # looked at, and seen to be bad
