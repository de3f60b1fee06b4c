"""What every part of `CardsDB` reads through: `Reader`, the open read-only connection, its tables, and the one helper
that runs a parameterized statement (a file that breaks under it raises DatabaseUnavailable, with how to build one)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from cardsdb.build.inventory import quick_check
from cardsdb.build.record import recorded_folder
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


def hint_for(path: Path) -> str:
    """How to rebuild the database at `path`, with the admin's own paths: from the data folder it was built from (the
    record beside it), else RIFTBOUND_DATA."""
    return rebuild_hint(path, recorded_folder(path))


def unreadable(path: Path, error: sqlite3.DatabaseError) -> DatabaseUnavailable:
    """The one-line error for a database SQLite could not read: `DatabaseDamaged` when its pages are damaged."""
    kind = DatabaseDamaged if is_damage(error) else DatabaseUnavailable
    return kind(f"the card database {path} cannot be read ({' '.join(str(error).split())})", hint_for(path))


def file_problem(path: Path, *, check_pages: bool = False) -> DatabaseUnavailable | None:
    """What keeps the file at `path` from being opened as a card database, before SQLite reads it: missing, a folder,
    empty; with `check_pages`, damaged pages (SQLite's quick check, about 0.1 s). None when none of these."""
    if path.is_dir():
        return DatabaseUnavailable(
            f"{path} is a folder, not a card database file (name the file, like {path / 'riftbound.sqlite3'})"
        )
    if not path.is_file():
        return DatabaseUnavailable(f"the card database {path} does not exist", hint_for(path))
    if path.stat().st_size == 0:
        return DatabaseUnavailable(f"the card database {path} is empty (0 bytes)", hint_for(path))
    damage = quick_check(path) if check_pages else None
    if damage is not None:
        kind = (
            DatabaseDamaged
            if is_damage(sqlite3.DatabaseError(damage)) or "damaged" in damage
            else DatabaseUnavailable
        )
        return kind(f"the card database {path} is damaged ({' '.join(damage.split())[:120]})", hint_for(path))
    return None


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
