"""Dover Patrol: the sure raid (``raid``). Only a Destroyer (4) or a Motor Torpedo Boat (2) sinks
the Flying Boat in an attack (the combat table, rows 4 and 2, column FB: A; every other row:
nothing happens), and no Mine or Mine Layer blows it up on arrival (rules, Contact on arrival).
So once the enemy has neither left, our boat can fly to the enemy base and take the flag
(rules, Flags: Capture) with nothing able to stop it."""

from __future__ import annotations

from games.dover_patrol.ai.raid import raid_plan, sure_raider
from games.dover_patrol.rules import ENGINE, SOUTH
from games.dover_patrol.rules.actions import Move

# After game 130 of `navalgames tournament dover-patrol --a hard --b normal --seed 7` (a0580bf),
# drawn by the quiet-turn rule with South's Flying Boat beside its own base: North's base f12
# held by its Submarine on f11 and Mine Sweeper on g12, our 4 boxed in on g11.
PIECES = {"south": {"c2": "FB", "g11": "4", "h10": "5", "g9": "1", "d1": "5", "b1": "MI"},
          "north": {"f11": "SS", "g12": "MS", "h11": "FB", "g10": "5", "e7": "ML"}}


def position(north_extra: dict | None = None, flags: dict | None = None, shown: bool = True):
    """The position, every North piece shown to South (``shown``) or only those of ``PIECES``."""
    pieces = {"south": PIECES["south"], "north": {**PIECES["north"], **(north_extra or {})}}
    revealed = list(pieces["north"]) if shown else list(PIECES["north"])
    data = {"game": "dover-patrol", "to_move": "south", "pieces": pieces,
            "revealed": {"north": revealed}}
    if flags:
        data["flags"] = flags
    return ENGINE.from_position(data)


def test_the_boat_flies_for_the_flag_once_no_4_or_2_is_left():
    state = position()
    grid = state.rules.grid
    assert state.kind[sure_raider(state, SOUTH)] == 14   # FB
    north_moves = iter(["e7-e6", "e6-e7"] * 20)   # North's Mine Layer marks time
    for _ in range(20):
        first = raid_plan(state, SOUTH)
        assert first is not None, "the boat stopped short of the base"
        state.apply(next(a for a in state.legal_actions() if isinstance(a, Move) and a.key == first))
        if state.flag_carrier[1]:
            break
        state.apply_text(next(north_moves))
    carrier = state.flag_carrier[1]
    assert carrier and state.kind[carrier] == 14 and state.owner[carrier] == SOUTH
    assert grid.name(state.pos[carrier]) == "f12"


def test_no_raid_while_a_4_or_a_2_is_afloat_or_the_flag_is_away():
    assert sure_raider(position({"a8": "4"}), SOUTH) == 0
    assert sure_raider(position({"a8": "2"}), SOUTH) == 0
    assert sure_raider(position({"a8": "3"}), SOUTH)          # a 3 does nothing to a boat
    # ... but South has not seen it: it may be a 4 as far as South knows
    assert sure_raider(position({"a8": "3"}, shown=False), SOUTH) == 0
    # North's flag already carried (by its own Submarine): there is nothing on the base to take
    assert sure_raider(position(flags={"north": "f11"}), SOUTH) == 0
