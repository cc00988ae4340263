"""The terrain book: for the standard rules, the layouts each side fares best on, worked out in
advance for every pair of start squares (the ships are placed before the toss, so the toss
winner always knows them). Finding them takes some forty seconds of quick games a pair, too
long to keep a player waiting, so ``python -m games.naval_blockade.ai.make_terrain_book`` does
it once and writes ``terrain_book.yaml``; ``choose_terrain`` reads it here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ..rules import BLOCKADER, RUNNER, SIDES, BlockadeState

BOOK_FILE = Path(__file__).with_name("terrain_book.yaml")


START_TIE = 0.02   # start squares worth this close (about two standard errors of a book value) tie


@dataclass(frozen=True)
class BookEntry:
    terrain: str   # the action's notation: ``terrain i:... r:...`` or ``scenario:NAME``
    value: float   # the toss winner's share of quick games played out on it


class BookError(ValueError):
    """A terrain book that does not say what it must."""


def ships_key(state: BlockadeState) -> str:
    """The start squares, Runner's first: ``"l1 b23"``."""
    return " ".join(state.rules.names[sq] for _, sq, _ in state.placed_ships())


def book_terrains(state: BlockadeState, side: str) -> list:
    """The book's terrain actions for ``side`` with these ships; none unless the rules are the
    standard ones the book was made for."""
    if state.rules.overrides():
        return []
    entries = load_book(BOOK_FILE).get(side, {}).get(ships_key(state), ())
    return [state.parse_action(entry.terrain) for entry in entries]


def book_start(state: BlockadeState, rng: random.Random):
    """The start square of the side to act worth most before the toss, by the book: half the
    time we place the terrain we fare best on, half the time the enemy places the one it fares
    best on (a ship heading into its corner can be stranded there by islands, and a careful
    player does not start where that can happen). The Runner, choosing first, counts on the
    Blockader's best answer. None when the book has no word (other rules)."""
    if state.rules.overrides():
        return None
    book = load_book(BOOK_FILE)
    side = state.side
    me, them = SIDES[side], SIDES[1 - side]

    def worth(runner: str, blockader: str) -> float | None:
        ours, theirs = (book.get(s, {}).get(f"{runner} {blockader}") for s in (me, them))
        return None if not ours or not theirs else 0.5 * ours[0].value + 0.5 * (1 - theirs[0].value)

    blockaders = state.start_squares(BLOCKADER)
    if side == RUNNER:
        worths = {r: min((worth(r, b) for b in blockaders), default=None)
                  for r in state.start_squares(RUNNER)}
    else:
        runner = state.rules.names[state.at[RUNNER]]
        worths = {b: worth(runner, b) for b in blockaders}
    if not worths or None in worths.values():
        return None
    best = max(worths.values())
    return state.parse_action(f"start {rng.choice(sorted(k for k, v in worths.items() if v > best - START_TIE))}")


@cache
def load_book(path: Path) -> dict[str, dict[str, tuple[BookEntry, ...]]]:
    """The book as {side: {ships: (entry, ...)}}, each side's best first; a malformed file
    raises BookError naming it, the key and what was expected."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise BookError(f"{path}: cannot be read as YAML ({exc})") from exc
    if not isinstance(data, dict) or set(data) - set(SIDES):
        raise BookError(f"{path}: expected a mapping with the keys {' and '.join(SIDES)}")
    book: dict[str, dict[str, tuple[BookEntry, ...]]] = {}
    for side, pairs in data.items():
        if not isinstance(pairs, dict):
            raise BookError(f"{path}: {side}: expected a mapping of start squares to layouts")
        book[side] = {}
        for ships, entries in pairs.items():
            where = f"{path}: {side}: {ships!r}"
            if not isinstance(entries, list) or not entries:
                raise BookError(f"{where}: expected a list of layouts")
            found = []
            for entry in entries:
                text = entry.get("terrain") if isinstance(entry, dict) else None
                value = entry.get("value") if isinstance(entry, dict) else None
                if not isinstance(text, str) or not text.startswith(("terrain ", "scenario:")) \
                        or not isinstance(value, (int, float)):
                    raise BookError(f"{where}: expected entries like {{terrain: 'terrain i:... "
                                    f"r:...', value: 0.5}}, got {entry!r}")
                found.append(BookEntry(text, float(value)))
            book[side][ships] = tuple(sorted(found, key=lambda e: -e.value))
    return book
