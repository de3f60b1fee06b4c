"""A deterministic set of mistyped card names, and a way to score a name matcher on it.

Each kind of mistake is one that people make when they type a card name in a chat: a dropped, swapped,
doubled or replaced letter, dropped punctuation, all lower case, the champion's title before the name,
small words left out, `&` for `and` (and back), or only the first part of the name.
The same names and seed always give the same set, so figures measured on it can be compared.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from cardsdb.names import normalize

KINDS = (
    "drop_letter",
    "swap_letters",
    "double_letter",
    "replace_letter",
    "drop_punctuation",
    "lower_case",
    "title_first",
    "drop_small_words",
    "and_ampersand",
    "prefix",
)

_SMALL_WORD = re.compile(r"\b(?:the|of)\s+", re.IGNORECASE)
_PUNCTUATION = re.compile(r"[^\w\s]")


@dataclass(frozen=True)
class Typo:
    query: str  # what the person typed
    expected: str  # the card name they meant
    kind: str  # one of KINDS


def _letter_positions(name: str) -> list[int]:
    return [i for i, c in enumerate(name) if c.isalpha()]


def _drop_letter(name: str, rng: random.Random) -> str | None:
    positions = _letter_positions(name)
    if len(positions) < 5:
        return None
    i = rng.choice(positions[1:])
    return name[:i] + name[i + 1 :]


def _swap_letters(name: str, rng: random.Random) -> str | None:
    pairs = [i for i in range(1, len(name) - 1) if name[i].isalpha() and name[i + 1].isalpha()]
    pairs = [i for i in pairs if name[i].casefold() != name[i + 1].casefold()]
    if not pairs or len(name) < 5:
        return None
    i = rng.choice(pairs)
    return name[:i] + name[i + 1] + name[i] + name[i + 2 :]


def _double_letter(name: str, rng: random.Random) -> str | None:
    positions = _letter_positions(name)
    if len(positions) < 4:
        return None
    i = rng.choice(positions)
    return name[: i + 1] + name[i] + name[i + 1 :]


def _replace_letter(name: str, rng: random.Random) -> str | None:
    positions = _letter_positions(name)
    if len(positions) < 5:
        return None
    i = rng.choice(positions[1:])
    letters = [c for c in string.ascii_lowercase if c != name[i].casefold()]
    replacement = rng.choice(letters)
    return name[:i] + (replacement.upper() if name[i].isupper() else replacement) + name[i + 1 :]


def _drop_punctuation(name: str, rng: random.Random) -> str | None:
    if not _PUNCTUATION.search(name):
        return None
    return " ".join(_PUNCTUATION.sub("", name).split())


def _lower_case(name: str, rng: random.Random) -> str | None:
    lowered = name.lower()
    return lowered if lowered != name else None


def _title_first(name: str, rng: random.Random) -> str | None:
    # "Teemo, Scout" -> "Scout Teemo"
    if ", " not in name:
        return None
    champion, title = name.split(", ", 1)
    return f"{title} {champion}"


def _drop_small_words(name: str, rng: random.Random) -> str | None:
    dropped = " ".join(_SMALL_WORD.sub("", name).split())
    return dropped if dropped != name and dropped else None


def _and_ampersand(name: str, rng: random.Random) -> str | None:
    if re.search(r"\band\b", name, re.IGNORECASE):
        return re.sub(r"\band\b", "&", name, count=1, flags=re.IGNORECASE)
    if "&" in name:
        return name.replace("&", "and", 1)
    return None


def _prefix(name: str, rng: random.Random, others: Sequence[str]) -> str | None:
    # The shortest prefix of at least 5 characters that no other name starts with, plus a letter or two.
    own = normalize(name)
    for length in range(5, len(name)):
        candidate = name[:length].rstrip()
        norm = normalize(candidate)
        if len(norm) < 5 or norm == own:
            continue
        if not any(o != own and o.startswith(norm) for o in others):
            extended = name[: min(len(name) - 1, length + rng.randint(0, 2))].rstrip()
            return extended if normalize(extended) != own else None
    return None


_MAKERS: dict[str, Callable[[str, random.Random], str | None]] = {
    "drop_letter": _drop_letter,
    "swap_letters": _swap_letters,
    "double_letter": _double_letter,
    "replace_letter": _replace_letter,
    "drop_punctuation": _drop_punctuation,
    "lower_case": _lower_case,
    "title_first": _title_first,
    "drop_small_words": _drop_small_words,
    "and_ampersand": _and_ampersand,
}


def generate(names: Iterable[str], *, seed: int = 2026, kinds: Sequence[str] = KINDS) -> list[Typo]:
    """Mistyped forms of each name, one per applicable kind, in a fixed order.

    A typo that normalizes to another card's name is left out: it is not a mistake but that other card.
    """
    unique = sorted(set(names))
    normalized = {normalize(n): n for n in unique}
    others = sorted(normalized)
    rng = random.Random(seed)
    typos: list[Typo] = []
    for name in unique:
        for kind in kinds:
            query = _prefix(name, rng, others) if kind == "prefix" else _MAKERS[kind](name, rng)
            if not query or query == name:
                continue
            if normalized.get(normalize(query), name) != name:
                continue
            typos.append(Typo(query, name, kind))
    return typos


def accuracy(matcher: Callable[[str], str | None], typo_set: Sequence[Typo]) -> float:
    """The share of typos for which `matcher` returns exactly the intended name (0.0 to 1.0)."""
    if not typo_set:
        return 0.0
    hits = sum(1 for typo in typo_set if matcher(typo.query) == typo.expected)
    return hits / len(typo_set)


def accuracy_by_kind(matcher: Callable[[str], str | None], typo_set: Sequence[Typo]) -> dict[str, float]:
    """accuracy() per kind of typo, for reports."""
    kinds = sorted({t.kind for t in typo_set})
    return {kind: accuracy(matcher, [t for t in typo_set if t.kind == kind]) for kind in kinds}
