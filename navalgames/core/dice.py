"""Dice with named faces, rolled from a game's one seeded generator, or forced.

Engines never roll: they expose a chance node whose outcomes come from ``Die.outcomes()``. The
match driver (``navalgames.core.match``) resolves it with ``DiceRoller``, which takes forced faces
first (tests, ``--dice`` on the command line) and rolls the seeded generator when none is left.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class Die:
    """A die whose faces carry names; repeated names make a face more likely (M, M, M)."""

    faces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError("a die needs at least one face")

    def outcomes(self) -> list[tuple[str, float]]:
        """Each distinct face once with its probability, in the order first listed."""
        counts = Counter(self.faces)
        seen: list[str] = []
        for face in self.faces:
            if face not in seen:
                seen.append(face)
        return [(face, counts[face] / len(self.faces)) for face in seen]

    def roll(self, rng: random.Random) -> str:
        return self.faces[rng.randrange(len(self.faces))]

    def check(self, face: str) -> str:
        if face not in self.faces:
            raise ValueError(f"{face!r} is not a face of this die: expected one of "
                             f"{', '.join(dict.fromkeys(self.faces))}")
        return face


class DiceRoller:
    """Rolls for one game: forced faces in order, then the game's seeded generator."""

    def __init__(self, rng: random.Random, forced: Iterable[str] = ()) -> None:
        self.rng = rng
        self.forced: list[str] = list(forced)

    def force(self, *faces: str) -> None:
        self.forced.extend(faces)

    def roll(self, die: Die) -> str:
        if self.forced:
            face = die.check(self.forced[0])   # a bad forced face stays queued: nothing is lost
            self.forced.pop(0)
            return face
        return die.roll(self.rng)

    def choose(self, outcomes: list[tuple[str, float]]) -> str:
        """Pick among weighted outcomes of a chance node (a forced face if one is waiting)."""
        names = [name for name, _ in outcomes]
        if self.forced:
            face = self.forced[0]
            if face not in names:
                raise ValueError(f"forced outcome {face!r} is not possible here: expected one of "
                                 f"{', '.join(names)}")
            return self.forced.pop(0)
        return self.rng.choices(names, weights=[p for _, p in outcomes])[0]
