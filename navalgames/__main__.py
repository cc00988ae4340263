"""The ``navalgames`` command: the launcher by default, plus tools for each game.

    navalgames                                  start the launcher
    navalgames list                             the games and their variants
    navalgames rules GAME POSITION.yaml ...     legal actions / apply actions to a position
    navalgames bench GAME ...                   engine speed figures
    navalgames screenshot VIEW OUT.png ...      render a view headlessly to a PNG
    navalgames tournament GAME ...              computer against computer
    navalgames serve [--host H] [--port P]      run a game server for online play
    navalgames remote new|play ADDRESS ...      create a game on a server / play it by computer
    navalgames bench-server [--games N]         game server speed figures
    navalgames bench-idle [--seconds S]         CPU used by idle screens

Game-specific commands are provided by each game's GameSpec.commands, so this file names no game.
"""

from __future__ import annotations

import sys

GAME_COMMANDS = ("rules", "bench")
NET_COMMANDS = {"serve": "navalgames.net.commands:serve_command",
                "remote": "navalgames.net.commands:remote_command",
                "bench-server": "navalgames.net.bench:bench_command",
                "bench-idle": "navalgames.ui.bench_idle:bench_idle_command"}
USAGE = __doc__.split("\n\n")[1]


def _fail(message: str, status: int = 2) -> int:
    print(f"navalgames: {message}", file=sys.stderr)
    return status


def list_games() -> int:
    from navalgames.core.registry import discover_games
    for spec in discover_games().values():
        print(f"{spec.id}  {spec.title} ({spec.year}): {spec.description}")
        try:
            variants = spec.variants()
        except Exception as exc:  # a game still being written: say so, list the others
            print(f"    (its rules cannot be loaded yet: {exc})")
            continue
        for variant in variants:
            print(f"    {variant.id:18} {variant.name}")
    return 0


def run_game_command(command: str, argv: list[str]) -> int:
    from navalgames.core.registry import get_game
    if not argv or argv[0] in ("-h", "--help"):
        return _fail(f"usage: navalgames {command} GAME ...  (see `navalgames list` for GAME)")
    try:
        spec = get_game(argv[0])
    except ValueError as exc:
        return _fail(str(exc))
    handler = spec.command(command)
    if handler is None:
        return _fail(f"{spec.title} has no '{command}' command yet")
    return handler(argv[1:])


def screenshot(argv: list[str]) -> int:
    if len(argv) < 2:
        return _fail("usage: navalgames screenshot VIEW OUT.png [options]  (VIEW: launcher or a game id)")
    view, rest = argv[0], argv[1:]
    if view == "launcher":
        from navalgames.ui.screenshot import screenshot_launcher
        return screenshot_launcher(rest)
    return run_game_command("screenshot", argv)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        from navalgames.ui.headless import headless_requested, prepare_headless
        if headless_requested():   # before arcade is imported, as the tests do
            prepare_headless()
        from navalgames.ui.app import run_launcher
        return run_launcher()
    command, rest = argv[0], argv[1:]
    if command in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if command == "list":
        return list_games()
    if command in GAME_COMMANDS:
        return run_game_command(command, rest)
    if command == "screenshot":
        return screenshot(rest)
    if command == "tournament":
        try:
            from navalgames.ai.tournament import main as tournament
        except ImportError:
            return _fail("the tournament command is not available yet")
        return tournament(rest)
    if command in NET_COMMANDS:
        from navalgames.core.registry import load_object
        return load_object(NET_COMMANDS[command])(rest)
    return _fail(f"unknown command {command!r}\n{USAGE}")


if __name__ == "__main__":
    sys.exit(main())
