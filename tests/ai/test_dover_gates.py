"""Base-entry variants (Capturing the Base, Fleet Orders): the first piece to enter a base wins,
and an enemy piece on a square beside our base that we can attack only from the base itself (our
"gate": in Fleet Orders' facing rule, straight ahead of it) enters on its next move.

The position is from a tournament game (fleet-orders, hard v easy, seed 7, game 5) that `hard`
(North) lost: its 4 on f11, the square ahead of its base f12, attacked the Submarine on f10 and
sank; the Submarine stepped onto f11, where nothing of North's could attack it, and entered f12."""

from __future__ import annotations

from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.ai.search import at_the_gate, gate_bits, gate_open
from games.dover_patrol.ai.ways import long_entries
from games.dover_patrol.rules import ENGINE
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH, SOUTH = "north", "south"

POSITION = {'game': 'dover-patrol', 'variant': 'fleet-orders', 'options': {'repetition_draw': 3, 'quiet_ply_limit': 200, 'first_player': 'lot'}, 'to_move': 'north', 'pieces': {'south': {'a1': '1', 'g1': 'ML', 'h1': '4', 'a2': '4', 'b2': '4', 'c2': '5', 'd2': '5', 'f2': 'SS', 'g2': '4', 'h2': '5', 'g3': 'MS', 'a4': '3', 'b4': '1', 'c4': '6', 'd4': 'FB', 'f4': 'MI', 'g4': 'MI', 'h4': '3', 'b5': '2', 'c5': '10', 'e5': '7', 'h5': '9', 'f10': 'SS'}, 'north': {'e1': 'SS', 'b7': '4', 'e7': '2', 'a8': 'SS', 'g8': 'MI', 'h8': 'SS', 'c9': 'MI', 'e9': '3', 'f9': '2', 'd10': 'ML', 'e10': '3', 'c11': '5', 'd11': 'MS', 'e11': '9', 'f11': '4', 'g11': 'FB', 'a12': '4', 'c12': '6', 'd12': '2', 'g12': '3'}}, 'revealed': {'south': ['a4', 'd4', 'h5', 'f10'], 'north': ['e1', 'a8', 'f9']}, 'moved': {'south': ['a1', 'g1', 'h1', 'a2', 'b2', 'c2', 'd2', 'f2', 'g2', 'h2', 'g3', 'a4', 'b4', 'c4', 'd4', 'h4', 'b5', 'c5', 'e5', 'h5', 'f10'], 'north': ['e1', 'b7', 'e7', 'a8', 'h8', 'e9', 'f9', 'd10', 'e10', 'c11', 'd11', 'e11', 'f11', 'g11', 'a12', 'c12', 'd12', 'g12']}, 'fleet_turn': {'moved': ['e1', 'b7', 'e7', 'a8', 'h8', 'e9', 'f9', 'd10', 'e10', 'c11', 'd11', 'e11', 'f11', 'g11', 'a12', 'c12', 'd12', 'g12'], 'attacked': ['a8'], 'acted': True}, 'ply': 16}


def squares(rules, bits: int) -> set[str]:
    return {rules.names[sq] for sq in range(rules.size) if bits >> sq & 1}


def test_gates_are_the_squares_beside_a_base_attacked_only_from_it():
    fleet, capture, classic = (ENGINE.rules(v) for v in ("fleet-orders", "capture-the-base", "classic"))
    assert squares(fleet, gate_bits(fleet, 1)) == {"f11", "e12", "g12"}   # North's base f12
    assert squares(fleet, gate_bits(fleet, 0)) == {"b1", "d1", "c2"}      # South's base c1
    assert squares(capture, gate_bits(capture, 1)) == {"f11", "g12"}      # walls spare e12
    assert gate_bits(classic, 0) == gate_bits(classic, 1) == 0           # no base to enter


def test_an_order_that_opens_the_gate_to_an_enemy_beside_it_is_seen_as_losing():
    state = ENGINE.from_position(POSITION)
    attack = next(a for a in state.legal_actions() if repr(a) == "Attack('f11xf10')")
    assert not gate_open(state, NORTH)
    after = state.clone()
    after.apply(attack)
    assert gate_open(after, NORTH)
    assert ai.two_move_value(state, attack, NORTH) <= ai.search.GATE_POINTS / 2


def test_hard_keeps_its_gate_shut():
    state = ENGINE.from_position(POSITION)
    for seed in range(4):
        assert repr(ai.make_player("hard", NORTH, seed=seed).choose(state, NORTH)) != "Attack('f11xf10')"


def test_an_enemy_at_the_gate_is_a_reply_judged_in_full():
    state = ENGINE.from_position(POSITION)
    state.apply(next(a for a in state.legal_actions() if repr(a) == "Attack('f11xf10')"))
    state.apply(next(a for a in state.legal_actions() if repr(a) == "EndTurn('end')"))
    step_in = next(a for a in state.legal_actions() if repr(a) == "Move('f10-f11')")
    assert ai.is_sharp(state, step_in)
    state.apply(step_in)
    assert at_the_gate(state, NORTH) and not at_the_gate(state, SOUTH)


# Game 4 of the same tournament at 7d41dae, which hard (South) lost: North's Flying Boat (known)
# jumped c6-c4 at ply 199 while all three of South's gates stood empty, then c4-c2 over the
# Mine Layer on c3, and entered c1. Fleet Orders' Flying Boat moves two squares straight over
# anything, and its Patrol Vessel two through an empty square.
FLIGHT = Path(__file__).parent / "records" / "hard-v-easy-fleet-orders-seed7-game0004.yaml"


def test_the_squares_two_from_the_base_in_line_let_the_long_movers_in():
    fleet = ENGINE.rules("fleet-orders")
    entries = {fleet.names[sq]: (fleet.names[mid], kinds) for sq, mid, kinds in long_entries(fleet, 0)}
    flying_boat_and_patrol_vessel = 1 << 14 | 1 << 1
    assert entries == {"a1": ("b1", flying_boat_and_patrol_vessel), "e1": ("d1", flying_boat_and_patrol_vessel),
                       "c3": ("c2", flying_boat_and_patrol_vessel)}
    assert long_entries(ENGINE.rules("capture-the-base"), 0) == ()   # one square a move there


def test_a_flying_boat_two_squares_from_an_empty_gate_opens_it():
    state = replay(read_record(FLIGHT), upto=208)   # FB c4, Mine Layer c3, b1 c2 d1 empty
    assert gate_open(state, SOUTH)                   # c4-c2 over c3 is one move
    assert not gate_open(state, NORTH)


def test_an_empty_gate_costs_the_base_watch_in_fleet_orders_too():
    state = replay(read_record(FLIGHT), upto=208)
    plan = ai.plan_for(state.rules)
    # South's three gates empty with North's ships two squares off (the watch counts squares,
    # also for the Flying Boat's jumps); North's shut: its watch costs less
    assert plan.exposure(state, 0) >= ai.evaluation.BASE_WATCH / 2 > plan.exposure(state, 1)


# Game 1 of the same tournament at e849d43, which hard (North) lost: at ply 205 its 5 stepped off
# the gate f11 to f10, straight ahead of South's Submarine on f9, known; at ply 224 it attacked
# the Submarine (only a 2 sinks one), and the Submarine went f9-f10-f11 and entered f12.
STEP_OFF = Path(__file__).parent / "records" / "hard-v-easy-fleet-orders-seed7-game0001.yaml"


def test_a_move_before_a_known_piece_that_sinks_the_mover_is_hopeless_in_fleet_orders():
    state = replay(read_record(STEP_OFF), upto=205)
    moves = {str(action): action for action in state.legal_actions()}
    assert ai.hopeless(state, moves["f11-f10"])          # the Submarine on f9 attacks f10
    assert not ai.hopeless(state, moves["c7-c6"])
    attack = replay(read_record(STEP_OFF), upto=224)
    assert ai.hopeless(attack, next(a for a in attack.legal_actions() if str(a) == "f10xf9"))


def test_the_watch_counts_the_flying_boat_s_two_square_moves_in_fleet_orders():
    state = replay(read_record(FLIGHT), upto=234)   # the Flying Boat on c4, c2 b1 d1 empty: one jump from c2
    plan = ai.plan_for(state.rules)
    assert plan.boat_leaps and not ai.plan_for(ENGINE.rules("classic")).boat_leaps
    leaping = plan.exposure(state, 0)
    plan.boat_leaps = False   # as if it flew a square a move
    try:
        assert plan.exposure(state, 0) < leaping
    finally:
        plan.boat_leaps = True
