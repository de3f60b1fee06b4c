"""A deck as the checks see it: each card with its count and section, the lines or codes no card was found for, and
what was assumed on the way (a misspelt name read as a card, the chosen champion taken from the main deck)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from cardsdb.deck.deck_list import SECTIONS, Section
from cardsdb.models import Card, Printing

SECTION_TITLES: dict[Section, str] = {
    "legend": "Legend",
    "champion": "Champion",
    "main": "Main deck",
    "battlefields": "Battlefields",
    "runes": "Runes",
    "sideboard": "Sideboard",
    "extra_legends": "Extra legends",
}
"""Each section's name as a heading or a label."""
SECTION_WORDS: dict[Section, str] = {
    "legend": "the legend slot",
    "champion": "the Champion section",
    "main": "the main deck",
    "battlefields": "the battlefields",
    "runes": "the rune deck",
    "sideboard": "the sideboard",
    "extra_legends": "the deck code's extra legends",
}


@dataclass(frozen=True)
class Entry:
    """Copies of one card in one section. `listed`: the input put it there (a list's heading, a code's champion or
    extra legends); False when it was placed by its type (a code's main list, a line under no heading)."""

    card: Card
    count: int
    section: Section
    origin: str  # how the input named it, for the answer: 'line 4 (“3 Jinx, Rebel”)', 'OGN-202'
    listed: bool = True
    printing: Printing | None = None  # the printing the input named by code, if it did

    @property
    def name(self) -> str:
        return self.card.name


@dataclass(frozen=True)
class Unresolved:
    """A line or code for which no card was found: counted in its section, checked for nothing else."""

    origin: str
    typed: str
    count: int
    section: Section
    suggestions: tuple[str, ...] = ()
    missing_set: str | None = None  # the card's set is one the card data does not hold yet (RAD): not known


@dataclass(frozen=True)
class Deck:
    entries: tuple[Entry, ...]
    unresolved: tuple[Unresolved, ...] = ()
    assumed: tuple[str, ...] = ()
    source: Literal["list", "code"] = "list"
    champion_section: bool = (
        False  # the input has a place for the chosen champion (a heading, a code's champion)
    )

    def in_section(self, *sections: Section) -> tuple[Entry, ...]:
        return tuple(e for e in self.entries if e.section in sections)

    def count(self, *sections: Section) -> int:
        """Cards in these sections as given, the cards no data was found for included."""
        known = sum(e.count for e in self.entries if e.section in sections)
        return known + sum(u.count for u in self.unresolved if u.section in sections)

    def sections(self) -> dict[Section, int]:
        return {section: self.count(section) for section in SECTIONS}

    @cached_property
    def legend(self) -> Entry | None:
        """The Champion Legend: the first legend in the legend slot."""
        return next((e for e in self.in_section("legend") if e.card.is_type("Legend")), None)

    @cached_property
    def champion(self) -> Entry | None:
        return next(iter(self.in_section("champion")), None)

    def cards(self, *sections: Section) -> Iterator[Card]:
        """Each card once, in the order first given."""
        seen: set[str] = set()
        for entry in self.in_section(*sections) if sections else self.entries:
            if entry.card.name not in seen:
                seen.add(entry.card.name)
                yield entry.card
