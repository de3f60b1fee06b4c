"""A learned combination of the ranker's signals, measured: `python -m tools.encoder.learned`.

Issue 31 asked for retrieval by meaning fused with the words' ranking "by reciprocal rank fusion, or a learned
combination". The ranker adds meaning's lifts to the words' evidence and multiplies by what each rule is (the
weights chosen on folds and the development sets, `cardsdb.search.question_rank`); reciprocal rank fusion was
measured and left out (`tools.encoder.folds`). This measures the other: a linear scorer over the signals the ranker
already has, re-ordering its first `CANDIDATES` rules, fitted (softmax over the candidates, L2) on one source of
questions and scored on the others:

- the folds of `tools.encoder.folds`, of both kinds (unseen phrasings of rules the index holds, and whole rules
  left out), over the questions players ask;
- the development sets (the tuning half and the written sets). The held-out sets are never read here.

The signals of a candidate (`FEATURES`): its score against the first's, the words' evidence, its share of the votes
by meaning, how near its own text is against the nearest rule's, what it is (the priors and fit, as a logarithm),
whether a matching ruling cites it, its depth, whether it stands above or below another candidate, how near its
nearest asked question is against the nearest of all, how many of the ten nearest vote for it, and its place.
With `--tokens`, one more: each word of the question matched to the nearest word of the rule's text by the
encoder's token vectors (late interaction, as ColBERT scores; the rule's tokens encoded here, not stored).

The result (docs/questions.md, "Tried and left out"): within three questions of the ranker on every development
set it was not fitted on, and every fit but the one on whole rules left out loses there (that one loses the
development sets); not used.
"""

from __future__ import annotations

import argparse
import functools
import math
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardsdb.search.encoder import MODEL_DIR, Encoder
from cardsdb.search.meaning import ENCODER, rule_meaning_text, votes
from cardsdb.search.question_rank import MEANING, OFF, QuestionRanker
from tools.encoder.folds import KEY, SETS, Query, _filtered_rows, _kept, _one_fold, fold_queries, ranked

CANDIDATES = 10  # the ranker's first rules, re-ordered
VOTERS = 10  # the asked questions nearest in meaning counted as voters (the ranker's `MEANING.voters`)
FEATURES = (
    "score",
    "words",
    "votes",
    "rule text",
    "what it is",
    "a ruling cites it",
    "depth",
    "above another",
    "below another",
    "nearest asked",
    "voters",
    "place",
)
L2 = (0.01, 0.1)
STEPS = 400
RATE = 0.5

Matrix = npt.NDArray[np.float64]
Example = tuple[Matrix, npt.NDArray[np.bool_]]  # each candidate's signals, and which candidates answer
Place = tuple[str, str]  # a rule's document and number
Tokens = Callable[[str], npt.NDArray[np.float32]]  # a text's token vectors (unit rows)


def _above(a: Place, b: Place) -> bool:
    """Whether rule `a` stands above rule `b` (811.1 above 811.1.d.2), in one document."""
    return a[0] == b[0] and b[1].startswith(a[1] + ".")


def candidates(query: Query) -> list[tuple[int, float]]:
    """The ranker's first `CANDIDATES` rules for the query (positions and scores), as it orders them."""
    return ranked(query, MEANING)[:CANDIDATES]


def signals(query: Query, places: Sequence[Place]) -> Example | None:
    """Each of the ranker's first rules' signals (`FEATURES`, rows in its order) and which answer; None where it
    ranks none."""
    order = candidates(query)
    if not order:
        return None
    ids = [i for i, _ in order]
    first = order[0][1]
    most_words = max(query.evidence.get(i, 0.0) for i in ids) or 1.0
    share = votes(query.asked, MEANING.voters, MEANING.spread)
    rule_near = {p: s for s, positions in query.rules for p in positions}
    nearest_rule = query.rules[0][0] if query.rules else 0.0
    asked_near: dict[int, float] = {}
    voters: dict[int, int] = {}
    for s, positions in query.asked[:VOTERS]:
        for p in positions:
            asked_near[p] = max(asked_near.get(p, 0.0), s)
            voters[p] = voters.get(p, 0) + 1
    nearest_asked = query.asked[0][0] if query.asked else 0.0
    rows = []
    for place, (i, score) in enumerate(order):
        others = [places[j] for j in ids if j != i]
        rows.append(
            [
                math.log(max(score, 1e-6) / first),
                query.evidence.get(i, 0.0) / most_words,
                share.get(i, 0.0),
                rule_near.get(i, 0.0) - nearest_rule,
                math.log(max(query.factors.get(i, 0.0), 1e-6)),
                float(i in query.supported),
                float(places[i][1].count(".")),
                float(any(_above(places[i], o) for o in others)),
                float(any(_above(o, places[i]) for o in others)),
                asked_near.get(i, 0.0) - nearest_asked,
                voters.get(i, 0) / VOTERS,
                1.0 / (place + 1),
            ]
        )
    return np.array(rows, dtype=np.float64), np.array([i in query.answers for i in ids])


def with_tokens(example: Example, query: Query, texts: Sequence[str], tokens: Tokens) -> Example:
    """`example` with one more signal: the question's tokens each matched to the nearest token of the candidate's
    text, averaged, against the best candidate's."""
    asked = tokens(query.words)
    matched = np.array([float((asked @ tokens(texts[i]).T).max(axis=1).mean()) for i, _ in candidates(query)])
    return np.hstack([example[0], (matched - matched.max())[:, None]]), example[1]


def fit(examples: Sequence[Example | None], l2: float, steps: int = STEPS, rate: float = RATE) -> Matrix:
    """Weights for the signals, by gradient descent on the softmax over each example's candidates (the answering
    ones its target, shared alike), with an L2 penalty; starting from the ranker's own order (the score alone).
    Examples without an answering candidate teach nothing and are left out."""
    usable = [e for e in examples if e is not None and e[1].any()]
    if not usable:
        raise ValueError("no example with an answering candidate to fit on")
    weights = ranker_order(usable[0][0].shape[1])
    for _ in range(steps):
        gradient = np.zeros_like(weights)
        for matrix, answers in usable:
            scores = matrix @ weights
            chance = np.exp(scores - scores.max())
            chance /= chance.sum()
            gradient += matrix.T @ (chance - answers / answers.sum())
        weights -= rate * (gradient / len(usable) + l2 * weights)
    return weights


def right_first(examples: Sequence[Example | None], weights: Matrix) -> int:
    """How many examples the weights put an answering rule first for (the first of equals: the ranker's order)."""
    return sum(bool(e[1][int(np.argmax(e[0] @ weights))]) for e in examples if e is not None)


def ranker_order(width: int) -> Matrix:
    """The weights that keep the ranker's own order: the score alone."""
    weights = np.zeros(width)
    weights[0] = 1.0
    return weights


@dataclass(frozen=True)
class Rules:
    """The rules the queries' positions stand for: each one's place and its text as meaning compares it."""

    places: list[Place]
    texts: list[str]


def rules_shown(db: Path) -> Rules:
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    shown = QuestionRanker.load(_filtered_rows(connection, frozenset()), meaning=OFF).rule_set(*KEY)
    return Rules(
        [(r.doc, r.number) for r in shown.rules],
        [rule_meaning_text({"title": r.title, "text": r.text}) for r in shown.rules],
    )


class TokenVectors:
    """The encoder's last layer, token by token (without [CLS] and [SEP]), each unit length; remembered by text."""

    def __init__(self, directory: Path = MODEL_DIR) -> None:
        self._encoder = Encoder(directory)
        self._known: dict[str, npt.NDArray[np.float32]] = {}

    def __call__(self, text: str) -> npt.NDArray[np.float32]:
        if text not in self._known:
            self._known[text] = self._vectors(text)
        return self._known[text]

    def _vectors(self, text: str) -> npt.NDArray[np.float32]:
        states, _ = self._encoder.token_states([self._encoder.tokens(text)])
        inner = states[0][1:-1] if states.shape[1] > 2 else states[0]
        out: npt.NDArray[np.float32] = (inner / np.linalg.norm(inner, axis=1, keepdims=True)).astype(
            np.float32
        )
        return out


def _folds(db: Path, per_fold: int, seed: int, seen: bool) -> list[list[Query]]:
    return fold_queries(db, 5, per_fold, seed, seen=seen)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder.learned", description=__doc__)
    parser.add_argument("--db", type=Path, default=Path("data/riftbound.sqlite3"))
    parser.add_argument("--per-fold", type=int, default=300)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument(
        "--keep", type=Path, help="a folder to keep the gathered queries in (as tools.encoder.folds)"
    )
    parser.add_argument("--tokens", action="store_true", help="the late-interaction signal too (slower)")
    args = parser.parse_args(argv)
    ENCODER.load()
    rules = rules_shown(args.db)
    sources: dict[str, list[Query]] = {}
    for path in SETS:
        sources[path.stem] = [
            q
            for fold in _kept(args.keep, path.stem, functools.partial(_one_fold, args.db, path))
            for q in fold
        ]
    for seen in (True, False):
        name = f"folds-5-{args.per_fold}-{args.seed}-{'seen' if seen else 'unseen'}"
        gathered = _kept(
            args.keep,
            name,
            functools.partial(_folds, args.db, args.per_fold, args.seed, seen),
        )
        sources["folds, " + ("unseen phrasings" if seen else "whole rules out")] = [
            q for f in gathered for q in f
        ]
    tokens = TokenVectors() if args.tokens else None
    examples: dict[str, list[Example | None]] = {}
    for name, queries in sources.items():
        found = [signals(q, rules.places) for q in queries]
        if tokens is not None:
            found = [
                None if e is None else with_tokens(e, q, rules.texts, tokens)
                for e, q in zip(found, queries, strict=True)
            ]
        examples[name] = found
    width = len(FEATURES) + (1 if tokens is not None else 0)
    names = list(examples)
    for name in names:
        held = sum(e is not None and bool(e[1].any()) for e in examples[name])
        nearest = [q.asked[0][0] for q in sources[name] if q.asked]
        print(
            f"{name}: an answering rule among the first {CANDIDATES} for {held} of {len(examples[name])}; "
            f"the nearest asked question's similarity, median {np.median(nearest):.2f}"
        )
    print("fitted on | " + " | ".join(f"{n} ({len(examples[n])})" for n in names))
    print(
        "the ranker's order | "
        + " | ".join(str(right_first(examples[n], ranker_order(width))) for n in names)
    )
    for l2 in L2:
        for trained in names:
            weights = fit(examples[trained], l2)
            scored = " | ".join(str(right_first(examples[n], weights)) for n in names)
            print(f"{trained}, L2 {l2} | {scored}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
