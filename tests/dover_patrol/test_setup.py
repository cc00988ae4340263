"""Setup (rules page section 3): deployments checked, random and preset deployments, the lot."""

import random

import pytest

from games.dover_patrol.rules import ENGINE, Deploy, KIND_OF_CODE, deployment_problems
from navalgames.core.state import IllegalAction

VARIANTS = [v.id for v in ENGINE.variants()]


def fleet(variant):
    rules = ENGINE.rules(variant)
    return [k for k in range(1, 16) for _ in range(rules.counts[k])]


def plain_deployment(variant, side, odd="d6"):
    """Zone squares in order, the last piece on the odd rank."""
    rules = ENGINE.rules(variant)
    main, _ = rules.setup_squares(side)
    kinds = fleet(variant)
    placement = list(zip(sorted(main), kinds[:-1])) + [(rules.grid.parse(odd), kinds[-1])]
    return rules, placement


def test_a_new_game_starts_with_south_deploying_then_north():
    state = ENGINE.new_game("classic")
    assert state.phase == "setup" and state.to_act() == "south"
    state.apply(ENGINE.random_deployment("classic", "south", random.Random(1)))
    assert state.phase == "setup" and state.to_act() == "north"
    events = state.apply(ENGINE.random_deployment("classic", "north", random.Random(2)))
    assert state.phase == "play" and [e.kind for e in events] == ["deploy", "lot"]
    assert state.to_act() == events[-1].details["first"]


def test_setup_is_the_flag_on_its_base_39_pieces_on_five_ranks_and_the_odd_piece():
    rules, placement = plain_deployment("classic", 0)
    assert deployment_problems(rules, 0, placement) == []
    grid = rules.grid
    assert len(placement) == 40 and grid.parse("c1") not in dict(placement)


@pytest.mark.parametrize("change,message", [
    (lambda p, g: p[:-1] + [(g.parse("d7"), p[-1][1])], "outside South's setup area"),
    (lambda p, g: p[:-1] + [(g.parse("c1"), p[-1][1])], "South's base: it stays empty (the flag stands there)"),
    (lambda p, g: p[:-2] + [(g.parse("a6"), p[-2][1]), (g.parse("b6"), p[-1][1])], "only the one odd piece"),
    (lambda p, g: p[:-1], "South has 3 Mines (MI) to place, 2 placed"),
    (lambda p, g: [(s, KIND_OF_CODE["SS"]) if s == p[0][0] else (s, k) for s, k in p],
     "South has 5 Patrol Vessels (1) to place, 4 placed (and 1 more problem)"),
])
def test_deployment_mistakes_are_explained(change, message):
    rules, placement = plain_deployment("classic", 0)
    state = ENGINE.new_game("classic")
    bad = change(placement, rules.grid)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Deploy(0, bad, rules.grid))
    assert message in str(refused.value) and "=" not in str(refused.value)
    assert state.phase == "setup" and state.to_act() == "south"     # nothing lost


def test_north_deploys_on_its_own_ranks():
    rules, placement = plain_deployment("classic", 1, odd="e7")
    assert deployment_problems(rules, 1, placement) == []
    rules, placement = plain_deployment("classic", 1, odd="e6")
    assert any("outside North's setup area" in p for p in deployment_problems(rules, 1, placement))


def test_only_the_side_to_deploy_may_deploy():
    state = ENGINE.new_game("classic")
    with pytest.raises(IllegalAction, match="south's turn to deploy"):
        state.apply(ENGINE.random_deployment("classic", "north", random.Random(1)))
    with pytest.raises(IllegalAction, match="deploy the fleet"):
        state.apply("a1-a2")


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_deployments_are_legal_for_both_sides(variant):
    rng = random.Random(variant)
    rules = ENGINE.rules(variant)
    for side in (0, 1):
        for _ in range(20):
            deploy = ENGINE.random_deployment(variant, ("south", "north")[side], rng)
            assert deployment_problems(rules, side, deploy.placement) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_preset_fits_its_variants_for_both_sides(variant):
    presets = ENGINE.presets(variant)
    assert presets, f"{variant} has no preset"
    for preset in presets:
        south = ENGINE.preset_deployment(variant, preset.id, "south")
        north = ENGINE.preset_deployment(variant, preset.id, "north")
        rules = ENGINE.rules(variant)
        # North's is South's turned 180 degrees
        assert {(rules.board.rotate(s), k) for s, k in south.placement} == set(north.placement)


def test_presets_follow_the_booklets_advice():
    rules = ENGINE.rules("classic")
    harbour = rules.board.harbours[0]
    for preset in ENGINE.presets("classic"):
        in_harbour = {k for s, k in preset.placement.items() if s in harbour}
        for code in ("SS", "4", "MS"):          # one of each in the harbour at the outset
            assert KIND_OF_CODE[code] in in_harbour, (preset.id, code)


def test_setup_legal_actions_offer_presets_and_fixed_random_deployments():
    state = ENGINE.new_game("classic")
    first = [str(a) for a in state.legal_actions()]
    assert len(first) == len(ENGINE.presets("classic")) + 4
    assert first == [str(a) for a in ENGINE.new_game("classic").legal_actions()]   # deterministic


def test_notation_of_a_deployment_round_trips():
    deploy = ENGINE.random_deployment("classic", "north", random.Random(3))
    text = str(deploy)
    assert text.startswith("deploy north ") and text.count("=") == 40
    state = ENGINE.new_game("classic")
    assert state.parse_action(text) == deploy


@pytest.mark.parametrize("first", ["south", "north"])
def test_first_player_option(first):
    state = ENGINE.new_game("classic", {"first_player": first})
    state.apply(ENGINE.random_deployment("classic", "south", random.Random(1)))
    state.apply(ENGINE.random_deployment("classic", "north", random.Random(1)))
    assert state.to_act() == first


def test_the_lot_falls_both_ways_and_replays_exactly():
    seen = set()
    for seed in range(12):
        states = []
        for _ in range(2):
            state = ENGINE.new_game("classic")
            state.apply(ENGINE.random_deployment("classic", "south", random.Random(seed)))
            state.apply(ENGINE.random_deployment("classic", "north", random.Random(seed + 100)))
            states.append(state.to_act())
        assert states[0] == states[1]
        seen.add(states[0])
    assert seen == {"south", "north"}
