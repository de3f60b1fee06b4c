"""tools/encoder/onnx_compare.py: the encoder written as an ONNX graph gives the numpy encoder's vectors (where
onnxruntime is installed: it is no dependency of the project), and says in one line what it needs where it is not."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from cardsdb.search.meaning import ENCODER
from tools.encoder import onnx_compare

HAS_ONNX = all(importlib.util.find_spec(name) is not None for name in ("onnx", "onnxruntime"))


@pytest.mark.skipif(
    HAS_ONNX, reason="onnx and onnxruntime are installed here: the comparison itself is tested"
)
def test_without_onnxruntime_the_comparison_says_what_to_install() -> None:
    with pytest.raises(SystemExit) as stopped:
        onnx_compare.main(["--questions", "5", "--batch-texts", "5"])
    assert "pip install onnx onnxruntime" in str(stopped.value)


@pytest.mark.skipif(
    not HAS_ONNX, reason="onnx and onnxruntime are no dependency of the project; not installed here"
)
def test_the_onnx_graph_gives_the_numpy_encoders_vectors() -> None:
    encoder = ENCODER.load()
    assert encoder is not None
    texts = ["how many points to win", "can i hide a card " + "at a battlefield " * 20, "?"]
    serialized = onnx_compare.graph_of(encoder).SerializeToString()
    ours, theirs = encoder.encode(texts), onnx_compare.OnnxEncoder(encoder, serialized).encode(texts)
    assert np.allclose(ours, theirs, atol=1e-4)
