"""Retrieval by meaning, on small vectors written here: votes of the nearest asked questions, the rules' own texts,
the stored vectors read back."""

from __future__ import annotations

import numpy as np
import pytest

from cardsdb.search.encoder import DIMENSION
from cardsdb.search.meaning import (
    ASKED,
    RULE,
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


def test_the_stored_vectors_are_read_back_in_the_order_asked_and_a_missing_one_matches_nothing() -> None:
    vectors = np.eye(3, DIMENSION, dtype=np.float16)
    rows = [{"kind": ASKED, "key": str(i), "vector": vectors[i].tobytes()} for i in range(3)]
    rows.append({"kind": RULE, "key": "core/x/1", "vector": vectors[0].tobytes()})
    meanings = Meanings.read(rows)
    aligned = meanings.aligned(ASKED, ["2", "9", "0"])
    assert aligned.dtype == np.float32
    assert aligned[0][2] == 1.0 and not aligned[1].any() and aligned[2][0] == 1.0
    assert meanings.aligned(RULE, ["core/x/1"])[0][0] == 1.0


def test_a_rule_is_compared_by_its_title_and_text() -> None:
    assert rule_meaning_text({"title": "Hide", "text": "A  player\n may hide."}) == "Hide. A player may hide."
    assert rule_meaning_text({"title": None, "text": "Text."}) == "Text."
