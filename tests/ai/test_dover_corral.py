"""Dover Patrol: boxing in the enemy's last movers (``Plan.corral``). A real game, kept in
``records/``: game 2 of `navalgames tournament dover-patrol --variant flagship-hunt --a hard --b
easy --seed 7` at bf9d5c8, drawn by the quiet-turn rule. Flagship Hunt is won only by sinking the
enemy Flagship (rules, Variants: flagship-hunt), which nothing but a Submarine sinks in an attack;
`easy` was down to its Flagship (and Mines) by ply 626, and `hard` (South), with a dozen ships and
no Submarine, let it roam for 200 quiet turns. In the variants without flags a side that cannot
move loses (rules, 9), so the way to win is to shut every square the Flagship could step to."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai import evaluation
from games.dover_patrol.rules import ENGINE, MI, NORTH, SOUTH
from navalgames.core.match import replay
from navalgames.core.records import read_record

RECORD = Path(__file__).parent / "records" / "hard-v-easy-flagship-hunt-seed7-game0002.yaml"


def lone_flagship():
    """Ply 700: North's Flagship alone on c1 (South has three Mines), North to move."""
    state = replay(read_record(RECORD), upto=700)
    movers = [p for p in state.alive[NORTH] if state.kind[p] != MI]
    assert [state.kind[p] for p in movers] == [10] and state.rules.names[state.pos[movers[0]]] == "c1"
    return state


def square(state, name: str) -> int:
    return state.rules.names.index(name)


def test_a_square_facing_our_mine_is_no_room_for_the_flagship():
    """Rules 5 (contact on arrival, in the facing reading): a North ship arriving straight
    ahead of a South Mine (c6, before the Mine on c5) is blown up, so the corral does not count
    it as a way out."""
    state = lone_flagship()
    plan = ai.plan_for(state.rules)
    assert plan.blown_up(state, 10, NORTH, square(state, "c6"))
    assert not plan.blown_up(state, 10, NORTH, square(state, "c4"))
    assert not plan.blown_up(state, 10, NORTH, square(state, "b6"))   # side by side is no contact


def test_the_corral_counts_the_flagships_room_and_the_way_of_our_ships_to_it():
    state = lone_flagship()
    plan = ai.plan_for(state.rules)
    assert plan.last_movers(state, SOUTH) == [p for p in state.alive[NORTH] if state.kind[p] == 10]
    # b1, d1 and c2 are free: three squares of room, each with a ship of ours still to come
    share = plan.corral(state, SOUTH)
    assert 0.0 <= share < 1.0 - 3 * evaluation.CORRAL_ROOM / evaluation.CORRAL_SPAN
    assert plan.hemming(state, SOUTH)[0] == pytest.approx(evaluation.hemmed(1) + evaluation.CORRAL_LAST * share)
    state.pass_turn()
    state.apply("e10-e9")   # South's 1 a move nearer c2
    assert plan.corral(state, SOUTH) == pytest.approx(share + evaluation.CORRAL_NEAR / evaluation.CORRAL_SPAN)


def test_an_enemy_mine_is_no_mover_to_box_in():
    """Mines never move (rules 4): a North Mine in open water leaves the corral as it was."""
    def share(north: dict) -> float:
        state = ENGINE.from_position({"game": "dover-patrol", "variant": "flagship-hunt", "to_move": "south",
                                      "pieces": {"south": {"b2": "5", "g3": "6", "h1": "10"},
                                                 "north": {"d7": "10", **north}}})
        return ai.plan_for(state.rules).corral(state, SOUTH)
    assert 0.0 < share({}) == share({"a10": "MI"})


def shut_in(moves: int) -> bool:
    """Whether hard, playing South from ply 700 while North only passes, leaves North's
    Flagship unable to move within ``moves`` moves."""
    state = lone_flagship()
    state.pass_turn()
    player = ai.make_player("hard", "south", seed=1)
    for _ in range(moves):
        state.apply(player.choose(state, "south"))
        if state.is_terminal():
            return "cannot move" in state.outcome().reason
        state.pass_turn()
    return False


def test_hard_shuts_a_lone_flagship_in(monkeypatch):
    assert shut_in(40)
    monkeypatch.setattr(evaluation, "CORRAL_MOVERS", 0)   # without the corral it roams free
    assert not shut_in(40)
