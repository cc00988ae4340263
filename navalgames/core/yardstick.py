"""The yardstick the engine benchmarks are compared with: python-chess's random playout.

A game from the opening position to its end (``is_game_over()``: mate, stalemate, insufficient
material, the 75-move rule, fivefold repetition), each ply listing the legal moves and pushing one
drawn uniformly, as the engines' playouts do. Measured in CPU seconds of this process, so other
programs on the machine slow both sides alike; only a ratio from the same run means anything.

python-chess is optional (``pip install -e ".[bench]"``): without it the benchmarks print their
own figures and say the yardstick is missing.
"""

from __future__ import annotations

import os
import random
import time


def chess_playouts(seconds: float, seed: int = 1) -> float | None:
    """Plies per CPU second of python-chess random playouts, or None without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[int(rng.random() * len(moves))])
            plies += 1
        elapsed = time.process_time() - start
    return plies / elapsed


class Yardstick:
    """python-chess timed in two halves, before and after the engine rows, so a change in the
    machine's load during the run weighs on both alike."""

    def __init__(self, seconds: float, seed: int = 1) -> None:
        self.seconds = seconds
        self.seed = seed
        self.rates: list[float] = []

    def measure(self) -> None:
        rate = chess_playouts(self.seconds / 2, self.seed + len(self.rates))
        if rate is not None:
            self.rates.append(rate)

    @property
    def rate(self) -> float | None:
        return sum(self.rates) / len(self.rates) if self.rates else None

    def ratio(self, plies_per_second: float) -> str:
        """``4.9x`` for a row's figure, or ``-`` without python-chess."""
        return f"{plies_per_second / self.rate:.1f}x" if self.rate else "-"

    def summary(self) -> str:
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
        if self.rate is None:
            return (f"python-chess is not installed: no yardstick (pip install -e \".[bench]\"); "
                    f"load average {load}")
        return (f"yardstick: python-chess random playout (legal moves + push to game over), "
                f"{self.rate:,.0f} plies/s in this run; load average {load}")
