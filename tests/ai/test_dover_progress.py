"""Dover Patrol: making progress in quiet spells, checked on positions of real tournament games.

``records/hard-v-random-seed7-game0000.yaml`` is game 0 of `navalgames tournament dover-patrol
--a hard --b random --seed 7` at 3cd023a: hard (South) took 541 plies to take the enemy flag
from a player moving at random, shuffling pieces at home back and forth in between.
"""

from __future__ import annotations

from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.ai import plans
from games.dover_patrol.ai.plans import TIE, progress
from games.dover_patrol.rules import ENGINE, Move
from navalgames.core.match import replay
from navalgames.core.records import read_record

RECORDS = Path(__file__).parent / "records"


def game_at(name: str, ply: int):
    return replay(read_record(RECORDS / name), upto=ply)


def test_among_equal_quiet_moves_hard_steps_toward_the_enemy_flag_not_back():
    # Ply 244: the search's best three are within the tie of each other; it ranks e2-d2 (a home
    # shuffle) first, and the hard of 3cd023a played such shuffles for hundreds of plies.
    # (At ply 266, the position this test first used, our harbour is crowded and stepping a
    # ship into its doorway now rightly comes first.)
    state = game_at("hard-v-random-seed7-game0000.yaml", 244)
    player = ai.make_player("hard", "south", seed=244)
    player.hunts = False   # the tie-break alone (a hunt, when there is one, comes before it)
    chosen = player.choose(state, "south")
    values = dict((str(a), v) for a, v in player.considered)
    best = player.considered[0][1]
    equal = [a for a, v in player.considered if v >= best - TIE]
    assert str(player.considered[0][0]) == "e2-d2" and len(equal) > 1
    assert values[str(chosen)] >= best - TIE          # no worse than the best, by the search
    assert progress(state, chosen) == max(progress(state, a) for a in equal)
    assert progress(state, chosen)[1] > 0             # a step toward the flag


def test_progress_puts_an_attack_first_and_measures_steps_toward_the_flag_or_home():
    state = game_at("hard-v-random-seed7-game0000.yaml", 232)   # South to move
    moves = {str(a): a for a in state.legal_actions() if isinstance(a, Move)}
    assert progress(state, moves["f6-e6xe7"]) == (True, -1)       # an attack, a step off the way
    assert progress(state, moves["f6-f7"]) == (False, 1)          # a step toward f12
    assert progress(state, moves["f6-f5"]) == (False, -1)
    assert max(progress(state, moves[m]) for m in ("f6-f7", "f6-e6xe7")) == (True, -1)
    # once South carries the North flag, the goal is South's own base
    carrying = game_at("hard-v-random-seed7-game0000.yaml", 560)
    carrier = carrying.flag_carrier[1]
    assert carrier and carrying.owner[carrier] == 0 and carrying.to_act() == "south"
    home = carrying.rules.bases[0]
    plan = ai.plan_for(carrying.rules)
    for action in carrying.legal_actions():
        if isinstance(action, Move) and action.frm == carrying.pos[carrier] and action.attack < 0:
            expected = plan.distance(carrying.kind[carrier], action.frm, home) - plan.distance(
                carrying.kind[carrier], action.to, home)
            assert progress(carrying, action) == (False, expected)


def test_hemming_in_counts_only_once_the_enemy_fleet_is_down_to_its_last_ships(monkeypatch):
    # Ply 298: North (random) still has 26 ships afloat but only 7 that can move, packed at home.
    # Counting that as hemming it in made hard's 10 on g7 stay facing g8 (stepping off frees a
    # North piece) instead of sailing off to come back and attack.
    from games.dover_patrol.ai import evaluation
    from games.dover_patrol.rules import NORTH
    state = game_at("hard-v-random-seed7-game0000.yaml", 298)
    plan = ai.plan_for(state.rules)
    assert plan.movers(state, NORTH) <= ai.HEM_COUNT and state.fleet_left[NORTH] == 26
    assert ai.hem_weight(26) == 0.0 < ai.hem_weight(ai.HEM_FLEET[0] - 1) < ai.hem_weight(ai.HEM_FLEET[1]) == 1.0
    moves = {str(a): a for a in state.legal_actions()}

    def cost_of_sailing_off() -> float:
        after = {}
        for name in ("g7-g6", "g2-g3"):
            trial = state.clone()
            trial.play(moves[name])
            after[name] = ai.points(trial, "south")
        return after["g2-g3"] - after["g7-g6"]

    gated = cost_of_sailing_off()
    monkeypatch.setattr(evaluation, "hem_weight", lambda fleet_left: 1.0)
    assert gated < cost_of_sailing_off() - 0.5   # hemming in no longer holds the 10 in place


def test_hard_throws_no_ship_away_on_a_known_mine_until_its_last_moves_before_a_quiet_draw():
    # ``records/hard-v-random-seed7-game0005-tiebreak.yaml`` (game 5 of the same tournament at
    # 0c7d920): hard (North), far ahead, sent a ship onto South's Mine on e1, known since the
    # first one blew up at ply 668, at plies 776, 884, 990 and 1092, each time as the quiet
    # count passed 100 and the draw began to discount its lead: a removal restarts the count.
    name = "hard-v-random-seed7-game0005-tiebreak.yaml"
    for ply in (990, 1092):
        state = game_at(name, ply)
        assert state.to_act() == "north" and state.quiet > 100
        record = read_record(RECORDS / name)
        played = state.parse_action(record.actions[ply])
        assert ai.hopeless(state, played)                        # the record's move
        wasted = [a for a in state.legal_actions() if ai.hopeless(state, a)]
        assert any(isinstance(a, Move) and a.attack < 0 for a in wasted)   # quiet arrivals too
        for seed in range(2):
            chosen = ai.make_player("hard", "north", seed).choose(state, "north")
            assert not ai.hopeless(state, chosen)
    # the first ship lost there (ply 668) arrived beside a piece that was only possibly a Mine:
    # no known loss then
    state = game_at(name, 668)
    first = state.parse_action(read_record(RECORDS / name).actions[668])
    assert str(first) == "e3-e2" and not ai.hopeless(state, first)
    # in its last LAST_RESORT moves before the draw by quiet turns, a ship may buy a new count
    state = game_at(name, 990)
    played = state.parse_action(read_record(RECORDS / name).actions[990])
    limit = state.rules.quiet_ply_limit
    state.quiet = limit - 2 * plans.LAST_RESORT - 1
    assert ai.hopeless(state, played)
    state.quiet = limit - 2 * plans.LAST_RESORT
    assert not ai.hopeless(state, played)


def test_hard_sees_the_quiet_reply_that_strands_its_flag_carrier_on_the_enemy_base():
    # ``records/hard-v-easy-seed7-game0001.yaml`` (game 1 of `--a hard --b easy --seed 7` at
    # 3cd023a): at ply 1119 hard's Flying Boat jumped e1-c1 onto South's base and took the flag;
    # South stepped d2-d1 onto the one square it could leave by, so it ran aground, the flag
    # stayed home, and the game went on to ply 1675. The look-ahead counted d2-d1 as a quiet
    # reply (the position as it stands) and never played it.
    import random

    from games.dover_patrol.ai.search import is_sharp, two_move_value
    name = "hard-v-easy-seed7-game0001.yaml"
    state = game_at(name, 1119)
    record = read_record(RECORDS / name)
    jump = state.parse_action(record.actions[1119])
    assert str(jump) == "e1-c1" and state.to_act() == "north"
    after = state.clone()
    after.play(jump)
    strand = after.parse_action("d2-d1")
    assert is_sharp(after, strand)
    stranded = after.clone()
    stranded.play(strand)
    assert stranded.flag_carrier[0] == 0 and len(stranded.alive[1]) == len(after.alive[1]) - 1
    world = state.sample(state.observation("north"), random.Random(1))
    in_world = world.clone()
    in_world.play(jump)
    in_world.play(strand)
    assert two_move_value(world, jump, "north") <= ai.points(in_world, "north") + 1e-9
    for seed in range(2):
        assert str(ai.make_player("hard", "north", seed).choose(state, "north")) != "e1-c1"


def test_a_carrier_boxed_in_far_from_home_is_planned_for_once_the_quiet_turns_mount():
    # ``records/hard-v-random-seed7-game0015.yaml`` (game 15 of `--a hard --b random --seed 7`
    # at 6fc3d20, drawn by 200 quiet turns): North's Flying Boat took the flag and stood on e4,
    # nine moves from home, in a lane between South's Mine on f5 and Submarine on d5 with our own
    # 10 on e5 ahead of it. The 10 must lead it up the lane (e5-e6 first), which the two-move
    # look-ahead values ~8 points below shuffling at home, so nothing moved for 200 turns.
    from games.dover_patrol.ai.plans import PLAN_REACH, harbour_plan, stuck
    early = game_at("hard-v-random-seed7-game0015.yaml", 601)
    late = game_at("hard-v-random-seed7-game0015.yaml", 701)
    for state in (early, late):
        carrier = state.flag_carrier[0]
        assert state.owner[carrier] == 1 and state.to_act() == "north"
        assert state.pos[carrier] == 3 * 8 + 4                         # e4: rank 4, file e
    assert not stuck(early) and harbour_plan(early, 1) is None      # far out: look-ahead alone
    assert stuck(late)
    planned = harbour_plan(late, 1)
    assert planned is not None and planned[2] == -1
    chosen = ai.make_player("hard", "north", seed=701).choose(late, "north")
    assert str(chosen) == "e5-e6"
    assert PLAN_REACH < 9   # nine moves out: only the quiet turns bring the planner in


# Game 43 of `navalgames tournament dover-patrol --a hard --b tests.ai.dover_opponents:rusher
# --seed 7` (e23bc85), ply 325: North's Flying Boat has just taken South's flag on c1 and must
# leave the base. South's harbour is full of ships that cannot move.
BOXED = {"game": "dover-patrol", "variant": "classic", "to_move": "north", "ply": 325,
         "flags": {"north": "base", "south": "c1"},
         "pieces": {"north": {"a10": "5", "a4": "10", "a5": "2", "a6": "ML", "a7": "5", "a8": "3",
                              "c1": "FB", "c4": "4", "c5": "3", "d9": "MI", "e12": "5", "f10": "4",
                              "f11": "MI", "g10": "2", "g11": "9", "g12": "SS", "g8": "MI",
                              "h10": "SS", "h12": "MS", "h9": "8"},
                    "south": {"a1": "MS", "a2": "5", "a3": "FB", "b2": "5", "b3": "3", "c2": "SS",
                              "c3": "MS", "d4": "MI", "g4": "1", "g5": "MI", "g9": "7", "h3": "SS",
                              "h4": "10", "h5": "MI", "h8": "ML"}},
         "moved": {"north": ["c1", "a4", "c4", "a5", "c5", "a6", "a7", "a8", "h9", "a10", "h10", "h12"],
                   "south": ["a1", "a2", "b2", "c2", "a3", "h3", "g4", "h8", "g9"]},
         "revealed": {"north": ["c1", "a4", "a6", "g8", "d9"], "south": ["h3", "d4", "g5", "h5", "g9"]}}


def test_a_flag_carrier_leaves_the_enemy_base_by_the_way_that_stays_open():
    # Rules, Flags: a carrier may not enter the enemy base again (the flag has left it), and a
    # Flying Boat with a flag may not jump. Stepping to b1 shuts it in between South's Mine
    # Sweeper on a1, its 5 on b2 and the base; e23bc85 did, and the game was drawn 200 quiet
    # turns later. Over the wall to d1 it has its way home.
    state = ENGINE.from_position(BOXED)
    plan = ai.plan_for(state.rules)
    for text, boxed in (("c1-b1", True), ("c1-d1", False)):
        after = state.clone()
        after.apply_text(text)
        carrier = after.flag_carrier[0]
        assert plan.boxed_in(after, carrier) is boxed, text
        after.apply_text("g9-f9")   # South marks time
        stuck = not any(getattr(a, "frm", -1) == after.pos[carrier] for a in after.legal_actions())
        assert stuck is boxed, text
    for seed in range(3):
        assert str(ai.make_player("hard", "north", seed).choose(state, "north")) == "c1-d1"


# Game 78 of `navalgames tournament dover-patrol --a hard --b tests.ai.dover_opponents:sampler
# --seed 7` (5cc2c95), ply 1015: North's Flying Boat carries South's flag on c2, inside South's
# harbour. In the facing reading only a South piece on c1 could attack it there, and c1 is
# South's base, where no South piece may stand.
SHUT_OUT_OF_REACH = {
    "game": "dover-patrol", "variant": "classic", "to_move": "south", "ply": 1015,
    "flags": {"north": "base", "south": "c2"},
    "pieces": {"north": {"a6": "3", "a7": "7", "a8": "MI", "a9": "5", "b9": "MI", "c2": "FB",
                         "c7": "MI", "e3": "10", "f10": "ML", "f11": "MS", "g10": "4",
                         "g11": "3", "g12": "SS", "h11": "5", "h12": "MS"},
               "south": {"a10": "5", "a3": "MS", "a4": "4", "a5": "5", "b1": "4", "b5": "6",
                         "b6": "SS", "b7": "7", "c3": "MS", "c5": "ML", "d2": "FB", "d4": "MI",
                         "d5": "MI", "e6": "MI", "g9": "1", "h10": "9", "h7": "4", "h8": "3"}},
    "moved": {"north": ["c2", "e3", "a6", "a7", "a9"],
              "south": ["b1", "d2", "a3", "c3", "a4", "a5", "b5", "c5", "b6", "b7", "h7", "h8",
                        "g9", "a10", "h10"]},
    "revealed": {"north": ["c2", "e3", "a7", "c7", "a8", "b9"],
                 "south": ["d2", "d5", "e6", "b7", "a10", "h10"]}}


def test_an_enemy_carrier_is_not_shut_in_where_nothing_of_ours_can_attack_it():
    # Rules, Attacks (facing) and Flags: no piece may stand on its own base, so nothing of
    # South's can attack c2. 5cc2c95 stepped its 4 b1-b2, the boat's last way out (d2 over the
    # wall is South's own boat), counting the boxed-in carrier against North; the position then
    # repeated into a draw. Let out, the boat can be met and sunk on its way home.
    state = ENGINE.from_position(SHUT_OUT_OF_REACH)
    plan = ai.plan_for(state.rules)
    after = state.clone()
    after.apply_text("b1-b2")
    carrier = after.flag_carrier[0]
    assert plan.boxed_in(after, carrier)
    assert plan.shut_out_of_reach(after, 0) == plan.boxed_cost(after, carrier) > 0
    assert plan.shut_out_of_reach(after, 1) == 0     # North's own carrier: it pays in full
    for seed in range(3):
        assert str(ai.make_player("hard", "south", seed).choose(state, "south")) != "b1-b2"


# Game 162 of `navalgames tournament dover-patrol --a games.dover_patrol.ai:make_gatekeeper@hard
# --b normal --seed 7` (e23bc85), ply 269, with North's Flying Boat on c4 made known: South's
# Mine on c2 holds the gate in front of its base, the boat stands across the harbour wall.
def leap_position():
    pieces = {"north": {"a11": "MI", "a12": "3", "a5": "2", "a8": "MI", "a9": "5", "b4": "9",
                        "c11": "ML", "c4": "FB", "f10": "7", "f11": "4", "g10": "2", "g11": "7",
                        "g12": "MS", "h10": "SS", "h12": "4", "h9": "3"},
              "south": {"a1": "SS", "a2": "2", "a4": "5", "b1": "4", "b2": "7", "b3": "3",
                        "c2": "MI", "d1": "4", "d3": "5", "e1": "4", "e4": "MI", "e5": "MI",
                        "f1": "FB", "f4": "3", "g1": "3", "g2": "ML", "g9": "5", "h1": "5",
                        "h8": "6"}}
    return ENGINE.from_position({
        "game": "dover-patrol", "variant": "classic", "to_move": "south", "ply": 269,
        "flags": {"north": "base", "south": "base"}, "pieces": pieces,
        "moved": {"north": ["b4", "c4", "a5", "a9", "h9", "h10", "c11"],
                  "south": ["a2", "b3", "d3", "a4", "f4", "h8", "g9"]},
        "revealed": {"north": ["b4", "a5", "a8", "c11", "c4"], "south": ["d3", "e5", "g9"]}})


def test_a_gate_held_by_a_mine_is_open_to_the_flying_boat_leaping_over_it():
    # Rules, Flying Boat jump: over a wall and/or one Mine onto an empty square or the enemy base.
    # From c4 the boat steps over the harbour wall to c3, its arrival's attack on c2 shows the
    # Mine (combat table, row FB: nothing happens, both revealed), and next turn it jumps c3-c1.
    # In the game it did (c4-c3xc2, then c3-c1) and took the flag. A ship of ours on c3 shuts
    # that way: ead1aed counted the Mine as a closed gate and played e1-e2 with every seed.
    state = leap_position()
    plan = ai.plan_for(state.rules)
    assert plan.exposure(state, 0) == 25.0          # the boat one move from c3: BASE_WATCH
    shut = state.clone()
    shut.apply_text("b3-c3")
    assert plan.exposure(shut, 0) == 0.0
    probed = state.clone()
    probed.apply_text("e1-e2")
    probed.apply_text("c4-c3xc2")
    probed.apply_text("e2-e1")
    assert "c3-c1" in {str(a) for a in probed.legal_actions()}
    for seed in range(3):
        assert str(ai.make_player("hard", "south", seed).choose(state, "south")) == "b3-c3"
