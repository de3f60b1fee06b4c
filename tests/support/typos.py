"""Typos as players make them, seeded: a letter left out, two neighbours swapped, a key next to the one meant, a
letter doubled (`typoed`). The question sets read with typos (`test_question_set.py DB SET --typos N`) show what a
misspelt word costs the ranker, and what reading it as the word meant (`cardsdb.search.spelling`) wins back."""

from __future__ import annotations

import random
import re

_NEIGHBOURS = dict(
    zip(
        "qwertyuiopasdfghjklzxcvbnm",
        [
            "wa",
            "qes",
            "wrd",
            "etf",
            "ryg",
            "tuh",
            "yij",
            "uok",
            "ipl",
            "ol",
            "qsz",
            "awdx",
            "sefc",
            "drgv",
            "fthb",
            "gyjn",
            "hukm",
            "ijl",
            "okp",
            "asx",
            "zdc",
            "xfv",
            "cgb",
            "vhn",
            "bjm",
            "nk",
        ],
        strict=True,
    )
)
_TOKEN = re.compile(r"[A-Za-z']+|[^A-Za-z']+")
SHORTEST_TOUCHED = 5  # letters: shorter words are left as written


def typo(word: str, rng: random.Random) -> str:
    """One typo inside `word` (never its first or last letter): left out, swapped, a neighbouring key, doubled."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if kind == 2:
        return word[:i] + rng.choice(_NEIGHBOURS.get(word[i].lower(), word[i])) + word[i + 1 :]
    return word[:i] + word[i] + word[i:]


def typoed(text: str, rng: random.Random, count: int) -> str:
    """`text` with a typo in each of `count` of its words of SHORTEST_TOUCHED letters or more, drawn by `rng`."""
    tokens = _TOKEN.findall(text)
    long_words = [i for i, t in enumerate(tokens) if t.isalpha() and len(t) >= SHORTEST_TOUCHED]
    for i in rng.sample(long_words, min(count, len(long_words))):
        tokens[i] = typo(tokens[i], rng)
    return "".join(tokens)
