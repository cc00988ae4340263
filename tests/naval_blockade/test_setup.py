"""Rules 1-3: choosing start squares, the toss, placing the terrain, the first move."""

import pytest

from games.naval_blockade.rules import BLOCKADER, ENGINE, RUNNER
from navalgames.core.state import IllegalAction

from blockade_helpers import kinds, play, ship

NARROWS = ("terrain i:g13,h13,i13,j13,k13 i:n13,o13,p13,q13,r13 i:d18,d19,d20,e18,f18 "
           "i:s19,t19,s20,t20,s21 r:l8 r:t8")


def test_rule_2_toss_is_a_chance_node_then_the_winner_places_terrain():
    state = ENGINE.new_game("standard")
    assert state.to_act() == "chance" and state.stage == "toss"
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("toss:runner", 0.5),
                                                                  ("toss:blockader", 0.5)]
    play(state, "toss:blockader")
    assert state.to_act() == "blockader" and state.stage == "terrain"
    assert [str(a) for a in state.legal_actions()] == [
        "generate", "scenario:the-narrows", "scenario:open-water", "scenario:the-gauntlet"]


def test_rule_2_terrain_by_hand_is_validated():
    state = ENGINE.new_game("standard")
    play(state, "toss:runner")
    with pytest.raises(IllegalAction, match="terrain breaks rule 2: island 1 touches rock 1 at"):
        state.apply_text(NARROWS.replace("r:l8", "r:g12"))
    assert state.stage == "terrain"           # nothing lost: the winner may try again
    events = play(state, NARROWS)
    assert kinds(events) == ["terrain"] and state.stage == "start"
    assert state.terrain.islands[0] == tuple(state.terrain.grid.parse(s)
                                             for s in ("g13", "h13", "i13", "j13", "k13"))


def test_rule_2_generate_draws_a_numbered_layout():
    state = ENGINE.new_game("standard")
    play(state, "toss:runner", "generate")
    assert state.to_act() == "chance" and len(state.chance_outcomes()) == 10_000
    play(state, "layout:42")
    again = ENGINE.new_game("standard")
    play(again, "toss:blockader", "generate", "layout:42")
    assert state.terrain.islands == again.terrain.islands and len(state.terrain.islands) == 4


def test_rule_1_start_squares_runner_first_then_blockader():
    state = ENGINE.new_game("standard")
    play(state, "toss:runner", "scenario:the-narrows")
    assert [str(a) for a in state.legal_actions()] == ["start l1", "start m1"]
    play(state, "start m1")
    assert ship(state, RUNNER) == "m1 N" and state.to_act() == "blockader"
    choices = state.start_square_choices(BLOCKADER)
    assert [name for name, _, _ in choices] == ["v23", "w23", "x23", "a23", "b23", "c23",
                                                "v24", "w24", "x24", "a24", "b24", "c24"]
    refused = {name: why for name, _, why in choices if why}
    assert refused == {"x23": "the Blockader would have no legal first move from x23",
                       "a23": "the Blockader would have no legal first move from a23",
                       "x24": "the Blockader would have no legal first move from x24",
                       "a24": "the Blockader would have no legal first move from a24"}
    with pytest.raises(IllegalAction, match="refused, the Blockader would have no legal first move"):
        state.apply_text("start x24")
    with pytest.raises(IllegalAction, match="not a Blockader start square"):
        state.apply_text("start l20")
    play(state, "start b24")
    assert ship(state, BLOCKADER) == "b24 W"


def test_rule_3_the_loser_of_the_toss_moves_first():
    for winner, first in (("runner", "blockader"), ("blockader", "runner")):
        state = ENGINE.new_game("standard")
        play(state, f"toss:{winner}", "scenario:open-water", "start l1", "start w23")
        assert state.to_act() == first and state.stage == "move"


def test_rule_1_start_square_covered_by_terrain_is_refused():
    state = ENGINE.new_game("standard")
    play(state, "toss:runner", NARROWS.replace("r:t8", "r:w23"), "start l1")
    assert "start w23" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="w23 is covered by terrain"):
        state.apply_text("start w23")


def test_blockader_heading_inward_option():
    state = ENGINE.new_game("standard", {"blockader_heading": "inward"})
    play(state, "toss:runner", "scenario:the-narrows", "start l1")
    refused = {n for n, _, why in state.start_square_choices(BLOCKADER) if why}
    assert refused == set()          # facing into the board, every corner square can move
    play(state, "start x24")
    assert ship(state, BLOCKADER) == "x24 W"


def test_board_size_20():
    state = ENGINE.new_game("standard", {"board_size": 20})
    play(state, "toss:runner", "scenario:small-sound")
    assert [str(a) for a in state.legal_actions()] == ["start j1", "start k1"]
    play(state, "start k1")
    names = [n for n, _, why in state.start_square_choices(BLOCKADER) if not why]
    assert "s20" in names and "b19" in names and "x24" not in names


def test_unknown_variant_or_option_is_refused():
    with pytest.raises(ValueError, match="no variant 'classic'"):
        ENGINE.new_game("classic")
    with pytest.raises(ValueError, match="max_range"):
        ENGINE.new_game("standard", {"max_range": "ten"})
    with pytest.raises(ValueError, match="unknown rule option 'speed'"):
        ENGINE.new_game("standard", {"speed": 2})
