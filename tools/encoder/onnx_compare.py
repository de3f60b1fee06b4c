"""The encoder in onnxruntime beside the encoder in numpy: `python -m tools.encoder.onnx_compare`.

Issue 31 asked for both runtimes to be measured. This writes the model the bot runs (`cardsdb/search/model/`, its
int8 weights turned to float32 as the numpy encoder turns them) as an ONNX graph of the same operations (word, position
and type embeddings, six layers of attention and feed-forward with GELU in its tanh form, mean pooling, unit length),
runs it in onnxruntime on one thread, and prints, beside the numpy encoder on one thread in the same process:

- whether the two agree (the smallest cosine between their vectors of the same text);
- the load (the numpy encoder's files read, against the session made from the graph, written beforehand);
- one question encoded (p50 and p99 over the questions, one at a time, as `/rule` encodes the words asked);
- a build's work (the same texts in the encoder's batches), seconds and texts a second.

The texts are the project's own questions (`cardsdb/project/data/asked/`), never Riot's. onnx and onnxruntime are no
dependency of the project: run this in an environment of its own, e.g. `python3 -m venv /tmp/ort && /tmp/ort/bin/pip
install onnx onnxruntime numpy pyyaml && OPENBLAS_NUM_THREADS=1 PYTHONPATH=. /tmp/ort/bin/python -m
tools.encoder.onnx_compare`.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the bot runs numpy (cardsdb/__init__.py)

import numpy as np

from cardsdb.project.asked import load_asked
from cardsdb.search.encoder import (
    DIMENSION,
    HEADS,
    LAYER_NORM_EPS,
    Encoder,
    Vector,
    _batches,
    padded_batch,
)

OPSET = 20  # Gelu with approximate="tanh"


def _onnx() -> tuple[Any, Any]:
    try:
        import onnx
        import onnxruntime
    except ImportError:
        raise SystemExit(
            "onnx and onnxruntime are needed (no dependency of the project): pip install onnx onnxruntime"
        ) from None
    return onnx, onnxruntime


class _Graph:
    """An ONNX graph being written: its nodes and its weights, each output named."""

    def __init__(self) -> None:
        self.onnx, _ = _onnx()
        self.nodes: list[Any] = []
        self.weights: list[Any] = []

    def const(self, name: str, value: Any) -> str:
        self.weights.append(self.onnx.numpy_helper.from_array(np.asarray(value), name))
        return name

    def node(self, op: str, inputs: Sequence[str], name: str, **attributes: Any) -> str:
        self.nodes.append(self.onnx.helper.make_node(op, list(inputs), [name], **attributes))
        return name

    def layer_norm(self, x: str, norm: tuple[Vector, Vector], name: str) -> str:
        scale, bias = self.const(f"{name}.w", norm[0]), self.const(f"{name}.b", norm[1])
        return self.node("LayerNormalization", [x, scale, bias], name, axis=-1, epsilon=LAYER_NORM_EPS)

    def dense(self, x: str, matrix: Vector, bias: Vector, name: str) -> str:
        product = self.node("MatMul", [x, self.const(f"{name}.w", matrix)], f"{name}.mm")
        return self.node("Add", [product, self.const(f"{name}.b", bias)], name)

    def model(self, output: str) -> Any:
        helper, tensor = self.onnx.helper, self.onnx.TensorProto
        graph = helper.make_graph(
            self.nodes,
            "minilm",
            [
                helper.make_tensor_value_info("ids", tensor.INT64, ["texts", "tokens"]),
                helper.make_tensor_value_info("mask", tensor.FLOAT, ["texts", "tokens"]),
            ],
            [helper.make_tensor_value_info(output, tensor.FLOAT, ["texts", DIMENSION])],
            self.weights,
        )
        return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])


def _embedded(g: _Graph, encoder: Encoder) -> str:
    """Each token's word, position and type embeddings, summed and normalized (texts x tokens x 384)."""
    words = (encoder._words.astype(np.float32) * encoder._word_scale[:, None]).astype(np.float32)
    length = g.node("Shape", ["ids"], "length", start=1, end=2)
    zero = g.const("zero", np.array([0]))
    positions = g.node("Slice", [g.const("positions", encoder._positions), zero, length], "positions.used")
    x = g.node("Gather", [g.const("words", words), "ids"], "embedded")
    x = g.node("Add", [x, positions], "embedded.positions")
    x = g.node("Add", [x, g.const("token_type", encoder._token_type)], "embedded.type")
    return g.layer_norm(x, encoder._norm, "embedded.norm")


def _blocked(g: _Graph) -> str:
    """(1 - mask) x -1e9 over texts x 1 x 1 x tokens, added to the scores: padding is never attended to."""
    padding = g.node("Sub", [g.const("one", np.float32(1.0)), "mask"], "padding")
    padding = g.node("Mul", [padding, g.const("minus", np.float32(-1e9))], "padding.scaled")
    return g.node("Unsqueeze", [padding, g.const("head.axes", np.array([1, 2]))], "blocked")


def _layer(g: _Graph, x: str, layer: Any, p: str, blocked: str) -> str:
    """One transformer layer, as `cardsdb.search.encoder._block` computes it."""
    width = DIMENSION // HEADS
    qkv = g.dense(x, layer.qkv, layer.qkv_bias, p + "qkv")
    thirds = g.const(p + "thirds", np.array([DIMENSION] * 3))
    g.nodes.append(g.onnx.helper.make_node("Split", [qkv, thirds], [p + "q", p + "k", p + "v"], axis=-1))
    split = g.const(p + "split.heads", np.array([0, 0, HEADS, width]))
    q, k, v = (g.node("Reshape", [p + n, split], p + n + ".heads") for n in "qkv")
    q = g.node("Transpose", [q], p + "q.t", perm=[0, 2, 1, 3])
    k = g.node("Transpose", [k], p + "k.t", perm=[0, 2, 3, 1])
    v = g.node("Transpose", [v], p + "v.t", perm=[0, 2, 1, 3])
    scores = g.node("MatMul", [q, k], p + "scores")
    scale = g.const(p + "scale", np.float32(1 / math.sqrt(width)))
    scores = g.node(
        "Add", [g.node("Mul", [scores, scale], p + "scores.scaled"), blocked], p + "scores.blocked"
    )
    attended = g.node("MatMul", [g.node("Softmax", [scores], p + "softmax", axis=-1), v], p + "attended")
    attended = g.node("Transpose", [attended], p + "attended.t", perm=[0, 2, 1, 3])
    joined = g.const(p + "joined.heads", np.array([0, 0, DIMENSION]))
    attended = g.node("Reshape", [attended, joined], p + "attended.joined")
    out = g.dense(attended, layer.out, layer.out_bias, p + "out")
    x = g.layer_norm(g.node("Add", [x, out], p + "res1"), layer.norm1, p + "norm1")
    hidden = g.node("Gelu", [g.dense(x, layer.up, layer.up_bias, p + "up")], p + "gelu", approximate="tanh")
    down = g.dense(hidden, layer.down, layer.down_bias, p + "down")
    return g.layer_norm(g.node("Add", [x, down], p + "res2"), layer.norm2, p + "norm2")


def _pooled(g: _Graph, x: str) -> str:
    """The tokens' mean (padding left out), at unit length."""
    tokens = g.const("token.axis", np.array([1]))
    column = g.node("Unsqueeze", ["mask", g.const("last.axis", np.array([-1]))], "mask.column")
    summed = g.node("ReduceSum", [g.node("Mul", [x, column], "kept"), tokens], "summed", keepdims=0)
    counted = g.node("ReduceSum", ["mask", tokens], "counted", keepdims=1)
    return g.node("LpNormalization", [g.node("Div", [summed, counted], "pooled")], "vectors", axis=1, p=2)


def graph_of(encoder: Encoder) -> Any:
    """The encoder's model as an ONNX model: inputs `ids` (int64, texts x tokens) and `mask` (float32, 1 for a token,
    0 for padding); output `vectors` (float32, texts x 384, unit length)."""
    g = _Graph()
    x, blocked = _embedded(g, encoder), _blocked(g)
    for i, layer in enumerate(encoder._layers):
        x = _layer(g, x, layer, f"layer{i}.", blocked)
    return g.model(_pooled(g, x))


class OnnxEncoder:
    """The graph in an onnxruntime session on one thread, encoding as `Encoder.encode` does (the same batches)."""

    def __init__(self, encoder: Encoder, serialized: bytes) -> None:
        _, onnxruntime = _onnx()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(serialized, options, providers=["CPUExecutionProvider"])
        self.tokens = encoder.tokens

    def encode(self, texts: Sequence[str]) -> Vector:
        ids = [self.tokens(t) for t in texts]
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        for batch in _batches(ids):
            padded, mask = padded_batch([ids[i] for i in batch])
            out[batch] = self.session.run(["vectors"], {"ids": padded, "mask": mask})[0]
        return out


def _timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def _percentile(times: Sequence[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def compare(questions: Sequence[str], batch_texts: Sequence[str]) -> dict[str, Any]:
    """Both runtimes on the same texts in one process: agreement, load, one question, a build's batches."""
    loaded: list[Any] = []
    numpy_load = _timed(lambda: loaded.append(Encoder()))
    encoder: Encoder = loaded[0]
    written = _timed(lambda: loaded.append(graph_of(encoder).SerializeToString()))
    onnx_load = _timed(lambda: loaded.append(OnnxEncoder(encoder, loaded[1])))
    ort: OnnxEncoder = loaded[2]
    agreement = float(
        np.min(np.sum(encoder.encode(batch_texts[:500]) * ort.encode(batch_texts[:500]), axis=1))
    )
    report: dict[str, Any] = {"load_s": {"numpy": round(numpy_load, 3), "onnxruntime": round(onnx_load, 3)}}
    report["graph_written_s"] = round(written, 3)  # once, by a tool, where onnxruntime would be used
    report["smallest_cosine"] = round(agreement, 5)
    for runtime in (encoder, ort):  # warmed up once each
        runtime.encode(questions[:20])
    one: dict[str, list[float]] = {"numpy": [], "onnxruntime": []}
    for question in questions:  # interleaved, so that a pause of the machine lands on both alike
        asked = [question]
        one["numpy"].append(_timed(lambda: encoder.encode(asked)))  # noqa: B023 (called at once)
        one["onnxruntime"].append(_timed(lambda: ort.encode(asked)))  # noqa: B023
    report["one_question_ms"] = {
        name: {
            "p50": round(1000 * statistics.median(times), 3),
            "p99": round(1000 * _percentile(times, 0.99), 3),
        }
        for name, times in one.items()
    }
    batch = {
        "numpy": _timed(lambda: encoder.encode(batch_texts)),
        "onnxruntime": _timed(lambda: ort.encode(batch_texts)),
    }
    report["batches"] = {
        name: {
            "texts": len(batch_texts),
            "s": round(seconds, 2),
            "texts_per_s": round(len(batch_texts) / seconds, 1),
        }
        for name, seconds in batch.items()
    }
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.encoder.onnx_compare", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--questions", type=int, default=500, help="questions encoded one at a time")
    parser.add_argument(
        "--batch-texts", type=int, default=3000, help="texts encoded in the encoder's batches"
    )
    args = parser.parse_args(argv)
    asked = [q for rule in load_asked() for q in rule.questions]
    spread = asked[:: max(1, len(asked) // (args.questions + args.batch_texts))]
    report = compare(spread[: args.questions], spread[args.questions : args.questions + args.batch_texts])
    import onnxruntime

    print(f"onnxruntime {onnxruntime.__version__}, numpy {np.__version__}, one thread each")
    print(f"smallest cosine between the two runtimes' vectors: {report['smallest_cosine']}")
    print(f"the graph written in {report['graph_written_s']:.3f} s (once, not counted in the load below)")
    for name in ("numpy", "onnxruntime"):
        one, batch = report["one_question_ms"][name], report["batches"][name]
        print(
            f"{name:<12} load {report['load_s'][name]:.3f} s; one question p50 {one['p50']:.2f} / p99 "
            f"{one['p99']:.2f} ms; {batch['texts']} texts in {batch['s']:.2f} s ({batch['texts_per_s']}/s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
