"""The online seats this player holds: where each game is, its code, side and secret token.

Kept in ``online/seats.yaml`` in the user data folder, written all-or-nothing like the saves
(``atomic_write``) and read through the bounded loader; an entry that is not what we wrote is
skipped, never trusted. Continue lists these games; the token takes the seat again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path

from navalgames.core.paths import data_dir
from navalgames.core.records import atomic_write
from navalgames.core.safe_yaml import FileRefused, dump, load_file

FILE = Path("online") / "seats.yaml"
KEEP = 50              # the newest seats kept; older ones are forgotten


@dataclass(frozen=True)
class SeatEntry:
    address: str
    code: str
    game: str
    variant: str
    side: str
    token: str
    hosted: str = ""       # "local" or "open" when the server runs inside this app, else ""
    updated: str = ""

    def key(self) -> tuple[str, str]:
        return self.address, self.code


def _path() -> Path:
    return data_dir() / FILE


def _entry(item: object) -> SeatEntry | None:
    if not isinstance(item, dict):
        return None
    fields = SeatEntry.__dataclass_fields__
    if set(item) - set(fields) or not all(isinstance(item.get(name), str) for name in
                                          ("address", "code", "game", "variant", "side", "token")):
        return None
    if not all(isinstance(value, str) and len(value) <= 300 for value in item.values()):
        return None
    return SeatEntry(**item)


def load_seats() -> list[SeatEntry]:
    """The seats on file, newest first (an unreadable file reads as none)."""
    try:
        data = load_file(_path())
    except (FileRefused, OSError):
        return []
    items = data.get("seats") if isinstance(data, dict) else None
    entries = [e for e in map(_entry, items if isinstance(items, list) else []) if e is not None]
    return sorted(entries, key=lambda e: e.updated, reverse=True)


def _write(entries: list[SeatEntry]) -> None:
    atomic_write(_path(), dump({"seats": [asdict(e) for e in entries[:KEEP]]}))


def remember_seat(entry: SeatEntry) -> SeatEntry:
    """Keep (or refresh) a seat; returns the entry as stored."""
    stamped = SeatEntry(**{**asdict(entry), "updated": datetime.now(timezone.utc).isoformat(timespec="seconds")})
    others = [e for e in load_seats() if e.key() != entry.key()]
    _write([stamped] + others)
    return stamped


def forget_seat(address: str, code: str) -> None:
    entries = load_seats()
    kept = [e for e in entries if e.key() != (address, code)]
    if len(kept) != len(entries):
        _write(kept)
