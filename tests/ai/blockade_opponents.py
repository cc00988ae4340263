"""Naval Blockade opponents written apart from the computer's levels, to measure it against
players it was not tuned on. They know the rules and the public state API only (legal actions,
clone, advance, chance outcomes, the ships' squares and headings, the land), none of the
computer's tables or helmsmen.

Each is a one-ply scorer: for every legal action it plays the action on a copy, averages over
the dice its guns would roll, and judges what follows plainly.

- Runner: ranks still to sail to open sea, and distance from the Blockader.
- Blockader: closing in on the Runner, and guns bearing on it.
- Either ship keeps sea room (a few moves ahead with some way on, not heading into a corner).

Two styles weigh those differently:

- ``cautious``: the Runner keeps well clear of the Blockader and never ends a move where the
  Blockader could ram it next; the Blockader keeps out of the Runner's ramming reach unless bow on.
- ``bold``: the Runner heads straight for open sea; the Blockader runs straight at the Runner.

When a D4 gives it six single moves, a player tries every sequence of its own six moves on a copy
(at most 729) and takes one that rams (or, for the Runner, escapes) if there is one.

From the project folder they are players of the tournament:
    navalgames tournament naval-blockade --a hard --b tests.ai.blockade_opponents:cautious
"""

from __future__ import annotations

import random

from games.naval_blockade.rules import HEADING_NAMES, guns_bearing, steering_destinations
from navalgames.core.state import CHANCE

RUNNER, BLOCKADER = "runner", "blockader"
#: (file step, rank step) of the eight headings N, NE, E, SE, S, SW, W, NW (rule 4)
STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
WIN = 1000.0
ROOM_DEPTH = 4   # moves of own sea room looked at


class OnePlyScorer:
    """The shared player; a style sets the weights."""

    style = "scorer"
    keep_clear = 1.0     # Runner: weight of the distance from the Blockader
    progress = 3.0       # Runner: weight of each rank nearer open sea
    close_in = 2.0       # Blockader: weight of each square nearer the Runner
    bear = 8.0           # Blockader: weight of each gun bearing on the Runner
    fear_ram = 0.0       # penalty for ending a move where the enemy can ram next

    def __init__(self, level: str, side: str, seed: int | None) -> None:
        self.label = f"{self.style.capitalize()} scorer"
        self.rng = random.Random(seed)

    # --- decisions --------------------------------------------------------------------------
    def choose(self, state, side: str):
        actions = state.legal_actions()
        stage = state.stage
        if stage == "answer":    # accept only when ahead on points
            return actions[0] if self.lead(state, side) > 0 else actions[1]
        if stage == "six":
            planned = self.six_move(state, side)
            if planned is not None:
                return planned
        actions = [a for a in actions if str(a) != "offer-stop"]
        if stage not in ("move", "six", "course"):    # start squares, the terrain: any will do
            return actions[self.rng.randrange(len(actions))]
        scored = [(self.expected(state, action, side), self.rng.random(), action) for action in actions]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def expected(self, state, action, side: str) -> float:
        """The judgement after ``action``, averaged over the dice rolled before the next decision."""
        after = state.clone()
        after.advance(action)
        return self.average(after, side)

    def average(self, state, side: str) -> float:
        if state.to_act() == CHANCE:
            return sum(p * self.average(self.rolled(state, roll), side)
                       for roll, p in merged(state.chance_outcomes()))
        return self.judge(state, side)

    @staticmethod
    def rolled(state, roll):
        copy = state.clone()
        copy.advance(roll)
        return copy

    def six_move(self, state, side: str):
        """A first move of a sequence of own single moves that ends the game in our favour."""
        for action in state.legal_actions():
            trial = state.clone()
            trial.advance(action)
            if self.wins_by_own_moves(trial, side):
                return action
        return None

    def wins_by_own_moves(self, state, side: str) -> bool:
        outcome = state.outcome()
        if outcome is not None:
            return outcome.winner == side
        if state.stage != "six" or state.to_act() != side:
            return False
        return self.six_move(state, side) is not None

    # --- the plain judgement ----------------------------------------------------------------
    def judge(self, state, side: str) -> float:
        outcome = state.outcome()
        me = 0 if side == RUNNER else 1
        if outcome is not None:
            return 0.0 if outcome.winner is None else WIN if outcome.winner == side else -WIN
        score = 0.5 * self.lead(state, side)
        if state.stage in ("course", "six"):   # a D4: six moves for whoever fired it
            firer = 1 - state.disabled
            score += 150.0 if firer == me else -150.0
        n = state.rules.size
        runner, blockader = state.at
        apart = chebyshev(runner, blockader, n)
        if side == RUNNER:
            score -= self.progress * (n - 1 - runner // n)
            score += self.keep_clear * min(apart, 8)
        else:
            score -= self.close_in * min(apart, 20)
            score += self.bear * guns_on(state, 1)
            if runner // n > blockader // n:    # the Runner has got past us toward open sea
                score -= 10.0 * (runner // n - blockader // n)
        if self.fear_ram and state.stage == "move" and state.side != me and rammed_next(state, me):
            score -= self.fear_ram
        room = sea_room(state, me, ROOM_DEPTH)
        if room < ROOM_DEPTH:
            score -= 60.0 * (ROOM_DEPTH - room)
        return score

    @staticmethod
    def lead(state, side: str) -> int:
        me = 0 if side == RUNNER else 1
        return state.points[me] - state.points[1 - me]


class Cautious(OnePlyScorer):
    style = "cautious"
    keep_clear = 4.0
    progress = 3.0
    close_in = 1.5
    bear = 10.0
    fear_ram = 80.0


class Bold(OnePlyScorer):
    style = "bold"
    keep_clear = 0.5
    progress = 5.0
    close_in = 4.0
    bear = 4.0
    fear_ram = 0.0


def merged(outcomes):
    """Chance outcomes with equal faces added together (the die's three misses)."""
    total: dict = {}
    for action, p in outcomes:
        total[action] = total.get(action, 0.0) + p
    return total.items()


def chebyshev(a: int, b: int, n: int) -> int:
    """Moves apart for ships that step one square in any of eight directions."""
    return max(abs(a % n - b % n), abs(a // n - b // n))


def guns_on(state, me: int) -> int:
    """How many of our guns bear on the enemy now (arc, range, line of fire)."""
    return sum(1 for _, bears, _ in guns_bearing(state, me) if bears)


def rammed_next(state, me: int) -> bool:
    """Whether the enemy, to move, can ram us (the Runner not into the Blockader's bow head on)."""
    for steer in steering_destinations(state, 1 - me):
        if steer.status != "ram":
            continue
        if me == 0:
            return True
        diff = (HEADING_NAMES.index(steer.heading) - state.heading[1] - 4) % 8
        if min(diff, 8 - diff) > state.rules.values["armoured_bow_arc"] // 45:   # not bow to bow
            return True
    return False


def sea_room(state, me: int, depth: int) -> int:
    """How many moves (up to ``depth``) our ship can surely make before running out of sea,
    turning at most one point a move; the top rank counts as open sea for the Runner."""
    n = state.rules.size
    land = state.terrain.land

    def longest(sq: int, heading: int, left: int) -> int:
        if left == 0:
            return 0
        best = 0
        for turn in (-1, 0, 1):
            h = (heading + turn) % 8
            dx, dy = STEPS[h]
            f, r = sq % n + dx, sq // n + dy
            if me == 0 and r >= n - 1 and 0 <= f < n:
                return left            # escaping: sea room without end
            if not (0 <= f < n and 0 <= r < n) or land[r * n + f]:
                continue
            best = max(best, 1 + longest(r * n + f, h, left - 1))
            if best == left:
                break
        return best

    return longest(state.at[me], state.heading[me], depth)


def cautious(level: str, side: str, seed: int | None = None) -> Cautious:
    return Cautious(level, side, seed)


def bold(level: str, side: str, seed: int | None = None) -> Bold:
    return Bold(level, side, seed)
