"""The state API: clone, notation, positions, observations without leaks, sampling, draws, records."""

import random

import pytest

from dover_helpers import legal, play, random_game, state_at
from games.dover_patrol.rules import ENGINE, KIND_OF_CODE
from navalgames.core.match import Match, replay
from navalgames.core.registry import get_game
from navalgames.core.state import PositionError


def midgame(variant="classic", seed=1, plies=120):
    rng = random.Random(seed)
    state = ENGINE.random_start(variant, rng=rng)
    for _ in range(plies):
        if state.outcome() is not None:
            break
        state.play(state.random_action(rng))
    return state


def test_clone_is_independent():
    state = midgame()
    before = state.to_position()
    twin = state.clone()
    twin.play(twin.legal_actions()[0])
    assert state.to_position() == before and twin.to_position() != before


def test_a_handed_out_legal_list_is_never_changed_by_the_engine():
    """legal_actions() hands out the state's own list (shared with clones, not copied): playing on
    the state or on a clone, in every variant and through apply, must leave every such list as it
    was when handed out."""
    for variant in [v.id for v in ENGINE.variants()]:
        rng = random.Random(variant)
        state = ENGINE.random_start(variant, rng=rng)
        handed = []
        while state.outcome() is None and state.ply < 300:
            actions = state.legal_actions()
            handed.append((actions, list(actions)))
            twin = state.clone()
            twin.play(actions[-1])
            chosen = actions[int(rng.random() * len(actions))]
            if rng.random() < 0.2:
                state.apply(chosen)
            else:
                state.play(chosen)
        assert handed and all(actions == snapshot for actions, snapshot in handed)


def test_every_legal_action_round_trips_through_its_notation():
    for variant in ("classic", "fleet-orders"):
        state = midgame(variant)
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action


def test_position_round_trip_keeps_the_game():
    for variant in [v.id for v in ENGINE.variants()]:
        state = midgame(variant, seed=3, plies=60)
        if state.outcome() is not None:
            continue
        again = ENGINE.from_position(state.to_position())
        assert again.to_position() == state.to_position()
        assert legal(again) == legal(state)


@pytest.mark.parametrize("position,message", [
    ({"game": "chess"}, "game: expected dover-patrol"),
    ({"variant": "speed-chess"}, "no variant 'speed-chess'"),
    ({"options": {"attack_contact": "diagonal"}}, "attack_contact"),
    ({"pieces": {"south": {"z9": "10"}}}, "'z9' is not a square"),
    ({"pieces": {"south": {"a1": "11"}}}, "expected a piece code"),
    ({"pieces": {"south": {"a1": "10", "a2": "10"}}}, "the classic fleet has 1"),
    ({"pieces": {"south": {"a1": "10"}, "north": {"a1": "9"}}}, "already holds"),
    ({"pieces": {"east": {}}}, "expected south or north"),
    ({"to_move": "west"}, "to_move"),
    ({"flags": {"south": {"square": "d5", "loose": False}}}, "no piece on d5 to carry"),
    ({"pieces": {"south": {"d5": "MI"}}, "flags": {"north": "d5"}}, "cannot carry"),
    ({"colour": "red"}, "unknown key 'colour'"),
    ({"moved": {"south": ["a1"]}}, "no south piece on a1"),
])
def test_malformed_positions_are_refused_with_a_reason(position, message):
    with pytest.raises(PositionError, match=message):
        ENGINE.from_position({"game": "dover-patrol", **position})


def test_attack_event_names_both_identities():
    state = state_at({"b4": "7", "h1": "1"}, {"b6": "6", "a12": "1"})
    events = play(state, "b4-b5xb6")
    assert events[-1].kind == "attack"
    assert events[-1].text == "South 7 on b5 attacked North 6 on b6: North's Battle Cruiser sunk"
    assert events[-1].as_dict()["from"] == "b5"


def test_observation_shows_own_kinds_and_only_known_enemy_kinds():
    state = state_at({"b4": "7", "c4": "5", "h1": "1"}, {"b6": "6", "c6": "5", "a12": "1"})
    obs = state.observation("south")
    assert {p.kind for p in obs.own()} == {"7", "5", "1"}
    assert all(p.kind is None for p in obs.enemy())
    play(state, "b4-b5xb6")
    obs = state.observation("south")
    removed = obs.removed("north")
    assert [p.kind for p in removed] == ["6"]          # shown in the attack, now sunk
    north = state.observation("north")
    assert north.piece_at(state.rules.grid.parse("b5")).kind == "7"
    assert north.piece_at(state.rules.grid.parse("c4")).kind is None


def swap_unrevealed(state, side, rng):
    """A twin of ``state`` where two pieces of ``side`` the enemy cannot name swap kinds."""
    enemy = 1 - side

    def unnamed(p):
        known = state.pub[p] & state.priv[enemy][p]
        return known & (known - 1) != 0          # still more than one kind possible

    hidden = [p for p in state.alive[side] if unnamed(p)]
    pairs = [(a, b) for a in hidden for b in hidden if a < b and state.kind[a] != state.kind[b]]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    twin = state.clone()
    twin.kind[a], twin.kind[b] = twin.kind[b], twin.kind[a]
    return twin


def test_observation_never_tells_an_unrevealed_enemy_identity():
    rng = random.Random(9)
    checked = 0
    for variant in [v.id for v in ENGINE.variants()]:
        state = midgame(variant, seed=4, plies=80)
        for side in (0, 1):
            twin = swap_unrevealed(state, side, rng)
            if twin is None:
                continue
            observer = ("north", "south")[side]
            assert twin.observation(observer) == state.observation(observer)
            checked += 1
    assert checked >= 6


def test_sample_is_consistent_with_the_observation():
    rng = random.Random(2)
    for variant in [v.id for v in ENGINE.variants()]:
        state = midgame(variant, seed=6, plies=150)
        if state.outcome() is not None:
            continue
        side = state.to_act()
        obs = state.observation(side)
        for _ in range(5):
            guess = state.sample(obs, rng)
            assert guess.observation(side) == obs
            # the observer's legal actions depend only on what it knows
            assert legal(guess) == legal(state)
            enemy = 1 - ("south", "north").index(side)
            counts = [0] * 16
            for p in range(1, len(guess.kind)):
                if guess.kind[p] and guess.owner[p] == enemy:
                    counts[guess.kind[p]] += 1
                    if guess.moved[p]:
                        assert guess.kind[p] != KIND_OF_CODE["MI"]
            assert counts == [n if i else 0 for i, n in enumerate(state.rules.counts)]


def test_determinize_is_a_fast_sample():
    rng = random.Random(4)
    for variant in [v.id for v in ENGINE.variants()]:
        state = midgame(variant, seed=7, plies=150)
        if state.outcome() is not None:
            continue
        side = state.to_act()
        obs = state.observation(side)
        for _ in range(5):
            guess = state.determinize(side, rng)
            assert guess.observation(side) == obs
            assert legal(guess) == legal(state)
            guess.play(guess.random_action(rng))      # and it plays on


def test_sample_respects_what_was_learnt_privately():
    state = state_at({"d4": "MS", "a1": "1"}, {"d6": "MI", "e12": "1"})
    play(state, "d4-d5")                       # North learns: d5 is MS, ML or FB
    obs = state.observation("north")
    for seed in range(20):
        guess = state.sample(obs, random.Random(seed))
        assert guess.piece_at("d5")[1] in {"MS", "ML", "FB"}
        assert state.determinize("north", random.Random(seed)).piece_at("d5")[1] in {"MS", "ML", "FB"}


def test_repetition_draw_and_its_option():
    def shuffle(state, times):
        for _ in range(times):
            play(state, "d4-d5", "e9-e8", "d5-d4", "e8-e9")

    state = state_at({"d4": "5", "a1": "1"}, {"e9": "5", "h12": "1"})
    shuffle(state, 2)
    assert state.outcome() is not None and "same position" in state.outcome().reason
    state = state_at({"d4": "5", "a1": "1"}, {"e9": "5", "h12": "1"}, options={"repetition_draw": 0})
    shuffle(state, 5)
    assert state.outcome() is None


def test_quiet_ply_limit_and_its_option():
    state = state_at({"d4": "5", "a1": "1"}, {"e9": "5", "h12": "1"},
                     options={"quiet_ply_limit": 6, "repetition_draw": 0})
    play(state, "d4-d5", "e9-e8", "d5-d4", "e8-e9", "d4-d5")
    assert state.outcome() is None
    play(state, "e9-e8")
    assert state.outcome().winner is None and "without a piece removed" in state.outcome().reason


def test_a_record_played_through_match_replays_to_the_same_state():
    spec = get_game("dover-patrol")
    match = Match.new(spec, "classic", seed=5)
    rng = random.Random(5)
    for _ in range(200):
        if match.outcome() is not None:
            break
        match.play(match.state.legal_actions()[int(rng.random() * len(match.state.legal_actions()))])
    assert replay(match.record, spec).to_position() == match.state.to_position()


def test_random_game_record_replays_exactly():
    state, actions = random_game("first-capture", seed=8, max_plies=500)
    again = ENGINE.new_game("first-capture")
    for text in actions:
        again.apply(text)
    assert again.to_position() == state.to_position() and again.outcome() == state.outcome()


def test_events_shown_to_the_other_side_never_name_a_hidden_piece():
    """Explosion on arrival: only the Mine is shown (rules page 5), so the Mine's owner sees the
    event without the victim's code; moves and jumps keep the mover's code private too."""
    from games.dover_patrol.rules import visible_event
    state = state_at({"d4": "5", "a1": "1"}, {"d6": "MI", "h12": "1"})
    events = play(state, "d4-d5")
    explosion = next(e for e in events if e.kind == "explosion")
    assert visible_event(explosion, "south").details["piece"] == "5"
    seen = visible_event(explosion, "north")
    assert "piece" not in seen.details and seen.details["by"] == "MI" and "5" not in seen.text.split()
    move = next(e for e in events if e.kind == "move")
    assert "piece" not in visible_event(move, "north").details


def test_random_games_show_the_other_side_only_public_codes_in_events():
    rng = random.Random(12)
    checked = 0
    from games.dover_patrol.rules import visible_event
    for variant in [v.id for v in ENGINE.variants()]:
        state = ENGINE.random_start(variant, rng=rng)
        for _ in range(250):
            if state.outcome() is not None:
                break
            actor = state.to_act()
            other = "north" if actor == "south" else "south"
            for event in state.apply(state.random_action(rng)):
                details = visible_event(event, other).details
                if "piece" in details and event.kind != "reveal":
                    assert details.get("side") == other      # its own piece (aground on its turn)
                checked += 1
    assert checked > 1000
