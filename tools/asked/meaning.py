"""The guard by meaning: the indexed questions (as a built database holds them) whose meaning is at least
`MEASURED_MEANING` close (cosine) to a measured question's. Only how many is said; `flagged_texts` gives the indexed
questions' own texts to take out, never the measured ones.

Meanings here are the base model's (all-MiniLM-L6-v2 as published, `tools/encoder/base_model/`), not the model the bot
runs: that one is tuned to put questions of one rule close together (`tools/encoder/train.py`), so its closeness says
"same rule", not "same question in other words". The base model's vectors of the indexed questions are cached with the
database's own (by model and text, `cardsdb.build.meanings`): the first run encodes them, about a minute of CPU."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from cardsdb.build.meanings import cache_path, meaning_rows
from cardsdb.search.encoder import DIMENSION, Encoder
from cardsdb.search.likeness import MEASURED_MEANING
from cardsdb.search.meaning import ASKED
from tools.encoder.convert import BASE_MODEL_DIR


@functools.lru_cache(maxsize=1)
def base_encoder() -> Encoder:
    """all-MiniLM-L6-v2 as published, converted by `python -m tools.encoder.convert --out tools/encoder/base_model`."""
    return Encoder(BASE_MODEL_DIR)


def indexed_meanings(db_path: Path) -> tuple[list[str], np.ndarray]:
    """The indexed questions a database holds and their vectors by the base model, row for row."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True) as connection:
        asked = connection.execute("SELECT id, question FROM asked_questions ORDER BY id").fetchall()
    texts = [(ASKED, str(key), str(question)) for key, question in asked]
    rows = meaning_rows(texts, cache_path(db_path), base_encoder())
    vectors = np.frombuffer(b"".join(r["vector"] for r in rows), dtype=np.float16).reshape(-1, DIMENSION)
    return [str(question) for _, question in asked], vectors.astype(np.float32)


def meaning_flagged(
    vectors: np.ndarray, measured: Mapping[str, Sequence[str]], threshold: float = MEASURED_MEANING
) -> dict[str, set[int]]:
    """For each measured set, the indexed questions (by row) at least `threshold` close to one of its questions, by the
    base model (`vectors`: `indexed_meanings`')."""
    encoder = base_encoder()
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
