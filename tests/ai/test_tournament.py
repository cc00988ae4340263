"""The tournament command on a toy game: sides alternate, figures add up, runs reproduce."""

from __future__ import annotations

import json
import re

import pytest

from navalgames.ai import tournament
from navalgames.ai.tournament import percentile, play_game, wilson

import toy_games


@pytest.fixture
def toy(monkeypatch):
    def get_game(game_id):
        if game_id != "tic-tac-toe":
            raise ValueError(f"no game {game_id!r}: expected one of tic-tac-toe")
        return toy_games.SPEC
    monkeypatch.setattr(tournament, "get_game", get_game)
    return toy_games.SPEC


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(200, 200)     # all wins: the interval still admits a loss now and then
    assert high == pytest.approx(1.0) and 0.98 < low < 0.985
    assert wilson(0, 20)[0] == 0.0


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 95) == 95.0
    assert percentile(values, 50) == 50.0
    assert percentile([3.0], 95) == 3.0


def test_player_a_alternates_sides(toy):
    results = [play_game(toy, "classic", "easy", "random", seed=7, index=i) for i in range(4)]
    assert [r.a_side for r in results] == ["x", "o", "x", "o"]
    for r in results:
        assert r.plies >= 5
        assert len(r.think["a"]) + len(r.think["b"]) == r.plies   # tic-tac-toe has no dice


def test_the_tournament_prints_the_figures(toy, capsys):
    status = tournament.main(["tic-tac-toe", "--a", "hard", "--b", "random", "--games", "6",
                              "--seed", "3", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0
    wins, draws, losses = map(int, re.search(r"A wins (\d+), draws (\d+), losses (\d+)", out).groups())
    assert wins + draws + losses == 6
    assert losses == 0, out   # 800 iterations never lose noughts and crosses to random moves
    rate = re.search(r"A win rate ([\d.]+)% \(95% CI ([\d.]+)% to ([\d.]+)%, Wilson\)", out)
    low, high = wilson(wins, 6)
    assert float(rate.group(1)) == pytest.approx(100 * wins / 6, abs=0.05)
    assert float(rate.group(2)) == pytest.approx(100 * low, abs=0.05)
    assert float(rate.group(3)) == pytest.approx(100 * high, abs=0.05)
    assert re.search(r"mean plies per game \d+\.\d", out)
    assert re.search(r"think time per move, A \(hard\): median [\d.]+ s, 95th percentile [\d.]+ s", out)
    assert re.search(r"think time per move, B \(random\): median", out)
    for side in ("x", "o"):   # each side's own tally and rate, over the games A played it
        found = re.search(rf"A as {side}: (\d+) wins, (\d+) draws, (\d+) losses "
                          rf"\(([\d.]+)% wins, 95% CI ([\d.]+)% to ([\d.]+)%\)", out)
        side_wins, side_draws, side_losses = map(int, found.groups()[:3])
        assert side_wins + side_draws + side_losses == 3
        low, high = wilson(side_wins, 3)
        assert float(found.group(4)) == pytest.approx(100 * side_wins / 3, abs=0.05)
        assert float(found.group(5)) == pytest.approx(100 * low, abs=0.05)
        assert float(found.group(6)) == pytest.approx(100 * high, abs=0.05)


def test_the_same_seed_gives_the_same_games_in_parallel_or_not(toy):
    one = tournament.run(toy, "classic", "easy", "normal", games=4, seed=9, jobs=1, progress=False)
    two = tournament.run(toy, "classic", "easy", "normal", games=4, seed=9, jobs=2, progress=False)
    assert [(r.winner, r.plies, r.reason) for r in one] == [(r.winner, r.plies, r.reason) for r in two]


@pytest.mark.parametrize("argv,message", [
    (["tic-tac-toe", "--a", "grandmaster", "--b", "random"], "no level 'grandmaster'"),
    (["tic-tac-toe", "--a", "easy", "--b", "random", "--variant", "3d"], "no variant '3d'"),
    (["tic-tac-toe", "--a", "easy", "--b", "random", "--games", "0"], "--games must be at least 1"),
    (["chess", "--a", "easy", "--b", "random"], "no game 'chess'"),
])
def test_bad_arguments_get_one_clear_line(toy, capsys, argv, message):
    assert tournament.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_command_line_reaches_the_tournament(toy, capsys):
    from navalgames.__main__ import main
    assert main(["tournament", "tic-tac-toe", "--a", "random", "--b", "random", "--games", "2", "--quiet"]) == 0
    assert "A wins" in capsys.readouterr().out


def test_a_tournament_with_a_results_file_resumes_where_it_stopped(toy, tmp_path, monkeypatch):
    # A 200-game Dover Patrol measurement takes hours: --results keeps each game as it ends, and
    # a second run of the same tournament plays only the games the file does not hold yet.
    path = str(tmp_path / "results.jsonl")
    first = tournament.run(toy, "classic", "easy", "normal", games=3, seed=9, progress=False,
                           results_path=path)
    played = []
    real = tournament.play_game
    monkeypatch.setattr(tournament, "play_game",
                        lambda *args, **kw: played.append(args[-1]) or real(*args, **kw))
    resumed = tournament.run(toy, "classic", "easy", "normal", games=5, seed=9, progress=False,
                             results_path=path)
    assert played == [3, 4]
    fresh = [real(toy, "classic", "easy", "normal", 9, index) for index in range(5)]
    assert [(r.index, r.winner, r.plies) for r in resumed] == [(r.index, r.winner, r.plies) for r in fresh]
    for kept, original in zip(resumed[:3], first):   # the kept games come back whole
        assert (kept.index, kept.a_side, kept.winner, kept.reason, kept.plies) == \
            (original.index, original.a_side, original.winner, original.reason, original.plies)
        for key in ("a", "b"):   # think times kept to a tenth of a millisecond
            assert kept.think[key] == pytest.approx(original.think[key], abs=1e-4)
    with open(path) as file:
        assert len(file.readlines()) == 5


def test_start_picks_the_first_game_so_a_tournament_can_be_split(toy, tmp_path):
    path = str(tmp_path / "results.jsonl")
    tournament.run(toy, "classic", "easy", "normal", games=2, seed=9, progress=False,
                   results_path=path, start=2)
    whole = tournament.run(toy, "classic", "easy", "normal", games=4, seed=9, progress=False,
                           results_path=path)
    alone = tournament.run(toy, "classic", "easy", "normal", games=4, seed=9, progress=False)
    assert [(r.index, r.a_side, r.winner, r.plies) for r in whole] == \
        [(r.index, r.a_side, r.winner, r.plies) for r in alone]


def test_a_game_cut_off_while_being_written_is_played_again(toy, tmp_path):
    path = tmp_path / "results.jsonl"
    tournament.run(toy, "classic", "easy", "normal", games=2, seed=9, progress=False,
                   results_path=str(path))
    text = path.read_text()
    path.write_text(text[:-40])   # the second line half written when the run was stopped
    again = tournament.run(toy, "classic", "easy", "normal", games=2, seed=9, progress=False,
                           results_path=str(path))
    assert [r.index for r in again] == [0, 1]
    before, after = text.splitlines(), path.read_text().splitlines()
    assert len(after) == 2 and after[0] == before[0]   # the broken half line is gone, not kept
    replayed, original = json.loads(after[1]), json.loads(before[1])
    assert (replayed["index"], replayed["winner"], replayed["plies"]) == \
        (original["index"], original["winner"], original["plies"])


@pytest.mark.parametrize("content,message", [
    ("not json at all\n", "line 1: not a tournament result"),
    ('{"game": "tic-tac-toe", "variant": "classic", "a": "hard", "b": "random", "seed": 9, "index": 0,'
     ' "a_side": "x", "winner": null, "reason": "r", "plies": 9, "think": {"a": [], "b": []}}\n',
     "line 1: a game of another tournament"),
])
def test_a_bad_results_file_gets_one_clear_line_and_is_left_alone(toy, tmp_path, capsys, content, message):
    path = tmp_path / "results.jsonl"
    path.write_text(content)
    argv = ["tic-tac-toe", "--a", "easy", "--b", "normal", "--games", "2", "--seed", "9", "--quiet",
            "--results", str(path)]
    assert tournament.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert path.read_text() == content


def test_a_player_from_elsewhere_plays_as_module_factory(toy, capsys):
    toy_games.MADE.clear()
    status = tournament.main(["tic-tac-toe", "--a", "hard", "--b", "toy_games:first_legal@dull",
                              "--games", "4", "--seed", "3", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "B = toy_games:first_legal@dull" in out
    # called as factory(level, side, seed): once per game, on the side A does not play
    assert [(level, side) for level, side, _ in toy_games.MADE] == [("dull", "o"), ("dull", "x")] * 2
    assert all(isinstance(seed, int) for _, _, seed in toy_games.MADE)
    toy_games.MADE.clear()
    tournament.main(["tic-tac-toe", "--a", "toy_games:first_legal", "--b", "random", "--games", "1", "--quiet"])
    assert toy_games.MADE[0][0] == tournament.FACTORY_LEVEL   # no @LEVEL: the default level


@pytest.mark.parametrize("player,message", [
    ("no_such_module_here:make", "--a: cannot load the player 'no_such_module_here:make'"),
    ("toy_games:no_such_factory", "--a: cannot load the player 'toy_games:no_such_factory'"),
    ("toy_games:SPEC", "is not a factory"),
])
def test_a_player_that_cannot_be_loaded_gets_one_clear_line(toy, capsys, player, message):
    assert tournament.main(["tic-tac-toe", "--a", player, "--b", "random", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_factory_that_returns_no_player_is_refused(toy):
    with pytest.raises(ValueError, match="not a Player"):
        play_game(toy, "classic", "toy_games:not_a_player", "random", seed=1, index=0)


def test_the_summary_says_how_games_ended_and_at_which_plies(toy):
    results = tournament.run(toy, "classic", "easy", "random", games=8, seed=5, progress=False)
    text = tournament.summarise(toy, "classic", "easy", "random", 5, results)
    by_reason: dict[str, list[int]] = {}
    for r in results:
        by_reason.setdefault(r.reason, []).append(r.plies)
    lines = text.splitlines()
    start = lines.index("endings (games, and the plies they ended at):")
    shown = lines[start + 1:]
    assert len(shown) == len(by_reason)
    for line in shown:
        reason, rest = line.strip().split(": ", 1)
        plies = sorted(by_reason[reason])
        assert rest.startswith(f"{len(plies)} (")
        words = {"win": "wins", "draw": "draws", "loss": "losses"}
        for outcome in {r.a_result for r in results if r.reason == reason}:
            count = sum(1 for r in results if r.reason == reason and r.a_result == outcome)
            assert f"A {words[outcome]} {count}" in rest
        if len(plies) > 1:
            assert f"min {plies[0]} /" in rest and f"/ max {plies[-1]}" in rest
            assert f"median {percentile(plies, 50):.0f}" in rest
    every = sorted(r.plies for r in results)
    assert f"plies per game: min {every[0]} /" in text and f"max {every[-1]}" in text


def test_think_is_handed_to_the_players_and_keeps_its_own_results(toy, tmp_path, capsys, monkeypatch):
    handed = []
    real = tournament.player_for
    monkeypatch.setattr(tournament, "player_for",
                        lambda spec, name, side, seed, think=None: handed.append(think) or real(spec, name, side, seed, think))
    path = str(tmp_path / "results.jsonl")
    argv = ["tic-tac-toe", "--a", "easy", "--b", "random", "--games", "2", "--quiet", "--results", path]
    assert tournament.main(argv + ["--think", "0.5"]) == 0
    assert "thinking up to 0.5 s a move" in capsys.readouterr().out
    assert handed == [0.5] * 4
    assert tournament.main(argv) == 2   # the same file, a tournament without the allowance
    assert "a game of another tournament" in capsys.readouterr().err
    assert tournament.main(argv[:-2] + ["--think", "0"]) == 2


def test_records_are_save_files_that_replay_each_game_and_the_draws_are_named(toy, tmp_path, capsys):
    from navalgames.core.match import replay
    from navalgames.core.records import read_record
    folder = tmp_path / "records"
    argv = ["tic-tac-toe", "--a", "hard", "--b", "toy_games:make_player@easy", "--games", "4",
            "--seed", "2", "--quiet", "--records", str(folder)]
    assert tournament.main(argv) == 0
    out = capsys.readouterr().out
    files = sorted(folder.glob("*.yaml"))
    assert [f.name for f in files] == [f"hard-v-make_player-seed2-game{i:04d}.yaml" for i in range(4)]
    results = tournament.run(toy, "classic", "hard", "toy_games:make_player@easy", games=4, seed=2,
                             progress=False)
    for result, path in zip(results, files):
        record = read_record(path)            # the ordinary save format, checks and all
        assert record.players[result.a_side] == "computer:hard"
        assert record.result["winner"] == (result.winner or "none")
        final = replay(record, toy)           # replays to the very ending the tournament saw
        assert final.outcome().winner == result.winner
        assert len(record.actions) == result.plies
    drawn = [r for r in results if r.winner is None]
    assert drawn, "hard v easy noughts and crosses should draw some games"
    for r in drawn:
        assert f"game {r.index} ({r.reason}, {r.plies} plies): {folder / files[r.index].name}" in out
    assert ("records of the drawn games:" in out) == bool(drawn)


def test_a_tournament_record_of_a_drawn_game_opens_in_the_app_on_its_game_over_screen(window, tmp_path):
    # Dover Patrol, the random player against the rusher from elsewhere (a short game: a draw)
    from games.dover_patrol.ui.gameover import GameOverView
    from navalgames.core.match import Match, replay
    from navalgames.core.records import read_record
    from navalgames.core.registry import get_game
    spec = get_game("dover-patrol")
    result = play_game(spec, "classic", "random", "tests.ai.dover_opponents:rusher", seed=3, index=0,
                       records_dir=str(tmp_path))
    assert result.winner is None and result.record
    record = read_record(result.record)
    assert record.players == {"south": "computer:random", "north": "computer:rusher"}
    match = Match(spec, record, window.store, state=replay(record))
    assert match.outcome() is not None
    assert isinstance(window.start_match(match), GameOverView)


def test_side_plays_only_the_games_in_which_a_has_that_side(toy, tmp_path):
    results = tournament.run(toy, "classic", "easy", "normal", games=5, seed=9, start=1,
                             progress=False, side="o")
    assert [(r.index, r.a_side) for r in results] == [(1, "o"), (3, "o"), (5, "o")]
    summary = tournament.summarise(toy, "classic", "easy", "normal", 9, results)
    assert "A as o: " in summary and "A as x" not in summary


def test_sign_test_is_the_exact_two_sided_binomial():
    assert tournament.sign_test(0, 5) == pytest.approx(2 / 32)       # 5 of 5 one way
    assert tournament.sign_test(2, 8) == pytest.approx(2 * 56 / 1024)  # P(X <= 2), twice
    assert tournament.sign_test(3, 3) == 1.0
    assert tournament.sign_test(0, 0) == 1.0


def test_compare_counts_the_games_only_one_version_won(toy, capsys, tmp_path):
    here = str(tmp_path / "here.jsonl")
    there = tmp_path / "there.jsonl"
    argv = ["tic-tac-toe", "--a", "easy", "--b", "random", "--games", "6", "--seed", "4", "--quiet"]
    assert tournament.main(argv + ["--results", here]) == 0
    rows = [json.loads(line) for line in open(here)]
    # "another version" of A: the same games, two of A's wins there lost (the file of a
    # tournament played by other code)
    won = [r for r in rows if r["winner"] == r["a_side"]]
    assert len(won) >= 2, rows
    for r in won[:2]:
        r["winner"] = "o" if r["a_side"] == "x" else "x"
    there.write_text("".join(json.dumps(r) + "\n" for r in rows))
    capsys.readouterr()
    assert tournament.main(argv + ["--results", here, "--compare", str(there)]) == 0
    out = capsys.readouterr().out
    assert (f"compared with {there} on 6 games: A won {len(won)} here, {len(won) - 2} there; "
            f"won only here 2, only there 0 (sign test, two-sided: p = 0.50)") in out


def test_compare_refuses_a_file_of_another_tournament(toy, capsys, tmp_path):
    other = str(tmp_path / "other.jsonl")
    argv = ["tic-tac-toe", "--a", "easy", "--b", "random", "--games", "2", "--quiet"]
    assert tournament.main(argv + ["--seed", "5", "--results", other]) == 0
    capsys.readouterr()
    assert tournament.main(argv + ["--seed", "6", "--compare", other]) == 2
    assert "a game of another tournament" in capsys.readouterr().err


def rolls_by_decider(record_path):
    """Each side's rolls in a Naval Blockade record, in order, with the ply of each: the chance
    outcomes that follow a decision of that side (what CommonDiceMatch draws from that side's
    generator)."""
    from navalgames.core.match import initial_state
    from navalgames.core.records import read_record
    from navalgames.core.registry import get_game
    from navalgames.core.state import CHANCE
    record = read_record(record_path)
    state = initial_state(get_game(record.game), record)
    rolls: dict[str, list[tuple[int, str]]] = {"runner": [], "blockader": []}
    decider = None
    for ply, text in enumerate(record.actions):
        if state.to_act() == CHANCE:
            if decider is not None:
                rolls[decider].append((ply, text))
        else:
            decider = state.to_act()
        state.apply_text(text)
    return record.actions, rolls


def test_common_dice_give_each_side_the_same_rolls_whatever_the_players(tmp_path):
    # Two different Runners against the same Blockader, game 7 of seed 7: the games part, yet
    # each side's k-th roll is the same in both, also the rolls after the games parted.
    from navalgames.core.registry import get_game
    spec = get_game("naval-blockade")
    games = {}
    for name in ("bold", "cautious"):
        folder = tmp_path / name
        play_game(spec, "standard", "easy", f"tests.ai.blockade_opponents:{name}", seed=7, index=7,
                  records_dir=str(folder), common_dice=True)
        games[name] = rolls_by_decider(next(folder.glob("*.yaml")))
    (bold, bold_rolls), (cautious, cautious_rolls) = games["bold"], games["cautious"]
    parted = next(ply for ply, (a, b) in enumerate(zip(bold, cautious)) if a != b)
    for side in ("runner", "blockader"):
        one, two = bold_rolls[side], cautious_rolls[side]
        shorter = min(len(one), len(two))
        assert [face for _, face in one[:shorter]] == [face for _, face in two[:shorter]], side
        assert one[shorter - 1][0] > parted and two[shorter - 1][0] > parted, (side, parted, one, two)
