"""Match: plays a game through its record, resolves dice, undoes, autosaves, replays exactly.

The game here is a toy dice race defined in this file, so the framework is tested on its own:
each side in turn either steps one square or rolls a die (1, 2 or 3; 1 is twice as likely), and
the first to the target square wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from navalgames.core.match import Match, replay
from navalgames.core.options import RuleOption, resolve_options
from navalgames.core.records import GameRecord, SaveError, SaveStore, read_record
from navalgames.core.registry import GameSpec, VariantInfo
from navalgames.core.state import CHANCE, Event, GameState, IllegalAction, Outcome

FACES = {"d1": 0.5, "d2": 0.25, "d3": 0.25}


@dataclass(frozen=True)
class RaceAction:
    word: str

    def __str__(self) -> str:
        return self.word


class RaceState(GameState):
    players = ("red", "blue")

    def __init__(self, target: int = 6, opening_roll: bool = False) -> None:
        self.target = target
        self.squares = {"red": 0, "blue": 0}
        self.turn = "red"
        self.rolling: str | None = "red" if opening_roll else None

    def to_act(self):
        if self.outcome():
            return None
        return CHANCE if self.rolling else self.turn

    def legal_actions(self):
        if self.to_act() is None:
            return []
        if self.rolling:
            return [RaceAction(face) for face in FACES]
        return [RaceAction("step"), RaceAction("roll")]

    def chance_outcomes(self):
        return [(RaceAction(face), p) for face, p in FACES.items()] if self.rolling else []

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not allowed now")
        side = self.rolling or self.turn
        if action.word == "roll":
            self.rolling = side
            return [Event("roll", f"{side} rolls")]
        self.squares[side] += 1 if action.word == "step" else int(action.word[1])
        self.rolling = None
        self.turn = "blue" if self.turn == "red" else "red"
        return [Event("move", f"{side} reaches {self.squares[side]}")]

    def parse_action(self, text):
        if text not in ("step", "roll", *FACES):
            raise IllegalAction(f"{text!r} is not a race action")
        return RaceAction(text)

    def clone(self):
        return copy.deepcopy(self)

    def outcome(self):
        for side, square in self.squares.items():
            if square >= self.target:
                return Outcome(side, "finished first")
        return None

    def observation(self, side):
        return self.to_position()

    def to_position(self):
        return {"squares": dict(self.squares), "turn": self.turn, "rolling": self.rolling,
                "target": self.target}


class RaceEngine:
    OPTIONS = {"target": RuleOption("target", 6, "squares to the finish", minimum=2, maximum=20),
               "opening_roll": RuleOption("opening_roll", False, "red opens with a roll")}

    def variants(self):
        return [VariantInfo("sprint", "Sprint", "a short race", self.OPTIONS)]

    def new_game(self, variant, options=None):
        if variant != "sprint":
            raise ValueError(f"no variant {variant!r}")
        values = resolve_options(self.OPTIONS, options)
        return RaceState(values["target"], values["opening_roll"])

    def from_position(self, data):
        state = RaceState(data["target"])
        state.squares, state.turn, state.rolling = dict(data["squares"]), data["turn"], data["rolling"]
        return state


ENGINE = RaceEngine()
SPEC = GameSpec(id="race", title="Dice Race", year=2024, description="a toy", sides=("red", "blue"),
                engine=f"{__name__}:ENGINE", rules_doc="navalgames:none.md")


@pytest.fixture
def store(tmp_path):
    return SaveStore(tmp_path)


def test_a_new_match_records_how_it_was_set_up():
    match = Match.new(SPEC, "sprint", {"target": 4}, seed=9, players={"red": "human", "blue": "computer:easy"})
    assert match.record.game == "race" and match.record.variant == "sprint"
    assert match.record.options == {"target": 4} and match.record.seed == 9
    assert match.record.players == {"red": "human", "blue": "computer:easy"}
    assert match.to_act() == "red" and match.record.actions == []
    assert Match.new(SPEC, "sprint").record.players == {"red": "human", "blue": "human"}


def test_a_bad_variant_or_option_is_refused_with_the_reason():
    with pytest.raises(SaveError, match="cannot start the game \\(no variant 'marathon'\\)"):
        Match.new(SPEC, "marathon")
    with pytest.raises(SaveError, match="option target: at most 20"):
        Match.new(SPEC, "sprint", {"target": 99})


def test_play_records_decisions_and_the_dice_they_bring_on(store):
    match = Match.new(SPEC, "sprint", seed=1, store=store, forced_dice=["d3"])
    events = match.play("roll")
    assert match.record.actions == ["roll", "d3"]
    assert [e.kind for e in events] == ["roll", "move"]
    assert match.state.squares["red"] == 3 and match.to_act() == "blue"
    match.play(RaceAction("step"))
    assert match.record.actions == ["roll", "d3", "step"]


def test_the_move_count_shown_in_continue_counts_decisions_not_dice(store):
    match = Match.new(SPEC, "sprint", {"target": 20}, seed=1, store=store)
    for word in ("roll", "step", "roll"):
        match.play(word)
    assert len(match.record.actions) == 5 and match.record.ply_count == 3
    assert read_record(store.autosave_path(match.record)).ply_count == 3
    match.undo()
    assert len(match.record.actions) == 3 and match.record.ply_count == 2
    older = GameRecord(game="race", variant="sprint", actions=["roll", "d1", "step"])
    assert older.ply_count == 3      # a save without the count falls back to its actions


def test_every_action_autosaves_a_record_that_replays_to_the_same_position(store):
    match = Match.new(SPEC, "sprint", seed=5, store=store)
    for word in ("roll", "step", "roll", "roll"):
        match.play(word)
        saved = read_record(store.autosave_path(match.record))
        assert saved.actions == match.record.actions
        assert replay(saved, SPEC).to_position() == match.state.to_position()


def test_an_illegal_action_changes_nothing(store):
    match = Match.new(SPEC, "sprint", seed=5, store=store)
    with pytest.raises(IllegalAction, match="'jump' is not a race action"):
        match.play("jump")
    with pytest.raises(IllegalAction, match="d2 is not allowed now"):
        match.play(RaceAction("d2"))
    assert match.record.actions == [] and not store.autosave_dir.exists()


def test_the_same_seed_rolls_the_same_dice():
    def rolls(seed):
        match = Match.new(SPEC, "sprint", {"target": 20}, seed=seed)
        for _ in range(10):
            match.play("roll")
        return match.record.actions
    assert rolls(11) == rolls(11)
    assert len({tuple(rolls(seed)) for seed in range(8)}) > 1


def test_a_resumed_game_rolls_as_if_it_had_never_stopped(store):
    whole = Match.new(SPEC, "sprint", {"target": 20}, seed=3)
    halted = Match.new(SPEC, "sprint", {"target": 20}, seed=3, store=store)
    for _ in range(4):
        whole.play("roll")
        halted.play("roll")
    resumed = Match(SPEC, read_record(store.autosave_path(halted.record)), store)
    for _ in range(4):
        whole.play("roll")
        resumed.play("roll")
    assert resumed.record.actions == whole.record.actions


def test_dice_follow_the_chance_probabilities():
    match = Match.new(SPEC, "sprint", {"target": 20}, seed=0)
    faces = []
    for _ in range(400):
        match.state = RaceState(20)
        match.record.actions = []
        match.play("roll")
        faces.append(match.record.actions[-1])
        match.record.seed += 1
    assert 160 < faces.count("d1") < 240       # probability one half


def test_undo_takes_back_a_decision_with_its_dice(store):
    match = Match.new(SPEC, "sprint", seed=2, store=store, forced_dice=["d2"])
    match.play("step")
    match.play("roll")
    assert match.record.actions == ["step", "roll", "d2"]
    match.undo()
    assert match.record.actions == ["step"]
    assert match.to_act() == "blue" and match.state.squares == {"red": 1, "blue": 0}
    assert read_record(store.autosave_path(match.record)).actions == ["step"]
    match.play("step")
    match.undo(2)
    assert match.record.actions == [] and match.to_act() == "red"
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo()


def test_undo_then_the_same_move_rolls_the_same_luck():
    match = Match.new(SPEC, "sprint", seed=8)
    match.play("roll")
    first = list(match.record.actions)
    match.undo()
    match.play("roll")
    assert match.record.actions == first


def test_the_result_is_recorded_when_the_game_ends(store):
    match = Match.new(SPEC, "sprint", {"target": 2}, seed=0, store=store)
    for word in ("step", "step", "step"):
        match.play(word)
    assert match.outcome() == Outcome("red", "finished first")
    assert match.to_act() is None
    assert match.record.result == {"winner": "red", "reason": "finished first"}


def test_listeners_hear_the_events_of_each_move():
    heard: list[list[Event]] = []
    match = Match.new(SPEC, "sprint", seed=0)
    match.listeners.append(heard.append)
    match.play("step")
    assert [[e.text for e in events] for events in heard] == [["red reaches 1"]]


def test_a_game_that_opens_with_a_roll_is_ready_for_the_first_decision():
    match = Match.new(SPEC, "sprint", {"opening_roll": True}, seed=4, forced_dice=["d2"])
    assert match.record.actions == ["d2"] and match.to_act() == "blue"


def test_replay_part_of_a_record_and_refuse_a_tampered_one():
    record = GameRecord(game="race", variant="sprint", actions=["step", "roll", "d1", "step"])
    assert replay(record, SPEC, upto=1).to_position()["squares"] == {"red": 1, "blue": 0}
    assert replay(record, SPEC).to_position()["squares"] == {"red": 2, "blue": 1}
    record.actions[2] = "d9"
    with pytest.raises(SaveError, match="race.yaml: action 3 'd9' cannot be replayed: 'd9' is not a race action"):
        replay(record, SPEC, source="race.yaml")


def test_a_match_can_start_from_a_position():
    start = {"squares": {"red": 4, "blue": 5}, "turn": "blue", "rolling": None, "target": 6}
    match = Match.new(SPEC, "sprint", start=start, seed=0)
    match.play("step")
    assert match.outcome() == Outcome("blue", "finished first")
    assert replay(match.record, SPEC).outcome() == Outcome("blue", "finished first")


@pytest.mark.parametrize("game, variant", [("dover-patrol", "classic"), ("naval-blockade", "standard")])
def test_continue_counts_moves_not_setup_steps(store, game, variant):
    """Issue 21: deploying a fleet, choosing start squares or laying terrain is not a move."""
    from navalgames.core.registry import get_game
    match = Match.new(get_game(game), variant, seed=3, store=store)
    setup_steps = 0
    while match.state.in_setup():
        match.play(match.state.legal_actions()[0])
        setup_steps += 1
    assert setup_steps >= 2 and match.record.ply_count == 0
    match.play(match.state.legal_actions()[0])
    assert match.record.ply_count == 1
    match.undo(2)        # the move and the last setup step: only the move was counted
    assert match.record.ply_count == 0 and match.state.in_setup()
