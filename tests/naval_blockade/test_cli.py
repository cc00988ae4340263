"""`navalgames rules naval-blockade` and `navalgames bench naval-blockade` (issue 4)."""

import random
import types

import yaml

from games.naval_blockade import cli
from games.naval_blockade.rules import playout
from navalgames.__main__ import main

from blockade_helpers import position


def write(tmp_path, data, name="pos.yaml"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return str(path)


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_legal_lists_the_actions(tmp_path, capsys):
    path = write(tmp_path, position("l1 N", "v23 E", islands=[["g10", "g11", "g12", "f11", "h11"]],
                                    rocks=["c8", "t15"]))
    status, out, err = run(capsys, "rules", "naval-blockade", path, "--legal")
    assert status == 0 and err == ""
    assert out.split("\n") == ["port", "ahead", "starboard", "offer-stop", ""]


def test_legal_at_a_chance_node_gives_probabilities(tmp_path, capsys):
    path = write(tmp_path, position("l6 N", "l12 S", to_move="blockader", stage="fire",
                                    firing={"guns": ["bow"]}))
    status, out, _ = run(capsys, "rules", "naval-blockade", path, "--legal")
    assert status == 0 and out.splitlines()[0] == "D4  (chance 0.1667)"


def test_moves_with_forced_dice_print_position_outcome_events_next(tmp_path, capsys):
    path = write(tmp_path, position("l6 N", "l13 S", to_move="blockader"))
    status, out, err = run(capsys, "rules", "naval-blockade", path, "--moves", "ahead",
                           "--dice", "H2")
    assert status == 0 and err == ""
    report = yaml.safe_load(out)
    assert report["points"] == {"runner": 0, "blockader": 2}
    assert report["blockader"] == {"at": "l12", "heading": "S"}
    assert report["outcome"] is None and report["next"] == "runner"
    assert [e["kind"] for e in report["events"]] == ["move", "bear", "fire"]
    assert report["events"][2]["roll"] == "H2" and report["events"][2]["gun"] == "bow"
    # the output is itself a position that reads back
    from games.naval_blockade.rules import ENGINE
    again = {k: v for k, v in report.items() if k not in ("outcome", "events", "next")}
    assert ENGINE.from_position(again).to_position()["points"] == report["points"]


def test_moves_to_the_end_print_the_outcome(tmp_path, capsys):
    path = write(tmp_path, position("l6 N", "l13 S", to_move="blockader"))
    status, out, _ = run(capsys, "rules", "naval-blockade", path, "--moves", "ahead", "ahead",
                         *["ahead"] * 6, "--dice", "D4")
    report = yaml.safe_load(out)
    assert status == 0 and report["next"] == "none"
    assert report["outcome"] == {"winner": "blockader", "reason": "the Blockader rammed the Runner",
                                 "ending": "ram"}
    assert "ram" in [e["kind"] for e in report["events"]]


def test_seed_decides_dice_once_forced_faces_run_out(tmp_path, capsys):
    path = write(tmp_path, position("o14 E", "l10 N", to_move="blockader"))
    runs = [run(capsys, "rules", "naval-blockade", path, "--moves", "ahead", "--dice", "M",
                "--seed", "11")[1] for _ in range(2)]
    assert runs[0] == runs[1]
    rolls = [e["roll"] for e in yaml.safe_load(runs[0])["events"] if e["kind"] == "fire"]
    assert len(rolls) == 2 and rolls[0] == "M"       # bow forced, starboard from the seed
    others = {yaml.safe_dump([e for e in yaml.safe_load(run(
        capsys, "rules", "naval-blockade", path, "--moves", "ahead", "--seed", str(s))[1])["events"]])
        for s in range(12)}
    assert len(others) > 1                           # different seeds, different luck


def test_illegal_action_exits_2_with_one_line(tmp_path, capsys):
    path = write(tmp_path, position("a10 NW", "l20 S"))
    status, out, err = run(capsys, "rules", "naval-blockade", path, "--moves", "ahead")
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("navalgames: action 1 'ahead' is illegal: ahead: heading NW leaves the board")


def test_bad_forced_die_face_exits_2(tmp_path, capsys):
    path = write(tmp_path, position("l6 N", "l13 S", to_move="blockader"))
    status, _, err = run(capsys, "rules", "naval-blockade", path, "--moves", "ahead", "--dice", "D6")
    assert status == 2 and "--dice" in err and err.count("\n") == 1


def test_position_breaking_rule_2_exits_2(tmp_path, capsys):
    path = write(tmp_path, position("l1 N", "v23 E", islands=[["g4", "g5", "g6", "f5", "h5"]]))
    status, out, err = run(capsys, "rules", "naval-blockade", path, "--legal")
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "pos.yaml: position breaks rule 2: island 1 is too close to the mainland at g4" in err


def test_malformed_yaml_names_the_file_and_line(tmp_path, capsys):
    path = write(tmp_path, "runner: {at: l1, heading: N\nblockader: [", name="broken.yaml")
    status, _, err = run(capsys, "rules", "naval-blockade", path, "--legal")
    assert status == 2 and err.count("\n") == 1
    assert "broken.yaml" in err and "line" in err and "not valid YAML" in err


def test_bad_key_is_named(tmp_path, capsys):
    data = position("l1 N", "v23 E")
    data["runner"]["heading"] = "upward"
    path = write(tmp_path, data)
    status, _, err = run(capsys, "rules", "naval-blockade", path, "--legal")
    assert status == 2 and "pos.yaml: position: runner.heading: expected a heading" in err


def test_missing_file_and_bad_arguments_exit_2(tmp_path, capsys):
    status, _, err = run(capsys, "rules", "naval-blockade", str(tmp_path / "none.yaml"), "--legal")
    assert status == 2 and "cannot be read" in err
    status, _, err = run(capsys, "rules", "naval-blockade")
    assert status == 2 and err.count("\n") == 1


def test_bench_prints_plies_line_of_fire_and_search_figures(capsys):
    status, out, _ = run(capsys, "bench", "naval-blockade", "--seconds", "0.3", "--terrains", "2")
    assert status == 0
    assert "plies/s" in out and "checks/s" in out and "endings:" in out
    assert "python-chess" in out      # the yardstick's figure, or why there is none
    searched = next(line for line in out.splitlines() if "Blockader search" in line)
    assert float(searched.split(":")[1].split("iterations/s")[0].replace(",", "")) > 0


def test_bench_search_leaves_out_a_terrain_where_the_blockader_never_moves(monkeypatch):
    """The bench draws close-quarters positions until the Blockader is to move: a bounded number
    of times, so a terrain that never gives one cannot hang it."""
    runners_turn = []

    def always_the_runners(start, rng):
        runners_turn.append(start)
        return types.SimpleNamespace(to_act=lambda: "runner")

    monkeypatch.setattr(playout, "close_quarters", always_the_runners)
    assert cli.measure_search(["a", "b"], random.Random(1), 0.1) == 0.0
    assert runners_turn == ["a"] * cli.DRAWS_PER_TERRAIN + ["b"] * cli.DRAWS_PER_TERRAIN


def test_bench_says_why_the_search_went_unmeasured(monkeypatch, capsys):
    monkeypatch.setattr(cli, "measure_search", lambda *args: 0.0)
    status, out, _ = run(capsys, "bench", "naval-blockade", "--seconds", "0.3", "--terrains", "1")
    searched = next(line for line in out.splitlines() if "Blockader search" in line)
    assert status == 0 and "not measured" in searched and "iterations/s" not in searched


def test_chance_outcomes_may_be_written_among_the_moves(tmp_path, capsys):
    path = write(tmp_path, position("l6 N", "l13 S", to_move="blockader"))
    status, out, _ = run(capsys, "rules", "naval-blockade", path, "--moves", "ahead", "D4", "port")
    report = yaml.safe_load(out)
    assert status == 0 and report["stage"] == "six" and report["disabled"] == "runner"
    assert report["runner"] == {"at": "l6", "heading": "NW"} and report["next"] == "blockader"
