"""Writing the built tables: every table created from the schema, its rows inserted, full-text search enabled, the
indexes made and the foreign keys checked; into a temporary file beside the database that replaces it only once it
is complete (a failed build never replaces a good database)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import sqlite_utils

from cardsdb.errors import BuildError
from cardsdb.schema import FOREIGN_KEYS, FTS, INDEXES, PRIMARY_KEYS, TABLES

Row = dict[str, Any]


def replace_database(
    db_path: Path, tables: Mapping[str, list[Row]], complete: Callable[[Path], None] | None = None
) -> None:
    """Write `tables` into a temporary file beside `db_path`, `complete` it (a stage that reads the tables written),
    then move it over `db_path`."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    temporary = db_path.with_name(f".{db_path.name}.{os.getpid()}.building")
    try:
        temporary.unlink(missing_ok=True)
        write_tables(temporary, tables, complete)
        os.replace(temporary, db_path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_tables(
    path: Path, tables: Mapping[str, list[Row]], complete: Callable[[Path], None] | None = None
) -> None:
    db = sqlite_utils.Database(path)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        for name, columns in TABLES.items():
            fks = [(col, other, other_col) for col, other, other_col in FOREIGN_KEYS.get(name, [])]
            table = db.table(name)
            table.create(columns, pk=PRIMARY_KEYS[name], foreign_keys=fks or None)
            rows = tables.get(name, [])
            if rows:
                table.insert_all(rows, batch_size=500)
        for name, fts_columns in FTS.items():
            # porter: "hiding" finds "hide", "opponents" finds "opponent"; the same stemming applies to the query.
            db.table(name).enable_fts(fts_columns, create_triggers=False, tokenize="porter")
        for statement in INDEXES:
            db.execute(statement)
        problems = list(db.execute("PRAGMA foreign_key_check").fetchall())
        if problems:
            table_name, rowid, parent, _ = problems[0]
            raise BuildError(
                f"internal check failed: {table_name} row {rowid} points to a missing {parent} row"
            )
        db.conn.commit()
        if complete is not None:
            complete(path)  # before the statistics and the compaction, which then cover what it adds
        db.execute("ANALYZE")  # statistics for the query planner: it picks the number index over the doc one
        db.execute("VACUUM")
    finally:
        db.close()
