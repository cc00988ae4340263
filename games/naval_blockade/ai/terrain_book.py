"""The terrain book: for the standard rules, the layouts the Runner fares best on, worked out in
advance for every pair of start squares (the ships are placed before the toss, so the toss
winner always knows them). Finding them takes some forty seconds of quick games a pair, too
long to keep a player waiting, so ``python -m games.naval_blockade.ai.make_terrain_book`` does
it once and writes ``terrain_book.yaml``; ``choose_terrain`` reads it here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from ..rules import BLOCKADER, RUNNER, SIDES, BlockadeState
from ..rules.geometry import HEADING_NAMES
from ..rules.state import START

BOOK_FILE = Path(__file__).with_name("terrain_book.yaml")
# The Runner's side only: layouts picked for the Blockader in games against the helmsman
# Runner won more against `easy` (which steers by it) but fewer against `bold` and `cautious`
# (docs/computer.md, seventh Naval Blockade session), so the Blockader judges its own quickly.
BOOK_SIDES = (SIDES[RUNNER],)
STRANDED = 0.99   # the Runner's share of the book's games on a layout that strands the Blockader


@dataclass(frozen=True)
class BookEntry:
    terrain: str   # the action's notation: ``terrain i:... r:...`` or ``scenario:NAME``
    value: float   # the toss winner's share of quick games played out on it


class BookError(ValueError):
    """A terrain book that does not say what it must."""


def pair_key(runner_start: str, blockader_start: str) -> str:
    """The book's key for a pair of start squares, Runner's first: ``"l1 b23"``."""
    return f"{runner_start} {blockader_start}"


def ships_key(state: BlockadeState) -> str:
    return pair_key(*(state.rules.names[sq] for _, sq, _ in state.placed_ships()))


def book_terrains(state: BlockadeState, side: str) -> list:
    """The book's terrain actions for ``side`` with these ships; none unless the rules are the
    standard ones the book was made for."""
    if state.rules.overrides():
        return []
    entries = load_book(BOOK_FILE).get(side, {}).get(ships_key(state), ())
    return [state.parse_action(entry.terrain) for entry in entries]


def shunned_start(state: BlockadeState, action) -> bool:
    """Whether our Blockader should not start on this square: the Runner, winning the toss, could
    strand her there (``strands_us``), or every first move ends on the edge file
    (``hugs_the_edge``)."""
    if state.stage != START or state.side != BLOCKADER:
        return False
    return strands_us(state, action) or hugs_the_edge(state, action)


def strands_us(state: BlockadeState, action) -> bool:
    """Whether this start square of the Blockader's is one where the Runner, winning the toss,
    has a layout that drives her ashore in her first moves (the book's helmsmen won every game
    on it): rule 2 leaves a ship heading into her corner only the one legal first move it asks
    for."""
    if state.rules.overrides():
        return False
    key = pair_key(state.rules.names[state.at[RUNNER]], action.square)
    entries = load_book(BOOK_FILE).get(SIDES[RUNNER], {}).get(key, ())
    return bool(entries) and entries[0].value >= STRANDED


def hugs_the_edge(state: BlockadeState, action) -> bool:
    """Whether every first move from this start square of the Blockader's ends on the file
    along the board's edge (w23 heading East, b23 heading West): she then spends her first moves
    turning along the edge, where the square two files in leaves her room to turn."""
    heading = {name: h for name, h, _ in state.start_square_choices(BLOCKADER)}[action.square]
    n = state.rules.size
    file = state.terrain.grid.parse(action.square) % n
    # a ship starts heading East or West, and all three of her first moves step one file that way
    step = 1 if HEADING_NAMES[heading] == "E" else -1
    return not 0 < file + step < n - 1


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

