"""Naval Blockade rules engine (pure Python: no arcade, no pyglet, no file reading).

API NOTE for the UI and the AI
==============================

Starting a game
    from games.naval_blockade.rules import ENGINE
    state = ENGINE.new_game("standard", {"max_range": 10})   # options: see data/options.yaml
    state = ENGINE.from_position(yaml_dict)                   # docs/naval_blockade.md, "Positions"
A ``navalgames.core.match.Match`` drives a state: it resolves every chance node (dice, the toss,
generated layouts) with the game's seeded generator and records it, so records replay exactly.

Sides and whose decision
    ``state.to_act()`` is "runner", "blockader", ``CHANCE`` or None (over). Indices: RUNNER = 0,
    BLOCKADER = 1 (``SIDES``). ``state.stage`` says what is being decided:
      start    a new game opens here (rule 1: ships before terrain): the Runner chooses
               ``start l1``/``start m1``, then the Blockader one of its corner squares
               (``state.start_square_choices(side)`` also gives refused ones and why)
      toss     CHANCE: Toss outcomes ``toss:runner`` / ``toss:blockader``, 1/2 each
      terrain  the toss winner: ``generate`` (then stage layout, CHANCE over ``layout:N``),
               ``scenario:NAME`` (listed when clear of the ships), or ``terrain i:g10,g11,g12,f11,h11
               i:... r:c8 r:t15`` (any legal layout; not listed in legal_actions, apply() validates
               it, rule 2). ``state.layout_problems(islands, rocks, full)`` checks a layout in
               progress against rule 2 and the placed ships ("rock 1 covers the Blockader at w23").
               Then the loser of the toss is to move.
      move     the side to move: ``port`` / ``ahead`` / ``starboard`` (Helm: heading change then
               the one compulsory move), or ``offer-stop``
      answer   the other side: ``accept-stop`` (game ends on points) / ``refuse-stop``
      fire     CHANCE: one roll per gun that bears, ``state.volley`` = guns still to roll in order
               (bow, starboard, stern, port); outcomes D4 1/6, H2 1/6, H1 1/6, M 1/2
      course   the disabled ship (``state.disabled``): port / ahead / starboard, its one course change
      six      the firer: single move ``state.six_made + 1`` of six (Helm actions again)
      over     ``state.outcome()`` -> Outcome(winner "runner"/"blockader"/None, reason);
               ``state.ending``: escape, harbour, ashore, ram, armoured-bow, points or resign
    ``resign`` (Resign) is accepted at any decision of a side but never listed in legal_actions.
    The disabled ship's straight-ahead recovery move is automatic (applied with the sixth move),
    then it fires (stage fire again), then the firer's side moves.

State fields to read (never write): ``at[side]`` square int (-1 before the start),
``heading[side]`` 0..7 = N NE E SE S SW W NW, ``points[side]``, ``moves[side]``,
``terrain.islands`` (tuples of squares), ``terrain.rocks``, ``terrain.land[sq]``,
``rules.size``/``rules.max_range``/``rules.values`` (options). Squares are ints
``rank * size + file`` (``navalgames.core.grid.Grid``): ``state.terrain.grid.name(sq)`` -> "k12".

Acting
    ``state.legal_actions()``, ``state.apply(action) -> list[Event]`` (IllegalAction with a reason),
    ``state.advance(action)`` (the same without events: search hot path), ``state.clone()``,
    ``state.chance_outcomes()``, ``state.parse_action(text)``, ``state.to_position()``.
    Event kinds: toss, generate, terrain, start, move (details: ship, from, to, heading, move =
    move/six/recovery, helm, step), bear (ship, guns, return_fire), fire (ship, gun, roll,
    points), disabled (ship), course (ship, helm, heading), ram (ship, target, at, head_on),
    offer, answer, end (winner, ending = escape/harbour/ashore/ram/points).

Overlays (pure functions in .overlays, squares as ints or names)
    guns_bearing(state, side) -> [(gun, bears, reason)]     each gun in firing order
    arc_squares(state, side, gun, clear_only=False) -> [sq] sea squares in range and arc
    in_arc(state, side, gun, sq) -> bool
    line_of_fire(state_or_terrain, a, b) -> (clear, blocking_island_index or None)
    range_between(state, a, b) -> int                       files + ranks (rule 12)
    steering_destinations(state, side=None) -> [Steer(action, heading, square, status, legal)]
        status: sea, ram, escape, land, off board, harbour, not yet (disabled ship before move 6)

Fast playouts: ``games.naval_blockade.rules.playout.random_playout(state, rng)``.
"""

from .actions import (BLOCKADER, FIRING_DIE, GUN_NAMES, GUNS, HELMS, RUNNER, SHIP_GUNS, SIDES,
                      ChooseScenario, Generate, Helm, Layout, PlaceTerrain, Resign, Roll, Start,
                      StopAnswer, StopOffer, Toss, parse_action)
from .engine import BlockadeEngine
from .geometry import HEADING_NAMES, arcs_containing, square_range
from .model import BlockadeData, Rules, Scenario
from .overlays import (Steer, arc_squares, guns_bearing, in_arc, line_of_fire, range_between,
                       steering_destinations)
from .state import BlockadeState
from .terrain import Pentomino, Terrain, check_layout, generate_layout


def _load_data() -> BlockadeData:
    # The data files are read outside the engine, by the game's loader, on first use.
    from games.naval_blockade.loader import load_data
    return load_data()


ENGINE = BlockadeEngine(_load_data)

__all__ = [
    "ENGINE", "BlockadeEngine", "BlockadeState", "BlockadeData", "Rules", "Scenario", "Terrain",
    "Pentomino", "check_layout", "generate_layout", "RUNNER", "BLOCKADER", "SIDES", "GUNS",
    "GUN_NAMES", "SHIP_GUNS", "HELMS", "FIRING_DIE", "HEADING_NAMES", "Helm", "Roll", "Toss",
    "PlaceTerrain", "ChooseScenario", "Generate", "Layout", "Start", "StopOffer", "StopAnswer", "Resign",
    "parse_action", "arcs_containing", "square_range", "guns_bearing", "arc_squares", "in_arc",
    "line_of_fire", "range_between", "steering_destinations", "Steer",
]
