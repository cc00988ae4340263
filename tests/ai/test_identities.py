"""Dealing out hidden identities that respect every constraint."""

import random
from collections import Counter

from navalgames.ai.identities import assign, matching

ANY = {"MI", "FB", "10", "1"}


def test_every_piece_gets_an_allowed_kind_and_no_kind_runs_over():
    allowed = [ANY - {"MI"}, ANY - {"MI"}, ANY, ANY, {"FB", "10"}]
    counts = {"MI": 2, "FB": 1, "10": 1, "1": 1}
    rng = random.Random(4)
    for _ in range(200):
        result = assign(allowed, counts, rng)
        assert all(kind in allowed[i] for i, kind in enumerate(result))
        used = Counter(result)
        assert all(used[k] <= counts[k] for k in used)
        # the two pieces that moved are no Mines, so both Mines sit on the two that never moved
        assert result[2] == result[3] == "MI"


def test_the_draw_follows_the_copies_left():
    # One unknown piece, three Patrol Vessels left for one Flagship: about three times as often.
    rng = random.Random(1)
    draws = Counter(assign([{"10", "1"}], {"10": 1, "1": 3}, rng)[0] for _ in range(4000))
    assert 2.5 < draws["1"] / draws["10"] < 3.6


def test_a_dead_end_is_repaired_and_impossible_constraints_say_so():
    # If the third piece draws b first, the other two are stuck: the matching must repair it.
    allowed = [{"a", "b"}, {"a", "b"}, {"b", "c"}]
    counts = {"a": 1, "b": 1, "c": 1}
    rng = random.Random(0)
    for _ in range(50):
        result = assign(allowed, counts, rng, tries=1)
        assert result[2] == "c" and sorted(result[:2]) == ["a", "b"]
    assert assign([{"a"}, {"a"}], {"a": 1, "b": 1}, rng) is None
    assert matching([{"a"}, {"b"}], {"a": 1, "b": 1}, rng) == ["a", "b"]


def test_the_same_seed_deals_the_same_hand():
    allowed = [ANY] * 4
    counts = {"MI": 1, "FB": 1, "10": 1, "1": 1}
    assert assign(allowed, counts, random.Random(9)) == assign(allowed, counts, random.Random(9))
