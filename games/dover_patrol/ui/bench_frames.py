"""Frame benchmark: the Dover Patrol play screen mid-game, all 80 pieces afloat, the log full.

    python -m games.dover_patrol.ui.bench_frames [--frames N] [--size 1280x800] [--redraw]

South (the player) against the computer, a ship selected, the log holding 60 turns. Prints the
median and 90th percentile time to draw one frame, GPU work included (``ctx.finish()``).
``--redraw`` times the frame right after a move instead: before each frame South moves and the
computer replies (every other frame both moves are taken back), so the board, the panel and
the log have changed; a still frame of the same screen is timed first and a plain arcade view
(a clear and one text, the least a frame costs) last, in the same run, as yardsticks. Target for
the frame after a move: at most 12 ms.
"""

from __future__ import annotations

import random
import statistics
import sys

from navalgames.ui.bench import frame_parser, parse_size, plain_view, time_frames


def busy_position(turns: int = 60, seed: int = 80, players: dict | None = None):
    """A match after ``turns`` quiet moves: nobody sunk, both fleets complete."""
    from games.dover_patrol.rules import ENGINE
    from navalgames.core.match import Match
    from navalgames.core.registry import get_game
    spec = get_game("dover-patrol")
    match = Match.new(spec, "classic", seed=seed, players=players or {"south": "human", "north": "human"})
    rng = random.Random(seed)
    for side in ("south", "north"):
        match.play(ENGINE.random_deployment("classic", side, rng))
    for played in range(turns + 1):
        if played >= turns and match.state.to_act() == "south":
            break
        action = quiet_move(match.state, rng)
        if action is None:
            break
        match.play(action)
    return match


def quiet_move(state, rng: random.Random):
    """A move that sinks nothing and attacks nothing (None if there is none)."""
    from games.dover_patrol.rules import Move
    quiet = [a for a in state.legal_actions() if isinstance(a, Move) and a.attack < 0]
    rng.shuffle(quiet)
    for action in quiet:
        trial = state.clone()
        trial.apply(action)
        if sum(1 for sq in range(trial.rules.size) if trial.piece_at(sq)) == 80:
            return action
    return None


def main(argv: list[str] | None = None) -> int:
    parser = frame_parser("python -m games.dover_patrol.ui.bench_frames")
    parser.add_argument("--redraw", action="store_true", help="rebuild board and panel every frame")
    args = parser.parse_args(argv)
    width, height = parse_size(args.size)

    from navalgames.ui.screenshot import headless_window
    window = headless_window(width, height)
    from .play import PlayView
    from .session import Session

    match = busy_position(players={"south": "human", "north": "computer:random"})
    session = Session(window, match)
    view = PlayView(session)
    window.show_view(view)
    view.on_draw()
    view.selected = next(iter(view.actions))
    view.dirty = True
    pieces = len(view.board.pieces)
    still = time_frames(window, view, args.frames)
    what = f"Dover Patrol play screen {width}x{height}, {pieces} pieces, {len(session.log)} log lines"
    if not args.redraw:
        print(f"{what}, a ship selected, a still frame: {still}")
        return 0
    rng = random.Random(1)
    played = []

    def before_frame() -> None:
        """South moves and the computer replies; every other frame both are taken back."""
        if played:
            match.undo(2)
            session.rebuild_log()
            played.clear()
        else:
            for _ in range(2):
                action = quiet_move(match.state, rng)
                played.append(session.play(action))
        view.dirty = True

    times: list[float] = []
    after = time_frames(window, view, args.frames, before_frame, target=12.0, times=times)
    window.show_view(plain_view(window))
    plain = time_frames(window, window.current_view, args.frames)
    print(f"{what}: the frame after a move (and its reply): {after}\n"
          f"  of which after the two moves {statistics.median(times[0::2]):.2f} ms median, "
          f"after taking them back {statistics.median(times[1::2]):.2f} ms\n"
          f"  a still frame of the same screen, same run: {still}\n"
          f"  yardstick, a plain arcade view clearing the window and drawing one text, same run: {plain}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
