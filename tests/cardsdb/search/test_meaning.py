"""Retrieval by meaning, on small vectors written here: votes of the nearest asked questions, the centroids of each
rule's asked questions, the rules' own texts, the stored vectors read back."""

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
    Centroids,
    Meanings,
    MeaningWeights,
    centroid_shares,
    cited_lifts,
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


def test_the_rulings_nearest_in_meaning_lift_the_rules_they_cite_from_the_floor_to_the_nearest() -> None:
    # (similarity, the positions of the rules each ruling cites), nearest first
    rulings = [(0.9, (4,)), (0.7, (4, 6)), (0.65, ()), (0.4, (8,))]
    lifts = cited_lifts(rulings, weight=0.6, floor=0.5)
    # the nearest lifts 4 by the whole weight; the next, half as far above the floor, shares its lift between the two
    # rules it cites (each the lift over the square root of two); one citing nothing lifts nothing; under the floor, none
    assert lifts == pytest.approx({4: 0.6 + 0.6 * 0.5 / 2**0.5, 6: 0.6 * 0.5 / 2**0.5})
    assert cited_lifts([(0.45, (4,))], weight=0.6, floor=0.5) == {}  # nothing near enough
    assert cited_lifts([], weight=0.6, floor=0.5) == {}


def _unit(*rows: Sequence[float]) -> np.ndarray:
    vectors = np.array(rows, dtype=np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_a_rule_s_centroid_is_the_mean_meaning_of_its_asked_questions() -> None:
    asked = _unit([1, 0, 0], [0, 1, 0], [0, 0, 1])
    centroids = Centroids.of(asked, [[4], [4], [9]])
    assert centroids is not None
    assert list(centroids.positions) == [4, 9]
    assert centroids.matrix[0] == pytest.approx(_unit([1, 1, 0])[0])
    assert centroids.matrix[1] == pytest.approx([0, 0, 1])
    assert Centroids.of(asked, [[], [], []]) is None  # a version asked for: no question answers a rule


def test_a_rule_no_question_asks_is_compared_by_its_own_text() -> None:
    asked = _unit([1, 0, 0], [0, 1, 0])
    texts = _unit([0, 0, 1], [0, 1, 1], [1, 1, 0])  # rule 0 has asked questions, rule 1 none, rule 2 none
    texts[2] = 0.0  # and no text compared either
    centroids = Centroids.of(asked, [[0], [0]], texts)
    assert centroids is not None
    assert list(centroids.positions) == [0, 1]  # rule 0 by its questions, not its text; rule 2 has nothing
    assert centroids.matrix[0] == pytest.approx(_unit([1, 1, 0])[0])
    assert centroids.matrix[1] == pytest.approx(_unit([0, 1, 1])[0])
    words = _unit([0, 0.5, 1])[0]  # nearest the unasked rule's text
    assert centroids.near(words, 1)[0][1] == (1,)


def test_the_centroids_find_the_rule_every_way_of_asking_leans_to_where_one_near_question_outvotes_it() -> (
    None
):
    # rule 1 is asked one way, near the words; rule 2 four ways, each a little farther, around the words
    asked = _unit([1, 0.35, 0], [0.9, 0.45, 0], [0.9, -0.45, 0], [0.9, 0, 0.45], [0.9, 0, -0.45])
    answering = [[1], [2], [2], [2], [2]]
    words = _unit([1, 0, 0])[0]
    by_votes = votes(near_asked(asked @ words, answering), voters=5, spread=0.02)
    assert max(by_votes, key=by_votes.__getitem__) == 1  # the nearest question outvotes the others
    centroids = Centroids.of(asked, answering)
    assert centroids is not None
    near = centroids.near(words)
    assert [positions for _, positions in near] == [(2,), (1,)]
    shares = centroid_shares(near, spread=0.05)
    assert shares[2] > shares[1] and sum(shares.values()) == pytest.approx(1.0)


def test_the_centroids_lift_their_rules_by_their_share_times_the_weight() -> None:
    near = [(0.8, (2,)), (0.8, (1,))]
    lifts = meaning_lifts([], [], MeaningWeights(vote=0.0, rule=0.0, floor=0.4, centroid=1.5), near)
    assert lifts == pytest.approx({2: 0.75, 1: 0.75})
    assert (
        meaning_lifts([], [], MeaningWeights(vote=0.0, rule=0.0, floor=0.4), near) == {}
    )  # no weight, no lift


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
