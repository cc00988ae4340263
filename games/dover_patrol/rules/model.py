"""The game's data as frozen dataclasses, handed to the engine by the loader (no file reading here).

Squares are ints from ``navalgames.core.grid.Grid`` (``rank_index * files + file_index``, ``a1`` = 0).
Sides are indices: SOUTH = 0, NORTH = 1. Piece kinds are small ints (``KIND_CODES[k]`` is the code
used in notation): 1..10 the valued ships, then MS, SS, ML, FB, MI.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from navalgames.core.grid import Grid
from navalgames.core.options import RuleOption
from navalgames.core.quote import short

SOUTH, NORTH = 0, 1
SIDES = ("south", "north")
SIDE_INDEX = {"south": SOUTH, "north": NORTH}

# Kind numbers: the value for valued ships, then the auxiliaries. Index 0 is "no piece".
MS, SS, ML, FB, MI = 11, 12, 13, 14, 15
KIND_CODES = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "MS", "SS", "ML", "FB", "MI")
KIND_OF_CODE = {code: k for k, code in enumerate(KIND_CODES) if code}
ALL_KINDS = tuple(range(1, 16))
ALL_MASK = sum(1 << k for k in ALL_KINDS)
# Codes in the order people list them (strongest first), as in positions and the combat table.
CODE_ORDER = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "MS", "SS", "ML", "FB", "MI")


def kind_bit(kind: int) -> int:
    return 1 << kind


def mask_kinds(mask: int) -> tuple[int, ...]:
    return tuple(k for k in ALL_KINDS if mask >> k & 1)


def mask_of(kinds) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


@dataclass(frozen=True)
class PieceKind:
    kind: int
    code: str
    name: str
    value: int | None
    count: int              # copies in the full fleet
    moves: bool = True
    attacks: bool = True
    carries_flag: bool = True


@dataclass(frozen=True)
class BoardData:
    grid: Grid                               # walls included (variants without walls drop them)
    bases: tuple[int, int]                   # per side
    harbours: tuple[frozenset[int], frozenset[int]]

    @property
    def files(self) -> int:
        return self.grid.files

    @property
    def ranks(self) -> int:
        return self.grid.ranks

    def side_rank(self, side: int, sq: int) -> int:
        """Rank counted from ``side``'s own back row, 1-based (South's rank 1 is North's 12)."""
        rank = sq // self.grid.files
        return rank + 1 if side == SOUTH else self.grid.ranks - rank

    def rotate(self, sq: int) -> int:
        """The square seen from the other side of the table (180 degrees)."""
        return self.grid.size - 1 - sq


@dataclass(frozen=True)
class CombatData:
    """Attack results per table: ``tables[name][(attacker kind, defender kind)]`` in 'ADB.'."""

    tables: Mapping[str, Mapping[tuple[int, int], str]]
    contact_spares: Mapping[int, frozenset[int]]   # MI / ML -> kinds that survive arriving next to it


@dataclass(frozen=True)
class SetupZone:
    ranks: int        # nearest ranks filled, own base left empty
    odd_rank: int     # the one odd piece goes on this rank


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    order: int
    description: str
    walls: bool
    flags: bool
    bases: str                    # flags | target | open
    win: str                      # flags | occupy-base | flagship | fleet
    turn: str                     # single | fleet-orders
    attacks: str                  # optional | compulsory
    contact_explosions: bool
    combat: str                   # a table name in CombatData
    setup: SetupZone
    flying_boat_jump: bool
    long_moves: Mapping[int, str] # kind -> through-empty | over-anything (two squares straight)
    pieces: Mapping[int, int]     # kind -> count per side
    options: Mapping[str, RuleOption] = field(default_factory=dict)

    @property
    def fleet_size(self) -> int:
        return sum(self.pieces.values())


@dataclass(frozen=True)
class Preset:
    """A named deployment, written from South's seat; North's is the same rotated 180 degrees."""

    id: str
    name: str
    description: str
    variants: tuple[str, ...]
    placement: Mapping[int, int]  # South square -> kind


@dataclass(frozen=True)
class GameData:
    board: BoardData
    kinds: Mapping[int, PieceKind]
    combat: CombatData
    variants: Mapping[str, Variant]     # in menu order
    presets: tuple[Preset, ...]

    def variant(self, variant_id: str) -> Variant:
        if variant_id not in self.variants:
            raise ValueError(f"Dover Patrol has no variant {short(variant_id)}: expected one of "
                             f"{', '.join(self.variants)}")
        return self.variants[variant_id]
