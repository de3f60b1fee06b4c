"""A learned confidence, measured: `python -m tools.encoder.confidence`.

Issue 31 asked for "sure" decided by a calibration, coverage reported at precision. The rule in use
(`cardsdb.search.question_confidence`) is two thresholds on two signals of the first rule: its share of the votes of
the asked questions nearest in meaning and its lead over the next. This measures whether more of the signals the
ranker has, combined by a logistic regression, tell a right first answer from a wrong one better: for each question
of the development sets (the tuning half and the written sets; the held-out sets are never read here), the first
rule's signals (`SIGNALS`), and whether it answers. Each signal's AUC alone (how often a right first answer has more
of it than a wrong one), then the regression's, cross-validated (`FOLDS` folds, the regression fitted on the others
and scoring the questions held out, over `SEEDS` shuffles), with the most answers it could be sure of keeping 90%,
95% and 98% of them right, against the rule in use.

The result (docs/questions.md, "Tried and left out"): every combination is at an AUC of about 0.75, no better than
the votes' share alone, and is sure of fewer answers at 98% than the rule in use; not used.

`--fold N --db DB` instead counts the rule in use on fold N's questions by the fold's labels, and shows some it was
sure of that the label counts wrong, to read by hand: a fold's label is the one rule its question was asked of, and
the rulebook often states the same thing in two rules.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardsdb.search.meaning import ENCODER, votes
from cardsdb.search.question_confidence import MEANING_LEAD, MEANING_VOTES, SURE_SPREAD, SURE_VOTERS
from cardsdb.search.question_rank import MEANING
from tools.encoder.folds import SETS, Query, fold_queries, ranked, set_queries
from tools.encoder.learned import Rules, rules_shown

SIGNALS = (
    "share of the votes",  # as "sure" counts them (SURE_VOTERS, SURE_SPREAD)
    "share of the ranking's votes",  # as the ranking counts them (MEANING.voters, MEANING.spread)
    "lead",  # its score over the next, as a logarithm (at most 10 times)
    "words agree",  # the words alone put it first too
    "nearest asked",  # how near the nearest asked question is, whatever its rule
    "nearest votes for it",  # the nearest asked question is asked of it
    "its nearest asked",  # how near its own nearest asked question is
    "its margin",  # that, less the nearest asked question of another rule
    "its text",  # how near its own text is
    "its text nearest",  # its text is the nearest rule's
    "its centroid nearest",  # its asked questions' centroid is the nearest
    "its centroid margin",  # its centroid's similarity less the nearest centroid's
    "a ruling cites it",  # a ruling matching the words cites it
    "nearest ruling citing it",  # how near the nearest ruling citing it is
    "voters",  # how many of the ten nearest asked questions vote for it
)
CURRENT = ("share of the votes", "lead")
COMBINATIONS: dict[str, Sequence[str]] = {
    "the votes' share and the lead (the rule's signals)": CURRENT,
    "with the words agreeing and the nearest asked question": (*CURRENT, "words agree", "nearest asked"),
    "every signal": SIGNALS,
}
PRECISIONS = (0.90, 0.95, 0.98)
FOLDS = 10
SEEDS = 5
L2 = 1.0
MOST_LEAD = 10.0
FOLD_COUNT, FOLD_QUERIES, FOLD_SEED = 5, 300, 31  # the folds `tools.encoder.folds` draws by default

Matrix = npt.NDArray[np.float64]
Flags = npt.NDArray[np.bool_]


def first_signals(query: Query) -> tuple[list[float], bool, bool] | None:
    """The first rule's `SIGNALS`, whether it answers, and whether the rule in use is sure of it; None where the
    ranker ranks nothing."""
    order = ranked(query, MEANING)
    if not order:
        return None
    first = order[0][0]
    lead = order[0][1] / order[1][1] if len(order) > 1 and order[1][1] > 0 else MOST_LEAD
    words = ranked(query, None)
    share = votes(query.asked, SURE_VOTERS, SURE_SPREAD).get(first, 0.0)
    own = max((s for s, ps in query.asked if first in ps), default=0.0)
    other = max((s for s, ps in query.asked if first not in ps), default=0.0)
    rule_near = {p: s for s, ps in query.rules for p in ps}
    centroid_near = {p: s for s, ps in query.centroids for p in ps}
    nearest_centroid = query.centroids[0][0] if query.centroids else 0.0
    row = [
        share,
        votes(query.asked, MEANING.voters, MEANING.spread).get(first, 0.0),
        math.log(min(max(lead, 1.0), MOST_LEAD)),
        float(bool(words) and words[0][0] == first),
        query.asked[0][0] if query.asked else 0.0,
        float(bool(query.asked) and first in query.asked[0][1]),
        own,
        own - other,
        rule_near.get(first, 0.0),
        float(bool(query.rules) and first in query.rules[0][1]),
        float(bool(query.centroids) and first in query.centroids[0][1]),
        centroid_near.get(first, 0.0) - nearest_centroid,
        float(first in query.supported),
        max((s for s, ps in query.rulings if first in ps), default=0.0),
        sum(1 for _, ps in query.asked[:10] if first in ps) / 10,
    ]
    return row, first in query.answers, share >= MEANING_VOTES and lead >= MEANING_LEAD


def logistic(x: Matrix, y: Flags, l2: float = L2, steps: int = 50) -> Matrix:
    """The weights (the last the intercept) of a logistic regression on standardised signals, by Newton's method with
    an L2 penalty (not on the intercept). Use with `chances`."""
    z = np.hstack([x, np.ones((len(x), 1))])
    weights = np.zeros(z.shape[1])
    penalty = np.diag(np.r_[np.ones(z.shape[1] - 1), 0.0]) * l2
    target = y.astype(np.float64)
    for _ in range(steps):
        chance = 1.0 / (1.0 + np.exp(-z @ weights))
        gradient = z.T @ (chance - target) + penalty @ weights
        hessian = (z * (chance * (1.0 - chance))[:, None]).T @ z + penalty
        weights = weights - np.linalg.solve(hessian, gradient)
    return weights


def chances(x: Matrix, weights: Matrix) -> Matrix:
    scores: Matrix = np.hstack([x, np.ones((len(x), 1))]) @ weights
    return 1.0 / (1.0 + np.exp(-scores))


def standardised(train: Matrix, other: Matrix) -> tuple[Matrix, Matrix]:
    """Both scaled by the training rows' means and spreads."""
    mean, spread = train.mean(axis=0), train.std(axis=0) + 1e-9
    return (train - mean) / spread, (other - mean) / spread


def cross_validated(x: Matrix, y: Flags, folds: int = FOLDS, seeds: int = SEEDS) -> Matrix:
    """Each question's chance of being right by a regression fitted without it, averaged over `seeds` shuffles."""
    total = np.zeros(len(y))
    for seed in range(seeds):
        order = np.random.default_rng(seed).permutation(len(y))
        for fold in range(folds):
            held = order[fold::folds]
            kept = np.setdiff1d(order, held)
            train, test = standardised(x[kept], x[held])
            total[held] += chances(test, logistic(train, y[kept]))
    result: Matrix = total / seeds
    return result


def auc(scores: Matrix, right: Flags) -> float:
    """How often a right answer scores above a wrong one (ties counted half)."""
    good, bad = scores[right], scores[~right]
    if not len(good) or not len(bad):
        return float("nan")
    above = (good[:, None] > bad[None, :]).sum() + 0.5 * (good[:, None] == bad[None, :]).sum()
    return float(above / (len(good) * len(bad)))


def coverage(scores: Matrix, right: Flags, precision: float) -> tuple[int, int]:
    """The most answers sure by a threshold on `scores` keeping at least `precision` of them right, and how many of
    those are right ((0, 0) where none does)."""
    order = np.argsort(-scores, kind="stable")
    hits = np.cumsum(right[order])
    counts = np.arange(1, len(order) + 1)
    kept = np.flatnonzero(hits / counts >= precision)
    if not len(kept):
        return 0, 0
    last = int(kept.max())
    return last + 1, int(hits[last])


def report(queries: Sequence[Query]) -> list[str]:
    rows = [found for found in (first_signals(q) for q in queries) if found is not None]
    x = np.array([r[0] for r in rows], dtype=np.float64)
    right = np.array([r[1] for r in rows])
    sure = np.array([r[2] for r in rows])
    lines = [
        f"{len(rows)} questions, the first rule right for {int(right.sum())}; the rule in use sure of "
        f"{int(sure.sum())}, {int((sure & right).sum())} right"
    ]
    for i, name in enumerate(SIGNALS):
        lines.append(f"  {name}: AUC {auc(x[:, i], right):.3f}")
    for name, chosen in COMBINATIONS.items():
        columns = [SIGNALS.index(s) for s in chosen]
        scores = cross_validated(x[:, columns], right)
        covered = ", ".join(
            "at {:.0%}: sure of {}, {} right".format(p, *coverage(scores, right, p)) for p in PRECISIONS
        )
        lines.append(f"{name}: AUC {auc(scores, right):.3f}; {covered}")
    return lines


def fold_report(db: Path, fold: int, show: int) -> list[str]:
    """The rule in use on one fold's questions (from 1; both kinds: unseen phrasings, whole rules left out): how many
    it is sure of, and how many of those the fold's label counts right; then `show` of the others drawn (seeded),
    each with the rule it was sure of and the labelled one, to read by hand. `db` is built with a model tuned
    without the fold's questions (`tools.encoder.train --leave-out-fold`, which counts from 0)."""
    rules = rules_shown(db)
    lines = []
    for seen in (True, False):
        queries = fold_queries(db, FOLD_COUNT, FOLD_QUERIES, FOLD_SEED, seen=seen, only=fold - 1)[0][0]
        kind = "unseen phrasings" if seen else "whole rules out"
        sure = [q for q in queries if (found := first_signals(q)) is not None and found[2]]
        wrong = [q for q in sure if ranked(q, MEANING)[0][0] not in q.answers]
        lines.append(
            f"fold {fold}, {kind}: sure of {len(sure)} of {len(queries)}, {len(sure) - len(wrong)} right"
        )
        for q in random.Random(FOLD_SEED).sample(wrong, min(show, len(wrong))):
            first = ranked(q, MEANING)[0][0]
            lines.append(f"  {q.words}\n    sure of {_place(rules, first)}")
            lines += [f"    labelled {_place(rules, a)}" for a in sorted(q.answers)[:2]]
    return lines


def _place(rules: Rules, position: int) -> str:
    doc, number = rules.places[position]
    return f"{doc} {number}: {rules.texts[position][:120]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder.confidence", description=__doc__)
    parser.add_argument("--db", type=Path, default=Path("data/riftbound.sqlite3"))
    parser.add_argument(
        "--fold", type=int, help="the rule in use on this fold (from 1) instead, by its labels"
    )
    parser.add_argument(
        "--show", type=int, default=12, help="with --fold: how many wrong by the label to show"
    )
    args = parser.parse_args(argv)
    ENCODER.load()
    if args.fold is not None:
        print("\n".join(fold_report(args.db, args.fold, args.show)))
        return 0
    queries = [q for path in SETS for q in set_queries(args.db, path)]
    print("\n".join(report(queries)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
