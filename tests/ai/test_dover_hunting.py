"""Dover Patrol: the hunt, an attack planned over the moves it takes (``ai.hunting``), and the
chances it is built on (``belief.kind_odds``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from games.dover_patrol import ai
from games.dover_patrol.ai.belief import UniformBelief, kind_odds
from games.dover_patrol.ai.evaluation import KNOWING, KNOWN_SHARE, MATERIAL, VALUES
from games.dover_patrol.ai.hunting import attack_gain, hunts
from games.dover_patrol.rules import ENGINE, MI, SS, Move
from navalgames.ai.player import RandomPlayer
from navalgames.core.match import replay
from navalgames.core.records import read_record

NORTH = "north"
RECORDS = Path(__file__).parent / "records"

# South's known 5 on b4 and a crowd of small ships at home; North's Flagship far off on g9. The
# attack on b4 comes from b5, nine moves away; South only shuffles its Mine Sweeper h1-h2.
FAR_PREY = {'game': 'dover-patrol', 'variant': 'classic', 'to_move': 'north',
            'pieces': {'south': {'c2': '3', 'b1': '4', 'd1': '6', 'a3': '2', 'b4': '5', 'h1': 'MS',
                                 'a1': '1', 'b2': '1', 'c3': '1', 'a2': '2'},
                       'north': {'g9': '10', 'f11': '3', 'g12': '6', 'e12': '5', 'h10': '9',
                                 'h11': '2', 'g10': 'MS'}},
            'revealed': {'south': ['b4']}, 'moved': {'south': ['b4', 'h1'], 'north': ['g9']}}


def world_of(position: dict, side: str = NORTH, seed: int = 0):
    state = ENGINE.from_position(position)
    return state, UniformBelief().sample(state, state.observation(side), random.Random(seed))


def test_kind_odds_share_out_what_is_unaccounted_for_among_the_pieces_that_may_be_it():
    # A real position (hard v random, seed 7, game 1, ply 313; hard is North): every sunk piece
    # was seen, so each world deals out exactly the same kinds to South's unseen pieces.
    state = replay(read_record(RECORDS / "hard-v-random-seed7-game0001.yaml"), upto=313)
    world = UniformBelief().sample(state, state.observation(NORTH), random.Random(0))
    odds = kind_odds(world, 1)
    assert odds and len(odds) < len(world.alive[0])     # known pieces have no odds: they are known
    for row in odds.values():
        assert sum(row) == pytest.approx(1.0)
    for k in range(16):                                 # each kind's chances add up to its count
        assert sum(row[k] for row in odds.values()) == pytest.approx(sum(world.kind[p] == k for p in odds), abs=1e-3)
    for p, row in odds.items():                         # a piece that moved is no Mine
        assert not (world.moved[p] and row[MI])
    assert any(row[MI] for row in odds.values())


def test_kind_odds_match_the_deal_of_the_worlds():
    # Here South's missing pieces were never seen: their kinds are shared out in proportion.
    state, world = world_of(FAR_PREY)
    odds = kind_odds(world, 1)
    belief, rng = UniformBelief(), random.Random(5)
    counts = {p: [0] * 16 for p in odds}
    for _ in range(300):
        dealt = belief.sample(state, state.observation(NORTH), rng)
        for p in odds:
            counts[p][dealt.kind[p]] += 1
    for p, row in odds.items():
        for k in range(16):
            assert row[k] == pytest.approx(counts[p][k] / 300, abs=0.08)


def test_an_attack_is_worth_what_it_wins_or_loses_over_what_the_prey_may_be():
    _, world = world_of(FAR_PREY)
    by_square = {world.rules.names[world.pos[p]]: p for side in (0, 1) for p in world.alive[side]}

    def known(kind: int) -> list[float]:
        row = [0.0] * 16
        row[kind] = 1.0
        return row

    flagship, small, sweeper = by_square["g9"], by_square["h11"], by_square["g10"]
    shown = KNOWING + KNOWN_SHARE * VALUES[10]   # South does not know North's Flagship yet
    assert attack_gain(world, flagship, known(9), False) == pytest.approx(MATERIAL * VALUES[9] - shown)
    assert attack_gain(world, small, known(5), False) < 0           # a 2 sinks on a 5
    assert attack_gain(world, sweeper, known(MI), False) > 0        # only a sweeper clears a Mine
    # an unknown piece: each kind it may be, weighed by its chance (and seeing it is worth having)
    anything = kind_odds(world, 1)[by_square["c3"]]
    nine = by_square["h10"]
    assert attack_gain(world, nine, anything, True) == pytest.approx(
        sum(chance * attack_gain(world, nine, known(k), True) for k, chance in enumerate(anything)))
    assert attack_gain(world, nine, known(SS), True) > attack_gain(world, nine, known(SS), False)   # sunk, but it saw


def test_the_hunt_sends_a_ship_off_on_the_errand_worth_most_for_its_moves():
    _, world = world_of(FAR_PREY)
    names = world.rules.names
    firsts = hunts(world, 1)
    assert 0 < len(firsts) == len(set(firsts))
    sq = {names[sq]: world.board[sq] for sq in range(world.rules.size) if world.board[sq]}
    assert all(world.owner[world.board[frm]] == 1 for frm, _, _ in firsts)
    # nothing of North's is closer than four moves to any South piece: every hunt starts a way
    assert all(attack == -1 for _, _, attack in firsts)
    assert names[firsts[0][0]] in sq


@pytest.mark.parametrize("seed", [0, 1])
def test_hard_walks_a_ship_many_moves_to_attack_prey_no_two_move_look_ahead_reaches(seed):
    # f332fde, before the hunt, made no attack in 16 moves with either seed: the way to b5 is
    # nine moves, and each step gained less than the noise between the worlds.
    state = ENGINE.from_position(FAR_PREY)
    hard = ai.make_player("hard", NORTH, seed=seed)
    for _ in range(16):
        action = hard.choose(state, NORTH)
        if isinstance(action, Move) and action.attack >= 0:
            break
        state.apply(action)
        state.apply(next(a for a in state.legal_actions() if str(a) in ("h1-h2", "h2-h1")))
    else:
        pytest.fail("hard made no attack in 16 moves")


@pytest.mark.parametrize("seed", [0, 2])
def test_hard_breaks_a_quiet_spell_of_a_real_game_by_hunting(seed):
    # hard v random, seed 7, game 1 (f332fde; hard is North): from ply 181 hard removed nothing
    # for 106 plies, and played again from there f332fde still removes nothing in 20 moves
    # (seeds 0, 1, 2), while South's ships stand waiting on its fifth rank.
    state = replay(read_record(RECORDS / "hard-v-random-seed7-game0001.yaml"), upto=183)
    assert state.to_act() == NORTH and state.quiet >= 2
    hard, other = ai.make_player("hard", NORTH, seed=seed), RandomPlayer(seed)
    for _ in range(20):
        afloat = len(state.alive[0]) + len(state.alive[1])
        state.apply(hard.choose(state, NORTH))
        if len(state.alive[0]) + len(state.alive[1]) < afloat:
            return
        state.apply(other.choose(state, "south"))
    pytest.fail("hard removed nothing in 20 moves")


# After game 170 of `navalgames tournament dover-patrol --a hard --b normal --seed 7` (a0580bf),
# drawn by the quiet-turn rule: North's Flying Boat (known: it flew over our wall to take the
# flag) sat on e4 with South's flag for 340 plies. Only a 4 or a 2 sinks it (combat table, rows 4
# and 2, column FB: A), attacking from e3 (rules, Attacks: back to back). South's 2 on e9 had a
# way there only past South's own ships: the 5 on d4, the 3 on e5, the 1 on f4, the Mine Layer on
# h5 and the Mine on g5 shut the squares below the boat off from the north.
RECAPTURE = {'game': 'dover-patrol', 'variant': 'classic', 'to_move': 'south',
             'pieces': {'south': {'e9': '2', 'd4': '5', 'e5': '3', 'f4': '1', 'g5': 'MI',
                                  'h5': 'ML', 'c3': '9', 'a1': '4'},
                        'north': {'e4': 'FB', 'f5': '9', 'a12': '10', 'b11': '3'}},
             'flags': {'south': 'e4'}, 'revealed': {'north': ['e4']}}


def test_the_hunt_goes_for_the_piece_carrying_our_flag_past_our_own_ships():
    state = ENGINE.from_position(RECAPTURE)
    grid = state.rules.grid
    two = state.board[grid.parse("e9")]
    north_moves = iter(["a12-b12", "b12-a12"] * 20)
    for _ in range(20):
        first = hunts(state, 0)[0]
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Move) and a.key == first))
        if state.flag_carrier[0] == two:
            break
        state.apply_text(next(north_moves))
    assert state.flag_carrier[0] == two, "South's 2 did not win the flag back"
    assert grid.name(state.pos[two]) == "e3"
