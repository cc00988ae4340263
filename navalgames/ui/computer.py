"""The computer's turn, thought out on a worker thread so the window keeps drawing (both games).

The worker is handed a clone of the state; the screen polls ``result()`` each frame and plays
the chosen action through the Match only if the game has not moved on meanwhile (an undo, a
new game or leaving the screen simply orphans the thread's answer). While it thinks, and when
its answer is handed over, the poll asks the window for a frame (``request_redraw``), so a
"thinking" sign moves and the move shows without the player touching the mouse.
"""

from __future__ import annotations

import threading
import time
from typing import Any

from navalgames.ai.player import Player, make_player
from navalgames.core.match import Match
from navalgames.core.settings import Settings

THINKING_FRAME_GAP = 0.25   # seconds between frames while the computer thinks (its sign moves)


def ask_for_frame() -> None:
    """request_redraw() on the window, if there is one that draws on demand."""
    import arcade
    try:
        window = arcade.get_window()
    except RuntimeError:   # no window (tournaments, tests of the computer alone)
        return
    request = getattr(window, "request_redraw", None)
    if request is not None:
        request()


def players_for(match: Match) -> dict[str, Player]:
    """A Player for every side the record gives to the computer ("computer:LEVEL")."""
    found: dict[str, Player] = {}
    think = Settings.load().think_seconds   # "the computer thinks up to N s" (Settings)
    for index, side in enumerate(match.spec.sides):
        who = match.record.players.get(side, "human")
        if who.startswith("computer"):
            level = who.partition(":")[2] or "normal"
            if level not in match.spec.ai_levels:
                continue   # a player from elsewhere (a tournament's record): replayed, not played on
            found[side] = make_player(match.spec, level, side, seed=match.record.seed + index, think=think)
    return found


class Thinker:
    """One computer decision in flight at a time, on a worker thread, about a clone of the state."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._answer: Any = None
        self._error: Exception | None = None
        self._ticket: int = -1
        self.started_at = 0.0
        self._last_frame = 0.0

    @property
    def busy(self) -> bool:
        return self._thread is not None

    def start(self, player: Player, match: Match, side: str) -> None:
        state = match.state.clone()
        ticket = len(match.record.actions)
        self._ticket, self._answer, self._error = ticket, None, None
        self.started_at = time.monotonic()

        def work() -> None:
            try:
                self._answer = player.choose(state, side)
            except Exception as exc:   # shown to the player; the game is not lost
                self._error = exc

        self._thread = threading.Thread(target=work, name=f"computer-{side}", daemon=True)
        self._thread.start()

    def result(self, match: Match) -> tuple[Any, Exception | None] | None:
        """(action, error) once the worker is done and still about this position, else None."""
        if self._thread is None:
            return None
        if self._thread.is_alive():
            now = time.monotonic()
            if now - self._last_frame >= THINKING_FRAME_GAP:
                self._last_frame = now
                ask_for_frame()
            return None
        self._thread = None
        ask_for_frame()      # the answer is about to change the screen
        if self._ticket != len(match.record.actions):
            return None      # the game moved on while it thought: the answer is stale
        return self._answer, self._error

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the answer is in (tests and screenshots)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def forget(self) -> None:
        self._ticket = -2
