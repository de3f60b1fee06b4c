"""The database at run time: opened read-only, every query parameterized, whatever text a user sends.

(Bad upstream data, missing and corrupt files are in tests/cardsdb/build/test_validation.py, tests/cardsdb/build/test_sync.py, tests/bot/test_database.py.)
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB

MARKER = "Zqx7mark"  # in every generated input: it may reach SQLite only as a bound parameter
SYNTAX = [
    "'",
    '"',
    ";",
    "--",
    "/*",
    "*/",
    "%",
    "_",
    "\\",
    "(",
    ")",
    "*",
    "^",
    ":",
    "-",
    "+",
    "NEAR(",
    " OR ",
    " AND ",
    " NOT ",
    "'; DROP TABLE cards; --",
    "' OR '1'='1",
    "UNION SELECT * FROM meta",
    "t:",
    "kw:",
    "o:",
    "e<=",
    "m>=",
    "tag:",
    "\x00",
    "\u202e",
]
hostile = st.lists(st.one_of(st.sampled_from(SYNTAX), st.text(max_size=8)), max_size=8).map(
    lambda parts: "".join(parts[: len(parts) // 2]) + MARKER + "".join(parts[len(parts) // 2 :])
)


class _Recording:
    """Stands in for the sqlite3 connection: records each statement and its parameters, then runs it."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        self.statements.append((sql, tuple(params)))
        return self.connection.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


@pytest.fixture
def db_copy(fixture_db: Path, tmp_path: Path) -> Path:
    path = tmp_path / "riftbound.sqlite3"
    shutil.copy(fixture_db, path)
    return path


def test_the_database_is_opened_read_only(db_copy: Path) -> None:
    db = CardsDB.open(db_copy)
    connection = db.reader.connection
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("DELETE FROM cards")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("CREATE TABLE x (a)")
    assert db.get_card("Pouty Poro") is not None


def test_a_path_with_uri_characters_still_opens_read_only(fixture_db: Path, tmp_path: Path) -> None:
    folder = tmp_path / "odd?dir#name%20"
    folder.mkdir()
    path = folder / "riftbound.sqlite3"
    shutil.copy(fixture_db, path)
    db = CardsDB.open(path)
    assert db.get_card("Pouty Poro") is not None
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.reader.connection.execute("DELETE FROM cards")
    # no stray file made from a cut-off name
    assert sorted(p.name for p in tmp_path.iterdir()) == [folder.name]


def test_every_query_binds_user_text_as_a_parameter(db_copy: Path) -> None:
    before = db_copy.read_bytes()
    db = CardsDB.open(db_copy)
    recording = _Recording(db.reader.connection)
    db.reader.connection = recording  # type: ignore[assignment]
    lookups = [
        lambda t: db.get_card(t),
        lambda t: db.suggest_cards(t),
        lambda t: db.find_card(t),
        lambda t: db.autocomplete_cards(t),
        lambda t: db.rule(t),
        lambda t: db.search_rules(t),
        lambda t: db.autocomplete_rules(t),
        lambda t: db.keyword(t),
        lambda t: db.autocomplete_keywords(t),
        lambda t: db.rulings(t),
        lambda t: db.rulings_for_card(t),
        lambda t: db.rulings_for_rule(t),
        lambda t: db.errata_for(t),
        lambda t: db.legality(t),
        lambda t: db.search(t),
        lambda t: db.search(f"o:{t} kw:hidden"),
        lambda t: db.search(f'"{t}"'),
    ]

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(st.sampled_from(range(len(lookups))), hostile)
    def run(which: int, text: str) -> None:
        recording.statements.clear()
        try:
            lookups[which](text)
        except CardsDBError as error:  # QuerySyntaxError and the like: one line for the user
            assert "\n" not in str(error)
        for sql, _ in recording.statements:
            assert MARKER.casefold() not in sql.casefold(), sql

    run()
    bound = 0
    for which in range(len(lookups)):  # each lookup at least once, whatever hypothesis drew
        recording.statements.clear()
        with contextlib.suppress(CardsDBError):
            lookups[which](f"x {MARKER}' OR 1=1 --")
        assert all(MARKER.casefold() not in sql.casefold() for sql, _ in recording.statements)
        bound += any(MARKER.casefold() in str(params).casefold() for _, params in recording.statements)
    # The text did reach SQLite, as parameters (names, card search terms, and the words of rule and ruling searches
    # and their autocomplete are matched in memory, by the search index and cardsdb.search.question_rank).
    assert bound >= 1
    assert db.get_card("Pouty Poro") is not None  # nothing dropped
    db.close()
    assert db_copy.read_bytes() == before
