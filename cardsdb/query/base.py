"""What every part of `CardsDB` reads through: the open read-only connection, its tables, and the one helper that runs
a parameterized statement (a file that breaks under it raises DatabaseUnavailable, with how to build one)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cardsdb.errors import DatabaseUnavailable
from cardsdb.paths import BUILD_HINT


class Queries:
    """The connection `CardsDB.open` made, and the statements every part of CardsDB runs."""

    _db: sqlite3.Connection
    path: Path
    _tables: frozenset[str]  # open() fills it from the tables it checks

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        try:
            return self._db.execute(sql, tuple(params)).fetchall()
        except sqlite3.DatabaseError as error:
            raise DatabaseUnavailable(
                f"the card database {self.path} cannot be read ({error}); {BUILD_HINT}"
            ) from None

    def _has_fts(self, table: str) -> bool:
        return f"{table}_fts" in self._tables

    def meta(self) -> dict[str, str]:
        return {str(r["key"]): str(r["value"]) for r in self._rows("SELECT key, value FROM meta")}
