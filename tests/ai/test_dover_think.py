"""The think allowance: a setting, handed to the computer, and hard's search growing with it."""

from __future__ import annotations

import random

from games.dover_patrol import ai
from games.dover_patrol.rules import ENGINE
from navalgames.ai.player import make_player
from navalgames.ai.tournament import player_for
from navalgames.core.registry import get_game
from navalgames.core.settings import SETTINGS_FILE, THINK_CHOICES, Settings


def midgame(plies: int, seed: int):
    rng = random.Random(seed)
    state = ENGINE.random_start("classic", rng=rng)
    for _ in range(plies):
        state.apply(state.random_action(rng))
    return state


def test_the_allowance_is_a_setting_kept_with_the_others(tmp_path):
    assert Settings().think_seconds in THINK_CHOICES
    Settings(think_seconds=5.0).save(tmp_path)
    assert Settings.load(tmp_path).think_seconds == 5.0
    (tmp_path / SETTINGS_FILE).write_text("think_seconds: 2\n")   # written by hand: an int
    assert Settings.load(tmp_path).think_seconds == 2.0
    (tmp_path / SETTINGS_FILE).write_text("think_seconds: 3.3\n")   # not offered: the nearest
    assert Settings.load(tmp_path).think_seconds == 2.0
    (tmp_path / SETTINGS_FILE).write_text("think_seconds: -4.0\n")
    assert Settings.load(tmp_path).think_seconds == min(THINK_CHOICES)


def test_the_allowance_reaches_hard_only_and_factories_that_take_it():
    dover, blockade = get_game("dover-patrol"), get_game("naval-blockade")
    assert make_player(dover, "hard", "south", 1, think=2.0).think == 2.0
    assert make_player(dover, "hard", "south", 1).think is None
    assert make_player(dover, "normal", "south", 1, think=2.0).think is None   # a fixed match
    make_player(blockade, "hard", "runner", 1, think=2.0)   # a factory without it still works
    assert player_for(dover, "hard", "north", 3, think=0.5).think == 0.5


def test_hard_looks_a_third_move_ahead_then_at_more_worlds_the_longer_it_may_think(monkeypatch):
    monkeypatch.setattr(ai.player, "MAX_WORLDS", 8)   # a long allowance, ended by the world limit
    state = midgame(60, seed=4)
    side = state.to_act()
    fixed = ai.make_player("hard", side, seed=2)
    fixed.choose(state, side)
    worlds, candidates, *_ = ai.LEVELS["hard"]
    assert fixed.searched[0] == worlds and fixed.searched[1] >= candidates and fixed.searched[2] == 0
    short, long_ = ai.make_player("hard", side, seed=2, think=0.001), ai.make_player("hard", side, seed=2, think=60.0)
    short.choose(state, side)
    long_.choose(state, side)
    assert short.searched == fixed.searched   # no time for a step more
    assert long_.searched[2] == long_.searched[1] == fixed.searched[1]   # every candidate answered
    assert long_.searched[0] == 8


def test_a_third_move_answers_the_most_dangerous_reply():
    """Three moves ahead, a reply is only as dangerous as what is left after our best answer to
    it; with no answers looked at, the value is the two-move one."""
    state = midgame(60, seed=4)
    side = state.to_act()
    for action in state.legal_actions()[:6]:
        two = ai.two_move_value(state, action, side)
        three = ai.two_move_value(state, action, side, answers=3)
        trial = state.clone()
        trial.apply(action)
        assert two <= three <= ai.points(trial, side) or three == two
        assert ai.two_move_value(state, action, side, answers=0) == two


def test_the_settings_screen_sets_the_allowance(window):
    import arcade
    from navalgames.ui import testing
    from navalgames.ui.settings_view import SettingsView
    window.settings.think_seconds = 1.0
    window.show_view(SettingsView())
    view = window.current_view
    testing.draw(window)
    row = next(r for r in view.rows if r.key == "Computer thinks up to")
    view.set_focus(row)
    testing.press(window, arcade.key.RIGHT)
    assert window.settings.think_seconds == 2.0 and Settings.load().think_seconds == 2.0
    assert view.message_text.text == "The computer thinks up to 2 s a move. Saved."
