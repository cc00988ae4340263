"""Grid: square names both ways, neighbours at edges and corners, walls as data, headings."""

import pytest

from navalgames.core.grid import Grid, Heading


def test_square_names_cover_small_and_large_boards():
    dover = Grid(8, 12)
    assert dover.name(0) == "a1"
    assert dover.name(dover.size - 1) == "h12"
    blockade = Grid(24, 24)
    assert blockade.name(blockade.size - 1) == "x24"
    for sq in range(blockade.size):
        assert blockade.parse(blockade.name(sq)) == sq


def test_square_numbering_is_rank_major_from_the_south_west():
    grid = Grid(8, 12)
    assert grid.parse("b1") == 1
    assert grid.parse("a2") == 8
    assert grid.coords(grid.parse("c4")) == (2, 3)


def test_parse_accepts_spaces_and_capitals():
    assert Grid(8, 12).parse(" C4 ") == Grid(8, 12).parse("c4")


@pytest.mark.parametrize("bad", ["i1", "a13", "a0", "", "4c", "aa1", "c"])
def test_parse_refuses_squares_off_the_board_naming_the_range(bad):
    with pytest.raises(ValueError, match=r"expected a1\.\.h12"):
        Grid(8, 12).parse(bad)


def test_grid_size_limits():
    with pytest.raises(ValueError):
        Grid(27, 3)
    with pytest.raises(ValueError):
        Grid(3, 0)


def test_orthogonal_neighbours_in_the_middle_at_an_edge_and_in_a_corner():
    grid = Grid(8, 12)
    names = lambda sq: sorted(grid.name(n) for n in grid.orthogonal_neighbours[sq])  # noqa: E731
    assert names(grid.parse("c4")) == ["b4", "c3", "c5", "d4"]
    assert names(grid.parse("a5")) == ["a4", "a6", "b5"]
    assert names(grid.parse("h12")) == ["g12", "h11"]


def test_eight_neighbours_include_corners_and_stop_at_the_edge():
    grid = Grid(8, 12)
    assert len(grid.eight_neighbours[grid.parse("c4")]) == 8
    assert sorted(grid.name(n) for n in grid.eight_neighbours[grid.parse("a1")]) == ["a2", "b1", "b2"]


def test_step_off_the_board_is_none():
    grid = Grid(8, 12)
    assert grid.step(grid.parse("a1"), -1, 0) is None
    assert grid.step(grid.parse("a1"), 1, 1) == grid.parse("b2")


def test_a_wall_separates_orthogonal_neighbours_both_ways():
    grid = Grid(8, 12)
    walled = grid.with_walls(frozenset({grid.parse_wall("b3|b4")}))
    b3, b4 = grid.parse("b3"), grid.parse("b4")
    assert walled.wall_between(b3, b4) and walled.wall_between(b4, b3)
    assert b4 not in walled.orthogonal_neighbours[b3]
    assert b3 not in walled.orthogonal_neighbours[b4]
    assert b4 in grid.orthogonal_neighbours[b3]
    # Walls stop orthogonal steps only; the eight-way list is plain geometry.
    assert b4 in walled.eight_neighbours[b3]


def test_a_wall_given_in_either_order_is_the_same_wall():
    grid = Grid(3, 3)
    backwards = Grid(3, 3, frozenset({(5, 4)}))
    assert backwards.wall_between(4, 5)
    assert backwards == grid.with_walls(frozenset({(4, 5)}))


@pytest.mark.parametrize("bad, why", [("b3-b4", "two squares"), ("b3|c4", "orthogonal"),
                                      ("b3|b5", "orthogonal"), ("b3|z9", "not a square")])
def test_parse_wall_refuses_malformed_walls(bad, why):
    with pytest.raises(ValueError, match=why):
        Grid(8, 12).parse_wall(bad)


def test_headings_turn_to_starboard_clockwise_and_to_port_anticlockwise():
    assert Heading.N.starboard() is Heading.NE
    assert Heading.N.port() is Heading.NW
    assert Heading.W.starboard(2) is Heading.N
    assert Heading.NW.starboard() is Heading.N
    assert Heading.E.port(3) is Heading.NW
    assert Heading.SE.opposite() is Heading.NW
    for heading in Heading:
        assert heading.starboard().port() is heading
        assert heading.starboard(8) is heading


def test_heading_deltas_point_the_right_way_and_diagonals_are_odd():
    assert Heading.N.delta == (0, 1)
    assert Heading.SW.delta == (-1, -1)
    assert [h.name for h in Heading if h.diagonal] == ["NE", "SE", "SW", "NW"]
    grid = Grid(24, 24)
    assert grid.name(grid.step(grid.parse("c3"), *Heading.NE.delta)) == "d4"


def test_heading_parse():
    assert Heading.parse(" sw ") is Heading.SW
    with pytest.raises(ValueError, match="unknown heading 'up'"):
        Heading.parse("up")
