"""Frame benchmark: the play screen, mid-game, every overlay on, drawn headless.

    python -m games.naval_blockade.ui.bench_frames [--frames N] [--size 1280x800] [--hover]

Prints the median (and 90th percentile) time to draw one frame, including waiting for the GPU
to finish it (``ctx.finish()``), so the figure is the real cost, not just the Python side.
Target: at most 8 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.naval_blockade.ui.bench_frames")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--hover", action="store_true", help="hover a steering marker (preview on)")
    parser.add_argument("--redraw", action="store_true",
                        help="redraw everything every frame (the cost when the whole picture changes)")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"bench_frames: --size {args.size!r}: expected WIDTHxHEIGHT, e.g. 1280x800", file=sys.stderr)
        return 2

    from navalgames.ui.headless import prepare_headless
    prepare_headless()
    from .screenshot import demo_match, open_window, hover_marker

    window = open_window(width, height)
    match = demo_match("play", window)
    view = window.start_match(match)
    view.finish_animations()
    if args.hover:
        hover_marker(view)
    view.on_draw()
    window.ctx.finish()
    times = []
    for _ in range(args.frames):
        if args.redraw:
            view.overlays_dirty = True
        start = time.perf_counter()
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    median = statistics.median(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"Naval Blockade play screen {width}x{height}, overlays on"
          f"{', hovering a marker' if args.hover else ''}"
          f"{', everything redrawn each frame' if args.redraw else ''}: median frame {median:.2f} ms, "
          f"90th percentile {p90:.2f} ms over {len(times)} frames "
          f"({'within' if median <= 8 else 'over'} the 8 ms target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
