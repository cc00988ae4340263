"""What the screen needs to know about the board, and where each square sits for each viewer.

The squares, harbours, bases and walls come from the engine's board data; this module only turns
them into screen positions. South looks up the board from rank 1; North's view is turned round
(file h on his left, rank 12 nearest him), exactly as the two players sit at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, eq=False)   # one per game; compared and cached by identity
class BoardGeometry:
    files: int
    ranks: int
    harbours: dict              # side -> frozenset of square names
    bases: dict                 # side -> square name
    walls: frozenset            # frozenset of (square, square) name pairs, orthogonal neighbours

    def name(self, file_index: int, rank_index: int) -> str:
        return f"{FILE_LETTERS[file_index]}{rank_index + 1}"

    def coords(self, square: str) -> tuple[int, int]:
        return FILE_LETTERS.index(square[0]), int(square[1:]) - 1

    @property
    def squares(self) -> list[str]:
        return [self.name(f, r) for r in range(self.ranks) for f in range(self.files)]

    def cell(self, square: str, viewer: str) -> tuple[int, int]:
        """(column, row) on screen from the viewer's bottom-left corner."""
        f, r = self.coords(square)
        if viewer == "north":
            return self.files - 1 - f, self.ranks - 1 - r
        return f, r

    def square_at_cell(self, column: int, row: int, viewer: str) -> str | None:
        if not (0 <= column < self.files and 0 <= row < self.ranks):
            return None
        if viewer == "north":
            column, row = self.files - 1 - column, self.ranks - 1 - row
        return self.name(column, row)

    def harbour_of(self, square: str) -> str | None:
        for side, squares in self.harbours.items():
            if square in squares:
                return side
        return None


def geometry_from_rules(rules, sides=("south", "north")) -> BoardGeometry:
    """The board of a game's compiled rules: its grid (walls only where the variant has them),
    and the bases and harbours of the board data."""
    grid, board = rules.grid, rules.board
    return BoardGeometry(
        files=grid.files, ranks=grid.ranks,
        harbours={side: frozenset(grid.name(sq) for sq in board.harbours[i]) for i, side in enumerate(sides)},
        bases={side: grid.name(board.bases[i]) for i, side in enumerate(sides)},
        walls=frozenset((grid.name(a), grid.name(b)) for a, b in grid.walls),
    )


def classic_geometry() -> BoardGeometry:
    """The 1920 board as the project's rules page draws it; used until the engine is asked."""
    south = frozenset(f"{f}{r}" for f in "abc" for r in (1, 2, 3))
    north = frozenset(f"{f}{r}" for f in "fgh" for r in (10, 11, 12))
    walls = frozenset({("b3", "b4"), ("c3", "c4"), ("c1", "d1"), ("c2", "d2"), ("c3", "d3"),
                       ("f10", "f9"), ("g10", "g9"), ("e10", "f10"), ("e11", "f11"), ("e12", "f12")})
    return BoardGeometry(8, 12, {"south": south, "north": north}, {"south": "c1", "north": "f12"}, walls)
