"""Helpers for the Dover Patrol screen tests: matches, clicks on squares and buttons, drags."""

from __future__ import annotations

import arcade

from navalgames.core.match import Match
from navalgames.core.registry import get_game
from navalgames.ui import testing


def spec():
    return get_game("dover-patrol")


def open_match(window, players=None, start=None, variant="classic", seed=5) -> tuple[Match, arcade.View]:
    """A new match on the window's screens (as the launcher starts one), its first frame drawn."""
    match = Match.new(spec(), variant, seed=seed, players=players, start=start, store=window.store)
    view = window.start_match(match)
    testing.draw(window)
    return match, view


def position(south: dict, north: dict, to_move="south", variant="classic", **extra) -> dict:
    return {"game": "dover-patrol", "variant": variant, "to_move": to_move,
            "pieces": {"south": south, "north": north}, **extra}


def settle(window) -> arcade.View:
    """Let animations and grace periods run out, drawing frames; the screen showing afterwards."""
    for _ in range(30):
        view = window.current_view
        if hasattr(view, "finish_animations"):
            view.finish_animations()
        session = getattr(view, "session", None)
        if session is not None:
            session.thinker.wait()        # the computer's move is in before the next frame
        view.on_update(1.0)
        if hasattr(view, "finish_animations"):
            view.finish_animations()
        testing.draw(window)
        busy = session is not None and (session.thinker.busy or session.computer_to_act())
        if window.current_view is view and not busy:
            return view
    return window.current_view


def hand_over(window) -> arcade.View:
    """Acknowledge a hand-over screen with a key press (after its short grace period)."""
    from games.dover_patrol.ui.handover import HandOverView
    view = settle(window)
    assert isinstance(view, HandOverView), f"expected the hand-over screen, found {type(view).__name__}"
    view.on_update(1.0)
    testing.press(window, arcade.key.SPACE)
    return settle(window)


def click_square(window, view, square: str, button: int = arcade.MOUSE_BUTTON_LEFT) -> None:
    x, y = view.board.screen_centre(square)
    testing.click(window, x, y, button)


def click_button(window, view, name: str) -> None:
    """Click the panel button called ``name`` (its stable id)."""
    testing.draw(window)
    found = view.panel.find(name)
    assert found is not None, f"no button {name!r}: {[b.name for b in view.panel.buttons]}"
    testing.click(window, *found.centre)


def drag(window, start: tuple[float, float], end: tuple[float, float], button=arcade.MOUSE_BUTTON_LEFT) -> None:
    (x0, y0), (x1, y1) = start, end
    window.dispatch_event("on_mouse_motion", int(x0), int(y0), 0, 0)
    window.dispatch_event("on_mouse_press", int(x0), int(y0), button, 0)
    for t in (0.25, 0.5, 0.75, 1.0):
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        window.dispatch_event("on_mouse_drag", int(x), int(y), int((x1 - x0) / 4), int((y1 - y0) / 4), button, 0)
    window.dispatch_event("on_mouse_release", int(x1), int(y1), button, 0)
    window.dispatch_events()
    testing.draw(window)


def deploy_at_random(window) -> arcade.View:
    """On a deployment screen: Random, then Ready; the screen showing afterwards."""
    view = window.current_view
    click_button(window, view, "random")
    click_button(window, view, "ready")
    return settle(window)
