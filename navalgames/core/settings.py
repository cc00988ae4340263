"""Player settings (window, sound, palette), stored as YAML in the user config folder."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .paths import config_dir
from .records import atomic_write
from .safe_yaml import FileRefused, dump, load_file

SETTINGS_FILE = "settings.yaml"
THINK_CHOICES = (0.5, 1.0, 2.0, 5.0)   # seconds the computer may think a move (Settings)


@dataclass
class Settings:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    sound: bool = True
    colour_blind: bool = False   # a palette told apart without red/green
    think_seconds: float = 1.0   # the computer thinks up to this long a move (one of THINK_CHOICES)

    @classmethod
    def load(cls, folder: Path | None = None) -> "Settings":
        """The saved settings; defaults for anything missing or unreadable (never fatal)."""
        path = (folder or config_dir()) / SETTINGS_FILE
        try:
            data = load_file(path) or {}
        except FileRefused:
            return cls()
        if not isinstance(data, dict):
            return cls()
        settings = cls()
        for f in fields(cls):
            value = data.get(f.name)
            if isinstance(value, type(f.default)) and not (f.type == "int" and isinstance(value, bool)):
                setattr(settings, f.name, value)
        if isinstance(data.get("think_seconds"), int) and not isinstance(data["think_seconds"], bool):
            settings.think_seconds = float(data["think_seconds"])   # "2" is as good as "2.0"
        if settings.think_seconds not in THINK_CHOICES:
            settings.think_seconds = min(THINK_CHOICES, key=lambda t: abs(t - settings.think_seconds))
        settings.width = max(800, min(settings.width, 7680))
        settings.height = max(600, min(settings.height, 4320))
        return settings

    def save(self, folder: Path | None = None) -> Path:
        path = (folder or config_dir()) / SETTINGS_FILE
        atomic_write(path, dump(asdict(self)))
        return path
