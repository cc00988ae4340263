"""Settings: saved as YAML in the config folder; anything unreadable falls back to defaults."""

from navalgames.core.paths import config_dir, data_dir
from navalgames.core.settings import SETTINGS_FILE, Settings


def test_round_trip(tmp_path):
    Settings(width=1600, height=900, fullscreen=True, sound=False, colour_blind=True).save(tmp_path)
    assert Settings.load(tmp_path) == Settings(1600, 900, True, False, True)


def test_missing_or_broken_file_gives_defaults(tmp_path):
    assert Settings.load(tmp_path) == Settings()
    (tmp_path / SETTINGS_FILE).write_text("width: [")
    assert Settings.load(tmp_path) == Settings()
    (tmp_path / SETTINGS_FILE).write_text("- a list")
    assert Settings.load(tmp_path) == Settings()


def test_wrong_types_are_ignored_field_by_field_and_sizes_clamped(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("width: wide\nheight: 100\nsound: 'no'\nfullscreen: 1\ncolour_blind: true\n")
    settings = Settings.load(tmp_path)
    assert settings.width == Settings().width
    assert settings.height == 600
    assert settings.sound is True and settings.fullscreen is False and settings.colour_blind is True


def test_navalgames_home_moves_data_and_config(tmp_path, monkeypatch):
    monkeypatch.setenv("NAVALGAMES_HOME", str(tmp_path))
    assert data_dir() == tmp_path / "data"
    assert config_dir() == tmp_path / "config"
    Settings(sound=False).save()
    assert (tmp_path / "config" / SETTINGS_FILE).exists()
    assert Settings.load().sound is False
