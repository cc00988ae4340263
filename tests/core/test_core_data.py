"""Data loading: every complaint names the file, the key and what was expected."""

import pytest

from navalgames.core.data import DataError, Node, list_package_files, load_package_yaml, parse_yaml


def node(text: str, file: str = "variants/classic.yaml") -> Node:
    return Node(parse_yaml(text, file), file)


def test_typed_getters_return_values():
    data = node("name: Classic\nmax_range: 10\nfleet: [a, b]\nflag: true\n")
    assert data.get("name", str) == "Classic"
    assert data.get("max_range", int) == 10
    assert data.get("fleet", list) == ["a", "b"]
    assert data.get("flag", bool) is True
    assert data.get("absent", int, 3) == 3


def test_wrong_type_names_file_key_and_expectation():
    with pytest.raises(DataError) as err:
        node("options:\n  max_range: ten\n").child("options").get("max_range", int)
    assert str(err.value) == "variants/classic.yaml: options.max_range: expected an integer, got 'ten'"


def test_a_boolean_is_not_an_integer():
    with pytest.raises(DataError, match="expected an integer, got True"):
        node("count: true").get("count", int)


def test_missing_key_is_named_with_its_path():
    with pytest.raises(DataError, match=r"classic.yaml: pieces\[1\]\.moves: missing \(required\)"):
        pieces = node("pieces:\n  - {moves: 1}\n  - {name: x}\n").child("pieces")
        [p.get("moves", int) for p in pieces.elements()]


def test_unknown_keys_are_refused_so_typos_surface():
    with pytest.raises(DataError, match="board.yaml: colour: unknown key 'colour': expected one of color, size"):
        node("colour: red", "board.yaml").only_keys("color", "size")


def test_choice_and_shape_errors():
    data = node("heading: up\nlist: 3\n")
    with pytest.raises(DataError, match="heading: expected one of N, S, got 'up'"):
        data.choice("heading", ("N", "S"))
    with pytest.raises(DataError, match="list: expected a list, got 3"):
        data.child("list").sequence()
    with pytest.raises(DataError, match="expected a mapping"):
        node("- 1\n- 2").mapping()


def test_convert_turns_a_parser_error_into_a_data_error():
    from navalgames.core.grid import Grid
    with pytest.raises(DataError, match="harbour\\[0\\]: expected a square: 'z9' is not a square"):
        node("harbour: [z9]").child("harbour").child(0).convert(Grid(8, 12).parse, "a square")


def test_broken_yaml_names_the_file_and_line():
    with pytest.raises(DataError, match=r"pieces.yaml: not valid YAML at line 2 \(mapping values"):
        parse_yaml("a: 1\nb: x: y\n", "pieces.yaml")


def test_long_values_are_shortened_in_messages():
    with pytest.raises(DataError) as err:
        node("x: " + "y" * 200).get("x", int)
    assert len(str(err.value)) < 120


def test_package_files_are_found_through_the_package_not_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(DataError, match="no-such.yaml: file missing from package navalgames.core"):
        load_package_yaml("navalgames.core", "no-such.yaml")
    assert list_package_files("navalgames.core", "no-such-folder") == []
