"""Dover Patrol, Pitched Battle: the enemy pieces nothing of ours can sink (``Plan.unsinkable``).
A real game, kept in ``records/``: game 44 of `navalgames tournament dover-patrol --variant
pitched-battle --a hard --b easy --seed 7` at a0580bf, drawn by the quiet-turn rule. Pitched
Battle is won by sinking every enemy piece but the Mines (rules, Variants: pitched-battle), and
only a Destroyer sinks a Mine Layer in an attack, only a Motor Torpedo Boat a Submarine (the
combat table, rows 4 and 2, columns ML and SS). `hard` (South) had lost its last Destroyer by
ply 227; North's Mine Layer then sat boxed in on g1 by South's only 2 while North's Submarine
roamed, and no attack could end the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai import evaluation
from games.dover_patrol.rules import ENGINE, MI, ML, NORTH, SOUTH, SS
from navalgames.core.match import replay
from navalgames.core.records import read_record

RECORD = Path(__file__).parent / "records" / "hard-v-easy-pitched-battle-seed7-game0044.yaml"


def test_the_enemy_mine_layer_counts_once_our_last_destroyer_is_gone():
    record = read_record(RECORD)
    state = replay(record)
    assert state.outcome().reason == "200 turns without a piece removed"
    plan = ai.plan_for(state.rules)
    assert sorted(state.kind[p] for p in state.alive[NORTH] if state.kind[p] != MI) == sorted([SS, ML])
    assert 4 not in [state.kind[p] for p in state.alive[SOUTH]]
    # South's 2 sinks the Submarine; nothing South has left sinks the Mine Layer
    assert plan.unsinkable(state, SOUTH) == pytest.approx(evaluation.UNSINKABLE)
    # North's Submarine sinks South's ships but not its 2, its Flying Boat or its Mine Layer
    assert plan.unsinkable(state, NORTH) == pytest.approx(3 * evaluation.UNSINKABLE)


def test_only_pitched_battle_counts_unsinkable_pieces():
    # The classic game is won by a flag brought home, so a piece nothing sinks is no bar to it.
    position = {"game": "dover-patrol", "to_move": "south",
                "pieces": {"south": {"b2": "5", "g3": "6"}, "north": {"d7": "ML", "e9": "SS"}}}
    for variant, counted in (("pitched-battle", 2), ("classic", 0), ("flagship-hunt", 0)):
        state = ENGINE.from_position({**position, "variant": variant})
        assert ai.plan_for(state.rules).unsinkable(state, SOUTH) == pytest.approx(counted * evaluation.UNSINKABLE)
