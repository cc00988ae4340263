"""Dover Patrol: making progress in quiet spells, checked on positions of real tournament games.

``records/hard-v-random-seed7-game0000.yaml`` is game 0 of `navalgames tournament dover-patrol
--a hard --b random --seed 7` at 3cd023a: hard (South) took 541 plies to take the enemy flag
from a player moving at random, shuffling pieces at home back and forth in between.
"""

from __future__ import annotations

from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.ai.plans import TIE, progress
from games.dover_patrol.rules import Move
from navalgames.core.match import replay
from navalgames.core.records import read_record

RECORDS = Path(__file__).parent / "records"


def game_at(name: str, ply: int):
    return replay(read_record(RECORDS / name), upto=ply)


def test_among_equal_quiet_moves_hard_steps_toward_the_enemy_flag_not_back():
    # Ply 268: the search's best dozen are home shuffles within a tenth of a point; it ranked
    # d3-d2 (a step back) first, and played such shuffles for hundreds of plies.
    state = game_at("hard-v-random-seed7-game0000.yaml", 268)
    player = ai.make_player("hard", "south", seed=268)
    chosen = player.choose(state, "south")
    values = dict((str(a), v) for a, v in player.considered)
    best = player.considered[0][1]
    equal = [a for a, v in player.considered if v >= best - TIE]
    assert str(player.considered[0][0]) == "d3-d2" and len(equal) > 1
    assert values[str(chosen)] >= best - TIE          # no worse than the best, by the search
    assert progress(state, chosen) == max(progress(state, a) for a in equal)
    assert progress(state, chosen)[1] > 0             # a step toward the flag


def test_progress_puts_an_attack_first_and_measures_steps_toward_the_flag_or_home():
    state = game_at("hard-v-random-seed7-game0000.yaml", 232)   # South to move
    moves = {str(a): a for a in state.legal_actions() if isinstance(a, Move)}
    assert progress(state, moves["f6-e6xe7"]) == (True, -1)       # an attack, a step off the way
    assert progress(state, moves["f6-f7"]) == (False, 1)          # a step toward f12
    assert progress(state, moves["f6-f5"]) == (False, -1)
    assert max(progress(state, moves[m]) for m in ("f6-f7", "f6-e6xe7")) == (True, -1)
    # once South carries the North flag, the goal is South's own base
    carrying = game_at("hard-v-random-seed7-game0000.yaml", 560)
    carrier = carrying.flag_carrier[1]
    assert carrier and carrying.owner[carrier] == 0 and carrying.to_act() == "south"
    home = carrying.rules.bases[0]
    plan = ai.plan_for(carrying.rules)
    for action in carrying.legal_actions():
        if isinstance(action, Move) and action.frm == carrying.pos[carrier] and action.attack < 0:
            expected = plan.distance(carrying.kind[carrier], action.frm, home) - plan.distance(
                carrying.kind[carrier], action.to, home)
            assert progress(carrying, action) == (False, expected)
