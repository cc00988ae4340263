"""Guessing hidden identities: a random assignment that respects every known constraint.

A hidden-piece game (Dover Patrol) tells the AI how many enemy pieces of each kind are still
unaccounted for and, for each unrevealed piece, which kinds it can still be (a piece that moved is
no Mine, ...). ``assign`` deals the kinds out at random so that every piece gets a kind it allows
and no kind is used more often than it remains. Each piece draws in proportion to the copies left,
most constrained pieces first, which keeps the draw close to uniform over consistent assignments
while staying fast; a dead end (rare) is repaired by an exact matching.
"""

from __future__ import annotations

import random
from typing import Collection, Hashable, Mapping, Sequence

Kind = Hashable


def assign(allowed: Sequence[Collection[Kind]], counts: Mapping[Kind, int], rng: random.Random,
           tries: int = 8) -> list[Kind] | None:
    """A kind for every piece (``allowed[i]`` are piece i's possible kinds), or None if impossible."""
    n = len(allowed)
    # Most constrained first; ties in a random order so equal pieces are not always dealt alike.
    keys = [(len(allowed[i]), rng.random(), i) for i in range(n)]
    order = [i for _, _, i in sorted(keys)]
    for _ in range(tries):
        left = dict(counts)
        result: list[Kind | None] = [None] * n
        for i in order:
            options = [k for k in allowed[i] if left.get(k, 0) > 0]
            if not options:
                break
            options.sort(key=repr)   # sets iterate in hash order: sort for a reproducible draw
            pick = rng.random() * sum(left[k] for k in options)
            for kind in options:
                pick -= left[kind]
                if pick < 0:
                    break
            result[i] = kind
            left[kind] -= 1
        else:
            return result  # type: ignore[return-value]
    return matching(allowed, counts, rng)


def matching(allowed: Sequence[Collection[Kind]], counts: Mapping[Kind, int],
             rng: random.Random) -> list[Kind] | None:
    """An exact assignment by augmenting paths (pieces to copies of kinds), or None."""
    slots: list[Kind] = [k for k in sorted(counts, key=repr) for _ in range(max(0, counts[k]))]
    rng.shuffle(slots)
    by_kind: dict[Kind, list[int]] = {}
    for s, kind in enumerate(slots):
        by_kind.setdefault(kind, []).append(s)
    owner: list[int | None] = [None] * len(slots)

    def place(i: int, seen: set[int]) -> bool:
        for kind in sorted(allowed[i], key=repr):
            for s in by_kind.get(kind, ()):
                if s in seen:
                    continue
                seen.add(s)
                if owner[s] is None or place(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    for i in range(len(allowed)):
        if not place(i, set()):
            return None
    result: list[Kind | None] = [None] * len(allowed)
    for s, i in enumerate(owner):
        if i is not None:
            result[i] = slots[s]
    return result  # type: ignore[return-value]
