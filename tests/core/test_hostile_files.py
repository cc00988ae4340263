"""Issue 20: files made by an attacker or a careless user cost a one-line refusal, nothing more.

Each test names the numbered case of the issue it reproduces.
"""

import os
import re

import pytest
import yaml

from navalgames.core.data import DataError, parse_yaml
from navalgames.core.records import GameRecord, SaveError, SaveStore, default_save_name, read_record
from navalgames.core.safe_yaml import FileRefused, Limits, check_tree, load_json, load_text, read_text
from navalgames.core.quote import short

ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(8))


def save_text(**changes) -> str:
    body = yaml.safe_load(GameRecord(game="dover-patrol", variant="classic", actions=["end"]).to_yaml())
    body.update(changes)
    return yaml.safe_dump(body)


# --- case 1: a save could overwrite any writable .yaml file ----------------------------------------
@pytest.mark.parametrize("changes, problem", [
    # case 1: the uid becomes part of the autosave's file name
    ({"game_uid": "x/../../saves/dover-patrol-good"}, "'game_uid' must be 8 to 32 hex digits"),
    ({"game": "../../x"}, "'game' must be a game id"),
    # case 5: true is not the number 1
    ({"format": True}, "save has no format version"),
    # a date Continue could not show in local time
    ({"updated": "0001-01-01T00:00:00+14:00"}, "'updated' must be a date and time"),
])
def test_a_save_field_that_could_do_harm_is_refused_when_read(tmp_path, changes, problem):
    path = tmp_path / "evil.yaml"
    path.write_text(save_text(**changes))
    with pytest.raises(SaveError, match=f"^evil.yaml: {re.escape(problem)}"):
        read_record(path)


def test_case1_autosave_never_writes_outside_its_folder(tmp_path):
    store = SaveStore(tmp_path / "data")
    victim = store.saves_dir / "dover-patrol-good.yaml"
    victim.parent.mkdir(parents=True)
    victim.write_text("precious\n")
    outside = tmp_path / "outside.yaml"
    outside.write_text("precious too\n")
    for uid in ("x/../../saves/dover-patrol-good", "x/../../../outside", "../../outside"):
        record = GameRecord(game="dover-patrol", variant="classic", game_uid=uid)
        with pytest.raises(SaveError, match="refused to autosave"):
            store.autosave(record)
    record = GameRecord(game="../../outside", variant="classic")
    with pytest.raises(SaveError, match="refused to autosave"):
        store.autosave(record)
    assert victim.read_text() == "precious\n" and outside.read_text() == "precious too\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "outside.yaml"]


def test_case1_a_named_save_stays_in_the_save_folder(tmp_path):
    store = SaveStore(tmp_path)
    for name in ("../../x", "..", ".hidden", "a/b", "\\..\\x"):
        path = store.save(GameRecord(game="toy", variant="classic"), name)
        assert path.parent == store.saves_dir and not path.name.startswith(".")


# --- case 2: one bad file in autosave/ stopped the launcher ----------------------------------------
@pytest.mark.parametrize("text, reason", [
    ("[" * 500, "nested deeper than"),
    (save_text().replace("seed: 0", "seed: " + "9" * 4301), "a number of 4301 digits"),
    (save_text(result="south"), "'result' must be"),
    (save_text().replace("result: null", "result: {winner: *b}") + ALIAS_BOMB.replace("a: &a", "aa: &a"),
     "YAML aliases"),
])
def test_case2_a_bad_autosave_is_listed_with_its_reason(tmp_path, text, reason):
    store = SaveStore(tmp_path)
    store.autosave_dir.mkdir(parents=True)
    (store.autosave_dir / "bad.yaml").write_text(text)
    store.autosave(GameRecord(game="toy", variant="classic"))
    entries = store.entries()
    assert len(entries) == 2
    bad = entries[-1]
    assert bad.record is None and reason in bad.problem and "\n" not in bad.problem
    assert len(bad.problem) < 200


def test_case2_a_broken_symlink_and_a_fifo_are_listed_not_fatal(tmp_path):
    store = SaveStore(tmp_path)
    store.autosave_dir.mkdir(parents=True)
    (store.autosave_dir / "x.yaml").symlink_to(tmp_path / "gone.yaml")
    os.mkfifo(store.autosave_dir / "pipe.yaml")    # opening it for reading would wait for ever
    (store.autosave_dir / "dir.yaml").mkdir()
    problems = {e.path.name: e.problem for e in store.entries()}
    assert problems == {"dir.yaml": "dir.yaml: not a regular file",
                        "pipe.yaml": "pipe.yaml: not a regular file",
                        "x.yaml": "x.yaml: cannot be read (FileNotFoundError)"}


def test_case2_a_huge_file_is_not_read_to_the_end(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text("a: " + "x" * 300_000)
    with pytest.raises(FileRefused, match="larger than 256 KB"):
        read_text(path)


# --- case 4: error lines were unbounded and alias bombs hung the message builder -------------------
def test_case4_an_alias_bomb_is_refused_at_once():
    # refused at its first alias (line 2), before anything is expanded or described
    with pytest.raises(DataError, match="^position.yaml: YAML aliases .* at line 2$"):
        parse_yaml(ALIAS_BOMB, "position.yaml")


def test_case4_a_quoted_value_is_a_short_prefix():
    assert short("x" * 10_000_000) == "'" + "x" * 36 + "..."
    assert short(10 ** 5000) == "a number of about 5001 digits"
    assert short([["south"]]) == "a list of 1"
    assert short(list(range(10 ** 6))) == "[0, 1, 2, ...]"
    assert short({"a": 1, "b": 2}) == "a mapping of 2 keys"


# --- case 5: duplicate keys were accepted silently -------------------------------------------------
@pytest.mark.parametrize("text, key", [
    ('pieces:\n  south: {d4: "7", d4: "10"}\n', "'d4'"),
    ("runner: {at: a1, heading: n}\nrunner: {at: b2, heading: n}\n", "'runner'"),
    ("pieces: {}\npieces: {}\n", "'pieces'"),
])
def test_case5_duplicate_keys_are_refused(text, key):
    with pytest.raises(FileRefused, match=f"key {key} appears twice"):
        load_text(text)


# --- the same limits for network messages ------------------------------------------------------------
def test_json_messages_get_the_same_limits():
    assert load_json('{"move": "a4-a5", "n": [1, 2]}') == {"move": "a4-a5", "n": [1, 2]}
    for text, problem in (('{"a": 1, "a": 2}', "appears twice"), ("[" * 5000 + "]" * 5000, "nested deeper"),
                          ('{"n": ' + "9" * 100 + "}", "more than 40 digits")):
        with pytest.raises(FileRefused, match=problem):
            load_json(text)
    with pytest.raises(FileRefused, match="more than 3 values"):
        check_tree([1, [2, 3]], Limits(max_nodes=3))


# --- save names say what the game is ---------------------------------------------------------------
def test_saves_are_named_by_game_opponent_and_date(tmp_path):
    record = GameRecord(game="dover-patrol", variant="classic", created="2026-03-01T14:05:00+00:00",
                        players={"south": "human", "north": "computer:hard"})
    name = default_save_name(record)
    assert name.startswith("dover-patrol-vs-computer-hard-2026-03-0")
    store = SaveStore(tmp_path)
    first = store.save(record)
    assert first.stem == name
    assert store.save(record) == first            # the same game again replaces its own save
    other = GameRecord(**{**record.__dict__, "game_uid": "0123456789ab"})
    assert store.save(other).stem == name + "-2"  # never another game's
    two = GameRecord(game="toy", variant="classic", players={"red": "human", "blue": "human"})
    assert "-two-players-" in default_save_name(two)


# --- case 3: `navalgames rules` printed tracebacks ------------------------------------------------
DOVER = ("game: dover-patrol\nvariant: classic\npieces:\n  south: {c2: '10', a4: '4', b4: MS}\n"
         "  north: {a5: MI, f11: '10', h9: FB}\n")
BLOCKADE = "game: naval-blockade\nrunner: {at: l5, heading: N}\nblockader: {at: l20, heading: S}\n"


@pytest.mark.parametrize("game, text, words", [
    ("dover-patrol", DOVER + "to_move: [south]\n", "to_move: expected south or north, got ['south']"),
    ("dover-patrol", DOVER + "first_player: [south]\n", "first_player: expected south or north"),
    ("dover-patrol", "game: dover-patrol\nto_deploy: [[south]]\n", "to_deploy: expected south or north"),
    ("dover-patrol", DOVER.replace("classic", "fleet-orders") + "fleet_turn: {moved: 5}\n",
     "fleet_turn.moved: expected a list of squares, got 5"),
    ("dover-patrol", "[" * 500, "nested deeper than 24 levels"),
    ("naval-blockade", "[" * 500, "nested deeper than 24 levels"),
    ("naval-blockade", BLOCKADE + "rocks: [[c8]]\n", "rocks[0]: expected a string, got ['c8']"),
    ("naval-blockade", BLOCKADE.replace("heading: N", "heading: [N]"), "expected a heading: got ['N']"),
])
def test_case3_rules_refuses_with_one_line_and_status_2(tmp_path, capsys, game, text, words):
    from navalgames.__main__ import main
    path = tmp_path / "pos.yaml"
    path.write_text(text)
    assert main(["rules", game, str(path), "--legal"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert words in captured.err and "pos.yaml" in captured.err


# --- case 4: a value that is huge in memory (shared lists) is described in a few characters ---------
def shared_bomb():
    """Nine levels of nine references to one list: tiny in memory, 9**9 items when printed."""
    value = ["x"] * 9
    for _ in range(8):
        value = [value] * 9
    return value


@pytest.mark.parametrize("game, where", [
    ("dover-patrol", ("game",)), ("dover-patrol", ("variant",)), ("dover-patrol", ("options", "attack_contact")),
    ("dover-patrol", ("pieces", "south", "c2")), ("dover-patrol", ("flags", "north")),
    ("dover-patrol", ("to_move",)),
    ("naval-blockade", ("game",)), ("naval-blockade", ("stage",)), ("naval-blockade", ("islands",)),
    ("naval-blockade", ("rocks",)), ("naval-blockade", ("runner", "heading")), ("naval-blockade", ("options", "board_size")),
])
def test_case4_refusing_a_huge_value_never_prints_it(game, where):
    from navalgames.core.registry import get_game
    from navalgames.core.state import PositionError
    position = yaml.safe_load(DOVER + "flags: {south: base, north: base}\n" if game == "dover-patrol" else BLOCKADE)
    place = position
    for key in where[:-1]:
        place = place.setdefault(key, {})
    place[where[-1]] = shared_bomb()
    with pytest.raises(PositionError) as caught:
        get_game(game).load_engine().from_position(position)
    assert len(str(caught.value)) < 200 and "\n" not in str(caught.value)
