"""The position format (docs/naval_blockade.md): round trips at every stage, refusals."""

import random

import pytest

from games.naval_blockade.rules import ENGINE
from navalgames.core.state import CHANCE, PositionError

from blockade_helpers import (careful_choice, chance_choice, position, random_close_quarters,
                              state_at)


def states_of_random_games(games=30, seed=5):
    """Every state met in random games: from the toss, and from close quarters (guns bear)."""
    rng = random.Random(seed)
    for number in range(games):
        options = {"return_fire": rng.random() < 0.3}
        if number % 2:
            state = ENGINE.new_game("standard", options)
        else:
            state = random_close_quarters(rng, options)
        while state.to_act() is not None:
            yield state
            if state.to_act() == CHANCE:
                state.apply(chance_choice(state, rng))
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))] if rng.random() < 0.2
                            else careful_choice(state, rng))
        yield state


def test_positions_round_trip_at_every_stage():
    stages = set()
    for state in states_of_random_games():
        pos = state.to_position()
        again = ENGINE.from_position(pos)
        assert again.to_position() == pos
        assert again.to_act() == state.to_act()
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
        stages.add(state.stage)
    assert stages >= {"toss", "terrain", "start", "move", "fire", "answer", "course", "six", "over"}


def test_positions_round_trip_mid_disabled_sequence():
    state = state_at("l6 N", "l13 S", to_move="blockader", points={"runner": 2, "blockader": 0})
    for action in ("ahead", "D4", "port", "ahead", "ahead"):
        state.apply_text(action)
        pos = state.to_position()
        again = ENGINE.from_position(pos)
        assert again.to_position() == pos
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
    assert pos["stage"] == "six" and pos["disabled"] == "runner" and pos["six_moves_made"] == 2


def test_position_with_a_stranded_ship_to_move_is_already_over():
    state = state_at("a10 W", "l20 S")
    assert state.outcome().winner == "blockader" and state.ending == "ashore"


def test_position_keeps_rule_options():
    state = state_at("l5 N", "l20 S", options={"graze_blocks": True, "max_moves": 40})
    assert state.to_position()["options"] == {"graze_blocks": True, "max_moves": 40}
    assert state.rules.graze_blocks is True


def test_rule_1_and_2_setup_positions_follow_the_order_ships_toss_terrain():
    # ships first (rule 1): at the toss both are placed and no terrain is down yet
    state = ENGINE.from_position({"stage": "toss", "runner": {"at": "l1", "heading": "N"},
                                  "blockader": {"at": "w23", "heading": "E"}})
    assert state.to_act() == CHANCE and state.stage == "toss"
    state.apply_text("toss:blockader")
    assert state.to_act() == "blockader" and state.stage == "terrain"
    pos = state.to_position()
    assert ENGINE.from_position(pos).to_position() == pos
    # a layout being drawn needs to know who won the toss: the loser moves first afterwards
    layout = dict(pos, stage="layout")
    state = ENGINE.from_position(layout)
    state.apply_text("layout:5")
    assert state.stage == "move" and state.to_act() == "runner"
    with pytest.raises(PositionError, match="who won the toss"):
        ENGINE.from_position({k: v for k, v in layout.items() if k != "toss_winner"})


@pytest.mark.parametrize("change,message", [
    ({"runner": {"at": "z9", "heading": "N"}}, "position: runner.at: expected a square"),
    ({"runner": {"at": "l5", "heading": "UP"}}, "position: runner.heading: expected a heading"),
    ({"runner": {"at": "l5"}}, "position: runner.heading: missing (required)"),
    ({"blockader": None}, "position: blockader: missing (required)"),
    ({"speed": 3}, "position: speed: unknown key 'speed'"),
    ({"to_move": "pirate"}, "position: to_move: expected one of runner, blockader"),
    ({"game": "dover-patrol"}, "position: game: this is a 'dover-patrol' position"),
    ({"options": {"max_range": "far"}}, "option max_range: expected a whole number"),
    ({"points": {"runner": -1}}, "position: points.runner: expected a whole number, 0 or more"),
    ({"islands": [["g10", "g11", "g12", "f11", "h11"]], "rocks": ["h12"]},
     "position breaks rule 2: island 1 touches rock 1 at g11"),
    ({"islands": [["g10", "g11", "g12", "f11", "h11"]], "runner": {"at": "g11", "heading": "N"}},
     "position breaks rule 2: the runner at g11 is on island 1"),
    ({"runner": {"at": "l20", "heading": "N"}}, "both ships are on l20"),
    ({"runner": {"at": "l24", "heading": "N"}}, "the runner on l24 has already escaped"),
    ({"stage": "six", "disabled": "runner"}, "at stage six the disabled ship is the blockader"),
    ({"stage": "fire", "firing": {"guns": ["bow"]}}, "the runner has no 'bow' gun"),
    ({"stage": "fire", "firing": {"guns": ["port", "starboard"]}}, "clockwise from the bow"),
    ({"outcome": {"winner": "runner", "reason": "x"}, "stage": "move"}, "only a finished game"),
    ({"stage": "toss", "rocks": ["t8"]}, "no terrain is placed yet at stage toss"),
    ({"stage": "start", "islands": [["g10", "g11", "g12", "f11", "h11"]]},
     "no terrain is placed yet at stage start"),
    ({"stage": "start", "toss_winner": "runner", "blockader": None, "runner": {"at": "l1", "heading": "N"}},
     "the toss comes after"),
    ({"stage": "start", "runner": None, "blockader": {"at": "v23", "heading": "E"}},
     "the Runner's start is chosen first"),
    ({"stage": "terrain", "blockader": None}, "position: blockader: missing (required)"),
    # rule 2 must be satisfiable: terrain can never give a ship stranded on open sea a first move
    ({"stage": "terrain", "toss_winner": "runner", "runner": {"at": "l1", "heading": "N"},
      "blockader": {"at": "x24", "heading": "E"}},
     "the Blockader at x24 heading E would have no legal first move"),
    # rules 1-2 (ruling in docs/naval_blockade.md, Positions): until the terrain is down, the
    # ships stand on start squares with their start headings
    ({"stage": "toss"}, "at stage toss the runner must stand on a start square with its start heading (l1, m1)"),
    ({"stage": "terrain", "toss_winner": "runner", "runner": {"at": "l1", "heading": "N"}},
     "at stage terrain the blockader must stand on a start square"),
    ({"stage": "toss", "runner": {"at": "l1", "heading": "NE"}, "blockader": {"at": "x24", "heading": "E"}},
     "at stage toss the runner must stand on a start square with its start heading (l1, m1)"),
])
def test_malformed_positions_are_refused_with_one_line(change, message):
    data = position("l5 N", "l20 S")
    data.update(change)
    with pytest.raises(PositionError) as caught:
        ENGINE.from_position(data)
    assert message in str(caught.value) and "\n" not in str(caught.value)
