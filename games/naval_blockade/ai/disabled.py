"""After a D4 (rule 16): the disabled ship's one course change and the firer's six single
moves, scored for the easy level and the searches' playouts like ``helm``'s moves."""

from __future__ import annotations

from typing import Any

from ..rules import BLOCKADER, HELMS, RUNNER, BlockadeState
from .helm import ship_state
from .tables import Tables


#: a six-square move scoring above this still rams (400) or escapes (500) for certain; the
#: distance and sea-room terms taken off afterwards come to far less than 100
SURE_SIX_MOVE = 300.0


def six_move_scores(state: BlockadeState, tables: Tables) -> list[tuple[float, Any]]:
    """The firer's single moves of the six-square move: keep the ram (or the escape) in reach."""
    side = state.side
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

