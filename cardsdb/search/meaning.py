"""Retrieval by meaning beside retrieval by words: which rules the words mean, by a sentence encoder's vectors.

The build stores one vector per text (`cardsdb.build.meanings`, table `meanings`): each question players ask
(asked.yaml), each rule a word search shows (its title and text) and each ruling (its question and answer). Words
asked are encoded once (`cardsdb.search.encoder`, a few milliseconds) and compared with them all by their dot product
(cosine: the vectors have unit length):

- the asked questions nearest in meaning vote for the rules answering them (`VOTERS` of them, each by how close it is
  to the nearest, `VOTE_SPREAD`): a question worded unlike any indexed one, but meaning the same, finds its rule;
- each rule's asked questions are also taken together: their mean meaning (the rule's centroid; for a rule no
  question asks, its own text's meaning) is compared, and the nearest centroids share a lift as the voters share
  theirs. One near question can outvote a rule whose questions all lie a little farther; the centroid weighs every
  way players have asked about the rule;
- each rule's own text is compared too, for a rule no asked question words as the player does.

How much these lift a rule beside the words' evidence (`MEANING` in `cardsdb.search.question_rank`) was chosen on
folds that leave whole rules out (`tools/encoder/folds.py`); when the best rule is sure, on the development sets
(`cardsdb.search.question_confidence`).

The model is loaded once per process (`ENCODER`): the bot loads it in its warm-up, never while answering, and answers
by words alone until it is loaded (`ready`); the command line and the tests load it when first needed (`load`).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardsdb.search.encoder import DIMENSION, Encoder, Vector, model_present
from cardsdb.search.pacing import paced

ASKED, RULE, RULING = "asked", "rule", "ruling"
RULING_QUESTION = "ruling question"  # a ruling's question alone: whether it asks what the words ask
VOTERS = 10  # the asked questions nearest in meaning that vote for their rules
VOTE_SPREAD = 0.05  # a voter this much less close than the nearest counts 1/e as much
CACHED_VECTORS = 64  # the words last encoded, with their vectors
RULE_NEIGHBOURS = 20  # the rules nearest in meaning by their own text that are lifted
MAX_VOTERS = 30  # the most voters a weighting may ask for
CENTROID_NEIGHBOURS = 20  # the nearest centroids that share the centroids' lift


def rule_meaning_text(row: Mapping[str, Any]) -> str:
    """A rule as compared by meaning: its title, then its text (the encoder reads their first 128 tokens)."""
    title = " ".join(str(row.get("title") or "").split())
    text = " ".join(str(row.get("text") or "").split())
    return f"{title}. {text}" if title else text


def ruling_meaning_text(row: Mapping[str, Any]) -> str:
    """A ruling as compared by meaning: its question, then its answer."""
    return " ".join(f"{row.get('question') or ''} {row.get('answer') or ''}".split())


def ruling_question_text(row: Mapping[str, Any]) -> str | None:
    """A ruling's question alone, as compared with the words to tell whether it asks what they ask; None for an FAQ
    section's heading standing as its question (`kind` "topic"), which asks nothing."""
    question = " ".join(str(row.get("question") or "").split())
    return question if question and row.get("kind") != "topic" else None


class EncoderSlot:
    """The process's encoder: loaded once (`load`, by the warm-up or whoever may wait), read without waiting
    (`ready`)."""

    def __init__(self) -> None:
        self._encoder: Encoder | None = None
        self._lock = threading.Lock()
        self._vectors: dict[str, Vector] = {}

    def ready(self) -> Encoder | None:
        return self._encoder

    def load(self) -> Encoder | None:
        """The encoder, loaded now if it is not yet (None where the model is not installed)."""
        if self._encoder is None and model_present():
            with self._lock:
                if self._encoder is None:
                    self._encoder = Encoder()
        return self._encoder

    def forget(self) -> None:
        """Forget the words' vectors remembered (the benchmark times words encoded afresh)."""
        self._vectors.clear()

    def vector(self, encoder: Encoder, words: str) -> Vector:
        """The words' vector, remembered for the last `CACHED_VECTORS` words."""
        found = self._vectors.get(words)
        if found is None:
            found = encoder.encode([words])[0]
            self._vectors[words] = found
            while len(self._vectors) > CACHED_VECTORS:
                self._vectors.pop(next(iter(self._vectors)))
        return found


ENCODER = EncoderSlot()


MEANING_PAGE = 1024  # stored vectors read at a time (see `Meanings.read`)
StoredRows = Callable[[str, Sequence[object]], Sequence[Any]]  # runs one SQL statement with parameters


@dataclass(frozen=True)
class Meanings:
    """One kind's stored vectors: a matrix (one unit row per text, float16 as stored) and the row of each key."""

    matrix: npt.NDArray[np.float16]
    rows: Mapping[str, int]

    @classmethod
    def read(cls, rows: StoredRows, kind: str, page: int = MEANING_PAGE) -> Meanings | None:
        """The vectors of one kind (table `meanings`), None where no text of that kind has one (a database built
        without the encoder). Read a page at a time in key order, each page let go before the next: the whole table
        held as rows at once (17,000 small byte strings) would leave its memory to the heap for good."""
        keys: list[str] = []
        stored = bytearray()
        after = ""
        while True:
            found = rows(
                "SELECT key, vector FROM meanings WHERE kind = ? AND key > ? ORDER BY key LIMIT ?",
                (kind, after, page),
            )
            if not found:
                break
            for r in paced(found):
                keys.append(str(r["key"]))
                stored += r["vector"]
            after = keys[-1]
        if not keys:
            return None
        matrix = np.frombuffer(stored, dtype=np.float16).reshape(-1, DIMENSION)
        return cls(matrix, {k: i for i, k in enumerate(keys)})

    def aligned(self, keys: Sequence[str]) -> Vector:
        """The vectors of `keys` in that order, as float32 (a zero row for a key without one: it matches nothing)."""
        out = np.zeros((len(keys), DIMENSION), dtype=np.float32)
        at = [(i, self.rows[k]) for i, k in enumerate(keys) if k in self.rows]
        if at:
            mine, theirs = zip(*at, strict=True)
            out[list(mine)] = self.matrix[list(theirs)]
        return out


def nearest(similarity: Vector, count: int) -> list[int]:
    """The positions of the `count` largest values, largest first."""
    count = min(count, len(similarity))
    if count <= 0:
        return []
    top = np.argpartition(-similarity, count - 1)[:count]
    return [int(i) for i in top[np.argsort(-similarity[top], kind="stable")]]


Near = Sequence[tuple[float, Sequence[int]]]  # (similarity, rule positions), nearest first


def near_asked(similarity: Vector, answering: Sequence[Sequence[int]], count: int = MAX_VOTERS) -> Near:
    """The asked questions nearest in meaning, nearest first: each one's similarity and the rules answering it."""
    return [(float(similarity[i]), answering[i]) for i in nearest(similarity, count)]


def near_rules(similarity: Vector, count: int = RULE_NEIGHBOURS) -> Near:
    """The rules whose own text is nearest in meaning, nearest first."""
    return [(float(similarity[i]), (i,)) for i in nearest(similarity, count)]


def votes(asked: Near, voters: int = VOTERS, spread: float = VOTE_SPREAD) -> dict[int, float]:
    """Each rule's vote from the `voters` asked questions nearest in meaning, as a share of all the votes: each voter
    counts exp(-(nearest - its similarity) / spread)."""
    found: dict[int, float] = {}
    if not asked:
        return found
    best = asked[0][0]
    total = 0.0
    for similarity, positions in asked[:voters]:
        weight = math.exp((similarity - best) / spread)
        total += weight
        for position in positions:
            found[position] = found.get(position, 0.0) + weight
    return {p: v / total for p, v in found.items()} if total > 0 else {}


def centroid_shares(centroids: Near, spread: float) -> dict[int, float]:
    """Each rule's share of the nearest centroids: shared as the voters share their votes, every centroid given
    counting (`Centroids.near` gives the nearest `CENTROID_NEIGHBOURS`)."""
    return votes(centroids, len(centroids), spread)


@dataclass(frozen=True)
class MeaningWeights:
    """How much meaning lifts a rule beside the words' evidence (chosen on the folds, `tools/encoder/folds.py`)."""

    vote: float  # times the rule's share of the votes of the asked questions nearest in meaning
    rule: float  # times how near the rule's own text is, from `floor` (nothing) to the nearest rule's (all)
    floor: float
    voters: int = VOTERS
    spread: float = VOTE_SPREAD
    centroid: float = 0.0  # times the rule's share of the nearest centroids (shared as votes are)
    centroid_spread: float = VOTE_SPREAD


@dataclass(frozen=True)
class Centroids:
    """The mean meaning of each rule's asked questions (unit rows); for a rule no question asks, its text's."""

    matrix: Vector
    positions: npt.NDArray[np.int64]  # the rule each row is of

    @classmethod
    def of(
        cls, asked: Vector, answering: Sequence[Sequence[int]], texts: Vector | None = None
    ) -> Centroids | None:
        """Each rule's centroid from the asked questions' vectors (`asked`, rows in the order of `answering`, which
        holds the rules each question answers). A rule no question asks takes its own text's vector (`texts`, a row
        per rule, zero where it has none): without one, the nearest centroids would lift only its neighbours, whose
        questions are asked. None where there is no centroid at all."""
        rows: dict[int, int] = {}
        owners: list[int] = []
        questions: list[int] = []
        for question, positions in enumerate(answering):
            for position in positions:
                owners.append(rows.setdefault(position, len(rows)))
                questions.append(question)
        unasked = (
            [] if texts is None else [p for p in np.flatnonzero(texts.any(axis=1)).tolist() if p not in rows]
        )
        for position in unasked:
            rows[position] = len(rows)
        if not rows:
            return None
        sums = np.zeros((len(rows), asked.shape[1]), dtype=np.float32)
        if owners:  # each rule's questions summed as one run: half the time of np.add.at's row at a time
            order = np.argsort(owners, kind="stable")
            grouped = np.asarray(owners)[order]
            starts = np.flatnonzero(np.r_[True, grouped[1:] != grouped[:-1]])
            sums[grouped[starts]] = np.add.reduceat(asked[np.asarray(questions)[order]], starts, axis=0)
        if texts is not None and unasked:
            sums[len(rows) - len(unasked) :] = texts[unasked]
        lengths = np.linalg.norm(sums, axis=1, keepdims=True)
        sums /= np.where(lengths > 0, lengths, 1.0)
        return cls(sums, np.fromiter(rows, dtype=np.int64, count=len(rows)))

    def near(self, vector: Vector, count: int = CENTROID_NEIGHBOURS) -> Near:
        """The rules whose centroid is nearest the words' meaning, nearest first."""
        similarity = self.matrix @ vector
        return [(float(similarity[i]), (int(self.positions[i]),)) for i in nearest(similarity, count)]


def meaning_lifts(
    asked: Near, rules: Near, weights: MeaningWeights, centroids: Near = ()
) -> dict[int, float]:
    """Each rule's lift by meaning: its share of the votes, its share of the nearest centroids, and how near its own
    text is."""
    lifts = {p: weights.vote * share for p, share in votes(asked, weights.voters, weights.spread).items()}
    if weights.centroid > 0:
        for p, share in centroid_shares(centroids, weights.centroid_spread).items():
            lifts[p] = lifts.get(p, 0.0) + weights.centroid * share
    if not rules or weights.rule <= 0 or rules[0][0] <= weights.floor:
        return lifts
    best = rules[0][0]
    for similarity, positions in rules:
        share = (similarity - weights.floor) / (best - weights.floor)
        for p in positions if share > 0 else ():
            lifts[p] = lifts.get(p, 0.0) + weights.rule * share
    return lifts


def cited_lifts(rulings: Near, weight: float, floor: float) -> dict[int, float]:
    """Each rule's lift from the rulings nearest in meaning that cite it (`rulings`: each ruling's similarity and the
    positions of the rules it cites, nearest first): from nothing at `floor` to `weight` for the nearest, shared among
    the rules a ruling cites as the square root of their number, summed over the rulings citing a rule."""
    if not rulings or rulings[0][0] <= floor:
        return {}
    best = rulings[0][0]
    lifts: dict[int, float] = {}
    for similarity, positions in rulings:
        share = (similarity - floor) / (best - floor)
        for p in positions if share > 0 else ():
            lifts[p] = lifts.get(p, 0.0) + weight * share / math.sqrt(len(positions))
    return lifts


__all__ = [
    "ASKED",
    "CENTROID_NEIGHBOURS",
    "ENCODER",
    "RULE",
    "RULING",
    "RULING_QUESTION",
    "Centroids",
    "EncoderSlot",
    "MeaningWeights",
    "Meanings",
    "centroid_shares",
    "cited_lifts",
    "meaning_lifts",
    "near_asked",
    "near_rules",
    "nearest",
    "rule_meaning_text",
    "ruling_meaning_text",
    "ruling_question_text",
    "votes",
]
