"""The learned confidence measured by `tools.encoder.confidence`: the first rule's signals, the regression and the
coverage at precision. Small hand-made queries and scores; the measure itself runs over the real data
(docs/questions.md)."""

from __future__ import annotations

import numpy as np

from tools.encoder.confidence import SIGNALS, auc, chances, coverage, first_signals, logistic, standardised
from tools.encoder.folds import Query


def _query(asked: list[tuple[float, list[int]]], answers: set[int]) -> Query:
    return Query(
        words="can i hide a spell",
        answers=frozenset(answers),
        evidence={0: 1.0, 1: 0.2},
        factors={0: 1.0, 1: 1.0},
        asked=asked,
        rules=[(0.6, [1]), (0.5, [0])],
        supported=frozenset({0}),
    )


def _signal(row: list[float], name: str) -> float:
    return row[SIGNALS.index(name)]


def test_the_first_rules_signals_say_how_the_asked_questions_vote_and_whether_it_answers() -> None:
    found = first_signals(_query([(0.9, [0]), (0.85, [0]), (0.8, [1])], {0}))
    assert found is not None
    row, right, _ = found
    assert len(row) == len(SIGNALS) and right
    assert _signal(row, "nearest votes for it") == 1.0 and _signal(row, "nearest asked") == 0.9
    assert _signal(row, "its margin") > 0 and _signal(row, "voters") == 0.2
    assert _signal(row, "its text nearest") == 0.0 and _signal(row, "a ruling cites it") == 1.0
    assert 0.5 < _signal(row, "share of the votes") < 1.0
    unasked = first_signals(
        _query([], {1})
    )  # no asked question near: the words' first rule, which does not answer
    assert unasked is not None and not unasked[1] and not unasked[2]
    assert _signal(unasked[0], "share of the votes") == 0.0


def test_coverage_is_the_most_answers_a_threshold_keeps_that_precise() -> None:
    scores = np.array([0.9, 0.8, 0.7, 0.6, 0.5])
    right = np.array([True, True, False, True, False])
    assert coverage(scores, right, 0.95) == (2, 2)
    assert coverage(scores, right, 0.75) == (4, 3)
    assert coverage(scores, ~right, 0.95) == (0, 0)
    assert auc(scores, right) == 5 / 6


def test_the_regression_learns_the_signal_that_tells_right_from_wrong() -> None:
    rng = np.random.default_rng(3)
    telling = rng.normal(size=200)
    x = np.column_stack([telling, rng.normal(size=200)])
    right = telling > 0
    train, test = standardised(x[:150], x[150:])
    weights = logistic(train, right[:150])
    assert abs(weights[0]) > 5 * abs(weights[1])
    assert auc(chances(test, weights), right[150:]) > 0.95
