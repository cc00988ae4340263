"""Rule 2: terrain validation (one message per broken constraint), pentominoes, the generator."""

import random

import pytest

from games.naval_blockade.loader import load_data
from games.naval_blockade.rules import ENGINE, check_layout, generate_layout
from games.naval_blockade.rules.terrain import identify
from navalgames.core.grid import Grid

GRID = Grid(24, 24)
GOOD_ISLANDS = [["g13", "h13", "i13", "j13", "k13"], ["n13", "o13", "p13", "q13", "r13"],
                ["d18", "d19", "d20", "e18", "f18"], ["s19", "t19", "s20", "t20", "s21"]]
GOOD_ROCKS = ["l8", "t8"]


def problems(islands=GOOD_ISLANDS, rocks=GOOD_ROCKS, full=True, ships=()):
    return check_layout(GRID, islands, rocks, full=full, ships=ships)[0]


def replace_island(index, squares):
    islands = [list(i) for i in GOOD_ISLANDS]
    islands[index] = squares
    return islands


def test_rule_2_a_legal_layout_has_no_problems():
    assert problems() == []


def test_rule_2_four_islands_and_two_rocks_in_a_new_game():
    assert problems(GOOD_ISLANDS[:3]) == ["a layout needs 4 islands: got 3"]
    assert problems(rocks=["l8"]) == ["a layout needs 2 rocks: got 1"]
    assert problems(GOOD_ISLANDS[:3], ["l8"], full=False) == []        # a study position
    assert problems(GOOD_ISLANDS + [["b7", "b8", "b9", "b10", "b11"]], full=False) == [
        "at most 4 islands: got 5"]


def test_rule_2_islands_are_pentominoes():
    assert problems(replace_island(0, ["g13", "h13", "i13", "j13"])) == [
        "island 1 has 4 squares: expected 5"]
    assert problems(replace_island(0, ["g13", "h13", "i13", "j13", "j13"])) == [
        "island 1 lists j13 twice"]
    assert problems(replace_island(0, ["g13", "h13", "i13", "j13", "k14"])) == [
        "island 1 is not one piece: its five squares must join edge to edge"]


def test_rule_2_islands_keep_five_clear_ranks_from_the_mainland():
    assert problems(replace_island(0, ["g5", "h5", "i5", "j5", "k5"])) == [
        "island 1 is too close to the mainland at g5: ranks 1-5 must stay clear"]
    assert problems(replace_island(0, ["g6", "h6", "i6", "j6", "k6"])) == []


def test_rule_2_rocks_keep_one_clear_rank_from_the_mainland():
    assert problems(rocks=["l1", "t8"]) == [
        "rock 1 is too close to the mainland at l1: rank 1 must stay clear"]
    assert problems(rocks=["l2", "t8"]) == []


@pytest.mark.parametrize("square,edge", [("g24", "North"), ("x10", "East"), ("a10", "West")])
def test_rule_2_one_clear_square_from_north_east_west_edges(square, edge):
    assert problems(rocks=[square, "t8"]) == [
        f"rock 1 touches the {edge} edge at {square}: keep one clear square from it"]


def test_rule_2_edges_allow_the_second_square_in():
    assert problems(rocks=["b23", "w23"]) == []


def test_rule_2_pieces_keep_one_clear_square_even_at_corners():
    # island 3 touches rock 1 diagonally: the message of the issue
    assert problems(rocks=["g17", "t8"]) == ["island 3 touches rock 1 at f18"]
    assert problems(rocks=["k12", "t8"]) == ["island 1 touches rock 1 at j13"]
    assert problems(rocks=["h13", "t8"]) == ["island 1 overlaps rock 1 at h13"]
    # two islands touching at a corner
    close = replace_island(1, ["l14", "m14", "n14", "o14", "p14"])
    assert problems(close) == ["island 1 touches island 2 at k13"]
    assert problems(rocks=["l8", "m9"]) == ["rock 1 touches rock 2 at l8"]


def test_rule_2_every_broken_constraint_is_reported():
    found = problems(replace_island(0, ["g5", "h5", "i5", "j5"]), ["a3", "l1"])
    assert found == ["island 1 has 4 squares: expected 5",
                     "island 1 is too close to the mainland at g5: ranks 1-5 must stay clear",
                     "rock 1 touches the West edge at a3: keep one clear square from it",
                     "rock 2 is too close to the mainland at l1: rank 1 must stay clear"]


def test_rule_2_terrain_may_not_cover_a_ship():
    ships = [("Runner", GRID.parse("l8"), 0), ("Blockader", GRID.parse("h13"), 2)]
    assert problems(ships=ships) == ["rock 1 covers the Runner at l8",
                                     "island 1 covers the Blockader at h13"]


def test_rule_2_terrain_must_leave_each_ship_a_legal_first_move():
    # From the real start squares no legal layout can do this (rank 24 and files a and x stay
    # clear), so the check is shown on a study square: the Runner at h12 heading N has g13, h13
    # and i13 ahead, all island 1; the Blockader at t9 heading S has s8, t8 (a rock) and u8.
    runner = ("Runner", GRID.parse("h12"), 0)
    assert problems(ships=[runner]) == ["the Runner at h12 heading N would have no legal first move"]
    assert problems(ships=[("Runner", GRID.parse("h12"), 2)]) == []          # heading E: i12 is sea
    assert problems(ships=[("Blockader", GRID.parse("t9"), 4)]) == []        # s8 and u8 are sea
    # off the South edge is no legal move for the Runner (she may not enter harbour by choice)
    assert problems(ships=[("Runner", GRID.parse("a1"), 5)]) == [
        "the Runner at a1 heading SW would have no legal first move"]


def test_rule_2_bad_square_names():
    assert problems(rocks=["z99", "t8"]) == ["rock 1: 'z99' is not a square: expected a1..x24"]


def test_rule_2_the_twelve_pentominoes():
    shapes = load_data().pentominoes
    assert sorted(p.name for p in shapes) == list("FILNPTUVWXYZ")
    counts = {p.name: len(p.orientations) for p in shapes}
    assert counts == {"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4,
                      "X": 1, "Y": 8, "Z": 4}
    assert identify([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], shapes) == "I"
    assert identify([(5, 5), (5, 6), (6, 6), (6, 7), (7, 7)], shapes) == "W"


@pytest.mark.parametrize("size", [24, 20])
def test_rule_2_generator_makes_legal_layouts_of_every_shape(size):
    data = load_data()
    grid = Grid(size, size)
    seen = set()
    for seed in range(150):
        islands, rocks = generate_layout(random.Random(seed), size, data.pentominoes)
        assert check_layout(grid, islands, rocks)[0] == []
        for island in islands:
            seen.add(identify([grid.coords(grid.parse(s)) for s in island], data.pentominoes))
    assert seen == set("FILNPTUVWXYZ")


def test_rule_2_generator_is_seeded():
    shapes = load_data().pentominoes
    assert generate_layout(random.Random(7), 24, shapes) == generate_layout(random.Random(7), 24, shapes)
    assert generate_layout(random.Random(7), 24, shapes) != generate_layout(random.Random(8), 24, shapes)


def test_named_scenarios_are_legal_and_offered_for_their_board_size():
    data = load_data()
    assert {"the-narrows", "open-water", "the-gauntlet", "small-sound"} <= set(data.scenarios)
    for scenario in data.scenarios.values():
        grid = Grid(scenario.board_size, scenario.board_size)
        assert check_layout(grid, scenario.islands, scenario.rocks)[0] == [], scenario.id
    state = ENGINE.new_game("standard", {"board_size": 20})
    for action in ("start j1", "start s20", "toss:runner"):
        state.apply_text(action)
    assert [str(a) for a in state.legal_actions()] == ["generate", "scenario:small-sound"]
