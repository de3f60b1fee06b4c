"""How well words and meaning find an unseen phrasing of an unseen rule: folds that leave whole rules out.

`python -m tools.encoder.folds --db data/riftbound.sqlite3`: the rules that questions players ask are tied to
(asked.yaml) are shuffled (seeded) into `--folds` folds; for each fold, the questions asked of its rules are taken
out of the index (words and meanings) and asked as queries (at most `--per-fold` of them, drawn seeded), so a figure
says how a question is found whose rule no indexed question words. For each query the ranker's evidence is gathered
once (`QuestionRanker.word_evidence`, `fit_factors`, the similarities by meaning, the rulings nearest in meaning and
the rules they cite: `near_rulings`), then every combination of weights is scored on it: top-1 with words alone, with
meaning (`meaning_lifts`, a grid of weights, the rulings' lift as shipped), and by reciprocal rank fusion of the two
rankings, for comparison; `--rulings` weighs the rulings' lift too (`RULING_GRID`, at the weights in use). Then the
calibration of "sure": for each rule of confidence, how many answers it is sure of (coverage) and how many of those
are right (precision).

`--sets` scores the development sets (tests/fixtures/questions.yaml, questions_written.yaml) the same way, over the
whole index (`--table` then writes one table per set). `--centroids` weighs the centroids of the rules' asked
questions too (`CENTROID_GRID`: their weight and spread, beside every other weight of the grid). The held-out sets are
never read here.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import pickle
import random
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from cardsdb import rule_numbers
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.search.meaning import (
    ENCODER,
    MeaningWeights,
    Near,
    cited_lifts,
    meaning_lifts,
    near_asked,
    near_rules,
    votes,
)
from cardsdb.search.question_confidence import SURE_SPREAD, SURE_VOTERS
from cardsdb.search.question_rank import (
    MEANING,
    OFF,
    RULING_VOTE,
    RULING_VOTE_FLOOR,
    RULING_VOTERS,
    QuestionRanker,
)

KEY = (None, None)  # both documents, the newest rules: words asked without doc: or version:
CANDIDATES = 100


@dataclass
class Query:
    words: str
    answers: frozenset[int]  # positions of the answering rules in the ranked set
    evidence: dict[int, float]  # the words' evidence, before the priors
    factors: dict[int, float]  # prior and fit, for every candidate
    asked: Near  # the asked questions nearest in meaning (the fold's index)
    rules: Near  # the rules nearest in meaning by their own text
    supported: frozenset[int]
    centroids: Near = ()  # the rules whose asked questions' centroid is nearest in meaning (the fold's index)
    rulings: Near = ()  # the rulings nearest in meaning, each with the rules it cites


def _filtered_rows(connection: sqlite3.Connection, removed: frozenset[str]) -> Callable[..., list[Any]]:
    """A row reader that hides the asked questions whose ids are in `removed` (their meanings are then never compared:
    a ranker keeps the vectors of the asked questions it reads)."""

    def rows(sql: str, params: Sequence[object] = ()) -> list[Any]:
        found = connection.execute(sql, params).fetchall()
        if "FROM asked_questions" in sql:
            return [r for r in found if str(r["id"]) not in removed]
        return found

    return rows


def gather(ranker: QuestionRanker, words: str, vector: np.ndarray, answers: frozenset[int]) -> Query:
    """The evidence for one query, from words and meaning, for every weight to be scored on."""
    asked = ranker._asked(words)
    evidence = ranker.word_evidence(asked, KEY)
    shown = ranker.rule_set(*KEY)
    assert ranker._asked_vectors is not None and shown.vectors is not None
    near = near_asked(ranker._asked_vectors @ vector, shown.answering)
    rules = near_rules(shown.vectors @ vector)
    centroids = shown.centroids.near(vector) if shown.centroids is not None else []
    candidates = {i for i, _ in sorted(evidence.items(), key=lambda p: -p[1])[:CANDIDATES]}
    rulings = ranker.near_rulings(vector, KEY, max(n for _, _, n in RULING_GRID))
    for _, positions in [*near, *rules, *centroids, *rulings]:
        candidates.update(positions)
    factors = ranker.fit_factors(asked, KEY, candidates)
    supported = asked.supported.get(KEY, frozenset())
    return Query(words, answers, evidence, factors, near, rules, supported, centroids, rulings)


Cited = tuple[float, float, int]  # the rulings' lift: its weight, its floor, how many of the nearest rulings
SHIPPED_CITED: Cited = (RULING_VOTE, RULING_VOTE_FLOOR, RULING_VOTERS)
RULING_GRID: Sequence[Cited] = (
    (0.0, 0.5, 5),
    *itertools.product((0.2, 0.4, 0.6, 1.0), (0.4, 0.5, 0.6, 0.7), (3, 5, 10)),
)


def _lifts(query: Query, weights: MeaningWeights, cited: Cited = SHIPPED_CITED) -> dict[int, float]:
    """Meaning's lifts at these weights, with the rulings' (as shipped unless `cited` says otherwise)."""
    lifts = meaning_lifts(query.asked, query.rules, weights, query.centroids)
    weight, floor, count = cited
    for i, lift in cited_lifts(query.rulings[:count], weight, floor).items():
        lifts[i] = lifts.get(i, 0.0) + lift
    return lifts


@dataclass(frozen=True)
class Outcome:
    right: bool
    lead: float
    agrees: bool  # words alone put the same rule first
    nearest: float  # similarity of the nearest asked question
    share: float  # the first rule's share of the votes by meaning
    supported: bool


def ranked(query: Query, weights: MeaningWeights | None) -> list[tuple[int, float]]:
    lifts = _lifts(query, weights) if weights else {}
    scores = {
        i: (query.evidence.get(i, 0.0) + lifts.get(i, 0.0)) * query.factors.get(i, 0.0) for i in query.factors
    }
    return sorted(((i, s) for i, s in scores.items() if s > 0), key=lambda p: (-p[1], p[0]))


def first(query: Query, weights: MeaningWeights | None, cited: Cited = SHIPPED_CITED) -> int | None:
    """The rule ranked first (the ranker's order: the best score, then the lowest position)."""
    lifts = _lifts(query, weights, cited) if weights else {}
    best, found = 0.0, None
    for i, factor in query.factors.items():
        score = (query.evidence.get(i, 0.0) + lifts.get(i, 0.0)) * factor
        if score > best or (score == best and found is not None and score > 0 and i < found):
            best, found = score, i
    return found


def outcome(query: Query, weights: MeaningWeights | None) -> Outcome:
    order = ranked(query, weights)
    words_first = ranked(query, None)
    if not order:
        return Outcome(False, 0.0, False, 0.0, 0.0, False)
    first = order[0][0]
    lead = order[0][1] / order[1][1] if len(order) > 1 and order[1][1] > 0 else float("inf")
    share = votes(query.asked, SURE_VOTERS, SURE_SPREAD).get(first, 0.0)  # the votes that decide "sure"
    near = query.asked[0][0] if query.asked else 0.0
    return Outcome(
        first in query.answers,
        lead,
        bool(words_first) and words_first[0][0] == first,
        near,
        share,
        first in query.supported,
    )


def rrf(query: Query, k: float, weight: float) -> bool:
    """Reciprocal rank fusion of the words' ranking (after the priors) and meaning's (votes and the rule's text)."""
    words = [i for i, _ in ranked(query, None)]
    lifts = _lifts(query, MEANING)
    meaning = sorted(lifts, key=lambda i: -lifts[i] * query.factors.get(i, 1.0))
    fused: dict[int, float] = {}
    for w, order in ((1.0, words), (weight, meaning)):
        for rank, i in enumerate(order):
            fused[i] = fused.get(i, 0.0) + w / (k + rank + 1)
    best = max(fused, key=lambda i: fused[i]) if fused else None
    return best in query.answers


SEEN_NEAR_COPY = 0.85  # in `seen` folds, an indexed question this near a query of its rule is taken out too


def _seen_split(
    held: list[tuple[str, str, str]], vectors: dict[str, np.ndarray]
) -> tuple[list[tuple[str, str, str]], frozenset[str]]:
    """For `seen` folds: of each rule's questions, every other one is asked (a rule with one question keeps it
    indexed and asks none); the others stay indexed, but for those nearly the same as a question asked of the rule
    (a copy in other words is no unseen phrasing)."""
    by_rule: dict[str, list[tuple[str, str, str]]] = {}
    for item in held:
        by_rule.setdefault(item[2], []).append(item)
    asked: list[tuple[str, str, str]] = []
    removed: set[str] = set()
    for items in by_rule.values():
        queries, kept = items[1::2], items[0::2]
        asked += queries
        removed.update(i for i, _, _ in queries)
        for i, _, _ in kept:
            if any(float(vectors[i] @ vectors[j]) >= SEEN_NEAR_COPY for j, _, _ in queries):
                removed.add(i)
    return asked, frozenset(removed)


def fold_assignment(lineages: Iterable[str], folds: int, seed: int) -> dict[str, int]:
    """Each rule (by lineage) and its fold: the rules shuffled (seeded), then dealt in turn."""
    shuffled = sorted(set(lineages))
    random.Random(seed).shuffle(shuffled)
    return {line: n % folds for n, line in enumerate(shuffled)}


def asked_folds(db: Path, folds: int, seed: int) -> dict[str, int]:
    """Each indexed question's text and the fold of its rule, as `fold_queries` deals them."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    ranker = QuestionRanker.load(_filtered_rows(connection, frozenset()), meaning=OFF)
    fold_of = fold_assignment([line for _, line in ranker._asked_questions], folds, seed)
    return {question: fold_of[line] for question, line in ranker._asked_questions}


def fold_queries(
    db: Path, folds: int, per_fold: int, seed: int, *, seen: bool = False, only: int | None = None
) -> tuple[list[list[Query]], QuestionRanker]:
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    full = QuestionRanker.load(_filtered_rows(connection, frozenset()))
    assert full._asked_vectors is not None
    vectors = dict(zip(full._asked_ids, full._asked_vectors, strict=True))
    fold_of = fold_assignment([line for _, line in full._asked_questions], folds, seed)
    out: list[list[Query]] = []
    for f in range(folds) if only is None else [only]:
        held = [
            (i, q, line)
            for i, (q, line) in zip(full._asked_ids, full._asked_questions, strict=True)
            if fold_of[line] == f
        ]
        removed = frozenset(i for i, _, _ in held)
        if seen:
            held, removed = _seen_split(held, vectors)
        ranker = QuestionRanker.load(_filtered_rows(connection, removed))
        shown = ranker.rule_set(*KEY)
        by_lineage: dict[str, set[int]] = {}
        for position, line in enumerate(shown.lineages):
            by_lineage.setdefault(line, set()).add(position)
        drawn = random.Random(seed + f).sample(held, min(per_fold, len(held)))
        out.append(
            [gather(ranker, q, vectors[i], frozenset(by_lineage.get(line, ()))) for i, q, line in drawn]
        )
        print(f"fold {f + 1}: {len(drawn)} queries of {len(held)}", flush=True)
    return out, full


NO_CENTROIDS = ((0.0, 0.05),)
CENTROID_GRID = (*NO_CENTROIDS, *itertools.product((0.5, 1.0, 1.5, 2.0), (0.02, 0.03, 0.05, 0.1)))
CENTROIDS: Sequence[tuple[float, float]] = NO_CENTROIDS  # (weight, spread) weighed; `--centroids` the grid


def _grid() -> Iterable[MeaningWeights]:
    for vote, rule, floor, voters, spread, (centroid, centroid_spread) in itertools.product(
        (0.0, 0.3, 0.6, 1.0, 1.5),
        (0.0, 0.15, 0.3, 0.6, 1.0, 1.5),
        (0.3, 0.4),
        (5, 10),
        (0.03, 0.1),
        CENTROIDS,
    ):
        yield MeaningWeights(vote, rule, floor, voters, spread, centroid, centroid_spread)


EXTRA: list[MeaningWeights] = []
RULINGS = False  # `--rulings`: the rulings' lift weighed too (`RULING_GRID`, at the weights in use)
TABLE: Path | None = (
    None  # where report writes every weighting's total, for choosing on several kinds of folds
)


def report(folds: list[list[Query]]) -> None:
    queries = [q for fold in folds for q in fold]
    n = len(queries)
    words_alone = sum(outcome(q, None).right for q in queries)
    print(f"words alone: top-1 {words_alone}/{n}")
    scored = []
    for weights in _grid():
        per_fold = [sum(first(q, weights) in q.answers for q in fold) for fold in folds]
        scored.append((sum(per_fold), per_fold, weights))
    scored.sort(key=lambda s: -s[0])
    if TABLE is not None:
        TABLE.write_text("\n".join(f"{t}\t{w}" for t, _, w in scored), encoding="utf-8")
    for total, per_fold, weights in scored[:5]:
        print(f"  {total}/{n} {per_fold} {weights}")
    for weights in [MEANING, *EXTRA]:
        per_fold = [sum(first(q, weights) in q.answers for q in fold) for fold in folds]
        print(f"  asked: {sum(per_fold)}/{n} {per_fold} {weights}")
        for coverage, right, name in calibration([outcome(q, weights) for q in queries])[:4]:
            print(f"    {name}: sure of {coverage:.0%}, {right:.1%} right")
    for k, w in itertools.product((10, 30, 60), (0.5, 1.0, 2.0)):
        print(f"  rrf k={k} meaning weight {w}: {sum(rrf(q, k, w) for q in queries)}/{n}")
    if RULINGS:
        for cited in RULING_GRID:
            per_fold = [sum(first(q, MEANING, cited) in q.answers for q in fold) for fold in folds]
            weight, floor, count = cited
            print(f"  rulings: weight {weight} floor {floor} nearest {count}: {sum(per_fold)}/{n} {per_fold}")


SETS = (Path("tests/fixtures/questions.yaml"), Path("tests/fixtures/questions_written.yaml"))


def set_queries(db: Path, path: Path) -> list[Query]:
    """The development set's questions over the whole index, each with the positions of its answering rules."""
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    ranker = QuestionRanker.load(_filtered_rows(connection, frozenset()))
    shown = ranker.rule_set(*KEY)
    lineage = {(r["doc"], r["version"], r["number"]): str(r["lineage"] or r["key"]) for r in ranker._all}
    encoder = ENCODER.load()
    assert encoder is not None
    found = []
    for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]:
        lines = set()
        for written in entry["rules"]:
            ref = rule_numbers.parse_rule_ref(str(written))
            assert ref is not None
            doc = TOURNAMENT_DOC if ref.doc == TOURNAMENT_DOC else CORE_DOC
            version = (
                TOURNAMENT_RULES_VERSION if doc == TOURNAMENT_DOC else ref.version or CURRENT_RULES_VERSION
            )
            lines.add(lineage.get((doc, version, ref.number)))
        answers = frozenset(i for i, line in enumerate(shown.lineages) if line in lines)
        words = str(entry["q"])
        found.append(gather(ranker, words, ENCODER.vector(encoder, words), answers))
    return found


Rule = Callable[[Outcome], bool]


@dataclass(frozen=True)
class Sureness:
    """A rule of confidence: a lead, with the words alone agreeing or not, with a share of the votes or not."""

    lead: float
    agrees: bool = False
    share: float = 0.0

    def __call__(self, o: Outcome) -> bool:
        return o.lead >= self.lead and (o.agrees or not self.agrees) and o.share >= self.share

    def __str__(self) -> str:
        parts = ["agrees"] if self.agrees else []
        parts += [f"share >= {self.share}"] if self.share else []
        return ", ".join([*parts, f"lead >= {self.lead}"])


def sureness_rules() -> Iterable[tuple[str, Rule]]:
    """The rules of confidence weighed: a lead alone, or with the words agreeing, or with a share of the votes."""
    for t in (1.1, 1.2, 1.3, 1.5, 1.75, 2.0, 2.5, 3.0):
        for agrees in (False, True):
            for share in (0.0, 0.5, 0.7, 0.9):
                rule = Sureness(t, agrees, share)
                yield str(rule), rule


def calibration(outcomes: Sequence[Outcome], precision: float = 0.95) -> list[tuple[float, float, str]]:
    """(coverage, precision, rule) of each rule keeping at least `precision` of its sure answers right, the widest
    first."""
    found = []
    for name, rule in sureness_rules():
        sure = [o for o in outcomes if rule(o)]
        if sure:
            right = sum(o.right for o in sure) / len(sure)
            found.append((len(sure) / len(outcomes), right, name))
    return sorted((f for f in found if f[1] >= precision), key=lambda f: -f[0])


def _one_fold(db: Path, path: Path) -> list[list[Query]]:
    return [set_queries(db, path)]


def _kept(folder: Path | None, name: str, make: Callable[[], list[list[Query]]]) -> list[list[Query]]:
    """The queries gathered, kept in `folder` (pickled) to score other weights on without gathering them again."""
    if folder is None:
        return make()
    path = folder / f"{name}.pickle"
    if path.is_file():
        with path.open("rb") as f:
            kept: list[list[Query]] = pickle.load(f)
        return kept
    made = make()
    folder.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        pickle.dump(made, f)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder.folds", description=__doc__)
    parser.add_argument("--db", type=Path, default=Path("data/riftbound.sqlite3"))
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--per-fold", type=int, default=300)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument(
        "--keep", type=Path, help="a folder to keep the gathered queries in, and read them from"
    )
    parser.add_argument(
        "--weights",
        action="append",
        default=[],
        help="vote,rule,floor,voters,spread[,centroid,centroid spread] to score too",
    )
    parser.add_argument("--table", type=Path, help="write each weighting's total here")
    parser.add_argument(
        "--centroids",
        action="store_true",
        help="weigh the rules' centroids too (their weight and spread, `CENTROID_GRID`)",
    )
    parser.add_argument(
        "--rulings",
        action="store_true",
        help="weigh the lift of the rulings nearest in meaning too (`RULING_GRID`: weight, floor, how many)",
    )
    parser.add_argument("--sets", action="store_true", help="the development sets too, at the weights in use")
    parser.add_argument(
        "--seen",
        action="store_true",
        help="folds of unseen phrasings of seen rules: half of each fold's rules' questions asked, the rest indexed",
    )
    parser.add_argument(
        "--only-fold",
        type=int,
        help="gather that fold alone (a model tuned without its questions is measured on it)",
    )
    args = parser.parse_args(argv)
    global TABLE
    TABLE = args.table
    global CENTROIDS, RULINGS
    CENTROIDS = CENTROID_GRID if args.centroids else NO_CENTROIDS
    RULINGS = args.rulings
    for written in args.weights:
        vote, rule, floor, voters, spread, *centroid = written.split(",")
        centroid_weight, centroid_spread = (float(c) for c in centroid) if centroid else NO_CENTROIDS[0]
        EXTRA.append(
            MeaningWeights(
                float(vote),
                float(rule),
                float(floor),
                int(voters),
                float(spread),
                centroid_weight,
                centroid_spread,
            )
        )
    ENCODER.load()
    if args.sets:
        for path in SETS:
            print(path.name)
            TABLE = None if args.table is None else args.table.with_name(f"{path.stem}-{args.table.name}")
            report(_kept(args.keep, path.stem, functools.partial(_one_fold, args.db, path)))
        return 0
    name = f"folds-{args.folds}-{args.per_fold}-{args.seed}-{'seen' if args.seen else 'unseen'}"
    name += "" if args.only_fold is None else f"-only{args.only_fold}"
    report(
        _kept(
            args.keep,
            name,
            lambda: fold_queries(
                args.db, args.folds, args.per_fold, args.seed, seen=args.seen, only=args.only_fold
            )[0],
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
