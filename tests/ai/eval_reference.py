"""Reference values of the Dover Patrol evaluation and look-ahead, kept so that a speed-up of
``points``, the ways or ``two_move_value`` is shown to change no value.

The positions come from a real game (game 1 of ``tournament dover-patrol --a hard --b easy
--seed 7``, kept in ``records/``: hard plays North) and from random play in the other variants.
For each position the file keeps ``points`` for both sides (detailed and plain), every action's
value one move ahead, and the two-move value of the best few.

Rewrite the file ONLY when the evaluation is meant to change (a new term, a new weight):
``python tests/ai/eval_reference.py`` from the project folder (a minute).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from games.dover_patrol import ai
from games.dover_patrol.rules import ENGINE
from games.dover_patrol.rules.model import SIDES

FIXTURE = Path(__file__).with_name("eval_reference.json")
RECORD = Path(__file__).parent / "records" / "hard-v-easy-seed7-game0001.yaml"
GAME_PLIES = (40, 80, 120, 160, 200, 240, 280, 360, 440, 520, 600, 700, 800, 900, 1000)   # positions kept
VARIANT_PLIES = {"first-capture": 150, "flagship-hunt": 150, "pitched-battle": 250,
                 "capture-the-base": 150, "fleet-orders": 120}
DEEP = 6   # actions whose two-move value is kept (the best by one-move value)


def game_positions() -> list[dict]:
    """Positions of a stored game (``records/hard-v-easy-seed7-game0001.yaml``: hard plays North)
    at GAME_PLIES: read from the record, not played again, so the positions stay the same when
    the computer's play changes."""
    from navalgames.core.match import replay
    from navalgames.core.records import read_record
    record = read_record(RECORD)
    return [replay(record, upto=ply).to_position() for ply in GAME_PLIES if ply <= len(record.actions)]


def variant_positions() -> list[dict]:
    kept = []
    for variant, plies in VARIANT_PLIES.items():
        rng = random.Random(f"eval-reference:{variant}")
        state = ENGINE.random_start(variant, rng=rng)
        for _ in range(plies):
            if state.outcome() is not None:
                break
            state.apply(state.random_action(rng))
        kept.append(state.to_position())
    return kept


def values_of(position: dict) -> dict:
    """What the evaluation and the look-ahead make of ``position``."""
    state = ENGINE.from_position(position)
    side = state.to_act()
    actions = state.legal_actions()
    one = ai.one_move_values([state], side, actions)
    best = sorted(range(len(actions)), key=lambda i: (-one[i], i))[:DEEP]
    return {
        "points": {s: [ai.points(state, s, True), ai.points(state, s, False)] for s in SIDES},
        "one_move": one,
        "one_move_plain": ai.one_move_values([state], side, actions, detailed=False),
        "two_move": {str(i): ai.two_move_value(state, actions[i], side) for i in best},
    }


def main() -> None:
    entries = [{"position": p, "values": values_of(p)} for p in game_positions() + variant_positions()]
    FIXTURE.write_text(json.dumps(entries, indent=1) + "\n")
    print(f"{len(entries)} positions written to {FIXTURE}")


if __name__ == "__main__":
    main()
