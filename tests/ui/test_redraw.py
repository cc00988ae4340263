"""Drawing on demand (issue 19): idle screens draw nothing, input and requests draw at once.

Each test runs the real event loop (pyglet's, as the launcher does) for a fraction of a second.
"""

from __future__ import annotations

import arcade
import pytest

from navalgames.ui import testing
from navalgames.ui.computer import Thinker
from navalgames.ui.launcher import LauncherView

TICKS = 0.5 * 60    # what the loop would draw in half a second if it drew every tick


def settled_launcher(window) -> None:
    window.show_view(LauncherView())
    testing.run_loop(window, 0.1)    # the frame that shows it


def test_an_idle_launcher_draws_no_frames(window):
    settled_launcher(window)
    assert testing.run_loop(window, 0.5) == 0


@pytest.mark.parametrize("event", [
    ("on_mouse_motion", 640, 400, 3, 0),
    ("on_mouse_press", 5, 5, arcade.MOUSE_BUTTON_LEFT, 0),
    ("on_mouse_scroll", 640, 400, 0, 1),
    ("on_key_press", arcade.key.TAB, 0),
    ("on_resize", 1280, 800),
    ("on_expose",),
    ("on_show",),          # restored from the task bar
    ("on_activate",),
])
def test_input_and_window_events_draw_a_frame_at_once(window, event):
    settled_launcher(window)
    frames = testing.run_loop(window, 0.3, {0.1: lambda: window.dispatch_event(*event)})
    assert 1 <= frames <= 3


def test_a_hovered_button_is_drawn_lit_without_a_second_event(window):
    settled_launcher(window)
    view = window.current_view
    button = view.buttons[0]
    before = testing.snapshot(window)
    x, y = button.rect.center_x, button.rect.center_y
    testing.run_loop(window, 0.3, {0.1: lambda: window.dispatch_event("on_mouse_motion", int(x), int(y), 1, 1)})
    assert button.hovered
    # the frame the loop drew is on screen: read it without drawing again
    after = arcade.get_image(0, 0, *window.get_framebuffer_size()).convert("RGB")
    assert after.getpixel((int(x - button.rect.width / 3), window.height - int(y))) != \
        before.getpixel((int(x - button.rect.width / 3), window.height - int(y)))


def test_request_redraw_draws_for_the_time_asked_then_stops(window):
    settled_launcher(window)
    frames = testing.run_loop(window, 0.8, {0.1: lambda: window.request_redraw(0.4)})
    assert 0.4 * 60 * 0.5 <= frames <= 0.4 * 60 + 4
    assert testing.run_loop(window, 0.3) == 0
    assert testing.run_loop(window, 0.3, {0.1: window.request_redraw}) == 1


def test_updates_keep_running_while_nothing_is_drawn(window):
    settled_launcher(window)
    ticks = []
    window.push_handlers(on_update=lambda dt: ticks.append(dt))
    try:
        frames = testing.run_loop(window, 0.5)
    finally:
        window.pop_handlers()
    assert frames == 0 and len(ticks) >= TICKS / 3


class SlowPlayer:
    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def choose(self, state, side):
        import time
        time.sleep(self.seconds)
        return "the move"


class FakeMatch:
    def __init__(self) -> None:
        from types import SimpleNamespace
        self.record = SimpleNamespace(actions=[])
        self.state = SimpleNamespace(clone=lambda: None)


def test_the_computer_thinking_and_its_answer_ask_for_frames(window):
    """A "thinking" sign moves a few times a second, and the answer shows without input."""
    settled_launcher(window)
    thinker, match, answers = Thinker(), FakeMatch(), []
    thinker.start(SlowPlayer(0.5), match, "south")
    window.push_handlers(on_update=lambda dt: answers.append(thinker.result(match)))
    try:
        frames = testing.run_loop(window, 0.8)
    finally:
        window.pop_handlers()
    assert ("the move", None) in answers
    assert 2 <= frames <= 6


def front_picture(window):
    return arcade.get_image(0, 0, *window.get_framebuffer_size()).convert("RGB")


def dover_play(window):
    from games.dover_patrol.ui.bench_frames import busy_position
    from games.dover_patrol.ui.play import PlayView
    from games.dover_patrol.ui.session import Session
    match = busy_position(turns=6)
    session = Session(window, match)
    session.eyes = match.state.to_act()
    return PlayView(session)


def blockade_play(window):
    from games.naval_blockade.ui.screenshot import demo_match
    return window.start_match(demo_match("play", window))


@pytest.mark.parametrize("make", [lambda w: LauncherView(), dover_play, blockade_play],
                         ids=["launcher", "dover-patrol", "naval-blockade"])
def test_the_one_frame_a_new_screen_gets_shows_it_complete(window, make):
    """A screen that settled over several frames would be left half drawn while idle."""
    view = make(window)
    if window.current_view is not view:
        window.show_view(view)
    if hasattr(view, "finish_animations"):
        view.finish_animations()
    frames = testing.run_loop(window, 0.6)
    assert frames >= 1
    shown = front_picture(window)
    for _ in range(4):
        testing.draw(window)
    from PIL import ImageChops
    difference = ImageChops.difference(front_picture(window), shown)
    assert max(high for _, high in difference.getextrema()) <= 3   # texture rounding at most
