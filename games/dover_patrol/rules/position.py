"""Positions: the YAML-friendly dict format of docs/dover_patrol.md, both ways.

    game: dover-patrol
    variant: classic                 # default classic
    options: {}                      # rule option overrides
    to_move: south                   # default south
    pieces:
      south: {c2: "10", a4: "4", b4: MS}
      north: {a5: MI, f11: "10", h9: FB}
    flags:                           # variants with flags; default: each flag on its base
      south: base                    # on its own base
      north: a4                      # carried by the piece on a4 (or lying there if none)
                                     # {square: d5, loose: true, mine_dropped: true}: lying on d5

Optional keys that carry the rest of a game in progress: ``revealed`` / ``moved`` (per side, the
squares of pieces shown to the enemy / that have moved), ``transfer`` (per side, pairs of squares
that may hand a flag over on that side's next turn), ``fleet_turn`` ({moved: [...], attacked: [...], acted: true}: Fleet
Orders pieces already used this turn), ``quiet_plies``, ``ply``, ``first_player`` and ``to_deploy`` (sides still
to deploy: the game is then in its setup phase).
"""

from __future__ import annotations

from typing import Any, Mapping

from navalgames.core.quote import short
from navalgames.core.state import PositionError

from .model import CODE_ORDER, KIND_CODES, KIND_OF_CODE, MI, SIDE_INDEX, SIDES, GameData
from .tables import compile_rules

KEYS = ("game", "variant", "options", "to_move", "pieces", "flags", "revealed", "moved", "transfer",
        "fleet_turn", "quiet_plies", "ply", "first_player", "to_deploy")


def from_position(data: GameData, position: Mapping[str, Any]):
    from .state import PLAY, SETUP, DoverState
    if not isinstance(position, Mapping):
        raise PositionError("a position must be a mapping (game, variant, pieces, ...)")
    extra = [k for k in position if k not in KEYS]
    if extra:
        raise PositionError(f"unknown key {short(extra[0])} in position: expected {', '.join(KEYS)}")
    game = position.get("game", "dover-patrol")
    if game != "dover-patrol":
        raise PositionError(f"game: expected dover-patrol, got {short(game)}")
    variant = position.get("variant", "classic")
    if not isinstance(variant, str):
        raise PositionError(f"variant: expected a variant name like classic, got {short(variant)}")
    options = position.get("options") or {}
    if not isinstance(options, Mapping):
        raise PositionError("options: expected a mapping of rule options")
    try:
        rules = compile_rules(data, variant, options)
    except ValueError as exc:
        raise PositionError(str(exc)) from None
    grid = rules.grid
    state = DoverState(rules)

    def square(value: Any, where: str) -> int:
        if not isinstance(value, str):
            raise PositionError(f"{where}: expected a square like a4, got {short(value)}")
        try:
            return grid.parse(value)
        except ValueError as exc:
            raise PositionError(f"{where}: {exc}") from None

    def side_of(value: Any, where: str) -> int:
        if not isinstance(value, str) or value not in SIDE_INDEX:
            raise PositionError(f"{where}: expected south or north, got {short(value)}")
        return SIDE_INDEX[value]

    to_deploy = position.get("to_deploy") or []
    if not isinstance(to_deploy, list):
        raise PositionError("to_deploy: expected a list of sides")
    undeployed = {side_of(s, "to_deploy") for s in to_deploy}

    pieces = position.get("pieces") or {}
    if not isinstance(pieces, Mapping):
        raise PositionError("pieces: expected {south: {square: code}, north: {...}}")
    taken: dict[int, str] = {}
    for name in pieces:
        side_of(name, "pieces")
    for side in (0, 1):
        fleet = pieces.get(SIDES[side]) or {}
        if not isinstance(fleet, Mapping):
            raise PositionError(f"pieces.{SIDES[side]}: expected a mapping of square: code")
        if fleet and side in undeployed:
            raise PositionError(f"pieces.{SIDES[side]}: {SIDES[side]} is still to deploy (to_deploy)")
        placement = []
        counts = [0] * 16
        for sq_name, code in fleet.items():
            sq = square(sq_name, f"pieces.{SIDES[side]}")
            code_text = str(code).strip().upper() if isinstance(code, (str, int)) else ""
            if code_text not in KIND_OF_CODE:
                raise PositionError(f"pieces.{SIDES[side]}.{sq_name}: expected a piece code "
                                    f"({' '.join(CODE_ORDER)}), got {short(code)}")
            if sq in taken:
                raise PositionError(f"pieces.{SIDES[side]}.{sq_name}: {grid.name(sq)} already holds "
                                    f"a {taken[sq]} piece")
            taken[sq] = SIDES[side]
            k = KIND_OF_CODE[code_text]
            counts[k] += 1
            if counts[k] > rules.counts[k]:
                raise PositionError(f"pieces.{SIDES[side]}: {counts[k]} x {code_text}, but the "
                                    f"{rules.variant.id} fleet has {rules.counts[k]}")
            placement.append((sq, k))
        state.place_fleet(side, placement)
        state.deployed[side] = side not in undeployed

    at = state.board
    owner = state.owner

    def own_piece(value: Any, side: int, where: str) -> int:
        sq = square(value, where)
        p = at[sq]
        if not p or owner[p] != side:
            raise PositionError(f"{where}: no {SIDES[side]} piece on {grid.name(sq)}")
        return p

    flags = position.get("flags") or {}
    if flags and not rules.flags:
        raise PositionError(f"flags: the {rules.variant.id} variant has no flags")
    if not isinstance(flags, Mapping):
        raise PositionError("flags: expected {south: base|SQUARE, north: base|SQUARE}")
    for name, value in flags.items():
        f = side_of(name, "flags")
        where = f"flags.{name}"
        loose, mine = None, False
        if isinstance(value, Mapping):
            unknown = [k for k in value if k not in ("square", "loose", "mine_dropped")]
            if unknown or "square" not in value:
                raise PositionError(f"{where}: expected {{square: SQ, loose: true|false, mine_dropped: true|false}}")
            loose, mine = value.get("loose"), value.get("mine_dropped", False)
            if not isinstance(loose, (bool, type(None))) or not isinstance(mine, bool):
                raise PositionError(f"{where}: loose and mine_dropped are true or false")
            value = value["square"]
        if value == "base":
            state.flag_sq[f] = rules.bases[f]
            continue
        sq = square(value, where)
        p = at[sq]
        if loose is None:
            # a flag on a base square where that base's own piece stands has been deposited
            loose = not p or rules.is_base[sq] == owner[p]
        if loose:
            state.flag_sq[f] = sq
            state.flag_mine[f] = mine and rules.is_base[sq] < 0
        else:
            if not p:
                raise PositionError(f"{where}: no piece on {grid.name(sq)} to carry the flag")
            if not rules.carries[state.kind[p]]:
                raise PositionError(f"{where}: a {rules.kind_names[state.kind[p]]} cannot carry a flag")
            if state._carries(p):
                raise PositionError(f"{where}: the piece on {grid.name(sq)} already carries a flag")
            state.flag_carrier[f] = p
            state.flag_sq[f] = -1

    for f in (0, 1):
        # Ruling (docs/dover_patrol.md, Flags): an enemy piece that enters a base where the flag
        # lies captures it on arrival, so the flag cannot still lie there beside it.
        base = rules.bases[f] if rules.flags else -1
        if base >= 0 and not state.flag_carrier[f] and state.flag_sq[f] == base and \
                at[base] and owner[at[base]] != f:
            raise PositionError(f"flags.{SIDES[f]}: the {SIDES[1 - f]} piece on {grid.name(base)} "
                                f"would have captured the flag there: write flags.{SIDES[f]}: "
                                f"{grid.name(base)} (carried by it)")

    for key, bit_name in (("revealed", "pub"), ("moved", "moved")):
        value = position.get(key) or {}
        if not isinstance(value, Mapping):
            raise PositionError(f"{key}: expected {{south: [squares], north: [squares]}}")
        for name, squares in value.items():
            side = side_of(name, key)
            if not isinstance(squares, list):
                raise PositionError(f"{key}.{name}: expected a list of squares")
            for s in squares:
                p = own_piece(s, side, f"{key}.{name}")
                if key == "revealed":
                    state.pub[p] = 1 << state.kind[p]
                else:
                    if state.kind[p] == MI:
                        raise PositionError(f"{key}.{name}: the piece on {s} is a Mine, which never moves")
                    state.moved[p] = True
                    state.pub[p] &= ~(1 << MI)

    to_move = side_of(position.get("to_move", "south"), "to_move")
    transfer = position.get("transfer") or {}
    if not isinstance(transfer, Mapping):
        raise PositionError("transfer: expected {south: [[c5, c6], ...], north: [...]}")
    for name, pairs in transfer.items():
        side = side_of(name, "transfer")
        if not isinstance(pairs, list):
            raise PositionError(f"transfer.{name}: expected a list of [square, square] pairs")
        window = []
        for pair in pairs:
            if not isinstance(pair, list) or len(pair) != 2:
                raise PositionError(f"transfer.{name}: expected pairs like [c5, c6]")
            a, b = (own_piece(sq, side, f"transfer.{name}") for sq in pair)
            if state.pos[b] not in rules.steps[state.pos[a]]:
                raise PositionError(f"transfer.{name}: {pair[0]} and {pair[1]} are not side by side")
            window.append((a, b))
        state.window[side] = tuple(window)

    fleet_turn = position.get("fleet_turn") or {}
    if fleet_turn:
        if not rules.fleet_orders or not isinstance(fleet_turn, Mapping):
            raise PositionError("fleet_turn: only for Fleet Orders, as {moved: [...], attacked: [...]}")
        for key in fleet_turn:
            if key not in ("moved", "attacked", "acted"):
                raise PositionError(f"fleet_turn: unknown key {short(key)}: expected moved, attacked, acted")
        for key in ("moved", "attacked"):
            if not isinstance(fleet_turn.get(key) or [], list):
                raise PositionError(f"fleet_turn.{key}: expected a list of squares, got {short(fleet_turn[key])}")
        if not isinstance(fleet_turn.get("acted", False), bool):
            raise PositionError(f"fleet_turn.acted: expected true or false, got {short(fleet_turn['acted'])}")
        for s in fleet_turn.get("moved") or []:
            state.fo_moved |= 1 << own_piece(s, to_move, "fleet_turn.moved")
        for s in fleet_turn.get("attacked") or []:
            state.fo_attacked |= 1 << own_piece(s, to_move, "fleet_turn.attacked")
        state.fo_acted = bool(state.fo_moved or state.fo_attacked or fleet_turn.get("acted"))

    for key in ("quiet_plies", "ply"):
        value = position.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise PositionError(f"{key}: expected a whole number >= 0, got {short(value)}")
    state.quiet = position.get("quiet_plies", 0)
    state.ply = position.get("ply", 0)

    if undeployed:
        state.phase = SETUP
        state.turn = min(undeployed)
        return state
    first = position.get("first_player")
    state.turn = to_move
    state.phase = PLAY
    state.begin_play(to_move)
    state.first = side_of(first, "first_player") if first is not None else to_move
    return state


def to_position(state) -> dict[str, Any]:
    from .state import SETUP
    r = state.rules
    names = r.names
    out: dict[str, Any] = {"game": "dover-patrol", "variant": r.variant.id, "options": dict(r.options),
                           "to_move": SIDES[state.turn]}
    pieces: dict[str, dict[str, str]] = {}
    revealed: dict[str, list[str]] = {}
    moved: dict[str, list[str]] = {}
    for side in (0, 1):
        fleet = {}
        for p in sorted(state.alive[side], key=lambda p: state.pos[p]):
            sq = names[state.pos[p]]
            fleet[sq] = KIND_CODES[state.kind[p]]
            if state.pub[p] == 1 << state.kind[p]:
                revealed.setdefault(SIDES[side], []).append(sq)
            if state.moved[p]:
                moved.setdefault(SIDES[side], []).append(sq)
        pieces[SIDES[side]] = fleet
    out["pieces"] = pieces
    if r.flags:
        flags: dict[str, Any] = {}
        for f in (0, 1):
            c = state.flag_carrier[f]
            if c:
                flags[SIDES[f]] = names[state.pos[c]]
                continue
            sq = state.flag_sq[f]
            p = state.board[sq]
            if sq == r.bases[f]:
                flags[SIDES[f]] = "base"
            elif state.flag_mine[f] or (p and r.is_base[sq] != state.owner[p]):
                flags[SIDES[f]] = {"square": names[sq], "loose": True, "mine_dropped": state.flag_mine[f]}
            else:
                flags[SIDES[f]] = names[sq]
        out["flags"] = flags
    if revealed:
        out["revealed"] = revealed
    if moved:
        out["moved"] = moved
    transfer = {}
    for side in (0, 1):
        pairs = [[names[state.pos[a]], names[state.pos[b]]] for a, b in state.window[side]
                 if state.pos[a] >= 0 and state.pos[b] >= 0]
        if pairs:
            transfer[SIDES[side]] = pairs
    if transfer:
        out["transfer"] = transfer
    if r.fleet_orders and state.fo_acted:
        ids = lambda bits: [names[sq] for sq in sorted(  # noqa: E731
            state.pos[p] for p in range(1, len(state.kind)) if bits >> p & 1 and state.pos[p] >= 0)]
        out["fleet_turn"] = {"moved": ids(state.fo_moved), "attacked": ids(state.fo_attacked), "acted": True}
    if state.quiet:
        out["quiet_plies"] = state.quiet
    if state.ply:
        out["ply"] = state.ply
    if state.phase == SETUP:
        out["to_deploy"] = [SIDES[s] for s in (0, 1) if not state.deployed[s]]
    elif state.first is not None and state.first != state.turn:
        out["first_player"] = SIDES[state.first]
    return out
