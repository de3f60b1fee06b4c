"""Retrieval by meaning, on small vectors written here: votes of the nearest asked questions, the rules' own texts,
the stored vectors read back."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import numpy as np
import pytest

from cardsdb.search.encoder import DIMENSION
from cardsdb.search.meaning import (
    ASKED,
    RULE,
    RULING,
    Meanings,
    MeaningWeights,
    meaning_lifts,
    near_asked,
    near_rules,
    nearest,
    rule_meaning_text,
    votes,
)


def test_the_nearest_come_largest_first() -> None:
    assert nearest(np.array([0.1, 0.9, 0.5, 0.7], dtype=np.float32), 3) == [1, 3, 2]
    assert nearest(np.array([], dtype=np.float32), 3) == []


def test_the_nearest_asked_questions_vote_for_their_rules_each_by_how_near_it_is() -> None:
    similarity = np.array([0.9, 0.9, 0.4, 0.85], dtype=np.float32)
    answering = [[7], [7], [3], [5]]
    shares = votes(near_asked(similarity, answering), voters=3, spread=0.05)
    assert set(shares) == {7, 5}  # the fourth nearest does not vote
    assert shares[7] > shares[5] > 0
    assert abs(sum(shares.values()) - 1.0) < 1e-9


def test_a_rule_whose_own_text_is_near_is_lifted_from_the_floor_to_the_nearest() -> None:
    weights = MeaningWeights(vote=0.0, rule=0.5, floor=0.3)
    lifts = meaning_lifts([], near_rules(np.array([0.75, 0.25, 0.5], dtype=np.float32)), weights)
    assert lifts == pytest.approx({0: 0.5, 2: 0.5 * 0.2 / 0.45})  # 0.25 is under the floor: no lift


def _stored(rows: list[tuple[str, str, bytes]]) -> sqlite3.Connection:
    connection = sqlite3.connect(":memory:")
    connection.row_factory = sqlite3.Row
    connection.execute("CREATE TABLE meanings (kind TEXT, key TEXT, vector BLOB, PRIMARY KEY (kind, key))")
    connection.executemany("INSERT INTO meanings VALUES (?, ?, ?)", rows)
    return connection


def test_the_stored_vectors_are_read_back_in_the_order_asked_and_a_missing_one_matches_nothing() -> None:
    vectors = np.eye(3, DIMENSION, dtype=np.float16)
    connection = _stored(
        [(ASKED, str(i), vectors[i].tobytes()) for i in range(3)] + [(RULE, "core/x/1", vectors[0].tobytes())]
    )
    asked = Meanings.read(lambda sql, params: connection.execute(sql, params).fetchall(), ASKED)
    assert asked is not None
    aligned = asked.aligned(["2", "9", "0"])
    assert aligned.dtype == np.float32
    assert aligned[0][2] == 1.0 and not aligned[1].any() and aligned[2][0] == 1.0
    rules = Meanings.read(lambda sql, params: connection.execute(sql, params).fetchall(), RULE)
    assert rules is not None and rules.aligned(["core/x/1"])[0][0] == 1.0
    assert Meanings.read(lambda sql, params: connection.execute(sql, params).fetchall(), RULING) is None


def test_the_stored_vectors_are_read_a_page_at_a_time_and_every_page_is_read() -> None:
    # the whole table as rows at once would stay in the heap: no read asks for more than a page
    vectors = np.eye(7, DIMENSION, dtype=np.float16)
    connection = _stored([(ASKED, f"k{i}", vectors[i].tobytes()) for i in range(7)])
    sizes: list[int] = []

    def rows(sql: str, params: Sequence[object]) -> list[sqlite3.Row]:
        found = connection.execute(sql, params).fetchall()
        sizes.append(len(found))
        return found

    asked = Meanings.read(rows, ASKED, page=3)
    assert asked is not None and sizes == [3, 3, 1, 0]
    assert [int(asked.aligned([f"k{i}"])[0].argmax()) for i in range(7)] == list(range(7))


def test_a_rule_is_compared_by_its_title_and_text() -> None:
    assert rule_meaning_text({"title": "Hide", "text": "A  player\n may hide."}) == "Hide. A player may hide."
    assert rule_meaning_text({"title": None, "text": "Text."}) == "Text."
