"""What the enemy's hidden pieces may be: the worlds the computer thinks on.

The engine's observation says which kinds each unseen enemy piece can still be (a piece that moved
is no Mine, ...) and how many of each kind are unaccounted for. ``UniformBelief`` deals the kinds
out at random within those limits (``navalgames.ai.identities``), each consistent deal about
equally likely. ``BehaviourBelief`` also follows what each piece did: it keeps, from one decision
to the next, how often each enemy piece has moved and how far forward it stands, and tilts the
deal by how likely that behaviour is for each kind (a piece that never moved all game is likelier
a Mine or a harbour guard; a piece that raced forward, a cheap raider). The likelihoods are counts
from games of the computer's own levels (``data/ai_belief.yaml``, made by ``belief_fit``).

Both read only observations, so the true identities never leak into a world. (Attacks tell
nothing here: an attack shows both pieces, so an attacker is never an unseen piece.)
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache

from navalgames.ai.identities import assign
from navalgames.core.data import load_package_yaml

from ..rules import DoverState
from ..rules.model import KIND_CODES, KIND_OF_CODE, SIDE_INDEX
from ..rules.observation import Observation, PieceView
from ..rules.tables import Rules

# The behaviour of a piece, in buckets: moves seen (0, 1-2, 3-7, 8+), turns played (to 60, to
# 200, beyond: never moving means more late in the game) and rank from its own back row.
MOVE_EDGES = (1, 3, 8)
PLY_EDGES = (60, 200)
RANK_EDGES = (3, 5, 7)
KEYS = (len(MOVE_EDGES) + 1) * (len(PLY_EDGES) + 1) * (len(RANK_EDGES) + 1)
SMOOTHING = 1.0   # counts added to every bucket of every kind, so no behaviour is ruled out
TEMPER = 0.3      # likelihoods are raised to this power: below 1 hedges against players whose
                  # habits differ from the games the counts come from


def bucket(value: int, edges: tuple[int, ...]) -> int:
    return sum(value >= edge for edge in edges)


class UniformBelief:
    """Every identity the observation allows, dealt out about uniformly."""

    def update(self, observation: Observation) -> None:
        """Take note of what the enemy did since the last decision (nothing to note here)."""

    def sample(self, state: DoverState, observation: Observation, rng: random.Random) -> DoverState:
        """A full position consistent with ``observation`` (``state`` only supplies the rules)."""
        return state.sample(observation, rng)


class Tracker:
    """How many moves each enemy piece has made, from the observations seen one after another."""

    def __init__(self) -> None:
        self.seen: dict[int, list] = {}   # piece id -> [square last seen on, moves counted]

    def update(self, observation: Observation) -> None:
        for view in observation.enemy():
            last = self.seen.get(view.id)
            if last is None:
                # First seen: a piece that has moved counts one move (a game taken up midway).
                self.seen[view.id] = [view.square, 1 if view.moved else 0]
            elif view.square != last[0]:
                last[0] = view.square
                last[1] += 1

    def key(self, rules: Rules, observation: Observation, view: PieceView) -> str:
        """The behaviour bucket of an enemy piece on the board, as ``moves/turns/rank``."""
        moves = self.seen.get(view.id, (None, 1 if view.moved else 0))[1]
        rank = rules.side_rank(SIDE_INDEX[view.side], view.square)
        return (f"{bucket(moves, MOVE_EDGES)}/{bucket(observation.ply, PLY_EDGES)}/"
                f"{bucket(rank, RANK_EDGES)}")


class Likelihoods:
    """P(behaviour bucket | kind) ** temper, from counts with SMOOTHING added to every bucket."""

    def __init__(self, counts: dict[int, dict[str, int]], temper: float = TEMPER) -> None:
        self.counts = counts
        self.table: dict[str, dict[int, float]] = {}
        totals = {k: sum(row.values()) + SMOOTHING * KEYS for k, row in counts.items()}
        keys = {key for row in counts.values() for key in row}
        for key in keys:
            self.table[key] = {k: ((row.get(key, 0) + SMOOTHING) / totals[k]) ** temper
                               for k, row in counts.items()}

    def of(self, key: str) -> dict[int, float]:
        """Kind -> likelihood of this behaviour (an empty mapping for a bucket never seen)."""
        return self.table.get(key, {})


@lru_cache(maxsize=1)
def fitted() -> Likelihoods:
    """The likelihoods fitted from the computer's games (``data/ai_belief.yaml``)."""
    node = load_package_yaml("games.dover_patrol", "data/ai_belief.yaml").only_keys("games", "counts")
    counts: dict[int, dict[str, int]] = {}
    for code, row in node.child("counts").items():
        if code not in KIND_OF_CODE:
            raise row.error(f"expected a piece code ({', '.join(KIND_OF_CODE)})")
        counts[KIND_OF_CODE[code]] = {key: value.as_type(int) for key, value in row.items()}
    return Likelihoods(counts)


class BehaviourBelief(UniformBelief):
    """The deal tilted by what each unseen enemy piece did (see the module docstring)."""

    def __init__(self, likelihoods: Likelihoods | None = None) -> None:
        self.likelihoods = likelihoods or fitted()
        self.tracker = Tracker()

    def update(self, observation: Observation) -> None:
        self.tracker.update(observation)

    def sample(self, state: DoverState, observation: Observation, rng: random.Random) -> DoverState:
        dealt = self.deal(state.rules, observation, rng)
        if dealt is None:   # nothing fits the tilt (cannot happen with smoothing): deal plainly
            return state.sample(observation, rng)
        # Deal, then let the engine build the world as if those kinds had been seen.
        pieces = tuple(replace(view, kind=dealt[view.id]) if view.id in dealt else view
                       for view in observation.pieces)
        return state.sample(replace(observation, pieces=pieces), rng)

    def deal(self, rules: Rules, observation: Observation, rng: random.Random) -> dict[int, str] | None:
        """A kind code for every unseen enemy piece, drawn with the behaviour's weights."""
        counts = {k: rules.counts[k] for k in range(1, 16) if rules.counts[k]}
        unknown = []
        for view in observation.pieces:
            if view.side == observation.observer:
                continue
            if view.kind is not None:
                counts[KIND_OF_CODE[view.kind]] -= 1
            else:
                unknown.append(view)
        allowed = [[KIND_OF_CODE[c] for c in view.possible] for view in unknown]
        weights = [self.likelihoods.of(self.tracker.key(rules, observation, view))
                   if view.square is not None else {} for view in unknown]
        kinds = assign(allowed, counts, rng, weights=weights)
        if kinds is None:
            return None
        return {view.id: KIND_CODES[k] for view, k in zip(unknown, kinds)}


ODDS_ROUNDS = 6   # rounds of fitting in ``kind_odds`` (it settles within a few)


def kind_odds(world: DoverState, me: int) -> dict[int, list[float]]:
    """For each enemy piece afloat that ``me`` has not identified, the chance it is each kind (a
    list by kind code), from what it may still be and how many of each kind are unaccounted for
    (the fleet less the pieces ``me`` knows, afloat or sunk; shared out in proportion when some
    sunk pieces were never seen): a kind few pieces can be is likelier for each of them. Each
    piece's row is fitted to sum to one and each kind's column to its count, in turn. Only what
    ``me`` knows is read, so every world sampled for ``me`` gives the same odds, and so do plans
    built on them."""
    rules = world.rules
    enemy = 1 - me
    masks = {}
    for e in world.alive[enemy]:
        mask = world.pub[e] & world.priv[me][e]
        if mask & (mask - 1):
            masks[e] = mask
    if not masks:
        return {}
    unaccounted = list(rules.counts)
    for p in range(1, len(world.kind)):
        mask = world.pub[p] & world.priv[me][p]
        if world.owner[p] == enemy and mask and not mask & (mask - 1):
            unaccounted[mask.bit_length() - 1] -= 1
    share = len(masks) / max(1, sum(unaccounted))
    left = [max(0, n) * share for n in unaccounted]
    odds = {e: [float(mask >> k & 1 and left[k] > 0) for k in range(16)] for e, mask in masks.items()}
    for _ in range(ODDS_ROUNDS):
        for k in range(16):
            column = sum(row[k] for row in odds.values())
            if column:
                for row in odds.values():
                    row[k] *= left[k] / column
        for row in odds.values():
            total = sum(row)
            if total:
                for k in range(16):
                    row[k] /= total
    return odds
