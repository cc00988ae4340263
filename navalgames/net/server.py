"""The game server: a websockets asyncio server holding many Rooms.

Each connection has its own outgoing queue and writer task, so a slow reader never holds up a
game; its incoming messages pass a token bucket, so a flooding client is slowed and, if it keeps
on, dropped. Nothing a client sends can stop the server or touch another game: every request is
checked (protocol.decode, Room) before anything changes, and an unexpected error is answered and
logged, not raised.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from navalgames.core.registry import GameSpec, discover_games

from .codec import dumps
from .patch import diff, dumps_patch
from .protocol import MAX_BYTES, ProtocolError, decode, encode, encode_raw
from .room import Room, RoomError, new_code
from .store import GameStore, StoredGame

log = logging.getLogger("navalgames.net.server")

RATE = 100.0          # messages per second a connection may keep up
BURST = 200           # and in one burst
STRIKES = 100         # messages refused for flooding before the connection is dropped
QUEUE_LIMIT = 256     # messages waiting for a reader that does not read: it is dropped
HISTORY_STEPS = 100   # steps of a game's history in one message (a few tens of KB)


class TokenBucket:
    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> float:
        """0 if a message may pass now, else how long to wait for the next one."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


@dataclass(eq=False)
class Client:
    """One connection: where it sits (if anywhere) and its outgoing queue."""
    ws: ServerConnection
    room: Room | None = None
    side: str | None = None          # None: a spectator (or not joined)
    patches: bool = False            # asked for observations as patches on the one sent before
    shown: Any = None                # the observation last sent (an engine value), to patch
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)

    def send(self, kind: str, **fields: Any) -> None:
        self.send_text(encode(kind, **fields))

    def send_text(self, text: str) -> None:
        if self.queue.qsize() >= QUEUE_LIMIT:
            raise ConnectionError("the client does not read its messages")
        self.queue.put_nowait(text)


class GameServer:
    def __init__(self, store: GameStore, rate: float = RATE, burst: int = BURST,
                 strikes: int = STRIKES) -> None:
        self.store = store
        self.rate, self.burst, self.strikes = rate, burst, strikes
        self.specs: dict[str, GameSpec] = discover_games()
        self.rooms: dict[str, Room] = {}
        self.clients: set[Client] = set()
        self.watchers: dict[Room, set[Client]] = {}     # who is in each room, seats and spectators
        for stored in store.games():
            self._restore(stored)

    def _restore(self, stored: StoredGame) -> Room | None:
        spec = self.specs.get(stored.game)
        if spec is None:
            log.warning("game %s: %r is not installed; kept in the store, not served", stored.code, stored.game)
            return None
        try:
            room = self.rooms[stored.code] = Room(spec, stored, self.store)
        except Exception as exc:   # one broken game must not keep the others offline
            log.warning("game %s cannot be restored: %s", stored.code, exc)
            return None
        return room

    def room(self, code: str) -> Room | None:
        """The game ``code``: in memory, or a finished one read back from the store."""
        room = self.rooms.get(code)
        if room is None:
            stored = self.store.game(code)
            room = self._restore(stored) if stored is not None else None
        return room

    # --- connections -----------------------------------------------------------------------
    async def handle(self, ws: ServerConnection) -> None:
        client = Client(ws)
        self.clients.add(client)
        writer = asyncio.create_task(self._write(client))
        bucket, strikes = TokenBucket(self.rate, self.burst), 0
        try:
            async for message in ws:
                wait = bucket.take()
                if wait:
                    strikes += 1
                    if strikes > self.strikes:
                        await ws.close(1008, "too many messages")
                        break
                    client.send("error", message="too many messages: slow down", about=None)
                    await asyncio.sleep(wait)        # read nothing more from this one meanwhile
                    continue
                self.receive(client, message)
        except ConnectionClosed:
            pass
        except ConnectionError:
            await ws.close(1008, "messages not read")
        finally:
            self.clients.discard(client)
            writer.cancel()
            if client.room is not None:
                room = client.room
                self.leave(client)
                self.broadcast(room, [])             # the others see the seat go empty

    async def _write(self, client: Client) -> None:
        try:
            while True:
                await client.ws.send(await client.queue.get())
        except ConnectionClosed:
            pass

    def receive(self, client: Client, message: str | bytes) -> None:
        about = None
        try:
            data = decode(message)
            about = data["kind"]
            getattr(self, "on_" + about)(client, data)
        except (ProtocolError, RoomError) as exc:
            client.send("error", message=str(exc), about=about)
        except ConnectionError:
            raise
        except Exception as exc:   # a bug must cost one answer, never the server
            log.exception("request %s failed", about)
            client.send("error", message=f"the server could not do that: {type(exc).__name__}", about=about)

    # --- requests ----------------------------------------------------------------------------
    def on_create(self, client: Client, data: dict) -> None:
        spec = self.specs.get(data["game"])
        if spec is None:
            raise RoomError(f"no game {data['game']!r}: expected one of {', '.join(self.specs)}")
        code = new_code()
        while code in self.rooms or self.store.game(code) is not None:
            code = new_code()
        try:
            room = Room.create(spec, data["variant"], data["options"], self.store, code)
        except ValueError as exc:
            raise RoomError(str(exc)) from None
        self.rooms[code] = room
        client.send("created", code=code)

    def on_join(self, client: Client, data: dict) -> None:
        room = self.room(data["code"].strip().upper())
        if room is None:
            raise RoomError(f"no game with code {data['code']!r}")
        token = data.get("token")
        if token:
            side = room.seat_of(token)
        elif data.get("spectate"):
            side = None
        else:
            side, token = room.take_seat(data.get("side"))
        previous = client.room
        if previous is not room:      # (leaving the same finished game would let go of it)
            self.leave(client)
        client.room, client.side, client.patches = room, side, bool(data.get("patches"))
        client.shown = None           # a join is answered with a whole observation
        self.watchers.setdefault(room, set()).add(client)
        client.send("joined", **room.welcome(side, token))
        if data.get("history"):
            self.send_history(client, room)
        if previous is not None and previous is not room:
            self.broadcast(previous, [])
        self.broadcast(room, [])

    def send_history(self, client: Client, room: Room) -> None:
        """The game's steps so far as this seat saw them, before its first ``state``: in
        messages of at most HISTORY_STEPS steps, the last with ``more`` false."""
        steps = room.history(client.side)
        for start in range(0, max(1, len(steps)), HISTORY_STEPS):
            client.send("history", code=room.code, steps=steps[start:start + HISTORY_STEPS],
                        more=start + HISTORY_STEPS < len(steps))

    def leave(self, client: Client) -> None:
        room = client.room
        client.room, client.shown = None, None
        if room is None:
            return
        watchers = self.watchers.get(room, set())
        watchers.discard(client)
        if not watchers and room.outcome():
            # a finished game nobody watches is let go of: a server up for months does not hold
            # every game ever played (the store does; ``room`` reads it back if asked for)
            self.watchers.pop(room, None)
            if self.rooms.get(room.code) is room:
                del self.rooms[room.code]

    def _seat(self, client: Client, data: dict) -> tuple[Room, str]:
        if client.room is None:
            raise RoomError("join a game first")
        side = client.room.seat_of(data["token"])
        if side != client.side:
            raise RoomError("wrong token: it is not the seat you joined")
        return client.room, side

    def on_act(self, client: Client, data: dict) -> None:
        room, side = self._seat(client, data)
        step = room.act(side, data["action"], data["seq"])
        self.broadcast(room, step.events, step.played)

    def on_offer_draw(self, client: Client, data: dict) -> None:
        room, side = self._seat(client, data)
        room.offer_draw(side)
        self.broadcast(room, [])

    def on_answer_draw(self, client: Client, data: dict) -> None:
        room, side = self._seat(client, data)
        self.broadcast(room, room.answer_draw(side, data["accept"]))

    def on_resign(self, client: Client, data: dict) -> None:
        room, side = self._seat(client, data)
        self.broadcast(room, room.resign(side))

    # --- telling everyone --------------------------------------------------------------------
    def broadcast(self, room: Room, events: list, played: list = ()) -> None:
        """Send everyone in ``room`` its ``state``: each message is written once, for all the
        watchers of one side holding the same observation (the whole one, or one patch)."""
        watchers = list(self.watchers.get(room, ()))
        connected = {side: any(c.side == side for c in watchers) for side in room.spec.sides}
        fields: dict[str | None, dict] = {}
        written: list[tuple[str | None, Any, str]] = []     # (side, what its watcher held, message)
        for watcher in watchers:
            shown = room.observation(watcher.side)
            held = watcher.shown if watcher.patches else None
            text = next((t for side, base, t in written if side == watcher.side and base is held), None)
            if text is None:
                if watcher.side not in fields:
                    fields[watcher.side] = room.view(watcher.side, events, connected, played)
                raw = {"observation": dumps(shown)} if held is None else {"patch": dumps_patch(diff(held, shown))}
                text = encode_raw("state", raw, **fields[watcher.side])
                written.append((watcher.side, held, text))
            watcher.shown = shown
            try:
                watcher.send_text(text)
            except ConnectionError:
                self.leave(watcher)
                asyncio.ensure_future(watcher.ws.close(1008, "messages not read"))


async def run_server(server: GameServer, host: str, port: int, ready=None, stop=None) -> None:
    """Serve until ``stop`` (an asyncio.Event) is set, or forever; ``ready(host, port)`` once listening."""
    # close_timeout: a flooder being dropped does not read our close frame quickly; do not wait long
    async with serve(server.handle, host, port, max_size=4 * MAX_BYTES, compression=None,
                     close_timeout=2) as ws_server:
        bound = ws_server.sockets[0].getsockname()
        if ready is not None:
            ready(bound[0], bound[1])
        if stop is None:
            await asyncio.Future()
        else:
            await stop.wait()


class ServerThread:
    """A server on a background thread (the launcher's Host, tests): ``address``, ``stop()``."""

    def __init__(self, store: GameStore, host: str = "127.0.0.1", port: int = 0, **limits: Any) -> None:
        self.server = GameServer(store, **limits)
        self.address = ""
        self._ready = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, args=(host, port), name="navalgames-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise OSError(f"the server could not listen on {host}:{port}")

    def _run(self, host: str, port: int) -> None:
        asyncio.set_event_loop(self._loop)
        self._stop = asyncio.Event()

        def ready(bound_host: str, bound_port: int) -> None:
            self.address = f"ws://{bound_host}:{bound_port}"
            self._ready.set()

        try:
            self._loop.run_until_complete(run_server(self.server, host, port, ready, self._stop))
        finally:
            self._ready.set()

    def stop(self) -> None:
        if self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)
        self.server.store.close()
