"""Why an action is not legal, in a player's words (only called once an action was refused)."""

from __future__ import annotations

from .actions import Attack, EndTurn, Transfer
from .model import FB, MI, ML, SIDES


def explain(state, action) -> str:
    r = state.rules
    names = r.names
    me = state.turn
    board, owner, kind = state.board, state.owner, state.kind
    if r.fleet_orders and isinstance(action, Transfer):
        return "Fleet Orders has no flags to hand over"
    if not r.fleet_orders and isinstance(action, (Attack, EndTurn)):
        return ("attacks are made by moving next to the enemy (a4-a5xa6)" if isinstance(action, Attack)
                else "only Fleet Orders has 'end': a turn here is one action")
    if isinstance(action, EndTurn):
        return "make at least one move or attack before ending the turn"
    s = action.key[0]
    p = board[s]
    if not p:
        return f"there is no piece on {names[s]}"
    if owner[p] != me:
        return f"the piece on {names[s]} is {SIDES[owner[p]].capitalize()}'s"
    pending = state.pending_exit()
    if pending is not None and pending != s:
        return f"the piece on {names[pending]} must first leave the base"
    k = kind[p]
    if isinstance(action, Transfer):
        if not state._carries(p):
            return f"the piece on {names[s]} carries no flag"
        return ("a flag may only be handed to a friendly piece side by side (no Mine), on the turn "
                "right after the move that brought them together")
    if isinstance(action, Attack):
        if kind[p] in (MI, ML):
            return f"a {r.kind_names[k]} never attacks"
        if state.fo_attacked >> p & 1:
            return f"the piece on {names[s]} has already attacked this turn"
        return "a piece attacks only the enemy piece directly ahead of it"
    t, a = action.key[1], action.key[2]
    if k == MI:
        return "Mines never move"
    if r.fleet_orders and state.fo_moved >> p & 1:
        return f"the piece on {names[s]} has already moved this turn"
    if board[t]:
        return f"{names[t]} is occupied"
    step = t in r.free_steps[s]
    double = any(to == t for _, to, _ in r.doubles[s])
    if not step and not double:
        return f"{names[s]}-{names[t]} is not one square forward, back or sideways"
    if step and t not in r.steps[s] and k != FB:
        return f"a harbour wall lies between {names[s]} and {names[t]}"
    if double:
        if r.fleet_orders and k not in r.long_moves:
            return "only the Patrol Vessel and the Flying Boat move two squares"
        if not r.fleet_orders and (k != FB or not r.variant.flying_boat_jump):
            return "only the Flying Boat jumps two squares"
        if not r.fleet_orders:
            if state._carries(p) and not r.fb_jump_with_flag:
                return "a Flying Boat carrying a flag may not jump"
            return ("the Flying Boat jumps only over a harbour wall or over a Mine known to be one"
                    + ("" if r.fb_jump_over_ships else " (not over a ship)"))
        return "the Patrol Vessel moves two squares only through an empty square"
    if r.is_base[t] >= 0 and r.base_rule != "open":
        b = r.is_base[t]
        if b == me:
            return (f"no piece may enter its own base{' except to deposit a captured flag while holding your own flag on your half' if r.flags else ''}")
        return "a piece enters the enemy base only to capture the flag lying there"
    if a >= 0:
        q = board[a]
        if r.fleet_orders:
            return "in Fleet Orders, move and attack separately (a4-a5, then a5xa6)"
        if kind[p] == ML:
            return "a Mine Layer never attacks"
        if not q or owner[q] == me or a not in r.contact[me][t]:
            return f"no enemy piece on {names[a]} is in attacking position with {names[t]}"
        if state._carries(q) and state._holds_flag_after(me, p, t, state._carries(p)):
            return "two flag carriers may not attack each other (a flag taken on arrival counts)"
        return "the move wins at once: no attack needed"
    if r.compulsory:
        return "attacks are compulsory: a piece that arrives in attacking position must attack"
    return "not a legal action here"
