"""Dover Patrol: a ship shuts the boat gate on a raider (``ai.boat_gate``). From game 119 of
`navalgames tournament dover-patrol --a hard --b normal --seed 7` at 28186cc (``records/``),
lost by hard (North): a South piece hard had not identified left d1 at ply 477 and walked up the
d file; it was South's Flying Boat, and from e12, outside North's harbour wall beside its base
f12, it flew over the wall and took the flag at ply 502. Nothing of North's inside the wall
could reach it; its own Flying Boat on a11 stood five moves from e12. ``hard`` plays the guard
(measured as ``make_gatekeeper``); ``normal``, the beginner's match, does not."""

from __future__ import annotations

from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.ai.boat_gate import (RAID_REACH, boat_gates, guard_move, held,
                                             keep_guards, raider_moves)
from games.dover_patrol.rules import FB, Move
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH, ME = "north", 1
RECORD = Path(__file__).parent / "records" / "hard-v-normal-seed7-game0119.yaml"
E12, D12, A11, B11, D1, E1 = 92, 91, 80, 81, 3, 4


def position(actions: int):
    return replay(read_record(RECORD), upto=actions)


def follow_guard(state) -> None:
    """The guard's moves played out, South passing its turns, until it stands on the gate."""
    for _ in range(RAID_REACH):
        first = guard_move(state, ME)
        if first is None:
            return
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Move) and a.key == first))
        state.pass_turn()


def test_the_gate_outside_the_wall_and_the_square_the_boat_jumps_from():
    state = position(476)
    assert boat_gates(state, ME) == [(E12, [E12, D12])]
    assert boat_gates(state, 0) == [(D1, [D1, E1])]      # South's base c1: d1, and e1 beyond it


def test_a_walker_that_may_be_the_boat_is_a_raider_and_our_flying_boat_goes_to_shut_the_gate():
    state = position(476)          # ply 474: the walker on d1, not yet seen to be anything
    assert state.to_act() == NORTH
    walker = state.board[3]
    assert state.kind[walker] == FB and state.priv[ME][walker] != 1 << FB
    assert raider_moves(state, ME, [E12, D12]) <= RAID_REACH
    assert guard_move(state, ME) == (A11, B11, -1)   # the nearest ship: our Flying Boat, 5 moves off
    move = ai.make_player("hard", NORTH, seed=1).choose(state, NORTH)
    assert str(move) == "a11-b11"
    assert not ai.make_player("normal", NORTH, seed=1).guards_gate


def test_the_guard_walks_onto_the_gate_and_is_held_there():
    state = position(476)
    follow_guard(state)
    guard = state.board[E12]
    assert guard and state.owner[guard] == ME
    assert held(state, ME) == {E12}
    kept = keep_guards(state, ME, state.legal_actions())
    assert kept and not any(isinstance(a, Move) and a.frm == E12 for a in kept)


def test_no_raider_no_guard():
    state = position(476)
    for e in state.alive[0]:      # every South piece known to us as a 1: none may be the boat
        state.priv[ME][e] = 1 << 1
    assert raider_moves(state, ME, [E12, D12]) > RAID_REACH
    assert guard_move(state, ME) is None and held(state, ME) == set()


def test_a_flag_carrier_on_the_gate_is_not_held():
    state = position(476)
    follow_guard(state)
    boat = state.board[E12]
    assert state.kind[boat] == FB and held(state, ME) == {E12}
    state.flag_carrier[0], state.flag_sq[0] = boat, E12   # as if it had brought South's flag home
    assert held(state, ME) == set()
