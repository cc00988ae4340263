"""Dover Patrol rules engine: pure Python (no arcade, no pyglet, no file reading).

API NOTE for the UI and the AI
==============================

Starting a game
    from games.dover_patrol.rules import ENGINE
    state = ENGINE.new_game("classic", {"attack_contact": "facing"})   # setup phase
    state = ENGINE.from_position(yaml_dict)          # docs/dover_patrol.md "Positions"
    state = ENGINE.random_start("classic", rng=random.Random(1))  # both fleets deployed at random
Variants: classic, first-capture, flagship-hunt, pitched-battle, capture-the-base, fleet-orders
(``ENGINE.variants()`` gives names, descriptions and each variant's RuleOptions).

Setup phase (``state.phase == "setup"``)
    South deploys, then North, each with ONE action placing its whole fleet:
        Deploy(side, [(square, kind), ...], grid)   notation: ``deploy south a1=1 b1=ML a2=MI ...``
    ``apply`` validates it (counts, setup zone, base left empty, one odd piece) and refuses with a
    message a player understands; ``setup.deployment_problems(rules, side, placement)`` lists every
    problem at once (for a deployment screen). ``legal_actions()`` during setup lists the
    variant's presets plus four fixed random deployments (any legal deployment is accepted).
    ``ENGINE.random_deployment(variant, side, rng)``, ``ENGINE.preset_deployment(variant, id, side)``,
    ``ENGINE.presets(variant)`` (Preset: id, name, description, placement from South's seat).
    Squares of the zone: ``state.rules.setup_squares(side_index)`` -> (main squares, odd rank).
    Who moves first: option ``first_player`` = lot (default; a coin drawn from a hash of both
    deployments' notation: neither player can steer it, and records replay exactly) | south | north.
    The "lot" event says who starts. No chance nodes anywhere in this game.

Playing (``state.phase == "play"``; ``"over"`` at the end)
    ``state.to_act()`` -> "south" / "north" / None. ``state.legal_actions()`` -> actions
    (Move ``a4-a5``, ``a4-a5xa6``, jump ``b5-b7``; Transfer ``c5>c6``; Fleet Orders: Move (one or
    two squares), Attack ``a5xa6``, END ``end``). ``state.apply(action or text) -> [Event]``
    (IllegalAction with the reason); ``state.play(action)`` (alias ``advance``): same without
    checks or events (search hot path); ``state.random_action(rng)``: a uniformly drawn legal
    action (rollouts). ``legal_actions()`` hands out the state's own list, shared with its clones:
    read it, copy it before changing it. ``state.clone()``; ``state.outcome()`` -> Outcome(winner|None, reason).
    Squares are ints (``state.rules.names[sq]`` -> "c4", ``state.rules.grid.parse("c4")``);
    Move.frm / .to / .attack (-1 if none), Transfer.frm / .to, Attack.frm / .target.
    ``state.pending_exit()``: square of the piece that must leave a base this turn.
    Running aground happens by itself (an "aground" event) when the carrier cannot leave.
    Fleet Orders: several actions per turn, each piece moves at most once and attacks at most
    once; ``end`` (legal after at least one move or attack) passes the turn.
    ``state.pass_turn()``: a null move for searches (as python-chess has), never legal in play;
    single-action variants only.

Observation (``state.observation("south")`` -> frozen ``Observation``, no leaks)
    pieces: PieceView(id, side, square|None once removed, kind code or None for an unknown enemy,
    possible: frozenset of codes it may still be, moved, revealed, carries) for every deployed
    piece of both sides; flags: FlagView(side, square, carrier id, on_base, mine_dropped);
    transfer_window, pending_exit, Fleet Orders turn_moved/turn_attacked/turn_acted, ply,
    quiet_plies, phase, to_act, variant, options, outcome. Helpers: piece_at(sq), own(), enemy(),
    removed(side). Ids are numbered in square order at deployment: an id never tells a kind.
    ``state.sample(observation, rng)`` -> a full DoverState consistent with it (for ISMCTS);
    ``state.determinize(side, rng)``: the same as ``sample(observation(side))``, faster (no
    observation built; ~0.1 ms).

Events (``Event.kind``; ``text`` never names a hidden identity; ``details`` may: ``piece`` in
move, jump, explosion and aground is the acting side's own piece code, private to that side.
Show a player ``visible_event(event, side)``, which drops those details for the other side)
    deploy, lot, move, jump, reveal (Flying Boat jumped or crossed a wall; Capturing the Base:
    a Mine Layer declined a compulsory attack), explosion (contact
    on arrival: side, square, piece, by, at), attack (attacker, frm, defender, at, result A/D/B/.),
    capture, pickup, deposit, flag (changed hands or lies loose), transfer, aground, end (Fleet
    Orders end of turn), over (the game's end: ``winner`` south/north/none, text = the reason).
"""

from .actions import END, Attack, Deploy, EndTurn, Move, Transfer, parse_action
from .engine import DoverEngine
from .model import (FB, KIND_CODES, KIND_OF_CODE, MI, ML, MS, NORTH, SIDES, SOUTH, SS, GameData,
                    Preset, Variant)
from .observation import FlagView, Observation, PieceView, visible_event
from .setup import (check_deployment, deployment_choices, deployment_problems, preset_deployment,
                    random_deployment)
from .state import OVER, PLAY, SETUP, DoverState
from .tables import Rules, compile_rules


def _load_data() -> GameData:
    # The data files are read outside the engine, by the game's loader, on first use.
    from games.dover_patrol.data_loader import load_game_data
    return load_game_data()


ENGINE = DoverEngine(_load_data)

__all__ = [
    "ENGINE", "DoverEngine", "DoverState", "Rules", "compile_rules", "GameData", "Variant", "Preset",
    "Move", "Transfer", "Attack", "EndTurn", "END", "Deploy", "parse_action",
    "Observation", "PieceView", "FlagView", "visible_event", "SOUTH", "NORTH", "SIDES", "KIND_CODES", "KIND_OF_CODE",
    "MS", "SS", "ML", "FB", "MI", "SETUP", "PLAY", "OVER", "check_deployment", "deployment_problems",
    "deployment_choices", "random_deployment", "preset_deployment",
]
