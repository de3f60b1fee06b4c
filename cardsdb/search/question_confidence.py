"""When the best rule for words is clearly ahead, and when an answer should say it is not sure.

The ranker's scores (`cardsdb.search.question_rank`) are compared, not read as probabilities. The best rule is a
confident answer when its score is at least `CLEAR_LEAD` times the next one's, or at least `SUPPORTED_LEAD` times
when a ruling matching the words cites it (the FAQs and the rule's own words agree); otherwise the answer says it is
not sure and shows the closest three alike.

The thresholds were set on three sets together, so that they hold beyond the questions they were tuned on: the
tuning half of the question set (tests/fixtures/questions.yaml), a set of 71 questions written apart from both halves,
and the 240 rulings that cite rules, each asked its own question with its own citations taken out. The lead alone did
not transfer: at 1.2 times the next, nine sure answers in ten were right on the tuning half, two in three on the
written set, and on the rulings no more than the rulings overall (31%; 29% of all). With the support of a ruling at
1.3 times, or 2 times alone, 16 of the 18 sure answers were right on the tuning half (89%), 11 of 12 on the written set
(92%), and 13 of 26 on the rulings (50%, against 29% overall). A wrong confident answer costs a judge more than three
candidates shown alike, so the stricter rule is the one kept. `tests/cardsdb/search/test_question_set.py` prints how
it splits both halves.
"""

from __future__ import annotations

from collections.abc import Sequence

CLEAR_LEAD = 2.0  # the best score at least this many times the second's
SUPPORTED_LEAD = 1.3  # the same, for a best rule a ruling matching the words cites
MEANING_VOTES = 0.5  # with meaning: the first rule holds at least this share of the votes by meaning ...
MEANING_LEAD = 1.1  # ... and leads the next by this much
RULE_CANDIDATES = 6  # the rules /rule weighs for words: the best, then "also matching"
UNSURE_SHOWN = 3  # the rules shown alike when not sure


def lead(scores: Sequence[float]) -> float:
    """How many times the second score the best one is (infinite for a lone rule)."""
    if not scores:
        return 0.0
    if len(scores) == 1 or scores[1] <= 0:
        return float("inf")
    return scores[0] / scores[1]


def confident(scores: Sequence[float], supported: bool = False, votes: float | None = None) -> bool:
    """Whether the first of these scores (best first) is clearly ahead of the next.

    Words alone (`votes` None: the encoder is not loaded, or the database has no meanings): `CLEAR_LEAD` times, or
    `SUPPORTED_LEAD` times when a ruling matching the words cites the first rule (`supported`). With meaning
    (`votes`: the first rule's share of the votes of the asked questions nearest in meaning): at least
    `MEANING_VOTES` of the votes and `MEANING_LEAD` times the next."""
    if not scores:
        return False
    if votes is None:
        return lead(scores) >= (SUPPORTED_LEAD if supported else CLEAR_LEAD)
    return votes >= MEANING_VOTES and lead(scores) >= MEANING_LEAD


__all__ = [
    "CLEAR_LEAD",
    "MEANING_LEAD",
    "MEANING_VOTES",
    "RULE_CANDIDATES",
    "SUPPORTED_LEAD",
    "UNSURE_SHOWN",
    "confident",
    "lead",
]
