"""Contact on arrival (rules page section 5): Mines and Mine Layers blow up pieces arriving in
attacking position with them, whether or not they attack; who is spared; what each side learns."""

import random

import pytest

from dover_helpers import at, play, state_at
from games.dover_patrol.rules import ENGINE, KIND_OF_CODE, Deploy, Move

MOVERS = "10 9 8 7 6 5 4 3 2 1 MS SS ML FB".split()
SPARED_BY_MINE = {"MS", "ML", "FB"}
SPARED_BY_LAYER = {"4", "MS", "SS", "FB", "ML"}


@pytest.mark.parametrize("kind", MOVERS)
def test_arriving_next_to_enemy_mine(kind):
    state = state_at({"d4": kind, "a1": "1"}, {"d6": "MI", "h12": "1"})
    events = play(state, "d4-d5")
    blown = kind not in SPARED_BY_MINE
    assert any(e.kind == "explosion" for e in events) == blown
    assert at(state, "d5") == (None if blown else f"south {kind}")
    assert at(state, "d6") == "north MI"            # the Mine stays
    shown = state.observation("south").piece_at(state.rules.grid.parse("d6")).kind
    assert shown == ("MI" if blown else None)       # shown only when it goes off


@pytest.mark.parametrize("kind", MOVERS)
def test_arriving_next_to_enemy_mine_layer(kind):
    state = state_at({"d4": kind, "a1": "1"}, {"d6": "ML", "h12": "1"})
    events = play(state, "d4-d5")
    blown = kind not in SPARED_BY_LAYER
    assert any(e.kind == "explosion" for e in events) == blown
    assert at(state, "d5") == (None if blown else f"south {kind}")
    assert at(state, "d6") == "north ML"
    shown = state.observation("south").piece_at(state.rules.grid.parse("d6")).kind
    assert shown == ("ML" if blown else None)


def test_north_arrivals_are_blown_up_too():
    state = state_at({"d5": "MI", "a1": "1"}, {"d7": "8", "h12": "1"}, to_move="north")
    events = play(state, "d7-d6")
    assert any(e.kind == "explosion" for e in events) and at(state, "d6") is None


def test_a_mine_layer_arriving_blows_nothing_up():
    state = state_at({"d4": "ML", "a1": "1"}, {"d6": "10", "h12": "1"})
    events = play(state, "d4-d5")
    assert [e.kind for e in events] == ["move"]
    assert at(state, "d5") == "south ML" and at(state, "d6") == "north 10"


def test_contact_comes_before_the_declared_attack():
    state = state_at({"d4": "9", "a1": "1"}, {"d6": "MI", "h12": "1"})
    events = play(state, "d4-d5xd6")
    assert [e.kind for e in events] == ["move", "explosion"]
    assert at(state, "d6") == "north MI"


def test_pieces_side_by_side_or_passed_are_not_in_contact_when_facing():
    # same rank: not back to back
    state = state_at({"c4": "7", "a1": "1"}, {"d5": "MI", "h12": "1"})
    assert [e.kind for e in play(state, "c4-c5")] == ["move"]
    # the North Mine behind the South piece: they have passed each other
    state = state_at({"d6": "7", "a1": "1"}, {"d4": "MI", "h12": "1"})
    assert [e.kind for e in play(state, "d6-d5")] == ["move"]


def test_orthogonal_reading_puts_side_by_side_pieces_in_contact():
    state = state_at({"c4": "7", "a1": "1"}, {"d5": "MI", "h12": "1"}, options={"attack_contact": "orthogonal"})
    assert "explosion" in [e.kind for e in play(state, "c4-c5")]


def test_a_harbour_wall_keeps_pieces_out_of_contact():
    # c3 (South harbour) and c4 are walled apart: no contact across the wall
    state = state_at({"c2": "7", "a1": "1"}, {"c4": "MI", "h12": "1"})
    assert [e.kind for e in play(state, "c2-c3")] == ["move"]
    assert "c2-c3xc4" not in {str(a) for a in ENGINE.from_position(
        {"pieces": {"south": {"c2": "7"}, "north": {"c4": "5"}}}).legal_actions()}


def test_odd_pieces_starting_back_to_back_trigger_nothing():
    """The two odd pieces may start facing each other: contact only happens on arrival."""
    state = ENGINE.new_game("classic", {"first_player": "south"})
    rules = state.rules
    grid = rules.grid
    fleet = [KIND_OF_CODE[c] for c in "10 9 8 7 7 6 6 6 5 5 5 5 4 4 4 4 3 3 3 3 2 2 2 2 2 1 1 1 1 1 MS MS SS SS SS ML FB MI MI MI".split()]
    for side, odd, odd_kind in ((0, "d6", "9"), (1, "d7", "MI")):
        main, _ = rules.setup_squares(side)
        kinds = list(fleet)
        kinds.remove(KIND_OF_CODE[odd_kind])
        placement = list(zip(sorted(main), kinds)) + [(grid.parse(odd), KIND_OF_CODE[odd_kind])]
        events = state.apply(Deploy(side, placement, grid))
    assert not any(e.kind == "explosion" for e in events)
    assert at(state, "d6") == "south 9" and at(state, "d7") == "north MI"
    # moving away and back is an arrival: then it goes off
    play(state, "d6-c6", "h8-h7" if at(state, "h8") else str(next(
        a for a in state.legal_actions() if "x" not in str(a))))
    events = play(state, "c6-d6")
    assert "explosion" in [e.kind for e in events]


def test_what_each_side_learns_from_a_quiet_arrival():
    # a Mine Sweeper arrives next to an unknown North Mine: nothing happens
    state = state_at({"d4": "MS", "e4": "5", "a1": "1"}, {"d6": "MI", "e6": "3", "h12": "1"})
    play(state, "d4-d5")
    north = state.observation("north")
    sweeper = north.piece_at(state.rules.grid.parse("d5"))
    assert sweeper.possible == frozenset({"MS", "ML", "FB"}) and sweeper.kind is None
    south = state.observation("south")
    mine = south.piece_at(state.rules.grid.parse("d6"))
    assert mine.kind is None and "MI" in mine.possible   # the sweeper's side learns nothing
    play(state, "h12-h11")
    # a Light Cruiser arrives next to the North 3: no explosion, so South knows it is neither
    play(state, "e4-e5")
    three = state.observation("south").piece_at(state.rules.grid.parse("e6"))
    assert "MI" not in three.possible and "ML" not in three.possible
    # North learns nothing from that arrival about the cruiser (its piece is no Mine)
    cruiser = state.observation("north").piece_at(state.rules.grid.parse("e5"))
    assert cruiser.possible == frozenset(c for c in "10 9 8 7 6 5 4 3 2 1 MS SS ML FB".split())


def test_the_mine_owner_learns_the_victim_was_no_sweeper():
    state = state_at({"d4": "5", "a1": "1"}, {"d6": "MI", "h12": "1"})
    play(state, "d4-d5")
    victim = [p for p in state.observation("north").removed("south")]
    assert len(victim) == 1 and victim[0].kind is None
    assert not victim[0].possible & {"MS", "ML", "FB"}


def test_a_flying_boat_landing_by_jump_next_to_a_mine_is_spared():
    state = state_at({"c2": "FB", "a1": "1"}, {"c5": "MI", "h12": "1"})
    events = play(state, "c2-c4")        # over the wall c3|c4, next to the Mine
    assert at(state, "c4") == "south FB" and "explosion" not in [e.kind for e in events]


def test_random_games_never_leave_a_vulnerable_piece_in_fresh_contact():
    """After any arrival, the arriving piece is not in contact with an enemy Mine that spares it not."""
    rng = random.Random(5)
    for _ in range(3):
        state = ENGINE.random_start("classic", rng=rng)
        for _ in range(300):
            if state.outcome() is not None:
                break
            action = state.random_action(rng)
            state.play(action)
            if isinstance(action, Move) and state.board[action.to]:
                p = state.board[action.to]
                k = state.kind[p]
                for c in state.rules.contact[state.owner[p]][action.to]:
                    q = state.board[c]
                    if q and state.owner[q] != state.owner[p] and state.kind[q] == KIND_OF_CODE["MI"]:
                        assert (1 << k) & state.rules.mine_spares
