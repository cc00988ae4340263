"""The fixed things a game is played with: resolved rule options, the scenarios, the pentominoes.

``Rules`` is built once per game from its option values and shared by every clone, so the hot
path reads plain attributes instead of looking options up in a dict.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from navalgames.core.grid import FILE_LETTERS
from navalgames.core.options import RuleOption
from navalgames.core.registry import VariantInfo

from .actions import BLOCKADER, RUNNER
from .geometry import bearing_table
from .terrain import Pentomino


@dataclass(frozen=True)
class Scenario:
    """A named terrain layout from the data files."""

    id: str
    name: str
    description: str
    board_size: int
    islands: tuple[tuple[str, ...], ...]
    rocks: tuple[str, ...]


@dataclass(frozen=True)
class BlockadeData:
    """Everything the engine is handed from the data files (read by games.naval_blockade.loader)."""

    variants: tuple[VariantInfo, ...]
    options: Mapping[str, RuleOption]
    pentominoes: tuple[Pentomino, ...]
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)


class Rules:
    """The option values of one game, with the tables they imply."""

    def __init__(self, values: Mapping[str, Any], data: BlockadeData) -> None:
        self.values = dict(values)
        self.defaults = {name: opt.default for name, opt in data.options.items()}
        self.data = data
        self.size: int = values["board_size"]
        self.inward: bool = values["blockader_heading"] == "inward"
        self.inclusive: bool = values["arc_boundary"] == "inclusive"
        self.max_range: int = values["max_range"]
        self.graze_blocks: bool = values["graze_blocks"]
        self.return_fire: bool = values["return_fire"]
        self.head_on_steps: int = values["armoured_bow_arc"] // 45
        self.max_moves: int = values["max_moves"]
        self.width = 2 * self.max_range + 1
        self.bearing = (bearing_table(RUNNER, self.inclusive, self.max_range),
                        bearing_table(BLOCKADER, self.inclusive, self.max_range))
        self.scenarios = {key: s for key, s in data.scenarios.items() if s.board_size == self.size}
        n = self.size
        self.names = tuple(f"{FILE_LETTERS[sq % n]}{sq // n + 1}" for sq in range(n * n))   # a1, b1, ...

    def overrides(self) -> dict[str, Any]:
        """Only the options that differ from their defaults (what a position file records)."""
        return {k: v for k, v in self.values.items() if self.defaults.get(k) != v}

    # --- start squares (rule 1) ---------------------------------------------------------------
    def runner_start_squares(self) -> list[tuple[int, int]]:
        """The two centre squares of the South edge, as (file, rank) indices."""
        n = self.size
        return [(n // 2 - 1, 0), (n // 2, 0)]

    def blockader_start_squares(self) -> list[tuple[int, int, int]]:
        """(file, rank, heading) of the six North-East and six North-West corner squares."""
        n = self.size
        east, west = (6, 2) if self.inward else (2, 6)   # heading indices: E = 2, W = 6
        found = []
        for r in (n - 2, n - 1):
            for f in (n - 3, n - 2, n - 1):
                found.append((f, r, east))
            for f in (0, 1, 2):
                found.append((f, r, west))
        return found
