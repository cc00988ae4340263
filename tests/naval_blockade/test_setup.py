"""Rules 1-3: start squares first, then the toss, the winner's terrain, the loser's first move."""

import pytest

from games.naval_blockade.rules import BLOCKADER, ENGINE, RUNNER
from navalgames.core.state import IllegalAction

from blockade_helpers import kinds, play, ship

NARROWS = ("terrain i:g13,h13,i13,j13,k13 i:n13,o13,p13,q13,r13 i:d18,d19,d20,e18,f18 "
           "i:s19,t19,s20,t20,s21 r:l8 r:t8")


def started(options=None, runner="l1", blockader="w23"):
    """A new game with both ships placed (rule 1 comes before the toss and the terrain)."""
    state = ENGINE.new_game("standard", options)
    play(state, f"start {runner}", f"start {blockader}")
    return state


def test_rule_1_ships_are_placed_first_runner_then_blockader():
    state = ENGINE.new_game("standard")
    assert state.stage == "start" and state.to_act() == "runner"
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
    assert state.stage == "toss" and state.to_act() == "chance"     # rule 2: the toss comes next


def test_rule_2_toss_after_the_ships_then_the_winner_places_terrain():
    state = started()
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("toss:runner", 0.5),
                                                                  ("toss:blockader", 0.5)]
    play(state, "toss:blockader")
    assert state.to_act() == "blockader" and state.stage == "terrain"
    assert [str(a) for a in state.legal_actions()] == [
        "generate", "scenario:the-narrows", "scenario:open-water", "scenario:the-gauntlet"]


def test_rule_2_terrain_by_hand_is_validated():
    state = started()
    play(state, "toss:runner")
    with pytest.raises(IllegalAction, match="terrain breaks rule 2: island 1 touches rock 1 at"):
        state.apply_text(NARROWS.replace("r:l8", "r:g12"))
    assert state.stage == "terrain"           # nothing lost: the winner may try again
    events = play(state, NARROWS)
    assert kinds(events) == ["terrain"] and state.stage == "move"
    assert state.terrain.islands[0] == tuple(state.terrain.grid.parse(s)
                                             for s in ("g13", "h13", "i13", "j13", "k13"))


def test_rule_2_terrain_may_not_cover_a_ship():
    state = started(blockader="w23")
    play(state, "toss:runner")
    with pytest.raises(IllegalAction, match="terrain breaks rule 2: rock 2 covers the Blockader at w23"):
        state.apply_text(NARROWS.replace("r:t8", "r:w23"))
    assert state.layout_problems([], ["w23"], full=False) == ["rock 1 covers the Blockader at w23"]
    assert state.stage == "terrain" and state.terrain.rocks == ()


def test_rule_2_named_scenarios_that_would_cover_a_ship_are_not_offered():
    import dataclasses
    from games.naval_blockade.rules import BlockadeEngine, Scenario
    data = ENGINE.data
    corner = Scenario("corner-rock", "Corner Rock", "a rock on w23", 24,
                      data.scenarios["the-narrows"].islands, ("l8", "w23"))
    engine = BlockadeEngine(dataclasses.replace(data, scenarios={**data.scenarios, "corner-rock": corner}))
    state = engine.new_game("standard")
    play(state, "start l1", "start v23", "toss:runner")
    assert "scenario:corner-rock" in [str(a) for a in state.legal_actions()]
    state = engine.new_game("standard")
    play(state, "start l1", "start w23", "toss:runner")
    assert "scenario:corner-rock" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="rock 2 covers the Blockader at w23"):
        state.apply_text("scenario:corner-rock")


def test_rule_2_generate_draws_a_numbered_layout():
    state = started()
    play(state, "toss:runner", "generate")
    assert state.to_act() == "chance" and len(state.chance_outcomes()) == 10_000
    play(state, "layout:42")
    again = started()
    play(again, "toss:blockader", "generate", "layout:42")
    assert state.terrain.islands == again.terrain.islands and len(state.terrain.islands) == 4


def test_rule_2_generated_layouts_never_cover_a_ship():
    # rocks may stand on w23 or b23, islands on v23/w23/b23/c23: the generator must keep off them
    for blockader in ("w23", "v23", "b23", "c23"):
        for number in range(60):
            state = started(runner="m1", blockader=blockader)
            play(state, "toss:runner", "generate", f"layout:{number}")
            assert state.stage == "move"
            assert not state.terrain.land[state.at[BLOCKADER]], (blockader, number)
            assert state.terrain.sea_moves[state.at[BLOCKADER] * 8 + state.heading[BLOCKADER]]


def test_rule_3_the_loser_of_the_toss_moves_first():
    for winner, first in (("runner", "blockader"), ("blockader", "runner")):
        state = started()
        play(state, f"toss:{winner}", "scenario:open-water")
        assert state.to_act() == first and state.stage == "move"


def test_blockader_heading_inward_option():
    state = ENGINE.new_game("standard", {"blockader_heading": "inward"})
    play(state, "start l1")
    refused = {n for n, _, why in state.start_square_choices(BLOCKADER) if why}
    assert refused == set()          # facing into the board, every corner square can move
    play(state, "start x24")
    assert ship(state, BLOCKADER) == "x24 W"


def test_board_size_20():
    state = ENGINE.new_game("standard", {"board_size": 20})
    assert [str(a) for a in state.legal_actions()] == ["start j1", "start k1"]
    play(state, "start k1")
    names = [n for n, _, why in state.start_square_choices(BLOCKADER) if not why]
    assert "s20" in names and "b19" in names and "x24" not in names
    play(state, "start s20", "toss:runner", "scenario:small-sound")
    assert state.stage == "move" and state.to_act() == "blockader"


def test_unknown_variant_or_option_is_refused():
    with pytest.raises(ValueError, match="no variant 'classic'"):
        ENGINE.new_game("classic")
    with pytest.raises(ValueError, match="max_range"):
        ENGINE.new_game("standard", {"max_range": "ten"})
    with pytest.raises(ValueError, match="unknown rule option 'speed'"):
        ENGINE.new_game("standard", {"speed": 2})
