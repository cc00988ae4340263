"""Sorties and the pressure of a looming draw (games/dover_patrol/ai/sorties.py), on positions
from hard-v-easy tournament games that hard drew by 200 quiet turns (seed 7, games 3 and 10;
written with ``navalgames tournament ... --records``)."""

from __future__ import annotations

import random

from games.dover_patrol import ai
from games.dover_patrol.ai.sorties import errand, pressure, sortie, targets
from games.dover_patrol.rules import ENGINE, NORTH, SOUTH
from navalgames.ai.player import make_player
from navalgames.core.registry import get_game

OPTIONS = {"attack_contact": "facing", "fb_jump_over_ships": False, "fb_jump_with_flag": False,
           "first_player": "lot", "quiet_ply_limit": 200, "repetition_draw": 3}


def position(north: dict, south: dict, moved_north: list, moved_south: list, revealed_north: list,
             revealed_south: list, quiet: int, to_move: str = "north") -> dict:
    return {"game": "dover-patrol", "variant": "classic", "options": OPTIONS, "first_player": "south",
            "to_move": to_move, "quiet_plies": quiet, "ply": 1200,
            "flags": {"north": "base", "south": "base"},
            "pieces": {"north": north, "south": south},
            "moved": {"north": moved_north, "south": moved_south},
            "revealed": {"north": revealed_north, "south": revealed_south}}


# Ply 1357: North's Submarine on a4 shuts South's harbour mouth (a3-a4), behind which South's
# flag is guarded by pieces North has never seen; North shuffled elsewhere for 140 turns.
WALLED_FLAG = position(
    north={"a12": "5", "a4": "SS", "a6": "5", "a7": "1", "a8": "2", "a9": "6", "b4": "2", "b6": "3",
           "b7": "1", "b8": "6", "b9": "2", "c4": "ML", "c8": "MI", "d12": "3", "d9": "4", "e11": "FB",
           "e12": "5", "f10": "5", "f11": "4", "f8": "MI", "g10": "MS", "g12": "MI", "h1": "6",
           "h10": "SS", "h11": "7", "h12": "4"},
    south={"a1": "SS", "a2": "9", "a3": "8", "b1": "3", "b2": "4", "b3": "MS", "c2": "SS", "c3": "6",
           "d4": "MI", "e1": "10", "f3": "ML", "f9": "FB", "h5": "MI", "h9": "4"},
    moved_north=["h1", "a4", "b4", "c4", "a6", "b6", "a7", "b7", "a8", "b8", "a9", "b9", "d9", "h10",
                 "e11", "h11", "a12", "d12"],
    moved_south=["e1", "f3", "f9", "h9"],
    revealed_north=["h1", "b4", "c8", "f8"], revealed_south=["e1", "f3", "d4", "h5", "f9"], quiet=141)

# Game 10, ply 699, hard playing South: North's flag lies in its harbour behind an unknown piece
# on the mouth (h9, an 8), which can only be attacked from h8, where another unknown piece stands
# (a 10). South's 3 on h7 faces it, boxed in by its own ships.
BARRED_MOUTH = position(
    south={"a1": "4", "b1": "MI", "d1": "MS", "f1": "5", "g1": "5", "h1": "ML", "a2": "FB", "c2": "5",
           "d2": "5", "e2": "MI", "h2": "2", "a3": "SS", "b3": "MS", "c3": "4", "g3": "3", "h3": "9",
           "a4": "4", "b4": "1", "c4": "1", "d4": "2", "h4": "7", "a5": "3", "b5": "MI", "h5": "1",
           "h6": "7", "g7": "1", "h7": "3", "g8": "SS", "g9": "2", "b12": "8"},
    north={"c5": "FB", "a6": "1", "a8": "5", "h8": "10", "d9": "MI", "e9": "MI", "h9": "8", "b10": "4",
           "f10": "4", "g10": "SS", "h10": "9", "a11": "3", "b11": "3", "f11": "MI", "g11": "MS",
           "h11": "SS", "a12": "ML", "d12": "7", "g12": "4", "h12": "4"},
    moved_south=["d1", "f1", "g1", "a2", "d2", "h2", "a3", "g3", "h3", "a4", "d4", "h4", "a5", "h5",
                 "h6", "g7", "h7", "g8", "g9", "b12"],
    moved_north=["c5", "a6", "a8", "b10", "a11", "b11", "a12", "d12"],
    revealed_south=["b5", "b12"], revealed_north=["c5", "d9", "e9", "a12"], quiet=129, to_move="south")


def square(state, name: str) -> int:
    return state.rules.grid.parse(name)


def test_pressure_starts_after_a_quarter_of_the_quiet_allowance_and_is_full_at_the_draw():
    state = ENGINE.from_position(WALLED_FLAG)
    for quiet, expected in ((0, 0.0), (50, 0.0), (125, 0.5), (200, 1.0)):
        state.quiet = quiet
        assert pressure(state) == expected


def test_the_guards_of_a_walled_flag_are_targets_and_our_own_piece_in_the_way_steps_aside():
    state = ENGINE.from_position(WALLED_FLAG)
    found = {state.rules.names[state.pos[e]] for e, _ in targets(state, NORTH)}
    assert {"a3", "b3", "c3"} <= found          # the unknown pieces round South's flag
    assert "h9" in found                        # South's 4 sitting on North's harbour mouth
    # a3 is attacked only by arriving on a4, where our Submarine stands: a cheap prober goes,
    # so the Submarine first makes room
    two = state.board[square(state, "b4")]
    length, first = errand(state, NORTH, two, square(state, "a3"))
    assert first == (square(state, "a4"), square(state, "a5"), -1)
    assert sortie(state, NORTH) == first


def test_pressing_on_in_a_long_quiet_spell_hard_probes_the_unknown_guards_of_the_enemy_flag():
    # hard keeps its Submarine on a4 (it hems South in) and shuffles other pieces until the game
    # is drawn; pressing on, a cheap piece attacks the unknown piece on a3.
    for seed in range(2):
        state = ENGINE.from_position(WALLED_FLAG)
        guard = state.board[square(state, "a3")]
        players = {"north": ai.make_presser("hard", "north", seed),
                   "south": make_player(get_game("dover-patrol"), "easy", "south", seed)}
        attacked = False
        for _ in range(10):
            side = state.to_act()
            events = state.apply(players[side].choose(state, side))
            attacked |= any(e.kind in ("attack", "explosion") and e.details.get("at") == "a3"
                            for e in events)
            if attacked or guard not in state.alive[SOUTH]:
                break
        assert attacked, "nothing attacked the guard on a3 within five North moves"


def test_no_peeking_holds_under_pressure():
    """The sortie reads what North may know, never the true identities of South's pieces."""
    state = ENGINE.from_position(WALLED_FLAG)
    observation = state.observation("north")
    first = ai.make_presser("hard", "north", seed=4).choose(state, "north")
    for world_seed in range(3):
        other = state.sample(observation, random.Random(world_seed))
        assert other.observation("north") == observation
        assert ai.make_presser("hard", "north", seed=4).choose(other, "north") == first


def test_the_piece_barring_the_way_to_a_guard_is_a_target_and_a_boxed_in_prober_gets_room():
    state = ENGINE.from_position(BARRED_MOUTH)
    found = {state.rules.names[state.pos[e]] for e, _ in targets(state, SOUTH)}
    assert {"h9", "h8"} <= found     # the guard on the mouth, and the piece on its attack square
    # the 3 on h7 must step off and come back to attack h8, but it is boxed in: the 7 on h6 (the
    # square it sails off to) makes room
    assert sortie(state, SOUTH) == (square(state, "h6"), square(state, "g6"), -1)


def test_pressing_on_hard_probes_the_piece_barring_the_enemy_harbour_mouth():
    state = ENGINE.from_position(BARRED_MOUTH)
    players = {"south": ai.make_presser("hard", "south", 0),
               "north": make_player(get_game("dover-patrol"), "easy", "north", 0)}
    attacked = False
    for _ in range(12):
        side = state.to_act()
        events = state.apply(players[side].choose(state, side))
        attacked |= any(e.kind == "attack" and e.details.get("at") == "h8" for e in events)
        if attacked:
            break
    assert attacked, "nothing attacked the piece on h8 within six South moves"
