"""The project installs what it needs: every package folder is listed, the entry points resolve."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    mapped = {name: Path(folder) for name, folder in config["package-dir"].items()}
    found = set(mapped)
    for top in ("navalgames", "games"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    assert found - listed == set(), "add these packages to [tool.setuptools] packages"
    assert listed - found == set(), "these listed packages have no folder"


def test_games_register_through_entry_points():
    from navalgames.core.registry import discover_games
    games = discover_games()
    assert {"dover-patrol", "naval-blockade"} <= set(games)
    assert games["dover-patrol"].sides == ("south", "north")
