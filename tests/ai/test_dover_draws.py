"""Dover Patrol: `hard` plays on instead of drawing. A real game, kept in ``records/``: game 1 of
`navalgames tournament dover-patrol --a hard --b tests.ai.dover_opponents:rusher --seed 7` at
142b570 (hard plays North), drawn by repetition at ply 23: from ply 14 the rusher's Submarine
attacked hard's Submarine again and again (neither sinks the other), and hard's hunt walked its
Submarine back and forth between c7 and d7 until the rusher repeated the position a third time."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai.evaluation import DRAW_CONTEMPT, goes_back, points
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH = "north"
GAME = Path(__file__).parent / "records" / "hard-v-rusher-seed7-game0001.yaml"


def position(ply: int):
    return replay(read_record(GAME), upto=ply)


def test_a_step_back_into_a_position_already_seen_goes_back():
    state = position(19)     # North's Submarine on d7 after the rusher's attack from d6
    moves = {str(action): action for action in state.legal_actions()}
    assert goes_back(state, moves["d7-c7"])        # c7 with the rusher on d6: as after ply 15
    assert not goes_back(state, moves["d7-e7"])


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_hunt_does_not_walk_back_into_a_position_already_seen(seed):
    state = position(19)
    action = ai.make_player("hard", NORTH, seed=seed).choose(state, NORTH)
    assert not goes_back(state, action), str(action)


def test_a_draw_is_worth_less_than_an_even_game_to_the_detailed_judgement():
    state = position(23)     # the game as it ended: the position for the third time
    assert state.result is not None and state.result.winner is None
    assert points(state, NORTH) == -DRAW_CONTEMPT < 0
    assert points(state, NORTH, detailed=False) == 0.0     # easy's plain judgement: as before


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_leaves_the_rusher_no_reply_that_repeats_the_position_a_third_time(seed):
    state = position(21)     # at 142b570 hard played c7-d7, and the rusher's c6-d6xd7 drew
    action = ai.make_player("hard", NORTH, seed=seed).choose(state, NORTH)
    after = state.clone()
    after.apply(action)
    for reply in after.legal_actions():
        trial = after.clone()
        trial.apply(reply)
        assert trial.result is None or trial.result.winner is not None, (str(action), str(reply))
