"""Dover Patrol: a crowded harbour opened before a captured flag needs it (``Plan.way_out``).

In the classic game a captured flag scores only on our own base, inside our walled harbour
(rules, 1 and 8), and the harbour's one doorway is the only way in or out. The setup fills the
home ranks, so the harbour starts with seven or eight pieces. Two real games, kept in
``records/``:

- ``hard-v-easy-seed7-game0103.yaml``: game 103 of `navalgames tournament dover-patrol --a hard
  --b easy --seed 7` at 7de4347, drawn by the quiet-turn rule: hard (North) won South's flag by
  ply 50 and never brought it home, its harbour packed with seven ships behind the doorway h10.
- ``hard-v-random-seed7-game0000.yaml``: game 0 against ``random`` at 3cd023a, hard South.
"""

from __future__ import annotations

from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.ai import evaluation
from games.dover_patrol.ai.evaluation import WAY_OUT_MOST
from games.dover_patrol.rules import NORTH, SOUTH
from navalgames.core.match import replay
from navalgames.core.records import read_record

RECORDS = Path(__file__).parent / "records"


def game_at(name: str, ply: int):
    return replay(read_record(RECORDS / name), upto=ply)


def square(state, name: str) -> int:
    return state.rules.names.index(name)


def in_harbour(state, side: int) -> int:
    harbour = set(state.rules.board.harbours[side])
    return sum(state.pos[p] in harbour for p in state.alive[side])


def test_the_way_out_counts_the_doorway_the_square_outside_and_the_step_out():
    state = game_at("hard-v-easy-seed7-game0103.yaml", 58)
    plan = ai.plan_for(state.rules)
    h10, h9 = square(state, "h10"), square(state, "h9")
    assert plan.doorways[NORTH] == ((h10, h9),)                  # the one gap in the walls
    assert in_harbour(state, NORTH) == 7 and not state.board[h10]
    sub = state.board[h9]
    assert state.owner[sub] == NORTH
    # The Submarine on h9 could step aside only into the doorway, back into the harbour:
    # ``room`` counts that, the way out does not. Out of the harbour, the 1 on h8 and the 2 on
    # g8 must shift first (g7 is empty).
    assert plan.room(state, NORTH)[h9] == 1
    assert plan.shift_out(state, NORTH, h9) == 3
    # A ship into the doorway (1), the three shifts, the step out (1).
    assert plan.way_out(state, NORTH) == 1 + 3 + 1


def test_an_enemy_ship_outside_the_doorway_leaves_no_way_out():
    # The game's last position: South's 5 on h9, our Submarine in the doorway behind it.
    state = game_at("hard-v-easy-seed7-game0103.yaml", 961)
    plan = ai.plan_for(state.rules)
    h9 = square(state, "h9")
    assert state.owner[state.board[h9]] == SOUTH
    assert plan.shift_out(state, NORTH, h9) == WAY_OUT_MOST
    assert plan.way_out(state, NORTH) == WAY_OUT_MOST


def test_a_ship_into_the_doorway_scores_one_step_nearer():
    state = game_at("hard-v-random-seed7-game0000.yaml", 268)
    plan = ai.plan_for(state.rules)
    assert in_harbour(state, SOUTH) == 7
    before = plan.way_out(state, SOUTH)
    move = next(a for a in state.legal_actions() if str(a) == "a2-a3")   # a2 into the doorway
    after_state = state.clone()
    after_state.apply(move)
    assert plan.way_out(after_state, SOUTH) == before - 1
    gain = plan.score(after_state, SOUTH) - plan.score(state, SOUTH)
    assert gain >= evaluation.WAY_OUT - 1e-9


def test_hard_steps_a_ship_into_its_crowded_harbours_doorway(monkeypatch):
    # Ply 268 of game 0 against random: South's harbour holds seven, its doorway a3 is empty.
    # With the way out counted hard brings a ship to the doorway; without, a home shuffle.
    state = game_at("hard-v-random-seed7-game0000.yaml", 268)
    chosen = ai.make_player("hard", "south", seed=268).choose(state, "south")
    assert str(chosen) in ("a2-a3", "b3-a3")
    monkeypatch.setattr(evaluation, "CROWDED", 99)
    without = ai.make_player("hard", "south", seed=268).choose(state, "south")
    assert str(without) not in ("a2-a3", "b3-a3")
