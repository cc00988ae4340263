"""Frame benchmark: the play screen, mid-game, every overlay on, drawn headless.

    python -m games.naval_blockade.ui.bench_frames [--frames N] [--size 1280x800] [--hover]

Prints the median (and 90th percentile) time to draw one frame, including waiting for the GPU
to finish it (``ctx.finish()``), so the figure is the real cost, not just the Python side.
Target: at most 8 ms (10 ms for ``--redraw``, the frame after a move).

A yardstick is timed in the same run: a plain arcade view that clears the window and draws one
text (the least any frame costs on this renderer), so figures taken on a busy machine can be
compared.
"""

from __future__ import annotations

import sys

from navalgames.ui.bench import TARGET_MS, frame_parser, parse_size, plain_view, time_frames


def main(argv: list[str] | None = None) -> int:
    parser = frame_parser("python -m games.naval_blockade.ui.bench_frames")
    parser.add_argument("--hover", action="store_true", help="hover a steering marker (preview on)")
    parser.add_argument("--redraw", action="store_true",
                        help="rebuild the overlays every frame (the frame after a move)")
    args = parser.parse_args(argv)
    width, height = parse_size(args.size)

    from navalgames.ui.headless import prepare_headless
    prepare_headless()
    from .screenshot import demo_match, open_window, hover_marker

    window = open_window(width, height)
    match = demo_match("play", window)
    view = window.start_match(match)
    view.finish_animations()
    if args.hover:
        hover_marker(view)

    def before_frame() -> None:
        if args.redraw:
            view.overlays_dirty = True

    figures = time_frames(window, view, args.frames, before_frame, target=10 if args.redraw else TARGET_MS)
    print(f"Naval Blockade play screen {width}x{height}, overlays on"
          f"{', hovering a marker' if args.hover else ''}"
          f"{', the overlays rebuilt each frame (the frame after a move)' if args.redraw else ''}: {figures}")
    window.show_view(plain_view(window))
    print(f"Yardstick, a plain view clearing the window and drawing one text: "
          f"{time_frames(window, window.current_view, args.frames)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
