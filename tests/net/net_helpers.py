"""Helpers for the online-play tests: servers on 127.0.0.1, raw clients, computer seats."""

from __future__ import annotations

import json
import socket
import threading

import pytest
from websockets.sync.client import connect

from navalgames.core.registry import get_game
from navalgames.net.autoplay import play_seat
from navalgames.net.client import RemoteSeat, create_game
from navalgames.net.protocol import encode
from navalgames.net.server import ServerThread
from navalgames.net.store import SQLiteStore

WAIT = 60.0     # the longest any test waits for one thing (a bound, not an expectation)


@pytest.fixture
def server(tmp_path):
    running = ServerThread(SQLiteStore(tmp_path / "games.sqlite3"))
    yield running
    running.stop()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Raw:
    """A bare client speaking the protocol by hand, to send what a real client never would."""

    def __init__(self, address: str) -> None:
        self.ws = connect(address, proxy=None, compression=None, max_size=None).__enter__()

    def send(self, kind: str | None = None, text: str | bytes | None = None, **fields) -> None:
        self.ws.send(text if text is not None else encode(kind, **fields))

    def recv(self, timeout: float = WAIT) -> dict:
        return json.loads(self.ws.recv(timeout=timeout))

    def ask(self, kind: str | None = None, text: str | bytes | None = None, **fields) -> dict:
        self.send(kind, text, **fields)
        return self.recv()

    def next(self, kind: str) -> dict:
        """The next message of ``kind`` (skipping presence updates and the like)."""
        for _ in range(50):
            message = self.recv()
            if message["kind"] == kind:
                return message
        raise AssertionError(f"no {kind!r} message")

    def close(self) -> None:
        self.ws.close()


def play_game(address: str, code: str, levels: dict[str, str], seats: dict[str, RemoteSeat] | None = None,
              during=None) -> dict[str, dict]:
    """Both seats of game ``code`` played by computers on threads; each seat's outcome.

    ``during(seats)`` runs on this thread while they play (drop a client, kill the server...).
    """
    seats = seats if seats is not None else {side: RemoteSeat(address, code, side=side) for side in levels}
    outcomes: dict[str, dict] = {}
    failures: list[BaseException] = []

    def run(side: str) -> None:
        try:
            spec = get_game(seats[side].game["game"]) if seats[side].wait(lambda: bool(seats[side].game), WAIT) else None
            outcomes[side] = play_seat(seats[side], spec, levels[side], seed=len(side), idle_timeout=WAIT)
        except BaseException as exc:   # reported on the test's thread
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(side,), daemon=True) for side in levels]
    for thread in threads:
        thread.start()
    if during is not None:
        during(seats)
    for thread in threads:
        thread.join(WAIT * 3)
    for seat in seats.values():
        seat.close()
    if failures:
        raise failures[0]
    assert not any(t.is_alive() for t in threads), "a computer seat never finished"
    return outcomes


__all__ = ["server", "free_port", "Raw", "play_game", "create_game", "RemoteSeat", "WAIT"]
