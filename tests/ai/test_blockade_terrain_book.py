"""The Naval Blockade terrain book: the layouts the computer places after winning the toss."""

from __future__ import annotations

import random

import pytest

from games.naval_blockade import ai
from games.naval_blockade.ai import choose_terrain
from games.naval_blockade.ai.make_terrain_book import start_pairs, terrain_stage
from games.naval_blockade.ai.terrain_book import (BOOK_FILE, BOOK_SIDES, BookError, book_terrains,
                                                  load_book)
from games.naval_blockade.ai.terrain_choice import narrowed
from games.naval_blockade.rules import BLOCKADER, ENGINE


@pytest.mark.parametrize("side", BOOK_SIDES)
def test_the_book_holds_legal_layouts_for_every_pair_of_start_squares(side):
    # rule 2 (terrain): every layout the book offers must be one the toss winner may place
    # with those ships on the board (clear of them, each ship keeping a first move)
    for runner_start, blockader_start in start_pairs():
        state = terrain_stage(runner_start, blockader_start, side)
        booked = book_terrains(state, side)
        assert len(booked) >= 2, (side, runner_start, blockader_start)
        for action in booked:
            trial = state.clone()
            trial.apply(action)   # refused if the layout broke rule 2
            assert trial.stage == "move" and len(trial.terrain.islands) == 4


def test_the_toss_winner_places_a_layout_from_the_book():
    state = terrain_stage("m1", "w24", "runner")
    chosen = {str(choose_terrain(state, "runner", random.Random(seed), 24, 12, None).action)
              for seed in range(6)}
    assert chosen <= {str(a) for a in book_terrains(state, "runner")}


def test_under_other_rules_the_toss_winner_draws_and_judges_its_own_layouts():
    # the book is made for the standard rules; on the smaller board it has nothing to offer
    state = ENGINE.new_game("standard", {"board_size": 20})
    for text in ("start j1", "start s19", "toss:runner"):
        state.apply_text(text)
    assert book_terrains(state, "runner") == []
    action = choose_terrain(state, "runner", random.Random(3), 6, 4, None).action
    state.apply(action)
    assert state.stage == "move" and len(state.terrain.islands) == 4


def test_narrowing_keeps_the_layouts_the_side_fares_best_on(monkeypatch):
    # quick games stood in by a known share for each layout (the further North its first rock,
    # the better), so the halving itself is what is checked: the best two kept, best first
    from games.naval_blockade.ai import terrain_choice
    monkeypatch.setattr(terrain_choice, "played_out",
                        lambda trial, side, rng, games: trial.terrain.rocks[0] // 24 / 24)
    state = terrain_stage("l1", "b23", "runner")
    options = [state.parse_action(f"terrain i:b8,c8,d8,e8,f8 i:h8,i8,j8,k8,l8 "
                                  f"i:n8,o8,p8,q8,r8 i:t8,u8,v8,w8,w9 r:c{rank} r:e12")
               for rank in (14, 19, 10, 22, 16, 11, 20, 15, 13)]
    kept = narrowed(state, "runner", options, random.Random(1), 4, None, keep=2)
    assert [str(a).split()[5] for a in kept] == ["r:c22", "r:c20"]


def test_a_malformed_book_names_the_file_the_key_and_what_was_expected(tmp_path):
    bad = tmp_path / "book.yaml"
    bad.write_text("blockader:\n  l1 b23:\n    - {value: 0.5}\n", encoding="utf-8")
    with pytest.raises(BookError, match=r"book\.yaml: blockader: 'l1 b23': expected entries"):
        load_book(bad)
    bad.write_text("pirate: {}\n", encoding="utf-8")
    with pytest.raises(BookError, match="expected a mapping with the keys runner and blockader"):
        load_book(bad)


def test_the_shipped_book_loads():
    book = load_book(BOOK_FILE)
    assert set(book) == set(BOOK_SIDES)


def helm_orders(state):
    return [a for a in state.legal_actions() if str(a) in ("port", "ahead", "starboard")]


def strands(state, depth: int = 4) -> bool:
    """Every course of the Blockader's runs her ashore within ``depth`` of her moves (the Runner
    meanwhile takes her first legal order; offers to stop, which the Runner would refuse, left out)."""
    if state.outcome() is not None:
        return state.outcome().winner == "runner"
    if depth == 0:
        return False
    if state.to_act() == "runner":
        trial = state.clone()
        trial.apply(helm_orders(trial)[0])
        return strands(trial, depth)
    for action in helm_orders(state):
        trial = state.clone()
        trial.apply(action)
        if not strands(trial, depth - 1):
            return False
    return True


def test_the_blockader_does_not_start_where_enemy_islands_can_strand_it():
    # rule 2 asks only that each ship have one legal first move: from v23, heading East into
    # her corner, an island on w22-w23 leaves the Blockader a first move to w24 and then no
    # way but off the board (driven ashore). The book knows such a layout for the Runner...
    state = terrain_stage("l1", "v23", "runner")
    state.apply(book_terrains(state, "runner")[0])
    assert strands(state)
    # ...so the computer's Blockader, placed before the toss, starts elsewhere
    for seed in range(6):
        state = ENGINE.new_game("standard")
        state.apply_text("start l1")
        start = ai.make_player("hard", "blockader", seed=seed).choose(state, "blockader")
        assert str(start) not in ("start v23", "start c23"), seed


def test_the_blockader_starts_with_room_to_turn_away_from_the_edge():
    # from w23 heading East (b23 heading West) every first move ends on the edge file, and she
    # spends her first moves turning along it; two files in she has room to turn
    state = ENGINE.new_game("standard")
    state.apply_text("start m1")
    hugging = {name for name in state.start_squares(BLOCKADER)
               if ai.hugs_the_edge(state, state.parse_action(f"start {name}"))}
    assert hugging == {"w23", "w24", "b23", "b24"}
    starts = {str(ai.make_player("hard", "blockader", seed=seed).choose(state, "blockader"))
              for seed in range(8)}
    assert starts <= {"start v24", "start c24"}
