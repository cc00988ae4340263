"""The engine is pure Python: no arcade or pyglet, and it reads no file (the loader hands it data)."""

import ast
import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "games" / "dover_patrol" / "rules"
FORBIDDEN_MODULES = {"arcade", "pyglet", "PIL", "yaml", "os", "pathlib", "io", "shutil", "tempfile",
                     "importlib.resources", "navalgames.core.data", "navalgames.ui"}
FORBIDDEN_CALLS = {"open", "read_text", "read_bytes", "write_text", "safe_load", "load_package_yaml"}


def test_rules_modules_import_no_ui_and_do_no_file_io():
    files = sorted(RULES.glob("*.py"))
    assert len(files) >= 8
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = []
            for name in names:
                assert name.split(".")[0] not in {"arcade", "pyglet", "PIL"}, f"{path.name} imports {name}"
                assert name not in FORBIDDEN_MODULES, f"{path.name} imports {name}"
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                assert called not in FORBIDDEN_CALLS, f"{path.name} calls {called}()"


def test_playing_a_game_loads_no_ui_library():
    code = ("import random, sys\n"
            "from games.dover_patrol.rules import ENGINE\n"
            "s = ENGINE.random_start('classic', rng=random.Random(1))\n"
            "for _ in range(200):\n"
            "    s.play(s.random_action(random.Random(2))) if s.outcome() is None else None\n"
            "s.observation('south'); s.to_position()\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet', 'PIL')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=RULES.parents[2])
    assert out.stdout.strip() == "[]"
