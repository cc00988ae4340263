"""Helpers for the online launcher tests: the app's server on an ephemeral port, a computer in
the other seat, and pumping frames while the network answers (every wait is bounded)."""

from __future__ import annotations

import threading
import time

import pytest

from navalgames.core.registry import get_game
from navalgames.net.autoplay import play_seat
from navalgames.net.client import RemoteSeat
from navalgames.ui import testing
from navalgames.ui.online import hosting

WAIT = 60.0


@pytest.fixture
def app_server(monkeypatch):
    """The app's own server listens on 127.0.0.1, on any free port, and is stopped afterwards,
    after every seat the test's screens opened is closed (a seat left open would go on
    reconnecting, and asking the shared window for frames, in later tests)."""
    monkeypatch.setattr(hosting, "DEFAULT_PORT", 0)
    opened: list[hosting.Connection] = []
    start = hosting.Connection.__init__

    def recording(connection, *args, **kwargs) -> None:
        start(connection, *args, **kwargs)
        opened.append(connection)
    monkeypatch.setattr(hosting.Connection, "__init__", recording)
    yield
    for connection in opened:
        if connection.seat is not None:
            connection.seat.close()
    hosting.stop_app_server()


def pump(window, done, seconds: float = WAIT):
    """Run frames (updates, animations, drawing) until ``done()``; the screen showing then."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        view = window.current_view
        view.on_update(0.1)
        if hasattr(view, "finish_animations"):
            view.finish_animations()
        testing.draw(window)
        if done():
            return window.current_view
        time.sleep(0.01)
    raise AssertionError(f"gave up waiting on {type(window.current_view).__name__}")


def computer_opponent(address: str, code: str, game: str) -> tuple[RemoteSeat, dict]:
    """A random computer takes the free seat and plays on its own thread; its result lands in the dict."""
    seat = RemoteSeat(address, code)
    result: dict = {}

    def run() -> None:
        try:
            result["outcome"] = play_seat(seat, get_game(game), "random", seed=3, idle_timeout=WAIT)
        except Exception as exc:     # reported by the test that reads it
            result["error"] = exc
    threading.Thread(target=run, daemon=True).start()
    return seat, result


def click_text(window, view, text: str) -> None:
    """Click the launcher button whose label is ``text``."""
    widget = next(w for w in view.focus_order if getattr(w, "text", None) == text)
    testing.click_widget(window, widget)
