"""What every part of `CardsDB` reads through: `Reader`, the open read-only connection, its tables, and the one helper
that runs a parameterized statement (a file that breaks under it raises DatabaseUnavailable, with how to build one)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cardsdb.errors import DatabaseDamaged, DatabaseUnavailable
from cardsdb.paths import rebuild_hint
from cardsdb.search.pacing import pause

ROWS_PER_STEP = 200  # rows read between pause points (cardsdb.search.pacing)
_DAMAGE_WORDS = ("malformed", "not a database", "corrupt", "disk i/o error")


def is_damage(error: BaseException) -> bool:
    """A damaged database file, as SQLite says it ("database disk image is malformed", "file is not a database") or
    as this layer raised it (`DatabaseDamaged`); not a lock, a missing file or a schema of another version."""
    if isinstance(error, DatabaseDamaged):
        return True
    return isinstance(error, sqlite3.DatabaseError) and any(w in str(error).lower() for w in _DAMAGE_WORDS)


def unreadable(path: Path, error: sqlite3.DatabaseError) -> DatabaseUnavailable:
    """The one-line error for a database SQLite could not read: `DatabaseDamaged` when its pages are damaged."""
    kind = DatabaseDamaged if is_damage(error) else DatabaseUnavailable
    return kind(f"the card database {path} cannot be read ({error}); {rebuild_hint(path)}")


class Reader:
    """The connection `CardsDB.open` made, and the statements every part of CardsDB runs."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path, tables: frozenset[str] = frozenset()
    ) -> None:
        self.connection = connection
        self.connection.row_factory = sqlite3.Row
        self.path = path
        self.tables = tables  # `CardsDB.open` fills it from the tables it checks

    def close(self) -> None:
        self.connection.close()

    def rows(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        try:
            cursor = self.connection.execute(sql, tuple(params))
            rows: list[sqlite3.Row] = []
            while chunk := cursor.fetchmany(
                ROWS_PER_STEP
            ):  # a refresh's warm-up reads whole tables: in steps
                rows += chunk
                if len(chunk) < ROWS_PER_STEP:
                    break
                pause()
            return rows
        except sqlite3.DatabaseError as error:
            raise unreadable(self.path, error) from None

    def has(self, table: str) -> bool:
        """Whether the database holds this table (a part reads an optional table only where it is present)."""
        return table in self.tables

    def has_fts(self, table: str) -> bool:
        return f"{table}_fts" in self.tables

    def meta(self) -> dict[str, str]:
        return {str(r["key"]): str(r["value"]) for r in self.rows("SELECT key, value FROM meta")}
