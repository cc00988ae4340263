"""Registry: games found through entry points, a broken plug-in skipped, specs load lazily."""

import warnings
from importlib import metadata

import pytest

from navalgames.core import registry
from navalgames.core.registry import GameSpec, discover_games, get_game, load_object

TOY = GameSpec(id="toy", title="Aardvark Toy", year=2000, description="d", sides=("a", "b"),
               engine="no.such.module:ENGINE", rules_doc="navalgames:no-rules.md")


class FakeEntryPoint:
    def __init__(self, name, obj):
        self.name, self.obj = name, obj

    def load(self):
        if isinstance(self.obj, Exception):
            raise self.obj
        return self.obj


@pytest.fixture
def installed(monkeypatch):
    points = [FakeEntryPoint("zed", GameSpec(**{**TOY.__dict__, "id": "zed", "title": "Zed"})),
              FakeEntryPoint("broken", ImportError("No module named 'broken_game'")),
              FakeEntryPoint("not-a-spec", object()),
              FakeEntryPoint("toy", TOY)]
    monkeypatch.setattr(registry.metadata, "entry_points", lambda group: points)


def test_games_are_listed_in_title_order_and_a_broken_plugin_is_skipped_with_a_warning(installed):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = discover_games()
    assert list(games) == ["toy", "zed"]
    assert any("'broken' could not be loaded" in str(w.message) for w in caught)


def test_get_game_names_the_installed_games(installed):
    with pytest.warns(UserWarning, match="'broken' could not be loaded"):
        assert get_game("toy") is TOY
        with pytest.raises(ValueError, match="no game 'chess': expected one of toy, zed"):
            get_game("chess")


def test_a_spec_whose_engine_is_missing_fails_only_when_used():
    with pytest.raises(ImportError):
        TOY.variants()
    assert TOY.command("rules") is None


def test_load_object_follows_dotted_attributes():
    assert load_object("navalgames.core.registry:GameSpec.variants") is GameSpec.variants
    assert load_object("navalgames.core.registry") is registry


def test_the_real_entry_point_group_is_used():
    assert registry.ENTRY_POINT_GROUP == "navalgames.games"
    names = {ep.name for ep in metadata.entry_points(group="navalgames.games")}
    assert {"dover-patrol", "naval-blockade"} <= names
