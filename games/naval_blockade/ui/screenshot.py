"""``navalgames screenshot naval-blockade OUT.png ...``: render a Blockade screen headless to PNG.

    --position P.yaml   open that position (docs/naval_blockade.md, "Positions")
    --screen S          without a position: a demonstration game at terrain | play | over
    --overlays          gun arcs, range and line of fire on (off by default)
    --hover             point the mouse at a steering marker (the "would bear" preview)
    --size WxH          window size (default 1280x800)
    --colour-blind      the colour-blind palette

The demonstration games are real games played through the engine from fixed actions, so the
pictures show what the rules produce.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


# A game on "The Gauntlet" layout, played through the engine: twenty moves in, four points each,
# the ships six squares apart with island 3 between them.
SETUP = {"toss": "toss:blockader", "terrain": "scenario:the-gauntlet",
         "runner": "start m1", "blockader": "start c23"}
PLAY_MOVES = (
    "ahead port port ahead ahead port ahead ahead starboard port ahead starboard ahead starboard "
    "ahead port ahead ahead ahead port H1 ahead H1 port M ahead H1 port H1 ahead H2 starboard H2 "
    "starboard ahead").split()
# ...and on to the Runner's escape, by way of a D4 and a six-square move.
OVER_MOVES = PLAY_MOVES + (
    "ahead ahead ahead port starboard starboard ahead starboard D4 ahead starboard ahead ahead "
    "starboard ahead port port port port port port starboard starboard port ahead ahead starboard "
    "ahead ahead ahead").split()


def open_window(width: int = 1280, height: int = 800, colour_blind: bool = False):
    """A hidden window whose saves go to a throw-away folder (never the player's own)."""
    from navalgames.core.records import SaveStore
    from navalgames.ui.screenshot import headless_window
    window = headless_window(width, height, colour_blind)
    window.store = SaveStore(Path(tempfile.mkdtemp(prefix="navalgames-shot-")))
    return window


def demo_match(screen: str, window):
    """A real game on "The Gauntlet": at the terrain phase, twenty moves in, or over."""
    from navalgames.core.match import Match
    from navalgames.core.registry import get_game
    spec = get_game("naval-blockade")
    toss = "toss:runner" if screen == "terrain" else SETUP["toss"]
    # the toss is the game's first roll whenever it comes: force it from the start
    match = Match.new(spec, "standard", seed=1888, store=window.store, forced_dice=[toss])
    if screen == "terrain":
        play_setup(match, {**SETUP, "terrain": None})
        return match
    play_setup(match, SETUP)
    play_script(match, PLAY_MOVES if screen == "play" else OVER_MOVES)
    return match


def play_setup(match, setup) -> None:
    """The start squares and the layout, in whatever order the engine asks for them."""
    for _ in range(8):
        state = match.state
        if state.stage == "start":
            match.play(setup[state.to_act()])
        elif state.stage == "terrain" and setup.get("terrain"):
            match.play(setup["terrain"])
        else:
            return


def play_script(match, actions) -> None:
    """Play recorded actions through the Match: each decision with the dice that followed it
    forced, so the Match records and autosaves exactly as in a game."""
    from navalgames.core.state import CHANCE
    actions = list(actions)
    state = match.state
    i = 0
    while i < len(actions):
        chance_first = state.to_act() == CHANCE
        decision = None if chance_first else actions[i]
        j = i if chance_first else i + 1
        faces = []
        probe = state.clone()
        if decision is not None:
            probe.apply_text(decision)
        while j < len(actions) and probe.to_act() == CHANCE:
            faces.append(actions[j])
            probe.apply_text(actions[j])
            j += 1
        match.dice.force(*faces)
        if decision is None:
            match.resolve_chance()
            match.autosave()
        else:
            match.play(decision)
        state = match.state
        i = j


def hover_marker(view) -> bool:
    """Point the mouse at the first steering marker the screen shows; False if there is none."""
    view.on_draw()
    if not getattr(view, "markers", None):
        return False
    square = sorted(view.markers)[0]
    from .chart import square_centre
    x, y = view.chart.camera.project(square_centre(*square))
    view.on_mouse_motion(int(x), int(y), 0, 0)
    return True


def terrain_demo(view) -> None:
    """Three islands and a rock placed by hand, and a fourth island held where it may not go."""
    view.islands = [[(5, 9), (6, 9), (6, 10), (6, 11), (7, 10)],
                    [(14, 13), (15, 13), (16, 13), (17, 13), (17, 14)],
                    [(9, 18), (10, 18), (10, 19), (11, 19), (11, 20)]]
    view.rocks = [(19, 6)]
    view.select("P")
    view.rotate()
    from .chart import square_centre
    x, y = view.chart.camera.project(square_centre(8, 12))
    view.on_mouse_motion(int(x), int(y), 0, 0)


def screenshot_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames screenshot naval-blockade")
    parser.add_argument("out", help="the PNG file to write")
    parser.add_argument("--position", help="a position YAML file to open")
    parser.add_argument("--screen", choices=("terrain", "play", "over"), default="play")
    parser.add_argument("--overlays", action="store_true")
    parser.add_argument("--hover", action="store_true")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--colour-blind", action="store_true")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        return _fail(f"--size {args.size!r}: expected WIDTHxHEIGHT, e.g. 1280x800")

    start = None
    if args.position:
        try:
            from navalgames.core.safe_yaml import FileRefused, load_file
            start = load_file(Path(args.position))
        except FileRefused as exc:
            return _fail(f"{args.position}: cannot read the position ({exc})")
        if not isinstance(start, dict):
            return _fail(f"{args.position}: a position is a YAML mapping (see docs/naval_blockade.md)")

    from navalgames.core.match import Match
    from navalgames.core.records import SaveError
    from navalgames.core.registry import get_game

    match = None
    if start is not None:
        try:   # checked before any window opens: a bad file costs nothing
            match = Match.new(get_game("naval-blockade"), "standard", seed=1888, start=start)
        except (SaveError, ValueError) as exc:
            return _fail(f"{args.position}: {exc}")

    window = open_window(width, height, args.colour_blind)
    try:
        if match is None:
            match = demo_match(args.screen, window)
        match.store = window.store
        view = window.start_match(match)
        view.finish_animations()
        if hasattr(view, "show"):
            for name in view.show:
                view.show[name] = args.overlays
            view.overlays_dirty = True
        if start is None and args.screen == "terrain":
            terrain_demo(view)
        if args.hover:
            hover_marker(view)
        view.on_update(1 / 60)
        from navalgames.ui.screenshot import save_png
        path = save_png(window, args.out)
    except OSError as exc:
        return _fail(f"cannot write {args.out}: {exc}")
    finally:
        window.close()
    print(f"wrote {path} ({width}x{height}, {type(view).__name__})")
    return 0


def _fail(message: str) -> int:
    print(f"navalgames screenshot: {message}", file=sys.stderr)
    return 2
