"""The guard by meaning: the indexed questions (as a built database stores them, each with its sentence vector, table
`meanings`) whose meaning is at least `MEASURED_MEANING` close (cosine) to a measured question's. Only how many is
said; `flagged_texts` gives the indexed questions' own texts to take out, never the measured ones."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from cardsdb.search.likeness import MEASURED_MEANING


def indexed_meanings(db_path: Path) -> tuple[list[str], np.ndarray]:
    """The indexed questions a database holds and their vectors, row for row (a question without one: a zero row)."""
    from cardsdb.search.meaning import ASKED, Meanings  # the encoder's part of the ranker (issue 31)

    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as connection:
        connection.row_factory = sqlite3.Row
        asked = connection.execute("SELECT id, question FROM asked_questions ORDER BY id").fetchall()
        meanings = Meanings.read(
            connection.execute("SELECT kind, key, vector FROM meanings WHERE kind = ?", [ASKED])
        )
    vectors = meanings.aligned(ASKED, [str(row["id"]) for row in asked])
    return [str(row["question"]) for row in asked], vectors


def meaning_flagged(
    vectors: np.ndarray, measured: Mapping[str, Sequence[str]], threshold: float = MEASURED_MEANING
) -> dict[str, set[int]]:
    """For each measured set, the indexed questions (by row) at least `threshold` close to one of its questions."""
    from cardsdb.search.encoder import shared_encoder  # loaded only for this guard

    encoder = shared_encoder()
    found: dict[str, set[int]] = {}
    for name, questions in measured.items():
        similarity = encoder.encode(list(questions)) @ vectors.T
        found[name] = {int(i) for i in np.nonzero((similarity >= threshold).any(axis=0))[0]}
    return found


def flagged_texts(db_path: Path, measured: Mapping[str, Sequence[str]]) -> tuple[dict[str, int], set[str]]:
    """How many indexed questions each measured set flags, and the texts of all of them."""
    questions, vectors = indexed_meanings(db_path)
    flagged = meaning_flagged(vectors, measured)
    return {name: len(rows) for name, rows in flagged.items()}, {
        questions[i] for rows in flagged.values() for i in rows
    }


__all__ = ["flagged_texts", "indexed_meanings", "meaning_flagged"]
