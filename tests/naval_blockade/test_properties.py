"""Property tests (hypothesis): random legal games on random terrain keep every rule's invariants,
and their records replay exactly."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navalgames.core.match import Match, replay
from navalgames.core.records import GameRecord
from navalgames.core.registry import get_game
from navalgames.core.state import CHANCE

from blockade_helpers import careful_choice, chance_choice, random_close_quarters

OPTIONS = st.fixed_dictionaries({}, optional={
    "board_size": st.sampled_from([24, 20]),
    "blockader_heading": st.sampled_from(["literal", "inward"]),
    "arc_boundary": st.sampled_from(["inclusive", "exclusive"]),
    "max_range": st.integers(4, 12),
    "graze_blocks": st.booleans(),
    "return_fire": st.booleans(),
    "armoured_bow_arc": st.sampled_from([0, 45]),
    "max_moves": st.integers(5, 60),
})
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state, before):
    n = state.rules.size
    for side in (0, 1):
        sq = state.at[side]
        assert 0 <= sq < n * n, "a ship left the board"
        assert not state.terrain.land[sq], "a ship stands on land"
        assert state.points[side] >= before.points[side], "points went down"
        assert state.moves[side] >= before.moves[side]
    if state.outcome() is None:
        assert state.to_act() is not None
        assert state.legal_actions(), "a side to act with nothing to do"
        if state.to_act() == CHANCE:
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
        if state.at[0] == state.at[1]:
            raise AssertionError("two ships on one square while the game goes on")
    else:
        assert state.to_act() is None and state.legal_actions() == [] and state.ending


@PROPERTY
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS, wild=st.floats(0, 1))
def test_random_games_never_put_a_ship_on_land_or_off_board_and_points_never_fall(seed, options, wild):
    rng = random.Random(seed)
    state = random_close_quarters(rng, options)
    for _ in range(400):
        if state.to_act() is None:
            break
        if state.to_act() == CHANCE:
            action = chance_choice(state, rng)
        elif rng.random() < wild:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        else:
            action = careful_choice(state, rng)
        before = state.clone()
        state.apply(action)
        check_invariants(state, before)
        # a clone is independent: playing it leaves the original untouched
        if state.to_act() is not None:
            copy, pos = state.clone(), state.to_position()
            copy.advance(copy.legal_actions()[0] if copy.to_act() != CHANCE else chance_choice(copy, rng))
            assert state.to_position() == pos


@PROPERTY
@given(seed=st.integers(0, 2**31 - 1), options=OPTIONS)
def test_records_of_random_games_replay_exactly(seed, options):
    spec = get_game("naval-blockade")
    match = Match.new(spec, "standard", options=options, seed=seed)
    rng = random.Random(seed)
    plies = 0
    while match.to_act() is not None and plies < 300:
        state = match.state
        if state.stage == "terrain" and rng.random() < 0.5:
            match.play("generate")                 # the layout itself is a recorded chance outcome
        else:
            match.play(careful_choice(state, rng))
        plies += 1
    record = GameRecord.from_yaml(match.record.to_yaml())
    again = replay(record, spec)
    assert again.to_position() == match.state.to_position()
    assert (again.outcome() is None) == (match.outcome() is None)


def test_advance_and_apply_reach_the_same_state():
    rng_a, rng_b = random.Random(9), random.Random(9)
    fast, slow = random_close_quarters(rng_a), random_close_quarters(rng_b)
    while fast.to_act() is not None:
        action = chance_choice(fast, rng_a) if fast.to_act() == CHANCE else careful_choice(fast, rng_a)
        same = chance_choice(slow, rng_b) if slow.to_act() == CHANCE else careful_choice(slow, rng_b)
        assert str(action) == str(same)
        fast.advance(action)
        slow.apply(same)
        assert fast.to_position() == slow.to_position()
