"""Idle CPU: ``navalgames bench-idle [--seconds S] [--size WxH] [--screen NAME ...]``.

Each screen runs in its own process, in the real event loop, untouched for a fixed time, and
the process's CPU seconds per wall second are printed (all threads; 1.0 = one core busy). The
yardstick, in the same run, is arcade's own minimal window drawing one text at its usual
60 frames a second. Set ARCADE_HEADLESS=1 to measure without a screen, or run under a real X
server (``xvfb-run -a navalgames bench-idle``). Target (issue 19): at most 0.25 cores.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

TARGET = 0.25
SCREENS = {
    "arcade-minimal": "arcade's minimal window, one text (the yardstick)",
    "launcher": "the launcher's main screen",
    "dover-patrol": "a Dover Patrol play screen waiting for the player",
    "naval-blockade": "a Naval Blockade play screen waiting for the player",
}


def parse_size(text: str) -> tuple[int, int]:
    from navalgames.ui.screenshot import parse_size as parse
    return parse(text)


def make_screen(name: str, width: int, height: int):
    """The window showing screen ``name`` (made visible, as a player would see it)."""
    import arcade
    if name == "arcade-minimal":
        window = arcade.Window(width, height, "arcade")
        text = arcade.Text("Hello, arcade", width / 2, height / 2, arcade.color.WHITE, 24, anchor_x="center")

        class Minimal(arcade.View):
            def on_draw(self) -> None:
                self.clear()
                text.draw()

        window.show_view(Minimal())
        return window
    import tempfile
    from pathlib import Path
    from navalgames.core.records import SaveStore
    from navalgames.core.settings import Settings
    from navalgames.ui.app import NavalWindow
    window = NavalWindow(Settings(width=width, height=height, sound=False),
                         SaveStore(Path(tempfile.mkdtemp(prefix="navalgames-bench-"))))
    if name == "launcher":
        window.show_launcher()
    elif name == "dover-patrol":
        from games.dover_patrol.ui.bench_frames import busy_position
        from games.dover_patrol.ui.play import PlayView
        from games.dover_patrol.ui.session import Session
        match = busy_position()
        session = Session(window, match)
        session.eyes = match.state.to_act()
        window.show_view(PlayView(session))
    elif name == "naval-blockade":
        from games.naval_blockade.ui.screenshot import demo_match
        window.start_match(demo_match("play", window))
    return window


def measure(name: str, seconds: float, width: int, height: int, warm_up: float = 1.5) -> tuple[float, int]:
    """CPU seconds per wall second over ``seconds`` after a warm-up, and the frames drawn then."""
    from navalgames.ui.headless import headless_requested, prepare_headless
    if headless_requested():
        prepare_headless()
    import pyglet
    window = make_screen(name, width, height)
    frames = [0]
    window.push_handlers(on_draw=lambda: frames.__setitem__(0, frames[0] + 1))
    marks: dict[str, tuple[float, float, int]] = {}

    def mark(label: str) -> None:
        marks[label] = (time.process_time(), time.monotonic(), frames[0])

    pyglet.clock.schedule_once(lambda dt: mark("start"), warm_up)
    pyglet.clock.schedule_once(lambda dt: (mark("end"), pyglet.app.exit()), warm_up + seconds)
    from navalgames.ui.app import run_event_loop
    run_event_loop()
    window.close()
    (cpu0, wall0, f0), (cpu1, wall1, f1) = marks["start"], marks["end"]
    return (cpu1 - cpu0) / (wall1 - wall0), f1 - f0


def one(argv: list[str]) -> int:
    """The child process: measure one screen, print 'CORES FRAMES'."""
    name, seconds, size = argv[0], float(argv[1]), parse_size(argv[2])
    cores, frames = measure(name, seconds, *size)
    print(f"{cores:.4f} {frames}")
    return 0


def bench_idle_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames bench-idle", description=__doc__.split("\n\n")[1])
    parser.add_argument("--seconds", type=float, default=10.0, help="time measured per screen (default 10)")
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--screen", action="append", choices=list(SCREENS),
                        help="measure only these screens (the yardstick always runs)")
    try:
        args = parser.parse_args(argv)
        parse_size(args.size)
    except argparse.ArgumentTypeError as exc:
        print(f"navalgames bench-idle: --size: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exit_:
        return int(exit_.code or 0)
    names = ["arcade-minimal", *[n for n in SCREENS if n != "arcade-minimal" and
                                 (not args.screen or n in args.screen)]]
    where = "headless" if os.environ.get("ARCADE_HEADLESS") == "1" else f"display {os.environ.get('DISPLAY', '?')}"
    print(f"Idle CPU, {args.size}, {args.seconds:g} s per screen, {where} (target: at most {TARGET} cores)")
    yardstick = None
    for name in names:
        done = subprocess.run([sys.executable, "-m", "navalgames.ui.bench_idle", name, str(args.seconds),
                               args.size], capture_output=True, text=True, timeout=args.seconds + 120)
        if done.returncode != 0:
            reason = (done.stderr.strip().splitlines() or ["no message"])[-1]
            print(f"  {name:15} could not run: {reason}")
            continue
        cores, frames = done.stdout.split()[-2:]
        cores = float(cores)
        yardstick = cores if name == "arcade-minimal" else yardstick
        versus = f", {cores / yardstick:.2f}x the yardstick" if yardstick and name != "arcade-minimal" else ""
        verdict = "" if name == "arcade-minimal" else ("  within target" if cores <= TARGET else "  OVER target")
        print(f"  {name:15} {cores:.3f} cores, {int(frames) / args.seconds:5.1f} frames/s{versus}{verdict}"
              f"  ({SCREENS[name]})")
    return 0


if __name__ == "__main__":
    sys.exit(one(sys.argv[1:]))
