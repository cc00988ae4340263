"""Rules, Settings and the screenshot command."""

from __future__ import annotations

import subprocess
import sys

import arcade
import pytest
import yaml

import launcher_toy as toy
from navalgames.core import registry
from navalgames.core.settings import SETTINGS_FILE, Settings
from navalgames.ui import testing
from navalgames.ui.palette import COLOUR_BLIND, NORMAL
from navalgames.ui.rules_view import RulesView
from navalgames.ui.screenshot import parse_size, screenshot_launcher
from navalgames.ui.settings_view import SettingsView


@pytest.fixture
def games(monkeypatch):
    installed = {"toy": toy.spec(rules=toy.RULES), "bare": toy.spec(id="bare", title="Bare Fleet")}
    monkeypatch.setattr(registry, "discover_games", lambda: dict(installed))
    return installed


def show_rules(window, games, selected="toy") -> RulesView:
    window.show_view(RulesView(list(games.values()), selected=selected))
    testing.draw(window)
    return window.current_view


def test_rules_are_shown_and_scroll_by_keys_and_wheel(window, games):
    view = show_rules(window, games)
    page = view.page
    assert page.document.text.startswith("Toy rules")
    assert page.scroll_range > 1000 and page.scrolled == 0
    testing.press(window, arcade.key.DOWN)
    assert page.scrolled == 48
    testing.press(window, arcade.key.PAGEDOWN)
    assert page.scrolled == 48 + page.page()
    testing.press(window, arcade.key.END)
    assert page.scrolled == page.scroll_range
    testing.press(window, arcade.key.HOME)
    assert page.scrolled == 0
    testing.scroll(window, page.rect.center_x, page.rect.center_y, -3)
    assert page.scrolled == 3 * 48


def test_rules_tabs_switch_games_and_a_missing_page_says_so(window, games):
    view = show_rules(window, games)
    testing.click_widget(window, view.tabs[1])
    assert view.selected == "bare"
    assert "The rules of Bare Fleet are not written yet." in view.page.document.text
    testing.press(window, arcade.key.RIGHT)
    assert view.selected == "toy"


def test_rules_escape_returns_where_it_came_from(window, games):
    from navalgames.ui.launcher import GameSetupView, LauncherView
    setup = GameSetupView(games["toy"])
    window.show_view(setup)
    testing.click_widget(window, setup.rules_button)
    assert isinstance(window.current_view, RulesView) and window.current_view.selected == "toy"
    testing.press(window, arcade.key.ESCAPE)
    assert window.current_view is setup
    show_rules(window, games)
    testing.press(window, arcade.key.ESCAPE)
    assert isinstance(window.current_view, LauncherView)


def test_rules_text_reflows_when_the_window_narrows(window, games):
    view = show_rules(window, games)
    wide = view.page.text_layout.width
    testing.resize(window, 800, 600)
    try:
        assert view.page.text_layout.width < wide and view.page.scroll_range > 0
        assert view.page.rect.right <= 800
    finally:
        testing.resize(window, 1280, 800)


def test_settings_apply_and_save_at_once(window, tmp_path):
    window.show_view(SettingsView())
    view = window.current_view
    testing.draw(window)
    colour_blind = next(r for r in view.rows if r.key == "Colour-blind palette")
    testing.click_widget(window, colour_blind)
    assert window.settings.colour_blind and window.palette is COLOUR_BLIND
    assert view.colours is COLOUR_BLIND
    saved = yaml.safe_load((tmp_path / "home" / "config" / SETTINGS_FILE).read_text())
    assert saved["colour_blind"] is True
    sound = next(r for r in view.rows if r.key == "Sound")
    view.set_focus(sound)
    testing.press(window, arcade.key.RIGHT)
    assert window.settings.sound is True
    assert Settings.load() == window.settings
    assert view.message_text.text == "Sound on. Saved."


def test_settings_window_size(window):
    window.show_view(SettingsView())
    view = window.current_view
    size = next(r for r in view.rows if r.key == "Window size")
    view.set_focus(size)
    testing.press(window, arcade.key.LEFT)
    assert (window.settings.width, window.settings.height) == (1024, 640)
    assert Settings.load().width == 1024        # (a headless window cannot show the new size)
    assert view.message_text.text == "Window size 1024 × 640. Saved."


def test_f11_switches_full_screen_from_any_launcher_screen(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window, "set_fullscreen", lambda on: asked.append(on))
    window.show_view(SettingsView())
    view = window.current_view
    testing.press(window, arcade.key.F11)
    assert asked == [True] and window.settings.fullscreen is True
    assert Settings.load().fullscreen is True
    assert next(r for r in view.rows if r.key == "Full screen").value is True


def test_settings_that_cannot_be_saved_say_so(window, tmp_path, monkeypatch):
    blocker = tmp_path / "home"
    blocker.mkdir()
    (blocker / "config").write_text("a file where the folder should be")
    window.show_view(SettingsView())
    view = window.current_view
    view.set_colour_blind(False)
    assert view.message_text.text.startswith("Colour-blind palette off. Could not save the settings")


def test_palettes_differ_where_colour_vision_matters():
    assert COLOUR_BLIND.sides != NORMAL.sides
    assert COLOUR_BLIND.sea == NORMAL.sea
    for palette in (NORMAL, COLOUR_BLIND):
        assert palette.side_colour(0) != palette.side_colour(1)
        assert palette.good != palette.bad


@pytest.mark.parametrize("text, size", [("1280x800", (1280, 800)), ("800X600", (800, 600))])
def test_screenshot_sizes(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("argv, message", [
    (["out.png", "--size", "big"], "is not a size"),
    (["out.png", "--size", "10x10"], "out of range"),
    (["out.png", "--screen", "bridge"], "invalid choice"),
    ([], "required"),
])
def test_screenshot_refuses_bad_arguments(argv, message, capsys):
    assert screenshot_launcher(argv) == 2
    assert message in capsys.readouterr().err


def test_screenshot_command_writes_the_launcher_picture(tmp_path):
    out = tmp_path / "launcher.png"
    done = subprocess.run([sys.executable, "-m", "navalgames", "screenshot", "launcher", str(out),
                           "--size", "1024x640", "--screen", "settings"],
                          capture_output=True, text=True, timeout=120,
                          env={**__import__("os").environ, "NAVALGAMES_HOME": str(tmp_path / "home")})
    assert done.returncode == 0, done.stderr
    from PIL import Image
    image = Image.open(out)
    assert image.size == (1024, 640)
    assert testing.colour_count(image.convert("RGB")) > 100


def test_the_rules_are_set_again_for_the_real_window_size_after_a_resize(window, games):
    """Issue 21: type laid out for one size and shown at another loses its hairlines."""
    view = show_rules(window, games)
    body_size = view.page.document.get_style("font_size", 1)
    try:
        testing.resize(window, 1920, 1080)
        bigger = view.page.document.get_style("font_size", 1)
        testing.resize(window, 800, 600)
        smaller = view.page.document.get_style("font_size", 1)
    finally:
        testing.resize(window, 1280, 800)
    assert smaller < body_size < bigger
    assert view.page.document.get_style("font_size", 1) == body_size


@pytest.mark.parametrize("screen", ["main", "continue", "rules", "settings", "game"])
def test_no_launcher_text_is_set_below_ten_points_at_800_by_600(window, games, screen):
    """Issue 21: below 10 points the typeface's hairlines fade (a hyphen, the bar of a t)."""
    from navalgames.ui.screenshot import launcher_screen
    window.show_view(launcher_screen(window, screen, "toy"))
    testing.resize(window, 800, 600)
    try:
        view = window.current_view
        texts = [v for v in vars(view).values() if isinstance(v, arcade.Text)]
        for widget in view.ui.walk_widgets():
            texts += [v for v in vars(widget).values() if isinstance(v, arcade.Text)]
        assert len(texts) >= 3
        small = [(t.text[:30], t.font_size) for t in texts if t.font_size < 10]
        assert small == []
    finally:
        testing.resize(window, 1280, 800)
