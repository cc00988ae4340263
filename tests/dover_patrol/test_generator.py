"""The fast legal-action generator (bitboards) agrees with the slow per-piece walk, and
random_action draws exactly from legal_actions."""

import random

import pytest

from games.dover_patrol.rules import ENGINE

SETTINGS = [("classic", {}), ("classic", {"attack_contact": "orthogonal"}),
            ("classic", {"fb_jump_over_ships": True, "fb_jump_with_flag": True}),
            ("first-capture", {}), ("flagship-hunt", {}), ("pitched-battle", {"attack_contact": "orthogonal"}),
            ("capture-the-base", {}), ("capture-the-base", {"attack_contact": "orthogonal"}), ("fleet-orders", {})]


class Enumerator:
    """A stand-in generator whose random() walks through every index in turn."""

    def __init__(self, total):
        self.values = [(i + 0.5) / total for i in range(total)]

    def random(self):
        return self.values.pop(0)


@pytest.mark.parametrize("variant,options", SETTINGS, ids=[f"{v}{'-' + '-'.join(o) if o else ''}" for v, o in SETTINGS])
def test_fast_generator_matches_the_reference_walk(variant, options):
    rng = random.Random(variant)
    compared = 0
    for game in range(6):
        state = ENGINE.random_start(variant, options, rng=rng)
        while state.outcome() is None and state.ply < 400:
            fast = state.legal_actions()
            assert len(fast) == len(set(fast))
            assert sorted(map(str, fast)) == sorted(map(str, state.reference_actions()))
            if compared % 7 == 0:
                probe = state.clone()
                every_index = Enumerator(len(fast))
                drawn = [probe.random_action(every_index) for _ in fast]
                assert drawn == fast
            compared += 1
            state.play(state.random_action(rng))
    assert compared > 300


def test_legal_actions_keep_their_order_steps_by_direction_then_square():
    """Seeded computer players replay only if the order never changes: per direction (N, E, S,
    W) the plain steps, then the steps with an attack (by contact direction), each by square;
    Flying Boat jumps and wall crossings and steps onto a base come after them all."""
    rng = random.Random(11)
    checked = 0
    for _ in range(3):
        state = ENGINE.random_start("classic", {"attack_contact": "orthogonal"}, rng=rng)
        r = state.rules
        while state.outcome() is None and state.ply < 300:
            actions = state.legal_actions()
            if not any(state.flag_carrier) and state.pending_exit() is None:
                def walked(a):     # by the per-piece walks, listed last
                    return (abs(a.to - a.frm) not in (1, r.files) or a.frm * r.size + a.to in r.crossing
                            or r.is_base[a.to] >= 0)
                keys = []
                for a in actions:
                    if walked(a):
                        break
                    attack = r.deltas.index(a.attack - a.to) if a.attack >= 0 else -1
                    keys.append((r.deltas.index(a.to - a.frm), attack, a.to))
                assert keys == sorted(keys)
                assert all(walked(a) for a in actions[len(keys):])
                checked += 1
            state.play(state.random_action(rng))
    assert checked > 200
