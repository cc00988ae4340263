"""``navalgames tournament``: computer against computer, to measure the AI levels.

    navalgames tournament GAME --a LEVEL --b LEVEL --games N [--variant V] [--seed S] [--jobs J]
                          [--start K] [--results FILE] [--think S] [--records DIR]
                          [--side SIDE] [--common-dice] [--compare FILE]

A player is one of the game's levels, or any player from elsewhere as ``module:factory`` (or
``module:factory@LEVEL``): ``factory(LEVEL, side, seed)`` must return a Player, and LEVEL is
``hard`` unless given. The module is looked up from the current folder too, so
``tests.ai.dover_opponents:rusher`` works from the project folder.

Every game goes through a Match, so the dice come from the game's seeded generator and each game
could be saved and replayed. Player A takes the first side in even-numbered games and the second
in odd ones (``--side SIDE``: only the games in which A has SIDE). The summary: A's wins, draws
and losses, A's win rate with a 95% Wilson interval, mean plies per game, the median and
95th-percentile think time per move of each player, and how the games ended: each reason with
its count and the plies at which those games ended (quartiles), so long draws are easy to find
and study.

``--think S`` gives both players the allowance a person sets in Settings ("the computer thinks up
to S s"): a level whose search grows with time uses it (Dover Patrol's hard). Without it every
level searches a fixed amount, so a tournament replays the same on any machine.

A long measurement (a Dover Patrol game between strong levels takes about a minute) can be split
and resumed: ``--results FILE`` appends each game to FILE as one JSON line the moment it ends, and
games already there for the same tournament are not played again; ``--start K`` begins at game K,
so two machines can each play half of the same tournament.

``--common-dice`` draws each roll from a generator of the side whose decision brought it on,
so a side's k-th roll is the same in every tournament of that seed, game by game. Two versions of
a player then meet the same luck, and their games part only where their play does: in Naval
Blockade, where one D4 usually settles a game, two independent runs of 100 games are each good to
about ten games either way, while two versions' common-dice runs ended alike in 85-90 of 100.
``--compare FILE`` sets the games beside those of FILE, the results of the same tournament
played by another version of A: the games only one of them won, and a sign test.

``--records DIR`` writes every finished game into DIR as an ordinary save file (the framework's
game record: seed, players and every action, result included), named after the tournament and
the game's number, and the summary names the file of each drawn game. Copied into the save
folder's ``saves/``, such a game opens from Continue on its game-over screen, with its replay.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from pathlib import Path

from navalgames.core.match import Match
from navalgames.core.records import atomic_write
from navalgames.core.registry import GameSpec, get_game, load_object
from navalgames.core.state import CHANCE

from .player import make_player

MAX_PLIES = 5000  # a game still going after this many actions is stopped and counted a draw
Z95 = 1.959964


@dataclass(frozen=True)
class GameResult:
    index: int
    a_side: str
    winner: str | None
    reason: str
    plies: int
    think: dict[str, list[float]] = field(default_factory=dict)  # "a"/"b" -> seconds per decision
    record: str | None = None   # the game's record file, when the tournament writes them (--records)

    @property
    def a_result(self) -> str:
        if self.winner is None:
            return "draw"
        return "win" if self.winner == self.a_side else "loss"


FACTORY_LEVEL = "hard"   # the level handed to a ``module:factory`` player named without one


def is_factory(name: str) -> bool:
    """Whether a player name is ``module:factory[@LEVEL]`` rather than one of the game's levels."""
    return ":" in name


def load_factory(name: str):
    """The factory and the level of a ``module:factory[@LEVEL]`` player name; ValueError (one
    line) when it cannot be loaded. The current folder is searched too, as ``python -m`` does."""
    ref, _, level = name.partition("@")
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        factory = load_object(ref)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ValueError(f"cannot load the player {ref!r}: {exc}") from None
    if not callable(factory):
        raise ValueError(f"{ref!r} is not a factory: expected a function (level, side, seed) -> Player")
    return factory, level or FACTORY_LEVEL


def player_for(spec: GameSpec, name: str, side: str, seed: int, think: float | None = None):
    """The player a tournament name stands for: a level of the game, or ``module:factory``
    (called as ``factory(level, side, seed)``; ``think`` only for the game's own levels)."""
    if is_factory(name):
        factory, level = load_factory(name)
        player = factory(level, side, seed)
        if not callable(getattr(player, "choose", None)):
            raise ValueError(f"{name!r} returned {type(player).__name__}, not a Player (no choose method)")
        return player
    return make_player(spec, name, side, seed, think=think)


def seat_name(name: str) -> str:
    """How a tournament player is written in a record's ``players`` ("computer:LEVEL"): a player
    from elsewhere by its factory's name, cut to what a save file accepts."""
    if is_factory(name):
        name = name.partition("@")[0].rpartition(":")[2]
    return "computer:" + (re.sub(r"[^a-z0-9_.-]", "-", name.lower())[:30] or "player")


def record_path(records_dir: str, level_a: str, level_b: str, seed: int, index: int) -> Path:
    """The file a tournament game's record goes to: the pairing, the seed and the game's number."""
    pairing = "-v-".join(seat_name(level).partition(":")[2] for level in (level_a, level_b))
    return Path(records_dir) / f"{pairing}-seed{seed}-game{index:04d}.yaml"


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"tournament:{seed}:{index}").randrange(2**31)


class CommonDiceMatch(Match):
    """A Match whose chance outcomes come from one generator per side, drawn from after each of
    that side's decisions: the k-th roll a side brings on is the same in every game of that
    number and seed, whatever was played before it. Two versions of a player, each in its own
    tournament, then meet the same luck game by game, and the games one wins and the other loses
    tell their play apart with far fewer games than two independent runs (docs/computer.md)."""

    def __init__(self, *args, **kwargs) -> None:
        self.decider: str | None = None
        self.streams: dict[str, random.Random] = {}
        super().__init__(*args, **kwargs)

    def play(self, action):
        self.decider = self.state.to_act()
        return super().play(action)

    def chance_rng(self) -> random.Random:
        if self.decider is None:    # before any decision: the record's own dice
            return super().chance_rng()
        stream = self.streams.get(self.decider)
        if stream is None:
            stream = self.streams[self.decider] = random.Random(
                f"common dice:{self.record.seed}:{self.decider}")
        return stream


def a_side_for(spec: GameSpec, index: int) -> str:
    """A takes the first side in even-numbered games, the second in odd ones."""
    return spec.sides[index % 2]


def play_game(spec: GameSpec, variant: str, level_a: str, level_b: str, seed: int, index: int,
              max_plies: int = MAX_PLIES, think: float | None = None,
              records_dir: str | None = None, common_dice: bool = False) -> GameResult:
    """One game of the tournament; A plays the first side when ``index`` is even. With
    ``records_dir``, the game's record is written there as a save file once it is over; with
    ``common_dice``, the dice come from a CommonDiceMatch."""
    a_side = a_side_for(spec, index)
    b_side = next(side for side in spec.sides if side != a_side)
    seed_i = game_seed(seed, index)
    label = {a_side: "a", b_side: "b"}
    level = {a_side: level_a, b_side: level_b}
    players = {side: player_for(spec, level[side], side, seed_i * 2 + (side == b_side), think)
               for side in spec.sides}
    kind = CommonDiceMatch if common_dice else Match
    match = kind.new(spec, variant, seed=seed_i,
                     players={side: seat_name(level[side]) for side in spec.sides})
    times: dict[str, list[float]] = {"a": [], "b": []}
    while True:
        side = match.to_act()
        if side is None:
            break
        if side == CHANCE:
            match.resolve_chance()
            continue
        if len(match.record.actions) >= max_plies:
            return GameResult(index, a_side, None, f"stopped after {max_plies} plies",
                              len(match.record.actions), times,
                              _write_record(match, records_dir, level_a, level_b, seed, index))
        started = time.perf_counter()
        action = players[side].choose(match.state, side)
        times[label[side]].append(time.perf_counter() - started)
        match.play(action)
    outcome = match.outcome()
    assert outcome is not None
    # A game may name the kind of ending (escape, ram...) apart from its sentence: tally by kind.
    ending = getattr(match.state, "ending", None)
    reason = ending if isinstance(ending, str) else outcome.reason
    return GameResult(index, a_side, outcome.winner, reason, len(match.record.actions), times,
                      _write_record(match, records_dir, level_a, level_b, seed, index))


def _write_record(match: Match, records_dir: str | None, level_a: str, level_b: str, seed: int,
                  index: int) -> str | None:
    if records_dir is None:
        return None
    path = record_path(records_dir, level_a, level_b, seed, index)
    atomic_write(path, match.record.to_yaml())
    return str(path)


class ResultsError(ValueError):
    """A results file that cannot be read, or that holds another tournament's games."""


def tournament_key(spec: GameSpec, variant: str, level_a: str, level_b: str, seed: int,
                   think: float | None = None, common_dice: bool = False) -> dict:
    key = {"game": spec.id, "variant": variant, "a": level_a, "b": level_b, "seed": seed}
    # each only when given, so files of tournaments without it still match
    if think is not None:
        key["think_seconds"] = think
    if common_dice:
        key["dice"] = "common"
    return key


OPTIONAL_KEYS = ("think_seconds", "dice")   # in a tournament's key only when given


def load_results(path: str, key: dict) -> dict[int, GameResult]:
    """The games of the tournament ``key`` already in the results file (none if it is missing)."""
    try:
        with open(path, "rb") as file:
            lines = file.read().splitlines(keepends=True)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ResultsError(f"cannot read {path}: {exc.strerror}") from None
    found: dict[int, GameResult] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            theirs = {name: row[name] for name in key}
            theirs.update({name: row.get(name) for name in OPTIONAL_KEYS})
            result = GameResult(int(row["index"]), row["a_side"], row["winner"], row["reason"],
                                int(row["plies"]), {"a": list(row["think"]["a"]), "b": list(row["think"]["b"])},
                                row.get("record"))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            if number == len(lines) and not line.endswith(b"\n"):
                # A game cut off while being written (the run was stopped): drop it, play it again.
                os.truncate(path, sum(len(earlier) for earlier in lines[:-1]))
                break
            raise ResultsError(f"{path}, line {number}: not a tournament result ({exc})") from None
        if theirs != {**key, **{name: key.get(name) for name in OPTIONAL_KEYS}}:
            raise ResultsError(f"{path}, line {number}: a game of another tournament ({theirs}); "
                               f"expected {key}")
        found[result.index] = result
    return found


def append_result(path: str, key: dict, result: GameResult) -> None:
    row = dict(key, index=result.index, a_side=result.a_side, winner=result.winner,
               reason=result.reason, plies=result.plies,
               think={who: [round(t, 4) for t in times] for who, times in result.think.items()})
    if result.record:
        row["record"] = result.record
    with open(path, "a", encoding="utf-8") as file:
        file.write(json.dumps(row) + "\n")


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (sound near 0% and 100%, unlike p +- 2 sd)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summarise(spec: GameSpec, variant: str, level_a: str, level_b: str, seed: int,
              results: list[GameResult], think: float | None = None,
              common_dice: bool = False) -> str:
    n = len(results)
    tally = Counter(r.a_result for r in results)
    wins, draws, losses = tally["win"], tally["draw"], tally["loss"]
    low, high = wilson(wins, n)
    lines = [
        f"{spec.title}, {variant}: A = {level_a}, B = {level_b}, {n} games, seed {seed}"
        + (f", thinking up to {think:g} s a move" if think is not None else "")
        + (", common dice" if common_dice else ""),
        f"A wins {wins}, draws {draws}, losses {losses}",
        f"A win rate {wins / n:.1%} (95% CI {low:.1%} to {high:.1%}, Wilson); "
        f"score {(wins + draws / 2) / n:.1%} (a draw counts half)",
    ]
    for side in spec.sides:   # a side may be far harder to win with: each one's own rate
        mine = Counter(r.a_result for r in results if r.a_side == side)
        played = sum(mine.values())
        if not played:     # --side: A never had this side
            continue
        low, high = wilson(mine["win"], played)
        lines.append(f"A as {side}: {mine['win']} wins, {mine['draw']} draws, {mine['loss']} losses "
                     f"({mine['win'] / played:.1%} wins, 95% CI {low:.1%} to {high:.1%})")
    lines.append(f"mean plies per game {statistics.fmean(r.plies for r in results):.1f}")
    for key, level in (("a", level_a), ("b", level_b)):
        times = [t for r in results for t in r.think[key]]
        if times:
            lines.append(f"think time per move, {key.upper()} ({level}): median {statistics.median(times):.3f} s, "
                         f"95th percentile {percentile(times, 95):.3f} s over {len(times)} moves")
    lines.append("plies per game: " + quartiles([r.plies for r in results]))
    lines.append("endings (games, and the plies they ended at):")
    by_reason: dict[str, list[GameResult]] = {}
    for r in results:
        by_reason.setdefault(r.reason, []).append(r)
    for reason, games in sorted(by_reason.items(), key=lambda item: (-len(item[1]), item[0])):
        tally = Counter(r.a_result for r in games)
        who = ", ".join(f"A {word} {tally[key]}" for key, word in
                        (("win", "wins"), ("draw", "draws"), ("loss", "losses")) if tally[key])
        lines.append(f"  {reason}: {len(games)} ({who}); plies {quartiles([r.plies for r in games])}")
    drawn = [r for r in results if r.a_result == "draw"]
    if any(r.record for r in drawn):
        lines.append("records of the drawn games:")
        lines.extend(f"  game {r.index} ({r.reason}, {r.plies} plies): {r.record or 'not written'}"
                     for r in drawn)
    return "\n".join(lines)


def quartiles(values: list[int]) -> str:
    """min, quartiles and max of a list of ply counts, as one short phrase."""
    if len(values) == 1:
        return str(values[0])
    marks = [min(values), percentile(values, 25), percentile(values, 50), percentile(values, 75), max(values)]
    return "min {} / 25% {} / median {} / 75% {} / max {}".format(*(round(m) for m in marks))


def run(spec: GameSpec, variant: str, level_a: str, level_b: str, games: int, seed: int,
        jobs: int = 1, progress: bool = True, start: int = 0,
        results_path: str | None = None, think: float | None = None,
        records_dir: str | None = None, common_dice: bool = False,
        side: str | None = None) -> list[GameResult]:
    """Games ``start`` .. ``start + games - 1`` (with ``side``, only those in which A plays that
    side); with ``results_path``, those already in the file are taken from it and each new one
    is appended as it ends (see the module docstring)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    key = tournament_key(spec, variant, level_a, level_b, seed, think, common_dice)
    more = {"think": think} if think is not None else {}
    if records_dir is not None:
        more["records_dir"] = records_dir
    if common_dice:
        more["common_dice"] = True
    wanted = [index for index in range(start, start + games)
              if side is None or a_side_for(spec, index) == side]
    earlier = load_results(results_path, key) if results_path else {}
    results: list[GameResult] = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("A {task.fields[score]}"))
    with Progress(*columns, console=Console(stderr=True), disable=not progress, transient=False) as bar:
        task = bar.add_task(f"{level_a} v {level_b}", total=len(wanted), score="")

        def done(result: GameResult, new: bool = True) -> None:
            if new and results_path:
                append_result(results_path, key, result)
            results.append(result)
            tally = Counter(r.a_result for r in results)
            bar.update(task, advance=1, score=f"{tally['win']}W {tally['draw']}D {tally['loss']}L")

        for index in wanted:
            if index in earlier:
                done(earlier[index], new=False)
        todo = [index for index in wanted if index not in earlier]
        if jobs <= 1:
            for index in todo:
                done(play_game(spec, variant, level_a, level_b, seed, index, **more))
        elif todo:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(play_game, spec, variant, level_a, level_b, seed, index, **more)
                           for index in todo]
                for future in as_completed(futures):
                    done(future.result())
    return sorted(results, key=lambda r: r.index)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="navalgames tournament",
                                     description="Play the computer against itself and report the score.")
    parser.add_argument("game", metavar="GAME", help="a game id (see `navalgames list`)")
    parser.add_argument("--a", required=True, metavar="LEVEL",
                        help="player A: a level of the game, or module:factory[@LEVEL]")
    parser.add_argument("--b", required=True, metavar="LEVEL",
                        help="player B: a level of the game, or module:factory[@LEVEL]")
    parser.add_argument("--games", type=int, default=20, metavar="N", help="number of games (default 20)")
    parser.add_argument("--variant", metavar="V", help="variant id (default: the game's first)")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="tournament seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="games played at once (default 1)")
    parser.add_argument("--start", type=int, default=0, metavar="K", help="first game index (default 0)")
    parser.add_argument("--results", metavar="FILE",
                        help="keep every game in FILE (JSON lines) and skip the games already there")
    parser.add_argument("--think", type=float, metavar="S",
                        help="the seconds each computer may think a move, as set in Settings (default: "
                             "a fixed search, the same on every machine)")
    parser.add_argument("--records", metavar="DIR",
                        help="write each finished game into DIR as a save file (replayable in the app); "
                             "the summary names the files of the drawn games")
    parser.add_argument("--side", metavar="SIDE",
                        help="play only the games of the range in which A has SIDE")
    parser.add_argument("--common-dice", action="store_true",
                        help="each side's k-th roll the same in every tournament of this seed, "
                             "so two versions' tournaments can be compared game by game")
    parser.add_argument("--compare", metavar="FILE",
                        help="set A's games beside A's games in FILE, another "
                             "tournament of the same pairing and seed (another version of A)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:   # argparse has printed the usage and the problem
        return int(exc.code or 0)

    def fail(message: str) -> int:
        print(f"navalgames tournament: {message}", file=sys.stderr)
        return 2

    try:
        spec = get_game(args.game)
        variants = [v.id for v in spec.variants()]
    except (ValueError, ImportError) as exc:
        return fail(str(exc))
    variant = args.variant or variants[0]
    if variant not in variants:
        return fail(f"{spec.title} has no variant {variant!r}: expected one of {', '.join(variants)}")
    for name, level in (("--a", args.a), ("--b", args.b)):
        if is_factory(level):
            try:
                load_factory(level)
            except ValueError as exc:
                return fail(f"{name}: {exc}")
        elif level not in spec.ai_levels:
            return fail(f"{name}: no level {level!r} for {spec.title}: expected one of {', '.join(spec.ai_levels)}")
    if args.side is not None and args.side not in spec.sides:
        return fail(f"--side: {spec.title} has no side {args.side!r}: expected one of {', '.join(spec.sides)}")
    if args.games < 1:
        return fail("--games must be at least 1")
    if args.jobs < 1:
        return fail("--jobs must be at least 1")
    if args.start < 0:
        return fail("--start must be 0 or more")
    if args.think is not None and not 0 < args.think <= 600:
        return fail("--think must be more than 0 and at most 600 seconds")
    key = tournament_key(spec, variant, args.a, args.b, args.seed, args.think, args.common_dice)
    try:
        other = load_results(args.compare, key) if args.compare else None
        if args.compare and not other:
            return fail(f"--compare: {args.compare} holds no games of this tournament")
        results = run(spec, variant, args.a, args.b, args.games, args.seed, args.jobs,
                      progress=not args.quiet, start=args.start, results_path=args.results,
                      think=args.think, records_dir=args.records, common_dice=args.common_dice,
                      side=args.side)
    except ResultsError as exc:
        return fail(str(exc))
    print(summarise(spec, variant, args.a, args.b, args.seed, results, args.think, args.common_dice))
    if other is not None:
        print(compare(results, other, args.compare))
    return 0


def compare(results: list[GameResult], other: dict[int, GameResult], other_name: str) -> str:
    """A's results beside another tournament's on the games both played: the games only one
    of them won carry the difference, and a sign test says how often luck alone would split
    them so unevenly. Sound for any two runs; sharp only with --common-dice, where the same
    game meets the same dice in both and most games end alike."""
    shared = [(r, other[r.index]) for r in results if r.index in other]
    if not shared:
        return f"compared with {other_name}: no game in common"
    here = sum(r.a_result == "win" for r, _ in shared)
    there = sum(o.a_result == "win" for _, o in shared)
    only_here = sum(r.a_result == "win" and o.a_result != "win" for r, o in shared)
    only_there = sum(o.a_result == "win" and r.a_result != "win" for r, o in shared)
    return (f"compared with {other_name} on {len(shared)} games: A won {here} here, {there} there; "
            f"won only here {only_here}, only there {only_there} (sign test, two-sided: "
            f"p = {sign_test(only_here, only_there):.2f})")


def sign_test(k: int, m: int) -> float:
    """Two-sided p-value of k against m successes when each is equally likely (exact)."""
    n = k + m
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(k, m) + 1)) / 2 ** n
    return min(1.0, 2 * tail)
