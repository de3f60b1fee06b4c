"""What every check reads, worked out once: the deck, the format and date, its Champion Legend and domain identity,
the legend's champion tag, the ban list, and what each card's text changes in deck building."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from functools import cached_property

from cardsdb.deck import cards as facts
from cardsdb.deck import deck_text
from cardsdb.deck.deck import Deck, Entry
from cardsdb.deck.deck_list import Section
from cardsdb.deck.formats import FormatName
from cardsdb.models import BannedCards, Card
from cardsdb.names import normalize


@dataclass(frozen=True)
class Context:
    deck: Deck
    format: FormatName
    on: date
    ban_list: BannedCards | None
    texts: dict[str, deck_text.DeckText]  # by card name, for every card in the deck

    @classmethod
    def make(cls, deck: Deck, format_name: FormatName, on: date, ban_list: BannedCards | None) -> Context:
        texts = {card.name: deck_text.read(card) for card in deck.cards()}
        return cls(deck, format_name, on, ban_list, texts)

    @property
    def legend(self) -> Entry | None:
        return self.deck.legend

    @property
    def legend_card(self) -> Card | None:
        return self.legend.card if self.legend else None

    @cached_property
    def identity(self) -> frozenset[str] | None:
        """The legend's domains (103.1.b.2); None without a legend or when its domains are not known."""
        return facts.domains_of(self.legend.card) if self.legend else None

    @cached_property
    def tags(self) -> tuple[str, ...] | None:
        """The legend's champion tag; None without a legend or when it can't be told."""
        return facts.champion_tags(self.legend.card) if self.legend else None

    @cached_property
    def _by_name(self) -> dict[str, Card]:
        return {card.name: card for card in self.deck.cards()}

    @cached_property
    def _limits_by_name(self) -> dict[str, tuple[deck_text.CopyLimit, ...]]:
        found: dict[str, list[deck_text.CopyLimit]] = {}
        for text in self.texts.values():
            for limit in text.copy_limits:
                found.setdefault(normalize(limit.name), []).append(limit)
        return {name: tuple(limits) for name, limits in found.items()}

    def totals(self, *sections: Section) -> dict[str, int]:
        """Copies per card name over these sections, in the order first given."""
        out: dict[str, int] = {}
        for entry in self.deck.in_section(*sections):
            out[entry.name] = out.get(entry.name, 0) + entry.count
        return out

    def card(self, name: str) -> Card:
        return self._by_name[name]

    def copy_limits(self, card: Card) -> tuple[deck_text.CopyLimit, ...]:
        """What the texts of the cards in the deck say of this card's copies."""
        if not self._limits_by_name:
            return ()
        return self._limits_by_name.get(normalize(card.name), ())

    def extra_legend_permissions(self) -> tuple[deck_text.ExtraLegends, ...]:
        """Legends the deck may name besides its Champion Legend, from the texts of its main deck cards."""
        in_deck = {c.name for c in self.deck.cards("main", "champion")}
        return tuple(p for name in in_deck for p in self.texts[name].extra_legends)

    def unread(self) -> Iterable[deck_text.Unread]:
        for text in self.texts.values():
            yield from text.unread
