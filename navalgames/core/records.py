"""Game records and save files: versioned YAML, atomic writes, exact replay.

A record holds everything needed to rebuild a game: game id, variant, rule options, seed, the
players, an optional starting position, and every action in notation (dice outcomes included),
so replaying it reaches the very same state. Files are written to a temporary file in the same
folder and renamed over the old one, so a crash never leaves half a save.
"""

from __future__ import annotations

import os
import re
import tempfile
import uuid
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .quote import short
from .safe_yaml import FileRefused, dump, load_text, read_text

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
    decisions: int | None = None                            # players' moves: no dice, no setup
    # a player's decision still being made (a half-made deployment: square -> piece), by side,
    # kept so that leaving or closing the window loses nothing; never part of the game's actions
    drafts: dict[str, dict[str, str]] = field(default_factory=dict)
    game_uid: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    created: str = field(default_factory=_now)
    updated: str = field(default_factory=_now)

    def to_yaml(self) -> str:
        body = {"kind": FILE_KIND, "format": FORMAT_VERSION, **asdict(self)}
        return dump(body)

    @classmethod
    def from_yaml(cls, text: str, source: str = "record") -> "GameRecord":
        try:
            data = load_text(text)
        except FileRefused as exc:
            raise SaveError(f"{source}: not a readable save: {exc}") from None
        if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
            raise SaveError(f"{source}: not a NavalGames save file")
        version = data.get("format")
        if not _is_whole(version) or version < 1:
            raise SaveError(f"{source}: save has no format version (expected format: "
                            f"1..{FORMAT_VERSION}, got {short(version)})")
        if version > FORMAT_VERSION:
            raise SaveError(f"{source}: saved by a newer NavalGames (format {version}, "
                            f"this version reads up to {FORMAT_VERSION})")
        # keys this version does not know (a later format-1 writer's notes) are left out
        fields = {k: v for k, v in data.items() if k in _FIELD_CHECKS}
        for key, value in fields.items():
            problem = _FIELD_CHECKS[key](value)
            if problem:
                raise SaveError(f"{source}: {problem}, got {short(value)}")
        for key in ("game", "variant"):
            if key not in fields:
                raise SaveError(f"{source}: save is missing '{key}'")
        return cls(**fields)

    @property
    def ply_count(self) -> int:
        """Moves made by the players; a save from before dice were told apart counts every action."""
        return len(self.actions) if self.decisions is None else self.decisions


# --- what each field of a save may hold ----------------------------------------------------------
# Identifiers end up in file names and lookups, so they are matched against strict patterns:
# a game_uid like ``x/../../saves/other`` once let a save overwrite another file.
GAME_ID = re.compile(r"[a-z][a-z0-9-]{0,39}")
VARIANT_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
GAME_UID = re.compile(r"[0-9a-f]{8,32}")
SIDE = re.compile(r"[a-z][a-z_-]{0,19}")
SEAT = re.compile(r"[a-z]{1,20}(:[a-z0-9_.-]{1,30})?")     # human, computer:hard
OPTION = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_date(value: Any) -> bool:
    """An ISO date and time that can be shown in local time (year 1 at +14:00 cannot)."""
    try:
        return len(value) <= 40 and datetime.fromisoformat(value).astimezone() is not None
    except (TypeError, ValueError, OverflowError):
        return False


def _matches(pattern: re.Pattern, value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _id_check(key: str, pattern: re.Pattern, what: str):
    return lambda v: None if _matches(pattern, v) else f"'{key}' must be {what}"


def _options_problem(value: Any) -> str | None:
    ok = isinstance(value, dict) and all(
        _matches(OPTION, k) and (isinstance(v, (bool, int, float)) or (isinstance(v, str) and len(v) <= 100))
        for k, v in value.items())
    return None if ok else "'options' must map option names to plain values"


def _players_problem(value: Any) -> str | None:
    ok = isinstance(value, dict) and len(value) <= 8 and all(
        _matches(SIDE, k) and _matches(SEAT, v) for k, v in value.items())
    return None if ok else "'players' must map each side to human or computer:LEVEL"


def _actions_problem(value: Any) -> str | None:
    ok = isinstance(value, list) and all(
        isinstance(a, str) and 0 < len(a) <= 2000 for a in value)
    return None if ok else "'actions' must be a list of moves in notation"


def _result_problem(value: Any) -> str | None:
    ok = value is None or (isinstance(value, dict) and set(value) == {"winner", "reason"}
                           and (value["winner"] is None or _matches(SIDE, value["winner"]))
                           and isinstance(value["reason"], str) and len(value["reason"]) <= 300)
    return None if ok else "'result' must be {winner: SIDE or none, reason: TEXT} or null"


def _drafts_problem(value: Any) -> str | None:
    ok = isinstance(value, dict) and len(value) <= 8 and all(
        _matches(SIDE, side) and isinstance(draft, dict) and len(draft) <= 400 and all(
            isinstance(k, str) and isinstance(v, str) and 0 < len(k) <= 12 and 0 < len(v) <= 12
            for k, v in draft.items())
        for side, draft in value.items())
    return None if ok else "'drafts' must map each side to a mapping of short names"


_FIELD_CHECKS = {
    "game": _id_check("game", GAME_ID, "a game id like dover-patrol"),
    "variant": _id_check("variant", VARIANT_ID, "a variant id like classic"),
    "options": _options_problem,
    "seed": lambda v: None if _is_whole(v) and 0 <= v < 2**64 else "'seed' must be a whole number",
    "players": _players_problem,
    # the position itself is checked by the game's engine when the save is opened
    "start": lambda v: None if v is None or isinstance(v, dict) else "'start' must be a position (a mapping)",
    "actions": _actions_problem,
    "result": _result_problem,
    "decisions": lambda v: None if v is None or (_is_whole(v) and v >= 0) else
    "'decisions' must be a whole number",
    "drafts": _drafts_problem,
    "game_uid": _id_check("game_uid", GAME_UID, "8 to 32 hex digits"),
    "created": lambda v: None if _is_date(v) else "'created' must be a date and time (ISO 8601)",
    "updated": lambda v: None if _is_date(v) else "'updated' must be a date and time (ISO 8601)",
}


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
        text = read_text(path)
    except FileRefused as exc:
        raise SaveError(f"{path.name}: {exc}") from None
    return GameRecord.from_yaml(text, path.name)


@dataclass(frozen=True)
class SaveEntry:
    """One game in the save folder (its newest file), or a file that cannot be used and why."""

    path: Path
    record: GameRecord | None
    problem: str | None
    modified: float
    autosave: bool
    others: tuple[Path, ...] = ()    # older files of the same game (its save or autosave)

    @property
    def paths(self) -> tuple[Path, ...]:
        return (self.path, *self.others)


class SaveStore:
    """The save folder: named saves in ``saves/``, one autosave per game in ``autosave/``.

    Every write goes to a name checked to stay inside its folder: names come from the player
    (cleaned) or from the record's game id and game_uid (matched against strict patterns).
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    @property
    def saves_dir(self) -> Path:
        return self.root / "saves"

    @property
    def autosave_dir(self) -> Path:
        return self.root / "autosave"

    def save(self, record: GameRecord, name: str | None = None) -> Path:
        """Save under ``name``, or by game, opponent and date (saving the same game again
        replaces its own save, never another game's)."""
        record.updated = _now()
        if name:
            path = _file_in(self.saves_dir, _safe_name(name))
        else:
            path = self._own_save(record) or self._free_name(record)
        atomic_write(path, record.to_yaml())
        return path

    def autosave(self, record: GameRecord) -> Path:
        record.updated = _now()
        path = self.autosave_path(record)
        atomic_write(path, record.to_yaml())
        return path

    def discard_autosave(self, record: GameRecord) -> None:
        self.autosave_path(record).unlink(missing_ok=True)
        _file_in(self.autosave_dir, f"{record.game}-{record.game_uid}").unlink(missing_ok=True)  # older name

    def autosave_path(self, record: GameRecord) -> Path:
        """The game's one autosave: named by game, opponent and start like a save, then its uid
        (which keeps two games begun the same minute apart and never changes during a game)."""
        for key in ("game", "game_uid"):
            problem = _FIELD_CHECKS[key](getattr(record, key))
            if problem:
                raise SaveError(f"refused to autosave: {problem}, got {short(getattr(record, key))}")
        return _file_in(self.autosave_dir, f"{_safe_name(default_save_name(record))}-{record.game_uid}")

    def _own_save(self, record: GameRecord) -> Path | None:
        for entry in self._files(self.saves_dir, False):
            if entry.record is not None and entry.record.game_uid == record.game_uid:
                return entry.path
        return None

    def _free_name(self, record: GameRecord) -> Path:
        stem = _safe_name(default_save_name(record))
        path, n = _file_in(self.saves_dir, stem), 1
        while path.exists() or path.is_symlink():
            n += 1
            path = _file_in(self.saves_dir, f"{stem}-{n}")
        return path

    def files(self) -> list[SaveEntry]:
        """Every save and autosave file, newest first; unreadable ones carry their problem."""
        found = self._files(self.saves_dir, False) + self._files(self.autosave_dir, True)
        return sorted(found, key=lambda e: e.modified, reverse=True)

    def entries(self) -> list[SaveEntry]:
        """What Continue lists: one entry per game (its newest file, the others attached),
        games in progress newest first, then finished games, then files that cannot be used."""
        games: dict[tuple[str, str], list[SaveEntry]] = {}
        broken: list[SaveEntry] = []
        for entry in self.files():
            if entry.record is None:
                broken.append(entry)
            else:
                games.setdefault((entry.record.game, entry.record.game_uid), []).append(entry)
        merged = [replace(group[0], others=tuple(e.path for e in group[1:])) for group in games.values()]
        playing = [e for e in merged if not e.record.result]
        finished = [e for e in merged if e.record.result]
        return playing + finished + broken

    @staticmethod
    def _files(folder: Path, is_auto: bool) -> list[SaveEntry]:
        try:
            paths = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        except OSError:
            return []
        found = []
        for path in paths:
            try:
                record, problem = read_record(path), None
            except SaveError as exc:
                record, problem = None, str(exc)
            try:
                modified = path.lstat().st_mtime
            except OSError:
                modified = 0.0
            found.append(SaveEntry(path, record, problem, modified, is_auto))
        return found


def default_save_name(record: GameRecord) -> str:
    """E.g. ``dover-patrol-vs-computer-hard-2026-03-01-1405``: game, opponent, when it began."""
    computers = [who.split(":", 1)[1] if ":" in who else "" for who in record.players.values()
                 if who.startswith("computer")]
    if not computers:
        opponent = "two-players"
    elif len(computers) == len(record.players):
        opponent = "computer-v-computer"
    else:
        opponent = "-".join(filter(None, ("vs-computer", computers[0])))
    try:
        began = f"-{datetime.fromisoformat(record.created).astimezone():%Y-%m-%d-%H%M}"
    except (TypeError, ValueError, OverflowError):
        began = ""      # never "now": the autosave's name must not change during a game
    return f"{record.game}-{opponent}{began}"


def _file_in(folder: Path, stem: str) -> Path:
    """``folder/stem.yaml``, refused unless it names a file directly inside ``folder``."""
    path = folder / f"{stem}.yaml"
    if stem.startswith(".") or path.name != f"{stem}.yaml" or \
            path.parent.resolve() != folder.resolve():
        raise SaveError(f"refused to write {short(stem)}: not a plain file name in {folder.name}/")
    return path


def _safe_name(name: str) -> str:
    cleaned = "".join(c if c.isalnum() or c in "-_ " else "_" for c in name).strip()
    return cleaned.replace(" ", "-")[:80] or "save"
