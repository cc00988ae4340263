"""The command line's general parts: help, list, unknown commands."""

from navalgames import __main__ as cli
from navalgames.core import registry
from navalgames.core.registry import GameSpec

BROKEN = GameSpec(id="broken", title="Broken", year=1900, description="not yet", sides=("a", "b"),
                  engine="no.such.module:ENGINE", rules_doc="x:y.md")


def test_help_lists_the_commands(capsys):
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("list", "rules", "bench", "screenshot", "tournament"):
        assert f"navalgames {command}" in out


def test_list_names_each_game_and_survives_one_that_is_not_ready(monkeypatch, capsys):
    real = registry.discover_games()
    monkeypatch.setattr(registry, "discover_games", lambda: {**real, "broken": BROKEN})
    assert cli.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "broken  Broken (1900): not yet" in out
    assert "its rules cannot be loaded yet: No module named 'no'" in out
    for spec in real.values():
        assert f"{spec.id}  {spec.title} ({spec.year})" in out


def test_unknown_command_and_unknown_game(capsys):
    assert cli.main(["sail"]) == 2
    assert "unknown command 'sail'" in capsys.readouterr().err
    assert cli.main(["rules", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err
    assert cli.main(["screenshot"]) == 2
