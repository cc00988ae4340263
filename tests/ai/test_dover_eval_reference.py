"""The evaluation and the look-ahead give the very values they gave before they were made
faster: positions from a real game and from every variant, against values recorded from the
plain code (``eval_reference.py`` says how they were made, and when to rewrite them)."""

from __future__ import annotations

import json

import pytest

from eval_reference import FIXTURE, values_of

ENTRIES = json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e['position']['variant']}-{e['position'].get('ply', 0)}"
                                                for e in ENTRIES])
def test_points_and_look_ahead_values_are_unchanged(entry):
    found, recorded = values_of(entry["position"]), entry["values"]
    for side, values in recorded["points"].items():
        assert found["points"][side] == pytest.approx(values, rel=1e-9, abs=1e-9)
    assert found["one_move"] == pytest.approx(recorded["one_move"], rel=1e-9, abs=1e-9)
    assert found["one_move_plain"] == pytest.approx(recorded["one_move_plain"], rel=1e-9, abs=1e-9)
    assert found["two_move"] == pytest.approx(recorded["two_move"], rel=1e-9, abs=1e-9)


def test_the_reference_covers_the_look_ahead_s_special_cases():
    """The positions reach the branches the speed-ups touch: a quiet spell (the sail-off-and-
    attack link), and every variant."""
    positions = [e["position"] for e in ENTRIES]
    assert {p["variant"] for p in positions} == {"classic", "first-capture", "flagship-hunt",
                                                 "pitched-battle", "capture-the-base", "fleet-orders"}
    assert any(p.get("quiet_plies", 0) >= 50 for p in positions)
