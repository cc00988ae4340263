"""``navalgames rules dover-patrol`` and ``navalgames bench dover-patrol``."""

import yaml

from dover_helpers import position
from navalgames.__main__ import main

ISSUE_POSITION = """
game: dover-patrol
variant: classic
options: {}
to_move: south
pieces:
  south: {c2: "10", a4: "4", b4: MS}
  north: {a5: MI, f11: "10", h9: FB}
flags:
  south: base
  north: base
"""


def write(tmp_path, data, name="pos.yaml"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return str(path)


def test_legal_prints_every_legal_action_one_a_line(tmp_path, capsys):
    assert main(["rules", "dover-patrol", write(tmp_path, ISSUE_POSITION), "--legal"]) == 0
    lines = capsys.readouterr().out.split()
    assert sorted(lines) == sorted(["c2-c3", "c2-b2", "b4-b5", "b4-c4", "a4-a3"])


def test_moves_print_the_position_outcome_and_events(tmp_path, capsys):
    path = write(tmp_path, position({"b4": "7", "h1": "1"}, {"b6": "6", "a12": "1"}))
    assert main(["rules", "dover-patrol", path, "--moves", "b4-b5xb6", "a12-a11"]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out["pieces"] == {"south": {"h1": "1", "b5": "7"}, "north": {"a11": "1"}}
    assert out["outcome"] is None and out["to_move"] == "south"
    assert out["events"][1] == {"kind": "attack", "text": "South 7 on b5 attacked North 6 on b6: North's Battle Cruiser sunk",
                                "side": "south", "attacker": "7", "from": "b5", "defender": "6", "at": "b6",
                                "result": "A"}
    assert out["revealed"] == {"south": ["b5"]}


def test_moves_to_the_end_print_the_outcome(tmp_path, capsys):
    path = write(tmp_path, position({"c2": "10", "h1": "1"}, {"a12": "1"}, flags={"north": "c2"}))
    assert main(["rules", "dover-patrol", path, "--moves", "c2-c1"]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out["outcome"] == {"winner": "south", "reason": "both flags on South's base"}
    assert out["flags"] == {"south": "base", "north": "c1"}


def test_resulting_position_reads_back(tmp_path, capsys):
    path = write(tmp_path, ISSUE_POSITION)
    assert main(["rules", "dover-patrol", path, "--moves", "b4-b5", "h9-h10"]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    del out["outcome"], out["events"]
    again = write(tmp_path, out, "again.yaml")
    assert main(["rules", "dover-patrol", again, "--legal"]) == 0
    assert "b5-b6" in capsys.readouterr().out.split()


def test_an_illegal_action_exits_2_with_one_line(tmp_path, capsys):
    path = write(tmp_path, ISSUE_POSITION)
    assert main(["rules", "dover-patrol", path, "--moves", "b4-b5", "a5-a6"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert "action 2" in captured.err and "a5-a6" in captured.err and "Mines never move" in captured.err


def test_malformed_positions_exit_2_with_one_line(tmp_path, capsys):
    for text, words in [("pieces: [1, 2", "not valid YAML"), ("- just a list", "mapping"),
                        ("pieces: {south: {a1: '11'}}", "expected a piece code"),
                        ("variant: chess", "no variant 'chess'")]:
        assert main(["rules", "dover-patrol", write(tmp_path, text)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err and "pos.yaml" in err
    assert main(["rules", "dover-patrol", str(tmp_path / "missing.yaml")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    assert main(["rules", "dover-patrol", write(tmp_path, ISSUE_POSITION), "--bogus"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_bench_prints_plies_and_games_per_second(capsys):
    assert main(["bench", "dover-patrol", "--seconds", "0.3", "--variant", "fleet-orders"]) == 0
    out = capsys.readouterr().out
    assert "plies/s" in out and "games/s" in out and "fleet-orders" in out
    assert "python-chess" in out      # the yardstick's figure, or why there is none
    assert main(["bench", "dover-patrol", "--variant", "chess"]) == 2
