"""Test set-up shared by every test: a private save folder, headless arcade, one hidden window."""

import os
import sys
import tempfile
from pathlib import Path

# Test files are imported by path (--import-mode=importlib in pyproject.toml), so test file
# names may repeat across folders. Helper modules beside the tests (blockade_helpers.py,
# toy_games.py...) stay importable by name: every test folder is on sys.path. Their names must
# be unique across tests/.
TESTS = Path(__file__).resolve().parent
for folder in sorted({f.parent for f in TESTS.rglob("*.py")}):
    hidden = any(part.startswith((".", "_")) for part in folder.relative_to(TESTS).parts)
    if not hidden and str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

# Saves and settings go to a throw-away folder, never the developer's own.
os.environ.setdefault("NAVALGAMES_HOME", tempfile.mkdtemp(prefix="navalgames-tests-"))

from navalgames.ui.headless import prepare_headless  # noqa: E402

prepare_headless()


# --- one hidden game window for every UI test -------------------------------------------------
import arcade  # noqa: E402
import pytest  # noqa: E402


class BlankView(arcade.View):
    """Shown between tests, so the last test's screen lets go of the window's events."""

    def on_draw(self) -> None:
        self.clear()


@pytest.fixture(scope="session")
def naval_window():
    """The session's one hidden NavalWindow (creating GL windows is slow and fragile headless).

    Prefer the ``window`` fixture, which resets it for each test.
    """
    from navalgames.core.records import SaveStore
    from navalgames.core.settings import Settings
    from navalgames.ui.app import NavalWindow
    home = tempfile.mkdtemp(prefix="navalgames-window-")
    window = NavalWindow(settings=Settings(sound=False), store=SaveStore(home), visible=False)
    yield window
    window.close()


@pytest.fixture
def window(naval_window, tmp_path, monkeypatch):
    """The shared hidden NavalWindow, fresh for one test.

    - ``NAVALGAMES_HOME`` points into ``tmp_path``: settings and saves written during the test
      land there (``window.store`` is ``SaveStore(tmp_path / "home" / "data")``).
    - 1280 x 800, default settings with sound off, a blank view showing.
    - Afterwards a blank view is shown again, so screens release their event handlers.

    Drive it with ``navalgames.ui.testing`` (draw, click, click_widget, press, resize, snapshot):

        def test_start(window):
            window.show_view(MyView(window, match))
            testing.click_widget(window, view.some_button)
    """
    from navalgames.core.paths import data_dir
    from navalgames.core.records import SaveStore
    from navalgames.core.settings import Settings
    from navalgames.ui import testing
    monkeypatch.setenv("NAVALGAMES_HOME", str(tmp_path / "home"))
    naval_window.settings = Settings(sound=False)
    naval_window.store = SaveStore(data_dir())
    naval_window.show_view(BlankView())
    naval_window.cancel_redraws()
    if naval_window.get_size() != (1280, 800):
        testing.resize(naval_window, 1280, 800)
    yield naval_window
    naval_window.show_view(BlankView())
    naval_window.dispatch_events()
