"""Frame benchmark: the Dover Patrol play screen mid-game, all 80 pieces afloat, the log full.

    python -m games.dover_patrol.ui.bench_frames [--frames N] [--size 1280x800] [--redraw]

A piece is selected (its destinations lit) and the log holds 60 turns. Prints the median and
90th percentile time to draw one frame, GPU work included (``ctx.finish()``). Target: at most
8 ms. ``--redraw`` rebuilds the board sprites and the panel every frame (the cost of a frame
right after a move).
"""

from __future__ import annotations

import random
import sys

from navalgames.ui.bench import frame_parser, parse_size, time_frames


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
    parser = frame_parser("python -m games.dover_patrol.ui.bench_frames")
    parser.add_argument("--redraw", action="store_true", help="rebuild board and panel every frame")
    args = parser.parse_args(argv)
    width, height = parse_size(args.size)

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
    pieces = len(view.board.pieces)

    def before_frame() -> None:
        if args.redraw:
            view.dirty = True

    figures = time_frames(window, view, args.frames, before_frame)
    print(f"Dover Patrol play screen {width}x{height}, {pieces} pieces, {len(session.log)} log lines, "
          f"a ship selected{', everything rebuilt each frame' if args.redraw else ''}: {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
