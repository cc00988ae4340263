"""The player's own deployments, saved by name and loaded in later games.

Formations are kept in one YAML file in the user's data folder, written from South's seat (as the
engine's presets are), so one saved formation serves either side: North's is turned round. The
file is written all-or-nothing; a damaged file is reported in one line and left untouched (saving
refuses rather than overwrite formations the player may want back).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from navalgames.core.paths import data_dir
from navalgames.core.records import atomic_write
from navalgames.core.safe_yaml import FileRefused, dump, load_file

FILE_NAME = "dover_patrol_formations.yaml"


@dataclass(frozen=True)
class Formation:
    name: str
    variant: str
    placement: dict          # South-seat square name -> piece code


def formations_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / FILE_NAME


class FormationError(ValueError):
    pass


def load_formations(folder: Path | None = None) -> list[Formation]:
    path = formations_path(folder)
    if not path.exists():
        return []
    try:
        data = load_file(path) or {}
    except FileRefused as exc:   # the bounded loader (navalgames.core.safe_yaml) said why
        raise FormationError(f"{path.name}: cannot be read ({exc}); your saved formations are in that file")
    entries = data.get("formations", {}) if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise FormationError(f"{path.name}: expected a 'formations' mapping of name -> formation")
    found = []
    for name, body in entries.items():
        if not isinstance(body, dict) or not isinstance(body.get("placement"), dict) or not all(
                isinstance(v, (str, int)) for v in (name, body.get("variant", ""), *body["placement"].values())):
            continue   # one bad entry must not hide the others
        placement = {str(sq): str(code) for sq, code in body["placement"].items()}
        found.append(Formation(str(name), str(body.get("variant", "classic")), placement))
    return found


def save_formation(formation: Formation, folder: Path | None = None) -> Path:
    """Add or replace ``formation`` by name; the others are kept as they were."""
    existing = {f.name: f for f in load_formations(folder)}
    existing[formation.name] = formation
    return _write(existing.values(), folder)


def delete_formation(name: str, folder: Path | None = None) -> Path:
    """Remove the formation called ``name``; the others are kept as they were."""
    return _write([f for f in load_formations(folder) if f.name != name], folder)


def _write(formations, folder: Path | None) -> Path:
    path = formations_path(folder)
    body = {"formations": {f.name: {"variant": f.variant, "placement": dict(sorted(f.placement.items()))}
                           for f in formations}}
    atomic_write(path, dump(body))
    return path
