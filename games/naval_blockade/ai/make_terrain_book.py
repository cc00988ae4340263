"""Makes the terrain book (``terrain_book``): for the Runner and each pair of start squares of
the standard rules, the scenarios and a few hundred drawn layouts narrowed by rounds of quick
games (``narrowed``), the best few kept. Run ``python -m games.naval_blockade.ai.make_terrain_book``
after a change to the helmsmen or the rules; it takes some ten minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import yaml

from ..rules import BLOCKADER, ENGINE, RUNNER, SIDES, BlockadeState, PlaceTerrain, Toss, generate_layout
from ..rules.actions import GENERATE
from .terrain_book import BOOK_FILE, BOOK_SIDES, load_book, pair_key
from .terrain_choice import narrowed, played_out

KEPT = 3   # layouts kept a pair: the computer picks one at random, so games differ


def terrain_stage(runner_start: str, blockader_start: str, winner: str) -> BlockadeState:
    """A standard game at the terrain stage with these ships, ``winner`` having won the toss."""
    state = ENGINE.new_game()
    state.advance(state.parse_action(f"start {runner_start}"))
    state.advance(state.parse_action(f"start {blockader_start}"))
    state.advance(Toss(SIDES.index(winner)))
    return state


def start_pairs() -> list[tuple[str, str]]:
    state = ENGINE.new_game()
    runners = state.start_squares(RUNNER)
    blockaders = state.start_squares(BLOCKADER)
    return [(r, b) for r in runners for b in blockaders]


def best_layouts(runner_start: str, blockader_start: str, side: str, layouts: int, trials: int,
                 seed: int, known: tuple[str, ...] = ()) -> list[tuple[float, str]]:
    """The KEPT terrains ``side`` fares best on among the scenarios, ``layouts`` drawn ones and
    the ``known`` ones that suit these ships, each with its share of 2,000 more quick games."""
    rng = random.Random(f"{seed}:{runner_start}:{blockader_start}:{side}")
    state = terrain_stage(runner_start, blockader_start, side)
    options = [a for a in state.legal_actions() if a != GENERATE]
    options += [state.parse_action(text) for text in known]
    for _ in range(layouts):
        options.append(PlaceTerrain(*generate_layout(rng, state.rules.size,
                                                     state.rules.data.pentominoes,
                                                     state.placed_ships())))
    found = []
    for action in narrowed(state, side, options, rng, trials, None, keep=KEPT):
        trial = state.clone()
        trial.advance(action)
        found.append((round(played_out(trial, side, rng, 2000), 3), str(action)))
    return sorted(found, reverse=True)


def make_book(pool: ProcessPoolExecutor, layouts: int, trials: int, seed: int,
              known: dict[str, dict[str, list]] | None = None) -> dict[str, dict[str, list]]:
    """The book for every pair; with ``known`` (a book), each pair's search also tries the
    layouts found for every other pair: a layout that strands a ship heading into its corner
    does so wherever the other ship starts."""
    tasks = [(r, b, side) for side in BOOK_SIDES for r, b in start_pairs()]
    shared = {side: tuple(sorted({e["terrain"] for entries in (known or {}).get(side, {}).values()
                                  for e in entries})) for side in BOOK_SIDES}
    futures = [pool.submit(best_layouts, r, b, side, layouts, trials, seed, shared[side])
               for r, b, side in tasks]
    book: dict[str, dict[str, list]] = {side: {} for side in BOOK_SIDES}
    for (r, b, side), future in zip(tasks, futures):
        book[side][pair_key(r, b)] = [{"terrain": t, "value": v} for v, t in future.result()]
        print(side, r, b, book[side][pair_key(r, b)][0]["value"], flush=True)
    return book


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layouts", type=int, default=240, help="layouts drawn for each pair")
    parser.add_argument("--trials", type=int, default=20, help="quick games in the first round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=BOOK_FILE)
    parser.add_argument("--share-only", action="store_true",
                        help="skip the drawing: only share the layouts of the book in --out")
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.jobs) as pool:
        book = (load_raw(args.out) if args.share_only
                else make_book(pool, args.layouts, args.trials, args.seed))
        book = make_book(pool, 0, args.trials, args.seed, known=book)
    header = ("# Naval Blockade terrain book (standard rules): for the Runner and each pair of start squares\n"
              "# (Runner's, Blockader's), the layouts the Runner fared best on and its share of 2,000 quick\n"
              "# games played out by the helmsmen on each.\n"
              "# Made by: python -m games.naval_blockade.ai.make_terrain_book"
              f" --layouts {args.layouts} --trials {args.trials} --seed {args.seed}\n")
    args.out.write_text(header + yaml.safe_dump(book, sort_keys=True, width=200), encoding="utf-8")


def load_raw(path: Path) -> dict[str, dict[str, list]]:
    return {side: {ships: [{"terrain": e.terrain, "value": e.value} for e in entries]
                   for ships, entries in pairs.items()} for side, pairs in load_book(path).items()}


if __name__ == "__main__":
    main()
