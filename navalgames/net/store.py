"""Where the server keeps its games: a small interface and its SQLite implementation.

The server writes each action here (and waits for the commit) before it acknowledges it, so a
server killed at any moment restarts with every acknowledged action. Another database (one shared
by several servers) only has to implement ``GameStore``.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


@dataclass
class StoredGame:
    code: str
    game: str
    variant: str
    options: dict[str, Any]
    seed: int
    tokens: dict[str, str] = field(default_factory=dict)     # side -> seat token
    actions: list[str] = field(default_factory=list)         # the record's actions, dice included
    result: dict[str, Any] | None = None                      # an ending by agreement or resignation


class GameStore(Protocol):
    def add_game(self, game: StoredGame) -> None: ...
    def add_seat(self, code: str, side: str, token: str) -> None: ...
    def add_actions(self, code: str, first_index: int, actions: list[str]) -> None: ...
    def set_result(self, code: str, result: dict[str, Any]) -> None: ...
    def games(self) -> list[StoredGame]: ...
    def game(self, code: str) -> StoredGame | None: ...
    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (code TEXT PRIMARY KEY, game TEXT NOT NULL, variant TEXT NOT NULL,
    options TEXT NOT NULL, seed INTEGER NOT NULL, result TEXT);
CREATE TABLE IF NOT EXISTS seats (code TEXT NOT NULL, side TEXT NOT NULL, token TEXT NOT NULL,
    PRIMARY KEY (code, side));
CREATE TABLE IF NOT EXISTS actions (code TEXT NOT NULL, idx INTEGER NOT NULL, action TEXT NOT NULL,
    PRIMARY KEY (code, idx));
"""


class SQLiteStore:
    """One SQLite file; each write is its own committed transaction.

WAL with synchronous=NORMAL: a committed transaction survives the server being killed (the
operating system still holds it); only a power cut may lose the last few, a fair price for not
waiting on the disk at every move.
"""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # the server thread may be another than the one that opened it; only one uses it at a time
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def _write(self, sql: str, rows: list[tuple]) -> None:
        with self.db:   # one transaction: all the rows or none
            self.db.execute("BEGIN")
            self.db.executemany(sql, rows)

    def add_game(self, game: StoredGame) -> None:
        self._write("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)",
                    [(game.code, game.game, game.variant, json.dumps(game.options), game.seed,
                      json.dumps(game.result) if game.result else None)])

    def add_seat(self, code: str, side: str, token: str) -> None:
        self._write("INSERT INTO seats VALUES (?, ?, ?)", [(code, side, token)])

    def add_actions(self, code: str, first_index: int, actions: list[str]) -> None:
        self._write("INSERT INTO actions VALUES (?, ?, ?)",
                    [(code, first_index + i, a) for i, a in enumerate(actions)])

    def set_result(self, code: str, result: dict[str, Any]) -> None:
        self._write("UPDATE games SET result = ? WHERE code = ?", [(json.dumps(result), code)])

    def games(self) -> list[StoredGame]:
        return self._read("", ())

    def game(self, code: str) -> StoredGame | None:
        """One game by its code (a finished game the server let go of, asked for again)."""
        found = self._read("WHERE code = ?", (code,))
        return found[0] if found else None

    def _read(self, where: str, args: tuple) -> list[StoredGame]:
        found = {}
        for code, game, variant, options, seed, result in self.db.execute(f"SELECT * FROM games {where}", args):
            found[code] = StoredGame(code, game, variant, json.loads(options), seed,
                                     result=json.loads(result) if result else None)
        for code, side, token in self.db.execute(f"SELECT code, side, token FROM seats {where}", args):
            found[code].tokens[side] = token
        for code, _, action in self.db.execute(f"SELECT code, idx, action FROM actions {where} ORDER BY code, idx",
                                               args):
            found[code].actions.append(action)
        return list(found.values())

    def close(self) -> None:
        self.db.close()
