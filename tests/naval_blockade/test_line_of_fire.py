"""Rule 15 (fire over rocks, not islands) as read: a segment between square centres, shapely."""

from games.naval_blockade.rules import BLOCKADER, RUNNER, line_of_fire
from games.naval_blockade.rules.overlays import guns_bearing

from blockade_helpers import play, state_at

# one long island across files h-l on rank 12 (island 1), a second island further off (island 2)
BAR = ["h12", "i12", "j12", "k12", "l12"]
OTHER = ["r18", "r19", "r20", "s20", "t20"]


def bearing(state, side):
    return [g for g, ok, _ in guns_bearing(state, side) if ok]


def test_rule_15_clear_line_fires():
    state = state_at("j16 N", "n16 N", islands=[BAR])
    assert line_of_fire(state, "n16", "j16") == (True, None)
    assert bearing(state, BLOCKADER) == ["port"]


def test_rule_15_island_blocks_and_is_named():
    state = state_at("j16 N", "j8 N", islands=[OTHER, BAR])
    assert line_of_fire(state, "j8", "j16") == (False, 1)        # the second island in the list
    assert bearing(state, BLOCKADER) == []
    reasons = [why for _, _, why in guns_bearing(state, BLOCKADER)]
    assert "island 2 blocks the line of fire" in reasons


def test_rule_15_grazing_a_corner_does_not_block_by_default():
    # k14 to n11 runs through the island's top-right corner point (l12's corner) and no further.
    state = state_at("n11 N", "k14 SE", islands=[BAR])
    assert line_of_fire(state, "k14", "n11") == (True, None)
    assert bearing(state, BLOCKADER) == ["bow"]


def test_rule_15_grazing_a_corner_blocks_with_graze_blocks_option():
    state = state_at("n11 N", "k14 SE", islands=[BAR], options={"graze_blocks": True})
    assert line_of_fire(state, "k14", "n11") == (False, 0)
    assert bearing(state, BLOCKADER) == []


def test_rule_15_clipping_inside_the_corner_blocks():
    # k14 to n10 cuts a sliver off the corner square l12: through the inside, so blocked.
    state = state_at("n10 N", "k14 SE", islands=[BAR])
    assert line_of_fire(state, "k14", "n10") == (False, 0)


def test_rule_15_fire_passes_over_a_rock():
    state = state_at("j16 N", "j8 N", rocks=["j12"])
    assert line_of_fire(state, "j8", "j16") == (True, None)
    assert bearing(state, BLOCKADER) == ["bow"]


def test_rule_15_line_of_fire_is_symmetric_and_cached():
    state = state_at("j16 N", "j8 N", islands=[BAR])
    t = state.terrain
    a, b = t.grid.parse("j9"), t.grid.parse("j17")
    before = len(t._lof)
    assert t.blocking_island(a, b) == t.blocking_island(b, a) == 0
    assert len(t._lof) == before + 1   # one cache entry for the pair, whichever end asks


def test_rule_15_blocked_line_means_no_roll_in_play():
    state = state_at("j15 N", "j7 N", to_move="blockader", islands=[BAR])
    events = play(state, "ahead")      # j8: still behind the island
    assert state.to_act() == "runner" and "bear" not in [e.kind for e in events]
    state = state_at("j15 N", "j7 N", to_move="blockader")
    play(state, "ahead")
    assert state.to_act() == "chance" and state.volley == ("bow",)


def test_rule_15_ships_never_block():
    # nothing between but the ship itself: the line from the Runner back to the Blockader is clear
    state = state_at("j12 S", "j16 N", islands=[OTHER])
    assert bearing(state, RUNNER) == ["stern"]
