"""Game records and save files: versioned YAML, atomic writes, exact replay.

A record holds everything needed to rebuild a game: game id, variant, rule options, seed, the
players, an optional starting position, and every action in notation (dice outcomes included),
so replaying it reaches the very same state. Files are written to a temporary file in the same
folder and renamed over the old one, so a crash never leaves half a save.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import yaml

FORMAT_VERSION = 1
FILE_KIND = "navalgames-record"


class SaveError(ValueError):
    """A save file that cannot be used; the message is one line naming the file and the problem."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class GameRecord:
    game: str
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    players: dict[str, str] = field(default_factory=dict)   # side -> "human" or "computer:LEVEL"
    start: dict[str, Any] | None = None                     # a position, when not the usual start
    actions: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None                    # Outcome.as_dict() once over
    decisions: int | None = None                            # players' actions, dice left out
    game_uid: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)

    def to_yaml(self) -> str:
        body = {"kind": FILE_KIND, "format": FORMAT_VERSION, **asdict(self)}
        return yaml.safe_dump(body, sort_keys=False, allow_unicode=True)

    @classmethod
    def from_yaml(cls, text: str, source: str = "record") -> "GameRecord":
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1}" if mark is not None else ""
            raise SaveError(f"{source}: not a readable save (broken YAML{where})") from None
        if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
            raise SaveError(f"{source}: not a NavalGames save file")
        version = data.get("format")
        if not isinstance(version, int):
            raise SaveError(f"{source}: save has no format version")
        if version > FORMAT_VERSION:
            raise SaveError(f"{source}: saved by a newer NavalGames (format {version}, "
                            f"this version reads up to {FORMAT_VERSION})")
        fields = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        for key in ("game", "variant"):
            if not isinstance(fields.get(key), str):
                raise SaveError(f"{source}: save is missing '{key}'")
        if not isinstance(fields.get("actions", []), list) or not all(
                isinstance(a, str) for a in fields.get("actions", [])):
            raise SaveError(f"{source}: 'actions' must be a list of moves in notation")
        if not isinstance(fields.get("options", {}), dict):
            raise SaveError(f"{source}: 'options' must be a mapping")
        seed = fields.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError(f"{source}: 'seed' must be a whole number")
        players = fields.get("players", {})
        if not isinstance(players, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in players.items()):
            raise SaveError(f"{source}: 'players' must map each side to human or computer:LEVEL")
        decisions = fields.get("decisions")
        if decisions is not None and (not isinstance(decisions, int) or isinstance(decisions, bool)):
            raise SaveError(f"{source}: 'decisions' must be a whole number")
        if not isinstance(fields.get("start"), (dict, type(None))):
            raise SaveError(f"{source}: 'start' must be a position (a mapping)")
        return cls(**fields)

    @property
    def ply_count(self) -> int:
        """Moves made by the players; a save from before dice were told apart counts every action."""
        return len(self.actions) if self.decisions is None else self.decisions


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` all-or-nothing: temp file, fsync, rename."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def read_record(path: Path) -> GameRecord:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path.name}: cannot be read ({exc.__class__.__name__})") from None
    return GameRecord.from_yaml(text, path.name)


@dataclass(frozen=True)
class SaveEntry:
    """One file in the save folder: a usable record, or the reason it cannot be used."""

    path: Path
    record: GameRecord | None
    problem: str | None
    modified: float
    autosave: bool


class SaveStore:
    """The save folder: named saves in ``saves/``, one autosave per game in ``autosave/``."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def autosave_dir(self) -> Path:
        return self.root / "autosave"

    def save(self, record: GameRecord, name: str | None = None) -> Path:
        record.updated = _now()
        stem = _safe_name(name) if name else f"{record.game}-{record.game_uid}"
        path = self.saves_dir / f"{stem}.yaml"
        atomic_write(path, record.to_yaml())
        return path

    def autosave(self, record: GameRecord) -> Path:
        record.updated = _now()
        path = self.autosave_dir / f"{record.game}-{record.game_uid}.yaml"
        atomic_write(path, record.to_yaml())
        return path

    def discard_autosave(self, record: GameRecord) -> None:
        (self.autosave_dir / f"{record.game}-{record.game_uid}.yaml").unlink(missing_ok=True)

    def entries(self) -> list[SaveEntry]:
        """Every save and autosave, newest first; unreadable ones carry their problem."""
        found: list[SaveEntry] = []
        for folder, is_auto in ((self.saves_dir, False), (self.autosave_dir, True)):
            if not folder.is_dir():
                continue
            for path in folder.glob("*.yaml"):
                try:
                    record, problem = read_record(path), None
                except SaveError as exc:
                    record, problem = None, str(exc)
                found.append(SaveEntry(path, record, problem, path.stat().st_mtime, is_auto))
        return sorted(found, key=lambda e: e.modified, reverse=True)


def _safe_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip()
    return cleaned.replace(" ", "-") or "save"
