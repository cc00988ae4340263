"""Game over on screen: the reason, both tracks, a replay stepping both ways, New game; and the
screenshot command that renders all three screens headless."""

from __future__ import annotations

import os
import subprocess
import sys

import arcade
import pytest

from blockade_screen_helpers import press, settle, ship_square
from games.naval_blockade.ui.over_view import GameOverView
from games.naval_blockade.ui.screenshot import demo_match, screenshot_command
from games.naval_blockade.ui.terrain_view import TerrainView
from navalgames.core.match import replay
from navalgames.ui import testing


def open_finished_game(window):
    match = demo_match("over", window)
    view = window.start_match(match)
    testing.draw(window)
    return match, view


def test_game_over_names_the_reason_and_draws_both_tracks(window):
    match, view = open_finished_game(window)
    assert isinstance(view, GameOverView)
    assert match.state.ending == "escape"
    assert view.banner.text == "The Runner escapes to the open sea"
    assert "escaped to open sea" in view.panel.named["reason"].text.text
    runner_track, blockader_track = view.paths
    assert runner_track[0] == match.state.terrain.grid.parse("m1")
    assert runner_track[-1] == match.state.at[0]
    assert blockader_track[0] == match.state.terrain.grid.parse("c23")
    assert len(view.board.over) >= 4, "two tracks, each faint in full and bold up to the step shown"


def test_replay_steps_back_and_forward(window):
    match, view = open_finished_game(window)
    total = len(match.record.actions)
    assert view.shown_upto == total
    for _ in range(5):
        press(window, arcade.key.LEFT)
    assert view.shown_upto == total - 5
    expected = replay(match.record, match.spec, upto=total - 5)
    grid = expected.terrain.grid
    assert ship_square(view, "runner") == grid.name(expected.at[0])
    assert ship_square(view, "blockader") == grid.name(expected.at[1])
    assert f"Step {total - 5} of {total}" in view.panel.named["replay"].text.text
    press(window, arcade.key.HOME)
    assert view.shown_upto == 0 and not view.board.ship_sprite, "before the start squares: no ships"
    testing.click_widget(window, view.buttons["forward"])
    assert view.shown_upto == 1
    press(window, arcade.key.END)
    assert view.shown_upto == total
    assert ship_square(view, "runner") == grid.name(match.state.at[0])


def test_new_game_starts_afresh_with_the_same_players_and_options(window):
    match, view = open_finished_game(window)
    testing.click_widget(window, view.buttons["new"])
    view = settle(window)
    assert isinstance(view, TerrainView)
    assert view.match is not match
    assert view.match.record.players == match.record.players
    assert view.match.record.options == match.record.options
    assert view.match.state.stage in ("start", "terrain")


POSITION = ("game: naval-blockade\nto_move: runner\nrunner: {at: k10, heading: N}\n"
            "blockader: {at: n12, heading: N}\nislands: [[e15, e16, e17, f16, d16]]\nrocks: [j6]\n")


@pytest.mark.parametrize("args", [["--screen", "terrain"], ["--screen", "over", "--size", "1024x700"],
                                  ["--position", "POSITION", "--overlays", "--hover"]])
def test_screenshot_command_renders_the_screens(tmp_path, args):
    from PIL import Image
    if "POSITION" in args:
        (tmp_path / "p.yaml").write_text(POSITION)
        args = [str(tmp_path / "p.yaml") if a == "POSITION" else a for a in args]
    out = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, "-m", "navalgames", "screenshot", "naval-blockade", str(out),
                           *args], capture_output=True, text=True, timeout=180,
                          env={**os.environ, "NAVALGAMES_HOME": str(tmp_path / "home")})
    assert done.returncode == 0, done.stderr
    picture = Image.open(out)
    assert picture.size == ((1024, 700) if "1024x700" in args else (1280, 800))
    assert testing.colour_count(picture.convert("RGB")) > 500
    assert not (tmp_path / "home").exists(), "a screenshot never touches the player's saves"


def test_screenshot_command_refuses_a_bad_position_before_opening_a_window(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: naval-blockade\nto_move: runner\nrunner: {at: z99, heading: N}\n")
    assert screenshot_command([str(tmp_path / "bad.png"), "--position", str(bad)]) == 2
    assert "bad.yaml" in capsys.readouterr().err
    assert not (tmp_path / "bad.png").exists()
    missing = tmp_path / "missing.yaml"
    assert screenshot_command([str(tmp_path / "m.png"), "--position", str(missing)]) == 2


def test_the_replay_says_a_generated_layout_in_words(window):
    from blockade_screen_helpers import open_match, choose_start
    match, view = open_match(window, forced=["toss:runner"])
    match.play("start m1")
    match.play("start v23")
    match.play("generate")
    match.play("resign")
    view = window.start_match(match)
    testing.draw(window)
    assert isinstance(view, GameOverView)
    layout_step = next(i for i, a in enumerate(match.record.actions, 1) if a.startswith("layout:"))
    view.step_to(layout_step)
    testing.draw(window)
    words = view.panel.named["replay"].text.text
    assert "layout:" not in words and "(layout" not in words
    assert "Islands and rocks generated" in words


def test_nothing_to_replay_leaves_every_arrow_off(window):
    from blockade_screen_helpers import open_match, position
    start = position("l24", "N", "d20", "E", stage="over",
                     outcome={"winner": "runner", "reason": "the Runner escaped to open sea"})
    match, view = open_match(window, start=start)
    assert isinstance(view, GameOverView) and view.total == 0
    testing.draw(window)
    assert all(view.buttons[name].disabled for name in ("first", "back", "forward", "last"))
    assert "Nothing to replay" in view.panel.named["replay"].text.text
    assert "Home" not in view.panel.named["replay-title"].text.text, "no keys listed that do nothing"
