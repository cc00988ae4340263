"""The Naval Blockade computer opponent: its terrain tables, the six-square move, whole games."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from games.naval_blockade import ai
from games.naval_blockade.rules import ENGINE, RUNNER, BLOCKADER
from navalgames.ai.player import RandomPlayer, SearchPlayer
from navalgames.core.match import Match, replay
from navalgames.core.records import read_record
from navalgames.core.registry import get_game

SPEC = get_game("naval-blockade")
ISLANDS = [["g10", "g11", "g12", "f11", "h11"], ["p14", "q14", "r14", "s14", "q15"],
           ["d18", "d19", "d20", "e18", "f18"], ["s19", "t19", "s20", "t20", "s21"]]
ROCKS = ["l8", "t8"]


def position(**extra):
    data = {"game": "naval-blockade", "to_move": "runner", "runner": {"at": "l1", "heading": "N"},
            "blockader": {"at": "v23", "heading": "E"}, "islands": ISLANDS, "rocks": ROCKS}
    data.update(extra)
    return ENGINE.from_position(data)


@pytest.fixture(scope="module")
def tables():
    return ai.tables_for(position().terrain)


def test_escape_distances_step_down_one_move_at_a_time(tables):
    """The Runner's fastest way out: each state is one move further than its best successor."""
    checked = 0
    for s, nxt in enumerate(tables.succ):
        d = tables.escape[s]
        if d == ai.FAR or d == 1:
            continue
        assert min(tables.escape[t] for t in nxt) == d - 1
        checked += 1
    assert checked > 1000
    n = tables.size
    assert tables.escape[(22 * n + 5) * 8 + 0] == 1        # f23 heading North: one move out
    assert tables.escape[(0 * n + 11) * 8 + 0] == 23       # l1 heading North: straight up


def test_afloat_means_some_next_state_is_afloat_too(tables):
    """A ship can sail on for ever exactly when one of its moves keeps that possible."""
    for side in (RUNNER, BLOCKADER):
        afloat = tables.afloat[side]
        for s, nxt in enumerate(tables.succ):
            if side == RUNNER and any(t // 8 >= tables.last_rank for t in nxt):
                assert afloat[s]      # escaping is a way out for ever
                continue
            assert afloat[s] == any(afloat[t] for t in nxt), s
    n = tables.size
    corner = (23 * n + 0) * 8 + 7          # the Blockader on a24 heading NW: nowhere to go
    assert not tables.afloat[BLOCKADER][corner] and tables.doom[BLOCKADER][corner] == 0


def test_six_move_reach_matches_every_sequence_of_helm_orders(tables):
    state = position()
    sea_moves = state.terrain.sea_moves
    for start in random.Random(3).sample(range(len(tables.succ)), 25):
        found = 0
        for orders in itertools.product((-1, 0, 1), repeat=6):
            s = start
            for turn in orders:
                moves = {t: (h, dest) for t, h, dest in sea_moves[s]}
                if turn not in moves:
                    break
                h, dest = moves[turn]
                s = dest * 8 + h
            else:
                found |= 1 << (s // 8)
        assert tables.reach[6][start] == found


def test_distance_to_a_square_is_one_more_than_the_best_next_state(tables):
    target = position().terrain.grid.parse("m12")
    dist = tables.distance_to(target)
    for s, nxt in enumerate(tables.succ):
        if dist[s] in (ai.FAR, 1):
            continue
        assert dist[s] == 1 + min(dist[t] for t in nxt)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_blockader_rams_with_its_six_moves_when_the_runner_is_in_reach(level):
    # The Runner is disabled on m14; the Blockader on m8 heading N reaches it in exactly six.
    state = position(stage="course", to_move="runner", disabled="runner",
                     runner={"at": "m14", "heading": "N"}, blockader={"at": "m8", "heading": "N"},
                     moves={"runner": 10, "blockader": 10})
    runner = RandomPlayer(1)
    blockader = ai.make_player(level, "blockader", seed=2)
    while state.to_act() is not None:
        side = state.to_act()
        state.apply((runner if side == "runner" else blockader).choose(state, side))
    assert state.ending == "ram" and state.outcome().winner == "blockader"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_runner_uses_its_six_moves_to_escape(level):
    # The Blockader is disabled; the Runner on k19 heading N is five moves from open sea.
    state = position(stage="course", to_move="blockader", disabled="blockader",
                     runner={"at": "k19", "heading": "N"}, blockader={"at": "o15", "heading": "W"},
                     moves={"runner": 10, "blockader": 10})
    runner = ai.make_player(level, "runner", seed=2)
    blockader = RandomPlayer(1)
    while state.to_act() is not None:
        side = state.to_act()
        state.apply((runner if side == "runner" else blockader).choose(state, side))
    assert state.ending == "escape"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_whole_games_against_the_random_player(level):
    for index, side in enumerate(("runner", "blockader")):
        match = Match.new(SPEC, "standard", seed=20 + index)
        players = {side: ai.make_player(level, side, seed=index),
                   ("blockader" if side == "runner" else "runner"): RandomPlayer(index)}
        while match.to_act() is not None:
            actor = match.to_act()
            if actor == "chance":
                match.resolve_chance()
                continue
            match.play(players[actor].choose(match.state, actor))
        assert match.outcome() is not None


def test_the_toss_winner_places_a_legal_terrain_of_its_choosing():
    state = ENGINE.new_game("standard")
    for text in ("start l1", "start v23", "toss:blockader"):
        state.apply_text(text)
    assert state.stage == "terrain" and state.to_act() == "blockader"
    action = ai.make_player("hard", "blockader", seed=1).choose(state, "blockader")
    assert str(action).startswith(("terrain ", "scenario:"))
    state.apply(action)          # refused if it broke rule 2
    assert state.stage == "move" and len(state.terrain.islands) == 4


def test_the_same_seed_makes_the_same_decisions():
    # An iteration budget alone: the levels also stop on the clock, which a busy machine reaches
    # after fewer iterations, so only the iteration count makes a search reproducible.
    state = position(runner={"at": "l9", "heading": "N"}, blockader={"at": "n15", "heading": "S"})
    choices = {SearchPlayer("normal", ai.BlockadeSearch(150, seconds=None), seed=4).choose(state, "runner")
               for _ in range(3)}
    assert len(choices) == 1


def test_an_offer_to_stop_is_searched_only_by_the_side_ahead_on_points():
    behind = position(points={"runner": 0, "blockader": 3})
    assert "offer-stop" not in map(str, ai.candidates(behind))
    ahead = position(points={"runner": 3, "blockader": 0})
    assert "offer-stop" in map(str, ai.candidates(ahead))


def _turns_of_blockader(player, state, turns: int, rng) -> list[str]:
    """The Blockader's choices over ``turns`` turns, the Runner steering by the helmsman and the
    dice missing (so the points stay as they are)."""
    from navalgames.core.state import CHANCE
    chosen = []
    for _ in range(200):
        if state.outcome() is not None or len(chosen) == turns:
            break
        side = state.to_act()
        if side == CHANCE:
            state.apply_text("M")
        elif side == "blockader":
            action = player.choose(state, "blockader")
            chosen.append(str(action))
            state.apply(action)
        elif state.stage == "answer":
            state.apply_text("refuse-stop")
        else:
            state.apply(ai.greedy_action(state, rng))
    return chosen


def test_after_a_refused_offer_the_computer_waits_before_offering_again():
    """Rule 19 lets a side offer every turn; the computer, refused, waits until its lead grows
    or REOFFER_MOVES of its moves have passed, so a person is not asked turn after turn."""
    rng = random.Random(2)
    offers = 0
    for seed in range(4):
        state = position(to_move="blockader", runner={"at": "l3", "heading": "N"},
                         blockader={"at": "l21", "heading": "S"},
                         points={"runner": 0, "blockader": 4})
        player = SearchPlayer("normal", ai.BlockadeSearch(40, seconds=None), seed=seed)
        state.apply_text("offer-stop")
        state.apply_text("refuse-stop")
        offers += _turns_of_blockader(player, state, 8, rng).count("offer-stop")
    assert offers == 0


def test_the_computer_may_offer_again_once_its_lead_grows():
    search = ai.BlockadeSearch(40, seconds=None)
    state = position(to_move="blockader", points={"runner": 0, "blockader": 4})
    state.apply_text("offer-stop")
    state.apply_text("refuse-stop")
    search.note_refusal(state, "blockader")
    later = position(to_move="blockader", points={"runner": 0, "blockader": 4})
    assert "offer-stop" not in map(str, search._candidates(later))
    further_ahead = position(to_move="blockader", points={"runner": 0, "blockader": 6})
    assert "offer-stop" in map(str, search._candidates(further_ahead))


def test_the_way_out_is_the_runners_fastest_route_to_open_sea(tables):
    n = tables.size
    for ship in random.Random(5).sample(range(len(tables.succ)), 200):
        if tables.escape[ship] == ai.FAR or ship // 8 >= tables.last_rank:
            assert tables.way_out(ship) == ()
            continue
        path = tables.way_out(ship)
        assert len(path) == tables.escape[ship]          # one square a move, no detour
        assert path[-1] >= tables.last_rank and all(sq < tables.last_rank for sq in path[:-1])
        squares = [ship // 8, *path]
        for a, b in zip(squares, squares[1:]):           # each step is to a neighbouring square
            assert max(abs(a % n - b % n), abs(a // n - b // n)) == 1


def test_the_blockader_heads_across_the_runners_way_out_not_behind_it(tables):
    grid = position().terrain.grid
    runner = grid.parse("r5") * 8 + 1                     # r5 heading NE: out up the east side
    # From the far north-west corner the Blockader cannot get ahead anywhere but at the exit.
    path = tables.way_out(runner)
    late = tables.intercept(runner, grid.parse("b23") * 8 + 6)
    # From the middle of the board it can: the first square it reaches before the Runner.
    blockader = grid.parse("m15")
    early = tables.intercept(runner, blockader * 8 + 2)
    n = tables.size

    def apart(sq: int) -> int:
        return max(abs(sq % n - blockader % n), abs(sq // n - blockader // n))
    k = path.index(early) + 1
    assert apart(early) < k and all(apart(sq) >= i for i, sq in enumerate(path[:k - 1], 1))
    assert late in path and path.index(late) >= path.index(early)


def test_the_search_takes_the_surest_move_not_only_the_most_visited():
    from navalgames.ai.mcts import ActionStats, SearchResult
    stats = (ActionStats("starboard", 296, 0.49), ActionStats("ahead", 207, 0.59),
             ActionStats("port", 9, 0.70))
    chosen = ai.surest(SearchResult("starboard", stats, 600, 0.4))
    assert chosen.action == "ahead"     # clearly better on more than 200 games; port on 9 is luck
    assert chosen.stats == stats and chosen.iterations == 600


def test_the_levels_search_a_fixed_amount_unless_given_an_allowance():
    """Without ``think`` a level stops on iterations alone, so a tournament replays the same on
    any machine; the allowance set in Settings also stops it on the clock. hard's Blockader
    searches longer than its Runner."""
    for side in ("runner", "blockader"):
        fixed = ai.make_player("hard", side, seed=1).search.mcts.budget
        assert fixed.iterations == ai.LEVELS["hard"][side] and fixed.seconds is None
        timed = ai.make_player("hard", side, seed=1, think=2.0).search.mcts.budget
        assert timed.iterations == ai.LEVELS["hard"][side] and timed.seconds == 2.0
    assert ai.LEVELS["hard"]["blockader"] > ai.LEVELS["hard"]["runner"]


GAME2_ISLANDS = [["g13", "h13", "i13", "j13", "k13"], ["n13", "o13", "p13", "q13", "r13"],
                 ["d18", "d19", "d20", "e18", "f18"], ["s19", "t19", "s20", "t20", "s21"]]


def game2(**ships):
    """A real position: hard (Runner) v easy, seed 7, game 2, before the Runner's 20th move (it
    turned toward the Blockader, and was disabled and rammed two moves later)."""
    data = {"game": "naval-blockade", "to_move": "runner", "runner": {"at": "b16", "heading": "NE"},
            "blockader": {"at": "g14", "heading": "W"}, "islands": GAME2_ISLANDS,
            "rocks": ["l8", "t8"], "points": {"runner": 0, "blockader": 2},
            "moves": {"runner": 19, "blockader": 20}}
    data.update(ships)
    return ENGINE.from_position(data)


def test_the_runners_playouts_expect_a_blockader_closing_in_not_our_own_helm():
    """The Runner's search plays its games out against the Blockader that closes in a few ranks
    north of it (as players do), not the one that heads across its way out (our Blockader's own
    helm); the two steer apart in the same game two moves earlier, where `easy` went ahead."""
    player = ai.make_player("hard", "runner", seed=1)
    player.choose(game2(), "runner")
    assert player.search.mcts.policy is ai.runner_rollout_policy
    after = game2(to_move="blockader", runner={"at": "a15", "heading": "N"},
                  blockader={"at": "i15", "heading": "SW"}, points={"runner": 0, "blockader": 0},
                  moves={"runner": 18, "blockader": 18})
    plain = max(ai.scored_choices(after, ours=False), key=lambda sa: sa[0])[1]
    across = max(ai.scored_choices(after, ours=True), key=lambda sa: sa[0])[1]
    assert plain != across
    rng = random.Random(3)
    theirs = [ai.runner_rollout_policy(after, rng) for _ in range(200)]
    ours = [ai.rollout_policy(after, rng) for _ in range(200)]
    assert theirs.count(plain) > 60 > ours.count(plain)


def test_die_faces_that_only_score_share_one_branch_of_the_search():
    """In game 2's position (``game2``) the Blockader's bow chaser bears. H2, H1 and a miss leave the same game but for points, so the tree keeps one
    child for them and one for D4: the enemy's replies after a volley that disabled nobody are
    searched together, not split by face (which kept the tree two moves shallow)."""
    from navalgames.ai.mcts import Node
    state = game2()
    mcts = ai.make_player("hard", "runner", seed=1).search.mcts
    root = Node(None)
    rng = random.Random(1)
    for _ in range(300):
        mcts._iterate(root, state, "runner", state.players, rng)
    chance_nodes = []

    def walk(node):
        for child in node.children.values():
            if child.children and next(iter(child.children.values())).mover == "chance":
                chance_nodes.append(child)
            walk(child)
    walk(root)
    assert chance_nodes, "some volley was searched"
    for node in chance_nodes:
        assert set(map(str, node.children)) <= {"D4", "no D4"}
    assert ai.die_key(state, state.parse_action("H2")) == ai.die_key(state, state.parse_action("M")) == "no D4"


GAME69_ISLANDS = [["d9", "d10", "d11", "e10", "f10"], ["n11", "o11", "p11", "p12", "q12"],
                  ["c19", "d18", "d19", "e18", "e19"], ["n19", "n20", "o18", "o19", "p19"]]


def game69_six_moves():
    """A real position: hard (Blockader) v easy, seed 7, game 69, ply 38. Our D4 has stopped the
    Runner on s16, heading N, beyond our six moves' reach from o22 heading NE."""
    return ENGINE.from_position({
        "game": "naval-blockade", "stage": "six", "to_move": "blockader", "disabled": "runner",
        "six_moves_made": 0, "runner": {"at": "s16", "heading": "N"},
        "blockader": {"at": "o22", "heading": "NE"}, "islands": GAME69_ISLANDS,
        "rocks": ["b22", "v19"], "points": {"runner": 0, "blockader": 4},
        "moves": {"runner": 15, "blockader": 16}})


def _six_moves(state, choose):
    while state.stage == "six":
        state.apply(choose(state))
    return state


def test_a_six_square_move_that_cannot_ram_is_planned_for_the_runners_move_straight_ahead():
    """After the six moves the disabled Runner must move straight ahead (onto s17) and fire if
    its guns bear. Closing on the square it stopped on (the plain helm, `easy`'s) ends, as its
    ties fall, on s17 itself (rammed by the Runner unless bow to bow) or beside it under the
    Runner's guns; our own Blockader's plan ends on s18, dead ahead of s17, where no gun of the
    Runner's bears, and rams it with the next move."""
    ends = set()
    for seed in range(20):
        rng = random.Random(seed)
        plain = _six_moves(game69_six_moves(), lambda s: ai.greedy_action(s, rng))
        ends.add(plain.ending or plain.stage)
    assert {"ram", "fire"} <= ends          # rammed by the Runner, or fired at by it
    tables = ai.tables_for(game69_six_moves().terrain)
    assert max(ai.six_move_scores(game69_six_moves(), tables))[0] < ai.SURE_SIX_MOVE
    planned = ai.six_move_scores(game69_six_moves(), tables, plan=True)
    assert max(planned, key=lambda sa: sa[0])[0] > ai.SURE_SIX_MOVE     # a sure win: no search
    hard = ai.make_player("hard", "blockader", seed=1)
    state = _six_moves(game69_six_moves(), lambda s: hard.choose(s, "blockader"))
    assert state.outcome() is None and state.to_act() == "blockader"
    assert state.rules.names[state.at[1]] == "s18" and state.rules.names[state.at[0]] == "s17"
    state.apply(hard.choose(state, "blockader"))
    assert state.outcome().winner == "blockader" and state.ending == "ram"


def test_the_plan_counts_a_runner_ramming_our_armoured_bow_as_won_and_any_other_ram_as_lost():
    """Ending the six moves on the square the Runner moves onto: bow to bow it loses, else we do."""
    from games.naval_blockade.ai.disabled import _end_value
    state = game69_six_moves()
    tables = ai.tables_for(state.terrain)
    s17 = state.terrain.grid.parse("s17")
    assert _end_value(state, tables, s17 * 8 + 4, s17) == 1.0      # heading S: bow to bow
    assert _end_value(state, tables, s17 * 8 + 3, s17) == 0.0      # heading SE: rammed
    s18 = state.terrain.grid.parse("s18")
    assert _end_value(state, tables, s18 * 8 + 4, s17) == 1.0      # dead ahead: we ram it next


GAME5_ISLANDS = [["d12", "d13", "d14", "d15", "e14"], ["u14", "u15", "u16", "u17", "u18"],
                 ["f7", "g7", "h7", "h8", "h9"], ["l11", "m11", "n11", "o11", "p11"]]


def game5_course():
    """A real position: hard (Blockader) v easy, seed 7, game 5, ply 30. The Runner's D4 has
    stopped us on j17 heading E, well inside its six moves' reach from l13 heading NE."""
    return ENGINE.from_position({
        "game": "naval-blockade", "stage": "course", "to_move": "blockader",
        "disabled": "blockader", "runner": {"at": "l13", "heading": "NE"},
        "blockader": {"at": "j17", "heading": "E"}, "islands": GAME5_ISLANDS,
        "rocks": ["b16", "o4"], "points": {"runner": 4, "blockader": 1},
        "moves": {"runner": 12, "blockader": 11}})


def test_a_disabled_blockader_turns_its_armoured_bow_to_the_runners_rams():
    """Kept heading E, the Runner's six moves can reach j17 only heading W, bow to bow, which its
    ram loses; turned to port or starboard, it can ram us from the side (hard turned to port in
    that game, and was rammed). Our search now looks only at the course that shuts the ram out."""
    state = game5_course()
    tables = ai.tables_for(state.terrain)
    assert tables.ram_headings(state.at[0] * 8 + state.heading[0], state.at[1]) == {6}   # W only
    hard = ai.make_player("hard", "blockader", seed=1)
    assert str(hard.choose(state, "blockader")) == "ahead"
    assert list(map(str, hard.search._candidates(state))) == ["ahead"]
    plain = max(ai.course_scores(state, tables), key=lambda sa: sa[0])[0]
    assert {score for score, _ in ai.course_scores(state, tables)} == {plain}   # easy: all alike
    state.apply_text("ahead")
    rng = random.Random(2)
    while state.stage == "six":          # easy's Runner keeps its ram on and runs onto our bow
        state.apply(ai.greedy_action(state, rng, noise=0.5))
    assert state.ending == "armoured-bow" and state.outcome().winner == "blockader"


def test_duel_stats_reads_the_dice_before_the_first_d4_and_what_came_of_it():
    """``duel_stats`` (the yardstick for versions of a player): in a game whose first three dice
    miss and whose fourth disables, four dice fell before the first D4, and the firer of the
    fourth rolled it; the implied win rate mixes the rates after each side's D4 by dice share."""
    from games.naval_blockade.ai import duel_stats
    match = Match.new(SPEC, "standard", seed=3,
                      forced_dice=["toss:runner", "layout:7389", "M", "M", "M", "D4"])
    players = {side: ai.make_player("easy", side, seed=4) for side in ("runner", "blockader")}
    firers = []
    match.listeners.append(lambda events: firers.extend(
        e.details["ship"] for e in events if e.kind == "fire"))
    while match.to_act() is not None:
        actor = match.to_act()
        match.play(players[actor].choose(match.state, actor))
    game = duel_stats.first_d4(match.record)
    assert sum(game["dice"]) == 4 and game["first"] == firers[3]
    assert game["winner"] == match.outcome().winner
    games = [{"dice": [1, 3], "first": "blockader", "winner": "blockader", "par": 0.75},
             {"dice": [2, 2], "first": "runner", "winner": "runner", "par": 0.25},
             {"dice": [1, 1], "first": "runner", "winner": "blockader", "par": None}]
    s = duel_stats.summary(games, "blockader")
    assert s["share"] == 0.6 and s["after_ours"] == 1.0 and s["after_theirs"] == 0.5
    assert abs(s["implied"] - (0.6 * 1.0 + 0.4 * 0.5)) < 1e-12 and s["won"] == 2
    # the par counts the games where the ships came close, each from the side's own point of view
    assert s["met"] == (2, 1) and s["par"] == 0.5
    assert duel_stats.summary(games[:1], "runner")["par"] == 0.25


def test_the_par_is_the_duel_tables_chance_once_the_ships_are_close():
    from games.naval_blockade.ai import duel_stats
    from games.naval_blockade.ai.duel import table_for
    state = ENGINE.from_position({
        "game": "naval-blockade", "to_move": "runner", "stage": "move",
        "runner": {"at": "l8", "heading": "NE"}, "blockader": {"at": "n18", "heading": "SW"},
        "moves": {"runner": 7, "blockader": 7}})
    # 2 files and 10 ranks apart: within 14; the Runner to move
    # against a Runner that never slips from its best move
    perfect = table_for(state.rules, slip=0.0)
    assert perfect.slip == 0.0
    assert duel_stats.blockader_par(state) == perfect.value(RUNNER, (13, 17, 5), (11, 7, 1))
    far = ENGINE.from_position({
        "game": "naval-blockade", "to_move": "runner", "stage": "move",
        "runner": {"at": "l3", "heading": "N"}, "blockader": {"at": "x24", "heading": "W"},
        "moves": {"runner": 2, "blockader": 2}})
    assert duel_stats.blockader_par(far) is None     # 12 files and 21 ranks apart


GAME403_ISLANDS = [["t9", "t10", "u9", "v9", "w9"], ["b19", "b20", "c20", "d19", "d20"],
                   ["p16", "q16", "r16", "s16", "t16"], ["l10", "l11", "l12", "m10", "m12"]]


def game403(**ships):
    """A real position: hard (Blockader) v easy, seed 7, game 403, ply 27, the ships 12 apart
    (file and rank differences added), out of range. Hard of 7a6a5ea turned to port, to i17, 11
    apart with its guns not bearing; the Runner closed to 10 and fired first."""
    data = {"game": "naval-blockade", "to_move": "blockader", "toss_winner": "runner",
            "runner": {"at": "o12", "heading": "NE"}, "blockader": {"at": "h17", "heading": "SE"},
            "islands": GAME403_ISLANDS, "rocks": ["i4", "c14"],
            "moves": {"runner": 11, "blockader": 11}}
    data.update(ships)
    return ENGINE.from_position(data)


def test_the_blockader_comes_into_range_with_the_first_shot():
    """Out of range, the Blockader's search looks only at moves that do not hand the Runner the
    first shot: here ahead, to i16, 10 apart with the bow chaser bearing. Port (i17) and
    starboard (h16) end 11 apart, guns silent, and a move of the Runner's then brings its guns
    to bear (unfiltered, the search with seeds 2, 3 and 4 played port). Within range the duel is
    the search's to weigh: every move stays."""
    state = game403()
    tables = ai.tables_for(state.terrain)
    assert [str(a) for a in ai.first_shot(state, tables, state.legal_actions())] == [
        "ahead", "offer-stop"]
    hard = ai.make_player("hard", "blockader", seed=2)
    assert str(hard.choose(state, "blockader")) == "ahead"
    assert [str(a) for a in hard.search._candidates(state)] == ["ahead"]
    near = game403(runner={"at": "l13", "heading": "N"})        # 9 apart: in range already
    assert ai.first_shot(near, tables, near.legal_actions()) == near.legal_actions()


def game481():
    """A real position: hard (Blockader) v bold, seed 7, game 481, ply 41: our D4 fell with the
    Runner out of the ram's reach, and the Runner, disabled, has turned to the West on e16."""
    return ENGINE.from_position({
        "game": "naval-blockade", "stage": "six", "to_move": "blockader", "disabled": "runner",
        "six_moves_made": 0, "toss_winner": "runner",
        "runner": {"at": "e16", "heading": "W"}, "blockader": {"at": "l13", "heading": "SW"},
        "islands": [["c7", "d7", "e7", "f7", "f8"], ["h18", "i18", "i19", "i20", "j20"],
                    ["j15", "j16", "k15", "l14", "l15"], ["t7", "u6", "u7", "v7", "v8"]],
        "rocks": ["s18", "k11"], "moves": {"runner": 15, "blockader": 16},
        "points": {"runner": 0, "blockader": 6}})


@pytest.mark.parametrize("seed", [1, 2, 6])
def test_the_blockader_keeps_to_its_six_move_plan(seed):
    """Rule 16's six single moves after our D4, the ram out of reach: the plan's best first move
    is port (its chance 0.58; ahead and starboard 0.49 and 0.50). Version 7a8576b searched all
    three and played starboard with these seeds (ahead with 3-5); in the game it ended its six
    moves where the Runner's forced move straight ahead brought a gun to bear, and that gun's D4
    let the Runner escape. The search now looks only at the plan's best moves."""
    state = game481()
    scored = ai.six_move_scores(state, ai.tables_for(state.terrain), plan=True)
    assert str(max(scored, key=lambda sa: sa[0])[1]) == "port"
    hard = ai.make_player("hard", "blockader", seed=seed)
    assert str(hard.choose(state, "blockader")) == "port"
    assert [str(a) for a in hard.search._candidates(state)] == ["port"]


def game401_long_shot():
    """A real position: hard (Blockader) v cautious (a Runner written from the rules alone), seed
    7, game 401, before the Runner's 12th move, ply 29: the Runner on o12 heading NE, our
    Blockader on k17 heading E, 9 squares apart. The Runner turned to starboard, where both its
    guns bore on us, beyond its six moves' reach of a ram or of open sea, and rolled D4."""
    record = read_record(Path(__file__).parent / "records" / "naval-blockade-hard-v-cautious-seed7-game0401.yaml")
    return replay(record, upto=29), record.actions[29:31]


def test_our_blockaders_playouts_expect_the_runner_to_take_a_long_shot():
    """A Runner's D4 fired beyond its six moves' reach of a ram or of open sea still carries it
    out of our range nearly every time, and the Runners written from the rules fire whenever a
    gun bears. So in the games our Blockader's search plays out, the Runner counts such a shot in
    full (``ours``), and picks here the move the real Runner played; the plain helm (`easy`, and
    the Runner's own search) counts it at a fifth and turns to port."""
    state, played = game401_long_shot()
    assert played == ["starboard", "D4"]
    tables = ai.tables_for(state.terrain)
    turn, heading, dest = max(state.terrain.sea_moves[ai.ship_state(state, RUNNER)])   # starboard
    after = dest * 8 + heading
    assert turn == 1 and ai.guns_bear_from(state, RUNNER, after, state.at[BLOCKADER]) == 2
    assert tables.escape[after] > 6 and not (tables.reach[6][after] >> state.at[BLOCKADER]) & 1
    plain = max(ai.move_scores(state, tables), key=lambda sa: sa[0])[1]
    eager = max(ai.move_scores(state, tables, ours=True), key=lambda sa: sa[0])[1]
    assert (str(plain), str(eager)) == ("port", "starboard")
    rng = random.Random(5)
    ours = [str(ai.rollout_policy(state, rng)) for _ in range(200)]
    theirs = [str(ai.runner_rollout_policy(state, rng)) for _ in range(200)]
    assert ours.count("starboard") > 150 and theirs.count("starboard") < 50
