"""Command-line tools for Naval Blockade: ``navalgames rules`` and ``navalgames bench``.

    navalgames rules naval-blockade POSITION.yaml --legal
    navalgames rules naval-blockade POSITION.yaml --moves port ahead ... [--dice D4,M,...] [--seed N]
    navalgames bench naval-blockade [--seconds S] [--terrains K] [--seed N]
        (random playouts and hard's search compared with python-chess's playouts, same process:
        the bench extra)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import yaml

from navalgames.core.data import DataError, parse_yaml
from navalgames.core.dice import DiceRoller
from navalgames.core.safe_yaml import FileRefused, read_text
from navalgames.core.state import CHANCE, Event, GameState

PROG = "navalgames rules naval-blockade"


class _Refusal(Exception):
    """Something the user gave that cannot be used: one line on stderr, exit status 2."""


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:   # one line and status 2, like every other refusal
        raise _Refusal(f"{self.prog}: {message}")


def _fail(message: str) -> int:
    print(f"navalgames: {message}", file=sys.stderr)
    return 2


# --- rules ---------------------------------------------------------------------------------------
def rules_command(argv: list[str]) -> int:
    parser = _ArgumentParser(prog=PROG, description="Legal actions, or play actions from a position.")
    parser.add_argument("position", help="a position YAML file (docs/naval_blockade.md)")
    parser.add_argument("--legal", action="store_true", help="print the legal actions and stop")
    parser.add_argument("--moves", nargs="*", default=[], metavar="ACTION",
                        help="actions in notation, applied in order (quote ones with spaces)")
    parser.add_argument("--dice", default="", help="forced chance outcomes in order, e.g. D4,M,H1")
    parser.add_argument("--seed", type=int, default=None, help="seed for dice once --dice runs out")
    try:
        args = parser.parse_args(argv)
        state = load_position(Path(args.position))
        forced = [face.strip() for face in args.dice.split(",") if face.strip()]
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        events = play_actions(state, args.moves, DiceRoller(random.Random(seed), forced))
    except _Refusal as exc:
        return _fail(str(exc))
    if args.legal:
        print_legal(state)
        return 0
    report = dict(state.to_position())
    report["outcome"] = report.pop("outcome", None)
    report["events"] = [e.as_dict() for e in events]
    report["next"] = state.to_act() or "none"
    sys.stdout.write(dump_yaml(report))
    return 0


def load_position(path: Path) -> GameState:
    from .rules import ENGINE
    try:
        text = read_text(path)
    except FileRefused as exc:
        raise _Refusal(f"{path}: {exc}") from None
    try:
        data = parse_yaml(text, str(path))
        if not isinstance(data, dict):
            raise DataError(str(path), "", "expected a position (a YAML mapping)")
        return ENGINE.from_position(data)
    except ValueError as exc:     # DataError, PositionError, a bad rule option
        message = str(exc)
        raise _Refusal(message if message.startswith(str(path)) else f"{path}: {message}") from None


def play_actions(state: GameState, actions: list[str], dice: DiceRoller) -> list[Event]:
    """Apply ``actions``, resolving chance nodes on the way with ``dice``.

    A chance outcome may also be written among the actions (``ahead D4 port``): at a chance node
    it is applied as given. With no actions at all the state is left exactly as read.
    """
    events: list[Event] = []
    for number, text in enumerate(actions, start=1):
        try:
            if state.to_act() == CHANCE:
                chance = {str(a): a for a, _ in state.chance_outcomes()}
                if text.strip() in chance:
                    events += state.apply(chance[text.strip()])
                    continue
                events += _resolve_chance(state, dice)
            events += state.apply(state.parse_action(text))
        except ValueError as exc:
            raise _Refusal(f"action {number} '{text}' is illegal: {exc}") from None
    if actions:
        events += _resolve_chance(state, dice)
    return events


def _resolve_chance(state: GameState, dice: DiceRoller) -> list[Event]:
    events: list[Event] = []
    while state.to_act() == CHANCE:
        outcomes = state.chance_outcomes()
        try:
            chosen = dice.choose([(str(a), p) for a, p in outcomes])
        except ValueError as exc:
            raise _Refusal(f"--dice: {exc}") from None
        events += state.apply(next(a for a, _ in outcomes if str(a) == chosen))
    return events


def print_legal(state: GameState) -> None:
    if state.to_act() == CHANCE:
        for action, p in state.chance_outcomes():
            print(f"{action}  (chance {p:.4g})")
        return
    for action in state.legal_actions():
        print(action)


class _Dumper(yaml.SafeDumper):
    pass


def _represent_list(dumper: yaml.SafeDumper, data: list) -> Any:
    # short lists of plain values (squares, guns) read best on one line
    flow = all(isinstance(v, (str, int, float, bool)) for v in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict) -> Any:
    flow = len(data) <= 4 and all(isinstance(v, (str, int, bool)) for v in data.values()) \
        and all(k in ("at", "heading", "runner", "blockader") for k in data)
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(dict, _represent_dict)


def dump_yaml(data: dict) -> str:
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


# --- bench -------------------------------------------------------------------------------------
def bench_command(argv: list[str]) -> int:
    parser = _ArgumentParser(prog="navalgames bench naval-blockade",
                             description="Engine speed: random playouts, line-of-fire checks and "
                                         "hard's search.")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--terrains", type=int, default=20, help="random terrains to play on")
    parser.add_argument("--seed", type=int, default=1)
    try:
        args = parser.parse_args(argv)
    except _Refusal as exc:
        return _fail(str(exc))
    from navalgames.core.yardstick import Yardstick

    from .rules import ENGINE
    from .rules.actions import StopOffer
    from .rules.playout import close_quarters, random_playout

    rng = random.Random(args.seed)
    print(f"Naval Blockade engine bench (seed {args.seed}, {args.terrains} random terrains, "
          f"one core; playouts in CPU time)")
    yardstick = Yardstick(args.seconds, args.seed)
    yardstick.measure()

    # setup: toss, a generated layout (shapely polygons, tables), start squares
    starts = []
    began = time.perf_counter()
    for _ in range(args.terrains):
        state = ENGINE.new_game("standard")
        while state.stage != "move":
            if state.to_act() == CHANCE:
                outcomes = state.chance_outcomes()
                state.advance(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.advance(actions[0] if state.stage == "terrain" else actions[rng.randrange(len(actions))])
        starts.append(state)
    setup = (time.perf_counter() - began) / args.terrains
    print(f"  new terrain (generate, validate, build tables): {setup * 1000:8.2f} ms each")

    def measure(make_state, fast=True):
        plies = games = 0
        endings: dict[str, int] = {}
        random_index = rng.random      # a uniform index as int(random() * k), as the yardstick draws
        began = time.process_time()
        while time.process_time() - began < args.seconds:
            for start in starts:
                state = make_state(start)
                if fast:
                    plies += random_playout(state, rng)
                else:                       # apply(): events built, as the UI and Match play
                    while (actor := state.to_act()) is not None:
                        if actor == CHANCE:
                            outcomes = state.chance_outcomes()
                            state.apply(outcomes[int(random_index() * len(outcomes))][0])
                        else:
                            actions = state.legal_actions()
                            if type(actions[-1]) is StopOffer:     # a playout plays to a real ending
                                actions.pop()
                            state.apply(actions[int(random_index() * len(actions))])
                        plies += 1
                games += 1
                endings[state.ending] = endings.get(state.ending, 0) + 1
        elapsed = time.process_time() - began
        return plies / elapsed, games / elapsed, plies / games, endings

    rows = [("random playouts from the start squares   ", measure(lambda s: s.clone())),
            ("random playouts from close quarters      ", measure(lambda s: close_quarters(s, rng))),
            ("the same through apply() (events built)  ", measure(lambda s: close_quarters(s, rng), fast=False))]
    searched = measure_search(starts, random.Random(args.seed), args.seconds)
    yardstick.measure()
    for label, (rate, games_rate, length, endings) in rows:
        print(f"  {label}: {rate:10,.0f} plies/s  {games_rate:8,.0f} games/s  "
              f"{length:6.1f} plies per game (dice included)  {yardstick.ratio(rate):>6} python-chess")
        print("      endings: " + ", ".join(f"{k} {v * 100 / sum(endings.values()):.0f}%"
                                         for k, v in sorted(endings.items())))

    # line of fire: cached lookups (play) and fresh shapely geometry (first question per pair)
    n = starts[0].rules.size
    pairs = [(rng.randrange(n * n), rng.randrange(n * n)) for _ in range(20_000)]
    terrains = [s.terrain for s in starts]
    for t in terrains:
        for a, b in pairs[:2000]:
            t.blocking_island(a, b)
    checks, began = 0, time.perf_counter()
    while time.perf_counter() - began < args.seconds / 3:
        for t in terrains:
            blocking = t.blocking_island
            for a, b in pairs[:2000]:
                blocking(a, b)
            checks += 2000
    cached = checks / (time.perf_counter() - began)
    checks, blocked, began = 0, 0, time.perf_counter()
    while time.perf_counter() - began < args.seconds / 3:
        for t in terrains:
            for a, b in pairs[2000:2500]:
                blocked += t._compute_lof(a, b) >= 0
            checks += 500
    fresh = checks / (time.perf_counter() - began)
    print(f"  line of fire, cached (in play):        {cached:12,.0f} checks/s")
    print(f"  line of fire, fresh shapely geometry:  {fresh:12,.0f} checks/s "
          f"({blocked * 100 / max(checks, 1):.1f}% of random pairs blocked)")
    if searched:
        against = f" ({searched * 1000 / yardstick.rate:.0f} in the time of 1,000 python-chess plies)" \
            if yardstick.rate else ""
        print(f"  hard's Blockader search, close quarters: {searched:12,.0f} iterations/s{against}")
    else:
        print("  hard's Blockader search, close quarters: not measured (no terrain of this seed "
              f"reached the Blockader's move in {DRAWS_PER_TERRAIN} draws)")
    print(yardstick.summary())
    return 0


#: iterations of each search the bench times: short, so every position has its turn in a few
#: seconds (the rate hardly depends on the count; a game's search is the same, only longer)
BENCH_SEARCH_ITERATIONS = 150
DRAWS_PER_TERRAIN = 100   # close-quarters positions drawn per terrain to find the Blockader's move


def measure_search(starts: list, rng: random.Random, seconds: float) -> float:
    """MCTS iterations per CPU second of `hard`'s Blockader search (helmsman playouts ending on
    the solved duel) from close quarters, where most of a game's thinking is done: one position
    per terrain, drawn by its own generator so every run of a seed searches the same ones, in
    turn until the time is up."""
    from .ai import BlockadeSearch, tables_for
    from .ai.duel import table_for
    from .rules.playout import close_quarters

    positions = []
    for start in starts:
        # random play reaches the Blockader's move at once in practice; a terrain where it
        # never does is left out rather than drawn for ever
        drawn = (close_quarters(start, rng) for _ in range(DRAWS_PER_TERRAIN))
        state = next((s for s in drawn if s.to_act() == "blockader"), None)
        if state is None:
            continue
        tables_for(state.terrain)            # built once per terrain in play too: not timed
        positions.append(state)
    if not positions:
        return 0.0
    table_for(positions[0].rules)            # built once a session in play too: not timed
    search = BlockadeSearch(BENCH_SEARCH_ITERATIONS, None, duel=True)
    iterations, began = 0, time.process_time()
    while time.process_time() - began < seconds:
        for index, state in enumerate(positions):
            iterations += search.search(state, "blockader", random.Random(index)).iterations
    return iterations / (time.process_time() - began)
