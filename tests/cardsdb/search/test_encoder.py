"""The sentence encoder shipped in cardsdb/search/model/ (all-MiniLM-L6-v2 in int8, run with numpy)."""

from __future__ import annotations

import numpy as np
import pytest

from cardsdb.search.encoder import DIMENSION, MAX_TOKENS, Encoder
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
