"""Rules 4-10, 17 and 19: heading changes, the compulsory move, and every way a game ends."""

import pytest

from games.naval_blockade.rules import BLOCKADER, RUNNER
from games.naval_blockade.rules.overlays import steering_destinations
from navalgames.core.state import IllegalAction

from blockade_helpers import kinds, play, ship, state_at


# --- moving (rules 4-8) -------------------------------------------------------------------------
def test_rule_6_turn_one_step_then_move_one_square():
    state = state_at("l5 N", "c20 S")
    assert [str(a) for a in state.legal_actions()] == ["port", "ahead", "starboard", "offer-stop"]
    play(state, "port")
    assert ship(state, RUNNER) == "k6 NW"          # a diagonal heading moves diagonally
    assert state.to_act() == "blockader"           # rule 4: alternate moves


def test_rule_5_and_8_no_stopping_no_astern():
    # the only orders are a one-step turn and a move; there is no "stop" and no "astern"
    state = state_at("l5 N", "c20 S")
    for word in ("stop", "astern"):
        with pytest.raises(IllegalAction):
            state.apply_text(word)
    assert state.moves == [0, 0]


def test_rule_2_terrain_cannot_be_entered():
    state = state_at("m11 NW", "c20 S", islands=[["h12", "i12", "j12", "k12", "l12"]])
    assert [str(a) for a in state.legal_actions()] == ["port", "starboard", "offer-stop"]
    with pytest.raises(IllegalAction, match="runs onto island 1 at l12"):
        state.apply_text("ahead")
    state = state_at("e5 N", "c20 S", rocks=["e6"])
    with pytest.raises(IllegalAction, match="runs onto a rock at e6"):
        state.apply_text("ahead")


def test_rule_6_cannot_leave_the_board():
    state = state_at("a10 NW", "l20 S")
    with pytest.raises(IllegalAction, match="leaves the board"):
        state.apply_text("ahead")
    assert [str(a) for a in state.legal_actions()][:-1] == ["starboard"]


def test_steering_overlay_reports_the_three_destinations():
    state = state_at("a10 NW", "l20 S", rocks=["b11"])
    steer = steering_destinations(state)
    assert [(str(s.action), s.heading, s.status, s.legal) for s in steer] == [
        ("port", "W", "off board", False), ("ahead", "NW", "off board", False),
        ("starboard", "N", "sea", True)]
    state = state_at("l23 NE", "m24 S")
    assert [s.status for s in steering_destinations(state)] == ["escape", "ram", "sea"]


# --- escape and harbour (rules 9-10) --------------------------------------------------------------
def test_rule_9_runner_escapes_on_reaching_the_north_edge():
    state = state_at("l23 N", "c20 S")
    events = play(state, "ahead")
    assert state.outcome().winner == "runner" and state.ending == "escape"
    assert "open sea at l24" in state.outcome().reason
    assert kinds(events) == ["move", "end"] and state.to_act() is None


def test_rule_9_and_17_entering_rank_24_onto_the_blockader_is_a_ram_not_an_escape():
    # decision (docs): the Blockader is in the way, so the move is a ram and the armoured bow holds
    state = state_at("l23 N", "l24 E")
    play(state, "ahead")
    assert state.ending == "ram" and state.outcome().winner == "runner"
    state = state_at("l23 N", "l24 S")
    play(state, "ahead")
    assert state.ending == "armoured-bow" and state.outcome().winner == "blockader"


def test_rule_10_runner_may_not_return_to_harbour_voluntarily():
    state = state_at("l1 SW", "c20 S")
    with pytest.raises(IllegalAction, match="may not return to harbour voluntarily"):
        state.apply_text("ahead")
    assert [str(a) for a in state.legal_actions()] == ["starboard", "offer-stop"]


def test_rule_10_runner_forced_into_harbour_loses():
    state = state_at("l2 S", "c20 S")
    play(state, "ahead", "ahead")              # Runner l1 heading S; Blockader moves
    assert state.outcome().winner == "blockader" and state.ending == "harbour"
    assert state.outcome().reason == "the Runner was forced back into harbour"


def test_driven_ashore_when_no_legal_move():
    # Blockader w24 heading E: ahead to x24, where every order leaves the board
    state = state_at("l5 N", "w24 E", to_move="blockader")
    play(state, "ahead", "ahead")
    assert state.outcome().winner == "runner" and state.ending == "ashore"
    assert state.outcome().reason == "the Blockader was driven ashore at x24"
    assert ship(state, BLOCKADER) == "x24 E"       # left on her square


def test_driven_ashore_among_islands():
    # Runner boxed in: island squares ahead, a rock to starboard, the board edge... all land
    island = ["h12", "i12", "j12", "k12", "l12"]
    state = state_at("i11 E", "c20 S", to_move="blockader", islands=[island], rocks=["j10"])
    play(state, "ahead")                           # Runner i11 E: NE j12 land, E j11 sea - not boxed
    assert state.to_act() == "runner"
    state = state_at("j11 N", "c20 S", to_move="blockader", islands=[island], rocks=["l10"])
    play(state, "ahead")                           # NW i12, N j12, NE k12: all island
    assert state.ending == "ashore" and state.outcome().winner == "blockader"


# --- rams (rule 17) ----------------------------------------------------------------------------------
def test_rule_17_blockader_rams_runner_and_wins():
    state = state_at("l11 E", "l12 S", to_move="blockader")
    events = play(state, "ahead")
    assert state.outcome().winner == "blockader" and state.ending == "ram"
    assert events[-2].kind == "ram" and events[-2].details["head_on"] is False


def test_rule_17_runner_rams_blockader_from_the_side_and_wins():
    state = state_at("l10 N", "l11 E")
    play(state, "ahead")
    assert state.outcome().winner == "runner" and state.ending == "ram"


def test_rule_17_runner_ramming_armoured_bow_head_on_loses():
    state = state_at("l10 N", "l11 S")
    events = play(state, "ahead")
    assert state.outcome().winner == "blockader" and state.ending == "armoured-bow"
    assert [e for e in events if e.kind == "ram"][0].details["head_on"] is True


def test_rule_17_armoured_bow_arc_option_widens_head_on():
    # Runner heading NE strikes a Blockader heading S: 45 degrees off exactly head on
    default = state_at("l10 N", "m11 S")
    play(default, "starboard")
    assert default.outcome().winner == "runner"
    wide = state_at("l10 N", "m11 S", options={"armoured_bow_arc": 45})
    play(wide, "starboard")
    assert wide.outcome().winner == "blockader" and wide.ending == "armoured-bow"


# --- points (rule 19) ----------------------------------------------------------------------------------
def test_rule_19_move_limit_ends_on_points():
    state = state_at("l5 N", "c20 S", to_move="blockader", points={"runner": 3, "blockader": 5},
                     moves={"runner": 100, "blockader": 99})
    play(state, "ahead")
    assert state.outcome().winner == "blockader" and state.ending == "points"
    assert "move limit (100 each)" in state.outcome().reason


def test_rule_19_equal_points_is_a_draw():
    state = state_at("l5 N", "c20 S", to_move="blockader", points={"runner": 4, "blockader": 4},
                     moves={"runner": 7, "blockader": 6}, options={"max_moves": 7})
    play(state, "ahead")
    assert state.outcome().winner is None and "draw" in state.outcome().reason


def test_rule_19_agreed_stop_ends_on_points():
    state = state_at("l5 N", "c20 S", points={"runner": 2, "blockader": 1})
    play(state, "offer-stop")
    assert state.to_act() == "blockader"
    assert [str(a) for a in state.legal_actions()] == ["accept-stop", "refuse-stop"]
    play(state, "accept-stop")
    assert state.outcome().winner == "runner" and "agreed" in state.outcome().reason


def test_rule_19_refused_stop_must_move_and_not_offer_again():
    state = state_at("l5 N", "c20 S")
    play(state, "offer-stop", "refuse-stop")
    assert state.to_act() == "runner"
    assert "offer-stop" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="already refused"):
        state.apply_text("offer-stop")
    play(state, "ahead", "ahead")
    assert "offer-stop" in [str(a) for a in state.legal_actions()]   # a new turn, a new offer


def test_resign_gives_the_game_to_the_other_side():
    state = state_at("l5 N", "c20 S")
    assert "resign" not in [str(a) for a in state.legal_actions()]
    play(state, "resign")
    assert state.outcome().winner == "blockader" and state.ending == "resign"


def test_no_action_after_the_end():
    state = state_at("l23 N", "c20 S")
    play(state, "ahead")
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_text("ahead")
