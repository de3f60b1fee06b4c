"""What a card's own text changes in deck building, read from the text (never from a list of card names).

Read today: how many copies a deck may have of a card ("Your deck can have any number of cards named Spiderling.",
[Unique]'s "Your deck can have only 1 card with this name."), and legends a deck names besides its Champion Legend
("If Neeko is in your deck, choose up to 3 different legends in addition to your starting legend."). A sentence that
speaks of deck building in any other way is returned as unread: the check that it could change is then undecided.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from cardsdb.models import Card
from cardsdb.text.sentences import sentences

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COUNT = r"(\d+|one|two|three|four|five|six|seven|eight|nine)"
_ANY_NUMBER = re.compile(
    r"\byour deck can (?:have|contain|include) any number of cards named ([^.()]+?)\s*\.", re.I
)
_AT_MOST_NAMED = re.compile(
    rf"\byour deck can (?:have|contain|include) (?:only|up to) {_COUNT} cards? named ([^.()]+?)\s*\.", re.I
)
_AT_MOST_THIS = re.compile(
    rf"\byour deck can (?:have|contain|include) (?:only|up to) {_COUNT} cards? with this name\b", re.I
)
_EXTRA_LEGENDS = re.compile(
    rf"\bis in your deck, choose (up to )?{_COUNT} different legends in addition to your starting legend\b",
    re.I,
)
_ABOUT_DECK_BUILDING = re.compile(
    r"\byour deck (?:can|may|must|can't|cannot)\b|\bin addition to your starting legend\b|\bdeck ?building\b|"
    r"\bin decks of\b|\bis in your deck\b",
    re.I,
)
_EXPLAINED_BY_RULES = re.compile(r"neutral cards can go in decks of any domain", re.I)  # no domain: 103.1.b


@dataclass(frozen=True)
class CopyLimit:
    """At most `limit` copies of the card named `name` (None: any number), granted by `source`'s text."""

    name: str
    limit: int | None
    source: str
    unique: bool = False  # from the Unique keyword (825.3.a)


@dataclass(frozen=True)
class ExtraLegends:
    """`source` lets the deck name up to `most` legends besides its Champion Legend (exactly, unless `up_to`)."""

    most: int
    up_to: bool
    source: str


@dataclass(frozen=True)
class Unread:
    """A sentence of `source` about deck building that is not read: what it changes is not known."""

    source: str
    sentence: str


@dataclass(frozen=True)
class DeckText:
    copy_limits: tuple[CopyLimit, ...] = ()
    extra_legends: tuple[ExtraLegends, ...] = ()
    unread: tuple[Unread, ...] = ()


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.casefold()]


def read(card: Card) -> DeckText:
    """What the card's text changes in deck building (a card without such text gives an empty DeckText)."""
    return _read(card.name, card.text, card.has_keyword("Unique"))


@functools.lru_cache(maxsize=4096)
def _read(name: str, text: str, unique: bool) -> DeckText:
    # Cached: a text is read once per process (a deck check reads every card's).
    limits: list[CopyLimit] = []
    legends: list[ExtraLegends] = []
    unread: list[Unread] = []
    if unique:
        limits.append(CopyLimit(name, 1, name, unique=True))
    for sentence in sentences(text):
        if _EXPLAINED_BY_RULES.search(sentence):
            continue
        if found := _ANY_NUMBER.search(sentence):
            limits.append(CopyLimit(found.group(1).strip(), None, name))
        elif found := _AT_MOST_NAMED.search(sentence):
            limits.append(CopyLimit(found.group(2).strip(), _count(found.group(1)), name))
        elif found := _AT_MOST_THIS.search(sentence):
            if not unique:  # Unique's own reminder says this
                limits.append(CopyLimit(name, _count(found.group(1)), name))
        elif found := _EXTRA_LEGENDS.search(sentence):
            legends.append(ExtraLegends(_count(found.group(2)), bool(found.group(1)), name))
        elif _ABOUT_DECK_BUILDING.search(sentence):
            unread.append(Unread(name, sentence))
    return DeckText(tuple(limits), tuple(legends), tuple(unread))
