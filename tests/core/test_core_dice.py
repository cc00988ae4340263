"""Dice: named faces with probabilities, seeded rolls that repeat, forced faces that come first."""

import random
from collections import Counter

import pytest

from navalgames.core.dice import DiceRoller, Die

BLOCKADE_DIE = Die(("D4", "H2", "H1", "M", "M", "M"))


def test_outcomes_merge_repeated_faces_into_probabilities():
    assert BLOCKADE_DIE.outcomes() == [("D4", 1 / 6), ("H2", 1 / 6), ("H1", 1 / 6), ("M", 0.5)]
    assert sum(p for _, p in BLOCKADE_DIE.outcomes()) == pytest.approx(1.0)


def test_a_die_needs_faces():
    with pytest.raises(ValueError):
        Die(())


def test_the_same_seed_rolls_the_same_faces():
    first = DiceRoller(random.Random(7))
    second = DiceRoller(random.Random(7))
    assert [first.roll(BLOCKADE_DIE) for _ in range(50)] == [second.roll(BLOCKADE_DIE) for _ in range(50)]


def test_seeded_rolls_follow_the_face_frequencies():
    roller = DiceRoller(random.Random(1))
    counts = Counter(roller.roll(BLOCKADE_DIE) for _ in range(6000))
    assert set(counts) == {"D4", "H2", "H1", "M"}
    assert 2700 < counts["M"] < 3300          # three faces of six
    assert 800 < counts["D4"] < 1200          # one face of six


def test_forced_faces_come_first_in_order_then_the_generator():
    roller = DiceRoller(random.Random(3), forced=["M", "D4"])
    roller.force("H1")
    assert [roller.roll(BLOCKADE_DIE) for _ in range(3)] == ["M", "D4", "H1"]
    reference = DiceRoller(random.Random(3))
    assert roller.roll(BLOCKADE_DIE) == reference.roll(BLOCKADE_DIE)


def test_a_forced_face_the_die_does_not_have_is_refused_and_kept():
    roller = DiceRoller(random.Random(0), forced=["X"])
    with pytest.raises(ValueError, match="'X' is not a face of this die: expected one of D4, H2, H1, M"):
        roller.roll(BLOCKADE_DIE)
    assert roller.forced == ["X"]


def test_choose_at_a_chance_node_forced_and_weighted():
    outcomes = BLOCKADE_DIE.outcomes()
    roller = DiceRoller(random.Random(5), forced=["H2"])
    assert roller.choose(outcomes) == "H2"
    counts = Counter(roller.choose(outcomes) for _ in range(6000))
    assert 2700 < counts["M"] < 3300
    with pytest.raises(ValueError, match="not possible here"):
        DiceRoller(random.Random(0), forced=["six"]).choose(outcomes)
