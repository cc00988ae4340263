"""Test set-up shared by every test: a private save folder and headless arcade."""

import os
import tempfile

# Saves and settings go to a throw-away folder, never the developer's own.
os.environ.setdefault("NAVALGAMES_HOME", tempfile.mkdtemp(prefix="navalgames-tests-"))

from navalgames.ui.headless import prepare_headless  # noqa: E402

prepare_headless()
