"""House rule: the engine under games/naval_blockade/rules is pure Python - no arcade, no pyglet,
no file reading."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "games" / "naval_blockade" / "rules"


def test_no_rules_module_imports_arcade_or_pyglet_or_reads_files():
    files = sorted(RULES.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        tree = ast.parse(path.read_text(), str(path))
        for item in ast.walk(tree):
            if isinstance(item, ast.Import):
                names = [a.name for a in item.names]
            elif isinstance(item, ast.ImportFrom):
                names = [item.module or ""]
            else:
                names = []
            for name in names:
                assert name.split(".")[0] not in ("arcade", "pyglet", "PIL"), f"{path.name}: {name}"
            if isinstance(item, ast.Call) and isinstance(item.func, (ast.Name, ast.Attribute)):
                called = item.func.id if isinstance(item.func, ast.Name) else item.func.attr
                assert called not in ("open", "read_text", "read_bytes", "safe_load"), \
                    f"{path.name} reads a file ({called})"


def test_playing_a_game_loads_neither_arcade_nor_pyglet():
    script = ("import sys, random\n"
              "from games.naval_blockade.rules import ENGINE\n"
              "from games.naval_blockade.rules.playout import random_playout\n"
              "random_playout(ENGINE.new_game('standard'), random.Random(3))\n"
              "print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
