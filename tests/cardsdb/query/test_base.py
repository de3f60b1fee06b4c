"""The reader every part of CardsDB reads through: opened read-only, checked, statements bound as parameters."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsdb.errors import DatabaseDamaged, DatabaseUnavailable
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader, is_damage
from cardsdb.query.database import REQUIRED_TABLES
from cardsdb.schema import SCHEMA_VERSION


def test_the_reader_knows_the_tables_it_checked(query_reader: Reader) -> None:
    assert set(REQUIRED_TABLES) <= query_reader.tables
    assert query_reader.has("ban_lists") and not query_reader.has("no_such_table")
    assert query_reader.has_fts("cards") == ("cards_fts" in query_reader.tables)


def test_rows_bind_their_parameters(query_reader: Reader) -> None:
    rows = query_reader.rows("SELECT name FROM cards WHERE name = ?", ["'; DROP TABLE cards; --"])
    assert rows == []
    assert query_reader.rows("SELECT count(*) FROM cards")[0][0] > 0


def test_meta_reads_the_schema_version(query_reader: Reader) -> None:
    assert query_reader.meta()["schema_version"] == str(SCHEMA_VERSION)


def test_the_connection_is_read_only(query_reader: Reader) -> None:
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        query_reader.connection.execute("DELETE FROM cards")


def test_another_schema_version_is_refused_with_how_to_rebuild(query_db: Path, tmp_path: Path) -> None:
    copy = tmp_path / "old.sqlite3"
    copy.write_bytes(query_db.read_bytes())
    with sqlite3.connect(copy) as connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    with pytest.raises(DatabaseUnavailable, match="schema 0") as raised:
        CardsDB.open(copy)
    assert "rebuild it with" in str(raised.value)


def test_a_damaged_file_is_told_from_a_missing_one(tmp_path: Path) -> None:
    assert is_damage(sqlite3.DatabaseError("database disk image is malformed"))
    assert is_damage(DatabaseDamaged("x"))
    assert not is_damage(sqlite3.OperationalError("database is locked"))
    with pytest.raises(DatabaseUnavailable) as raised:
        CardsDB.open(tmp_path / "absent.sqlite3")
    assert not is_damage(raised.value)
