"""What each text the ranker compares by meaning means: the questions players ask, the rules a word search shows, the
rulings; one vector each (`cardsdb.search.encoder`), stored in the table `meanings` and cached by text.

The cache (`cache_path`: beside the database, `riftbound.meanings.npz` for `riftbound.sqlite3`, or where
RIFTBOUND_MEANINGS_CACHE says) maps a digest of the model's name and a text to its vector, so that a rebuild encodes
only the texts that changed: a build from scratch encodes about 16,000 texts, one with the cache none. The vectors
are never shipped: like the database, the cache is made where the data is (they are a reading of Riot's texts).
Vectors are stored as float16 (half the size, the same order of similarities to three decimals).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardsdb.search.encoder import Encoder, model_identity, model_present, shared_encoder
from cardsdb.search.meaning import (
    ASKED,
    RULE,
    RULING,
    RULING_QUESTION,
    rule_meaning_text,
    ruling_meaning_text,
    ruling_question_text,
)

Row = dict[str, Any]
CACHE_ENV = "RIFTBOUND_MEANINGS_CACHE"
MAX_ENCODING_WORKERS = 4
CACHE_LIMIT = 200_000  # texts kept in the cache: the newest build's first, then the others as they were
_DIGEST_BYTES = 16


def cache_path(db_path: Path, env: Mapping[str, str] | None = None) -> Path:
    """Where the cache of a database's meanings lives: RIFTBOUND_MEANINGS_CACHE, else beside the database."""
    env = os.environ if env is None else env
    named = env.get(CACHE_ENV)
    return Path(named) if named else db_path.with_name(db_path.stem + ".meanings.npz")


def _digest(text: str, model: str) -> bytes:
    return hashlib.blake2b(f"{model}\x00{text}".encode(), digest_size=_DIGEST_BYTES).digest()


def read_cache(path: Path) -> dict[bytes, np.ndarray]:
    """The cached vectors by digest; empty when the file is missing or unreadable (it is only a cache)."""
    try:
        with np.load(path) as data:
            keys, vectors = data["keys"], data["vectors"]
    except (OSError, KeyError, ValueError):
        return {}
    return {k.tobytes(): v for k, v in zip(keys, vectors, strict=True)}


def write_cache(path: Path, cached: Mapping[bytes, np.ndarray], first: Sequence[bytes]) -> None:
    """Write the cache: the digests in `first` (this build's), then the others, at most `CACHE_LIMIT`."""
    order = list(dict.fromkeys([*first, *cached]))[:CACHE_LIMIT]
    keys = np.frombuffer(b"".join(order), dtype=np.uint8).reshape(
        -1, _DIGEST_BYTES
    )  # bytes, trailing NULs too
    vectors = np.stack([cached[k] for k in order]) if order else np.zeros((0, 0), np.float16)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.writing.npz")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(temporary, keys=keys, vectors=vectors)
        os.replace(temporary, path)
    except OSError:  # a cache that cannot be written costs the next build time, nothing else
        temporary.unlink(missing_ok=True)


def meaning_texts(
    rules: Iterable[Mapping[str, Any]],
    rulings: Iterable[Mapping[str, Any]],
    asked: Iterable[Mapping[str, Any]],
) -> list[tuple[str, str, str]]:
    """(kind, key, text) of every text compared by meaning: the rules a word search shows (each in its newest form),
    the rulings (each with its answer, and its question alone), the questions players ask."""
    rulings = list(rulings)
    found = [(RULE, str(r["key"]), rule_meaning_text(r)) for r in rules if r.get("latest")]
    found += [(RULING, str(r["id"]), ruling_meaning_text(r)) for r in rulings]
    found += [(RULING_QUESTION, str(r["id"]), q) for r in rulings if (q := ruling_question_text(r))]
    found += [(ASKED, str(r["id"]), str(r["question"])) for r in asked]
    return found


def encoding_workers() -> int:
    """Threads a build encodes with: the cores this process may use, at most four (a build from scratch encodes
    about 15,000 texts, 70 s of CPU; two cores halve its wait)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_ENCODING_WORKERS))


def meaning_rows(
    texts: Sequence[tuple[str, str, str]],
    cache: Path | None,
    encoder: Encoder | None = None,
    say: Any = None,
) -> list[Row]:
    """One row per text with its vector (float16 bytes), the texts not in the cache encoded (and the cache
    written). None where the model is not installed: the ranker then compares words alone."""
    if not texts or (encoder is None and not model_present()):
        return []
    cached = read_cache(cache) if cache is not None else {}
    model = encoder.identity if encoder is not None else model_identity()  # the cache is by model and text
    digests = [_digest(text, model) for _, _, text in texts]
    missing = list(dict.fromkeys(d for d in digests if d not in cached))
    if missing:
        by_digest = {d: text for d, (_, _, text) in zip(digests, texts, strict=True)}
        if say is not None:
            say(
                f"encoding {len(missing)} texts by meaning ({sum(d in cached for d in digests)} of {len(texts)} cached)"
            )
        to_encode = [by_digest[d] for d in missing]
        vectors = (
            (encoder or shared_encoder()).encode(to_encode, workers=encoding_workers()).astype(np.float16)
        )
        cached = {**cached, **dict(zip(missing, vectors, strict=True))}
        if cache is not None:
            write_cache(cache, cached, digests)
    return [
        {"kind": kind, "key": key, "vector": cached[d].astype(np.float16).tobytes()}
        for (kind, key, _), d in zip(texts, digests, strict=True)
    ]


def meaning_meta(rows: Sequence[Row]) -> dict[str, str]:
    """What the meta table records of the vectors: the model that made them (none where none were made)."""
    return {"meaning_model": model_identity()} if rows else {}


__all__ = ["CACHE_ENV", "cache_path", "meaning_meta", "meaning_rows", "meaning_texts", "read_cache"]
