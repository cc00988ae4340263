"""``navalgames serve`` and ``navalgames remote new|play``.

    navalgames serve [--host H] [--port P] [--data DIR]
    navalgames remote new ADDRESS GAME [--variant V] [--option K=V ...]
    navalgames remote play ADDRESS CODE --level LEVEL [--side SIDE]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from pathlib import Path

import yaml

from navalgames.core.paths import data_dir

DEFAULT_PORT = 8765
DB_NAME = "server.sqlite3"
GC_THRESHOLDS = (10_000, 20, 20)    # Python's are (700, 10, 10)


def _args(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace | int:
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:     # argparse printed the usage and the problem
        return int(exc.code or 0)


def _fail(command: str, message: str) -> int:
    print(f"navalgames {command}: {message}", file=sys.stderr)
    return 2


def serve_command(argv: list[str]) -> int:
    from .server import GameServer, run_server
    from .store import SQLiteStore

    parser = argparse.ArgumentParser(prog="navalgames serve", description="Run a game server.")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; "
                        "0.0.0.0 for every network)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument("--data", metavar="DIR", help="folder of the games database (default: the user data folder)")
    args = _args(parser, argv)
    if isinstance(args, int):
        return args
    path = Path(args.data or data_dir() / "server") / DB_NAME
    try:
        store = SQLiteStore(path)
        server = GameServer(store)
    except Exception as exc:   # sqlite3.Error or OSError: the message names the file's trouble
        return _fail("serve", f"cannot open the games database {path}: {exc}")

    # A server process holds what it loaded at start for good, and makes short-lived objects by
    # the thousand per second: frozen, the former are no longer scanned by every full collection,
    # and collections come less often (each one stalls every game on the server).
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)

    def ready(host: str, port: int) -> None:
        print(f"NavalGames server listening on ws://{host}:{port} ({len(server.rooms)} games in {path})", flush=True)

    try:
        asyncio.run(run_server(server, args.host, args.port, ready))
    except OSError as exc:
        return _fail("serve", f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        pass
    return 0


def _option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected K=V, got {text!r}")
    return key, yaml.safe_load(value)    # 3 -> 3, off -> False, lot -> "lot", as in the save files


def remote_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames remote", description="Play on a game server.")
    sub = parser.add_subparsers(dest="action", required=True)
    new = sub.add_parser("new", help="create a game and print its code")
    new.add_argument("address", metavar="ADDRESS", help="the server, e.g. ws://127.0.0.1:8765")
    new.add_argument("game", metavar="GAME", help="a game id (see `navalgames list`)")
    new.add_argument("--variant", metavar="V", help="variant id (default: the game's first)")
    new.add_argument("--option", action="append", type=_option, default=[], metavar="K=V", help="a rule option")
    play = sub.add_parser("play", help="take a seat with a computer player and play to the end")
    play.add_argument("address", metavar="ADDRESS")
    play.add_argument("code", metavar="CODE")
    play.add_argument("--level", required=True, metavar="LEVEL", help="the computer's level")
    play.add_argument("--side", metavar="SIDE", help="the seat to take (default: the first free one)")
    play.add_argument("--seed", type=int, metavar="S", help="the computer's seed")
    args = _args(parser, argv)
    if isinstance(args, int):
        return args
    address = args.address if "://" in args.address else f"ws://{args.address}"
    return remote_new(address, args) if args.action == "new" else remote_play(address, args)


def remote_new(address: str, args: argparse.Namespace) -> int:
    from navalgames.core.registry import get_game

    from .client import RemoteError, create_game
    try:
        spec = get_game(args.game)
        variant = args.variant or spec.variants()[0].id
        code = create_game(address, spec.id, variant, dict(args.option))
    except (ValueError, RemoteError) as exc:
        return _fail("remote new", str(exc))
    print(code)
    return 0


def remote_play(address: str, args: argparse.Namespace) -> int:
    from navalgames.core.registry import get_game

    from .autoplay import play_seat
    from .client import RemoteError, RemoteSeat
    seat = RemoteSeat(address, args.code, side=args.side, give_up_after=120)
    try:
        if not seat.wait(lambda: bool(seat.game), 30):
            return _fail("remote play", seat.fatal or f"no answer from {address}")
        if seat.fatal:
            return _fail("remote play", seat.fatal)
        spec = get_game(seat.game["game"])
        if args.level not in spec.ai_levels:
            return _fail("remote play", f"no level {args.level!r} for {spec.title}: expected one of "
                                        f"{', '.join(spec.ai_levels)}")
        print(f"{spec.title}, {seat.game['variant']}, game {seat.code}: {args.level} plays {seat.side}",
              flush=True)
        outcome = play_seat(seat, spec, args.level, args.seed)
    except (ValueError, RemoteError) as exc:
        return _fail("remote play", str(exc))
    finally:
        seat.close()
    print(outcome_line(seat.side, outcome, seat.state["seq"]))
    return 0


def outcome_line(side: str, outcome: dict, plies: int) -> str:
    """The result in the tournament's words: win, draw or loss, and the ending."""
    winner = outcome["winner"]
    result = "draw" if winner in (None, "none") else ("win" if winner == side else "loss")
    return f"{side}: {result}; ending: {outcome['reason']}; {plies} plies"
