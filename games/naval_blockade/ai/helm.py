"""The helmsmen's judgement of single moves: cheap, sensible scores for each helm order, for
the easy level and the searches' playouts (``policies``); after a D4, ``disabled``."""

from __future__ import annotations

from typing import Any

from ..rules import BLOCKADER, HELMS, RUNNER, BlockadeState, Helm, range_between
from .tables import Tables


def ship_state(state: BlockadeState, side: int) -> int:
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


def move_scores(state: BlockadeState, tables: Tables, ours: bool = False) -> list[tuple[float, Any]]:
    """A heuristic score for each helm order of the side to move (higher is better for it).

    ``ours``: the games our own Blockader's search plays out. Its Blockader heads across the
    Runner's way out (Tables.intercept) instead of for a square a few ranks north of it, which a
    Runner heading off to one side leaves behind; and its Runner fires whenever a gun bears, at
    any range, as the Runners written from the rules do (``_runner_square_score``'s ``eager``).
    """
    side = state.side
    me, other = ship_state(state, side), ship_state(state, 1 - side)
    enemy_sq = other // 8
    station = -1
    if side == BLOCKADER:
        n = state.rules.size
        runner_sq = state.at[RUNNER]
        station = (tables.intercept(other, me) if ours
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
            score = _runner_square_score(state, tables, nxt, other, eager=ours)
        else:
            score = _blockader_square_score(state, tables, nxt, state.at[RUNNER], other, station)
        scored.append((score, HELMS[turn + 1]))
    return scored


def disable_chance(guns: int) -> float:
    """The chance that at least one of ``guns`` rolls D4 (one face in six each)."""
    return 1.0 - (5 / 6) ** guns


def _runner_square_score(state: BlockadeState, tables: Tables, nxt: int, blockader: int,
                         eager: bool = False) -> float:
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
    # Our own guns fire after this move: a D4 gives us six moves, to escape or to ram. The plain
    # helm counts a D4 that brings neither within those moves at a fifth; ``eager`` in full: the
    # six moves carry a Runner so far past that the Blockader seldom catches it (docs/computer.md)
    guns = guns_bear_from(state, RUNNER, nxt, blockader // 8)
    if guns:
        ram = (tables.reach[6][nxt] >> (blockader // 8)) & 1
        payoff = 60.0 if escape <= 6 or ram or eager else 12.0
        score += payoff * disable_chance(guns)
    return score


def _blockader_square_score(state: BlockadeState, tables: Tables, nxt: int, runner_sq: int,
                            runner: int, station: int) -> float:
    score = 0.0
    if not tables.afloat[BLOCKADER][nxt]:
        score -= 200 - tables.doom[BLOCKADER][nxt]
    # Our guns fire after this move: with the Runner inside our six-move reach a D4 wins.
    if (tables.reach[6][nxt] >> runner_sq) & 1:
        score += 150 * disable_chance(guns_bear_from(state, BLOCKADER, nxt, runner_sq))
    # The Runner's reply: a ram that misses our armoured bow, or its guns bearing on us.
    score -= 150 * _runner_reply(state, tables, runner, nxt)
    # Keep station ahead of the Runner, across its way out.
    score -= 2.0 * min(tables.moves_to(station, nxt), 30)
    return score


def first_shot(state: BlockadeState, tables: Tables, actions: list) -> list:
    """The Blockader's moves into gun range that leave the first shot to it, not the Runner.

    Both ships fire only after their own move, one gun each way as a rule, so the ship whose move
    first brings the other into range and arc usually rolls the first D4. Out of range of each
    other, keep the moves after which our guns bear, a ram, or those after which no move of the
    Runner's brings its guns to bear on us (nor rams us off the bow); all of them when none is
    such, and all of them once the ships are within range (the search weighs that duel).
    """
    runner = ship_state(state, RUNNER)
    runner_sq = runner // 8
    here = state.at[BLOCKADER]
    if range_between(state, here, runner_sq) <= state.rules.max_range:
        return actions
    keep = []
    for turn, h, dest in state.terrain.sea_moves[here * 8 + state.heading[BLOCKADER]]:
        helm = HELMS[turn + 1]
        if helm not in actions:
            continue
        if dest == runner_sq or guns_bear_from(state, BLOCKADER, dest * 8 + h, runner_sq) \
                or not _runner_reply(state, tables, runner, dest * 8 + h):
            keep.append(helm)
    if not keep:
        return actions
    return keep + [a for a in actions if not isinstance(a, Helm)]


def _runner_reply(state: BlockadeState, tables: Tables, runner: int, blockader: int) -> float:
    """The worst a move of the Runner's from ship state ``runner`` does to a Blockader at ship
    state ``blockader``: 1 for a ram that misses its armoured bow, else the likeliest D4 of its
    guns, worth less when neither an escape nor a ram lies within the six moves it would bring;
    0 when no reply rams or fires."""
    sq = blockader // 8
    worst = 0.0
    for r in tables.succ[runner]:
        if r // 8 == sq:
            if not head_on(r % 8, blockader % 8, state.rules.head_on_steps):
                worst = 1.0
            continue
        if r // 8 >= tables.last_rank:
            continue
        guns = guns_bear_from(state, RUNNER, r, sq)
        if guns:
            ram = (tables.reach[6][r] >> sq) & 1
            payoff = 1.0 if tables.escape[r] <= 6 or ram else 0.3
            worst = max(worst, payoff * disable_chance(guns))
    return worst
