"""Command-line tools: ``navalgames rules dover-patrol ...`` and ``navalgames bench dover-patrol``.

    navalgames rules dover-patrol POSITION.yaml --legal          every legal action, one a line
    navalgames rules dover-patrol POSITION.yaml --moves a4-a5 b5-b7
        apply the actions in order, print the resulting position, outcome and events (YAML)
    navalgames bench dover-patrol [--variant V|all] [--seconds S] [--seed N]
        plies and games per second of random playouts from random deployments, and how many
        times python-chess's random playout that is (same seconds, same process; the bench extra)

Bad input (a malformed position, an illegal action) prints one line on stderr and exits with 2.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import yaml

from navalgames.core.safe_yaml import LIMITS, FileRefused, load_file, load_text
from navalgames.core.state import IllegalAction, PositionError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line and status 2, like every other refusal here
        raise _Usage(message)


class _Usage(Exception):
    pass


def _fail(message: str) -> int:
    print(f"navalgames: {message}", file=sys.stderr)
    return 2


def _read_position(path: str) -> dict:
    """The position in a file (or standard input) through the bounded loader (safe_yaml)."""
    try:
        if path == "-":
            data = load_text(sys.stdin.read(LIMITS.max_bytes + 1))
        else:
            data = load_file(Path(path))
    except FileRefused as exc:
        raise PositionError(str(exc)) from None
    if not isinstance(data, dict):
        raise PositionError("a position must be a YAML mapping (game, variant, pieces, ...)")
    return data


def rules_command(argv: list[str]) -> int:
    parser = _Parser(prog="navalgames rules dover-patrol", description="Dover Patrol positions and actions")
    parser.add_argument("position", help="a position file (YAML), or - for standard input")
    parser.add_argument("--legal", action="store_true", help="print every legal action, one a line")
    parser.add_argument("--moves", nargs="*", default=None, metavar="ACTION",
                        help="actions to apply in order (notation: a4-a5, a4-a5xa6, c5>c6, a5xa6, end)")
    try:
        args = parser.parse_args(argv)
    except _Usage as exc:
        return _fail(str(exc))
    from games.dover_patrol.rules import ENGINE
    name = Path(args.position).name if args.position != "-" else "position"
    try:
        state = ENGINE.from_position(_read_position(args.position))
    except (PositionError, ValueError) as exc:
        return _fail(f"{name}: {exc}")
    events = []
    for number, text in enumerate(args.moves or [], start=1):
        try:
            events += state.apply(state.parse_action(text))
        except IllegalAction as exc:
            return _fail(f"action {number}: {exc}")
    if args.legal:   # after any --moves: the actions legal in the resulting position
        for action in state.legal_actions():
            print(action)
        return 0
    out = state.to_position()
    outcome = state.outcome()
    out["outcome"] = outcome.as_dict() if outcome else None
    out["events"] = [event.as_dict() for event in events]
    sys.stdout.write(yaml.safe_dump(out, sort_keys=False, allow_unicode=True))
    return 0


# --- bench ---------------------------------------------------------------------------------
def _playouts(variant: str, seconds: float, seed: int, use_random_action: bool, progress=None, task=None):
    """Random games from random deployments for ``seconds`` of CPU time: (plies, games, cpu)."""
    from games.dover_patrol.rules import ENGINE
    rng = random.Random(seed)
    plies = games = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = ENGINE.random_start(variant, rng=rng)
        play = state.play
        if use_random_action:
            while state.result is None:
                play(state.random_action(rng))
                plies += 1
        else:
            while state.result is None:
                actions = state.legal_actions()
                play(actions[int(rng.random() * len(actions))])
                plies += 1
        games += 1
        elapsed = time.process_time() - start
        if progress is not None:
            progress.update(task, completed=min(elapsed, seconds))
    return plies, games, elapsed


def _clones(variant: str, seconds: float, seed: int) -> float:
    from games.dover_patrol.rules import ENGINE
    state = ENGINE.random_start(variant, rng=random.Random(seed))
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            state.clone()
        n += 1000
    return n / (time.process_time() - start)


def bench_command(argv: list[str]) -> int:
    from games.dover_patrol.rules import ENGINE
    variants = [v.id for v in ENGINE.variants()]
    parser = _Parser(prog="navalgames bench dover-patrol",
                     description="random playouts from random deployments: plies and games per CPU second")
    parser.add_argument("--variant", default="classic", help=f"one of {', '.join(variants)}, or all")
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print where the time goes (cProfile)")
    try:
        args = parser.parse_args(argv)
    except _Usage as exc:
        return _fail(str(exc))
    chosen = variants if args.variant == "all" else [args.variant]
    for v in chosen:
        if v not in variants:
            return _fail(f"no variant {v!r}: expected one of {', '.join(variants)} or all")
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.runcall(_playouts, chosen[0], args.seconds, args.seed, False)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return 0
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn
    from rich.table import Table

    from navalgames.core.yardstick import Yardstick
    console = Console()
    yardstick = Yardstick(args.seconds, args.seed)
    rows = []
    with Progress(TextColumn("{task.description}"), BarColumn(), console=console, transient=True) as progress:
        yardstick.measure()
        for v in chosen:
            for use_random_action, label in ((False, "legal_actions() + play"), (True, "random_action() + play")):
                task = progress.add_task(f"{v}: {label}", total=args.seconds)
                plies, games, cpu = _playouts(v, args.seconds, args.seed, use_random_action, progress, task)
                rows.append((v, label, plies / cpu, games / cpu, plies / max(games, 1)))
        yardstick.measure()
    table = Table(title="Dover Patrol engine: random playouts from random deployments (one core, CPU time)")
    for column in ("variant", "policy", "plies/s", "games/s", "plies/game", "x python-chess"):
        table.add_column(column, justify="right" if column not in ("variant", "policy") else "left")
    for v, label, rate, games_rate, length in rows:
        table.add_row(v, label, f"{rate:,.0f}", f"{games_rate:,.1f}", f"{length:,.0f}", yardstick.ratio(rate))
    console.print(table)
    console.print(yardstick.summary())
    rate = _clones(chosen[0], min(1.0, args.seconds), args.seed)
    console.print(f"clone(): {rate:,.0f} per second ({chosen[0]})")
    return 0
