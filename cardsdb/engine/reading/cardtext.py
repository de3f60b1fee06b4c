"""Card text in the form the targeting-phrase parser reads: symbols as words, reminder text and keyword lines gone."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from cardsdb.models import Card

_ENERGY = re.compile(r":rb_energy_(\d+):")
_RUNE = re.compile(r":rb_rune_([a-z]+):")
_REMINDER = re.compile(r"\s*\((?!here\))[^()]*\)")
_BRACKET_WORD = re.compile(r"\[([A-Za-z][A-Za-z' -]+?)(?: (\d+))?\]")
_SPACES = re.compile(r"[ \t]+")
# A line that holds only keywords (and their reminder text): "[Hidden]", "[Action]", "[Deflect 2]", "Hidden" (Windsinger).
_KEYWORD_LINE = re.compile(r"^(?:\[[A-Za-z][A-Za-z' -]*(?: \d+)?\]\s*)+$|^(?:Hidden|Action|Reaction)$")
_HIDDEN_LINE = re.compile(r"^\s*\[?Hidden\]?(?:\s|\(|$)")
# Keywords (v1.3 805-826 and Hidden): a line may start with them before its ability ("[Hidden] When you play me, ...").
KEYWORDS = frozenset(
    [
        "accelerate",
        "action",
        "assault",
        "deathknell",
        "deflect",
        "ganking",
        "hidden",
        "legion",
        "reaction",
        "shield",
        "tank",
        "temporary",
        "vision",
        "equip",
        "quick-draw",
        "repeat",
        "weaponmaster",
        "ambush",
        "hunt",
        "level",
        "unique",
        "backline",
    ]
)
_LEADING_KEYWORDS = re.compile(r"^(?:\[(?P<kw>[A-Za-z-]+)(?: \d+)?\]\s*)+")


# The bracket tokens of other sources (the Radiance card catalog, errata): "[Universal]" is power of any domain.
_BRACKET_SYMBOLS = (("[Universal]", "[A]"), ("[Might]", " Might"), ("[M]", " Might"), ("[Exhaust]", "[E]"))


T = TypeVar("T")
_PER_CARD_LIMIT = 8192


class PerCard(Generic[T]):
    """What a function finds of each card, kept twice: by the card object, which is cheap to test (the database hands
    out one object per card; the object is kept beside the result, so that its id is not reused), and by the card's
    value, which survives the database building a card again (its cache emptied): hashing the whole card on every call
    would cost more than the reading, so the value is hashed only when the object is new."""

    __slots__ = ("by_id", "by_value")

    def __init__(self) -> None:
        self.by_id: dict[int, tuple[Card, T]] = {}
        self.by_value: dict[Card, T] = {}


def per_card(cache: PerCard[T], card: Card, compute: Callable[[Card], T]) -> T:
    """What `compute` finds of `card`, once per card (see `PerCard`)."""
    found = cache.by_id.get(id(card))
    if found is not None and found[0] is card:
        return found[1]
    if len(cache.by_id) > _PER_CARD_LIMIT:
        cache.by_id.clear()
    if card in cache.by_value:
        value = cache.by_value[card]
    else:
        if len(cache.by_value) > _PER_CARD_LIMIT:
            cache.by_value.clear()
        value = compute(card)
        cache.by_value[card] = value
    cache.by_id[id(card)] = (card, value)
    return value


@lru_cache(maxsize=8192)
def symbols_to_words(raw: str) -> str:
    """':rb_energy_2:' -> '[2]', ':rb_rune_fury:' -> '[Fury]', ':rb_rune_rainbow:' -> '[A]', ':rb_might:' -> 'Might';
    the catalog's "[Universal]" -> '[A]', "[Might]" -> 'Might'."""
    text = _ENERGY.sub(r"[\1]", raw)
    for token, words in _BRACKET_SYMBOLS:
        text = text.replace(token, words)
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


def has_hidden(card: Card) -> bool:
    return card.has_keyword("Hidden") or "hidden" in printed_keywords(card)


def keyword_number(card: Card, name: str) -> int:
    """The value of a valued keyword ([Deflect 2] -> 2; [Deflect] -> 1; absent -> 0)."""
    value = card.keyword_value(name)
    if card.has_keyword(name):
        return int(value) if value and value.isdigit() else 1
    return _printed_number(card.text_raw or card.text, name)


@lru_cache(maxsize=8192)
def _printed_number(raw: str, name: str) -> int:
    text = symbols_to_words(raw)
    match = re.search(rf"\[{re.escape(name)}(?: (\d+))?\]", text, re.IGNORECASE)
    if match and re.search(rf"^\s*\[{re.escape(name)}", text, re.IGNORECASE | re.MULTILINE):
        return int(match.group(1)) if match.group(1) else 1
    return 0


@dataclass(frozen=True)
class Ability:
    """One line of rules text without reminder text; `keywords_only` lines are skipped by the parser."""

    text: str
    keywords_only: bool


def abilities(card: Card) -> tuple[Ability, ...]:
    result: list[Ability] = []
    for raw_line in source_text(card).splitlines():
        line = raw_line.strip()
        if not line:
            continue
        line = _REMINDER.sub("", line).strip()
        if not line:
            continue
        keywords_only = bool(_KEYWORD_LINE.match(line))
        leading = _LEADING_KEYWORDS.match(line)
        if not keywords_only and leading:
            tokens = re.findall(r"\[([A-Za-z-]+)(?: \d+)?\]", leading.group(0))
            if all(t.casefold() in KEYWORDS for t in tokens):
                line = line[leading.end() :].strip()
        # "[Stun] a unit" reads "Stun a unit"; "(here)" on Edge of Night is rules text, not reminder text.
        plain = _BRACKET_WORD.sub(lambda m: m.group(1) + (f" {m.group(2)}" if m.group(2) else ""), line)
        plain = plain.replace("(here)", "here")
        result.append(Ability(text=_SPACES.sub(" ", plain).strip(), keywords_only=keywords_only))
    return tuple(result)
