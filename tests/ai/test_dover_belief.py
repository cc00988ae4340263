"""The behaviour belief: identities dealt after what the enemy's pieces did, and still fair."""

from __future__ import annotations

import random
from collections import Counter

from games.dover_patrol import ai
from games.dover_patrol.ai.belief import BehaviourBelief, Likelihoods, Tracker
from games.dover_patrol.ai.belief_fit import measure
from games.dover_patrol.rules import ENGINE, MI
from games.dover_patrol.rules.model import KIND_OF_CODE
from navalgames.ai.identities import assign
from navalgames.ai.player import RandomPlayer


def test_weights_tilt_the_deal_and_no_weights_deal_as_before():
    allowed = [["a", "b"], ["a", "b"]]
    counts = {"a": 1, "b": 1}
    rng = random.Random(3)
    tilted = Counter(assign(allowed, counts, rng, weights=[{"a": 9.0}, {}])[0] for _ in range(2000))
    assert 0.85 < tilted["a"] / 2000 < 0.95   # 9 to 1 for piece 0 taking "a"
    even = Counter(assign(allowed, counts, rng, weights=[{}, {}])[0] for _ in range(2000))
    assert 0.45 < even["a"] / 2000 < 0.55   # weights of 1: as likely either way


def test_the_tracker_counts_each_enemy_piece_s_moves_between_decisions():
    rng = random.Random(4)
    state = ENGINE.random_start("classic", rng=rng)
    side = state.to_act()
    tracker = Tracker()
    tracker.update(state.observation(side))
    moved: Counter = Counter()
    for _ in range(30):   # our move, then the enemy's: the tracker sees every other position
        state.apply(state.random_action(rng))
        enemy_move = state.random_action(rng)
        piece = state.board[enemy_move.frm]
        state.apply(enemy_move)
        if state.pos[piece] >= 0:
            moved[piece] += 1
        tracker.update(state.observation(side))
    observation = state.observation(side)
    for view in observation.enemy():
        assert tracker.seen[view.id][1] == moved[view.id]
        if view.kind is None:
            assert tracker.key(state.rules, observation, view).startswith(
                f"{sum(moved[view.id] >= e for e in (1, 3, 8))}/")


def test_a_behaviour_the_table_ties_to_mines_deals_mines_there():
    state = ENGINE.random_start("classic", rng=random.Random(2))
    side = state.to_act()
    observation = state.observation(side)
    mines = {"0/0/0": 1000}   # unmoved pieces on the two back ranks: Mines
    table = {k: {"3/0/3": 10} for k in range(1, 16)}
    table[MI] = mines
    belief = BehaviourBelief(Likelihoods(table, temper=1.0))
    belief.update(observation)
    back = [v for v in observation.enemy()
            if v.kind is None and state.rules.side_rank(1 - state.turn, v.square) <= 2]
    uniform = Counter(state.sample(observation, random.Random(s)).kind[v.id] for s in range(40) for v in back)
    tilted = Counter(belief.sample(state, observation, random.Random(s)).kind[v.id]
                     for s in range(40) for v in back)
    assert tilted[MI] > 2 * uniform[MI]


def test_no_peeking_with_a_history_the_player_sees_observations_only():
    """Fed the true positions, or at every turn another world with the same observation, the
    player with a behaviour belief makes the same decisions all along."""
    rng = random.Random(9)
    state = ENGINE.random_start("classic", rng=rng)
    side = state.to_act()
    honest = ai.DoverPlayer("test", 5, worlds=3, candidates=4, behaviour=True)
    fooled = ai.DoverPlayer("test", 5, worlds=3, candidates=4, behaviour=True)
    enemy = RandomPlayer(1)
    changed = 0
    for _ in range(25):
        observation = state.observation(side)
        other = state.sample(observation, random.Random(rng.random()))
        changed += sum(other.kind[v.id] != state.kind[v.id] for v in observation.enemy() if v.kind is None)
        action = honest.choose(state, side)
        assert fooled.choose(other, side) == action
        state.apply(action)
        if state.outcome() is not None:
            break
        state.apply(enemy.choose(state, state.to_act()))
        if state.outcome() is not None:
            break
    assert changed > 0


def test_the_fitted_belief_knows_the_enemy_better_than_the_uniform_dealer():
    # the log-likelihood of the true identities over the positions of a game, as belief_fit measures
    result = measure("easy", "easy", games=1, seed=23, worlds=30, every=15, plies=400)
    assert result["pieces"] > 100
    assert result["behaviour"] > result["uniform"] + 0.02, result


def test_the_believer_is_the_level_with_the_behaviour_belief():
    from games.dover_patrol.ai.belief import UniformBelief
    assert isinstance(ai.make_believer("hard", "south", 1).belief, BehaviourBelief)
    assert type(ai.make_believer("easy", "south", 1).belief) is UniformBelief
    assert ai.make_believer("hard", "south", 1, think=2.0).think == 2.0
