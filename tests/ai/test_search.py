"""The search library on toy games: forced wins, dice weighted by probability, hidden cards."""

from __future__ import annotations

import random

import pytest

from navalgames.ai.budget import Budget
from navalgames.ai.expectimax import Expectimax
from navalgames.ai.mcts import MCTS, outcome_value
from navalgames.core.state import CHANCE

from toy_games import DiceRace, HiddenCard, Lottery, TicTacToe


def exact_value(state, side):
    """Plain expectiminimax to the end, no pruning: the reference the searches are checked against."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome_value(outcome, side)
    mover = state.to_act()
    children = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        children.append((action, exact_value(child, side)))
    if mover == CHANCE:
        weights = dict(state.chance_outcomes())
        return sum(weights[a] * v for a, v in children)
    values = [v for _, v in children]
    return max(values) if mover == side else min(values)


def winning_moves(state):
    side = state.to_act()
    result = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if exact_value(child, side) == 1.0:
            result.append(action)
    return result


def search(state, iterations=2000, seed=1, **kw):
    kw.setdefault("exploration", 1.0)
    return MCTS(Budget(iterations=iterations), **kw).search(state, state.to_act(), random.Random(seed))


# --- perfect information ----------------------------------------------------------------------
def test_mcts_takes_an_immediate_win():
    state = TicTacToe("xx.oo....", "x")
    assert search(state).action == "2"


def test_mcts_blocks_the_only_threat():
    state = TicTacToe("xx..o....", "o")
    assert search(state).action == "2"


def test_mcts_finds_a_forced_win_two_moves_deep():
    # With o in the corner opposite x's, x wins by force, but only from some squares.
    state = TicTacToe("x.......o", "x")
    wins = winning_moves(state)
    assert wins and len(wins) < len(state.legal_actions()), "the position must have a forced win to find"
    for seed in range(3):
        assert search(state, iterations=3000, seed=seed).action in wins


def test_mcts_never_picks_a_losing_move_when_a_draw_exists():
    state = TicTacToe("x........", "o")   # only the centre holds the draw for o
    safe = [a for a in state.legal_actions() if exact_value(_after(state, a), "o") == 0.5]
    assert search(state, iterations=4000).action in safe


def _after(state, action):
    child = state.clone()
    child.apply(action)
    return child


# --- chance nodes -----------------------------------------------------------------------------
def test_mcts_weighs_chance_outcomes_by_probability():
    # The dice gamble has four winning faces out of five but wins only 40%; the coin wins 50%.
    result = search(Lottery(), iterations=3000, rollout_depth=None)
    assert result.action == "coin"
    means = {s.action: s.mean for s in result.stats}
    assert means["coin"] == pytest.approx(0.5, abs=0.06)
    assert means["dice"] == pytest.approx(0.4, abs=0.06)


def test_expectimax_values_chance_nodes_exactly():
    result = Expectimax(Budget(iterations=2), lambda s, side: 0.5).search(Lottery(), "gambler")
    values = {s.action: s.mean for s in result.stats}
    assert result.action == "coin"
    assert values["coin"] == pytest.approx(0.5)
    assert values["dice"] == pytest.approx(0.4)


@pytest.mark.parametrize("red,blue,to_move", [(7, 8, "red"), (9, 10, "red"), (10, 9, "blue"),
                                              (6, 11, "red"), (11, 11, "blue")])
def test_expectimax_with_pruning_equals_the_full_tree_on_the_dice_race(red, blue, to_move):
    state = DiceRace(red, blue, to_move)
    side = state.to_act()
    best = Expectimax(Budget(iterations=64), lambda s, p: 0.5).search(state, side)
    exact = {a: exact_value(_after(state, a), side) for a in state.legal_actions()}
    assert best.stats[0].mean == pytest.approx(max(exact.values()))
    assert exact[best.action] == pytest.approx(max(exact.values()))


def test_mcts_plays_the_dice_race_like_the_exact_solution():
    # Near the goal a safe step can be right or wrong depending on the distances; compare with the
    # exact expectiminimax choice wherever the two actions differ clearly in value.
    checked = 0
    for red in range(8, 12):
        for blue in range(8, 12):
            state = DiceRace(red, blue, "red")
            exact = {a: exact_value(_after(state, a), "red") for a in state.legal_actions()}
            if abs(exact["step"] - exact["roll"]) < 0.1:
                continue
            expected = max(exact, key=exact.get)
            assert search(state, iterations=3000, seed=red * 100 + blue).action == expected, (red, blue, exact)
            checked += 1
    assert checked >= 3


def test_a_judge_ends_each_playout_with_its_value_and_none_plays_on():
    state = DiceRace(9, 10, "red")
    exact = {a: exact_value(_after(state, a), "red") for a in state.legal_actions()}

    def never(state, rng):
        raise AssertionError("the judge ends every playout before its first move")

    judged = search(state, iterations=800, judge=exact_value, policy=never)
    for stat in judged.stats:      # each playout is worth the exact value of where it stopped
        assert stat.mean == pytest.approx(exact[stat.action], abs=0.05)
    moves = []

    def counting(state, rng):
        moves.append(state)
        return state.legal_actions()[0]

    search(state, iterations=50, judge=lambda s, side: None, policy=counting)
    assert moves                   # a judge with nothing to say leaves the playouts to the policy


def test_a_whole_dice_race_plays_to_the_end_through_chance_nodes():
    state = DiceRace()
    rng = random.Random(5)
    mcts = MCTS(Budget(iterations=200))
    from navalgames.ai.mcts import sample_chance
    while state.outcome() is None:
        if state.to_act() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(mcts.search(state, state.to_act(), rng).action)
    assert state.outcome().winner in ("red", "blue")


# --- hidden information -----------------------------------------------------------------------
def determinize(state, side, rng):
    return state.sample(state.observation(side), rng)


@pytest.mark.parametrize("p_high,expected", [(0.3, "bet"), (0.7, "safe")])
def test_ismcts_decides_on_the_odds_not_on_the_hidden_card(p_high, expected):
    for card in ("low", "high"):
        state = HiddenCard(card, p_high)
        result = search(state, iterations=3000, seed=11, determinize=determinize)
        assert result.action == expected, (card, result.stats)


def test_a_search_that_peeks_would_decide_on_the_card():
    # The control for the test above: without sampling, the search reads the true card.
    choices = {card: search(HiddenCard(card, 0.3), iterations=2000).action for card in ("low", "high")}
    assert choices == {"low": "bet", "high": "safe"}


def test_ismcts_shares_nodes_whose_legality_depends_on_the_sample():
    # After a bet, 'show' is legal only in high-card samples: its availability counts stay below
    # the bet's visits, while 'pass' is available in every sample.
    mcts = MCTS(Budget(iterations=500), exploration=1.0, determinize=determinize)
    state = HiddenCard("low", 0.5)
    from navalgames.ai.mcts import Node
    root = Node(None)
    rng = random.Random(3)
    for _ in range(500):
        mcts._iterate(root, state, "bettor", state.players, rng)
    bet = root.children["bet"]
    assert bet.children["pass"].avail > bet.children["show"].avail


def test_a_chance_key_pools_the_outcomes_it_calls_alike_into_one_child():
    from navalgames.ai.mcts import Node
    state = DiceRace(3, 5, "red")
    trees = {}
    for name, key in (("apart", None), ("pooled", lambda sim, outcome: "any roll")):
        mcts = MCTS(Budget(iterations=300), exploration=1.0, chance_key=key)
        root = Node(None)
        rng = random.Random(4)
        for _ in range(300):
            mcts._iterate(root, state, "red", state.players, rng)
        trees[name] = root.children["roll"]
    assert set(trees["apart"].children) == {"1", "4"}
    assert set(trees["pooled"].children) == {"any roll"}
    pooled = trees["pooled"].children["any roll"]
    assert pooled.visits == trees["pooled"].visits - 1    # every roll after the first went on below it
    assert set(pooled.children) == {"step", "roll"}       # blue's reply, whatever the die said


# --- budgets and determinism ------------------------------------------------------------------
def test_an_iteration_budget_with_a_seed_gives_the_same_search_every_time():
    state = DiceRace(3, 5, "red")
    first = search(state, iterations=400, seed=42)
    again = search(state, iterations=400, seed=42)
    assert first.action == again.action
    assert first.stats == again.stats
    assert first.iterations == 400


def test_a_time_budget_stops_on_time():
    result = MCTS(Budget(seconds=0.2)).search(TicTacToe(), "x", random.Random(0))
    assert 0.2 <= result.seconds < 0.6
    assert result.iterations > 10


def test_expectimax_deepens_within_a_time_budget():
    result = Expectimax(Budget(seconds=0.2), lambda s, p: 0.5).search(DiceRace(0, 0, "red"), "red")
    assert result.iterations >= 2
    assert result.seconds < 0.6


def test_a_budget_needs_a_limit():
    with pytest.raises(ValueError):
        Budget()
    with pytest.raises(ValueError):
        MCTS(Budget(iterations=10), rollout_depth=0)


def test_a_search_refuses_a_state_where_it_is_not_the_sides_turn():
    with pytest.raises(ValueError, match="not o's decision"):
        MCTS(Budget(iterations=10)).search(TicTacToe(), "o", random.Random(0))
