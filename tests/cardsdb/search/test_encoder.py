"""The sentence encoder shipped in cardsdb/search/model/ (all-MiniLM-L6-v2 in int8, run with numpy)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardsdb.search.encoder import DIMENSION, MAX_TOKENS, MODEL_DIR, WEIGHTS_FILE, Encoder, _mapped
from cardsdb.search.meaning import ENCODER


@pytest.fixture(scope="module")
def encoder() -> Encoder:
    loaded = ENCODER.load()
    assert loaded is not None, "the model ships in cardsdb/search/model/"
    return loaded


def test_every_text_is_a_unit_vector(encoder: Encoder) -> None:
    vectors = encoder.encode(["how many points to win", "", "?" * 500])
    assert vectors.shape == (3, DIMENSION) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)


def test_a_paraphrase_is_nearer_than_another_question(encoder: Encoder) -> None:
    asked, paraphrase, other = encoder.encode(
        ["how many points do i need to win", "what score wins the game", "can i block with an exhausted unit"]
    )
    assert float(asked @ paraphrase) > float(asked @ other) + 0.2


def test_a_text_means_the_same_alone_and_in_a_batch_of_longer_texts(encoder: Encoder) -> None:
    # padding to the batch's longest text never changes a shorter one's vector
    texts = ["what is a showdown", "a showdown is " + "a long explanation of the rules " * 10]
    alone = encoder.encode(texts[:1])[0]
    together = encoder.encode(texts)[0]
    assert float(alone @ together) > 0.9999


def test_a_long_text_is_cut_at_the_tokens_the_model_reads(encoder: Encoder) -> None:
    assert len(encoder.tokens("word " * 1000)) == MAX_TOKENS


def test_texts_encoded_in_threads_are_the_texts_encoded_one_batch_after_another(encoder: Encoder) -> None:
    # enough texts of different lengths for several batches, so the threads each take some
    texts = [f"can i hide {'a card ' * (n % 60)}in battlefield {n}" for n in range(400)]
    alone = encoder.encode(texts)
    threaded = encoder.encode(texts, workers=2)
    assert np.array_equal(alone, threaded)


def test_the_word_embeddings_are_mapped_from_the_file_not_read_and_hold_its_bytes(encoder: Encoder) -> None:
    # 12 MB of which a question touches a few rows: mapped, they are read only where touched
    with np.load(MODEL_DIR / WEIGHTS_FILE) as arrays:
        read = arrays["words.q"]
    assert isinstance(encoder._words, np.memmap)
    assert encoder._words.shape == read.shape and np.array_equal(np.asarray(encoder._words), read)


@pytest.mark.parametrize("save", [np.savez, np.savez_compressed])
def test_an_array_of_a_npz_is_mapped_where_stored_and_read_whole_where_compressed(
    tmp_path: Path, save: Any
) -> None:
    words = np.arange(-60, 60, dtype=np.int8).reshape(8, 15)
    path = tmp_path / "weights.npz"
    save(path, other=np.ones(3, dtype=np.float32), words=words)
    with np.load(path) as arrays:
        mapped = _mapped(arrays, path, "words")
    if save is np.savez:
        assert mapped is not None and np.array_equal(mapped, words)
    else:
        assert mapped is None
