"""Dover Patrol: clearing the way home (``plans.clearing_plan``). Two real games, kept in
``records/``: games 17 and 93 of `navalgames tournament dover-patrol --a hard --b easy --seed 7`
at bf9d5c8, both drawn by the quiet-turn rule with hard (North) carrying South's flag. North's
harbour (f10-h12, base f12) opens only at h9, and South's 1 stood on h8, which North can attack
only by arriving on h9 (the facing reading). In game 93 a North 4 held h9 and could not step off
and come back, the harbour being packed; in game 17 North's carrier itself held h9, behind a
harbour with one empty square. The harbour planner found no way home, and no hunt was worth it."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai.plans import clearing_plan, harbour_plan
from games.dover_patrol.rules import Move
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH, ME = "north", 1
RECORDS = Path(__file__).parent / "records"


def position(game: int, ply: int):
    return replay(read_record(RECORDS / f"hard-v-easy-seed7-game{game:04d}.yaml"), upto=ply)


def follow(state, moves: int = 12, south: bool = False) -> list[Move]:
    """The clearing plan's moves played out, the other side passing its turns, up to the attack."""
    played = []
    for _ in range(moves):
        first = clearing_plan(state, 0 if south else ME)
        assert first is not None, [str(m) for m in played]
        move = next(a for a in state.legal_actions() if isinstance(a, Move) and a.key == first)
        played.append(move)
        if move.attack >= 0:
            return played
        state.apply(move)
        state.pass_turn()
    raise AssertionError(f"no attack after {[str(m) for m in played]}")


def test_a_4_boxed_in_on_the_mouth_steps_off_and_comes_back_to_attack():
    state = position(93, 600)
    assert harbour_plan(state, ME) is None
    played = follow(state)
    assert str(played[0]) == "h10-h11"          # room for the 4 on h9 to step back into
    assert [str(move) for move in played[1:]] == ["h9-h10", "h10-h9xh8"]   # then onto the 1 on h8


def test_the_carrier_itself_attacks_when_no_other_piece_can_reach_the_square():
    state = position(17, 1499)
    assert harbour_plan(state, ME) is None
    carrier = state.flag_carrier[0]
    played = follow(state)
    last = played[-1]
    assert str(last) == "h10-h9xh8"
    assert state.board[last.frm] == carrier     # the 6 with South's flag, back onto h9


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_starts_clearing_when_the_harbour_planner_finds_no_way(seed):
    state = position(93, 600)
    action = ai.make_player("hard", NORTH, seed=seed).choose(state, NORTH)
    assert str(action) == "h10-h11"


# Two more of seed 7 against easy, drawn at 7d41dae with hard as South (harbour a1-c3, base c1).
def test_the_clearing_plan_tries_every_attacker_it_has_the_positions_for():
    """Game 96: South's Mine Layer carries North's flag on a6, North's 1 (unknown) stands on a5
    and South's 5 on a4, the one square it is attacked from. Four other attackers came first
    and none could get there; the 5 steps off (its way out is a3, so the 6 there goes first)
    and comes back."""
    state = position(96, 1161)
    played = follow(state, south=True)
    assert str(played[0]) == "a3-a2"
    assert str(played[-1]) == "a3-a4xa5"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_plan_home_may_look_worse_the_nearer_a_draw_by_quiet_turns(seed):
    """Game 100, ply 1140, 191 quiet turns: the carrier on b2 must step back to b3 for the
    Submarine on b1 to get out of its way, which looks 12.7 points worse than the best move;
    with the draw that near, the plan goes on."""
    state = position(100, 1140)
    assert harbour_plan(state, 0) is not None
    action = ai.make_player("hard", "south", seed=seed).choose(state, "south")
    assert str(action) == "b2-b3"


def test_a_4_crosses_the_board_to_sink_the_mine_layer_on_a_far_carriers_way_home():
    """Game 121 of `navalgames tournament dover-patrol --a hard --b normal --seed 7` at ba31c82,
    drawn by the quiet-turn rule: hard (North) held South's flag with its Submarine on a2, in
    South's harbour, whose only way out a3 was held by South's Mine Layer (only a 4 sinks one).
    North's 4s stood boxed in at home behind its own Mine Sweeper and 7. The plan frees a 4, walks
    it round South's Mines (c4, d4: arriving in front of one sinks it) and attacks a3 from a4."""
    state = replay(read_record(RECORDS / "hard-v-normal-seed7-game0121.yaml"), upto=601)
    assert [state.rules.grid.name(sq) for sq in ai.plans.carrier_blockers(state, ME)] == ["a3"]
    played = follow(state, moves=24)
    assert str(played[0]) == "h9-h8"            # the Mine Sweeper makes room for the 4 on h10
    assert str(played[-1]) == "b4-a4xa3"
    assert state.kind[state.board[played[-1].frm]] == 4
    arrivals = {state.rules.grid.name(move.to) for move in played}
    assert not arrivals & {"c5", "d5"}          # in front of South's Mines on c4 and d4


def test_a_far_carriers_plan_leaves_home_the_one_ship_that_sinks_a_known_enemy_at_the_mouth():
    """Game 140 of `navalgames tournament dover-patrol --a hard --b normal --seed 7` at 6f3bd2f,
    drawn after hard (South) had won it at ba31c82: with our 8 holding North's flag on h10,
    North's 4 on h9 in its way, the plan sent our Submarine out of the harbour to sink the 4.
    North's known 6 stood on b4, a move from the harbour's mouth a3; with the Submarine gone
    nothing inside sank a 6 (a 4 and a Mine Sweeper), and the 6 came in and took our flag."""
    state = replay(read_record(RECORDS / "hard-v-normal-seed7-game0140.yaml"), upto=411)
    name = state.rules.grid.name
    south = 0
    assert "h9" in {name(sq) for sq in ai.plans.carrier_blockers(state, south)}
    submarine = state.board[state.rules.grid.parse("b1")]
    assert ai.plans.known_kind(state, south, state.board[state.rules.grid.parse("b4")]) == 6
    assert ai.plans.last_answers(state, south) == {submarine}
    first = clearing_plan(state, south)
    assert first is not None and name(first[0]) != "b1"
    assert state.kind[state.board[first[0]]] != state.kind[submarine]
