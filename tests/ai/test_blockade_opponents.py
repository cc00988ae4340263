"""The independent Naval Blockade opponents (tests/ai/blockade_opponents.py) play legal games to
the end, on either side, and their judgement does what their styles say."""

from __future__ import annotations

import pytest

import blockade_opponents
from games.naval_blockade.rules import ENGINE
from navalgames.ai.player import RandomPlayer
from navalgames.core.match import Match
from navalgames.core.registry import get_game

SPEC = get_game("naval-blockade")
ISLANDS = [["g10", "g11", "g12", "f11", "h11"], ["p14", "q14", "r14", "s14", "q15"],
           ["d18", "d19", "d20", "e18", "f18"], ["s19", "t19", "s20", "t20", "s21"]]


def position(**extra):
    data = {"game": "naval-blockade", "to_move": "runner", "runner": {"at": "l1", "heading": "N"},
            "blockader": {"at": "v23", "heading": "E"}, "islands": ISLANDS, "rocks": ["l8", "t8"]}
    data.update(extra)
    return ENGINE.from_position(data)


@pytest.mark.parametrize("style", ["cautious", "bold"])
@pytest.mark.parametrize("side", ["runner", "blockader"])
def test_each_style_plays_legal_games_to_the_end(style, side):
    factory = getattr(blockade_opponents, style)
    for seed in range(3):
        match = Match.new(SPEC, "standard", seed=seed)
        other = "blockader" if side == "runner" else "runner"
        players = {side: factory("hard", side, seed), other: RandomPlayer(seed)}
        for _ in range(1000):
            actor = match.to_act()
            if actor is None:
                break
            if actor == "chance":
                match.resolve_chance()
                continue
            action = players[actor].choose(match.state, actor)
            if match.state.stage not in ("terrain",):
                assert action in match.state.legal_actions()
            match.play(action)
        assert match.outcome() is not None


@pytest.mark.parametrize("style", ["cautious", "bold"])
def test_the_runner_sails_for_open_sea_when_nothing_threatens(style):
    # rule 9: the Runner wins on reaching rank 24; far from the Blockader it heads north
    state = position(runner={"at": "k12", "heading": "N"}, blockader={"at": "x1", "heading": "S"})
    player = getattr(blockade_opponents, style)("hard", "runner", 1)
    assert str(player.choose(state, "runner")) == "ahead"


def test_the_cautious_runner_keeps_out_of_the_blockaders_ram():
    # The Blockader on l14 heading S can ram k13, l13 or m13 next (rule 17: a ram wins); the
    # Runner on k12 heading NE reaches k13, l13 or l12: only turning to starboard keeps clear.
    state = position(runner={"at": "k12", "heading": "NE"}, blockader={"at": "l14", "heading": "S"})
    for seed in range(3):
        action = blockade_opponents.cautious("hard", "runner", seed).choose(state, "runner")
        after = state.clone()
        after.apply(action)
        assert str(action) == "starboard"
        assert not blockade_opponents.rammed_next(after, 0)


def test_a_d4_is_followed_by_the_six_moves_that_ram():
    # rule 16: the Runner disabled on m14, the Blockader on m8 heading N: six moves reach it
    state = position(stage="course", to_move="runner", disabled="runner",
                     runner={"at": "m14", "heading": "N"}, blockader={"at": "m8", "heading": "N"},
                     moves={"runner": 10, "blockader": 10})
    players = {"runner": RandomPlayer(1), "blockader": blockade_opponents.bold("hard", "blockader", 2)}
    while state.to_act() is not None:
        side = state.to_act()
        state.apply(players[side].choose(state, side))
    assert state.ending == "ram" and state.outcome().winner == "blockader"
