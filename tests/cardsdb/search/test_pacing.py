"""Pause points (cardsdb.search.pacing): long index builds call `pause()` as they go, a no-op unless the caller handed in
what to do there; reading a table goes in steps of `ROWS_PER_STEP` rows."""

from __future__ import annotations

import sqlite3
import sys
import threading
from pathlib import Path

import pytest

from cardsdb.query import CardsDB
from cardsdb.query.base import ROWS_PER_STEP, Reader
from cardsdb.search.pacing import paced, pause, pausing


def test_pause_does_nothing_outside_pausing() -> None:
    pause()  # nothing to call, nothing raised
    assert list(paced(iter([1, 2, 3]))) == [1, 2, 3]


def test_paced_gives_every_item_and_a_pause_point_before_each() -> None:
    seen: list[str] = []
    with pausing(lambda: seen.append("pause")):
        for item in paced(["a", "b"]):
            seen.append(item)
        pause()
    assert seen == ["pause", "a", "pause", "b", "pause"]
    pause()
    assert seen[-1] == "pause" and len(seen) == 5  # ended with the block


def test_pausing_holds_in_its_own_thread_only() -> None:
    """An answer in another thread never calls the warm-up's give-way."""
    calls: list[str] = []
    elsewhere: list[int] = []

    def other_thread() -> None:
        pause()
        elsewhere.append(sum(1 for _ in paced(range(5))))

    with pausing(lambda: calls.append(threading.current_thread().name)):
        thread = threading.Thread(target=other_thread, name="answering")
        thread.start()
        thread.join()
        pause()
    assert elsewhere == [5] and calls == [threading.current_thread().name]


def _queries(rows: int) -> Reader:
    queries = Reader(sqlite3.connect(":memory:"), Path("memory.sqlite3"))
    queries.connection.execute("CREATE TABLE t (n INTEGER)")
    queries.connection.executemany("INSERT INTO t VALUES (?)", [(n,) for n in range(rows)])
    return queries


@pytest.mark.parametrize(
    "count", [0, 1, ROWS_PER_STEP - 1, ROWS_PER_STEP, ROWS_PER_STEP + 1, 3 * ROWS_PER_STEP]
)
def test_a_table_is_read_whole_with_a_pause_point_per_step(count: int) -> None:
    queries = _queries(count)
    pauses: list[None] = []
    with pausing(lambda: pauses.append(None)):
        rows = queries.rows("SELECT n FROM t ORDER BY n")
    assert [r[0] for r in rows] == list(range(count))
    assert len(pauses) == count // ROWS_PER_STEP  # one after each full step
    assert [r[0] for r in queries.rows("SELECT n FROM t ORDER BY n")] == list(
        range(count)
    )  # outside: the same


def test_warming_a_database_pauses_in_every_index_it_builds(fixture_db: Path) -> None:
    """Pause points inside each index the warm-up builds, not only between them: a long build without any would make
    an answer wait for all of it."""
    inside: set[str] = set()
    pauses: list[None] = []

    def record() -> None:
        pauses.append(None)
        frame = sys._getframe(1)
        while frame is not None:
            inside.add(frame.f_code.co_qualname)
            frame = frame.f_back  # type: ignore[assignment]

    with CardsDB.open(fixture_db) as db, pausing(record):
        db.warm()
    builders = {
        "Cards.names",
        "NameIndex.__init__",
        "SearchIndex.load",
        "Substrings.of",
        "QuestionRanker.__init__",
        "QuestionRanker._make_set",
        "TextIndex.build",
        "Analyzer.__init__",
    }
    assert builders <= inside, builders - inside
    assert len(pauses) > 100  # (a table of the small fixture data fits in one step: `_rows` is proven above)
