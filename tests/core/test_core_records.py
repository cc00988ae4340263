"""Saves: round trip, clear one-line refusals, all-or-nothing writes, the listing for Continue."""

import os
from datetime import datetime

import pytest
import yaml

from navalgames.core import records
from navalgames.core.records import FORMAT_VERSION, GameRecord, SaveError, SaveStore, atomic_write, read_record


def sample_record(**changes) -> GameRecord:
    fields = dict(game="naval-blockade", variant="classic", options={"board_size": 20}, seed=42,
                  players={"runner": "human", "blockader": "computer:hard"},
                  actions=["n", "p2", "fire D4"])
    fields.update(changes)
    return GameRecord(**fields)


def test_round_trip_keeps_every_field(tmp_path):
    record = sample_record(start={"turn": 3}, result={"winner": "runner", "reason": "escaped"})
    path = SaveStore(tmp_path).save(record)
    assert read_record(path) == record
    assert read_record(path).ply_count == 3


def test_save_names_are_made_safe(tmp_path):
    path = SaveStore(tmp_path).save(sample_record(), name="../My game: 1")
    assert path.parent == tmp_path / "saves"
    assert path.name == "___My-game_-1.yaml"


@pytest.mark.parametrize("text, problem", [
    ("game: [unclosed\n  - x", "not a readable save: not valid YAML at line"),
    ("- just\n- a list\n", "not a NavalGames save file"),
    ("kind: something-else\nformat: 1\n", "not a NavalGames save file"),
    ("kind: navalgames-record\ngame: x\nvariant: y\n", "save has no format version"),
    ("kind: navalgames-record\nformat: 1\nvariant: y\n", "save is missing 'game'"),
    ("kind: navalgames-record\nformat: 1\ngame: x\nvariant: y\nactions: move\n", "'actions' must be a list"),
    ("kind: navalgames-record\nformat: 1\ngame: x\nvariant: y\nseed: abc\n", "'seed' must be a whole number"),
    ("kind: navalgames-record\nformat: 1\ngame: x\nvariant: y\nplayers: [a]\n", "'players' must map each side"),
])
def test_unusable_files_get_one_line_naming_file_and_problem(tmp_path, text, problem):
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    with pytest.raises(SaveError) as err:
        read_record(path)
    message = str(err.value)
    assert message.startswith("broken.yaml: ")
    assert problem in message
    assert "\n" not in message


def test_a_save_from_a_newer_version_says_so(tmp_path):
    body = yaml.safe_load(sample_record().to_yaml())
    body["format"] = FORMAT_VERSION + 1
    path = tmp_path / "future.yaml"
    path.write_text(yaml.safe_dump(body))
    with pytest.raises(SaveError, match=f"future.yaml: saved by a newer NavalGames \\(format {FORMAT_VERSION + 1}"):
        read_record(path)


def test_binary_garbage_is_refused_not_crashed_on(tmp_path):
    path = tmp_path / "noise.yaml"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(SaveError, match="noise.yaml: "):
        read_record(path)


def test_unknown_fields_from_a_same_version_file_are_ignored(tmp_path):
    body = yaml.safe_load(sample_record().to_yaml())
    body["comment"] = "written by hand"
    path = tmp_path / "extra.yaml"
    path.write_text(yaml.safe_dump(body))
    assert read_record(path).actions == ["n", "p2", "fire D4"]


def test_an_interrupted_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    atomic_write(path, "old contents\n")

    def power_cut(fd):
        raise OSError("disk unplugged")
    monkeypatch.setattr(records.os, "fsync", power_cut)
    with pytest.raises(OSError, match="disk unplugged"):
        atomic_write(path, "new contents that never fully arrive\n")
    assert path.read_text() == "old contents\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]   # no temp file left behind


def test_a_temp_file_left_by_a_crash_is_not_listed(tmp_path):
    store = SaveStore(tmp_path)
    store.save(sample_record())
    (store.saves_dir / ".game.yaml.abc123.tmp").write_text("kind: navalgames-rec")
    assert len(store.entries()) == 1


def test_autosave_is_one_file_per_game_and_can_be_discarded(tmp_path):
    store = SaveStore(tmp_path)
    record = sample_record()
    first = store.autosave(record)
    record.actions.append("s")
    assert store.autosave(record) == first
    assert read_record(first).ply_count == 4
    store.discard_autosave(record)
    assert not first.exists()


def test_entries_list_games_newest_first_then_files_that_cannot_be_used(tmp_path):
    store = SaveStore(tmp_path)
    old = store.save(sample_record(variant="old"), name="old")
    auto = store.autosave(sample_record(variant="auto"))
    broken = store.saves_dir / "broken.yaml"
    broken.write_text("{{{{")
    os.utime(old, (1_000_000, 1_000_000))
    os.utime(auto, (2_000_000, 2_000_000))
    os.utime(broken, (3_000_000, 3_000_000))
    entries = store.entries()
    assert [e.path for e in entries] == [auto, old, broken]
    assert entries[2].record is None and entries[2].problem.startswith("broken.yaml: not a readable save")
    assert entries[0].autosave and entries[0].record.variant == "auto"
    assert not entries[1].autosave and entries[1].problem is None


def test_entries_of_an_empty_or_missing_folder(tmp_path):
    assert SaveStore(tmp_path / "nowhere").entries() == []


def test_autosaves_are_named_by_game_opponent_and_start_not_by_a_bare_uid(tmp_path):
    """Issue 21: "dover-patrol-1c032a8a7ef5" told the player nothing."""
    store = SaveStore(tmp_path)
    record = GameRecord(game="dover-patrol", variant="classic", players={"south": "human", "north": "computer:hard"},
                        game_uid="1c032a8a7ef5", created="2026-03-01T14:05:00+00:00")
    path = store.autosave(record)
    began = datetime.fromisoformat(record.created).astimezone()
    assert path.name == f"dover-patrol-vs-computer-hard-{began:%Y-%m-%d-%H%M}-1c032a8a7ef5.yaml"
    record.actions.append("a1-a2")
    record.updated = "2026-03-01T15:00:00+00:00"
    assert store.autosave(record) == path and len(list(store.autosave_dir.iterdir())) == 1
    two = GameRecord(game="naval-blockade", variant="standard", players={"runner": "human", "blockader": "human"},
                     game_uid="ab12cd34", created="2026-03-01T14:05:00+00:00")
    assert store.autosave(two).name.startswith("naval-blockade-two-players-")


def test_discarding_an_autosave_also_removes_one_under_the_older_name(tmp_path):
    store = SaveStore(tmp_path)
    record = GameRecord(game="dover-patrol", variant="classic", game_uid="1c032a8a7ef5")
    store.autosave_dir.mkdir(parents=True)
    old = store.autosave_dir / "dover-patrol-1c032a8a7ef5.yaml"
    old.write_text(record.to_yaml())
    store.autosave(record)
    store.discard_autosave(record)
    assert list(store.autosave_dir.iterdir()) == []


def test_an_autosave_name_never_carries_a_path_from_the_players(tmp_path):
    store = SaveStore(tmp_path / "data")
    record = GameRecord(game="toy", variant="classic", players={"a": "computer:../../../x", "b": "human"})
    path = store.autosave(record)
    assert path.parent == store.autosave_dir and "/" not in path.name and ".." not in path.name
