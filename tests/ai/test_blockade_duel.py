"""The open-sea duel table (games/naval_blockade/ai/duel.py): its values obey the rules' moves,
guns and dice one step at a time, and the searching Blockader asks it only where it applies."""

from __future__ import annotations

import math
import random

import pytest

from games.naval_blockade.ai import duel, make_player
from games.naval_blockade.ai.duel import LATERAL, LONG_D4, SIX, SLIP, duel_table, six_move_offsets
from games.naval_blockade.rules import BLOCKADER, ENGINE, RUNNER
from games.naval_blockade.rules.geometry import DELTAS, arcs_containing
from games.naval_blockade.rules.actions import SHIP_GUNS

N, RANGE = 24, 10


@pytest.fixture(scope="module")
def table():
    return duel_table(N, RANGE, True, 0)


def d4_chance(side: int, heading: int, dx: int, dy: int) -> float:
    """Rules 11-13 written out again: guns whose arc holds the target, in range, one D4 face in six."""
    if abs(dx) + abs(dy) > RANGE or (dx, dy) == (0, 0):
        return 0.0
    guns = [g for g in arcs_containing(dx, dy, heading) if g in SHIP_GUNS[side]]
    return 1 - (5 / 6) ** len(guns)


def helm_orders(x, y, heading):
    """Where each of the three helm orders takes a ship on open sea: (heading, file, rank)."""
    for turn in (-1, 0, 1):
        h = (heading + turn) % 8
        yield h, x + DELTAS[h][0], y + DELTAS[h][1]


def blockader_move(table, b, r):
    """One move of the Blockader's, valued from the table's Runner-to-move entries."""
    (bx, by, bh), (rx, ry, rh) = b, r
    values = []
    for h, x, y in helm_orders(bx, by, bh):
        if not 0 <= y < N:
            continue
        if (x, y) == (rx, ry):
            values.append(1.0)                 # rule 17: our ram wins
            continue
        p = d4_chance(BLOCKADER, h, rx - x, ry - y)
        won = 1.0 if (rx - x, ry - y) in six_move_offsets(h) else LONG_D4
        values.append(p * won + (1 - p) * table.value(RUNNER, (x, y, h), r))
    return max(values, default=0.0)


def runner_move(table, b, r):
    """One move of the Runner's, valued from the table's Blockader-to-move entries."""
    (bx, by, bh), (rx, ry, rh) = b, r
    values = []
    for h, x, y in helm_orders(rx, ry, rh):
        if y < 0 or abs(x - bx) > LATERAL:
            continue
        if y >= N - 1:
            values.append(0.0)                 # open sea
        elif (x, y) == (bx, by):
            values.append(1.0 if (h - bh) % 8 == 4 else 0.0)   # the armoured bow, head on
        else:
            p = d4_chance(RUNNER, h, bx - x, by - y)
            if p and (bx - x, by - y) in six_move_offsets(h):
                after = 0.0                    # its six moves ram us
            elif p and y + SIX >= N - 1:
                after = 0.0                    # or carry it out to sea
            elif p:
                # six ranks on, heading North, on the best of three files for it
                after = min(table.value(BLOCKADER, b, (x + shift, y + SIX, 0)) for shift in (-4, 0, 4))
            else:
                after = 0.0
            values.append(p * after + (1 - p) * table.value(BLOCKADER, b, (x, y, h)))
    if not values:
        return 1.0                             # no move but into harbour: the Blockader wins
    # the Runner slips: each move likelier the nearer it comes to its best
    weights = [math.exp(-(v - min(values)) / SLIP) for v in values]
    return sum(w * v for w, v in zip(weights, values)) / sum(weights)


def random_ships(rng):
    while True:
        bx, by = rng.randrange(N), rng.randrange(N)
        rx = bx + rng.randint(-LATERAL, LATERAL)
        ry = rng.randrange(N - 1)
        if (rx, ry) != (bx, by) and abs(rx - bx) + abs(ry - by) <= 16:
            return (bx, by, rng.randrange(8)), (rx, ry, rng.randrange(8))


def test_each_value_is_the_best_move_of_the_ship_to_move_over_the_dice(table):
    """The solved values satisfy one step of the game as the rules play it: the mover's best
    helm order, its guns' D4 chance (rule 13's die, both arcs on a boundary), a ram (rule 17
    with the armoured bow), the Runner's escape (rule 18) and the judged end after a D4."""
    rng = random.Random(5)
    for _ in range(300):
        b, r = random_ships(rng)
        assert table.value(BLOCKADER, b, r) == pytest.approx(blockader_move(table, b, r), abs=1e-3), (b, r)
        assert table.value(RUNNER, b, r) == pytest.approx(runner_move(table, b, r), abs=1e-3), (b, r)


def test_the_duel_is_the_same_seen_in_a_mirror(table):
    """East and West swapped (files and headings mirrored) change no chance: the rules and the
    table's simplifications are the same on both hands."""
    rng = random.Random(6)
    for _ in range(200):
        (bx, by, bh), (rx, ry, rh) = random_ships(rng)
        mirrored = ((-bx, by, (8 - bh) % 8), (-rx, ry, (8 - rh) % 8))
        for mover in (RUNNER, BLOCKADER):
            assert table.value(mover, *mirrored) == pytest.approx(
                table.value(mover, (bx, by, bh), (rx, ry, rh)), abs=1e-5)


def test_every_rule_option_the_table_depends_on_builds_one():
    """The small board, a range longer than the board (the option allows 40; the bearing tables
    then hold offsets no board has), the exclusive arc boundary and a wider armoured bow."""
    small = duel_table(20, 40, False, 1)
    for mover in (RUNNER, BLOCKADER):
        assert 0.0 <= small.value(mover, (10, 15, 4), (10, 4, 0)) <= 1.0


def test_sure_ends(table):
    # one move from open sea and nothing near: the Runner is out
    assert table.value(RUNNER, (2, 10, 2), (12, 22, 0)) == 0.0
    # the Runner straight ahead of our bow, one square off: we ram it
    assert table.value(BLOCKADER, (12, 12, 4), (12, 11, 0)) == 1.0
    # a Blockader heading North on the top rank has no move left and is driven ashore
    assert table.value(BLOCKADER, (12, 23, 0), (2, 3, 0)) == 0.0


ISLANDS = [["b7", "b8", "b9", "c9", "d9"], ["u7", "u8", "v8", "w8", "v9"],
           ["b20", "c20", "c21", "d21", "d22"], ["u20", "v20", "v21", "w21", "w22"]]


def close_position(**extra):
    data = {"game": "naval-blockade", "to_move": "blockader", "stage": "move",
            "runner": {"at": "l8", "heading": "N"}, "blockader": {"at": "l15", "heading": "S"},
            "islands": ISLANDS,
            "rocks": ["f12", "r12"], "moves": {"runner": 7, "blockader": 7}}
    data.update(extra)
    return ENGINE.from_position(data)


def test_the_playouts_ask_the_table_only_close_in_on_open_water(table):
    state = close_position()
    value = duel.judge(state, "blockader")
    assert value == pytest.approx(table.value(BLOCKADER, (11, 14, 4), (11, 7, 0)))
    assert duel.judge(state, "runner") == pytest.approx(1 - value)
    far = close_position(runner={"at": "a2", "heading": "N"}, blockader={"at": "x23", "heading": "W"})
    assert duel.judge(far, "blockader") is None          # too far apart: the approach is played out
    late = close_position(moves={"runner": 90, "blockader": 90})
    assert duel.judge(late, "blockader") is None         # the points at the move limit may decide
    cupped = close_position(runner={"at": "l12", "heading": "N"},
                            islands=[["k13", "k14", "l14", "m14", "m13"]] + ISLANDS[1:])
    assert duel.judge(cupped, "blockader") is None       # land across the Runner's way out


def test_only_hards_blockader_asks_the_table_and_it_is_built_before_the_clock_starts():
    """With a think allowance (Settings), the table's three seconds of building must not eat the
    first close-quarters search's time."""
    state = close_position()
    duel.duel_table.cache_clear()
    hard = make_player("hard", "blockader", seed=1, think=0.3)
    result = hard.search.search(state, "blockader", random.Random(1))
    assert hard.search.mcts.judge is duel.judge
    assert result.iterations > 30 and result.seconds < 1.0   # three seconds of building not counted
    normal = make_player("normal", "blockader", seed=1)
    normal.search.search(state, "blockader", random.Random(1))
    assert normal.search.mcts.judge is None
    runner = make_player("hard", "runner", seed=1)
    runner.search.search(close_position(to_move="runner"), "runner", random.Random(1))
    assert runner.search.mcts.judge is None


def test_the_runner_slips_toward_its_best_move_not_onto_it():
    """``slipping``: moves weighted by how near each comes to the Runner's best; a move it may not
    make (2) weighs nothing, and with none left the Blockader wins (rule 10: into harbour)."""
    import numpy as np
    q = np.array([[0.2, 0.3, 2.0], [0.2, 0.9, 2.0], [2.0, 0.3, 2.0]])   # [move, position]
    chance = duel.slipping(q)
    assert chance[0] == pytest.approx(0.2)                    # two equal best moves
    assert 0.3 < chance[1] < 0.31                             # the worse move, 0.6 short, seldom
    assert chance[2] == 1.0                                   # no move at all
    assert list(duel.slipping(q, 0.0)) == pytest.approx([0.2, 0.3, 1.0])   # never slips: the best
