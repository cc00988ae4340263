"""Square boards: algebraic square names, neighbours, walls and the eight headings.

Squares are small integers (``rank_index * files + file_index``) so engines can index flat lists
and precomputed tables; names such as ``a1`` or ``x24`` are only for people and files.
File ``a`` is the left/West edge, rank ``1`` the bottom/South edge.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property

from .quote import short

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Heading(enum.IntEnum):
    """Eight compass headings, clockwise from North; one step is 45 degrees."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def delta(self) -> tuple[int, int]:
        """(file step, rank step) of one move along this heading."""
        return _HEADING_DELTAS[self]

    @property
    def diagonal(self) -> bool:
        return self % 2 == 1

    def starboard(self, steps: int = 1) -> "Heading":
        """Turn clockwise (to the right) by 45 degrees per step."""
        return Heading((self + steps) % 8)

    def port(self, steps: int = 1) -> "Heading":
        """Turn anticlockwise (to the left) by 45 degrees per step."""
        return Heading((self - steps) % 8)

    def opposite(self) -> "Heading":
        return Heading((self + 4) % 8)

    @classmethod
    def parse(cls, text: str) -> "Heading":
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise ValueError(f"unknown heading {short(text)}: expected one of "
                             f"{' '.join(h.name for h in cls)}") from None


_HEADING_DELTAS = {
    Heading.N: (0, 1), Heading.NE: (1, 1), Heading.E: (1, 0), Heading.SE: (1, -1),
    Heading.S: (0, -1), Heading.SW: (-1, -1), Heading.W: (-1, 0), Heading.NW: (-1, 1),
}

ORTHOGONAL_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
EIGHT_STEPS = tuple(h.delta for h in Heading)


def wall_key(a: int, b: int) -> tuple[int, int]:
    """The one spelling of the wall between two squares, whichever side it is named from."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Grid:
    """A rectangle of squares with optional walls between orthogonal neighbours."""

    files: int
    ranks: int
    walls: frozenset[tuple[int, int]] = field(default=frozenset())

    def __post_init__(self) -> None:
        if not (1 <= self.files <= len(FILE_LETTERS)) or self.ranks < 1:
            raise ValueError(f"a grid needs 1..{len(FILE_LETTERS)} files and at least one rank")
        # One spelling per wall, so a wall given as (b, a) still separates a from b.
        object.__setattr__(self, "walls", frozenset(wall_key(a, b) for a, b in self.walls))

    # --- squares and names -------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.files * self.ranks

    def square(self, file_index: int, rank_index: int) -> int:
        return rank_index * self.files + file_index

    def coords(self, sq: int) -> tuple[int, int]:
        """(file index, rank index), both from 0."""
        return sq % self.files, sq // self.files

    def on_board(self, file_index: int, rank_index: int) -> bool:
        return 0 <= file_index < self.files and 0 <= rank_index < self.ranks

    def name(self, sq: int) -> str:
        f, r = self.coords(sq)
        return f"{FILE_LETTERS[f]}{r + 1}"

    @cached_property
    def _by_name(self) -> dict[str, int]:
        return {self.name(sq): sq for sq in range(self.size)}

    def parse(self, name: str) -> int:
        """The square called ``name`` (``c4``); ValueError naming the board's range otherwise."""
        sq = self._by_name.get(str(name).strip().lower())
        if sq is None:
            last = self.name(self.size - 1)
            raise ValueError(f"{short(name)} is not a square: expected a1..{last}")
        return sq

    # --- neighbours and walls ----------------------------------------------------------
    def step(self, sq: int, df: int, dr: int) -> int | None:
        """The square ``(df, dr)`` away, or None off the board."""
        f, r = self.coords(sq)
        f, r = f + df, r + dr
        return self.square(f, r) if self.on_board(f, r) else None

    def wall_between(self, a: int, b: int) -> bool:
        return wall_key(a, b) in self.walls

    @cached_property
    def orthogonal_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per square, its on-board orthogonal neighbours that no wall separates from it."""
        return tuple(
            tuple(n for df, dr in ORTHOGONAL_STEPS
                  if (n := self.step(sq, df, dr)) is not None and not self.wall_between(sq, n))
            for sq in range(self.size))

    @cached_property
    def eight_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per square, every on-board square touching it, corners included (walls ignored)."""
        return tuple(
            tuple(n for df, dr in EIGHT_STEPS if (n := self.step(sq, df, dr)) is not None)
            for sq in range(self.size))

    def with_walls(self, walls: frozenset[tuple[int, int]]) -> "Grid":
        return Grid(self.files, self.ranks, frozenset(walls))

    def parse_wall(self, text: str) -> tuple[int, int]:
        """A wall written ``b3|b4`` between two orthogonal neighbours."""
        try:
            left, right = str(text).split("|")
        except ValueError:
            raise ValueError(f"{short(text)} is not a wall: expected two squares like b3|b4") from None
        a, b = self.parse(left), self.parse(right)
        (fa, ra), (fb, rb) = self.coords(a), self.coords(b)
        if abs(fa - fb) + abs(ra - rb) != 1:
            raise ValueError(f"wall {short(text)} must separate two orthogonal neighbours")
        return wall_key(a, b)
