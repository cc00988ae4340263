"""Positions: a state as the plain YAML-friendly dict documented in docs/naval_blockade.md.

The issue's keys (game, options, to_move, runner, blockader, islands, rocks, points) describe a
ship to move; the optional keys below let a position stop anywhere, mid-sequence included:

    stage: move            start | toss | terrain | layout | move | answer | fire | course | six | over
    toss_winner: runner    who placed the terrain (the other side moved first); not before the toss
    moves: {runner: 0, blockader: 0}   moves made toward max_moves
    disabled: blockader    the ship stopped by a D4 (stages course and six)
    six_moves_made: 2      single moves the firer has made so far (stage six)
    firing: {guns: [starboard, port], return_fire: false, d4_rolled: false, after_move_of: runner}
    stop_refused: true     the side to move offered to stop this turn and was refused
    outcome: {winner: runner, reason: ..., ending: escape}   (stage over)
"""

from __future__ import annotations

from typing import Any, Mapping

from navalgames.core.data import DataError, Node
from navalgames.core.grid import Heading
from navalgames.core.quote import short
from navalgames.core.state import CHANCE, Outcome, PositionError

from .actions import GUNS, SHIP_GUNS, SIDES
from .geometry import HEADING_NAMES
from .state import (ANSWER, COURSE, FIRE, LAYOUT, MOVE, OVER, SETUP_STAGES, SIX, START, TERRAIN,
                    TOSS, BlockadeState, square_name)
from .terrain import check_layout, ship_problems, terrain_for

ENDINGS = ("escape", "harbour", "ashore", "ram", "armoured-bow", "points", "resign")
STAGES = (START, TOSS, TERRAIN, LAYOUT, MOVE, ANSWER, FIRE, COURSE, SIX, OVER)


def to_position(state: BlockadeState) -> dict[str, Any]:
    rules, n = state.rules, state.rules.size
    pos: dict[str, Any] = {"game": "naval-blockade"}
    overrides = rules.overrides()
    if overrides:
        pos["options"] = overrides
    if state.stage != MOVE:
        pos["stage"] = state.stage
    pos["to_move"] = SIDES[state.side]
    if state.toss_winner >= 0:
        pos["toss_winner"] = SIDES[state.toss_winner]
    for side in (0, 1):
        if state.at[side] >= 0:
            pos[SIDES[side]] = {"at": square_name(state.at[side], n),
                                "heading": HEADING_NAMES[state.heading[side]]}
    pos["islands"] = [[square_name(sq, n) for sq in island] for island in state.terrain.islands]
    pos["rocks"] = [square_name(sq, n) for sq in state.terrain.rocks]
    pos["points"] = {"runner": state.points[0], "blockader": state.points[1]}
    pos["moves"] = {"runner": state.moves[0], "blockader": state.moves[1]}
    if state.stage in (COURSE, SIX):
        pos["disabled"] = SIDES[state.disabled]
    if state.stage == SIX:
        pos["six_moves_made"] = state.six_made
    if state.stage == FIRE:
        pos["firing"] = {"guns": list(state.volley), "return_fire": state.return_volley,
                         "d4_rolled": state.disable_pending, "after_move_of": SIDES[state.mover]}
    if state.stage == MOVE and state.offered:
        pos["stop_refused"] = True
    if state.result is not None:
        pos["outcome"] = {**state.result.as_dict(), "ending": state.ending}
    return pos


def from_position(data: Mapping[str, Any], make_rules) -> BlockadeState:
    """Build a state; PositionError (one line) for anything malformed or breaking rule 2."""
    try:
        return _from_position(Node(data, "position"), make_rules)
    except DataError as exc:
        raise PositionError(str(exc)) from None


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"got {short(value)}")
    return value


def _side(node: Node, key: str, default: Any = None) -> int:
    return SIDES.index(node.choice(key, SIDES, default) if default is not None else node.choice(key, SIDES))


def _from_position(root: Node, make_rules) -> BlockadeState:
    root.mapping()
    root.only_keys("game", "options", "stage", "to_move", "toss_winner", "runner", "blockader",
                   "islands", "rocks", "points", "moves", "disabled", "six_moves_made", "firing",
                   "stop_refused", "outcome")
    game = root.get("game", str, "naval-blockade")
    if game != "naval-blockade":
        raise root.error(f"this is a {short(game)} position, not naval-blockade", "game")
    options_node = root.child("options", {})
    options = options_node.value if options_node.value is not None else {}
    if not isinstance(options, dict):
        raise options_node.error("expected a mapping of rule options")
    try:
        rules = make_rules(options)
    except ValueError as exc:
        raise options_node.error(str(exc)) from None
    n = rules.size
    state = BlockadeState(rules)
    grid = state.terrain.grid
    stage_default = OVER if root.child("outcome", None).value is not None else MOVE
    stage = root.choice("stage", STAGES, stage_default)

    # terrain (rule 2): study positions may hold fewer pieces than the box, never more
    islands_node, rocks_node = root.child("islands", []), root.child("rocks", [])
    islands = [tuple(s.as_type(str) for s in i.elements()) for i in islands_node.elements()]
    rocks = [r.as_type(str) for r in rocks_node.elements()]
    problems, isl, rk = check_layout(grid, islands, rocks, full=False)
    if problems:
        raise PositionError(f"position breaks rule 2: {'; '.join(problems)}")
    state.terrain = terrain_for(n, isl, rk, rules.graze_blocks)
    if stage in SETUP_STAGES and (isl or rk):
        raise root.error(f"no terrain is placed yet at stage {stage}", "islands" if isl else "rocks")

    needs_ships = stage != START      # rule 1: both ships are placed before the toss
    for side, name in enumerate(SIDES):
        ship = root.child(name, None)
        if ship.value is None:
            if needs_ships:
                raise root.error("missing (required): the ship's square and heading", name)
            continue
        ship.only_keys("at", "heading")
        sq = ship.child("at").convert(lambda v: grid.parse(_text(v)), "a square")
        heading = ship.child("heading").convert(lambda v: int(Heading.parse(_text(v))), "a heading")
        if state.terrain.land[sq]:
            island = state.terrain.island_at.get(sq)
            what = f"island {island + 1}" if island is not None else "a rock"
            raise PositionError(f"position breaks rule 2: the {name} at {square_name(sq, n)} is on {what}")
        state.at[side], state.heading[side] = sq, heading
    if state.at[0] >= 0 and state.at[0] == state.at[1] and stage != OVER:   # only after a ram
        raise PositionError(f"both ships are on {square_name(state.at[0], n)}")
    if stage in SETUP_STAGES:
        # Ruling (docs/naval_blockade.md, Positions): during setup a placed ship stands where
        # rule 1 put it, on one of its start squares with that square's heading.
        for side, name in enumerate(SIDES):
            if state.at[side] >= 0:
                here = (square_name(state.at[side], n), state.heading[side])
                starts = [(sq, h) for sq, h, _ in state.start_square_choices(side)]
                if here not in starts:
                    raise root.error(f"at stage {stage} the {name} must stand on a start square "
                                     f"with its start heading ({', '.join(sq for sq, _ in starts)})",
                                     name)
        # before the terrain a ship must have a first move, or no layout could satisfy rule 2
        stranded = ship_problems(grid, (), state.placed_ships())
        if stranded:
            raise PositionError(f"position breaks rule 2: {stranded[0]}")

    for key, target in (("points", state.points), ("moves", state.moves)):
        node = root.child(key, {})
        node.only_keys(*SIDES)
        for side, name in enumerate(SIDES):
            value = node.get(name, int, 0)
            if value < 0:
                raise node.error("expected a whole number, 0 or more", name)
            target[side] = value

    state.stage = stage
    state.side = _side(root, "to_move", "runner")
    if root.child("toss_winner", None).value is not None:
        state.toss_winner = _side(root, "toss_winner")
    state.actor = SIDES[state.side]

    if stage == OVER:
        out = root.child("outcome")
        out.only_keys("winner", "reason", "ending")
        winner = out.choice("winner", SIDES + ("none",))
        state.result = Outcome(None if winner == "none" else winner, out.get("reason", str))
        state.ending = out.choice("ending", ENDINGS, "points")
        state.actor = None
        return state
    if root.child("outcome", None).value is not None:
        raise root.error("only a finished game (stage over) has an outcome", "outcome")
    if state.at[0] >= 0 and state.at[0] >= n * (n - 1):
        raise PositionError(f"the runner on {square_name(state.at[0], n)} has already escaped: "
                            f"give stage: over and an outcome")

    if stage in (TOSS, LAYOUT):
        state.actor = CHANCE
    if stage in (START, TOSS) and state.toss_winner >= 0:
        raise root.error("the toss comes after both ships are placed (rules 1-2)", "toss_winner")
    if stage in (TERRAIN, LAYOUT) and state.toss_winner < 0:
        raise root.error("missing (required) after the toss: who won the toss", "toss_winner")
    if stage == TERRAIN:
        state.side, state.actor = state.toss_winner, SIDES[state.toss_winner]
    if stage == START:
        if state.at[0] < 0 and state.at[1] >= 0:
            raise root.error("the Runner's start is chosen first, then the Blockader's", "runner")
        state.side = 0 if state.at[0] < 0 else 1
        state.actor = SIDES[state.side]
        if state.at[1] >= 0:
            raise root.error("both ships have started: use stage toss", "stage")
    if stage in (COURSE, SIX):
        disabled = _side(root, "disabled")
        expected = state.side if stage == COURSE else 1 - state.side
        if disabled != expected:
            raise root.error(f"at stage {stage} the disabled ship is the {SIDES[expected]}", "disabled")
        state.disabled = disabled
    if stage == SIX:
        made = root.get("six_moves_made", int, 0)
        if not 0 <= made <= 5:
            raise root.error("expected 0 to 5 single moves made", "six_moves_made")
        state.six_made = made
        if not state._six_moves():
            state._stranded(state.side, None)
    if stage == FIRE:
        fire = root.child("firing")
        fire.only_keys("guns", "return_fire", "d4_rolled", "after_move_of")
        guns = fire.get("guns", list)
        for gun in guns:
            if gun not in SHIP_GUNS[state.side]:
                raise fire.error(f"the {SIDES[state.side]} has no {short(gun)} gun: expected "
                                 f"{', '.join(SHIP_GUNS[state.side])}", "guns")
        if not guns or sorted(guns, key=GUNS.index) != guns or len(set(guns)) != len(guns):
            raise fire.error("expected the guns still to roll, at least one, clockwise from the bow",
                             "guns")
        state.volley, state.volley_side = tuple(guns), state.side
        state.return_volley = fire.get("return_fire", bool, False)
        state.disable_pending = fire.get("d4_rolled", bool, False)
        state.mover = _side(fire, "after_move_of", SIDES[state.side])
        state.actor = CHANCE
    if stage == ANSWER:
        state.offered = True
    if stage == MOVE:
        state._begin_turn(state.side, None)    # the move limit, or a ship with nowhere to go
        if state.stage == MOVE:
            state.offered = root.get("stop_refused", bool, False)
    return state
