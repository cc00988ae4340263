"""The game's rules over its screen (issue 19/21): F1 or a Rules button, scroll, Esc or Close back
to the very same screen."""

from __future__ import annotations

import arcade
import pytest

from navalgames.ui import testing
from navalgames.ui.launcher import LauncherView


@pytest.fixture
def blockade(window):
    """A Naval Blockade game twenty moves in, waiting for the player."""
    from games.naval_blockade.ui.screenshot import demo_match
    match = demo_match("play", window)
    view = window.start_match(match)
    view.finish_animations()
    testing.draw(window)
    yield view
    if window.rules_overlay is not None:
        window.rules_overlay.close()


def test_f1_shows_the_rules_over_the_game_and_esc_returns_to_the_same_screen(window, blockade):
    match = blockade.match
    actions = list(match.record.actions)
    before = testing.snapshot(window)
    testing.press(window, arcade.key.F1)
    overlay = window.rules_overlay
    assert overlay is not None and overlay.spec.id == "naval-blockade"
    assert overlay.page.document.text.startswith(match.spec.title) or "Blockade" in overlay.page.document.text[:200]
    shown = testing.snapshot(window)
    assert shown != before
    # keys and clicks go to the rules, not to the game beneath
    testing.press(window, arcade.key.UP)
    for x in range(100, 1200, 150):
        testing.click(window, x, 400)
    assert window.rules_overlay is overlay and match.record.actions == actions
    testing.press(window, arcade.key.ESCAPE)
    assert window.rules_overlay is None and window.current_view is blockade
    assert match.record.actions == actions
    assert testing.snapshot(window) == before


def test_the_rules_scroll_by_wheel_and_keys_and_close_with_the_button(window, blockade):
    window.show_rules_overlay()           # what a game screen's Rules button calls
    testing.draw(window)
    overlay = window.rules_overlay
    page = overlay.page
    assert page.scroll_range > 0 and page.scrolled == 0
    testing.scroll(window, page.rect.center_x, page.rect.center_y, -3)
    assert page.scrolled > 0
    testing.press(window, arcade.key.END)
    assert page.scrolled == page.scroll_range
    testing.press(window, arcade.key.HOME)
    assert page.scrolled == 0
    testing.press(window, arcade.key.PAGEDOWN)
    assert page.scrolled > 0
    testing.click_widget(window, overlay.close_button)
    assert window.rules_overlay is None and window.current_view is blockade


def test_the_rules_follow_a_resize_and_the_game_beneath_lays_out_too(window, blockade):
    window.show_rules_overlay()
    overlay = window.rules_overlay
    testing.resize(window, 800, 600)
    try:
        assert overlay.page.rect.right <= 800 and overlay.close_button.rect.bottom >= 0
        assert overlay.page.rect.top < overlay.title.y
    finally:
        testing.resize(window, 1280, 800)


def test_f1_on_the_launcher_opens_nothing(window):
    window.show_view(LauncherView())
    testing.draw(window)
    testing.press(window, arcade.key.F1)
    assert window.rules_overlay is None


def test_leaving_the_game_takes_its_rules_away(window, blockade):
    window.show_rules_overlay()
    window.show_launcher()
    assert window.rules_overlay is None
    testing.press(window, arcade.key.TAB)   # the launcher has its keys back
    assert window.current_view.focused is not None


def test_f1_reaches_the_window_from_a_dover_patrol_play_screen(window):
    from games.dover_patrol.ui.bench_frames import busy_position
    from games.dover_patrol.ui.play import PlayView
    from games.dover_patrol.ui.session import Session
    match = busy_position(turns=4)
    session = Session(window, match)
    session.eyes = match.state.to_act()
    view = PlayView(session)
    window.show_view(view)
    testing.draw(window)
    testing.press(window, arcade.key.F1)
    try:
        assert window.rules_overlay is not None and window.rules_overlay.spec.id == "dover-patrol"
    finally:
        testing.press(window, arcade.key.ESCAPE)
    assert window.rules_overlay is None and window.current_view is view
