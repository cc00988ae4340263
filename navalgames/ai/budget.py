"""How long a search may think: a number of iterations (reproducible) or seconds (wall clock).

An iteration budget makes a search fully deterministic for a given seed, which tests and replays
rely on; a time budget adapts to the machine. Both may be set: the search stops at the first.
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None   # MCTS iterations, or expectimax plies of depth
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a budget needs iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be positive, not {self.seconds}")

    def start(self) -> "Stopwatch":
        return Stopwatch(self)


class Stopwatch:
    """Counts iterations and time against a budget."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.started = time.perf_counter()
        self.done = 0

    def tick(self) -> None:
        self.done += 1

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def exhausted(self) -> bool:
        if self.budget.iterations is not None and self.done >= self.budget.iterations:
            return True
        return self.budget.seconds is not None and self.elapsed() >= self.budget.seconds
