"""Name normalisation shared by the build (stored `name_norm`, card ids) and the query layer."""

from __future__ import annotations

import re
import unicodedata

_SMALL_WORDS = frozenset({"the", "of", "a", "an", "and"})
_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """Casefold and strip accents: "Kai'Sa" -> "kai'sa"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def normalize(name: str) -> str:
    """The form names are compared in: lowercase words without punctuation, `&` read as `and`.

    "Zhonya's Hourglass" -> "zhonyas hourglass"; "Teemo, Scout" -> "teemo scout".
    """
    text = fold(name).replace("&", " and ")
    text = text.replace("'", "").replace("\u2019", "")
    return " ".join(_NON_WORD.sub(" ", text).split())


def begins(name: str, text: str) -> bool:
    """Whether the name, or a word in it onwards, begins with text: "Master Yi, Tempered" begins with "yi" and with
    "master y"; "Ezreal, Dashing" with "Ez". (`fuzzy.NameIndex.starting` finds such names by bisection.)"""
    query = normalize(text)
    words = normalize(name).split()
    if not query:
        return False
    if "".join(words).startswith(query.replace(" ", "")):
        return True
    return any(" ".join(words[i:]).startswith(query) for i in range(1, len(words)))


def drop_small_words(normalized: str) -> str:
    """normalize() output without "the", "of", "a", "an", "and"."""
    return " ".join(w for w in normalized.split() if w not in _SMALL_WORDS)


def slug(name: str) -> str:
    """A stable id for a card name: "Zhonya's Hourglass" -> "zhonyas-hourglass"."""
    return normalize(name).replace(" ", "-")
