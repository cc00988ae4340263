"""The one place that makes arcade work without a screen (tests, screenshots, benchmarks).

Call ``prepare_headless()`` before anything imports arcade. With arcade 3.3.3 on Linux,
``arcade.gui`` fails to import headless unless pyglet is switched to headless first, its xlib
window module is imported, and ``arcade.ControllerManager`` is provided after import.
"""

from __future__ import annotations

import os
import sys


def prepare_headless() -> None:
    os.environ["ARCADE_HEADLESS"] = "1"
    import pyglet
    pyglet.options.headless = True
    if sys.platform.startswith("linux"):
        try:
            import pyglet.window.xlib  # noqa: F401  (needed by arcade.gui's imports)
        except Exception:
            pass
    import arcade
    if not hasattr(arcade, "ControllerManager"):
        from arcade.controller import ControllerManager
        arcade.ControllerManager = ControllerManager


def headless_requested() -> bool:
    return os.environ.get("ARCADE_HEADLESS") == "1"
