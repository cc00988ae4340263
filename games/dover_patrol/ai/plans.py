"""Plans longer than the look-ahead: the harbour planner, which works out how a flag carrier gets
home through our own crowded harbour (a sliding puzzle no two-move search sees through); the
tie-break toward the goal among moves the search finds equal; and the attacks never to make."""

from __future__ import annotations

import heapq

from ..rules import FB, MI, ML, DoverState, Move
from ..rules.tables import DEFENDER_WINS
from .evaluation import plan_for

PLAN_REACH = 8      # the carrier must be this few moves from home before the harbour is planned
PLAN_SLACK = 8.0    # points a planned harbour move may look worse than the best (not a lost carrier)
PLAN_NODES = 20_000  # positions the harbour planner may look at before it gives up
PLAN_STUCK = 4      # beyond PLAN_REACH, planned once this fraction (1/4) of the quiet-turn allowance is gone


def stuck(state: DoverState) -> bool:
    """Whether a quarter of the quiet-turn allowance has gone by: a carrier still far from home
    is then planned for too. Found against ``random``: a Flying Boat with the flag, nine moves
    from home, stood for 200 turns behind our own 10 in a lane between an enemy Mine and a
    Submarine; the 10 had to lead it up the lane, which no two-move look-ahead finds worth it."""
    limit = state.rules.quiet_ply_limit
    return bool(limit) and state.quiet >= limit // PLAN_STUCK


def homecoming(state: DoverState, me: int) -> int:
    """The piece of ours that has a flag to bring home, or 0: our own flag's carrier first (won
    back from its captor: the enemy flag counts only once ours is home, and hemming the enemy in
    draws until then), else the enemy flag's carrier while our own flag is on our base."""
    r = state.rules
    if not r.flags or r.fleet_orders:
        return 0
    own, prize = state.flag_carrier[me], state.flag_carrier[1 - me]
    if own and state.owner[own] == me:
        return own
    if prize and state.owner[prize] == me and state.flag_sq[me] == r.bases[me]:
        return prize
    return 0


def harbour_plan(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, attacked square or -1) of a plan that brings our flag carrier
    (see ``homecoming``) onto our base with our own moves alone (the enemy and all Mines standing
    still), or None.

    A harbour packed with our own ships is a sliding puzzle: the carrier gets in only after
    several pieces shuffle round or out in the right order, and no look-ahead of two moves sees
    that the first of those shuffles is progress. Our pieces near home are alike for this (only
    where they stand matters), so a position is the set of their squares and the carrier's
    square, searched best-first on the carrier's distance home (weighted: a short plan, not
    always the shortest). An enemy ship sitting in the harbour's mouth can only be attacked by a
    piece arriving on the square inside it, so a plan that brings one of ours (not the carrier)
    there ends too, and that move attacks.
    """
    r = state.rules
    carrier = homecoming(state, me)
    base = r.bases[me]
    if not carrier:
        return None   # no flag to bring home, or not yet allowed to (see ``homecoming``)
    plan = plan_for(r)
    boat = state.kind[carrier] == FB   # a Flying Boat crosses walls even with a flag
    home = plan.free(base) if boat else plan.walled(base)
    start = state.pos[carrier]
    if home[start] > PLAN_REACH and not stuck(state):
        return None
    reach = max(home[start], 4) + 3   # room to step aside, and out of the harbour
    area = 0
    for sq, d in enumerate(plan.walled(base)):
        if d <= reach or home[sq] <= reach:
            area |= 1 << sq
    fixed = state.sbb[1 - me] | state.mines_bb[me] | (1 << base)
    open_ = area & ~fixed
    ours = state.sbb[me] & open_ & ~(1 << start)
    steps = r.steps
    carrier_steps = r.free_steps if boat else steps
    plugs = {}   # square inside our harbour's mouth -> the enemy piece's square just outside
    for sq in plan.harbour_squares[me]:
        for n in steps[sq]:
            if n in plan.mouths[me] and state.sbb[1 - me] >> n & 1:
                plugs[sq] = n
    first: dict[tuple[int, int], tuple[int, int, int] | None] = {(ours, start): None}
    todo = [(home[start], 0, ours, start)]
    while todo and len(first) < PLAN_NODES:
        _, g, ours, at = heapq.heappop(todo)
        here = first[(ours, at)]
        for to in carrier_steps[at]:
            if to == base:
                return here or (at, to, -1)
            bit = 1 << to
            if open_ & bit and not ours & bit:
                key = (ours, to)
                if key not in first:
                    first[key] = here or (at, to, -1)
                    heapq.heappush(todo, (g + 1 + 2 * home[to], g + 1, ours, to))
        rest = ours
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            for to in steps[sq]:
                bit = 1 << to
                if open_ & bit and not ours & bit and to != at:
                    if to in plugs:
                        return here or (sq, to, plugs[to])
                    moved = ours ^ low ^ bit
                    key = (moved, at)
                    if key not in first:
                        first[key] = here or (sq, to, -1)
                        heapq.heappush(todo, (g + 1 + 2 * home[at], g + 1, moved, at))
    return None


# --- A tie-break toward the goal -----------------------------------------------------------------
TIE = 0.3   # points within which the search's candidates count as equal (its noise between quiet moves)


def progress(state: DoverState, action) -> tuple[bool, int]:
    """Whether ``action`` attacks (a removal is progress against the quiet-turn rule), and how
    much nearer it brings the piece it moves to the enemy flag, or home once we carry it (in
    plain moves, walls counted; the Flying Boat flies); (False, 0) for anything but a move.

    Why: in a quiet middle game the search's best dozen moves are often shuffles at home within a
    tenth of a point of each other (which one comes first is sampling noise), so ``hard`` went
    back and forth (d2-e2, e2-d2, f1-f2, f2-f1) while its front stood still, and took a median of
    over 600 plies to beat a player moving at random. Among equals, a step toward the goal brings
    pieces into contact, where the search sees attacks."""
    if not isinstance(action, Move):
        return False, 0
    r = state.rules
    me = state.owner[state.board[action.frm]]
    goal = state.flag_sq[1 - me] if r.flags else r.bases[1 - me]
    carrier = state.flag_carrier[1 - me] if r.flags else 0
    if carrier and state.owner[carrier] == me:
        goal = r.bases[me]
    if goal < 0:
        return action.attack >= 0, 0
    plan = plan_for(r)
    kind = state.kind[state.board[action.frm]]
    gained = plan.distance(kind, action.frm, goal) - plan.distance(kind, action.to, goal)
    return action.attack >= 0, gained


def toward_goal(state: DoverState, scored: list[tuple[float, float, object]]):
    """The action to play among the search's ``scored`` candidates (value two moves ahead, value
    one move ahead, action; best first): of those within TIE of the best, an attack, else the
    one that makes the most ``progress``, the search's order breaking ties."""
    best = scored[0][0]
    equal = [entry for entry in scored if entry[0] >= best - TIE]
    return max(equal, key=lambda entry: progress(state, entry[2]))[2]


# --- What never to play ---------------------------------------------------------------------------
LAST_RESORT = 10   # our last moves before a draw by quiet turns, in which a ship may be given up


def hopeless(state: DoverState, action) -> bool:
    """Whether ``action`` throws a ship away for nothing we do not already know: it arrives
    beside an enemy Mine (or Mine Layer) we have seen, which blows it up, or attacks an enemy
    piece we know that sinks it and stays afloat. Judged from what our side knows (the same in
    every world).

    Not in our last LAST_RESORT moves before a draw by quiet turns: the removal of any piece,
    even our own, restarts the count, and a side far ahead rightly gives up a small ship rather
    than a won game (the search weighs the ship against the lead the draw discounts). Before
    that it is waste: against ``random``, hard gave up a ship on the same known Mine every
    hundred plies (five in 500 plies) as soon as the draw began to discount its lead; but
    forbidden outright, it drew 20 of 79 games against ``easy`` that it used to win late."""
    if not isinstance(action, Move):
        return False
    r = state.rules
    if r.quiet_ply_limit and state.quiet >= r.quiet_ply_limit - 2 * LAST_RESORT:
        return False
    me = state.turn
    board, owner = state.board, state.owner
    kind = state.kind[board[action.frm]]
    for c in r.contact[me][action.to]:
        q = board[c]
        if q and owner[q] != me:
            known = state.pub[q] & state.priv[me][q]
            if ((known == 1 << MI and not (1 << kind) & r.mine_spares)
                    or (known == 1 << ML and not (1 << kind) & r.layer_spares)):
                return True
    if action.attack < 0:
        return False
    target = board[action.attack]
    known = state.pub[target] & state.priv[me][target]
    return not known & (known - 1) and r.result[kind][known.bit_length() - 1] == DEFENDER_WINS
