"""The data files: every ruling marked option is a named option with its default; bad data is
refused naming file and key."""

import pytest

from games.naval_blockade.loader import (build_data, load_data, read_options, read_pentominoes,
                                         read_scenarios)
from games.naval_blockade.rules import ENGINE
from navalgames.core.data import DataError, load_package_yaml, parse_yaml
from navalgames.core.data import Node
from navalgames.core.registry import get_game


def node(text, name):
    return Node(parse_yaml(text, name), name)


def test_every_option_of_the_rules_page_with_its_default():
    options = load_data().options
    defaults = {name: opt.default for name, opt in options.items()}
    assert defaults == {"board_size": 24, "blockader_heading": "literal", "arc_boundary": "inclusive",
                        "max_range": 10, "graze_blocks": False, "return_fire": False,
                        "armoured_bow_arc": 0, "max_moves": 100}
    assert options["board_size"].choices == (24, 20)
    assert options["armoured_bow_arc"].choices == (0, 45)


def test_one_variant_carries_all_options():
    variants = ENGINE.variants()
    assert [v.id for v in variants] == ["standard"]
    assert set(variants[0].options) == set(load_data().options)
    assert get_game("naval-blockade").variant("standard").name == "Chamberlain's rules (1888)"


def test_in_app_rules_text_is_found():
    text = get_game("naval-blockade").rules_text()
    assert text.startswith("# The Game of Naval Blockade") and "Disabled" in text


def test_malformed_options_name_file_and_key():
    good = load_package_yaml("games.naval_blockade", "data/options.yaml").value
    bad = dict(good, options=dict(good["options"], max_range={"default": "ten", "description": "x"}))
    with pytest.raises(DataError, match=r"^options.yaml: options.max_range.default: expected"):
        read_options(Node(bad, "options.yaml"))
    missing = dict(good, options={k: v for k, v in good["options"].items() if k != "graze_blocks"})
    with pytest.raises(DataError, match=r"^options.yaml: options.graze_blocks: missing"):
        read_options(Node(missing, "options.yaml"))
    with pytest.raises(DataError, match=r"^options.yaml: not valid YAML at line 3"):
        node("options:\n  board_size: [24\n", "options.yaml")


def test_malformed_pentominoes_are_refused():
    with pytest.raises(DataError, match=r"^pentominoes.yaml: I: expected 5 different cells"):
        read_pentominoes(node("I: [[0, 0], [0, 1], [0, 2], [0, 3]]", "pentominoes.yaml"))
    with pytest.raises(DataError, match=r"^pentominoes.yaml: I: the cells must join"):
        read_pentominoes(node("I: [[0, 0], [0, 1], [0, 2], [0, 3], [2, 2]]", "pentominoes.yaml"))
    with pytest.raises(DataError, match=r"^pentominoes.yaml: J: the same shape as L"):
        read_pentominoes(node("L: [[0,0],[0,1],[0,2],[0,3],[1,0]]\nJ: [[1,0],[1,1],[1,2],[1,3],[0,0]]",
                              "pentominoes.yaml"))
    with pytest.raises(DataError, match=r"expected the 12 pentominoes, got 1"):
        read_pentominoes(node("I: [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]]", "pentominoes.yaml"))


def test_scenario_breaking_rule_2_is_refused_naming_it():
    text = """
bad-bay:
  name: Bad Bay
  description: x
  islands: [[g13, h13, i13, j13, k13], [n13, o13, p13, q13, r13], [d18, d19, d20, e18, f18],
            [s19, t19, s20, t20, s21]]
  rocks: [l12, t8]
"""
    with pytest.raises(DataError, match=r"^scenarios.yaml: bad-bay: breaks rule 2: island 1 touches "
                                        r"rock 1 at k13"):
        read_scenarios(node(text, "scenarios.yaml"), (24, 20))
    with pytest.raises(DataError, match=r"scenarios.yaml: bad-bay.rocks: missing"):
        read_scenarios(node("bad-bay: {name: B, description: x, islands: []}", "scenarios.yaml"), (24,))


def test_build_data_from_the_shipped_files_is_what_the_engine_uses():
    data = build_data(load_package_yaml("games.naval_blockade", "data/options.yaml"),
                      load_package_yaml("games.naval_blockade", "data/pentominoes.yaml"),
                      load_package_yaml("games.naval_blockade", "data/scenarios.yaml"))
    assert data.options == ENGINE.data.options and data.scenarios == ENGINE.data.scenarios
