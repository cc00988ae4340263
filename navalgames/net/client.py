"""The client: a seat (or a spectator's place) in a game on a server, that reconnects by itself.

A reader thread keeps the connection (websockets' threaded client, which sits well beside
arcade's loop): it joins, keeps the latest ``state`` message, and when the connection drops it
reconnects with exponential back-off and rejoins with the seat's token, so the player comes
back exactly where he was. The other thread reads ``state`` and sends with ``act`` and friends.
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from .patch import apply
from .protocol import MAX_BYTES, encode

FIRST_DELAY = 0.05        # seconds before the first reconnection
MAX_DELAY = 5.0           # back-off grows to this and stays
NETWORK_ERRORS = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError)


class RemoteError(Exception):
    """The server refused us for good (no such game, seat taken, wrong token) or is unreachable."""


def _open(address: str):
    return connect(address, proxy=None, compression=None, open_timeout=5, max_size=16 * MAX_BYTES)


def create_game(address: str, game: str, variant: str, options: dict[str, Any] | None = None,
                tries: int = 5) -> str:
    """A new game on the server at ``address``; its code."""
    delay = FIRST_DELAY
    for attempt in range(tries):
        try:
            with _open(address) as ws:
                ws.send(encode("create", game=game, variant=variant, options=dict(options or {})))
                reply = json.loads(ws.recv(timeout=30))
        except InvalidURI as exc:
            raise RemoteError(f"not a server address: {exc}") from None
        except NETWORK_ERRORS as exc:
            if attempt == tries - 1:
                raise RemoteError(f"cannot reach {address}: {exc}") from None
            time.sleep(delay)
            delay = min(delay * 2, MAX_DELAY)
            continue
        if reply.get("kind") != "created":
            raise RemoteError(reply.get("message", f"unexpected reply {reply.get('kind')!r}"))
        return reply["code"]
    raise AssertionError("unreachable")


class RemoteSeat:
    """Join ``code`` at ``address`` (a free seat, the ``side`` asked for, the seat of ``token``,
    or as a spectator) and keep the game's latest state in ``state``."""

    def __init__(self, address: str, code: str, side: str | None = None, token: str | None = None,
                 spectate: bool = False, on_change: Callable[[], None] | None = None,
                 give_up_after: float | None = None, history: bool = False) -> None:
        self.address, self.code = address, code.strip().upper()
        self.side, self.token, self.spectate = side, token, spectate
        self.history = history                 # ask for the game's past steps at every join
        self.on_change = on_change
        self.give_up_after = give_up_after     # seconds without a connection (None: never)
        self.game: dict[str, Any] = {}         # the ``joined`` message: game, variant, options, sides
        self.state: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        # the game's steps as this seat saw them ({"seq", "actions", "events"}): the history sent
        # at the last join (``history_version`` counts them), then each state's own
        self.steps: list[dict[str, Any]] = []
        self.history_version = 0
        self._history_parts: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.fatal: str | None = None
        self.connected = False
        self.joins = 0                         # how many times we (re)joined
        self.reconnects = 0
        self._ws = None
        self._closing = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"remote-{self.code}", daemon=True)
        self._thread.start()

    # --- the reader thread -----------------------------------------------------------------
    def _run(self) -> None:
        delay, lost_since = FIRST_DELAY, None
        while not self._closing and self.fatal is None:
            try:
                with _open(self.address) as ws:
                    self._ws = ws
                    ws.send(encode("join", code=self.code, side=self.side, token=self.token,
                                   spectate=self.spectate or None, patches=True, history=self.history or None))
                    for message in ws:
                        self._receive(json.loads(message))
                        delay, lost_since = FIRST_DELAY, None
                        if self.fatal or self._closing:
                            break
            except InvalidURI as exc:
                self._update(fatal=f"not a server address: {exc}")
            except NETWORK_ERRORS:
                pass
            self._ws = None
            self._update(connected=False)
            if self._closing or self.fatal:
                break
            lost_since = lost_since or time.monotonic()
            if self.give_up_after is not None and time.monotonic() - lost_since > self.give_up_after:
                self._update(fatal=f"lost the server at {self.address}")
                break
            time.sleep(delay * random.uniform(0.5, 1.0))    # jitter: clients do not return in a herd
            delay = min(delay * 2, MAX_DELAY)
            self.reconnects += 1

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("kind")
        if kind == "joined":
            self._history_parts = []
            self._update(side=message["side"], token=message["token"] or self.token, game=message,
                         connected=True, joins=self.joins + 1)
        elif kind == "history":
            self._history_parts.extend(message["steps"])
            if not message.get("more"):
                self._update(steps=self._history_parts, history_version=self.history_version + 1)
                self._history_parts = []
        elif kind == "state":
            if "patch" in message:    # only what changed: ``state`` still holds the whole observation
                try:
                    message["observation"] = apply(self.state["observation"], message.pop("patch"))
                except (LookupError, TypeError, ValueError):
                    self._ws.close()  # a patch that does not fit: reconnect, for a whole observation
                    return
            step = {key: message.get(key) or [] for key in ("actions", "events")}
            with self._changed:       # the step and its state together: a reader sees both or neither
                self.events.extend(message["events"])
                if step["actions"] or step["events"]:
                    self.steps.append({"seq": message["seq"], **step})
                self.state = message
            self._update()
        elif kind == "error":
            if message.get("about") == "join":
                self._update(fatal=message["message"])    # no such game, seat taken: retrying won't help
            else:
                with self._changed:
                    self.errors.append(message["message"])
                self._update()

    def _update(self, **values: Any) -> None:
        with self._changed:
            for name, value in values.items():
                setattr(self, name, value)
            self._changed.notify_all()
        if self.on_change is not None:
            self.on_change()

    # --- for the player's thread -------------------------------------------------------------
    def news(self, version: int, count: int) -> tuple[dict[str, Any] | None, int, list[dict[str, Any]], bool]:
        """What a reader holding ``count`` steps of history ``version`` has not taken yet, read
        together with the state they led to: (state, history version, steps, whether a new
        history came and the steps are all of it)."""
        with self._changed:
            if version != self.history_version:
                return self.state, self.history_version, list(self.steps), True
            return self.state, version, self.steps[count:], False

    def wait(self, condition: Callable[[], bool], timeout: float) -> bool:
        """Wait until ``condition()`` holds (checked whenever something arrives)."""
        with self._changed:
            return self._changed.wait_for(lambda: condition() or self.fatal is not None, timeout)

    def send(self, kind: str, **fields: Any) -> bool:
        """Send now if connected (False if not: the state will tell what to do once back)."""
        ws = self._ws
        if ws is None or not self.connected:
            return False
        try:
            ws.send(encode(kind, **fields))
        except NETWORK_ERRORS:
            return False
        return True

    def act(self, action: str) -> bool:
        return self.send("act", token=self.token, action=action, seq=self.state["seq"])

    def offer_draw(self) -> bool:
        return self.send("offer_draw", token=self.token)

    def answer_draw(self, accept: bool) -> bool:
        return self.send("answer_draw", token=self.token, accept=accept)

    def resign(self) -> bool:
        return self.send("resign", token=self.token)

    def drop(self) -> None:
        """Cut the connection as a network fault would (the seat reconnects by itself)."""
        ws = self._ws
        if ws is not None:
            ws.socket.close()

    def close(self) -> None:
        """Leave (adjourn): the game stays on the server, the token can take the seat again."""
        self._closing = True
        ws = self._ws
        if ws is not None:
            ws.close()
        self._thread.join(5)
