"""Dover Patrol: watching the gates of our own base (``Plan.gates``, ``Plan.exposure``).

In the facing reading nothing can attack an enemy piece standing beside our base (it would have
to come from the base itself, or from off the board), so a raider that reaches such a gate takes
the flag next move. The Flying Boat flies over the harbour walls to the gate outside them. `hard`
of f332fde lost all four of its lost games against the beginner's `normal` (seed 7, games 3, 5,
7 and 9, all as North) that way: the Flying Boat flew onto a gate `hard` had left empty, took the
flag and flew home. Played again with the base watched, those four games were 2 won and 2 drawn.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai.evaluation import BASE_WATCH, WATCH_LOST
from games.dover_patrol.rules import ENGINE, FB, Move
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH = "north"
RECORDS = Path(__file__).parent / "records"


def names(rules, squares) -> set[str]:
    return {rules.names[sq] for sq in squares}


def raid_position(raider: str = "e6", guard: str = "a12") -> dict:
    """South's known Flying Boat out at sea, North's base f12 with e12 (outside the wall) open and
    a North 5 four moves from it; f11 and g12 shut by North's own ships."""
    return {'game': 'dover-patrol', 'variant': 'classic', 'to_move': 'north',
            'pieces': {'south': {'c2': '5', 'b1': '4', 'd1': '6', raider: 'FB', 'a5': '7', 'h3': '8',
                                 'g4': '3', 'b4': '2'},
                       'north': {guard: '5', 'g12': '6', 'f11': '3', 'h10': '9', 'b8': '4', 'c9': '2',
                                 'a9': '7', 'g7': '8'}},
            'revealed': {'south': [raider]}, 'moved': {'south': [raider, 'a5'], 'north': ['b8']}}


def test_the_gates_are_the_squares_beside_the_base_and_the_flying_boat_s_across_its_wall():
    rules = ENGINE.rules("classic")
    plan = ai.plan_for(rules)
    assert names(rules, (sq for sq, _ in plan.gates[0])) == {"b1", "c2", "d1"}
    assert names(rules, (sq for sq, _ in plan.gates[1])) == {"e12", "f11", "g12"}
    assert names(rules, (sq for sq, boat in plan.gates[1] if boat)) == {"e12"}   # across e12|f12
    assert ai.plan_for(rules, detailed=False).gates == ((), ())   # easy's plain judgement: none
    for variant in ("flagship-hunt", "pitched-battle", "capture-the-base"):
        assert ai.plan_for(ENGINE.rules(variant)).gates == ((), ())   # no flags, or a move a turn
    fleet = ENGINE.rules("fleet-orders")   # orders by the turn: see test_dover_gates.py
    assert names(fleet, (sq for sq, _ in ai.plan_for(fleet).gates[0])) == {"b1", "c2", "d1", "a1", "e1", "c3"}


def test_an_open_gate_costs_more_the_nearer_the_raider_and_less_with_a_guard_nearer_than_it():
    def exposure(raider: str, guard: str) -> float:
        state = ENGINE.from_position(raid_position(raider, guard))
        return ai.plan_for(state.rules).exposure(state, 1)

    far, near, at_gate = exposure("e6", "a12"), exposure("e9", "a12"), exposure("e12", "a12")
    assert 0 < far < near < at_gate
    # the raider is three moves from e12: our 5 one or two moves off can shut it first, three not
    assert exposure("e9", "d12") < exposure("e9", "c12") < exposure("e9", "b12") == near
    assert exposure("e9", "e12") == 0.0                            # shut: every gate held


def test_a_raider_stepping_nearer_an_open_gate_is_a_reply_judged_in_full():
    state = ENGINE.from_position(raid_position("e9", "a12"))
    state.apply(next(a for a in state.legal_actions() if str(a) == "a12-b12"))
    moves = {str(a): a for a in state.legal_actions()}
    assert ai.is_sharp(state, moves["e9-e10"])        # two moves from e12
    assert not ai.is_sharp(state, moves["e9-e8"])     # away from it
    assert not ai.is_sharp(state, moves["h3-h4"])     # an ordinary ship far off


def flying_boat_raid(state):
    """South's moves: its Flying Boat enters the base when it can, else flies toward e12 (None
    once it has no flight left: sunk or boxed in)."""
    plan = ai.plan_for(state.rules)
    base, gate = state.rules.bases[1], state.rules.names.index("e12")
    flights = [a for a in state.legal_actions()
               if isinstance(a, Move) and state.kind[state.board[a.frm]] == FB]
    entering = [a for a in flights if a.to == base]
    if entering:
        return entering[0]
    return min(flights, key=lambda a: (plan.free(gate)[a.to], a.to)) if flights else None


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_shuts_its_gate_before_a_flying_boat_raid_arrives(seed):
    # The raider is six moves from e12, North's 5 four: only a piece that sets off in time shuts
    # it (f332fde let the boat in and lost its flag on ply 14 with both seeds).
    state = ENGINE.from_position(raid_position())
    hard = ai.make_player("hard", NORTH, seed=seed)
    for _ in range(24):
        action = hard.choose(state, NORTH) if state.to_act() == NORTH else flying_boat_raid(state)
        if action is None:
            break   # the raider is sunk or boxed in: also a defence
        state.apply(action)
        assert state.flag_sq[1] == state.rules.bases[1], "the raider took North's flag"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_takes_the_enemy_flag_instead_of_standing_on_the_gates_of_its_base(seed):
    # Game 58 of `--a hard --b easy --seed 7` at 142b570 (hard is South), drawn by quiet turns at
    # ply 838 with hard's Flying Boat, 9 and 4 on three gates of North's base (e12, g12, f11)
    # since before ply 700: each piece on a gate counted 2 x BASE_WATCH against North, so taking
    # the flag, which ends North's watch, looked worse than threatening it. The flag is lost only
    # once (WATCH_LOST).
    state = replay(read_record(RECORDS / "hard-v-easy-seed7-game0058.yaml"), upto=701)
    action = ai.make_player("hard", "south", seed=seed).choose(state, "south")
    assert isinstance(action, Move) and action.to == state.rules.bases[1], str(action)


def test_the_watch_costs_at_most_a_lost_flag_and_that_while_the_enemy_carries_ours():
    state = replay(read_record(RECORDS / "hard-v-easy-seed7-game0058.yaml"), upto=701)
    plan = ai.plan_for(state.rules)
    assert plan.exposure(state, 1) == BASE_WATCH * WATCH_LOST       # three South pieces on gates
    taking = next(a for a in state.legal_actions() if str(a) == "e12-f12")
    after = state.clone()
    after.apply(taking)
    assert plan.exposure(after, 1) == BASE_WATCH * WATCH_LOST       # North's flag carried off
