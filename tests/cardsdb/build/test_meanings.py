"""The build's meanings: one vector per text compared by meaning, cached by text so that a rebuild encodes only what
changed (the real encoder, over a few texts)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from cardsdb.build.meanings import CACHE_ENV, cache_path, meaning_rows, meaning_texts, read_cache
from cardsdb.search.encoder import Encoder, Vector
from cardsdb.search.meaning import ASKED, ENCODER, RULE, RULING, RULING_QUESTION


class CountingEncoder(Encoder):
    """The real encoder, counting the texts it encodes."""

    def __init__(self, real: Encoder) -> None:
        self.__dict__.update(real.__dict__)
        self.encoded: list[str] = []

    def encode(self, texts: Sequence[str], workers: int = 1) -> Vector:
        self.encoded += texts
        return super().encode(texts, workers)


def _encoder() -> CountingEncoder:
    real = ENCODER.load()
    assert real is not None
    return CountingEncoder(real)


def test_the_texts_are_the_newest_rules_the_rulings_their_questions_and_the_asked_questions() -> None:
    rules = [
        {"key": "core/2026/1", "latest": 1, "title": "Hide", "text": "You may hide a card."},
        {"key": "core/v1.4/1", "latest": 0, "title": None, "text": "Old."},
    ]
    rulings = [
        {"id": "faq-1", "question": "Can I hide?", "answer": "Yes.", "kind": "question"},
        {"id": "faq-2", "question": "Slow Play", "answer": "A penalty.", "kind": "topic"},  # a heading
    ]
    asked = [{"id": 1, "question": "how do i hide a card"}]
    assert meaning_texts(rules, rulings, asked) == [
        (RULE, "core/2026/1", "Hide. You may hide a card."),
        (RULING, "faq-1", "Can I hide? Yes."),
        (RULING, "faq-2", "Slow Play A penalty."),
        (RULING_QUESTION, "faq-1", "Can I hide?"),  # a heading asks nothing: no question of its own
        (ASKED, "1", "how do i hide a card"),
    ]


def test_a_rebuild_encodes_only_the_texts_not_in_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "riftbound.meanings.npz"
    texts = [(ASKED, "1", "how do i hide a card"), (ASKED, "2", "what is a showdown")]
    encoder = _encoder()
    first = meaning_rows(texts, cache, encoder)
    assert encoder.encoded == ["how do i hide a card", "what is a showdown"] and len(read_cache(cache)) == 2
    again = _encoder()
    second = meaning_rows([*texts, (ASKED, "3", "how many points to win")], cache, again)
    assert again.encoded == ["how many points to win"]
    assert [r["vector"] for r in second[:2]] == [r["vector"] for r in first]
    vector = np.frombuffer(second[2]["vector"], dtype=np.float16)
    assert abs(float(np.linalg.norm(vector.astype(np.float32))) - 1.0) < 1e-2


def test_a_damaged_cache_is_only_a_slower_build(tmp_path: Path) -> None:
    cache = tmp_path / "riftbound.meanings.npz"
    cache.write_bytes(b"not a cache")
    rows = meaning_rows([(ASKED, "1", "can i block with an exhausted unit")], cache, _encoder())
    assert len(rows) == 1 and len(read_cache(cache)) == 1


def test_the_cache_lives_beside_the_database_unless_the_environment_names_one(tmp_path: Path) -> None:
    assert cache_path(tmp_path / "riftbound.sqlite3", {}) == tmp_path / "riftbound.meanings.npz"
    assert cache_path(tmp_path / "x.sqlite3", {CACHE_ENV: "/c/m.npz"}) == Path("/c/m.npz")


def test_the_cache_is_keyed_by_the_model_so_another_model_encodes_every_text_again(tmp_path: Path) -> None:
    cache = tmp_path / "riftbound.meanings.npz"
    texts = [(ASKED, "1", "how do i hide a card")]
    meaning_rows(texts, cache, _encoder())
    again = _encoder()
    again.identity = "another-model"
    meaning_rows(texts, cache, again)
    assert again.encoded == ["how do i hide a card"]
    same = _encoder()
    meaning_rows(texts, cache, same)
    assert same.encoded == []


def test_the_model_identity_is_a_digest_of_the_weights_and_vocabulary(tmp_path: Path) -> None:
    import shutil

    from cardsdb.search.encoder import MODEL_DIR, VOCABULARY_FILE, WEIGHTS_FILE, model_identity

    assert len(model_identity()) == 16
    copy = tmp_path / "model"
    copy.mkdir()
    shutil.copy(MODEL_DIR / WEIGHTS_FILE, copy / WEIGHTS_FILE)
    shutil.copy(MODEL_DIR / VOCABULARY_FILE, copy / VOCABULARY_FILE)
    assert model_identity(copy) == model_identity()
    with open(copy / VOCABULARY_FILE, "a", encoding="utf-8") as vocabulary:
        vocabulary.write("another\n")
    model_identity.cache_clear()
    assert model_identity(copy) != model_identity()
    assert model_identity(tmp_path / "none") == ""


def test_a_build_whose_meanings_another_model_made_differs_in_content_so_a_refresh_swaps_it() -> None:
    from cardsdb.build.pipeline import content_digest

    tables = {
        "rules": [{"key": "core/2026/1", "text": "You may hide a card."}],
        "meta": [{"key": "built_at"}],
    }
    assert content_digest(tables, "model-a") == content_digest({**tables, "meta": []}, "model-a")
    assert content_digest(tables, "model-a") != content_digest(tables, "model-b")
