"""Dover Patrol's `normal` level, a beginner's game: one move ahead with the detailed judgement,
the moved ship checked where it arrives, no going back and forth. (Bringing a flag home through a
jammed harbour: ``test_dover_ai``.)"""

from __future__ import annotations

from games.dover_patrol import ai
from games.dover_patrol.ai.beginner import exposure, seen
from games.dover_patrol.rules import ENGINE

# South's 4 on d5 faces nothing; North's 9 on c7 is known. An attack happens only on arrival and
# only straight ahead (rules: facing reading), so the 9 sinks the 4 on d6 by arriving on d7 and on
# c5 by arriving on c6, but cannot reach e6 in one move to attack it on e5.
NINE_IN_REACH = {
    "game": "dover-patrol", "to_move": "south",
    "pieces": {"south": {"a1": "MI", "b1": "MI", "a2": "SS", "b2": "5", "d5": "4"},
               "north": {"c7": "9", "a12": "MI", "b12": "MI", "h11": "3"}},
    "flags": {"south": "base", "north": "base"},
    "revealed": {"south": ["d5"], "north": ["c7"]},
    "moved": {"south": ["d5"], "north": ["c7"]},
}


def test_the_ship_a_beginner_moves_is_checked_where_it_arrives():
    state = ENGINE.from_position(NINE_IN_REACH)
    moves = {str(a): a for a in state.legal_actions()}
    assert exposure([state], moves["d5-d6"], "south") < -1.0   # the 9 arrives on d7: the 4 sinks
    assert exposure([state], moves["d5-c5"], "south") < -1.0   # ... or on c6
    assert exposure([state], moves["d5-e5"], "south") == 0.0
    assert exposure([state], moves["a2-a3"], "south") == 0.0


def test_a_beginner_counts_the_positions_seen_before():
    state = ENGINE.from_position(NINE_IN_REACH)
    there = {str(a): a for a in state.legal_actions()}["d5-d4"]
    assert seen(state, there) == 0
    for move in ("d5-d4", "h11-h10", "d4-d5", "h10-h11"):   # back where it started
        state.apply(move)
    assert seen(state, there) == 1


def test_normal_looks_one_move_ahead_and_easy_and_hard_are_unchanged():
    state = ENGINE.from_position(NINE_IN_REACH)
    normal = ai.make_player("normal", "south", 1)
    normal.choose(state, "south")
    assert normal.beginner and normal.searched == (0, 0, 0)   # no reply searched two moves ahead
    assert not ai.make_player("easy", "south", 1).beginner
    hard = ai.make_player("hard", "south", 1)
    hard.choose(state, "south")
    assert not hard.beginner and hard.searched[1] > 0

