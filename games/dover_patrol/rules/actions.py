"""Actions and their notation.

=====================  ======================================================================
``a4-a5``              move one square (or, two squares apart, the Flying Boat's jump ``b5-b7``;
                       in Fleet Orders also the Patrol Vessel's or Flying Boat's double move)
``a4-a5xa6``           move, then attack the piece on ``a6`` (one action, one turn)
``c5>c6``              hand the flag carried on ``c5`` to the friendly piece on ``c6``
``a5xa6``              Fleet Orders: attack ``a6`` with ``a5`` without moving
``end``                Fleet Orders: end the turn
``deploy south a1=1 b1=ML c2=2 ...``
                       setup: one side's whole fleet, one ``square=CODE`` per piece (the flag
                       needs no entry: it stands on the base)
=====================  ======================================================================

Actions are small immutable values compared by content; ``str(action)`` is the notation. Squares
are ints (``navalgames.core.grid.Grid``); the text is computed once when the action is made.
"""

from __future__ import annotations

import re
from typing import Iterable

from navalgames.core.grid import Grid
from navalgames.core.state import IllegalAction

from .model import KIND_CODES, KIND_OF_CODE, SIDE_INDEX, SIDES


class _Action:
    __slots__ = ("key", "text", "_hash")

    def __init__(self, key: tuple, text: str) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash(key))

    def __setattr__(self, name, value):  # actions are values: never changed once made
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.key == self.key

    def __hash__(self) -> int:
        return self._hash

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __reduce__(self):
        return (type(self)._from_key, (self.key, self.text))

    @classmethod
    def _from_key(cls, key, text):
        obj = cls.__new__(cls)
        _Action.__init__(obj, key, text)
        return obj


class Move(_Action):
    """Move ``frm`` -> ``to`` (one square, or two for a jump/double move), then perhaps attack.
    ``bits``: both squares as a bitboard (bit ``sq`` set), which the engine flips on every ply:
    made once here, as shifting two 96-bit ints costs more than the rest of a bitboard update."""

    __slots__ = ("bits",)

    def __init__(self, frm: int, to: int, attack: int = -1, grid: Grid | None = None,
                 text: str | None = None) -> None:
        if text is None:
            assert grid is not None
            text = f"{grid.name(frm)}-{grid.name(to)}" + (f"x{grid.name(attack)}" if attack >= 0 else "")
        super().__init__((frm, to, attack), text)
        object.__setattr__(self, "bits", (1 << frm) | (1 << to))

    @classmethod
    def _from_key(cls, key, text):
        return cls(*key, text=text)

    @property
    def frm(self) -> int:
        return self.key[0]

    @property
    def to(self) -> int:
        return self.key[1]

    @property
    def attack(self) -> int:
        """The attacked square, or -1 for a move without attack."""
        return self.key[2]


class Transfer(_Action):
    """Hand the flag from the carrier on ``frm`` to the friendly piece on ``to``."""

    __slots__ = ()

    def __init__(self, frm: int, to: int, grid: Grid) -> None:
        super().__init__((frm, to), f"{grid.name(frm)}>{grid.name(to)}")

    @property
    def frm(self) -> int:
        return self.key[0]

    @property
    def to(self) -> int:
        return self.key[1]


class Attack(_Action):
    """Fleet Orders: the piece on ``frm`` attacks the piece directly ahead, on ``target``."""

    __slots__ = ()

    def __init__(self, frm: int, target: int, grid: Grid) -> None:
        super().__init__((frm, target), f"{grid.name(frm)}x{grid.name(target)}")

    @property
    def frm(self) -> int:
        return self.key[0]

    @property
    def target(self) -> int:
        return self.key[1]


class EndTurn(_Action):
    """Fleet Orders: end the turn (after at least one move or attack)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__(("end",), "end")


END = EndTurn()


class Deploy(_Action):
    """Setup: ``side`` (0 south, 1 north) places its whole fleet; ``placement`` is (square, kind)."""

    __slots__ = ()

    def __init__(self, side: int, placement: Iterable[tuple[int, int]], grid: Grid) -> None:
        pairs = tuple(sorted(placement))
        text = f"deploy {SIDES[side]} " + " ".join(f"{grid.name(sq)}={KIND_CODES[k]}" for sq, k in pairs)
        super().__init__(("deploy", side, pairs), text)

    @property
    def side(self) -> int:
        return self.key[1]

    @property
    def placement(self) -> tuple[tuple[int, int], ...]:
        return self.key[2]


_MOVE = re.compile(r"^([a-z]\d+)-([a-z]\d+)(?:x([a-z]\d+))?$")
_ATTACK = re.compile(r"^([a-z]\d+)x([a-z]\d+)$")
_TRANSFER = re.compile(r"^([a-z]\d+)>([a-z]\d+)$")


def parse_action(text: str, grid: Grid) -> _Action:
    """The action written ``text``; IllegalAction saying what was expected if it is malformed."""
    raw = str(text).strip()
    t = raw.lower()

    def sq(name: str) -> int:
        try:
            return grid.parse(name)
        except ValueError as exc:
            raise IllegalAction(f"'{raw}': {exc}") from None

    if t == "end":
        return END
    if m := _MOVE.match(t):
        frm, to = sq(m.group(1)), sq(m.group(2))
        return Move(frm, to, sq(m.group(3)) if m.group(3) else -1, grid)
    if m := _ATTACK.match(t):
        return Attack(sq(m.group(1)), sq(m.group(2)), grid)
    if m := _TRANSFER.match(t):
        return Transfer(sq(m.group(1)), sq(m.group(2)), grid)
    if t.startswith("deploy"):
        words = raw.split()
        if len(words) < 2 or words[1].lower() not in SIDE_INDEX:
            raise IllegalAction(f"'{raw[:40]}': expected 'deploy south|north SQUARE=CODE ...'")
        placement = []
        seen: set[int] = set()
        for word in words[2:]:
            name, eq, code = word.partition("=")
            if not eq or code.upper() not in KIND_OF_CODE:
                raise IllegalAction(f"deploy: '{word}' is not SQUARE=CODE (codes: "
                                    f"{' '.join(c for c in KIND_CODES if c)})")
            square = sq(name)
            if square in seen:
                raise IllegalAction(f"deploy: two pieces on {name}")
            seen.add(square)
            placement.append((square, KIND_OF_CODE[code.upper()]))
        return Deploy(SIDE_INDEX[words[1].lower()], placement, grid)
    raise IllegalAction(f"'{raw}' is not an action: expected a move like a4-a5, a move and attack "
                        f"like a4-a5xa6, a flag transfer like c5>c6, or (Fleet Orders) a5xa6 / end")
