"""Property tests: random games from random deployments, in every variant, keep every invariant."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.dover_patrol.rules import ENGINE, FB, MI, ML, Move
from navalgames.core.state import Event

VARIANTS = [v.id for v in ENGINE.variants()]
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state, counts_at_start):
    r = state.rules
    board, pos, kind, owner = state.board, state.pos, state.kind, state.owner
    # board and pieces agree; no piece created, none duplicated
    on_board = [p for p in board if p]
    assert len(on_board) == len(set(on_board))
    for side in (0, 1):
        assert sorted(state.alive[side]) == sorted(p for p in on_board if owner[p] == side)
        counts = [0] * 16
        for p in state.alive[side]:
            assert board[pos[p]] == p
            counts[kind[p]] += 1
        assert all(now <= before for now, before in zip(counts, counts_at_start[side]))
        # the bitboards agree with the board
        assert state.sbb[side] == sum(1 << pos[p] for p in state.alive[side])
        for bb, k in ((state.mines_bb, MI), (state.boats_bb, FB), (state.layers_bb, ML)):
            assert bb[side] == sum(1 << pos[p] for p in state.alive[side] if kind[p] == k)
    assert state.occ == state.sbb[0] | state.sbb[1]
    # each flag in exactly one place: carried by a live piece, or lying on one square
    if r.flags:
        for f in (0, 1):
            carrier, square = state.flag_carrier[f], state.flag_sq[f]
            assert (carrier != 0) != (square >= 0)
            if carrier:
                assert pos[carrier] >= 0 and r.carries[kind[carrier]]
        if state.flag_carrier[0]:
            assert state.flag_carrier[0] != state.flag_carrier[1]
    # nobody ever knows a piece to be something it is not
    for p in range(1, len(kind)):
        if kind[p]:
            assert state.pub[p] >> kind[p] & 1
            assert (state.pub[p] & state.priv[0][p] & state.priv[1][p]) >> kind[p] & 1


def unrevealed_swap(state, side, rng):
    enemy = 1 - side
    hidden = [p for p in state.alive[side]
              if (m := state.pub[p] & state.priv[enemy][p]) & (m - 1)]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and state.kind[a] != state.kind[b]]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    twin = state.clone()
    twin.kind[a], twin.kind[b] = twin.kind[b], twin.kind[a]
    return twin


@FAST
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6),
       contact=st.sampled_from(["facing", "orthogonal"]))
def test_random_games_keep_every_invariant(variant, seed, contact):
    options = {"attack_contact": contact} if "attack_contact" in ENGINE.rules(variant).options else {}
    rng = random.Random(seed)
    state = ENGINE.new_game(variant, options)
    actions = []
    for side in ("south", "north"):
        deploy = ENGINE.random_deployment(variant, side, rng, options)
        actions.append(str(deploy))
        state.apply(deploy)
    start = [[0] * 16, [0] * 16]
    for p in range(1, len(state.kind)):
        if state.kind[p]:
            start[state.owner[p]][state.kind[p]] += 1
    r = state.rules
    for ply in range(600):
        if state.outcome() is not None:
            assert state.to_act() is None and state.legal_actions() == []
            break
        action = state.random_action(rng)
        if isinstance(action, Move):
            mover = state.kind[state.board[action.frm]]
            crosses = action.frm * r.size + action.to in r.crossing
            double = action.to not in r.free_steps[action.frm]
            # no move through a wall, and no two-square move, except the Flying Boat's
            # (and, in Fleet Orders, the Patrol Vessel's double move)
            if crosses or double:
                assert mover == FB or (r.fleet_orders and double and mover in r.long_moves)
        if ply % 5 == 0:
            events = state.apply(action)        # the checked path, with events
            assert all(isinstance(e, Event) and e.text for e in events)
        else:
            state.play(action)
        actions.append(str(action))
        check_invariants(state, start)
        if ply % 50 == 25:
            for side in (0, 1):
                twin = unrevealed_swap(state, side, rng)
                if twin is not None:
                    observer = ("north", "south")[side]
                    assert twin.observation(observer) == state.observation(observer)
    # the record replays to the same state
    again = ENGINE.new_game(variant, options)
    for text in actions:
        again.apply(text)
    assert again.to_position() == state.to_position()
    assert again.outcome() == state.outcome()


@FAST
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 10**6), plies=st.integers(0, 300))
def test_samples_agree_with_the_observation(variant, seed, plies):
    rng = random.Random(seed)
    state = ENGINE.random_start(variant, rng=rng)
    for _ in range(plies):
        if state.outcome() is not None:
            break
        state.play(state.random_action(rng))
    for side in ("south", "north"):
        obs = state.observation(side)
        guess = state.sample(obs, rng)
        assert guess.observation(side) == obs
        if state.to_act() == side:
            assert sorted(map(str, guess.legal_actions())) == sorted(map(str, state.legal_actions()))
        # every known enemy kind is kept; every enemy piece gets a kind it may be
        for view in obs.enemy(on_board=False):
            code = guess.piece_at(view.square)[1] if view.square is not None else None
            if view.square is not None:
                assert code in view.possible
                if view.kind is not None:
                    assert code == view.kind
