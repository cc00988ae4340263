"""Render screens to PNG without a display: ``navalgames screenshot launcher OUT.png ...``.

``save_png(window, path)`` draws the window's current view once and writes it; game screenshot
commands can reuse it. ``headless_window(width, height)`` makes the hidden window to draw in.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SCREENS = ("main", "game", "continue", "rules", "settings", "online", "host")


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: expected WIDTHxHEIGHT, e.g. 1280x800") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{text!r} is out of range: 320x240 up to 7680x4320")
    return width, height


def headless_window(width: int = 1280, height: int = 800, colour_blind: bool = False):
    """A hidden NavalWindow of the given size, for screenshots (no sound, no saved settings)."""
    from navalgames.ui.headless import prepare_headless
    prepare_headless()
    from navalgames.core.settings import Settings
    from navalgames.ui.app import NavalWindow
    # Made at its final size: a headless window cannot be resized afterwards.
    return NavalWindow(settings=Settings(width=width, height=height, sound=False, colour_blind=colour_blind),
                       visible=False)


def save_png(window, path: str | Path) -> Path:
    """Draw the current view (twice, so cached UI surfaces are filled) and save it as PNG."""
    import arcade
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    window.switch_to()
    for _ in range(2):
        window.dispatch_event("on_draw")   # queued by pyglet while no event loop runs...
        window.dispatch_events()           # ...and delivered here
    width, height = window.get_framebuffer_size()
    arcade.get_image(0, 0, width, height).convert("RGB").save(path)
    return path


def launcher_screen(window, screen: str, game: str | None):
    """The launcher view called ``screen`` (see SCREENS), for the game ``game`` where it matters."""
    from navalgames.ui.launcher import GameSetupView, LauncherView, installed_games
    games, _ = installed_games()
    if game is not None and game not in games:
        raise ValueError(f"no game {game!r}: expected one of {', '.join(games) or '(none installed)'}")
    if screen == "main":
        return LauncherView()
    if screen == "continue":
        from navalgames.ui.continue_view import ContinueView
        return ContinueView()
    if screen == "settings":
        from navalgames.ui.settings_view import SettingsView
        return SettingsView()
    if screen == "online":
        from navalgames.ui.online.screens import OnlineView
        return OnlineView()
    if not games:
        raise ValueError(f"the {screen} screen needs an installed game")
    spec = games[game] if game else next(iter(games.values()))
    if screen == "rules":
        from navalgames.ui.rules_view import RulesView
        return RulesView(list(games.values()), selected=spec.id)
    if screen == "host":       # a real game on the app's own server (127.0.0.1), waiting for a friend
        from navalgames.ui.online.screens import hosting_for_picture
        return hosting_for_picture(window, spec)
    return GameSetupView(spec)


def screenshot_launcher(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames screenshot launcher",
                                     description="Render a launcher screen to a PNG, without a display.")
    parser.add_argument("out", metavar="OUT.png", help="where to write the picture")
    parser.add_argument("--size", type=parse_size, default=(1280, 800), metavar="WxH",
                        help="window size in pixels (default 1280x800)")
    parser.add_argument("--screen", choices=SCREENS, default="main", help="which screen (default main)")
    parser.add_argument("--game", metavar="ID", help="the game for the game and rules screens")
    parser.add_argument("--colour-blind", action="store_true", help="use the colour-blind palette")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    window = headless_window(*args.size, colour_blind=args.colour_blind)
    try:
        window.show_view(launcher_screen(window, args.screen, args.game))
        path = save_png(window, args.out)
    except (ValueError, OSError) as exc:
        print(f"navalgames: {exc}", file=sys.stderr)
        return 2
    finally:
        if args.screen == "host":
            from navalgames.ui.online.hosting import stop_app_server
            stop_app_server()
        window.close()
    print(f"wrote {path} ({args.screen} screen, {args.size[0]}x{args.size[1]})")
    return 0
