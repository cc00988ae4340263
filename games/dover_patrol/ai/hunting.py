"""The hunt: the attack worth most for the moves it takes, planned over as many moves as the way
there is long.

Attacks happen only on arrival, and in the facing reading only from the one square straight in
front of the prey, so an attack several moves off is something no two-move look-ahead rewards:
the evaluation's hunting term grows by a tenth of a point or so for each step of the way, less
than the noise between the worlds, and `hard` shuffled pieces at home for hundreds of plies
while a player moving at random left its ships standing in reach (against `random`, d8-d9 d9-d8
g11-g12 g12-g11 ... with the enemy's ships waiting on their fifth rank). A hunt is such an errand
chosen on purpose: for every piece of ours that can attack and every enemy piece, what the attack
is worth (in the evaluation's points, over what the enemy piece may still be: ``kind_odds``) for
each move the way to its square takes (``Ways.rings`` over empty squares), and the errand's next
move (``sorties.errand``: it goes round squares a Mine may face and has a piece of ours on the
attack square step aside). The player takes that move when the search finds it about as good as
its best. The enemy piece that carries our flag is the prey above all (``recaptures``): the
flag comes back with it, and any piece of ours that can sink it goes, past our own ships if
they stand in the way (``sorties.errand_past_ours``).
"""

from __future__ import annotations

from ..rules import DoverState
from ..rules.tables import ATTACKER_WINS, BOTH_SUNK, DEFENDER_WINS
from .belief import kind_odds
from .evaluation import MATERIAL, known_worth, plan_for
from .sorties import attack_square, errand, errand_past_ours

SETUP = 2.0       # moves counted on top of each way: a near attack is not worth a far one's gain
MIN_GAIN = 0.3    # points an attack must be worth, over what the prey may be, to go hunting
SHORTLIST = 4     # the best few by the plain count of moves get their way worked out in full
RECAPTURE = 20.0  # points on top for sinking the enemy piece that carries our flag: the flag comes back


def attack_gain(world: DoverState, hunter: int, odds: list[float], unknown: bool,
                bonus: float = 0.0) -> float:
    """What ``hunter`` attacking a piece whose kind has the chances ``odds`` is worth, in the
    evaluation's points: the material won or lost (MATERIAL a point of value) and, for a piece not
    yet known, what seeing it is worth (``evaluation.known_worth``); our piece, once seen, tells the
    enemy as much; ``bonus`` on top for sinking it (a piece that can move, while hemming the
    enemy in counts: ``Plan.hemming``). (What the evaluation also loses with a known piece sunk, knowing it, it gets
    back in the hunting and the race: on a test position it put a 7 sinking a known 5 at 1.7
    points over stepping beside it.)"""
    rules, values = world.rules, plan_for(world.rules).values
    kh = world.kind[hunter]
    mine = values[kh]
    shown = 0.0 if world.pub[hunter] == 1 << kh else known_worth(mine)   # the enemy sees ours
    gain = 0.0
    for k, chance in enumerate(odds):
        if not chance:
            continue
        knowing = known_worth(values[k])
        outcome = rules.result[kh][k]
        if outcome == ATTACKER_WINS:
            value = MATERIAL * values[k] - shown + bonus
        elif outcome == DEFENDER_WINS:
            value = (knowing if unknown else 0.0) - MATERIAL * mine
        elif outcome == BOTH_SUNK:
            value = MATERIAL * (values[k] - mine) + bonus
        else:   # nothing happens: both are shown
            value = (knowing if unknown else 0.0) - shown
        gain += chance * value
    return gain


def prey_odds(world: DoverState, odds: dict[int, list[float]], e: int) -> list[float]:
    """The chances of each kind for enemy piece ``e``: ``kind_odds``'s row, or certainty for a
    piece we know."""
    row = odds.get(e)
    if row is None:
        row = [0.0] * 16
        row[world.kind[e]] = 1.0
    return row


def recaptures(world: DoverState, me: int, captor: int, hunters: int, odds: dict[int, list[float]],
               bonus: float, blocked: int) -> list[tuple[float, int, int, tuple[int, int, int]]]:
    """``hunts``'s ranking entries for the enemy piece carrying our flag (``bonus`` includes
    RECAPTURE), hunted by every piece of ours with a way to the square it is attacked from
    (unless ``blocked`` there), past our own ships if need be (``errand_past_ours``): the flag
    is the game."""
    pos = world.pos
    a = attack_square(world, me, pos[captor])
    if a < 0 or blocked >> a & 1:
        return []
    row = prey_odds(world, odds, captor)
    found = []
    for p in world.alive[me]:
        if not hunters >> pos[p] & 1:
            continue
        gain = attack_gain(world, p, row, captor in odds, bonus)
        if gain < MIN_GAIN:
            continue
        way = errand(world, me, p, pos[captor]) or errand_past_ours(world, me, p, pos[captor])
        if way is not None:
            found.append((-gain / (way[0] + SETUP), pos[p], pos[captor], way[1]))
    return found


def hunts(world: DoverState, me: int) -> list[tuple[int, int, int]]:
    """The first moves (from, to, attacked square or -1) of the attacks worth most per move of
    the way, best first (at most SHORTLIST, each worth MIN_GAIN at least). Read from one world
    sampled for side ``me``: the prey's kinds through what ``me`` knows of them (``kind_odds``),
    and only whether hemming the enemy in counts, and which of its pieces can move, as that
    world deals out its Mines."""
    rules = world.rules
    plan = plan_for(rules)
    enemy = 1 - me
    kind, pos, board = world.kind, world.pos, world.board
    hunters = 0
    for p in world.alive[me]:
        if rules.attacks[kind[p]] and rules.moves[kind[p]] and p not in world.flag_carrier:
            hunters |= 1 << pos[p]
    if not hunters:
        return []
    odds = kind_odds(world, me)
    blocked = world.sbb[enemy] | world.mines_bb[me]
    open_ = plan.open_water(world)
    found = []   # (gain per move, gain, our piece, enemy piece)
    mover_bonus = plan.hemming(world, me)[1]
    captor = world.flag_carrier[me] if rules.flags else 0
    if captor and world.owner[captor] == me:
        captor = 0
    def bonus_for(e: int) -> float:
        return mover_bonus if mover_bonus and plan.can_move(world, e) else 0.0

    for e in world.alive[enemy]:
        a = attack_square(world, me, pos[e])
        if a < 0 or blocked >> a & 1 or e == captor:
            continue
        bonus = bonus_for(e)
        row = prey_odds(world, odds, e)
        gains: dict[tuple[int, bool], float] = {}   # by the kind of our piece, and if it is shown
        ways = [(2, hunters & (1 << a))]   # one of ours on the square: off and back
        ways += [(moves, ring & hunters) for moves, ring in enumerate(plan.rings(a, open_), 1)]
        for moves, bits in ways:
            while bits:
                low = bits & -bits
                bits ^= low
                p = board[low.bit_length() - 1]
                key = (kind[p], world.pub[p] == 1 << kind[p])
                if key not in gains:
                    gains[key] = attack_gain(world, p, row, e in odds, bonus)
                gain = gains[key]
                if gain >= MIN_GAIN:
                    found.append((gain / (moves + SETUP), gain, p, e))
    found.sort(key=lambda f: (-f[0], pos[f[2]], pos[f[3]]))
    ranked = []
    for _, gain, p, e in found[:2 * SHORTLIST]:
        way = errand(world, me, p, pos[e])
        if way is not None:
            ranked.append((-gain / (way[0] + SETUP), pos[p], pos[e], way[1]))
    if captor:
        ranked += recaptures(world, me, captor, hunters, odds, RECAPTURE + bonus_for(captor), blocked)
    ranked.sort()
    firsts: list[tuple[int, int, int]] = []
    for *_, first in ranked:
        if first not in firsts:
            firsts.append(first)
    return firsts[:SHORTLIST]
