"""The network side of the launcher's online screens, always off the UI thread.

A ``Connection`` does, on its own thread, whatever joining takes: start the server inside the
app (Host), create the game, and open the seat (``RemoteSeat``, which then keeps itself
connected). The screen polls ``done``/``error`` each frame; whatever arrives calls ``on_change``
(the window's ``request_redraw``), so an idle screen still shows it.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from navalgames.core.paths import data_dir
from navalgames.net.client import RemoteError, RemoteSeat, create_game
from navalgames.net.remote_match import RemoteMatch
from navalgames.net.seats import SeatEntry, remember_seat
from navalgames.net.server import ServerThread
from navalgames.net.store import SQLiteStore

DEFAULT_PORT = 8765          # the in-app server's port when free (else any free port)
DB_FILE = "app.sqlite3"      # beside `navalgames serve`'s own database, never shared with it
JOIN_TIMEOUT = 20.0          # seconds to wait for the server's first answer before saying so

_server: ServerThread | None = None
_server_mode = ""
_server_lock = threading.Lock()


def app_server(mode: str, port: int | None = None) -> ServerThread:
    """The server inside this app ("local": this computer only; "open": every network),
    started on first use and kept for the app's life."""
    global _server, _server_mode
    host = "0.0.0.0" if mode == "open" else "127.0.0.1"
    with _server_lock:
        if _server is not None and _server_mode == mode:
            return _server
        if _server is not None:
            _server.stop()
            _server = None
        path = data_dir() / "server" / DB_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        for tried in ((DEFAULT_PORT, 0) if port is None else (port,)):
            store = SQLiteStore(path)
            running = ServerThread(store, host=host, port=tried)
            if running.address:
                _server, _server_mode = running, mode
                return running
            store.close()
        raise RemoteError(f"the server could not listen on {host}")


def stop_app_server() -> None:
    global _server
    with _server_lock:
        if _server is not None:
            _server.stop()
            _server = None


def port_of(address: str) -> int:
    return int(address.rsplit(":", 1)[1])


def lan_address() -> str:
    """This computer's address on its network, as another computer would reach it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))       # no packet is sent: this only picks the route
            return probe.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"


def normal_address(text: str) -> str:
    """``host:port`` or ``ws://host:port`` as a server address (the default port if none)."""
    text = text.strip()
    if not text:
        raise RemoteError("type the server's address, e.g. ws://192.168.1.20:8765")
    if "://" not in text:
        text = "ws://" + text
    scheme, rest = text.split("://", 1)
    if scheme not in ("ws", "wss"):
        raise RemoteError(f"not a server address: {text!r} (it starts ws://)")
    host = rest.rstrip("/")
    if not host or any(c.isspace() for c in host):
        raise RemoteError(f"not a server address: {text!r}")
    if ":" not in host.rsplit("]", 1)[-1]:
        host += f":{DEFAULT_PORT}"
    return f"{scheme}://{host}"


@dataclass
class Plan:
    """What to connect to: host a new game, join or watch one, or take back a seat."""
    game: str = ""
    variant: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    side: str | None = None
    address: str = ""          # a server already running ("" with hosted set: the app's own)
    hosted: str = ""           # "local" / "open": the server inside this app
    code: str = ""             # join / watch / resume
    token: str | None = None   # resume
    spectate: bool = False

    @property
    def hosting(self) -> bool:
        return not self.code


class Connection:
    """One plan carried out on a background thread; then the seat, kept connected."""

    def __init__(self, plan: Plan, on_change: Callable[[], None] = lambda: None) -> None:
        self.plan = plan
        self.on_change = on_change
        self.address = ""           # what this app connects to
        self.shown_address = ""     # what to give the friend
        self.code = plan.code.strip().upper()
        self.seat: RemoteSeat | None = None
        self.error = ""
        self.done = False           # the seat has joined and has the game's state
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, name="online-connect", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._connect()
        except RemoteError as exc:
            self.error = str(exc)
        except (OSError, ValueError) as exc:
            self.error = f"could not connect: {exc}"
        self.on_change()

    def _connect(self) -> None:
        plan = self.plan
        if plan.hosted:
            server = app_server(plan.hosted)
            self.address = f"ws://127.0.0.1:{port_of(server.address)}"
            shown_host = lan_address() if plan.hosted == "open" else "127.0.0.1"
            self.shown_address = f"ws://{shown_host}:{port_of(server.address)}"
        else:
            self.address = self.shown_address = normal_address(plan.address)
        if plan.hosting:
            self.code = create_game(self.address, plan.game, plan.variant, plan.options, tries=2)
            self.on_change()
        if not self.code:
            raise RemoteError("type the game code your friend gave you")
        seat = RemoteSeat(self.address, self.code, side=plan.side, token=plan.token,
                          spectate=plan.spectate, on_change=self.on_change, give_up_after=None,
                          history=True)
        self.seat = seat
        if not seat.wait(lambda: seat.state is not None and bool(seat.game), JOIN_TIMEOUT):
            seat.close()
            raise RemoteError(seat.fatal or f"no answer from {self.address}")
        if seat.fatal:
            seat.close()
            raise RemoteError(seat.fatal)
        if self._cancelled:
            seat.close()
            return
        if seat.token and seat.side:
            remember_seat(SeatEntry(self.address, self.code, seat.game["game"], seat.game["variant"],
                                    seat.side, seat.token, plan.hosted))
        self.done = True

    def opponent_here(self) -> bool:
        seat = self.seat
        if seat is None or seat.state is None or seat.side is None:
            return False
        return any(on for side, on in seat.state.get("connected", {}).items() if side != seat.side)

    def match(self, spec) -> RemoteMatch:
        assert self.seat is not None and self.done
        return RemoteMatch(spec, self.seat)

    def cancel(self) -> None:
        """Give up (the game stays on the server if it was made); never waits for the network."""
        self._cancelled = True
        if self.seat is not None:
            threading.Thread(target=self.seat.close, daemon=True).start()
