"""TurnClock: one-action turns (classic games) and many-action turns ended explicitly (Fleet Orders)."""

import pytest

from navalgames.core.turns import Phase, TurnClock


def test_one_action_turns_alternate_sides_and_count_plies_and_turns():
    clock = TurnClock(("south", "north"), "south")
    assert (clock.phase, clock.ply, clock.turn) == (Phase.PLAY, 0, 1)
    clock.record_action(end_turn=True)
    assert (clock.to_move, clock.ply, clock.turn) == ("north", 1, 2)
    clock.record_action(end_turn=True)
    assert (clock.to_move, clock.ply, clock.turn) == ("south", 2, 3)


def test_many_action_turn_keeps_the_move_until_ended():
    clock = TurnClock(("south", "north"), "south")
    for _ in range(3):
        clock.record_action(end_turn=False)
    assert (clock.to_move, clock.ply, clock.turn) == ("south", 3, 1)
    clock.end_turn()
    assert (clock.to_move, clock.ply, clock.turn) == ("north", 3, 2)


def test_opponent_and_finish():
    clock = TurnClock(("runner", "blockader"), "blockader", phase=Phase.SETUP)
    assert clock.opponent() == "runner"
    assert clock.opponent("runner") == "blockader"
    clock.finish()
    assert clock.phase is Phase.OVER


def test_opponent_needs_two_sides():
    with pytest.raises(ValueError):
        TurnClock(("a", "b", "c"), "a").opponent()


def test_unknown_side_is_refused():
    with pytest.raises(ValueError, match="'east' is not a side"):
        TurnClock(("south", "north"), "east")


def test_copy_is_independent():
    clock = TurnClock(("south", "north"), "south")
    copy = clock.copy()
    copy.record_action(end_turn=True)
    assert (clock.to_move, clock.ply) == ("south", 0)
    assert (copy.to_move, copy.ply) == ("north", 1)
