"""Looking ahead over sampled worlds: each action one move ahead (``one_move_values``), and the
best candidates two moves ahead against the enemy's sharpest replies (``two_move_value``), with
the two-move links the one-move judgement misses (a flag carrier's way home, a piece sailing off
to attack on its return)."""

from __future__ import annotations

import heapq

from navalgames.ai.mcts import step

from ..rules import FB, DoverState, EndTurn, Move
from ..rules.model import SIDE_INDEX
from .evaluation import WIN_POINTS, plan_for, points, times_seen
from .ways import gate_squares, long_entries

def one_move_values(worlds: list[DoverState], side: str, actions: list,
                    detailed: bool = True) -> list[float]:
    """Each action's evaluation points one move ahead, averaged over the sampled worlds."""
    values = []
    for action in actions:
        total = 0.0
        for world in worlds:
            trial = world.clone()
            step(trial, action)
            total += points(trial, side, detailed)
        values.append(total / len(worlds))
    return values


def two_move_value(world: DoverState, action, side: str, detailed: bool = True,
                   answers: int = 0) -> float:
    """``action`` then the enemy's most dangerous reply in this world.

    Replies that change the position at once (attacks, a move onto a base, a flag handed over,
    a flag carrier's move) are judged in full; any other reply is counted as the position as it
    stands, which is what a quiet move elsewhere leaves, unless it ends the game (a third
    repetition). In Fleet Orders, while the turn is still ours, the position after our action is
    the answer.

    ``answers`` > 0 looks a third move ahead where it matters: the most dangerous reply is met
    with our best answer to it (``best_answer``: a piece taken back, a threat side-stepped), and
    so on for the next most dangerous, up to ``answers`` replies, until the most dangerous reply
    left is one already answered (its answer only makes a reply less dangerous).
    """
    trial = world.clone()
    step(trial, action)
    baseline = points(trial, side, detailed)
    mover = trial.to_act()
    if mover is None:
        return baseline
    if mover == side:
        # Fleet Orders, the turn still ours: a gate left open to an enemy piece beside it is a
        # game lost if the turn ends so (its reply steps in, and enters next turn).
        return min(baseline, GATE_POINTS / 2) if gate_open(trial, side) else baseline
    worst = baseline
    if carrying_home(trial, side):
        # Bringing a flag home often takes moves that only pay off one move later (a piece
        # stepping aside so another can leave a packed harbour): also count our best next move
        # if the enemy does nothing that hurts (a point less: what can be had now comes first).
        worst = max(worst, best_next_move(trial, side, detailed, HOMEWARD)[0] - 1.0)
    gain, attacker, attacker_sq = 0.0, 0, -1
    linked = (sail_off_attack(trial, side, detailed)
              if stalling(trial) and not carrying_home(trial, side) else None)
    if linked is not None:
        # The gain holds after any enemy reply that leaves the attacker where it stands.
        gain = max(0.0, linked[0] - baseline)
        if gain:
            attacker_sq = linked[1]
            attacker = trial.board[attacker_sq]
            worst = baseline + gain
    lines = []   # with ``answers``: (value, order, position after) of every reply judged in full
    for reply in trial.legal_actions():
        after = trial.clone()
        step(after, reply)
        if after.result is not None or is_sharp(trial, reply):
            value = points(after, side, detailed)
            if gain and after.result is None and after.board[attacker_sq] == attacker:
                value += gain
            if after.result is None and at_the_gate(after, side):
                value = min(value, GATE_POINTS)
            if answers:
                lines.append((value, len(lines), after))
            else:
                worst = min(worst, value)
    if not lines:
        return worst
    # Answer the most dangerous reply first, then whichever is the most dangerous after that.
    heapq.heapify(lines)
    answered: set[int] = set()
    for _ in range(answers):
        value, order, after = lines[0]
        if order in answered or after.result is not None or value >= worst:
            break
        answered.add(order)
        heapq.heapreplace(lines, (max(value, best_answer(after, side, detailed)), order, after))
    return min(worst, lines[0][0])


RAID_REACH = 5   # moves from a gate within which a raider's approach is judged in full


def nears_a_gate(state: DoverState, action: Move) -> bool:
    """Whether ``action`` brings a piece nearer to an open gate of the other side's base
    (``Plan.gates``) while that side's flag is on it, from RAID_REACH moves or fewer: the
    raider's approach that a piece of the other side must answer at once by shutting the gate
    first (further off, judging every approach in full costs more than it shows)."""
    plan = plan_for(state.rules)
    other = 1 - state.turn
    gates = plan.gates[other]
    if not gates or state.flag_sq[other] != state.rules.bases[other]:
        return False
    kind = state.kind[state.board[action.frm]]
    for sq, boat_only in gates:
        if state.board[sq] or (boat_only and kind != FB):
            continue
        table = plan.free(sq) if kind == FB else plan.walled(sq)
        if table[action.to] < min(table[action.frm], RAID_REACH):
            return True
    return False


def best_answer(state: DoverState, side: str, detailed: bool = True) -> float:
    """The best position ``side`` reaches with one move from ``state`` (``side`` to act)."""
    if state.to_act() != side:
        return points(state, side, detailed)
    best = -WIN_POINTS
    for action in state.legal_actions():
        after = state.clone()
        step(after, action)
        best = max(best, points(after, side, detailed))
    return best


# --- Base-entry variants: the squares before our base that we can never attack ------------------
GATE_POINTS = -WIN_POINTS / 2   # an enemy piece at our gate: the game is lost unless we win first
_GATES: dict[tuple[int, int], int] = {}


def gate_bits(rules, me: int) -> int:
    """Where the first piece to enter a base wins (Capturing the Base, Fleet Orders): the squares
    beside ``me``'s base from which an enemy piece can enter it and which our pieces can attack
    only from the base itself, where they may not go (in Fleet Orders' facing rule, the square
    straight ahead of the base). An enemy piece standing there enters on its next move."""
    key = (id(rules), me)
    bits = _GATES.get(key)
    if bits is None:
        base = rules.bases[me]
        bits = 0
        if rules.base_rule == "target" and base >= 0:
            bits = sum(1 << sq for sq in gate_squares(rules, me, rules.steps[base]))
        _GATES[key] = bits
    return bits


def enters_from(state: DoverState, me: int, piece: int, sq: int, mid: int, kinds: int) -> bool:
    """Whether the enemy ``piece`` on ``sq`` would enter ``me``'s base from there (a
    ``long_entries`` square) with its next move."""
    k = state.kind[piece]
    return bool(kinds >> k & 1) and (state.rules.long_moves[k] == "over-anything" or not state.board[mid])


def at_the_gate(state: DoverState, side: str) -> bool:
    """Whether an enemy piece that can move stands on one of our gate squares (``gate_bits``),
    or one that moves two squares at once where it enters from (``long_entries``)."""
    me = SIDE_INDEX[side]
    enemy_at_gate = gate_bits(state.rules, me) & state.sbb[1 - me] & ~state.mines_bb[1 - me]
    if enemy_at_gate:
        return True
    board, owner = state.board, state.owner
    return any(board[sq] and owner[board[sq]] != me and enters_from(state, me, board[sq], sq, mid, kinds)
               for sq, mid, kinds in long_entries(state.rules, me))


def gate_open(state: DoverState, side: str) -> bool:
    """Whether one of our gates (``gate_bits``) is empty with an enemy piece one move from it,
    or a square two from our base (``long_entries``) with an enemy piece one move from it that
    would enter from there."""
    me = SIDE_INDEX[side]
    r = state.rules
    gates = gate_bits(r, me) & ~state.occ
    for sq in r.steps[r.bases[me]]:
        if gates >> sq & 1 and reaching(state, me, sq):
            return True
    return any(not state.board[sq] and any(enters_from(state, me, q, sq, mid, kinds)
                                           for q in reaching(state, me, sq))
               for sq, mid, kinds in long_entries(r, me))


def reaching(state: DoverState, me: int, sq: int) -> list[int]:
    """The pieces of ``me``'s enemy that can move onto the empty square ``sq`` with one move: a
    step, or in Fleet Orders two squares straight (``rules.long_moves``)."""
    r, board = state.rules, state.board
    movers = state.sbb[1 - me] & ~state.mines_bb[1 - me]
    found = [board[n] for n in r.steps[sq] if movers >> n & 1]
    if r.long_moves:
        for mid, frm, crosses, *_ in r.gen_doubles[me][sq]:
            q = board[frm]
            how = r.long_moves.get(state.kind[q]) if movers >> frm & 1 else None
            if how == "over-anything" or how == "through-empty" and not (board[mid] or crosses):
                found.append(q)
    return found


def carrying_home(state: DoverState, side: str) -> bool:
    """Whether ``side`` holds the enemy's flag (single-action variants, where a turn can pass)."""
    if not state.rules.flags or state.rules.fleet_orders:
        return False
    me = SIDE_INDEX[side]
    carrier = state.flag_carrier[1 - me]
    return bool(carrier) and state.owner[carrier] == me


def carrier_on_base(state: DoverState, me: int) -> bool:
    """Whether a piece of the other side stands on ``me``'s base (it has just taken our flag)."""
    base = state.rules.bases[me] if state.rules.flags else -1
    piece = state.board[base] if base >= 0 else 0
    return bool(piece) and state.owner[piece] != me


HOMEWARD, ATTACKS = "homeward", "attacks"


def stalling(state: DoverState) -> bool:
    """Whether a quarter of the quiet-turn allowance has gone by without a piece removed."""
    limit = state.rules.quiet_ply_limit
    return bool(limit) and not state.rules.fleet_orders and state.quiet >= limit // 4


def sails_off(state: DoverState, action) -> bool:
    """Whether ``action`` moves a piece, without attacking, away from facing an enemy piece."""
    if not isinstance(action, Move) or action.attack >= 0:
        return False
    board, owner = state.board, state.owner
    me = owner[board[action.frm]]
    return any(board[c] and owner[board[c]] != me
               for c in state.rules.contact[me][action.frm])


def best_next_move(state: DoverState, side: str, detailed: bool, kind: str) -> tuple[float, int]:
    """The best position ``side`` reaches with one more move if the enemy passes its turn,
    among the moves of that ``kind``: HOMEWARD, a move of the flag carrier, a flag handed on, or
    a move near home (making room); ATTACKS, a move with an attack that removes a piece. Also the
    square that move starts from (-1 if none)."""
    passed = state.clone()
    passed.pass_turn()
    if passed.to_act() != side:
        return -WIN_POINTS, -1
    me = SIDE_INDEX[side]
    if kind == HOMEWARD:
        near = plan_for(state.rules, detailed).near_home[me]
        carrier_sq = passed.pos[passed.flag_carrier[1 - me]]
    best, start = -WIN_POINTS, -1
    for action in passed.legal_actions():
        if kind == ATTACKS:
            if not isinstance(action, Move) or action.attack < 0:
                continue
        elif isinstance(action, Move) and action.frm != carrier_sq and action.frm not in near:
            continue
        after = passed.clone()
        step(after, action)
        if kind == ATTACKS and after.quiet and after.result is None:
            continue   # an attack that removes nothing (both stay) does not end a quiet spell
        value = points(after, side, detailed)
        if value > best:
            best, start = value, getattr(action, "frm", -1)
    return best, start


def sail_off_attack(trial: DoverState, side: str, detailed: bool) -> tuple[float, int] | None:
    """After our move in ``trial``: our best attack that removes a piece next move if the enemy
    lets us be (a point less: it comes a move later), and the square it starts from. An attack
    happens only on arrival, so a piece facing its prey must sail off and come back, two moves
    the one-move judgement never links. None when our move repeats a position: that is going
    round in circles."""
    if times_seen(trial) > 1:
        return None
    value, square = best_next_move(trial, side, detailed, ATTACKS)
    return value - 1.0, square


def is_sharp(state: DoverState, action) -> bool:
    """An action that changes the position at once: an attack, a base entry, a flag moving, a
    ship sailing into a harbour's mouth (which can shut a harbour packed full for good), or any
    move while a piece of the other side stands on the mover's base with a flag it must take off
    next turn: a quiet move that takes its last exit strands it (it runs aground, the flag stays).
    Found against ``easy``: hard's Flying Boat jumped onto the enemy base, took the flag, and ran
    aground when the enemy stepped onto the one square beside the base it could leave by. A move
    onto a gate of the other side's base (``Plan.gates``: it takes the flag next), or nearer to
    an open one (``nears_a_gate``), is sharp too."""
    if isinstance(action, Move):
        plan = plan_for(state.rules)
        gates = gate_bits(state.rules, 1 - state.turn) | plan.gate_bits[1 - state.turn]
        for sq, *_ in long_entries(state.rules, 1 - state.turn):
            gates |= 1 << sq
        return (action.attack >= 0 or state.rules.is_base[action.to] >= 0 or gates >> action.to & 1
                or state.board[action.frm] in state.flag_carrier
                or plan.mouth_bits >> action.to & 1
                or carrier_on_base(state, state.turn)
                or nears_a_gate(state, action))
    return not isinstance(action, EndTurn)   # an attack (Fleet Orders) or a flag transfer


#: worlds sampled, candidates looked at two moves ahead, points of slack in the choice, and


# --- Flagship Hunt: the Flagship is the game -----------------------------------------------------
RISK_WORLDS = 40   # worlds on which the risk to our Flagship is counted (a few would miss it)


def flagship_square(state: DoverState, side: str) -> int:
    """The square of ``side``'s Flagship (-1 if sunk)."""
    me = SIDE_INDEX[side]
    for p in state.alive[me]:
        if state.kind[p] == 10:
            return state.pos[p]
    return -1


def risks_flagship(state: DoverState, action, side: str) -> bool:
    """Whether ``action`` could lose our Flagship at once in Flagship Hunt, judged on one world:
    the Flagship moves (arriving beside a Mine blows it up; attacking may sink it) or, after it,
    an enemy piece can attack the Flagship. The risk itself is counted on many worlds
    (``flagship_risk``), since which enemy piece is a Submarine or a Mine is only guessed."""
    if state.rules.win != "flagship":
        return False
    square = flagship_square(state, side)
    if isinstance(action, Move) and action.frm == square:
        return True
    trial = state.clone()
    step(trial, action)
    if trial.result is not None or trial.to_act() == side:
        return False
    return any(isinstance(reply, Move) and reply.attack == square for reply in trial.legal_actions())


def flagship_risk(worlds: list[DoverState], action, side: str, detailed: bool = True) -> tuple[float, float]:
    """The share of ``worlds`` in which ``action``, or an enemy reply attacking our Flagship,
    ends the game without our winning it, and the mean points of those endings (0 if none)."""
    lost, total = 0, 0.0
    for world in worlds:
        trial = world.clone()
        step(trial, action)
        worst = None
        if trial.result is not None:
            worst = points(trial, side, detailed)
        elif trial.to_act() != side:
            square = flagship_square(trial, side)
            for reply in trial.legal_actions():
                if isinstance(reply, Move) and reply.attack == square:
                    after = trial.clone()
                    step(after, reply)
                    if after.result is not None:
                        value = points(after, side, detailed)
                        worst = value if worst is None else min(worst, value)
        if worst is not None and worst < WIN_POINTS:
            lost += 1
            total += worst
    return lost / len(worlds), (total / lost if lost else 0.0)
