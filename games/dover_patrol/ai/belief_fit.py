"""Fit the behaviour belief from games, and measure how well a belief knows the enemy.

    python -m games.dover_patrol.ai.belief_fit fit --games 30 [--a easy --b easy] [--seed 1]
    python -m games.dover_patrol.ai.belief_fit measure --games 3 [--a normal --b easy] [--seed 11]

``fit`` plays games between two players and counts, for every unseen enemy piece at every
decision, its behaviour bucket against its true kind; the counts go to ``data/ai_belief.yaml``.
``measure`` plays games and, every few decisions of each side, samples worlds from the uniform
dealer and from the behaviour belief and prints the mean log-likelihood each gives the true
identities of the unseen enemy pieces (the share of worlds that got each piece right, smoothed),
higher is better. Players are named as in ``navalgames tournament`` (a level or module:factory).
The truth is read only here, to score; the beliefs themselves see observations only.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path

from navalgames.ai.tournament import a_side_for, game_seed, player_for
from navalgames.core.registry import get_game
from navalgames.core.safe_yaml import dump

from ..rules import ENGINE
from ..rules.model import KIND_CODES, SIDES
from .belief import BehaviourBelief, Likelihoods, Tracker, UniformBelief, fitted

MAX_PLIES = 3000
DATA = Path(__file__).resolve().parents[1] / "data" / "ai_belief.yaml"


def decisions(name_a: str, name_b: str, games: int, seed: int, variant: str = "classic",
              plies: int = MAX_PLIES):
    """(game index, side, state, observation) at every decision of every game, sides alternating
    as in the tournament. The state is the true one: for scoring, never for a belief."""
    spec = get_game("dover-patrol")
    for index in range(games):
        seed_i = game_seed(seed, index)
        a_side = a_side_for(spec, index)
        names = {side: name_a if side == a_side else name_b for side in SIDES}
        players = {side: player_for(spec, names[side], side, seed_i * 2 + (side != a_side))
                   for side in SIDES}
        state = ENGINE.new_game(variant, {})
        while state.to_act() is not None and state.ply < plies:
            side = state.to_act()
            yield index, side, state, state.observation(side)
            state.apply(players[side].choose(state, side))


def unseen(observation):
    """The enemy pieces on the board whose kind ``observation`` does not show."""
    return [v for v in observation.enemy() if v.kind is None]


def fit(name_a: str, name_b: str, games: int, seed: int) -> dict[int, Counter]:
    counts: dict[int, Counter] = {k: Counter() for k in range(1, 16)}
    trackers: dict[tuple[int, str], Tracker] = {}
    for index, side, state, observation in decisions(name_a, name_b, games, seed):
        tracker = trackers.setdefault((index, side), Tracker())
        tracker.update(observation)
        for view in unseen(observation):
            counts[state.kind[view.id]][tracker.key(state.rules, observation, view)] += 1
    return counts


def write_counts(counts: dict[int, Counter], games: str, path: Path = DATA) -> None:
    body = {"games": games,
            "counts": {KIND_CODES[k]: dict(sorted(row.items())) for k, row in counts.items() if row}}
    header = ("# How often an unseen enemy piece of each kind showed each behaviour (moves seen /\n"
              "# turns played / rank from its own back row, in buckets: see ai/belief.py), counted\n"
              "# over the games below. Made by: python -m games.dover_patrol.ai.belief_fit fit\n")
    path.write_text(header + dump(body), encoding="utf-8")


def measure(name_a: str, name_b: str, games: int, seed: int, worlds: int = 100, every: int = 10,
            likelihoods: Likelihoods | None = None, plies: int = MAX_PLIES,
            tempers: tuple[float, ...] = ()) -> dict[str, float]:
    """Mean log-likelihood per unseen piece of its true kind, for each belief, and the count:
    "uniform", "behaviour" (``likelihoods``, the fitted ones by default), and "behaviour^t" for
    the fitted counts tempered by each t of ``tempers`` (to choose TEMPER)."""
    rng = random.Random(seed)
    beliefs: dict[tuple[int, str], dict] = {}
    base = likelihoods or fitted()
    tempered = {f"behaviour^{t:g}": Likelihoods(base.counts, t) for t in tempers}

    def fresh() -> dict:
        found = {"uniform": UniformBelief(), "behaviour": BehaviourBelief(base)}
        found.update({name: BehaviourBelief(table) for name, table in tempered.items()})
        return found

    total = {"uniform": 0.0, "behaviour": 0.0, **{name: 0.0 for name in tempered}}
    pieces = 0
    seen_decisions: Counter = Counter()
    for index, side, state, observation in decisions(name_a, name_b, games, seed, plies=plies):
        if (index, side) not in beliefs:
            beliefs[(index, side)] = fresh()
        pair = beliefs[(index, side)]
        for belief in pair.values():
            belief.update(observation)
        seen_decisions[(index, side)] += 1
        hidden = unseen(observation)
        if observation.phase != "play" or not hidden or seen_decisions[(index, side)] % every:
            continue
        for name, belief in pair.items():
            tally = {view.id: Counter() for view in hidden}
            for _ in range(worlds):
                world = belief.sample(state, observation, rng)
                for view in hidden:
                    tally[view.id][world.kind[view.id]] += 1
            for view in hidden:
                right = tally[view.id][state.kind[view.id]]
                total[name] += math.log((right + 0.5) / (worlds + 0.5 * len(view.possible)))
        pieces += len(hidden)
    return {**{name: value / max(1, pieces) for name, value in total.items()}, "pieces": pieces}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.dover_patrol.ai.belief_fit",
                                     description="Fit or measure the Dover Patrol behaviour belief.")
    parser.add_argument("task", choices=("fit", "measure"))
    parser.add_argument("--games", type=int, default=3, metavar="N")
    parser.add_argument("--a", default=None, metavar="PLAYER", help="easy to fit, normal to measure")
    parser.add_argument("--b", default="easy", metavar="PLAYER")
    parser.add_argument("--seed", type=int, default=None, metavar="S", help="1 to fit, 11 to measure")
    parser.add_argument("--worlds", type=int, default=100, metavar="W", help="worlds sampled per position")
    parser.add_argument("--temper", type=float, nargs="*", default=(), metavar="T",
                        help="also score the fitted belief tempered by each T (likelihoods ** T)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 1:
        print("belief_fit: --games and --worlds must be at least 1", file=sys.stderr)
        return 2
    if args.task == "fit":
        name_a, seed = args.a or "easy", 1 if args.seed is None else args.seed
        counts = fit(name_a, args.b, args.games, seed)
        write_counts(counts, f"{args.games} games, {name_a} v {args.b}, seed {seed}")
        print(f"wrote {DATA} from {sum(sum(row.values()) for row in counts.values())} observations")
        return 0
    name_a, seed = args.a or "normal", 11 if args.seed is None else args.seed
    result = measure(name_a, args.b, args.games, seed, args.worlds, tempers=tuple(args.temper))
    print(f"{args.games} games, {name_a} v {args.b}, seed {seed}: {result['pieces']} unseen pieces scored")
    print(f"mean log-likelihood of the true kind per unseen piece: uniform dealer "
          f"{result['uniform']:.3f}, behaviour belief {result['behaviour']:.3f} "
          f"(difference {result['behaviour'] - result['uniform']:+.3f} nats)")
    for name in sorted(n for n in result if n.startswith("behaviour^")):
        print(f"  {name}: {result[name]:.3f} ({result[name] - result['uniform']:+.3f} nats)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
