"""Card text in the form the reader reads: symbols as words ("[2]", "[Fury]", "[A]"), and the keywords printed at the
start of its lines."""

from __future__ import annotations

import re
from functools import lru_cache

from cardsdb.models import Card

_ENERGY = re.compile(r":rb_energy_(\d+):")
_RUNE = re.compile(r":rb_rune_([a-z]+):")
_SPACES = re.compile(r"[ \t]+")
_HIDDEN_LINE = re.compile(r"^\s*\[?Hidden\]?(?:\s|\(|$)")


@lru_cache(maxsize=8192)
def symbols_to_words(raw: str) -> str:
    """':rb_energy_2:' -> '[2]', ':rb_rune_fury:' -> '[Fury]', ':rb_rune_rainbow:' -> '[A]', ':rb_might:' -> 'Might'.
    Other sources' symbols ("[Universal]", an article's "[C]") are the data's tokens by then: their importers write
    them (`cardsdb.build.importers.card_catalog.catalog_text`, `.text.from_article_symbols`)."""
    text = _ENERGY.sub(r"[\1]", raw)
    text = text.replace(":rb_rune_rainbow:", "[A]")
    text = _RUNE.sub(lambda m: f"[{m.group(1).capitalize()}]", text)
    text = text.replace(":rb_might:", " Might").replace(":rb_exhaust:", "[E]")
    return _SPACES.sub(" ", text)


def source_text(card: Card) -> str:
    return symbols_to_words(card.text_raw or card.text)


def printed_keywords(card: Card) -> frozenset[str]:
    """Keywords the card has: from the card's keyword list, else the bracketed tokens at the start of its lines (read
    once per text and keyword list)."""
    return _printed_keywords(card.text_raw or card.text, tuple(k.name.casefold() for k in card.keywords))


@lru_cache(maxsize=8192)
def _printed_keywords(raw: str, listed: tuple[str, ...]) -> frozenset[str]:
    names = set(listed)
    for line in symbols_to_words(raw).splitlines():
        if _HIDDEN_LINE.match(line):
            names.add("hidden")
        for match in re.finditer(r"^\[([A-Za-z][A-Za-z' -]*?)(?: \d+)?\]", line.strip()):
            names.add(match.group(1).casefold())
    return frozenset(names)
