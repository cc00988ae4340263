"""Sorties: one piece sent on an errand longer than the two-move look-ahead, and the pressure to
make progress that grows as a draw by quiet turns comes near.

Tournament draws showed where a two-move search stalls: the way to the enemy flag is guarded by
pieces it does not know (a guard might be anything, so no attack on it ever looks good two moves
ahead), a known Mine sits on the way and the Mine Sweeper that could clear it is far off, or an
enemy piece sits in our own harbour's mouth. Each of these needs a piece that walks several moves
to the one square from which it attacks (attacks happen on arrival, and in the facing reading only
straight ahead), which no position two moves on rewards. A sortie is such an errand:

- probing a guard: a cheap piece (one the fleet can lose) attacks an unknown enemy piece near the
  enemy flag, which shows what it is, or sinks it;
- sweeping: a Mine Sweeper clears a known enemy Mine near the enemy flag;
- breaking a blockade: a piece that beats it attacks an enemy piece in or at our harbour's mouth.

The sortie is worked out from what the observation tells (where pieces stand, what the enemy's can
still be), so every sampled world agrees on it. The player takes its next move when it looks
nearly as good as the best move two moves ahead, and the margin grows with the quiet turns: with a
draw near, progress is worth a risk. The same pressure adds to the value of moves that remove an
enemy piece and takes from moves back into a position already seen.
"""

from __future__ import annotations

import heapq
from collections import deque

from ..rules import FB, MI, ML, MS, DoverState, Move
from ..rules.model import SIDE_INDEX
from .evaluation import VALUES, goes_back, plan_for
from .ways import SHIPS as SHIPS_CREW, WAY_SPAN, blows_up

STALL_FROM = 4        # sorties start once a quarter of the quiet-turn allowance has gone by
REMOVAL_BONUS = 12.0  # the least stake (points) a draw would cost, when no lead is seen
SORTIE_URGENCY = 2.0  # a sortie is worth the whole stake from half the pressure on: it takes moves
MAX_STAKE = 60.0      # the most: a bigger lead is a win the search already sees coming
REPEAT_COST = 6.0     # points taken from a move back into a position already seen, at full pressure
GUARD_REACH = 4       # an enemy piece this few moves from the enemy flag guards it
PROBERS = frozenset((1, 2, 3, 4, 5))   # the pieces a fleet sends to probe: cheap and many
SEARCH_DEPTH = 24     # the longest errand looked for
MAKE_ROOM = 2         # moves counted for each ship of ours on an errand's way: it steps aside


def pressure(state: DoverState) -> float:
    """0 until a quarter of the quiet-turn allowance has gone by, then up to 1 at the draw."""
    limit = state.rules.quiet_ply_limit
    if not limit or state.rules.fleet_orders:
        return 0.0
    start = limit // STALL_FROM
    return max(0.0, min(1.0, (state.quiet - start) / (limit - start)))


def known_mask(state: DoverState, me: int, piece: int) -> int:
    """The kinds (bits) an enemy piece may still be, as side ``me`` knows (the same in every world)."""
    return state.pub[piece] & state.priv[me][piece]


def attack_square(state: DoverState, me: int, target: int) -> int:
    """The one square from which a piece of ours arriving attacks ``target`` (facing reading), or -1."""
    contact = state.rules.contact[me]
    for sq in state.rules.steps[target]:
        if contact[sq] == (target,):
            return sq
    return -1


def errand(state: DoverState, me: int, piece: int, target: int) -> tuple[int, tuple[int, int, int]] | None:
    """The length and the first move (from, to, attacked square or -1) of the shortest way for
    ``piece`` to arrive where it attacks ``target``, over empty squares, never arriving where a
    piece that may be an enemy Mine or Mine Layer would blow it up; None if there is none. When
    one of our pieces stands on that square (a Mine Layer, which attacks nothing), it steps aside
    first; when ``piece`` stands there boxed in by ours, one of them makes room."""
    r = state.rules
    goal = attack_square(state, me, target)
    if goal < 0:
        return None
    board, owner = state.board, state.owner
    start = state.pos[piece]

    def safe(sq: int, kind: int = state.kind[piece]) -> bool:
        return safe_arrival(state, me, sq, kind, target)

    blocker = board[goal] if goal != start else 0
    if blocker and (owner[blocker] != me or state.kind[blocker] == MI):
        return None
    first: dict[int, tuple[int, int, int]] = {}   # square reached -> the first move towards it
    depth = {start: 0}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if depth[sq] >= SEARCH_DEPTH:
            continue
        for to in r.steps[sq]:
            if to == goal and (sq != start or to != start):
                if blocker:   # our own piece stands where the attack comes from: it steps aside
                    aside = next((n for n in r.steps[goal] if not board[n] and r.is_base[n] < 0
                                  and n != sq and safe(n, state.kind[blocker])), -1)
                    return (depth[sq] + 2, (goal, aside, -1)) if aside >= 0 else None
                return depth[sq] + 1, first.get(sq, (start, to, target))
            if to in depth or board[to] or r.is_base[to] >= 0 or not safe(to):
                continue
            depth[to] = depth[sq] + 1
            first[to] = first.get(sq, (start, to, -1))
            todo.append(to)
    if goal == start:   # boxed in where it attacks from: a piece of ours beside it makes room
        for n in r.steps[start]:
            q = board[n]
            if q and owner[q] == me and state.kind[q] != MI:
                for m in r.steps[n]:
                    if not board[m] and r.is_base[m] < 0 and safe(m, state.kind[q]):
                        return 3, (n, m, -1)
    return None


def safe_arrival(state: DoverState, me: int, sq: int, kind: int, target: int) -> bool:
    """No enemy piece but the one on ``target`` beside ``sq`` that may be a Mine or Mine Layer
    blowing a piece of ``kind`` up on arrival there."""
    board, owner = state.board, state.owner
    return not any(q and owner[q] != me and q != board[target]
                   and blows_up(state.rules, kind, known_mask(state, me, q))
                   for q in (board[c] for c in state.rules.contact[me][sq]))


def errand_past_ours(state: DoverState, me: int, piece: int,
                     target: int) -> tuple[int, tuple[int, int, int]] | None:
    """``errand`` for a way that passes squares held by our own ships, each counted MAKE_ROOM
    moves more: the length and the first move, which is ``piece``'s own step while the way's
    next square is free, else a move of ours making room (the last of the ships standing in a
    row on the way steps along it, or one of them steps off it). Found in draws against
    ``normal``: an enemy Flying Boat sat with our flag for 340 plies in reach of our 2, whose
    way there was shut only by ships of our own (game 170)."""
    r = state.rules
    goal = attack_square(state, me, target)
    if goal < 0:
        return None
    board, owner, kind = state.board, state.owner, state.kind
    start = state.pos[piece]
    if board[goal] and goal != start and (owner[board[goal]] != me or kind[board[goal]] == MI):
        return None
    cost = {start: 0}
    came_from: dict[int, int] = {}
    todo = [(0, start)]
    while todo:
        d, sq = heapq.heappop(todo)
        if sq == goal:
            break
        if d > cost[sq] or d >= SEARCH_DEPTH:
            continue
        for to in r.steps[sq]:
            q = board[to]
            if (q and (owner[q] != me or kind[q] == MI)) or r.is_base[to] >= 0 \
                    or not safe_arrival(state, me, to, kind[piece], target):
                continue
            step = d + 1 + (MAKE_ROOM if q else 0)
            if step < cost.get(to, SEARCH_DEPTH + 1):
                cost[to] = step
                came_from[to] = sq
                heapq.heappush(todo, (step, to))
    if goal not in came_from:
        return None
    way = [goal]
    while way[-1] != start:
        way.append(came_from[way[-1]])
    way.reverse()
    if not board[way[1]]:
        return cost[goal], (start, way[1], target if way[1] == goal else -1)
    run = 1   # the ships of ours standing in a row on the way, from the next square on
    while run + 1 < len(way) and board[way[run + 1]]:
        run += 1
    on_way = set(way)
    for i in range(run, 0, -1):
        sq, q = way[i], board[way[i]]
        room = [n for n in r.steps[sq] if not board[n] and r.is_base[n] < 0 and n not in on_way]
        if i == run and i + 1 < len(way) and way[i + 1] != goal:
            room.insert(0, way[i + 1])   # the last of the row steps along the way
        for n in room:
            if safe_arrival(state, me, n, kind[q], target):
                return cost[goal], (sq, n, -1)
    return None


def way_blockers(state: DoverState, me: int, flag: int) -> set[int]:
    """The squares of the enemy pieces on our ships' cheapest way to ``flag`` (``Ways.way``,
    which prices a way through an enemy piece as an attack): followed downhill from the ship of
    ours that stands best, they are the pieces that must be beaten or probed to get there, with
    any enemy piece standing where one of them must be attacked from."""
    r = state.rules
    table = plan_for(r).way(state, me, flag, SHIPS_CREW)
    kind = state.kind
    starts = [state.pos[p] for p in state.alive[me] if kind[p] not in (MI, FB, ML)]
    if not starts:
        return set()
    return blockers_downhill(state, me, min(starts, key=lambda sq: (table[sq], sq)), flag, table)


def blockers_downhill(state: DoverState, me: int, at: int, goal: int, table: list[int]) -> set[int]:
    """The squares of the enemy pieces on the way ``table`` (``Ways.way`` to ``goal``) leads
    from ``at``, followed downhill, with any enemy piece standing where one of them must be
    attacked from (see ``way_blockers``)."""
    r = state.rules
    board, owner = state.board, state.owner
    found: set[int] = set()
    for _ in range(SEARCH_DEPTH):
        if at == goal or table[at] >= WAY_SPAN:
            break
        at = min(r.steps[at], key=lambda sq: (table[sq], sq))
        q = board[at]
        if q and owner[q] != me:
            found.add(at)
    # an enemy piece on the square a blocker is attacked from must be beaten first
    todo = list(found)
    while todo:
        behind = attack_square(state, me, todo.pop())
        if behind >= 0 and board[behind] and owner[board[behind]] != me and behind not in found:
            found.add(behind)
            todo.append(behind)
    return found


def targets(state: DoverState, me: int) -> list[tuple[int, frozenset[int]]]:
    """The enemy pieces worth a sortie, each with the kinds of ours that should go: pieces in or
    at our harbour's mouth (anything that beats what they may be), the guards of the enemy flag,
    near it or on our way to it (a known one by what sinks it, a Mine by the Mine Sweeper, an
    unknown one by cheap probers), and any other enemy ship we know, by what sinks it for sure."""
    r = state.rules
    plan = plan_for(r)
    enemy = 1 - me
    found: list[tuple[int, frozenset[int]]] = []
    blockade = plan.harbour_bits[me] | sum(1 << sq for sq in plan.mouths[me])
    flag = state.flag_sq[enemy] if r.flags else r.bases[enemy]
    near_flag = plan.walled(flag) if flag >= 0 else None
    on_way = way_blockers(state, me, flag) if flag >= 0 else set()
    for e in sorted(state.alive[enemy], key=lambda p: state.pos[p]):
        sq = state.pos[e]
        mask = known_mask(state, me, e)
        kinds = [t for t in range(1, 16) if mask >> t & 1]
        guards = sq in on_way or (near_flag is not None and near_flag[sq] <= GUARD_REACH)
        if len(kinds) == 1 and (guards or blockade >> sq & 1 or kinds[0] != MI):
            # a known piece (a Mine only near the flag): the kinds that sink it for sure
            beaters = frozenset(k for k in range(1, 16) if r.result[k][kinds[0]] == 1)
        elif blockade >> sq & 1:
            beaters = frozenset(k for k in range(1, 16)
                                if 2 * sum(r.result[k][t] == 1 for t in kinds) >= len(kinds))
        elif guards:
            beaters = PROBERS | ({MS} if mask >> MI & 1 else set())
        else:
            continue
        if beaters:
            found.append((e, beaters))
    return found


def sortie(state: DoverState, me: int) -> tuple[int, int, int] | None:
    """The first move (from, to, attacked square or -1) of the cheapest sortie: the fewest moves,
    a piece's worth counted as moves (a cheap prober goes before a dear one). A piece of ours
    on or beside the square an unknown target is attacked from may probe it too, whatever it is:
    it only has to sail off and come back, or step in."""
    if state.flag_carrier[1 - me] and state.owner[state.flag_carrier[1 - me]] == me:
        carrier = state.flag_carrier[1 - me]
    else:
        carrier = 0
    ours = [p for p in sorted(state.alive[me], key=lambda p: state.pos[p])
            if state.kind[p] not in (MI, FB) and p != carrier]
    best: tuple[float, tuple[int, int, int]] | None = None
    for target, kinds in targets(state, me):
        # to probe an unknown piece, a piece of ours on or beside the square it is attacked from
        # may go, whatever it is
        mask = known_mask(state, me, target)
        goal = attack_square(state, me, state.pos[target])
        posted = {goal, *state.rules.steps[goal]} if mask & (mask - 1) and goal >= 0 else ()
        for p in ours:
            if state.kind[p] not in kinds and not (state.pos[p] in posted and state.rules.attacks[state.kind[p]]):
                continue
            found = errand(state, me, p, state.pos[target])
            if found is None:
                continue
            cost = found[0] + 0.5 * VALUES[state.kind[p]]
            if best is None or cost < best[0]:
                best = (cost, found[1])
    return None if best is None else best[1]


def at_stake(best: float) -> float:
    """What a draw would cost a side whose best move the search values at ``best``: that lead,
    at least REMOVAL_BONUS (a side not ahead also presses on against a draw), at most MAX_STAKE
    (a bigger lead is a win the search already sees coming)."""
    return min(max(best, REMOVAL_BONUS), MAX_STAKE)


def errand_slack(state: DoverState, best: float) -> float:
    """Points an errand's next move may look worse than the search's ``best`` with the draw by
    quiet turns as near as it is: the whole stake from half the pressure on (an errand takes
    many moves, so it must start early)."""
    return at_stake(best) * min(1.0, SORTIE_URGENCY * pressure(state))


def removes_enemy(worlds: list[DoverState], action, side: str) -> float:
    """The share of the worlds in which ``action`` removes an enemy piece."""
    enemy = 1 - SIDE_INDEX[side]
    removed = 0
    for world in worlds:
        trial = world.clone()
        before = len(trial.alive[enemy])
        trial.play(action)
        removed += len(trial.alive[enemy]) < before
    return removed / len(worlds)


def pressed(root: DoverState, side: str, worlds: list[DoverState], actions: list,
            scored: list[tuple[float, float, object]], value_of) -> object:
    """The move to play, the search's best unless a looming draw presses for another.

    ``scored``: the search's candidates (value two moves ahead, value one move ahead, action),
    best first; ``value_of(action)``: an action's value two moves ahead, for the sortie's move.
    The lead the search sees is only worth having if it is turned into a win before the draw, so
    with the pressure p (0..1) a candidate gains p times that stake for the share of the worlds
    where it removes an enemy piece, loses REPEAT_COST times p for going back to a position seen
    before, and a sortie's next move is taken when it comes within 2p times the stake of the best
    (the whole stake from p = 0.5 on: an errand takes many moves, so it must start early).
    """
    press = pressure(root)
    if not press:
        return scored[0][2]
    stake = at_stake(scored[0][0])   # the lead the search sees, which a draw would wipe out

    def adjusted(value: float, action) -> float:
        if isinstance(action, Move) and action.attack >= 0:
            value += stake * press * removes_enemy(worlds, action, side)
        elif goes_back(root, action):
            value -= REPEAT_COST * press
        return value

    ranked = sorted(((adjusted(v, a), i) for i, (v, _, a) in enumerate(scored)), reverse=True)
    best_value, best_index = ranked[0]
    choice = scored[best_index][2]
    if isinstance(choice, Move) and choice.attack >= 0:
        return choice   # the search has an attack to make: that is progress already
    key = sortie(root, SIDE_INDEX[side])
    if key is not None:
        for action in actions:
            if isinstance(action, Move) and action.key == key:
                if action is choice:
                    return choice
                value = adjusted(value_of(action), action)
                if value >= best_value - errand_slack(root, scored[0][0]):
                    return action
                break
    return choice
