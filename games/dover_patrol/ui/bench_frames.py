"""Frame benchmark: the Dover Patrol play screen mid-game, all 80 pieces afloat, the log full.

    python -m games.dover_patrol.ui.bench_frames [--frames N] [--size 1280x800] [--redraw]

A piece is selected (its destinations lit) and the log holds 60 turns. Prints the median and
90th percentile time to draw one frame, GPU work included (``ctx.finish()``). Target: at most
8 ms. ``--redraw`` rebuilds the board sprites and the panel every frame (the cost of a frame
right after a move).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time


def busy_position(turns: int = 60, seed: int = 80):
    """A hot-seat match after ``turns`` quiet moves: nobody sunk, both fleets complete."""
    from games.dover_patrol.rules import ENGINE, Move
    from navalgames.core.match import Match
    from navalgames.core.registry import get_game
    spec = get_game("dover-patrol")
    match = Match.new(spec, "classic", seed=seed, players={"south": "human", "north": "human"})
    rng = random.Random(seed)
    for side in ("south", "north"):
        match.play(ENGINE.random_deployment("classic", side, rng))
    for _ in range(turns):
        state = match.state
        quiet = [a for a in state.legal_actions() if isinstance(a, Move) and a.attack < 0]
        rng.shuffle(quiet)
        for action in quiet:
            trial = state.clone()
            trial.apply(action)
            if sum(1 for sq in range(trial.rules.size) if trial.piece_at(sq)) == 80:
                match.play(action)
                break
        else:
            break
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.dover_patrol.ui.bench_frames")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--redraw", action="store_true", help="rebuild board and panel every frame")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"bench_frames: --size {args.size!r}: expected WIDTHxHEIGHT, e.g. 1280x800", file=sys.stderr)
        return 2

    from navalgames.ui.screenshot import headless_window
    window = headless_window(width, height)
    from .play import PlayView
    from .session import Session

    match = busy_position()
    session = Session(window, match)
    session.eyes = match.state.to_act()
    view = PlayView(session)
    window.show_view(view)
    view.on_draw()
    square = next(iter(view.actions))
    view.selected = square
    view.dirty = True
    view.on_draw()
    pieces = len(view.board.pieces)
    window.ctx.finish()
    times = []
    for _ in range(args.frames):
        if args.redraw:
            view.dirty = True
        start = time.perf_counter()
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    median = statistics.median(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"Dover Patrol play screen {width}x{height}, {pieces} pieces, {len(session.log)} log lines, "
          f"a ship selected{', everything rebuilt each frame' if args.redraw else ''}: "
          f"median frame {median:.2f} ms, 90th percentile {p90:.2f} ms over {len(times)} frames "
          f"({'within' if median <= 8 else 'over'} the 8 ms target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
