"""The readings stage: every card's text compiled once into the engine's reading (`cardsdb.engine.reading.compile`)
and stored as JSON in `card_readings`, with the reader that compiled them (meta `reader_version`). The query layer
hands these to the engine; the engine reads readings, never card text, when it answers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardsdb.engine.reading import codec
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.engine.reading.version import reader_version
from cardsdb.models import Card


def reading_rows(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """One row per card: its id and its reading as JSON."""
    return [{"card_id": card.id, "reading": codec.dumps(compile_reading(card))} for card in cards]


def reading_meta() -> dict[str, str]:
    """What the meta table records of the readings: the reader that compiled them."""
    return {"reader_version": reader_version()}
