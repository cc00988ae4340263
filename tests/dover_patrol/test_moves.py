"""Moves, harbour walls, the Flying Boat and attacks (rules page sections 1, 4 and 5)."""

import pytest

from dover_helpers import at, legal, play, state_at
from games.dover_patrol.rules import ENGINE
from navalgames.core.state import IllegalAction


def test_board_geometry_from_the_rules_page():
    rules = ENGINE.rules("classic")
    grid = rules.grid
    assert (rules.files, rules.ranks) == (8, 12)
    assert [grid.name(b) for b in rules.bases] == ["c1", "f12"]
    walls = {"b3|b4", "c3|c4", "c1|d1", "c2|d2", "c3|d3", "f10|f9", "g10|g9", "e10|f10", "e11|f11", "e12|f12"}
    assert rules.grid.walls == frozenset(grid.parse_wall(w) for w in walls)


def test_one_square_forward_back_or_sideways_never_diagonal():
    state = state_at({"d5": "7", "a1": "1"}, {"h12": "1"})
    assert {a for a in legal(state) if a.startswith("d5")} == {"d5-d6", "d5-d4", "d5-c5", "d5-e5"}
    with pytest.raises(IllegalAction, match="not one square"):
        state.apply("d5-e6")


def test_only_onto_empty_squares_and_mines_never_move():
    state = state_at({"d5": "7", "d6": "5", "e5": "MI", "a1": "1"}, {"c5": "3", "h12": "1"})
    moves = legal(state)
    assert not any(a.startswith("d5-d6") or a.startswith("d5-c5") or a.startswith("e5-") for a in moves)
    with pytest.raises(IllegalAction, match="Mines never move"):
        state.apply("e5-e6")
    with pytest.raises(IllegalAction, match="occupied"):
        state.apply("d5-d6")


@pytest.mark.parametrize("frm,to", [("b3", "b4"), ("c3", "c4"), ("c1", "d1"), ("c2", "d2"), ("c3", "d3")])
def test_south_harbour_walls_block_both_ways(frm, to):
    state = state_at({frm: "5", "h1": "1"}, {"h12": "1"})
    with pytest.raises(IllegalAction, match="wall"):
        state.apply(f"{frm}-{to}")
    state = state_at({to: "5", "h1": "1"}, {"h12": "1"})
    with pytest.raises(IllegalAction, match="wall"):
        state.apply(f"{to}-{frm}")
    # for North as well: the wall is no one's
    state = state_at({"h1": "1"}, {to: "5", "h12": "1"}, to_move="north")
    with pytest.raises(IllegalAction, match="wall"):
        state.apply(f"{to}-{frm}")


@pytest.mark.parametrize("frm,to", [("f10", "f9"), ("g10", "g9"), ("e10", "f10"), ("e11", "f11"), ("e12", "f12")])
def test_north_harbour_walls_block_both_ways(frm, to):
    state = state_at({"a1": "1"}, {frm: "5", "a12": "1"}, to_move="north")
    with pytest.raises(IllegalAction):
        state.apply(f"{frm}-{to}")
    # a South ship on North's base (f12) has captured the flag lying there: it carries it
    flags = {"north": to} if to == "f12" else {}
    state = state_at({to: "5", "a1": "1"}, {"a12": "1"}, flags=flags)
    with pytest.raises(IllegalAction):
        state.apply(f"{to}-{frm}")


def test_harbour_openings_let_ships_in_and_out():
    state = state_at({"a3": "5", "h1": "1"}, {"h10": "5", "a12": "1"})
    play(state, "a3-a4", "h10-h9", "a4-a3", "h9-h10")
    assert at(state, "a3") == "south 5" and at(state, "h10") == "north 5"
    # an enemy on the extreme left edge can move down into the South harbour
    state = state_at({"h1": "1"}, {"a4": "5", "a12": "1"}, to_move="north")
    play(state, "a4-a3")
    assert at(state, "a3") == "north 5"


def test_flying_boat_flies_over_a_wall_and_is_shown():
    state = state_at({"c3": "FB", "h1": "1"}, {"a12": "1"})
    events = play(state, "c3-c4")
    assert [e.kind for e in events] == ["move", "reveal"]
    assert state.observation("north").piece_at(state.rules.grid.parse("c4")).kind == "FB"
    # a move that crosses no wall keeps it hidden
    state = state_at({"e4": "FB", "h1": "1"}, {"a12": "1"})
    play(state, "e4-e5")
    assert state.observation("north").piece_at(state.rules.grid.parse("e5")).kind is None


def test_flying_boat_jumps_over_a_wall_into_the_harbour():
    state = state_at({"e1": "FB", "h1": "1"}, {"f9": "FB", "a12": "1"})
    assert "e1-c1" not in legal(state)            # own base: only to deposit a flag
    state = state_at({"h1": "1"}, {"e1": "FB", "a12": "1"}, to_move="north")
    events = play(state, "e1-c1")                 # over d1 and the wall c1|d1, onto South's base
    assert [e.kind for e in events][:3] == ["jump", "reveal", "capture"]


def test_flying_boat_jumps_over_a_mine_only_when_known_to_be_one():
    # over its own Mine
    state = state_at({"d4": "FB", "d5": "MI", "h1": "1"}, {"a12": "1"})
    assert "d4-d6" in legal(state)
    # over an enemy piece it does not know: no (it could be a ship)
    state = state_at({"d4": "FB", "h1": "1"}, {"d5": "MI", "a12": "1"})
    assert "d4-d6" not in legal(state)
    # over an enemy Mine that has been shown: yes
    state = state_at({"d4": "FB", "h1": "1"}, {"d5": "MI", "a12": "1"}, revealed={"north": ["d5"]})
    assert "d4-d6" in legal(state)
    events = play(state, "d4-d6")
    assert [e.kind for e in events] == ["jump", "reveal"]


def test_flying_boat_never_jumps_over_empty_sea_or_ships_by_default():
    state = state_at({"d4": "FB", "d5": "5", "h1": "1"}, {"a12": "1"})
    assert not {"d4-d6", "d4-b4", "d4-f4", "d4-d2"} & legal(state)
    with pytest.raises(IllegalAction, match="jumps only over"):
        state.apply("d4-d6")


def test_option_fb_jump_over_ships():
    state = state_at({"d4": "FB", "d5": "5", "h1": "1"}, {"a12": "1"}, options={"fb_jump_over_ships": True})
    assert "d4-d6" in legal(state) and "d4-f4" not in legal(state)


def test_only_the_flying_boat_jumps():
    state = state_at({"c3": "7", "h1": "1"}, {"a12": "1"})
    with pytest.raises(IllegalAction, match="Flying Boat"):
        state.apply("c3-c5")


def test_attack_only_by_the_piece_that_just_moved():
    state = state_at({"d5": "7", "e4": "6", "h1": "1"}, {"d6": "5", "e6": "5", "a12": "1"})
    moves = legal(state)
    assert not any(a.startswith("d5x") for a in moves)            # already facing: must move first
    assert "e4-e5xe6" in moves and "e4-e5" in moves                 # attacking is optional
    play(state, "e4-e5")                                            # "No attack!"
    play(state, "a12-a11")
    assert not any(a.startswith("e5x") for a in legal(state))


def test_attack_only_a_piece_directly_ahead_when_facing():
    state = state_at({"d4": "7", "h1": "1"}, {"d6": "5", "c5": "5", "e5": "5", "a12": "1"})
    attacks = {a for a in legal(state) if a.startswith("d4-d5x")}
    assert attacks == {"d4-d5xd6"}                         # not the pieces beside d5
    assert {a for a in legal(state) if "x" in a} == {"d4-d5xd6", "d4-c4xc5", "d4-e4xe5"}
    state = state_at({"d4": "7", "h1": "1"}, {"d6": "5", "c5": "5", "e5": "5", "a12": "1"},
                     options={"attack_contact": "orthogonal"})
    attacks = {a for a in legal(state) if a.startswith("d4-d5x")}
    assert attacks == {"d4-d5xd6", "d4-d5xc5", "d4-d5xe5"}   # the player picks one


def test_north_attacks_southwards():
    state = state_at({"d5": "5", "h1": "1"}, {"d7": "7", "a12": "1"}, to_move="north")
    events = play(state, "d7-d6xd5")
    assert events[-1].text == "North 7 on d6 attacked South 5 on d5: South's Light Cruiser sunk"
    assert at(state, "d6") == "north 7" and at(state, "d5") is None


def test_the_winner_stays_on_its_square():
    state = state_at({"d4": "7", "h1": "1"}, {"d6": "5", "a12": "1"})
    play(state, "d4-d5xd6")
    assert at(state, "d5") == "south 7" and at(state, "d6") is None
    assert state.observation("north").piece_at(state.rules.grid.parse("d5")).kind == "7"


def test_illegal_actions_say_why():
    state = state_at({"d4": "7", "h1": "1"}, {"d6": "5", "a12": "1"})
    for text, reason in [("a5-a6", "no piece"), ("a12-a11", "North's"), ("d4-d5xd7", "attacking position"),
                         ("d4-d5xe5", "attacking position"), ("c5>c6", "no piece"), ("end", "only Fleet Orders"),
                         ("d4xd5", "moving next to"), ("hello", "not an action")]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply(text)


def test_flying_boat_crossing_a_wall_onto_the_base_captures_and_is_shown():
    state = state_at({"h1": "1"}, {"d1": "FB", "a12": "1"}, to_move="north")
    events = play(state, "d1-c1")                  # one square, across the wall c1|d1
    assert [e.kind for e in events] == ["move", "reveal", "capture"]
    # and a Flying Boat carrying the enemy flag may come home over the wall
    state = state_at({"d1": "FB", "h1": "1"}, {"a12": "1"}, flags={"north": "d1"})
    play(state, "d1-c1")
    assert state.outcome().winner == "south"
