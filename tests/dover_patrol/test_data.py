"""The data files load, and a file with a mistake is refused naming the file, key and expectation."""

from importlib import resources

import pytest

from games.dover_patrol.data_loader import build_game_data, load_game_data
from navalgames.core.data import DataError, Node, list_package_files, parse_yaml

PACKAGE = "games.dover_patrol"


def text(path):
    return resources.files(PACKAGE).joinpath(path).read_text(encoding="utf-8")


def build(**replacements):
    """Load every data file, with some files' text replaced (path -> new text)."""
    def node(path):
        return Node(parse_yaml(replacements.get(path, text(path)), path), path)
    return build_game_data(
        node("data/board.yaml"), node("data/pieces.yaml"), node("data/combat.yaml"),
        [node(p) for p in list_package_files(PACKAGE, "data/variants")],
        [node(p) for p in list_package_files(PACKAGE, "data/presets")])


def test_the_shipped_data_loads():
    data = load_game_data()
    assert list(data.variants) == ["classic", "first-capture", "flagship-hunt", "pitched-battle",
                                   "capture-the-base", "fleet-orders"]
    assert sum(k.count for k in data.kinds.values()) == 40
    assert build().variants.keys() == data.variants.keys()


def test_every_ruling_marked_option_is_a_named_option_with_its_default():
    data = load_game_data()
    classic = data.variants["classic"].options
    assert classic["attack_contact"].default == "facing"
    assert set(classic["attack_contact"].choices) == {"facing", "orthogonal"}
    assert classic["fb_jump_over_ships"].default is False
    assert classic["fb_jump_with_flag"].default is False
    assert classic["repetition_draw"].default == 3
    assert classic["quiet_ply_limit"].default == 200


VARIANT = "data/variants/classic.yaml"


@pytest.mark.parametrize("old,new,expected", [
    ("setup: {ranks: 5, odd_rank: 6}", "setup: {ranks: five, odd_rank: 6}",
     "variants/classic.yaml: setup.ranks: expected an integer, got 'five'"),
    ("win: flags", "win: checkmate", "variants/classic.yaml: win: expected one of flags, occupy-base, flagship, fleet"),
    ("combat: booklet", "combat: stratego", "variants/classic.yaml: combat: expected one of the combat.yaml tables"),
    ("walls: true", "wals: true", "variants/classic.yaml: wals: unknown key 'wals'"),
    ("pieces: full", "pieces: {\"10\": 1}", "variants/classic.yaml: pieces: expected 40 pieces"),
    ("    default: 3\n", "    default: three\n",
     "variants/classic.yaml: options.repetition_draw.default: expected"),
    ("  first_player:", "  colour:", "variants/classic.yaml: options.colour: unknown rule option"),
    ("flags: true", "flags: yes please", "variants/classic.yaml: flags: expected true or false"),
])
def test_a_broken_variant_file_is_refused_naming_file_key_and_expectation(old, new, expected):
    original = text(VARIANT)
    assert old in original
    with pytest.raises(DataError) as refused:
        build(**{VARIANT: original.replace(old, new, 1)})
    assert str(refused.value).startswith(expected.replace("variants/", "data/variants/"))


def test_broken_combat_board_and_preset_files_are_refused():
    combat = text("data/combat.yaml").replace('"10": B A A A A A A A A A A D . D D', '"10": B A A', 1)
    with pytest.raises(DataError, match=r"combat.yaml: tables.booklet.10: expected 15 results"):
        build(**{"data/combat.yaml": combat})
    board = text("data/board.yaml").replace("- b3|b4", "- b3|c5", 1)
    with pytest.raises(DataError, match=r"board.yaml: walls\[0\]: expected a wall like b3\|b4"):
        build(**{"data/board.yaml": board})
    preset = text("data/presets/left-flank.yaml").replace("variants: [classic", "variants: [chess", 1)
    with pytest.raises(DataError, match=r"left-flank.yaml: variants\[0\]: unknown variant 'chess'"):
        build(**{"data/presets/left-flank.yaml": preset})
    pieces = text("data/pieces.yaml").replace("{code: MS,", "{code: XX,", 1)
    with pytest.raises(DataError, match=r"pieces.yaml: kinds\[10\].code: expected a piece code"):
        build(**{"data/pieces.yaml": pieces})


def test_broken_yaml_names_the_line():
    with pytest.raises(DataError, match=r"data/variants/classic.yaml: not valid YAML at line \d+"):
        build(**{VARIANT: "id: classic\nname: [unclosed\n"})
