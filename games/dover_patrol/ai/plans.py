"""Plans longer than the look-ahead: the harbour planner, which works out how a flag carrier gets
home through our own crowded harbour (a sliding puzzle no two-move search sees through); the
tie-break toward the goal among moves the search finds equal; and the attacks never to make."""

from __future__ import annotations

import heapq

from ..rules import FB, MI, ML, Attack, DoverState, Move
from ..rules.tables import ATTACKER_WINS, BOTH_SUNK, DEFENDER_WINS
from .belief import kind_odds
from .evaluation import plan_for
from .hunting import attack_gain
from .sorties import attack_square, blockers_downhill, known_mask
from .ways import blows_up, crew_of

PLAN_REACH = 8      # the carrier must be this few moves from home before the harbour is planned
PLAN_SLACK = 8.0    # points a planned harbour move may look worse than the best (not a lost carrier)
PLAN_NODES = 20_000  # positions the harbour planner may look at before it gives up
CLEAR_NEAR = 6        # moves from our base of the enemy pieces to clear: in our harbour, its mouth or a step out
CLEAR_NODES = 16_000  # positions the clearing planner may look at, over all the attackers it tries,
CLEAR_TRY = 4_000     # ... and for each
SINKS = (ATTACKER_WINS, BOTH_SUNK)
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


def carrier_blockers(state: DoverState, me: int) -> set[int]:
    """The squares of the enemy pieces on the way home of our flag carrier (``homecoming``), as
    its own crew goes past our Mines: the pieces to clear for a carrier far from home
    (``clearing_plan``). Found in quiet-turn draws against ``normal``: a carrier holding the
    enemy flag stood for 200 turns behind an enemy Mine Layer (which only a 4 sinks) while our
    4s stood boxed in at home."""
    carrier = homecoming(state, me)
    if not carrier:
        return set()
    home = state.rules.bases[me]
    table = plan_for(state.rules).way(state, me, home, crew_of(state.kind[carrier]), solid_mines=True)
    return blockers_downhill(state, me, state.pos[carrier], home, table)


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
    found = harbour_area(state, me)
    if found is None:
        return None
    start, area, home, boat = found
    r, plan = state.rules, plan_for(state.rules)
    open_ = area & ~state.sbb[1 - me]
    ours = state.sbb[me] & open_ & ~(1 << start)
    plugs = {}   # square inside our harbour's mouth -> the enemy piece's square just outside
    for sq in plan.harbour_squares[me]:
        for n in r.steps[sq]:
            if n in plan.mouths[me] and state.sbb[1 - me] >> n & 1:
                plugs[sq] = n
    return slide(state, start, r.bases[me], -1, home, open_, ours, boat, plugs)[0]


def clearing_plan(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, attacked square or -1) of a plan that brings a piece of ours
    to attack an enemy piece standing near home, for when ``harbour_plan`` finds no way: the
    enemy sits in or outside our harbour's mouth, our harbour is packed, and the only square it
    is attacked from is inside, held by one of ours (found in tournament games: hard drew
    carrying the flag home, a South 1 on h8 below a North harbour whose only mouth h9 was held
    by North's carrier or by a 4 that could not leave and come back). The same sliding puzzle
    as the harbour planner's, with the attacker as the piece to bring. Attackers are tried by
    what the attack is worth (``hunting.attack_gain``; one that cannot sink the enemy piece, not
    at all), the carrier last, within CLEAR_NODES positions in all; a lost attacker restarts the
    quiet-turn count, a standing blocker ends the game drawn. For a carrier near home
    (PLAN_REACH), the enemy pieces in or a step outside our harbour's mouth (CLEAR_NEAR). For
    one further off (once ``stuck``), only the pieces on its way home (``carrier_blockers``),
    by any ship of ours but the ones our harbour needs (``last_answers``), over the whole board
    but off the squares facing a possible Mine or Mine Layer (``mined``):
    any enemy piece far off would not do, as against ``random`` the planner once sent a ship
    twelve moves across the board to attack a piece that stood in no one's way."""
    found = harbour_area(state, me)
    if found is None:
        return None
    start, area, home, _ = found
    r, plan = state.rules, plan_for(state.rules)
    kind, pos = state.kind, state.pos
    if home[start] > PLAN_REACH:
        # far from home the harbour planner runs out of positions, not of ways: only the pieces
        # on the carrier's way home, with the whole board to slide over
        blockers = carrier_blockers(state, me)
        targets = [e for e in state.alive[1 - me] if pos[e] in blockers]
        area = ((1 << r.size) - 1) & ~state.mines_bb[me] & ~(1 << r.bases[me]) & ~mined(state, me, blockers)
        stay = last_answers(state, me)
    else:   # in or at our harbour's mouth (the area reaches further: it holds these squares)
        near = plan.walled(r.bases[me])
        targets = [e for e in state.alive[1 - me] if near[pos[e]] <= CLEAR_NEAR]
        stay = set()
    open_ = area & ~state.sbb[1 - me]
    odds = kind_odds(state, me)
    options = []
    for e in targets:
        goal = attack_square(state, me, pos[e])
        if goal < 0 or not open_ >> goal & 1:
            continue
        row = odds.get(e) or [float(k == kind[e]) for k in range(16)]
        for p in state.alive[me]:
            k = kind[p]
            if not (r.attacks[k] and r.moves[k] and area >> pos[p] & 1) or p in stay:
                continue
            if not any(chance and r.result[k][t] in SINKS for t, chance in enumerate(row)):
                continue
            gain = attack_gain(state, p, row, e in odds)
            options.append((pos[p] == start, -gain, home[pos[e]], pos[p], pos[e], goal))
    options.sort()   # the carrier's last
    budget = CLEAR_NODES
    for *_, at, target, goal in options:
        ours = state.sbb[me] & open_ & ~(1 << at)
        boat = kind[state.board[at]] == FB
        distance = plan.free(goal) if boat else plan.walled(goal)
        first, looked = slide(state, at, goal, target, distance, open_, ours, boat,
                              nodes=min(budget, CLEAR_TRY))
        budget -= looked
        if first is not None or budget <= 0:
            return first
    return None


def last_answers(state: DoverState, me: int) -> set[int]:
    """Our pieces in our harbour, while our flag is on its base, that are the only ones there
    able to sink a known enemy ship within CLEAR_NEAR moves of the base: a plan for a far carrier
    must not send them off. Found in game 140 against ``normal`` (seed 7): the plan took our
    Submarine out of the harbour to clear a far carrier's way, with North's known 6 a move from
    the harbour's mouth; nothing left inside sank a 6, which came in and took our flag."""
    r = state.rules
    if state.flag_sq[me] != r.bases[me]:
        return set()
    plan = plan_for(r)
    near, harbour = plan.walled(r.bases[me]), plan.harbour_bits[me]
    ours = [p for p in state.alive[me] if harbour >> state.pos[p] & 1 and r.attacks[state.kind[p]]
            and r.moves[state.kind[p]]]
    stay = set()
    for e in state.alive[1 - me]:
        seen = known_kind(state, me, e)
        if seen < 0 or not r.moves[seen] or near[state.pos[e]] > CLEAR_NEAR:
            continue
        answers = [p for p in ours if r.result[state.kind[p]][seen] in SINKS]
        if len(answers) == 1:
            stay.add(answers[0])
    return stay


def mined(state: DoverState, me: int, spared: set[int]) -> int:
    """The squares (a bitboard) where a piece of ours would arrive facing an enemy piece that
    may be a Mine or a Mine Layer, other than those on the squares ``spared``: a way across the
    board must not lead through them (the arrival attacks it: a Mine sinks every ship but a Mine
    Sweeper, a Mine Layer every ship but a 4, a Mine Sweeper, a Submarine and the Flying Boat)."""
    board, contact = state.board, state.rules.contact[me]
    risky = (1 << MI) | (1 << ML)
    faced = {sq for sq, q in enumerate(board) if q and state.owner[q] != me and sq not in spared
             and known_mask(state, me, q) & risky}
    return sum(1 << sq for sq in range(state.rules.size) if faced.intersection(contact[sq]))


def harbour_area(state: DoverState, me: int) -> tuple[int, int, list[int], bool] | None:
    """For the piece bringing a flag home (``homecoming``), once it is near enough to be
    planned for: its square, the squares round home a plan may use (a bitboard: near home and
    not held by a Mine of ours or the base; the enemy's pieces in it stand still), its distances
    home, and whether it flies."""
    r = state.rules
    carrier = homecoming(state, me)
    if not carrier:
        return None   # no flag to bring home, or not yet allowed to (see ``homecoming``)
    base = r.bases[me]
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
    return start, area & ~state.mines_bb[me] & ~(1 << base), home, boat


def slide(state: DoverState, start: int, goal: int, attacked: int, distance: list[int],
          open_: int, ours: int, boat: bool, plugs: dict[int, int] | None = None,
          nodes: int = PLAN_NODES) -> tuple[tuple[int, int, int] | None, int]:
    """The first move (from, to, attacked square or -1) of the sliding puzzle that brings the
    piece on ``start`` onto ``goal`` (an arrival that attacks ``attacked``, or -1), the other
    pieces of ours (the squares of ``ours``) moving over the squares of ``open_`` while the
    enemy stands still, and the positions looked at; None if ``nodes`` positions show no way.
    Searched best-first on the piece's ``distance`` to the goal (weighted: a short plan, not
    always the shortest). With
    ``plugs`` (a square -> the enemy square it attacks), a plan that brings one of the other
    pieces onto such a square ends there too, and that move attacks."""
    steps = state.rules.steps
    mover_steps = state.rules.free_steps if boat else steps
    first: dict[tuple[int, int], tuple[int, int, int] | None] = {(ours, start): None}
    todo = [(distance[start], 0, ours, start)]
    while todo and len(first) < nodes:
        _, g, ours, at = heapq.heappop(todo)
        here = first[(ours, at)]
        for to in mover_steps[at]:
            bit = 1 << to
            if to == goal and not ours & bit:
                return here or (at, to, attacked), len(first)
            if open_ & bit and not ours & bit:
                key = (ours, to)
                if key not in first:
                    first[key] = here or (at, to, -1)
                    heapq.heappush(todo, (g + 1 + 2 * distance[to], g + 1, ours, to))
        rest = ours
        while rest:
            low = rest & -rest
            rest ^= low
            sq = low.bit_length() - 1
            for to in steps[sq]:
                bit = 1 << to
                if open_ & bit and not ours & bit and to != at:
                    if plugs and to in plugs:
                        return here or (sq, to, plugs[to]), len(first)
                    moved = ours ^ low ^ bit
                    key = (moved, at)
                    if key not in first:
                        first[key] = here or (sq, to, -1)
                        heapq.heappush(todo, (g + 1 + 2 * distance[at], g + 1, moved, at))
    return None, len(first)


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
    plan = plan_for(r)
    last = [] if r.flags else plan.last_movers(state, me)
    if last:   # the enemy's last movers, to box in (``Plan.corral``): toward the nearest
        goal = min((state.pos[p] for p in last), key=plan.walled(action.frm).__getitem__)
    if goal < 0:
        return action.attack >= 0, 0
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
    piece we know that sinks it and stays afloat; in Fleet Orders, it moves before a known enemy
    piece that sinks it (``exposed``), or attacks one. Judged from what our side knows (the same
    in every world).

    Not in our last LAST_RESORT moves before a draw by quiet turns: the removal of any piece,
    even our own, restarts the count, and a side far ahead rightly gives up a small ship rather
    than a won game (the search weighs the ship against the lead the draw discounts). Before
    that it is waste: against ``random``, hard gave up a ship on the same known Mine every
    hundred plies (five in 500 plies) as soon as the draw began to discount its lead; but
    forbidden outright, it drew 20 of 79 games against ``easy`` that it used to win late."""
    if not isinstance(action, (Move, Attack)):
        return False
    r = state.rules
    if r.quiet_ply_limit and state.quiet >= r.quiet_ply_limit - 2 * LAST_RESORT:
        return False
    me = state.turn
    board, owner = state.board, state.owner
    kind = state.kind[board[action.frm]]
    if isinstance(action, Attack):   # Fleet Orders
        target = action.target
    else:
        if r.fleet_orders:
            return exposed(state, me, kind, action.to)
        for c in r.contact[me][action.to]:
            q = board[c]
            if q and owner[q] != me:
                seen = known_kind(state, me, q)
                if seen >= 0 and blows_up(r, kind, 1 << seen):
                    return True
        target = action.attack
        if target < 0:
            return False
    seen = known_kind(state, me, board[target])
    return seen >= 0 and r.result[kind][seen] == DEFENDER_WINS


def known_kind(state: DoverState, me: int, piece: int) -> int:
    """The kind of the enemy ``piece`` if side ``me`` knows it (``sorties.known_mask``), else -1."""
    mask = known_mask(state, me, piece)
    return mask.bit_length() - 1 if mask and not mask & (mask - 1) else -1


def exposed(state: DoverState, me: int, kind: int, sq: int) -> bool:
    """Fleet Orders: whether a piece of ``kind`` moved onto ``sq`` stands straight ahead of an
    enemy piece we know that sinks it when it attacks (which it may, next turn). Found in game 1
    of seed 7 against easy: hard's 5 stepped off the gate f11 to f10, before a known Submarine on
    f9, which sank it and entered through the open gate."""
    r = state.rules
    board = state.board
    for n in r.steps[sq]:
        q = board[n]
        if not q or state.owner[q] == me:
            continue
        seen = known_kind(state, me, q)
        if (seen >= 0 and any(a == sq for a, _ in r.attack_objects[1 - me][n])
                and r.result[seen][kind] == ATTACKER_WINS):
            return True
    return False
