"""The python-chess yardstick of the engine benchmarks: optional, and only ever a ratio."""

import sys
import tomllib
from pathlib import Path

import pytest

from navalgames.core.yardstick import Yardstick, chess_playouts

ROOT = Path(__file__).resolve().parents[2]


def test_python_chess_is_only_in_the_bench_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(dep.startswith("chess") for dep in project["dependencies"])
    assert any(dep.startswith("chess") for dep in project["optional-dependencies"]["bench"])


def test_without_python_chess_the_bench_says_so_and_prints_no_ratio(monkeypatch):
    monkeypatch.setitem(sys.modules, "chess", None)     # import chess now raises ImportError
    assert chess_playouts(0.01) is None
    yardstick = Yardstick(0.02)
    yardstick.measure()
    yardstick.measure()
    assert yardstick.rate is None and yardstick.ratio(100_000) == "-"
    assert "python-chess is not installed" in yardstick.summary()


def test_the_ratio_divides_by_both_halves_of_the_yardstick():
    pytest.importorskip("chess")
    yardstick = Yardstick(0.1)
    yardstick.measure()
    yardstick.measure()
    assert len(yardstick.rates) == 2 and all(rate > 0 for rate in yardstick.rates)
    mean = (yardstick.rates[0] + yardstick.rates[1]) / 2
    assert yardstick.ratio(3 * mean) == "3.0x"
    assert f"{mean:,.0f} plies/s" in yardstick.summary()
