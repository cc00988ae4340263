"""Guessing hidden identities: a random assignment that respects every known constraint.

A hidden-piece game (Dover Patrol) tells the AI how many enemy pieces of each kind are still
unaccounted for and, for each unrevealed piece, which kinds it can still be (a piece that moved is
no Mine, ...). ``assign`` deals the kinds out at random so that every piece gets a kind it allows
and no kind is used more often than it remains. Each piece draws in proportion to the copies left,
most constrained pieces first, which keeps the draw close to uniform over consistent assignments
while staying fast; a dead end (rare) is repaired by an exact matching.

``weights`` (optional, one mapping per piece) tilt the draw: piece i takes kind k in proportion
to the copies left times ``weights[i][k]``, how much likelier what the piece did makes that kind
(a belief that follows behaviour). Missing kinds weigh 1. A sequential draw tilts the pieces
drawn first more than the later ones, so swaps between pairs of pieces follow (a heat-bath
walk whose resting point weighs each whole deal by the product of its weights).
"""

from __future__ import annotations

import random
from typing import Collection, Hashable, Mapping, Sequence

Kind = Hashable


def assign(allowed: Sequence[Collection[Kind]], counts: Mapping[Kind, int], rng: random.Random,
           tries: int = 8, weights: Sequence[Mapping[Kind, float]] | None = None) -> list[Kind] | None:
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
            if weights is None:
                share = {k: left[k] for k in options}
            else:
                tilt = weights[i]
                share = {k: left[k] * tilt.get(k, 1.0) for k in options}
            pick = rng.random() * sum(share.values())
            for kind in options:
                pick -= share[kind]
                if pick < 0:
                    break
            result[i] = kind
            left[kind] -= 1
        else:
            if weights is not None:
                swap_towards_weights(result, allowed, weights, rng)
            return result  # type: ignore[return-value]
    return matching(allowed, counts, rng)


SWAPS_PER_PIECE = 4   # swap proposals per piece after a weighted draw


def swap_towards_weights(result: list, allowed: Sequence[Collection[Kind]],
                         weights: Sequence[Mapping[Kind, float]], rng: random.Random) -> None:
    """Propose swapping the kinds of two random pieces, and take the swap with the chance its
    weight has against the present pair's (both pieces must allow their new kind)."""
    n = len(result)
    if n < 2:
        return
    for _ in range(SWAPS_PER_PIECE * n):
        i, j = rng.randrange(n), rng.randrange(n)
        a, b = result[i], result[j]
        if a == b or b not in allowed[i] or a not in allowed[j]:
            continue
        now = weights[i].get(a, 1.0) * weights[j].get(b, 1.0)
        swapped = weights[i].get(b, 1.0) * weights[j].get(a, 1.0)
        if rng.random() * (now + swapped) < swapped:
            result[i], result[j] = b, a


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
