"""Observations written fast and sent as patches: the client must end up holding exactly the
engine's observation, whole games long, in both games, for seats and spectators."""

from __future__ import annotations

import json

import pytest
from net_helpers import Raw, RemoteSeat, create_game, play_game, server  # noqa: F401 (fixture)

from navalgames.ai.player import RandomPlayer
from navalgames.core.match import Match
from navalgames.core.registry import get_game
from navalgames.net.codec import dumps, to_json
from navalgames.net.patch import apply, diff, dumps_patch
from navalgames.net.views import public_view

GAMES = [("dover-patrol", "flagship-hunt"), ("dover-patrol", "fleet-orders"), ("dover-patrol", "classic"),
         ("naval-blockade", "standard")]


def observations(game: str, variant: str, seed: int):
    """Each step's observations of a random game: {side or None (spectator): engine value}."""
    spec = get_game(game)
    match, player = Match.new(spec, variant, seed=seed), RandomPlayer(seed)
    while True:
        views = {side: match.state.observation(side) for side in spec.sides}
        views[None] = public_view(views, spec.sides)
        yield views
        if match.to_act() is None:
            return
        match.play(player.choose(match.state, match.to_act()))


@pytest.mark.parametrize("game, variant", GAMES)
def test_patches_rebuild_every_observation_of_a_whole_game(game, variant):
    held, before, steps, patched_bytes, whole_bytes = {}, {}, 0, 0, 0
    for views in observations(game, variant, seed=5):
        for who, value in views.items():
            whole = to_json(value)
            assert json.loads(dumps(value)) == whole           # the fast writer writes the same
            if who in held:
                text = dumps_patch(diff(before[who], value))
                kept = json.dumps(held[who])
                held[who] = apply(held[who], json.loads(text))
                assert json.dumps(json.loads(kept)) == kept    # the old observation was not touched
                patched_bytes += len(text)
                whole_bytes += len(dumps(value))
            else:
                held[who] = whole
            assert held[who] == whole
            before[who] = value
        steps += 1
    assert steps > 3
    if game == "dover-patrol":           # the point of it: a few pieces change, not the fleet
        assert patched_bytes * 10 < whole_bytes


def test_equal_observations_give_an_empty_patch_and_a_new_type_a_whole_one():
    first = next(observations("dover-patrol", "classic", seed=1))["south"]
    assert diff(first, first) == [] and dumps_patch([]) == "[]"
    assert apply({"a": 1}, json.loads(dumps_patch(diff({"a": 1}, [1, 2])))) == [1, 2]


@pytest.mark.parametrize("patch", [[{"path": ["a", "b"], "value": 1}], [{"path": [], "start": 0, "stop": 1, "items": []}],
                                   [{"path": ["n", 0], "value": 1}], [{"path": ["x"]}]])
def test_a_patch_that_does_not_fit_is_refused(patch):
    with pytest.raises((LookupError, TypeError, ValueError)):
        apply({"a": 1, "n": 3}, patch)


def test_a_patching_client_holds_what_a_whole_observation_client_is_sent(server):
    """Two spectators, one asking for patches: at every step they hold the same observation."""
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    whole, patched = Raw(server.address), Raw(server.address)
    whole.ask("join", code=code, spectate=True)
    patched.ask("join", code=code, spectate=True, patches=True)
    play_game(server.address, code, {"south": "random", "north": "random"})
    seen, held, patches = {}, None, 0
    for _ in range(10_000):
        message = whole.next("state")
        assert "patch" not in message
        seen[message["seq"]] = message["observation"]
        if message["outcome"]:
            break
    for _ in range(10_000):
        message = patched.next("state")
        if "patch" in message:
            held = apply(held, message["patch"])
            patches += 1
        else:
            held = message["observation"]
        assert held == seen[message["seq"]]
        if message["outcome"]:
            break
    whole.close()
    patched.close()
    assert message["outcome"] and len(seen) > 50 and patches > len(seen) // 2
