"""Frame timing shared by the games' frame benchmarks (``python -m games.<game>.ui.bench_frames``).

A frame is timed from ``on_update`` through ``on_draw`` to ``ctx.finish()``, so the figure
includes the GPU's (or llvmpipe's) work, not just the Python side; the process's CPU time a
frame is given too. ``plain_view`` is the yardstick timed in the same run. Target: at most 8 ms.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

TARGET_MS = 8.0


def frame_parser(prog: str) -> argparse.ArgumentParser:
    """The options every frame benchmark takes: --frames, --size."""
    parser = argparse.ArgumentParser(prog=prog)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1280x800", help="window size, WIDTHxHEIGHT")
    return parser


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(f"bench_frames: --size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x800") from None
    return width, height


def time_frames(window, view, frames: int, before_frame: Callable[[], None] | None = None,
                target: float = TARGET_MS, times: list[float] | None = None) -> str:
    """Draw ``frames`` frames of ``view`` and say the median and 90th percentile in words
    (against ``target`` ms: a still frame's by default); ``times`` receives each frame's ms in order."""
    view.on_draw()
    window.ctx.finish()
    times = [] if times is None else times
    cpu = []     # the process's CPU time, all threads (the renderer's too): less swayed by a busy machine
    for _ in range(frames):
        if before_frame is not None:
            before_frame()
        start, start_cpu = time.perf_counter(), time.process_time()
        view.on_update(1 / 60)
        view.on_draw()
        window.ctx.finish()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    ordered = sorted(times)
    median = statistics.median(ordered)
    p90 = ordered[max(0, int(len(ordered) * 0.9) - 1)]
    return (f"median frame {median:.2f} ms, 90th percentile {p90:.2f} ms over {len(ordered)} frames "
            f"({'within' if median <= target else 'over'} the {target:g} ms target), "
            f"CPU {statistics.median(cpu):.2f} ms a frame")


def plain_view(window):
    """The yardstick of the frame benchmarks: a plain arcade view that clears the window and draws
    one text (the least any frame costs on this renderer), timed in the same run so figures taken
    on a busy machine can be compared. Made lazily: arcade is imported once the window is headless."""
    import arcade

    class Plain(arcade.View):
        def __init__(self) -> None:
            super().__init__(window)
            self.text = arcade.Text("Yardstick", 20, 20, arcade.color.WHITE, 14)

        def on_draw(self) -> None:
            self.clear()
            self.text.draw()

    return Plain()
