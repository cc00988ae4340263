"""After a D4 (rule 16): the disabled ship's one course change and the firer's six single
moves, scored for the easy level and the searches' playouts like ``helm``'s moves."""

from __future__ import annotations

from typing import Any

from ..rules import BLOCKADER, HELMS, RUNNER, BlockadeState
from .helm import disable_chance, guns_bear_from, head_on, ship_state
from .tables import Tables


#: a six-square move scoring above this still rams (400) or escapes (500) for certain; the
#: distance and sea-room terms taken off afterwards come to far less than 100
SURE_SIX_MOVE = 300.0


def six_move_scores(state: BlockadeState, tables: Tables,
                    plan: bool = False) -> list[tuple[float, Any]]:
    """The firer's single moves of the six-square move: keep the ram (or the escape) in reach.

    ``plan``: the Blockader plans its moves for the Runner's forced move straight ahead that
    follows (``recovery_scores``) as well as for the ram, instead of closing on the square the
    Runner stops on when the ram is out of reach.
    """
    side = state.side
    if plan and side == BLOCKADER:
        planned = recovery_scores(state, tables)
        if planned is not None:
            return planned
    me = ship_state(state, side)
    target_ship = ship_state(state, state.disabled)
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


#: the score of a six-square move whose plan wins for certain (above SURE_SIX_MOVE: no search),
#: and of the others: PLANNED plus up to PLAN_RANGE for their chance of winning (below it)
SURE_PLAN, PLANNED, PLAN_RANGE = 350.0, 100.0, 190.0


def recovery_scores(state: BlockadeState, tables: Tables) -> list[tuple[float, Any]] | None:
    """The Blockader's single moves of a six-square move: the ram on the sixth wins, and if it
    is out of reach the Runner must then move one square straight ahead, onto a square known
    now, and fire if its guns bear, and then we move. The best end of our six moves after the
    ram: on that square bow to bow (it rams our armoured bow), or where its guns do not bear and
    our next move rams it; else the likeliest of those, or a shot at it within our reach. None
    when its move straight ahead runs it ashore or out to open sea (only the ram counts)."""
    runner, heading = state.at[RUNNER], state.heading[RUNNER]
    recovery = state.terrain.dest[runner * 8 + heading]
    if recovery < 0 or recovery >= tables.last_rank:
        return None
    left = 5 - state.six_made            # moves still to make after this one
    moves = [(turn, dest * 8 + h)
             for turn, h, dest in state.terrain.sea_moves[ship_state(state, BLOCKADER)]
             if dest != runner or not left]
    rams = [(tables.reach[left][ship] >> runner) & 1 for _, ship in moves]
    if any(rams):                        # the ram is still on: nothing else to plan
        return [(SURE_PLAN if ram else PLANNED, HELMS[turn + 1])
                for (turn, _), ram in zip(moves, rams)]
    if len(tables.plans) > 4096:
        tables.plans.clear()
    memo = tables.plans.setdefault((state.rules, runner, heading), {})
    scored = []
    for turn, ship in moves:
        value = _plan_value(state, tables, ship, left, recovery, memo)
        score = SURE_PLAN if value >= 1.0 else PLANNED + PLAN_RANGE * value
        scored.append((score, HELMS[turn + 1]))
    return scored


def _plan_value(state: BlockadeState, tables: Tables, ship: int, left: int, recovery: int,
                memo: dict) -> float:
    """Our chance from ship state ``ship`` with ``left`` single moves still to make (the best of
    them; a ram on the last one wins)."""
    key = (ship, left)
    value = memo.get(key)
    if value is None:
        runner = state.at[RUNNER]
        if ship // 8 == runner:
            value = 1.0
        elif left == 0:
            value = _end_value(state, tables, ship, recovery)
        else:
            value = 0.0
            for t in tables.succ[ship]:
                if t // 8 != runner or left == 1:
                    value = max(value, _plan_value(state, tables, t, left - 1, recovery, memo))
                    if value >= 1.0:
                        break
        memo[key] = value
    return value


def _end_value(state: BlockadeState, tables: Tables, ship: int, recovery: int) -> float:
    """Our chance when the six moves end on ship state ``ship``: the Runner then moves onto
    ``recovery`` (a ram, lost unless bow to bow), fires if its guns bear (a D4 counts as lost),
    and we ram it, or fire at it (a D4 within our six-move reach wins; the rest is an even game)."""
    heading = state.heading[RUNNER]
    if ship // 8 == recovery:
        return 1.0 if head_on(heading, ship % 8, state.rules.head_on_steps) else 0.0
    if not tables.afloat[BLOCKADER][ship]:
        return 0.0
    survive = 1.0 - disable_chance(guns_bear_from(state, RUNNER, recovery * 8 + heading, ship // 8))
    nxt = tables.succ[ship]
    if any(t // 8 == recovery for t in nxt):
        return survive
    shot = max(((1.0 if (tables.reach[6][t] >> recovery) & 1 else 0.5)
                * disable_chance(guns_bear_from(state, BLOCKADER, t, recovery)) for t in nxt),
               default=0.0)
    return survive * (0.4 + 0.6 * shot)


#: a disabled Blockader's course that lets the Runner's six moves ram it off the bow
OPEN_TO_RAM = 100.0


def course_scores(state: BlockadeState, tables: Tables,
                  plan: bool = False) -> list[tuple[float, Any]]:
    """The disabled ship's one course change: keep sea room, and for the Runner head for the exit.

    ``plan``: a Blockader turns, if it can, so that the Runner's six moves can ram it only bow
    to bow (its armoured bow wins that ram), counting OPEN_TO_RAM off every other course."""
    side = state.disabled
    sq = state.at[side]
    rams = tables.ram_headings(ship_state(state, RUNNER), sq) if plan and side == BLOCKADER else ()
    scored = []
    for helm in HELMS:
        h = (state.heading[side] + helm.turn) % 8
        ship = sq * 8 + h
        score = 0.0
        if not tables.afloat[side][ship]:
            score -= 200 - tables.doom[side][ship]
        if side == RUNNER:
            score -= 2.0 * tables.escape[ship]
        if any(not head_on(r, h, state.rules.head_on_steps) for r in rams):
            score -= OPEN_TO_RAM
        scored.append((score, helm))
    return scored

