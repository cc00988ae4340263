"""Every cell of both combat tables, played on the board (rules page section 5 and section 9).

The tables are written out here again, independently of data/combat.yaml, so a typo in the data
fails a test named after its cell, e.g. ``booklet 2xSS=A``.
"""

import pytest

from dover_helpers import at, play, state_at
from games.dover_patrol.rules import ENGINE

COLUMNS = "10 9 8 7 6 5 4 3 2 1 MS SS FB ML MI".split()

# shared/rules/dover_patrol.md section 5: attacker row, defender column.
BOOKLET = """
10 B A A A A A A A A A A D . D D
9  D B A A A A A A A A A D . D D
8  D D B A A A A A A A A D . D D
7  D D D B A A A A A A A D . D D
6  D D D D B A A A A A A D . D D
5  D D D D D B A A A A A D . D D
4  D D D D D D B A A A A D A A D
3  D D D D D D D B A A A D . D D
2  D D D D D D D D B A A A A D D
1  D D D D D D D D D B A D . D D
MS D D D D D D D D D D . D . . A
SS A A A A A A A A D A A . . . D
FB . . . . . . D . D . . . . . .
"""

# Section 9, Fleet Orders, cell by cell from its sentences: higher wins, equal sink both; 2 also
# sinks SS and MS; 4 also sinks ML and FB; a Mine sinks any attacker but a Mine Sweeper and goes
# down with it; a Mine Layer sinks any attacker but a 4; a Submarine sinks all but 2 and ML and is
# sunk by 2, ML, Mines; a Mine Sweeper loses to all but Mines; the Flying Boat sinks nothing and
# is sunk only by a 4. Our rulings where the sentences are silent: MS x MS and SS x SS sink both.
FLEET_ORDERS = """
10 B A A A A A A A A A A D . D B
9  D B A A A A A A A A A D . D B
8  D D B A A A A A A A A D . D B
7  D D D B A A A A A A A D . D B
6  D D D D B A A A A A A D . D B
5  D D D D D B A A A A A D . D B
4  D D D D D D B A A A A D A A B
3  D D D D D D D B A A A D . D B
2  D D D D D D D D B A A A . D B
1  D D D D D D D D D B A D . D B
MS D D D D D D D D D D B D . D A
SS A A A A A A A A D A A B . D B
FB . . . . . . D . . . . . . . .
"""


def cells(table: str, name: str):
    for line in table.strip().splitlines():
        attacker, *results = line.split()
        assert len(results) == len(COLUMNS)
        for defender, result in zip(COLUMNS, results):
            yield pytest.param(attacker, defender, result, id=f"{name} {attacker}x{defender}={result}")


def check_result(state, attacker_sq, defender_sq, attacker, defender, result):
    expect_attacker = None if result in "DB" else f"south {attacker}"
    expect_defender = None if result in "AB" else f"north {defender}"
    assert at(state, attacker_sq) == expect_attacker
    assert at(state, defender_sq) == expect_defender
    # both pieces are shown to both players
    seen_by_south = {p.square: p.kind for p in state.observation("south").pieces if p.square is not None}
    assert defender_sq not in seen_by_south or seen_by_south[defender_sq] == defender


SPARED_BY = {"MI": {"MS", "ML", "FB"}, "ML": {"4", "MS", "SS", "FB", "ML"}}


@pytest.mark.parametrize("attacker,defender,result", list(cells(BOOKLET, "booklet")))
def test_booklet_combat_cell(attacker, defender, result):
    rules = ENGINE.rules("classic")
    from games.dover_patrol.rules import KIND_OF_CODE
    code = {0: ".", 1: "A", 2: "D", 3: "B"}[rules.result[KIND_OF_CODE[attacker]][KIND_OF_CODE[defender]]]
    assert code == result
    state = state_at({"d4": attacker}, {"d6": defender, "h12": "1"}, variant="pitched-battle")
    if defender in SPARED_BY and attacker not in SPARED_BY[defender]:
        # contact on arrival blows the attacker up before it can attack (section 5)
        events = play(state, "d4-d5xd6")
        assert [e.kind for e in events][:2] == ["move", "explosion"]
        assert at(state, "d5") is None and at(state, "d6") == f"north {defender}"
        return
    events = play(state, "d4-d5xd6")
    attack = [e for e in events if e.kind == "attack"]
    assert len(attack) == 1 and attack[0].details["result"] == result
    assert attack[0].details["attacker"] == attacker and attack[0].details["defender"] == defender
    check_result(state, "d5", "d6", attacker, defender, result)


@pytest.mark.parametrize("attacker,defender,result", list(cells(FLEET_ORDERS, "fleet-orders")))
def test_fleet_orders_combat_cell(attacker, defender, result):
    state = state_at({"d5": attacker, "a1": "1"}, {"d6": defender, "h12": "1"}, variant="fleet-orders")
    events = play(state, "d5xd6")
    attack = [e for e in events if e.kind == "attack"]
    assert len(attack) == 1 and attack[0].details["result"] == result
    check_result(state, "d5", "d6", attacker, defender, result)


@pytest.mark.parametrize("variant", ["classic", "fleet-orders"])
def test_mine_layers_and_mines_never_attack(variant):
    state = state_at({"d5": "ML", "e5": "MI", "a1": "1"}, {"d6": "5", "e6": "5", "h12": "1"}, variant=variant)
    actions = {str(a) for a in state.legal_actions()}
    assert not any("xd6" in a or "xe6" in a for a in actions)
    state = state_at({"d4": "ML", "a1": "1"}, {"d6": "5", "h12": "1"}, variant=variant)
    assert not any("x" in str(a) for a in state.legal_actions())
