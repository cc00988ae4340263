"""Where saves and settings live: the user's data and config folders (platformdirs).

``NAVALGAMES_HOME`` overrides both (tests and portable installs use it).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "navalgames"


def data_dir() -> Path:
    override = os.environ.get("NAVALGAMES_HOME")
    return Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    override = os.environ.get("NAVALGAMES_HOME")
    return Path(override) / "config" if override else Path(platformdirs.user_config_dir(APP_NAME))
