"""Rules 13, 14 and 16: the firing die, points, and the disabled sequence."""

import pytest

from games.naval_blockade.rules import BLOCKADER, FIRING_DIE, RUNNER
from navalgames.core.state import IllegalAction

from blockade_helpers import kinds, play, ship, state_at


def blockader_fires_bow(**extra):
    """Blockader l13 heading S moves to l12; the Runner at l6 heading N is dead ahead (bow, 6)."""
    state = state_at("l6 N", "l13 S", to_move="blockader", **extra)
    play(state, "ahead")
    assert state.to_act() == "chance" and state.volley == ("bow",)
    return state


def test_rule_13_the_firing_die_and_its_probabilities():
    assert FIRING_DIE.faces == ("D4", "H2", "H1", "M", "M", "M")
    state = blockader_fires_bow()
    outcomes = [(str(a), p) for a, p in state.chance_outcomes()]
    assert outcomes == [("D4", 1 / 6), ("H2", 1 / 6), ("H1", 1 / 6), ("M", 0.5)]
    assert [str(a) for a in state.legal_actions()] == ["D4", "H2", "H1", "M"]


@pytest.mark.parametrize("face,points", [("H2", 2), ("H1", 1), ("M", 0)])
def test_rule_13_hits_score_for_the_firer_and_do_no_harm(face, points):
    state = blockader_fires_bow(points={"runner": 1, "blockader": 3})
    events = play(state, face)
    assert state.points == [1, 3 + points]
    assert events[0].details == {"ship": "blockader", "gun": "bow", "roll": face, "points": points}
    assert state.to_act() == "runner" and ship(state, RUNNER) == "l6 N"   # rule 18: no effect


def test_rule_14_ships_move_before_firing_and_only_the_mover_fires():
    # Runner l6 N moves to l7; the Blockader at l13 bears on her with its bow chaser, but the
    # Runner has no bow chaser, and only the ship that moved fires: no roll at all.
    state = state_at("l6 N", "l13 S")
    events = play(state, "ahead")
    assert kinds(events) == ["move"] and state.to_act() == "blockader"


def test_rule_16_d4_disables_course_change_then_six_moves_without_firing():
    state = blockader_fires_bow()
    events = play(state, "D4")
    assert kinds(events) == ["fire", "disabled"] and state.points == [0, 4]
    assert state.stage == "course" and state.to_act() == "runner" and state.disabled == RUNNER
    play(state, "starboard")                           # the disabled Runner alters course to NE
    assert ship(state, RUNNER) == "l6 NE" and state.stage == "six" and state.to_act() == "blockader"
    events = play(state, "starboard", "port", "ahead", "ahead", "ahead")   # k11, k10, k9, k8, k7
    assert state.six_made == 5 and "bear" not in kinds(events) and state.points == [0, 4]
    assert ship(state, BLOCKADER) == "k7 S"
    events = play(state, "ahead")                      # sixth move: k6, beside the Runner
    # the Runner comes back into action, straight ahead on her new heading, and fires
    assert kinds(events) == ["move", "move", "bear"]
    assert events[1].details["move"] == "recovery" and ship(state, RUNNER) == "m7 NE"
    assert state.volley == ("stern",)                  # k6 is dead astern of m7 heading NE
    assert events[2].text == "The Runner's stern chaser bears"   # one gun: "bears"
    play(state, "M")
    assert state.to_act() == "blockader" and state.stage == "move"   # then the other ship
    assert state.moves == [1, 2]       # Runner's recovery move; Blockader's move and six-move


def test_rule_16_disabled_ship_cannot_be_entered_before_the_sixth_move():
    state = state_at("l8 N", "l13 S", to_move="blockader")
    play(state, "ahead", "D4", "ahead", "ahead", "ahead", "ahead")   # l11, l10, l9
    assert ship(state, BLOCKADER) == "l9 S" and state.six_made == 3
    assert "ahead" not in [str(a) for a in state.legal_actions()]     # l8 is the Runner's square
    with pytest.raises(IllegalAction, match="only be rammed on the sixth move"):
        state.apply_text("ahead")


def test_rule_16_ram_on_the_sixth_move():
    state = blockader_fires_bow()
    events = play(state, "D4", "ahead")                # the Runner keeps her heading
    events = play(state, *["ahead"] * 6)               # l11 ... l6: the sixth ends on her square
    assert kinds(events)[-3:] == ["move", "ram", "end"] and state.six_made == 6
    assert state.outcome().winner == "blockader" and state.ending == "ram"


def runner_disables_blockader(course: str, **extra):
    """Runner l5 N moves to l6; the Blockader at r6 heading W is abeam to starboard; D4."""
    state = state_at("l5 N", "r6 W", **extra)
    play(state, "ahead")
    assert state.volley == ("starboard",)
    play(state, "D4", course)
    return state


def test_rule_17_armoured_bow_ram_on_the_sixth_move_loses():
    state = runner_disables_blockader("ahead")
    # m7 NE, n7 E, o7 E, p7 E, q6 SE, then r6 heading E: head on into a Blockader heading W
    play(state, "starboard", "starboard", "ahead", "ahead", "starboard", "port")
    assert state.outcome().winner == "blockader" and state.ending == "armoured-bow"
    assert "armoured bow" in state.outcome().reason


def test_rule_17_ram_off_the_bow_after_course_change_wins():
    state = runner_disables_blockader("port")          # the Blockader turns to SW
    play(state, "starboard", "starboard", "ahead", "ahead", "starboard", "port")
    assert state.outcome().winner == "runner" and state.ending == "ram"
    wide = runner_disables_blockader("port", options={"armoured_bow_arc": 45})
    play(wide, "starboard", "starboard", "ahead", "ahead", "starboard", "port")
    assert wide.outcome().winner == "blockader" and wide.ending == "armoured-bow"


def test_rule_16_firer_need_not_ram_on_the_sixth_move():
    state = runner_disables_blockader("ahead")
    play(state, "starboard", "starboard", "ahead", "ahead", "starboard", "starboard")   # q5 S
    assert state.outcome() is None and ship(state, BLOCKADER) == "q6 W"   # recovery move


def test_rule_9_escape_during_the_six_moves():
    state = state_at("l20 N", "o21 N")
    # Runner to l21 with the Blockader abeam; D4; the Blockader keeps her heading; l22, l23, l24
    play(state, "ahead", "D4", "ahead", "ahead", "ahead")
    assert state.six_made == 2 and ship(state, RUNNER) == "l23 N"
    play(state, "ahead")
    assert state.outcome().winner == "runner" and state.ending == "escape"


def test_rule_16_two_d4_in_a_turn_score_eight_but_one_six_square_move():
    # Blockader l10 N moves to l11; the Runner at o14 is on the bow/starboard boundary: two guns
    state = state_at("o14 E", "l10 N", to_move="blockader")
    play(state, "ahead")
    events = play(state, "D4", "D4")
    assert state.points == [0, 8]
    assert kinds(events) == ["fire", "fire", "disabled"]
    play(state, "ahead", *["ahead"] * 5)
    assert state.stage == "six" and state.six_made == 5
    play(state, "starboard")                    # sixth move, no second sequence follows
    assert state.disabled == -1 and state.stage in ("fire", "move")


def test_rule_16_recovery_move_onto_land_drives_ashore():
    # after the six moves the disabled Runner at l7 heading NW must go straight onto k8
    island = ["k8", "l8", "m8", "n8", "o8"]
    state = state_at("l7 NW", "d12 S", to_move="blockader", islands=[island], stage="six",
                     disabled="runner", six_moves_made=5)
    play(state, "ahead")
    assert state.outcome().winner == "blockader" and state.ending == "ashore"
    assert "straight ahead from l7 heading NW runs onto land" in state.outcome().reason


def test_rule_10_recovery_move_off_the_south_edge_is_harbour():
    state = state_at("l1 S", "d12 S", to_move="blockader", stage="six", disabled="runner",
                     six_moves_made=5)
    play(state, "ahead")
    assert state.outcome().winner == "blockader" and state.ending == "harbour"


def test_rule_9_recovery_move_can_escape_and_can_ram():
    state = state_at("l23 N", "d12 S", to_move="blockader", stage="six", disabled="runner",
                     six_moves_made=5)
    play(state, "ahead")
    assert state.ending == "escape"
    state = state_at("l10 N", "k12 S", to_move="blockader", stage="six", disabled="runner",
                     six_moves_made=5)
    play(state, "port")                        # Blockader to l11 heading SE... in front of l10
    assert state.ending == "ram" and state.outcome().winner == "runner"


def test_rule_16_d4_in_the_recovery_fire_starts_again():
    state = blockader_fires_bow()
    play(state, "D4", "starboard", "starboard", "port", "ahead", "ahead", "ahead", "ahead")
    assert state.volley == ("stern",)
    play(state, "D4")
    assert state.stage == "course" and state.disabled == BLOCKADER and state.points == [4, 4]
    assert state.to_act() == "blockader"


def test_driven_ashore_during_the_six_moves():
    # the Blockader must make its six moves along the North edge corner: nowhere to go
    state = state_at("l6 N", "w24 E", to_move="blockader", stage="six", disabled="runner",
                     six_moves_made=0)
    play(state, "ahead")                       # x24 heading E: every order leaves the board
    assert state.outcome().winner == "runner" and state.ending == "ashore"


def test_return_fire_option():
    # Runner l5 N moves to l6 with the Blockader r6 W abeam; the Blockader fires back
    state = state_at("l5 N", "r6 W", options={"return_fire": True})
    play(state, "ahead", "H1")                 # the Runner is dead ahead of the Blockader
    assert state.stage == "fire" and state.volley_side == BLOCKADER and state.volley == ("bow",)
    play(state, "D4")                          # a return-fire D4 scores only
    assert state.points == [1, 4] and state.stage == "move" and state.to_act() == "blockader"
    # a ship disabled by the volley does not fire back
    state = state_at("l5 N", "r6 W", options={"return_fire": True})
    play(state, "ahead", "D4")
    assert state.stage == "course" and state.to_act() == "blockader"
    # without the option, only the mover fires
    state = state_at("l5 N", "r6 W")
    play(state, "ahead", "H1")
    assert state.stage == "move" and state.to_act() == "blockader"
