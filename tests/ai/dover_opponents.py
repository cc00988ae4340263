"""Dover Patrol opponents of other styles than the computer's own levels, to measure it against
players it was not tuned on. Both are fair (they read the observation and the legal actions
only) and plain on purpose: a style, not a strength.

- ``rusher``: attacks whenever it can, sends its Flying Boat straight at the enemy base and every
  other ship forward; a flag it takes goes straight home.
- ``turtle``: walls its harbour (Mines beside its base, its biggest ships inside and at the
  mouth), never sails past its own half, attacks only what comes to it, and otherwise marks time.
- ``sampler``: the kind of player issue 17 was measured against, a one-ply scorer over sampled
  worlds: it deals the enemy's unknown pieces a few times with the state API's ``sample`` (from
  its own observation), plays each legal action in every world, and takes the one whose result
  scores best on average by its own plain count: ships by rank, flags carried and how near
  home, pieces nearer the enemy base (in moves, by the board's distances, as the rusher counts
  them). It does not undo one of its last four moves unless that scores clearly best. Of the
  computer it uses only the board's distances, none of its judgement (evaluation, search, plans).

From the project folder they are players of the tournament:
    navalgames tournament dover-patrol --a hard --b tests.ai.dover_opponents:rusher --games 20
"""

from __future__ import annotations

import random

from games.dover_patrol.ai import booklet_deployment, plan_for
from games.dover_patrol.rules import FB, MI, NORTH, SOUTH, Deploy, Move
from games.dover_patrol.rules.model import KIND_OF_CODE, ML, MS, SIDE_INDEX, SS
from games.dover_patrol.rules.setup import deployment_problems, fleet_list
from games.dover_patrol.rules.state import SETUP


class StylePlayer:
    """What both styles share: the observation read once, the board's distances, a seeded choice."""

    style = "style"

    def __init__(self, level: str, side: str, seed: int | None) -> None:
        self.label = f"{self.style.capitalize()} ({level})"
        self.rng = random.Random(seed)

    def choose(self, state, side: str):
        observation = state.observation(side)
        rules = state.rules
        if observation.phase == SETUP:
            return self.deploy(rules, SIDE_INDEX[side])
        actions = state.legal_actions()
        moves = [a for a in actions if isinstance(a, Move)]
        if not moves:
            return actions[self.rng.randrange(len(actions))]   # a flag handed on, Fleet Orders' end
        me = SIDE_INDEX[side]
        kinds = {p.square: KIND_OF_CODE[p.kind] for p in observation.own()}
        carrying = {flag.square for flag in observation.flags
                    if flag.carrier is not None and flag.side != side}
        return self.pick(rules, me, moves, kinds, carrying)

    def deploy(self, rules, me: int) -> Deploy:
        return booklet_deployment(rules, me, self.rng)

    def best(self, moves: list, score) -> Move:
        """The move with the highest score, ties broken at random."""
        scored = [(score(m), self.rng.random(), m) for m in moves]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


class Rusher(StylePlayer):
    style = "rusher"

    def pick(self, rules, me, moves, kinds, carrying):
        plan = plan_for(rules)
        attacks = [m for m in moves if m.attack >= 0]
        if attacks:
            return attacks[self.rng.randrange(len(attacks))]
        home, target = rules.bases[me], rules.bases[1 - me]

        def gain(move: Move) -> float:
            kind = kinds[move.frm]
            goal = home if move.frm in carrying else target
            before = plan.distance(kind, move.frm, goal)
            after = plan.distance(kind, move.to, goal)
            bonus = 10 if move.frm in carrying else 3 if kind == FB else 0
            return (before - after) * (1 + bonus)
        return self.best(moves, gain)


class Turtle(StylePlayer):
    style = "turtle"

    def deploy(self, rules, me: int) -> Deploy:
        """Mines beside the base inside the harbour, the biggest ships in it and at its mouth."""
        harbour = rules.board.harbours[SOUTH] if rules.variant.walls else frozenset()
        main, odd = rules.setup_squares(SOUTH)
        base = rules.bases[SOUTH]
        fleet = fleet_list(rules)
        placement: dict[int, int] = {}
        free = sorted(main)

        def put(kind: int, squares) -> None:
            for sq in squares:
                if sq in free and kind in fleet:
                    placement[sq] = kind
                    free.remove(sq)
                    fleet.remove(kind)
                    return

        if base >= 0:
            for sq in sorted(rules.steps[base]):
                put(MI, [sq])
        inside = [sq for sq in sorted(harbour) if sq != base]
        mouth = sorted({n for h in harbour for n in rules.steps[h] if n not in harbour})
        for kind in (10, 9, 8, 7, 7, 6, 6, 6):
            put(kind, inside + mouth)
        self.rng.shuffle(fleet)
        odd_square = sorted(odd)[self.rng.randrange(len(odd))]
        placement[odd_square] = fleet.pop()
        for sq, kind in zip(free, fleet):
            placement[sq] = kind
        if me == NORTH:
            placement = {rules.board.rotate(sq): k for sq, k in placement.items()}
        pairs = sorted(placement.items())
        if deployment_problems(rules, me, pairs):
            return booklet_deployment(rules, me, self.rng)
        return Deploy(me, pairs, rules.grid)

    def pick(self, rules, me, moves, kinds, carrying):
        attacks = [m for m in moves if m.attack >= 0]
        if attacks:   # what comes to the wall is attacked
            return attacks[self.rng.randrange(len(attacks))]
        home = rules.bases[me]
        plan = plan_for(rules)
        if carrying:   # a flag it happens to hold goes home
            homeward = [m for m in moves if m.frm in carrying]
            if homeward:
                return self.best(homeward, lambda m: -plan.walled(home)[m.to])
        # Mark time on its own half, away from the wall around the base.
        wall = {sq for sq in range(rules.size) if plan.walled(home)[sq] <= 2}
        quiet = [m for m in moves if m.frm not in wall and m.to not in wall
                 and rules.side_rank(me, m.to) <= rules.ranks // 2]
        return self.best(quiet or moves, lambda m: -rules.side_rank(me, m.to))


#: the sampler's worth of each kind: ships by rank; the Submarine sinks the Flagship
WORTH = {**{k: float(k) for k in range(1, 11)}, MS: 3.0, SS: 5.0, ML: 2.0, FB: 4.0, MI: 1.5}


class Sampler:
    """A one-ply scorer over ``worlds`` sampled worlds (see the module docstring)."""

    worlds = 8

    def __init__(self, level: str, side: str, seed: int | None) -> None:
        self.label = f"Sampler ({level})"
        self.rng = random.Random(seed)
        self.recent: list[tuple[int, int]] = []     # our last moves, (from, to)

    def choose(self, state, side: str):
        observation = state.observation(side)
        me = SIDE_INDEX[side]
        if observation.phase == SETUP:
            return booklet_deployment(state.rules, me, self.rng)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        worlds = [state.sample(observation, self.rng) for _ in range(self.worlds)]
        best, best_score = actions[0], float("-inf")
        for action in actions:
            total = 0.0
            for world in worlds:
                after = world.clone()
                after.play(action)
                total += self.judge(after, me)
            total += 1e-3 * self.rng.random()       # ties broken at random
            if isinstance(action, Move) and (action.to, action.frm) in self.recent:
                total -= 0.5 * len(worlds)            # no shuttling back and forth
            if total > best_score:
                best, best_score = action, total
        if isinstance(best, Move):
            self.recent = self.recent[-3:] + [(best.frm, best.to)]
        return best

    @staticmethod
    def judge(world, me: int) -> float:
        """Our count less the enemy's in a full world: a won game, ships by worth, flags carried
        (more the nearer their carrier's base), and a little for being nearer the enemy base."""
        outcome = world.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0.0
            return 1000.0 if SIDE_INDEX[outcome.winner] == me else -1000.0
        rules = world.rules
        plan = plan_for(rules)
        score = 0.0
        for side, sign in ((me, 1.0), (1 - me, -1.0)):
            target, home = rules.bases[1 - side], rules.bases[side]
            carrier = world.flag_carrier[1 - side] if target >= 0 else 0
            for p in world.alive[side]:
                sq, kind = world.pos[p], world.kind[p]
                if sq < 0:
                    continue
                score += sign * WORTH[kind]
                if p == carrier:
                    score += sign * (15.0 - 0.5 * min(plan.distance(kind, sq, home), 30))
                elif target >= 0 and kind != MI:
                    score -= sign * 0.1 * min(plan.distance(kind, sq, target), 30)
        return score


def rusher(level: str, side: str, seed: int | None = None) -> Rusher:
    return Rusher(level, side, seed)


def turtle(level: str, side: str, seed: int | None = None) -> Turtle:
    return Turtle(level, side, seed)


def sampler(level: str, side: str, seed: int | None = None) -> Sampler:
    return Sampler(level, side, seed)
