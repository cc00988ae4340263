"""Computer opponents for Naval Blockade, for either side.

Everything the AI knows about a layout is worked out once per terrain into tables over *ship
states* (square, heading), numbered ``square * 8 + heading`` like the engine's steering table:

- ``escape``: the Runner's fewest moves to reach rank 24 (its fastest way out);
- ``afloat``: whether a ship can keep sailing forever from here (for the Runner, escaping counts),
  and ``doom``: how many moves a ship that cannot has left before it is driven ashore;
- ``reach[k]``: the squares a ship can reach in exactly k moves (k = 6 is the six-square move of
  rule 16: a ram needs the disabled ship's square in ``reach[6]``);
- ``distance_to(square)``: fewest moves from each ship state onto a square (lazily, per square,
  and only as far out as asked: ``moves_to``).

Levels:
- ``easy``: a greedy helmsman, one move ahead: the Runner runs for the nearest open sea away from
  rams, the Blockader closes on the Runner keeping its guns bearing.
- ``normal``: a short Monte Carlo search over the dice (chance nodes; the faces that only score,
  H2, H1 and a miss, share one branch of the tree: ``die_key``) with those helmsmen as
  rollouts (our own Blockader heads across the Runner's way out; the Runner's search expects
  the Blockader of ``easy``: ``runner_rollout_policy``); when it wins the toss it places the
  terrain its side fares best on (the scenarios and a few layouts of its own drawing, each
  judged by 24 quick games played out by the helmsmen, fewer if a think allowance runs out).
- ``hard``: the same with four times the iterations.

Each searching level runs a fixed number of MCTS iterations a move, so a game replays the same on
any machine; a ``think`` allowance (Settings) also stops it on the clock.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from navalgames.ai.budget import Budget
from navalgames.ai.mcts import MCTS, SearchResult, outcome_value, sample_chance
from navalgames.ai.player import SearchPlayer
from navalgames.core.state import CHANCE, IllegalAction

from .rules import (BLOCKADER, HELMS, RUNNER, SIDES, BlockadeState, PlaceTerrain, StopAnswer,
                    StopOffer, generate_layout)
from .rules.actions import GENERATE
from .rules.state import ANSWER, COURSE, MOVE, SIX, START, TERRAIN

FAR = 255          # "unreachable" in the byte tables
DOOMED = 60        # moves of sea room that count as safe when a ship is not afloat for ever
REOFFER_MOVES = 12  # after a refused offer to stop, our moves before offering again on the same lead


# --- per-terrain tables --------------------------------------------------------------------------
class Tables:
    """Move tables of one terrain for both ships (see the module docstring)."""

    def __init__(self, terrain) -> None:
        n = terrain.size
        self.size = n
        self.last_rank = n * (n - 1)          # squares from here on are rank 24 (open sea)
        count = n * n * 8
        # successors: ship state -> next ship states (only moves onto open sea)
        self.succ: list[tuple[int, ...]] = [
            tuple(dest * 8 + h for _, h, dest in terrain.sea_moves[s]) for s in range(count)]
        preds: list[list[int]] = [[] for _ in range(count)]
        for s, nxt in enumerate(self.succ):
            for t in nxt:
                preds[t].append(s)
        self.preds = preds
        self.escape = self._escape_distances()
        self.afloat = (self._afloat(RUNNER), self._afloat(BLOCKADER))
        self.doom = (self._doom(RUNNER), self._doom(BLOCKADER))
        self.reach = self._reach_masks(6)
        self._distance: dict[int, list] = {}
        self._paths: dict[int, tuple[int, ...]] = {}

    def _escape_distances(self) -> bytearray:
        dist = bytearray([FAR]) * len(self.succ)
        frontier = []
        for s, nxt in enumerate(self.succ):
            if any(t // 8 >= self.last_rank for t in nxt):
                dist[s] = 1
                frontier.append(s)
        return self._bfs_back(dist, frontier)

    def _bfs_back(self, dist: bytearray, frontier: list[int]) -> bytearray:
        search = [dist, frontier]
        while search[1]:
            self._bfs_level(search)
        return dist

    def _afloat(self, side: int) -> bytearray:
        """1 where the ship can sail on for ever (the Runner: or escape), by pruning dead ends."""
        alive = bytearray([1]) * len(self.succ)
        live_count = [len(nxt) for nxt in self.succ]
        if side == RUNNER:
            # an escape move is a way out for ever; squares of rank 24 are the end of the game
            for s, nxt in enumerate(self.succ):
                if any(t // 8 >= self.last_rank for t in nxt):
                    live_count[s] = 99
        dead = [s for s in range(len(self.succ)) if live_count[s] == 0]
        for s in dead:
            alive[s] = 0
        while dead:
            t = dead.pop()
            for s in self.preds[t]:
                if alive[s]:
                    live_count[s] -= 1
                    if live_count[s] == 0:
                        alive[s] = 0
                        dead.append(s)
        return alive

    def _doom(self, side: int) -> bytearray:
        """Moves of sea room left (the longest way before running aground), DOOMED if unlimited."""
        alive = self.afloat[side]
        doom = bytearray([DOOMED]) * len(self.succ)
        memo: dict[int, int] = {}

        def longest(s: int) -> int:
            if alive[s]:
                return DOOMED
            if s in memo:
                return memo[s]
            best = 0
            for t in self.succ[s]:
                best = max(best, 1 + longest(t))
            memo[s] = min(best, DOOMED)
            return memo[s]

        for s in range(len(self.succ)):
            if not alive[s]:
                doom[s] = longest(s)
        return doom

    def _reach_masks(self, depth: int) -> list[list[int]]:
        """reach[k][s]: bit set of squares a ship reaches in exactly k moves from ship state s."""
        masks = [[1 << (s // 8) for s in range(len(self.succ))]]
        for _ in range(depth):
            prev = masks[-1]
            layer = []
            for nxt in self.succ:
                m = 0
                for t in nxt:
                    m |= prev[t]
                layer.append(m)
            masks.append(layer)
        return masks

    def way_out(self, ship: int) -> tuple[int, ...]:
        """The squares of the Runner's fastest way out from ship state ``ship`` (ties: the first
        helm order, port before ahead before starboard); empty when it has none."""
        path = self._paths.get(ship)
        if path is None:
            found = []
            s = ship
            moves_out = lambda t: 0 if t // 8 >= self.last_rank else self.escape[t]
            while self.escape[s] != FAR and s // 8 < self.last_rank:
                s = min(self.succ[s], key=moves_out)
                found.append(s // 8)
            path = self._paths[ship] = tuple(found)
        return path

    def intercept(self, runner: int, blockader: int) -> int:
        """Where the Blockader should head: the first square of the Runner's way out that it can
        reach sooner than the Runner (so that it stands across the way, not behind it), else the
        square where the Runner would leave the board. "Sooner" counts squares apart as the
        crow flies: a search for the moves onto each square of the way (one per square) made
        the first moves of a game take seconds, and a search on a clock then looked at a few
        dozen games instead of hundreds."""
        path = self.way_out(runner)
        n = self.size
        at = blockader // 8
        for k, square in enumerate(path, 1):
            if max(abs(square % n - at % n), abs(square // n - at // n)) < k:
                return square
        return path[-1] if path else runner // 8

    def distance_to(self, square: int) -> bytearray:
        """Fewest moves from each ship state onto ``square`` (FAR if never)."""
        search = self._search(square)
        while search[1]:
            self._bfs_level(search)
        return search[0]

    def moves_to(self, square: int, ship: int) -> int:
        """``distance_to(square)[ship]``, searching only as far out as ``ship``: a helmsman asks
        about squares near it, and a whole search per square cost seconds on every new layout."""
        search = self._search(square)
        dist = search[0]
        while dist[ship] == FAR and search[1]:
            self._bfs_level(search)
        return dist[ship]

    def _search(self, square: int) -> list:
        """The backward search onto ``square`` so far: [distances, frontier] (resumable)."""
        search = self._distance.get(square)
        if search is None:
            dist = bytearray([FAR]) * len(self.succ)
            frontier = []
            for h in range(8):
                for s in self.preds[square * 8 + h]:
                    if dist[s] > 1:
                        dist[s] = 1
                        frontier.append(s)
            search = self._distance[square] = [dist, frontier]
        return search

    def _bfs_level(self, search: list) -> None:
        """One more ring of the search: every state one move further out (labels are final)."""
        dist, frontier = search
        preds = self.preds
        found = []
        for t in frontier:
            d = dist[t] + 1
            for s in preds[t]:
                if dist[s] > d:
                    dist[s] = d
                    found.append(s)
        search[1] = found


@lru_cache(maxsize=8)
def tables_for(terrain) -> Tables:
    """One Tables per terrain (terrains are shared, immutable objects)."""
    return Tables(terrain)


# --- the helmsmen: cheap, sensible single moves ------------------------------------------------
def _ship(state: BlockadeState, side: int) -> int:
    return state.at[side] * 8 + state.heading[side]


def head_on(runner_heading: int, blockader_heading: int, steps: int) -> bool:
    """Rule 17's armoured bow: the Runner's heading (nearly) opposite the Blockader's."""
    diff = (runner_heading - (blockader_heading + 4)) % 8
    return min(diff, 8 - diff) <= steps


def guns_bear_from(state: BlockadeState, side: int, ship: int, target: int) -> int:
    """How many of ``side``'s guns would bear on ``target`` from ship state ``ship``."""
    rules = state.rules
    n = rules.size
    a = ship // 8
    dx, dy = target % n - a % n, target // n - a // n
    if abs(dx) + abs(dy) > rules.max_range or a == target:
        return 0
    guns = rules.bearing[side][ship % 8][(dy + rules.max_range) * rules.width + dx + rules.max_range]
    if guns and state.terrain.blocking_island(a, target) >= 0:
        return 0
    return len(guns)


def move_scores(state: BlockadeState, tables: Tables, intercept: bool = False) -> list[tuple[float, Any]]:
    """A heuristic score for each helm order of the side to move (higher is better for it).

    ``intercept``: the Blockader heads across the Runner's way out (Tables.intercept) instead of
    for a square a few ranks north of it, which a Runner heading off to one side leaves behind.
    """
    side = state.side
    me, other = _ship(state, side), _ship(state, 1 - side)
    enemy_sq = other // 8
    station = -1
    if side == BLOCKADER:
        n = state.rules.size
        runner_sq = state.at[RUNNER]
        station = (tables.intercept(other, me) if intercept
                   else min(n - 1, runner_sq // n + 4) * n + runner_sq % n)
    scored = []
    for turn, h, dest in state.terrain.sea_moves[me]:
        nxt = dest * 8 + h
        if dest == enemy_sq:
            if side == BLOCKADER or not head_on(h, other % 8, state.rules.head_on_steps):
                score = 1000.0           # a ram wins
            else:
                score = -1000.0
        elif side == RUNNER:
            score = _runner_square_score(state, tables, nxt, other)
        else:
            score = _blockader_square_score(state, tables, nxt, state.at[RUNNER], other, station)
        scored.append((score, HELMS[turn + 1]))
    return scored


def disable_chance(guns: int) -> float:
    """The chance that at least one of ``guns`` rolls D4 (one face in six each)."""
    return 1.0 - (5 / 6) ** guns


def _runner_square_score(state: BlockadeState, tables: Tables, nxt: int, blockader: int) -> float:
    if nxt // 8 >= tables.last_rank:
        return 1000.0                    # open sea: escaped
    sq = nxt // 8
    escape = tables.escape[nxt]
    score = -2.0 * escape
    if not tables.afloat[RUNNER][nxt]:
        score -= 200 - tables.doom[RUNNER][nxt]
    # The Blockader's reply: a ram outright, or a gun that bears with us inside its six-move reach.
    worst = 0.0
    for b in tables.succ[blockader]:
        if b // 8 == sq:
            worst = 1.0
            break
        if (tables.reach[6][b] >> sq) & 1:
            worst = max(worst, disable_chance(guns_bear_from(state, BLOCKADER, b, sq)))
    score -= 150 * worst
    # Our own guns fire after this move: a D4 gives us six moves, to escape or to ram.
    guns = guns_bear_from(state, RUNNER, nxt, blockader // 8)
    if guns:
        ram = (tables.reach[6][nxt] >> (blockader // 8)) & 1
        payoff = 60.0 if escape <= 6 or ram else 12.0
        score += payoff * disable_chance(guns)
    return score


def _blockader_square_score(state: BlockadeState, tables: Tables, nxt: int, runner_sq: int,
                            runner: int, station: int) -> float:
    sq = nxt // 8
    score = 0.0
    if not tables.afloat[BLOCKADER][nxt]:
        score -= 200 - tables.doom[BLOCKADER][nxt]
    # Our guns fire after this move: with the Runner inside our six-move reach a D4 wins.
    if (tables.reach[6][nxt] >> runner_sq) & 1:
        score += 150 * disable_chance(guns_bear_from(state, BLOCKADER, nxt, runner_sq))
    # The Runner's reply: a ram that misses our armoured bow, or its guns bearing on us.
    worst = 0.0
    for r in tables.succ[runner]:
        if r // 8 == sq:
            if not head_on(r % 8, nxt % 8, state.rules.head_on_steps):
                worst = 1.0
            continue
        if r // 8 >= tables.last_rank:
            continue
        guns = guns_bear_from(state, RUNNER, r, sq)
        if guns:
            ram = (tables.reach[6][r] >> sq) & 1
            payoff = 1.0 if tables.escape[r] <= 6 or ram else 0.3
            worst = max(worst, payoff * disable_chance(guns))
    score -= 150 * worst
    # Keep station ahead of the Runner, across its way out.
    score -= 2.0 * min(tables.moves_to(station, nxt), 30)
    return score


#: a six-square move scoring above this still rams (400) or escapes (500) for certain; the
#: distance and sea-room terms taken off afterwards come to far less than 100
SURE_SIX_MOVE = 300.0


def six_move_scores(state: BlockadeState, tables: Tables) -> list[tuple[float, Any]]:
    """The firer's single moves of the six-square move: keep the ram (or the escape) in reach."""
    side = state.side
    me = _ship(state, side)
    target_ship = _ship(state, state.disabled)
    target = target_ship // 8
    left = 6 - state.six_made - 1        # moves still to make after this one
    scored = []
    for turn, h, dest in state.terrain.sea_moves[me]:
        if dest == target and state.six_made < 5:
            continue
        nxt = dest * 8 + h
        score = 0.0
        if side == RUNNER and dest >= tables.last_rank:
            score = 1000.0
        elif side == RUNNER and tables.escape[nxt] <= left:
            score = 500.0 - tables.escape[nxt]
        elif (tables.reach[left][nxt] >> target) & 1:
            score = 400.0                # the ram on the sixth move is still on
            if side == RUNNER:           # ...unless it would meet the armoured bow
                score = 100.0
        if side == RUNNER:
            score += -2.0 * tables.escape[nxt]
            if not tables.afloat[RUNNER][nxt]:
                score -= 200 - tables.doom[RUNNER][nxt]
        else:
            score += -1.0 * tables.moves_to(target, nxt)
            if not tables.afloat[BLOCKADER][nxt]:
                score -= 200 - tables.doom[BLOCKADER][nxt]
        scored.append((score, HELMS[turn + 1]))
    return scored


def course_scores(state: BlockadeState, tables: Tables) -> list[tuple[float, Any]]:
    """The disabled ship's one course change: keep sea room, and for the Runner head for the exit."""
    side = state.disabled
    sq = state.at[side]
    scored = []
    for helm in HELMS:
        h = (state.heading[side] + helm.turn) % 8
        ship = sq * 8 + h
        score = 0.0
        if not tables.afloat[side][ship]:
            score -= 200 - tables.doom[side][ship]
        if side == RUNNER:
            score -= 2.0 * tables.escape[ship]
        scored.append((score, helm))
    return scored


def points_winner(state: BlockadeState) -> str | None:
    r, b = state.points
    return "runner" if r > b else "blockader" if b > r else None


def scored_choices(state: BlockadeState, intercept: bool = False) -> list[tuple[float, Any]]:
    """Every legal action of the side to act with a heuristic score, for the easy level and
    rollouts (``intercept``: see move_scores)."""
    stage = state.stage
    tables = tables_for(state.terrain)
    if stage == MOVE:
        return move_scores(state, tables, intercept)
    if stage == SIX:
        return six_move_scores(state, tables)
    if stage == COURSE:
        return course_scores(state, tables)
    if stage == ANSWER:
        accept = 1.0 if points_winner(state) == SIDES[state.side] else -1.0
        return [(accept, StopAnswer(True)), (-accept, StopAnswer(False))]
    if stage == TERRAIN:
        return [(1.0, GENERATE)]
    if stage == START:
        return [(start_score(state, a), a) for a in state.legal_actions()]
    return [(0.0, a) for a in state.legal_actions()]


def start_score(state: BlockadeState, action) -> float:
    """Runner: the start with the shorter way out; Blockader: the corner nearer the Runner's exit."""
    trial = state.clone()
    trial.advance(action)
    tables = tables_for(state.terrain)
    side = state.side
    ship = _ship(trial, side)
    if side == RUNNER:
        return -float(tables.escape[ship])
    runner = _ship(trial, RUNNER)
    return -float(tables.moves_to(runner // 8, ship)) + (0 if tables.afloat[BLOCKADER][ship] else -100)


def greedy_action(state: BlockadeState, rng: random.Random, noise: float = 0.0,
                  intercept: bool = False) -> Any:
    """The best-scoring action; ``noise`` adds a random jitter of that size (ties broken at random)."""
    choices = scored_choices(state, intercept)
    best = max(choices, key=lambda sa: sa[0] + noise * rng.random() + 1e-6 * rng.random())
    return best[1]


def rollout_policy(state: BlockadeState, rng: random.Random, intercept: bool = True) -> Any:
    """A move of a game played out: the helmsman's, a little varied (``intercept``: see
    move_scores)."""
    if rng.random() < 0.02:
        actions = candidates(state)
        return actions[rng.randrange(len(actions))]
    return greedy_action(state, rng, noise=0.3, intercept=intercept)


def runner_rollout_policy(state: BlockadeState, rng: random.Random) -> Any:
    """The games the Runner's search plays out: the Blockader in them closes on a square a few
    ranks north of the Runner, as `easy` and the test set's players do, rather than heading
    across its way out, which is our own Blockader's helm. In a lost game (hard v easy, seed 7, game 2: ``game2`` in the
    tests) the intercepting Blockader made the Runner's turn toward it look as good as the turn
    away (0.63 both, 800 games each), the plain one did not (0.59 against 0.64); the search
    played the turn toward it, and the Runner was disabled and rammed two moves later."""
    return rollout_policy(state, rng, intercept=False)


def candidates(state: BlockadeState) -> list:
    """The actions worth searching: an offer to stop only from the side ahead on points."""
    actions = state.legal_actions()
    if actions and isinstance(actions[-1], StopOffer) and points_winner(state) != SIDES[state.side]:
        actions.pop()
    return actions


def evaluate(state: BlockadeState, side: str) -> float:
    """A rough chance of winning for a rollout cut short: the Runner's way out against the guns."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_value(outcome, side)
    if state.at[RUNNER] < 0 or state.at[BLOCKADER] < 0:
        return 0.5
    tables = tables_for(state.terrain)
    runner, blockader = _ship(state, RUNNER), _ship(state, BLOCKADER)
    escape = tables.escape[runner]
    value = 0.9 - 0.02 * min(escape, 30)
    if not tables.afloat[RUNNER][runner]:
        value = 0.05
    elif not tables.afloat[BLOCKADER][blockader]:
        value = 0.95
    if state.moves[RUNNER] + escape > state.rules.max_moves:   # the Runner will run out of moves
        winner = points_winner(state)
        value = 0.5 if winner is None else (1.0 if winner == "runner" else 0.0)
    return value if side == "runner" else 1.0 - value


# --- players -------------------------------------------------------------------------------------
class GreedyPlayer:
    """The easy level: the helmsman's best move, a little varied so games differ."""

    def __init__(self, side: str, seed: int | None = None) -> None:
        self.label = "Computer (easy)"
        self.rng = random.Random(seed)

    def choose(self, state: BlockadeState, side: str) -> Any:
        return greedy_action(state, self.rng, noise=0.5)


class BlockadeSearch:
    """Monte Carlo search over the dice with helmsman rollouts.

    The terrain, when this side won the toss, is settled by playing quick games out with the
    helmsmen on each candidate (the named scenarios and a few layouts of its own drawing), a
    round of one game each at a time, ``trials`` rounds or as many as a think allowance lets,
    and placing the one its side fares best on.
    """

    def __init__(self, iterations: int, seconds: float | None, layouts: int = 5, trials: int = 24) -> None:
        self.mcts = MCTS(Budget(iterations=iterations, seconds=seconds), exploration=0.5,
                         policy=rollout_policy, evaluate=evaluate, rollout_depth=80,
                         candidates=self._candidates, chance_key=die_key)
        self.layouts = layouts
        self.trials = trials
        self.seconds = seconds
        self.side = -1
        self.refused: tuple[int, int] | None = None    # (our lead, our moves) when last refused

    def _candidates(self, state: BlockadeState) -> list:
        actions = candidates(state)
        if actions and isinstance(actions[-1], StopOffer) and state.side == self.side \
                and not self.may_offer(state):
            actions.pop()
        return actions

    def may_offer(self, state: BlockadeState) -> bool:
        """After a refusal, offer again only once our lead has grown or REOFFER_MOVES of our
        moves later: an offer every turn, each needing a Refuse, wears a person out."""
        if self.refused is None:
            return True
        lead, moves = self.refused
        me = self.side
        return (state.points[me] - state.points[1 - me] > lead
                or state.moves[me] - moves >= REOFFER_MOVES)

    def note_refusal(self, state: BlockadeState, side: str) -> None:
        """Our offer of this turn was refused (the engine lets us only move now): remember when."""
        self.side = SIDES.index(side)
        if state.stage == MOVE and state.offered and state.side == self.side:
            me = self.side
            self.refused = (state.points[me] - state.points[1 - me], state.moves[me])

    def search(self, state: BlockadeState, side: str, rng: random.Random) -> SearchResult:
        self.note_refusal(state, side)
        if state.stage == TERRAIN:
            options = [a for a in state.legal_actions() if a != GENERATE]
            size, pentominoes = state.rules.size, state.rules.data.pentominoes
            for _ in range(self.layouts):
                islands, rocks = generate_layout(rng, size, pentominoes)
                options.append(PlaceTerrain(islands, rocks))
            return self._by_trials(state, side, options, rng)
        if state.stage in (START, ANSWER):   # ships start before the terrain is known
            return SearchResult(greedy_action(state, rng, noise=0.2), (), 0, 0.0)
        if state.stage == SIX:
            score, action = max(six_move_scores(state, tables_for(state.terrain)), key=lambda sa: sa[0])
            if score > SURE_SIX_MOVE:   # a ram or an escape still on: no dice can stop it, no search
                return SearchResult(action, (), 0, 0.0)
        self.mcts.policy = runner_rollout_policy if side == "runner" else rollout_policy
        return surest(self.mcts.search(state, side, rng))

    def _by_trials(self, state: BlockadeState, side: str, options: list, rng: random.Random) -> SearchResult:
        """Rounds of one quick game on each option, until ``trials`` rounds or the seconds run
        out (at least one round): judging a dozen layouts in full took the computer 15 s."""
        watch = Budget(iterations=self.trials, seconds=self.seconds).start()
        tried = []
        for action in options:
            trial = state.clone()
            try:
                trial.advance(action)
            except IllegalAction:   # a drawn layout that covers a ship or leaves it no move
                continue
            tried.append((trial, action))
        if not tried:
            return SearchResult(greedy_action(state, rng), (), 0, 0.0)
        totals = [0.0] * len(tried)
        while True:
            for index, (trial, _) in enumerate(tried):
                totals[index] += played_out(trial, side, rng, 1)
            watch.tick()
            if watch.exhausted():
                break
        best = max(range(len(tried)), key=lambda i: totals[i])
        return SearchResult(tried[best][1], (), len(tried) * watch.done, watch.elapsed())


def die_key(state: BlockadeState, outcome: Any) -> Any:
    """The search tree's child for a chance outcome: a die that does not disable (H2, H1 or a
    miss) only scores, and what follows is the same game, so those three faces share one child
    (their points still count in each game played out). Kept apart, a volley of two guns split
    its visits sixteen ways before the enemy's reply and the tree stayed two moves shallow."""
    face = getattr(outcome, "face", None)
    return outcome if face is None or face == "D4" else "no D4"


def surest(result: SearchResult) -> SearchResult:
    """The searched action whose chance of winning is highest even at its likely worst (its mean
    less one standard error, ``0.5 / sqrt(visits)``): the most visited move is the usual choice,
    but when the search ends before its visits catch up with a better mean it picks the
    worse one."""
    if len(result.stats) < 2:
        return result
    best = max(result.stats, key=lambda s: s.mean - 0.5 / math.sqrt(s.visits))
    return SearchResult(best.action, result.stats, result.iterations, result.seconds)


def played_out(state: BlockadeState, side: str, rng: random.Random, games: int) -> float:
    """``side``'s share of ``games`` quick games played out from ``state`` by the helmsmen."""
    total = 0.0
    for _ in range(games):
        sim = state.clone()
        for _ in range(2000):
            actor = sim.to_act()
            if actor is None:
                break
            sim.advance(sample_chance(sim, rng) if actor == CHANCE else rollout_policy(sim, rng))
        outcome = sim.outcome()
        total += outcome_value(outcome, side) if outcome is not None else evaluate(sim, side)
    return total / games


#: MCTS iterations a move of each searching level
LEVELS = {"normal": 150, "hard": 600}


def make_player(level: str, side: str, seed: int | None = None, think: float | None = None):
    """The computer at ``level``. Without ``think`` it searches a fixed number of iterations, so a
    game replays the same on any machine (tournaments and tests); ``think`` (the seconds a person
    allows in Settings) also stops the search on the clock, as Dover Patrol's levels take it."""
    if level == "easy":
        return GreedyPlayer(side, seed)
    if level not in LEVELS:
        raise ValueError(f"no level {level!r} for Naval Blockade: expected easy, normal or hard")
    return SearchPlayer(f"Computer ({level})", BlockadeSearch(LEVELS[level], think), seed)
