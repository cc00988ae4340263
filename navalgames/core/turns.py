"""Whose decision it is, the phase of the game, and the turn and ply counters.

A *ply* is one action; a *turn* is one side's whole go. Classic Dover Patrol and Blockade end the
turn with every action (``end_turn_after_each``); Fleet Orders keeps the turn open for many actions
until the side ends it explicitly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(str, Enum):
    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


@dataclass
class TurnClock:
    sides: tuple[str, ...]
    to_move: str
    phase: Phase = Phase.PLAY
    ply: int = 0   # actions taken in the play phase
    turn: int = 1  # turns begun, counting from 1

    def __post_init__(self) -> None:
        if self.to_move not in self.sides:
            raise ValueError(f"{self.to_move!r} is not a side: expected one of {', '.join(self.sides)}")

    def opponent(self, side: str | None = None) -> str:
        side = self.to_move if side is None else side
        if len(self.sides) != 2:
            raise ValueError("opponent() needs a two-sided game")
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def record_action(self, end_turn: bool) -> None:
        """Count one action; pass the move to the other side when the turn ends with it."""
        self.ply += 1
        if end_turn:
            self.end_turn()

    def end_turn(self) -> None:
        i = self.sides.index(self.to_move)
        self.to_move = self.sides[(i + 1) % len(self.sides)]
        self.turn += 1

    def finish(self) -> None:
        self.phase = Phase.OVER

    def copy(self) -> "TurnClock":
        return TurnClock(self.sides, self.to_move, self.phase, self.ply, self.turn)
