"""Reads Dover Patrol's YAML data into the engine's frozen dataclasses, checking every key.

The engine (``rules/``) never opens a file: this module reads ``data/`` and hands it over. A file
with a mistake is refused with a message naming the file, the key and what was expected, e.g.
``variants/classic.yaml: setup.ranks: expected an integer, got 'five'``.
"""

from __future__ import annotations

from functools import lru_cache

from navalgames.core.data import DataError, Node, list_package_files, load_package_yaml
from navalgames.core.grid import Grid
from navalgames.core.options import RuleOption

from .rules.model import (KIND_OF_CODE, SIDES, BoardData, CombatData, GameData, PieceKind, Preset,
                          SetupZone, Variant)

PACKAGE = "games.dover_patrol"
# The rule options the engine understands, with the type of their values.
KNOWN_OPTIONS = {"attack_contact": str, "fb_jump_over_ships": bool, "fb_jump_with_flag": bool,
                 "repetition_draw": int, "quiet_ply_limit": int, "first_player": str}
RESULTS = "ADB."


@lru_cache(maxsize=1)
def load_game_data() -> GameData:
    """Every data file of the game, validated (read once per process)."""
    return build_game_data(
        load_package_yaml(PACKAGE, "data/board.yaml"),
        load_package_yaml(PACKAGE, "data/pieces.yaml"),
        load_package_yaml(PACKAGE, "data/combat.yaml"),
        [load_package_yaml(PACKAGE, p) for p in list_package_files(PACKAGE, "data/variants")],
        [load_package_yaml(PACKAGE, p) for p in list_package_files(PACKAGE, "data/presets")],
    )


def build_game_data(board: Node, pieces: Node, combat: Node, variants: list[Node],
                    presets: list[Node]) -> GameData:
    """The same from already parsed nodes (tests feed broken files through here)."""
    board_data = load_board(board)
    kinds = load_pieces(pieces)
    combat_data = load_combat(combat)
    loaded = sorted((load_variant(v, kinds, combat_data) for v in variants), key=lambda v: v.order)
    by_id: dict[str, Variant] = {}
    for node, variant in zip(variants, loaded):
        if variant.id in by_id:
            raise DataError(node.file, "id", f"variant {variant.id!r} is defined twice")
        by_id[variant.id] = variant
    if not by_id:
        raise DataError("data/variants", "", "no variant files found")
    loaded_presets = tuple(load_preset(p, board_data, by_id) for p in presets)
    return GameData(board_data, kinds, combat_data, by_id, loaded_presets)


def _kind(node: Node) -> int:
    code = str(node.value).strip().upper() if node.value is not None else ""
    if code not in KIND_OF_CODE:
        raise node.error(f"expected a piece code (10 9 8 7 6 5 4 3 2 1 MS SS ML FB MI), got {node.value!r}")
    return KIND_OF_CODE[code]


def load_board(node: Node) -> BoardData:
    node.only_keys("files", "ranks", "sides", "bases", "harbours", "walls")
    files, ranks = node.get("files", int), node.get("ranks", int)
    sides = tuple(node.get("sides", list))
    if sides != SIDES:
        raise node.error(f"expected [south, north], got {sides!r}", "sides")
    grid = Grid(files, ranks)
    square = lambda n: n.convert(grid.parse, "a square")  # noqa: E731
    bases = node.child("bases").only_keys(*SIDES)
    harbours = node.child("harbours").only_keys(*SIDES)
    walls = frozenset(w.convert(grid.parse_wall, "a wall like b3|b4") for w in node.child("walls").elements())
    base_sqs = tuple(square(bases.child(s)) for s in SIDES)
    harbour_sets = tuple(frozenset(square(e) for e in harbours.child(s).elements()) for s in SIDES)
    for i, s in enumerate(SIDES):
        if base_sqs[i] not in harbour_sets[i]:
            raise bases.error(f"the {s} base must lie inside the {s} harbour", s)
    return BoardData(grid.with_walls(walls), base_sqs, harbour_sets)  # type: ignore[arg-type]


def load_pieces(node: Node) -> dict[int, PieceKind]:
    node.only_keys("kinds")
    kinds: dict[int, PieceKind] = {}
    for entry in node.child("kinds").elements():
        entry.only_keys("code", "name", "value", "count", "moves", "attacks", "carries_flag")
        k = _kind(entry.child("code"))
        if k in kinds:
            raise entry.error(f"piece {entry.child('code').value!r} is listed twice", "code")
        kinds[k] = PieceKind(
            kind=k, code=str(entry.child("code").value), name=entry.get("name", str),
            value=entry.get("value", (int, type(None))), count=entry.get("count", int),
            moves=entry.get("moves", bool, True), attacks=entry.get("attacks", bool, True),
            carries_flag=entry.get("carries_flag", bool, True))
    missing = [c for c, k in KIND_OF_CODE.items() if k not in kinds]
    if missing:
        raise node.error(f"missing piece kinds: {', '.join(missing)}", "kinds")
    return kinds


def load_combat(node: Node) -> CombatData:
    node.only_keys("columns", "tables", "contact")
    columns = [_kind(c) for c in node.child("columns").elements()]
    if sorted(columns) != sorted(KIND_OF_CODE.values()):
        raise node.error("expected every piece code exactly once", "columns")
    tables: dict[str, dict[tuple[int, int], str]] = {}
    for name, table in node.child("tables").items():
        cells: dict[tuple[int, int], str] = {}
        for code, row in table.items():
            attacker = _kind(Node(code, row.file, row.path))
            tokens = str(row.value).split()
            if len(tokens) != len(columns) or any(t not in RESULTS for t in tokens):
                raise row.error(f"expected {len(columns)} results, each one of A D B . , got {row.value!r}")
            for defender, result in zip(columns, tokens):
                cells[(attacker, defender)] = result
        tables[name] = cells
    spares: dict[int, frozenset[int]] = {}
    for code, entry in node.child("contact").items():
        entry.only_keys("spares")
        spares[_kind(Node(code, entry.file, entry.path))] = frozenset(
            _kind(e) for e in entry.child("spares").elements())
    return CombatData(tables, spares)


def load_variant(node: Node, kinds: dict[int, PieceKind], combat: CombatData) -> Variant:
    node.only_keys("id", "name", "order", "description", "walls", "flags", "bases", "win", "turn",
                   "attacks", "contact_explosions", "combat", "setup", "flying_boat_jump",
                   "long_moves", "pieces", "options")
    setup = node.child("setup").only_keys("ranks", "odd_rank")
    ranks, odd = setup.get("ranks", int), setup.get("odd_rank", int)
    if not 1 <= ranks < odd <= 6:
        raise setup.error(f"expected 1 <= ranks < odd_rank <= 6, got ranks {ranks}, odd_rank {odd}")
    table = node.get("combat", str)
    if table not in combat.tables:
        raise node.error(f"expected one of the combat.yaml tables ({', '.join(combat.tables)}), "
                         f"got {table!r}", "combat")
    pieces_node = node.child("pieces")
    if pieces_node.value == "full":
        pieces = {k: pk.count for k, pk in kinds.items()}
    else:
        pieces = {}
        for code, count in pieces_node.items():
            k = _kind(Node(code, count.file, count.path))
            n = count.as_type(int)
            if n < 0:
                raise count.error(f"expected a count of 0 or more, got {n}")
            pieces[k] = n
    long_moves = {}
    for code, how in node.child("long_moves", {}).items():
        k = _kind(Node(code, how.file, how.path))
        if how.value not in ("through-empty", "over-anything"):
            raise how.error(f"expected through-empty or over-anything, got {how.value!r}")
        long_moves[k] = how.value
    options = {}
    for name, opt in node.child("options", {}).items():
        if name not in KNOWN_OPTIONS:
            raise opt.error(f"unknown rule option: expected one of {', '.join(KNOWN_OPTIONS)}")
        opt.child("default").as_type(KNOWN_OPTIONS[name])
        options[name] = RuleOption.from_node(name, opt)
    variant = Variant(
        id=node.get("id", str), name=node.get("name", str), order=node.get("order", int),
        description=node.get("description", str), walls=node.get("walls", bool),
        flags=node.get("flags", bool), bases=node.choice("bases", ("flags", "target", "open")),
        win=node.choice("win", ("flags", "occupy-base", "flagship", "fleet")),
        turn=node.choice("turn", ("single", "fleet-orders")),
        attacks=node.choice("attacks", ("optional", "compulsory")),
        contact_explosions=node.get("contact_explosions", bool), combat=table,
        setup=SetupZone(ranks, odd), flying_boat_jump=node.get("flying_boat_jump", bool),
        long_moves=long_moves, pieces=pieces, options=options)
    if variant.fleet_size != ranks * 8:
        # the base stays empty, so the nearest ranks hold one piece fewer; the odd piece fills in
        raise pieces_node.error(f"expected {ranks * 8} pieces (ranks {ranks} x 8 files, less the base, "
                                f"plus the odd piece), got {variant.fleet_size}")
    if variant.flags and variant.bases != "flags":
        raise node.error("a variant with flags needs bases: flags", "bases")
    return variant


def load_preset(node: Node, board: BoardData, variants: dict[str, Variant]) -> Preset:
    """``rows`` maps South's rank numbers to 8 tokens a..h: a piece code, ``.`` empty, ``B`` base."""
    node.only_keys("id", "name", "description", "variants", "rows")
    grid = board.grid
    ids = tuple(node.get("variants", list))
    for i, vid in enumerate(ids):
        if vid not in variants:
            raise node.error(f"unknown variant {vid!r}: expected one of {', '.join(variants)}", f"variants[{i}]")
    placement: dict[int, int] = {}
    for rank, row in node.child("rows").items():
        tokens = str(row.value).split()
        if not rank.isdigit() or not 1 <= int(rank) <= grid.ranks or len(tokens) != grid.files:
            raise row.error(f"expected a rank number and {grid.files} tokens (piece code, . or B)")
        for f, token in enumerate(tokens):
            if token in (".", "B"):
                continue
            placement[grid.square(f, int(rank) - 1)] = _kind(Node(token, row.file, row.path))
    return Preset(id=node.get("id", str), name=node.get("name", str),
                  description=node.get("description", str), variants=ids, placement=placement)
