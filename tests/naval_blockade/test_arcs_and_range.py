"""Rule 11 (gun arcs) and rule 12 (range): exact integer tests, every boundary, both options."""

import pytest

from games.naval_blockade.rules import BLOCKADER, RUNNER, arcs_containing, square_range
from games.naval_blockade.rules.overlays import arc_squares, guns_bearing, in_arc

from blockade_helpers import play, state_at

N, NE, E, SE, S, SW, W, NW = range(8)

# (heading, offset to target, arcs holding it with inclusive boundaries)
ORTHOGONAL = [
    (N, (0, 5), ("bow",)),                       # dead ahead
    (N, (1, 3), ("bow",)),                       # inside the bow arc
    (N, (3, 3), ("bow", "starboard")),           # 45 degrees: bow / starboard boundary
    (N, (3, 2), ("starboard",)),                 # just abaft the boundary
    (N, (5, 0), ("starboard",)),                 # abeam to starboard
    (N, (3, -3), ("starboard", "stern")),        # 135 degrees
    (N, (0, -4), ("stern",)),                    # dead astern
    (N, (-3, -3), ("stern", "port")),            # 225 degrees
    (N, (-5, 0), ("port",)),                     # abeam to port
    (N, (-3, 3), ("bow", "port")),               # 315 degrees
    (E, (4, 0), ("bow",)),
    (E, (2, -2), ("bow", "starboard")),          # heading East, starboard lies South
    (E, (0, -6), ("starboard",)),
    (W, (0, 6), ("starboard",)),                 # heading West, starboard lies North
    (S, (2, 2), ("stern", "port")),              # heading South, NE is 225 degrees off the bow
]
DIAGONAL = [
    (NE, (4, 4), ("bow",)),                      # dead ahead on the diagonal
    (NE, (3, 1), ("bow",)),
    (NE, (4, 0), ("bow", "starboard")),          # due East is 45 degrees to starboard of NE
    (NE, (3, -3), ("starboard",)),               # SE: abeam
    (NE, (0, -4), ("starboard", "stern")),       # due South: 135 degrees
    (NE, (-4, -4), ("stern",)),
    (NE, (-4, 0), ("stern", "port")),            # due West: 225 degrees
    (NE, (-3, 3), ("port",)),                    # NW: abeam to port
    (NE, (0, 4), ("bow", "port")),               # due North: 315 degrees
    (SW, (0, -3), ("bow", "port")),              # heading SW, due South is 45 degrees to port
    (NW, (-2, 1), ("bow",)),                     # a knight's offset, no boundary
]


@pytest.mark.parametrize("heading,offset,expected", ORTHOGONAL + DIAGONAL)
def test_rule_11_arcs_inclusive_boundary_is_in_both_arcs(heading, offset, expected):
    assert arcs_containing(*offset, heading, inclusive=True) == expected


@pytest.mark.parametrize("heading,offset,expected", ORTHOGONAL + DIAGONAL)
def test_rule_11_arcs_exclusive_boundary_is_in_no_arc(heading, offset, expected):
    # option arc_boundary: exclusive - a boundary target (two arcs when inclusive) is in none
    got = arcs_containing(*offset, heading, inclusive=False)
    assert got == (expected if len(expected) == 1 else ())


def test_rule_11_every_offset_is_in_some_arc_inclusive_and_at_most_one_exclusive():
    for heading in range(8):
        for dx in range(-6, 7):
            for dy in range(-6, 7):
                if dx or dy:
                    assert 1 <= len(arcs_containing(dx, dy, heading, True)) <= 2
                    assert len(arcs_containing(dx, dy, heading, False)) <= 1


def test_rule_11_runner_has_no_bow_chaser_blockader_no_stern_chaser():
    # Runner l10 heading N, Blockader straight ahead at l15 heading S: the Runner has no gun there,
    # the Blockader's bow chaser bears on the Runner dead ahead of it.
    state = state_at("l10 N", "l15 S")
    assert [g for g, bears, _ in guns_bearing(state, RUNNER) if bears] == []
    assert [g for g, bears, _ in guns_bearing(state, BLOCKADER) if bears] == ["bow"]
    state = state_at("l10 S", "l15 N")   # now each ship is astern of the other
    assert [g for g, bears, _ in guns_bearing(state, RUNNER) if bears] == ["stern"]
    assert [g for g, bears, _ in guns_bearing(state, BLOCKADER) if bears] == []


def test_rule_11_boundary_target_rolls_two_guns_in_clockwise_order():
    # Blockader l10 heading N moves to l11; the Runner at o14 is exactly 45 degrees to starboard.
    state = state_at("o14 E", "l10 N", to_move="blockader")
    play(state, "ahead")
    assert state.stage == "fire" and state.volley == ("bow", "starboard")
    exclusive = state_at("o14 E", "l10 N", to_move="blockader", options={"arc_boundary": "exclusive"})
    play(exclusive, "ahead")
    assert exclusive.stage == "move" and exclusive.to_act() == "runner"


def test_rule_11_overlay_arc_squares_match_arc_test():
    state = state_at("l10 NE", "d20 S")
    squares = set(arc_squares(state, RUNNER, "stern"))
    grid = state.terrain.grid
    assert grid.parse("i7") in squares and grid.parse("l6") in squares     # astern, boundary
    assert grid.parse("m11") not in squares
    assert all(in_arc(state, RUNNER, "stern", sq) for sq in squares)
    with pytest.raises(ValueError):
        arc_squares(state, RUNNER, "bow")


# --- rule 12: range counted along files and ranks only ----------------------------------------
@pytest.mark.parametrize("dx,dy,in_range", [
    (0, 10, True),     # rule 12 example: 10 squares due N-S
    (10, 0, True),     # 10 squares due E-W
    (8, 2, True),      # example: 2 N-S + 8 E-W
    (3, 7, True),      # example: 7 N-S + 3 E-W
    (0, 11, False),    # 11 squares: out of range
    (6, 5, False),     # 11 along the lines although only 6 diagonally
    (5, 5, True),
])
def test_rule_12_range_examples(dx, dy, in_range):
    assert (square_range(dx, dy) <= 10) is in_range


def test_rule_12_worked_examples_fire_in_play():
    # Blockader d5 heading N (broadsides face E and W); the Runner 10, then 11 squares East.
    for runner, bears in (("n5 N", True), ("o5 N", False), ("l7 N", True), ("g12 N", True),
                          ("j10 N", False)):
        state = state_at(runner, "d5 N")
        found = [g for g, ok, _ in guns_bearing(state, BLOCKADER) if ok]
        assert bool(found) is bears, runner
    reasons = dict((g, why) for g, _, why in guns_bearing(state_at("o5 N", "d5 N"), BLOCKADER))
    assert reasons["starboard"] == "out of range (11 squares, at most 10)"


def test_rule_12_max_range_option():
    state = state_at("o5 N", "d5 N", options={"max_range": 11})
    assert [g for g, ok, _ in guns_bearing(state, BLOCKADER) if ok] == ["starboard"]
