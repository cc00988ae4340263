"""Each variant's differences from the classic game (rules page section 9), Fleet Orders included."""

import pytest

from dover_helpers import at, legal, play, state_at
from games.dover_patrol.rules import ENGINE
from navalgames.core.state import IllegalAction, PositionError


def test_the_six_variants_in_menu_order():
    assert [v.id for v in ENGINE.variants()] == ["classic", "first-capture", "flagship-hunt",
                                                 "pitched-battle", "capture-the-base", "fleet-orders"]


@pytest.mark.parametrize("variant", ["flagship-hunt", "pitched-battle", "fleet-orders"])
def test_no_harbour_walls_and_no_flags(variant):
    state = state_at({"c3": "5", "e1": "6", "h1": "1"}, {"a12": "1", "h12": "2"}, variant=variant)
    assert "c3-c4" in legal(state) and "e1-d1" in legal(state)
    with pytest.raises(PositionError, match="no flags"):
        state_at({"c3": "5"}, {"a12": "1"}, variant=variant, flags={"south": "base"})


@pytest.mark.parametrize("variant", ["flagship-hunt", "pitched-battle"])
def test_bases_are_ordinary_squares_without_flags(variant):
    state = state_at({"c2": "5", "h1": "1"}, {"a12": "1", "h12": "2"}, variant=variant)
    assert "c2-c1" in legal(state)


def test_flagship_hunt_sinking_the_flagship_wins():
    state = state_at({"d4": "SS", "h1": "1"}, {"d6": "10", "a12": "1"}, variant="flagship-hunt")
    play(state, "d4-d5xd6")
    assert state.outcome().winner == "south" and "Flagship" in state.outcome().reason


def test_flagship_hunt_a_flagship_blown_up_by_contact_counts():
    state = state_at({"d4": "10", "h1": "1"}, {"d6": "MI", "a12": "1"}, variant="flagship-hunt")
    play(state, "d4-d5")
    assert state.outcome().winner == "north"


def test_flagship_hunt_both_flagships_in_one_exchange_is_a_draw():
    state = state_at({"d4": "10", "h1": "1"}, {"d6": "10", "a12": "1"}, variant="flagship-hunt")
    play(state, "d4-d5xd6")
    assert state.outcome().winner is None and "both Flagships" in state.outcome().reason


def test_pitched_battle_sink_every_piece_but_the_mines():
    state = state_at({"d4": "7", "h1": "MI"}, {"d6": "5", "a12": "MI", "b12": "MI"}, variant="pitched-battle")
    play(state, "d4-d5xd6")
    assert state.outcome().winner == "south" and "whole fleet" in state.outcome().reason


def test_pitched_battle_both_fleets_gone_at_once_is_a_draw():
    state = state_at({"d4": "5"}, {"d6": "5", "a12": "MI"}, variant="pitched-battle")
    play(state, "d4-d5xd6")
    assert state.outcome().winner is None


def test_pitched_battle_a_side_that_cannot_move_loses():
    state = state_at({"a1": "1", "b1": "MI", "a2": "MI", "h6": "5"}, {"h8": "5", "h12": "1"},
                     variant="pitched-battle", to_move="north")
    play(state, "h8-h7xh6")                  # North's 5 and South's 5 sink each other
    assert state.outcome().winner == "north" and "cannot move" in state.outcome().reason


def test_capture_the_base_fleet_and_setup():
    rules = ENGINE.rules("capture-the-base")
    assert rules.fleet_size == 24
    main, odd = rules.setup_squares(0)
    names = rules.names
    assert len(main) == 23 and names[rules.bases[0]] not in {names[s] for s in main}
    assert {names[s][1:] for s in main} == {"1", "2", "3"} and {names[s][1:] for s in odd} == {"4"}
    main, odd = rules.setup_squares(1)
    assert {names[s][1:] for s in main} == {"10", "11", "12"} and {names[s][1:] for s in odd} == {"9"}


def test_capture_the_base_attacks_are_compulsory():
    state = state_at({"d4": "7", "h1": "1"}, {"d6": "5", "a12": "1"}, variant="capture-the-base")
    assert "d4-d5" not in legal(state) and "d4-d5xd6" in legal(state)
    with pytest.raises(IllegalAction, match="compulsory"):
        state.apply("d4-d5")


def test_capture_the_base_mine_layers_are_excepted():
    state = state_at({"d4": "ML", "h1": "1"}, {"d6": "5", "a12": "1"}, variant="capture-the-base")
    assert "d4-d5" in legal(state) and "d4-d5xd6" not in legal(state)


def test_capture_the_base_a_plain_move_into_attacking_position_shows_the_mine_layer():
    # every other piece would have had to attack: both players now know it is the Mine Layer
    state = state_at({"d4": "ML", "h1": "1"}, {"d6": "5", "a12": "1"}, variant="capture-the-base")
    events = play(state, "d4-d5")
    assert state.observation("north").piece_at(state.rules.grid.parse("d5")).kind == "ML"
    assert any(e.kind == "reveal" and e.details["piece"] == "ML" for e in events)
    # a plain move that ends in no attacking position shows nothing
    state = state_at({"d4": "ML", "h1": "1"}, {"d6": "5", "a12": "1"}, variant="capture-the-base")
    play(state, "d4-e4")
    assert state.observation("north").piece_at(state.rules.grid.parse("e4")).kind is None


def test_capture_the_base_walls_in_play_and_occupying_the_base_wins():
    state = state_at({"c3": "5", "g12": "2", "a1": "1"}, {"a12": "1"}, variant="capture-the-base")
    assert "c3-c4" not in legal(state)
    play(state, "g12-f12")
    assert state.outcome().winner == "south" and "base" in state.outcome().reason


def test_capture_the_base_own_base_closed():
    state = state_at({"c2": "5", "h1": "1"}, {"a12": "1"}, variant="capture-the-base")
    assert "c2-c1" not in legal(state)


# --- Fleet Orders -----------------------------------------------------------------------------
def fo(south, north, **extra):
    return state_at(south, north, variant="fleet-orders", **extra)


def test_fleet_orders_many_pieces_each_once_then_end():
    state = fo({"b4": "5", "d4": "6", "h1": "1"}, {"a12": "1"})
    assert "end" not in legal(state)                    # at least one move or attack first
    play(state, "b4-b5", "d4-d5")
    assert not any(a.startswith("b5-") or a.startswith("d5-") for a in legal(state))
    assert state.to_act() == "south" and "end" in legal(state)
    with pytest.raises(IllegalAction, match="already moved"):
        state.apply("b5-b6")
    play(state, "end")
    assert state.to_act() == "north"


def test_fleet_orders_patrol_vessel_and_flying_boat_move_two_squares():
    state = fo({"b4": "1", "d4": "FB", "f4": "2", "d5": "5", "h1": "1"}, {"a12": "1"})
    moves = legal(state)
    assert "b4-b6" in moves and "d4-d6" in moves     # the Flying Boat over the 5 on d5
    assert "f4-f6" not in moves
    state = fo({"b4": "1", "b5": "5", "h1": "1"}, {"a12": "1"})
    assert "b4-b6" not in legal(state)               # the Patrol Vessel only through empty sea
    events = play(fo({"b4": "1", "h1": "1"}, {"a12": "1"}), "b4-b6")
    assert events[0].kind == "move"


def test_fleet_orders_double_moves_tell_the_enemy_what_moved():
    state = fo({"b4": "1", "d4": "FB", "d5": "5", "h1": "1"}, {"a12": "1"})
    play(state, "b4-b6", "d4-d6")
    north = state.observation("north")
    grid = state.rules.grid
    assert north.piece_at(grid.parse("b6")).possible == frozenset({"1", "FB"})
    assert north.piece_at(grid.parse("d6")).kind == "FB"


def test_fleet_orders_attack_only_straight_ahead_and_take_the_square():
    state = fo({"d5": "7", "h1": "1"}, {"d6": "5", "c5": "5", "e5": "5", "a12": "1"})
    attacks = {a for a in legal(state) if "x" in a}
    assert attacks == {"d5xd6"}
    play(state, "d5xd6")
    assert at(state, "d6") is None and at(state, "d5") == "south 7"
    assert not any(a.startswith("d5x") for a in legal(state))     # one attack per piece
    play(state, "d5-d6")                                            # then take the loser's square
    assert at(state, "d6") == "south 7"


def test_fleet_orders_a_piece_may_move_then_attack():
    state = fo({"d4": "7", "h1": "1"}, {"d6": "5", "a12": "1"})
    play(state, "d4-d5", "d5xd6")
    assert at(state, "d6") is None


def test_fleet_orders_nothing_explodes_on_contact():
    state = fo({"d4": "7", "h1": "1"}, {"d6": "MI", "a12": "1"})
    events = play(state, "d4-d5")
    assert [e.kind for e in events] == ["move"] and at(state, "d5") == "south 7"
    play(state, "d5xd6")                      # the Mine goes down with its victim
    assert at(state, "d5") is None and at(state, "d6") is None


def test_fleet_orders_entering_the_enemy_base_wins_own_base_closed():
    state = fo({"f11": "5", "c2": "6", "a1": "1"}, {"a12": "1"})
    assert "c2-c1" not in legal(state)
    play(state, "f11-f12")
    assert state.outcome().winner == "south"


def test_fleet_orders_move_and_attack_are_separate_actions():
    state = fo({"d4": "7", "h1": "1"}, {"d6": "5", "a12": "1"})
    with pytest.raises(IllegalAction, match="separately"):
        state.apply("d4-d5xd6")


def test_fleet_orders_position_keeps_the_turn_in_progress():
    state = fo({"b4": "5", "d4": "6", "h1": "1"}, {"a12": "1"})
    play(state, "b4-b5")
    again = ENGINE.from_position(state.to_position())
    assert legal(again) == legal(state)


def test_fleet_orders_a_double_move_passes_over_a_base_without_entering_it():
    state = fo({"e12": "1", "b1": "1", "h1": "2"}, {"a12": "1"})
    assert {"e12-g12", "b1-d1"} <= legal(state)      # over North's base, over its own
    play(state, "e12-g12")
    assert state.outcome() is None
