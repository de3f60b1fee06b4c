"""What the engine needs from the card database: `CardSource`, the cards by name and each card's reading.

The query layer (`cardsdb.query.CardsDB`) satisfies it with the readings the build compiled and stored; a test's
source of hand-made cards compiles them itself. The engine reads a card's reading, never its text, when it answers.
"""

from __future__ import annotations

from typing import Protocol

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card
from cardsdb.models import CardSource as CardNames


class CardSource(CardNames, Protocol):
    """Names in, plain cards out (`get_card`, `suggest_cards`), and what the engine knows of each card's text."""

    def reading(self, card: Card) -> CardReading:
        """The card's reading (`cardsdb.engine.reading.card_reading`)."""
        ...
