"""The learned combination measured by `tools.encoder.learned`: each candidate's signals, and the fit over them. Small
hand-made queries; the measure itself runs over the real data (docs/questions.md)."""

from __future__ import annotations

import numpy as np
import pytest

from tools.encoder.folds import Query
from tools.encoder.learned import FEATURES, fit, ranker_order, right_first, signals

PLACES = [("core", "811.1"), ("core", "811.1.d"), ("core", "422.1"), ("tournament", "811.1.d.2")]


def _query(evidence: dict[int, float], answers: set[int]) -> Query:
    return Query(
        words="can i hide a spell",
        answers=frozenset(answers),
        evidence=evidence,
        factors=dict.fromkeys(evidence, 1.0),
        asked=[],
        rules=[],
        supported=frozenset({2}),
    )


def _column(name: str) -> int:
    return FEATURES.index(name)


def test_the_signals_follow_the_rankers_order_and_mark_the_answers_and_the_rules_above_and_below() -> None:
    found = signals(_query({0: 0.5, 1: 1.0, 2: 0.25, 3: 0.1}, {1}), PLACES)
    assert found is not None
    matrix, answers = found
    assert matrix.shape == (4, len(FEATURES))
    assert answers.tolist() == [True, False, False, False]  # 811.1.d first: the most evidence
    assert matrix[0, _column("score")] == 0.0 and (matrix[1:, _column("score")] < 0).all()
    assert matrix[:, _column("words")].tolist() == [1.0, 0.5, 0.25, 0.1]
    # 811.1 stands above 811.1.d; the Tournament Rules' 811.1.d.2 is below nothing of the Core Rules
    assert matrix[1, _column("above another")] == 1.0 and matrix[0, _column("below another")] == 1.0
    assert matrix[3, _column("below another")] == 0.0
    assert matrix[:, _column("depth")].tolist() == [2.0, 1.0, 1.0, 3.0]
    assert matrix[2, _column("a ruling cites it")] == 1.0  # 422.1 is supported
    assert matrix[:, _column("place")].tolist() == [1.0, 0.5, 1 / 3, 0.25]


def test_a_query_the_ranker_ranks_nothing_for_has_no_signals() -> None:
    assert signals(_query({}, {0}), PLACES) is None


def test_the_fit_learns_a_signal_that_tells_the_answer_where_the_score_does_not() -> None:
    # the answer is always second by the words, and the only rule a matching ruling cites (which the ranker's score
    # does not count: it is its confidence's)
    examples = [signals(_query({0: 1.0, 2: 0.4 + k / 100}, {2}), PLACES) for k in range(10)]
    assert right_first(examples, ranker_order(len(FEATURES))) == 0
    weights = fit(examples, l2=0.01)
    assert right_first(examples, weights) == len(examples)
    assert weights[_column("a ruling cites it")] > 0


def test_the_fit_needs_an_example_whose_candidates_hold_an_answer() -> None:
    unanswered = [signals(_query({0: 1.0, 1: 0.5}, {3}), PLACES), None]
    with pytest.raises(ValueError, match="no example"):
        fit(unanswered, l2=0.1)
    assert np.isfinite(ranker_order(3)).all()
