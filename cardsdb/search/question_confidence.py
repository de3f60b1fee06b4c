"""When the best rule for words is sure to answer them, and when an answer should say it is not sure.

The ranker's scores (`cardsdb.search.question_rank`) are compared, not read as probabilities. The best rule is a sure
answer when the asked questions nearest in meaning give it at least `MEANING_VOTES` of their votes (the encoder tuned
on the asked questions, `tools/encoder/train.py`, makes the votes the signal that tells right from wrong) and it leads
the next rule by `MEANING_LEAD`. Otherwise the answer says it is not sure and shows the closest three alike.

Calibrated on the development sets (the tuning half and the written sets, 267 questions; the rules of confidence
weighed: a share of the votes from 0 to 0.9, a lead from 1 to 3 times the next, with and without the words alone
agreeing, with and without a ruling's support, a share of the nearest centroids from 0 to 0.9). The widest rule
keeping 95% of its sure answers right there (0.3 of the votes and a lead of 1.5: sure of 103, 98 right) sits at the
edge: a hundred answers cannot tell 95% from 90%. The rule kept is the widest at 98% or more, a margin for that: half
of the votes and a lead of 1.2, sure of 64, 63 right (the words agreeing, a ruling citing it or the centroids
agreeing narrowed it without making it surer). Before the weights of meaning changed on a second fold (votes of the
5 nearest at spread 0.03 rank the rules now), the same search kept half of the votes alone (sure of 65, 64 right);
the votes that decide stayed the 10 nearest at spread 0.1 (`SURE_VOTERS`): counted the ranking's way, the widest
rule at 98% was sure of 46. Words alone (the encoder not loaded yet, a version asked for, a database without
meanings) are never sure: no rule of the words' scores kept 95% on the development sets. A wrong sure answer costs a
judge more than three candidates shown alike.
`PYTHONPATH=. python tests/cardsdb/search/test_question_set.py DB --sureness` reproduces it.

Where a ruling asks the words (`ruling_asks`, below), it decides instead (`Rulings.with_answering_ruling`): /rule is
sure of its best match exactly where that ruling rests on it (cites it, or, citing none, discusses it), even by words
alone for a ruling asked word for word. On the development sets: sure of 73, 72 right (98.6%; the votes' rule alone
64, 63 right); `--sureness` prints it last.

A ruling is sure to answer words that are its question word for word, or when it cites the rule /rule is sure of
(with a ruling matching the words behind it: `QuestionRanker.sure_rule`), or when its question alone is at least
`RULING_SIMILAR` near the words in meaning: it asks what the player asks in other words. Otherwise /ruling says it is
not sure any ruling answers and shows the closest. Calibrated on the development sets as above, the widest rule at
98% or more (a similarity from 0.6 to 0.9 beside the ruling asked word for word or citing the sure rule, and the lead
of its score over the next ruling's): word for word or citing the sure rule alone, sure of 17, all right; with its
question 0.78 near, 34, all right (0.77: 36, 35 right; 0.75: 38, 36 right); twice the next ruling's score, 55, 21
right. Its question and answer together, as the ranking compares them, tell less (0.78: 28, all right, at
029409c): an answer's words dilute the question's. Words alone are sure only of a ruling asked word for word. Since a
ruling far in meaning weighs its score by its nearness (`question_rank.RULING_NEAR`), the same report: 0.78, sure of
35, all right (0.77: 37, 36 right; 0.75: 39, 37 right); the rule kept.
`PYTHONPATH=. python tests/cardsdb/search/test_question_set.py DB --ruling-sureness` reproduces it.
"""

from __future__ import annotations

from collections.abc import Sequence

MEANING_VOTES = 0.5  # the first rule's share of the votes by meaning: at least this, sure
MEANING_LEAD = 1.2  # and its score at least this many times the next rule's
# The votes that decide: the SURE_VOTERS asked questions nearest in meaning, one SURE_SPREAD less near than the nearest
# counting 1/e as much. The signal calibrated, whatever weighting of the votes ranks the rules
# (`question_rank.MEANING`): a ranking's few close voters are no measure of how many ways of asking agree.
SURE_VOTERS = 10
SURE_SPREAD = 0.1
RULING_SIMILAR = 0.78  # a ruling whose question is at least this near the words in meaning asks what they ask
RULING_AS_TYPED = 0.9  # at least this near, it asks them as good as word for word: /ruling shows it first
# A ruling's question holding every word the words ask, and at least this share of its weight in words they lack,
# asks a narrower question, however near in meaning (`Likeness.beyond`).
RULING_NARROWER = 0.3
RULE_CANDIDATES = 6  # the rules /rule weighs for words: the best, then "also matching"


def lead(scores: Sequence[float]) -> float:
    """How many times the second score the best one is (infinite for a lone rule)."""
    if not scores:
        return 0.0
    if len(scores) == 1 or scores[1] <= 0:
        return float("inf")
    return scores[0] / scores[1]


def confident(scores: Sequence[float], *, votes: float | None = None) -> bool:
    """Whether the first of these scores (best first) is sure to answer: `votes` (its share of the votes of the asked
    questions nearest in meaning; None with words alone: never sure) at least `MEANING_VOTES`, and a lead over the
    next of at least `MEANING_LEAD`."""
    return bool(scores) and votes is not None and votes >= MEANING_VOTES and lead(scores) >= MEANING_LEAD


def ruling_confident(
    *, asked_exactly: bool, cites_sure_rule: bool, similarity: float | None, beyond: float = 0.0
) -> bool:
    """Whether a ruling is sure to answer words: it asks them (`ruling_asks`), or it cites the rule /rule is sure
    of."""
    return ruling_asks(asked_exactly=asked_exactly, similarity=similarity, beyond=beyond) or cites_sure_rule


def ruling_asks(*, asked_exactly: bool, similarity: float | None, beyond: float = 0.0) -> bool:
    """Whether a ruling's question asks what the words ask: they are its question word for word, or its question is
    at least `RULING_SIMILAR` near them in meaning (`similarity`; None with words alone) and no narrower (`beyond`:
    the share of its weight in words the words lack, where it holds all theirs; under `RULING_NARROWER`). Such a
    ruling answers the words in its source's words, and /rule shows it (`Rulings.answering_ruling`). "can i hide a
    card at a battlefield" is 0.79 near "Can I hide a second card at a battlefield where I already have one?",
    whose "No" answers another question; "how much do I pay for accelerate" asks "How much do I pay for an
    Accelerate cost?" (0.16 beyond). Of the 23 rulings /rule showed for the development sets, all answering, the
    most beyond was 0.21; measured afterwards, the 17 it showed for the held-out sets were still shown."""
    near = similarity is not None and similarity >= RULING_SIMILAR
    return asked_exactly or (near and beyond < RULING_NARROWER)


def ruling_asks_as_typed(*, asked_exactly: bool, similarity: float | None) -> bool:
    """Whether a ruling's question is the words, or as good (at least `RULING_AS_TYPED` near in meaning: "What does
    Mighty mean?" for "what does mighty mean"): /ruling shows it first, before the rulings citing the rule /rule is
    sure of, which are about that rule but may ask something else (whether Sunken Temple triggers on a Mighty
    unit). Weighed on the development sets at 0.78, 0.85 and 0.9: at 0.78, rulings the words rank low but whose
    question is near came first, and /ruling was sure of 2 wrong on the written sets; at 0.85 and 0.9 nothing
    changed there but this."""
    return asked_exactly or (similarity is not None and similarity >= RULING_AS_TYPED)


__all__ = [
    "MEANING_LEAD",
    "MEANING_VOTES",
    "RULE_CANDIDATES",
    "RULING_AS_TYPED",
    "RULING_NARROWER",
    "RULING_SIMILAR",
    "SURE_SPREAD",
    "SURE_VOTERS",
    "confident",
    "lead",
    "ruling_asks",
    "ruling_asks_as_typed",
    "ruling_confident",
]
