"""When the best rule for words is clearly ahead, and when an answer should say it is not sure.

The ranker's scores (`cardsdb.search.question_rank`) are compared, not read as probabilities: the best rule is a confident
answer when its score is at least `CLEAR_LEAD` times the next one's. The threshold was set on the tuning half of the
question set (tests/fixtures/questions.yaml) as the smallest lead at which about nine confident answers in ten are
right: there, 36 of the 77 questions lead by 1.2 times or more and the first rule answers 32 of them (89%; at 1.1,
38 of 49, 78%); of the 41 below it, the first rule answers 24 and one of the three shown alike 33.
`tests/test_question_ranking.py` prints how it splits both halves.
"""

from __future__ import annotations

from collections.abc import Sequence

CLEAR_LEAD = 1.2  # the best score at least this many times the second's
RULE_CANDIDATES = 6  # the rules /rule weighs for words: the best, then "also matching"
UNSURE_SHOWN = 3  # the rules shown alike when not sure


def lead(scores: Sequence[float]) -> float:
    """How many times the second score the best one is (infinite for a lone rule)."""
    if not scores:
        return 0.0
    if len(scores) == 1 or scores[1] <= 0:
        return float("inf")
    return scores[0] / scores[1]


def confident(scores: Sequence[float]) -> bool:
    """Whether the first of these scores (best first) is clearly ahead of the next."""
    return bool(scores) and lead(scores) >= CLEAR_LEAD


__all__ = ["CLEAR_LEAD", "RULE_CANDIDATES", "UNSURE_SHOWN", "confident", "lead"]
