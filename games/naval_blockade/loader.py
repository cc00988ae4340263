"""Reads Naval Blockade's data files (rule options, pentominoes, scenarios) into frozen data.

The engine never reads files: ``games.naval_blockade.rules.ENGINE`` calls ``load_data`` on first
use. Every complaint names the file and key, e.g. ``scenarios.yaml: the-narrows: island 3 touches
rock 1 at k12``.
"""

from __future__ import annotations

from navalgames.core.data import DataError, Node, load_package_yaml
from navalgames.core.grid import Grid
from navalgames.core.options import RuleOption
from navalgames.core.registry import VariantInfo

from .rules.model import BlockadeData, Scenario
from .rules.terrain import ISLAND_SIZE, Pentomino, check_layout, edge_joined, normalise

PACKAGE = "games.naval_blockade"

# the options the engine reads: the type of their values, and the values it understands
ENGINE_OPTIONS = {
    "board_size": (int, (24, 20)),                  # the start and terrain rules know these two
    "blockader_heading": (str, ("literal", "inward")),
    "arc_boundary": (str, ("inclusive", "exclusive")),
    "max_range": (int, ()),
    "graze_blocks": (bool, ()),
    "return_fire": (bool, ()),
    "armoured_bow_arc": (int, (0, 45)),
    "max_moves": (int, ()),
}


def load_data() -> BlockadeData:
    return build_data(load_package_yaml(PACKAGE, "data/options.yaml"),
                      load_package_yaml(PACKAGE, "data/pentominoes.yaml"),
                      load_package_yaml(PACKAGE, "data/scenarios.yaml"))


def build_data(options_node: Node, pentomino_node: Node, scenario_node: Node) -> BlockadeData:
    options, variants = read_options(options_node)
    return BlockadeData(variants=variants, options=options,
                        pentominoes=read_pentominoes(pentomino_node),
                        scenarios=read_scenarios(scenario_node, options["board_size"].choices))


def read_options(root: Node) -> tuple[dict[str, RuleOption], tuple[VariantInfo, ...]]:
    root.only_keys("variants", "options")
    options = {name: RuleOption.from_node(name, node) for name, node in root.child("options").items()}
    for name, (kind, allowed) in ENGINE_OPTIONS.items():
        if name not in options:
            raise root.child("options").error("missing (required): the engine needs this option", name)
        where = root.child("options").child(name)
        option = options[name]
        for value in (option.default,) + option.choices:
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise where.error(f"expected {kind.__name__} values, got {value!r}", "default")
            if allowed and value not in allowed:
                raise where.error(f"expected values among {', '.join(map(str, allowed))}, got {value!r}",
                                  "choices")
    variants = []
    for vid, node in root.child("variants").items():
        node.only_keys("name", "description")
        variants.append(VariantInfo(id=vid, name=node.get("name", str),
                                    description=node.get("description", str), options=options))
    if not variants:
        raise root.error("expected at least one variant", "variants")
    return options, tuple(variants)


def read_pentominoes(root: Node) -> tuple[Pentomino, ...]:
    shapes: list[Pentomino] = []
    for name, node in root.items():
        cells = []
        for cell in node.elements():
            pair = cell.as_type(list)
            if len(pair) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair):
                raise cell.error(f"expected [file, rank] whole numbers, got {pair!r}")
            cells.append((pair[0], pair[1]))
        if len(set(cells)) != ISLAND_SIZE:
            raise node.error(f"expected {ISLAND_SIZE} different cells, got {len(set(cells))}")
        grid = Grid(ISLAND_SIZE, ISLAND_SIZE)
        norm = normalise(cells)
        squares = tuple(grid.square(x, y) for x, y in norm)
        if not edge_joined(grid, squares):
            raise node.error("the cells must join edge to edge")
        shape = Pentomino(name, norm)
        for other in shapes:
            if norm in other.orientations:
                raise node.error(f"the same shape as {other.name}")
        shapes.append(shape)
    if len(shapes) != 12:
        raise root.error(f"expected the 12 pentominoes, got {len(shapes)}")
    return tuple(shapes)


def read_scenarios(root: Node, sizes: tuple[int, ...]) -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    for sid, node in root.items():
        node.only_keys("name", "description", "board_size", "islands", "rocks")
        size = node.get("board_size", int, 24)
        if size not in sizes:
            raise node.error(f"expected one of {', '.join(map(str, sizes))}", "board_size")
        islands = tuple(tuple(str(s) for s in i.as_type(list)) for i in node.child("islands").elements())
        rocks = tuple(str(r.value) for r in node.child("rocks").elements())
        problems, _, _ = check_layout(Grid(size, size), islands, rocks, full=True)
        if problems:
            raise DataError(root.file, sid, "breaks rule 2: " + "; ".join(problems))
        found[sid] = Scenario(sid, node.get("name", str), node.get("description", str), size,
                              islands, rocks)
    return found
