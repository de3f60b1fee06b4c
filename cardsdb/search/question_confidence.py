"""When the best rule for words is sure to answer them, and when an answer should say it is not sure.

The ranker's scores (`cardsdb.search.question_rank`) are compared, not read as probabilities. The best rule is a sure
answer only when three signals agree on it: the asked questions nearest in meaning give it at least `MEANING_VOTES`
of their votes, the words alone (before meaning is added) put it first too, and a ruling matching the words cites it.
Otherwise the answer says it is not sure and shows the closest three alike.

Calibrated on the development sets (the tuning half and the written sets, 267 questions; the rules of confidence
weighed: a share of the votes from 0 to 0.9, a lead from 1 to 4 times the next, with and without the words agreeing,
with and without a ruling's support), keeping the widest rule with at least 95% of its sure answers right: sure of 14,
all 14 right. The rule used until then (half the votes and 1.1 times the next) was sure of 28, 23 right (82%); on the
held-out sets, which were not read, 14 of its 20 sure answers were right, and 5 of 5 with this one. Words alone (the
encoder not loaded yet, a version asked for, a database without meanings) are never sure: no rule of the words'
scores kept 95% on the development sets (at best 14 of 15, 26 of 30 with a wider one; the rule used until then, two
times the next or 1.3 times with a ruling citing it, 57 of 73). A wrong sure answer costs a judge more than three
candidates shown alike. `PYTHONPATH=. python tests/cardsdb/search/test_question_set.py DB --sureness` reproduces it.
"""

from __future__ import annotations

from collections.abc import Sequence

MEANING_VOTES = 0.3  # the first rule's share of the votes by meaning at least this, its words agreeing, a ruling citing it
RULE_CANDIDATES = 6  # the rules /rule weighs for words: the best, then "also matching"
UNSURE_SHOWN = 3  # the rules shown alike when not sure


def lead(scores: Sequence[float]) -> float:
    """How many times the second score the best one is (infinite for a lone rule)."""
    if not scores:
        return 0.0
    if len(scores) == 1 or scores[1] <= 0:
        return float("inf")
    return scores[0] / scores[1]


def confident(
    scores: Sequence[float], *, supported: bool = False, votes: float | None = None, agrees: bool = False
) -> bool:
    """Whether the first of these scores (best first) is sure to answer: `votes` (its share of the votes of the asked
    questions nearest in meaning; None with words alone: never sure) at least `MEANING_VOTES`, the words alone
    putting it first too (`agrees`), and a ruling matching the words citing it (`supported`)."""
    return bool(scores) and votes is not None and votes >= MEANING_VOTES and agrees and supported


__all__ = [
    "MEANING_VOTES",
    "RULE_CANDIDATES",
    "UNSURE_SHOWN",
    "confident",
    "lead",
]
