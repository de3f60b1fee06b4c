"""What the engine knows of each card's text: the readings the build compiled and stored (`card_readings`), handed to
the engine through its `CardSource` (`reading(card)`), decoded once per card and kept. A database whose readings
were compiled by another reader (or that has none) gets each card compiled here instead, never a stale reading."""

from __future__ import annotations

from cardsdb.engine.reading import codec
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.engine.reading.version import reader_version
from cardsdb.models import Card
from cardsdb.query.base import Reader

READING_CACHE_SIZE = 4096  # decoded readings kept, most recently used (the real pool has about 1,100 cards)


class Readings:
    """Each card's reading, as stored by the build or compiled here."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self._readings: dict[str, CardReading] = {}
        self._stored: bool | None = None  # None until known: whether the stored readings are this reader's

    def _readings_stored(self) -> bool:
        if self._stored is None:
            self._stored = (
                self._reader.has("card_readings")
                and self._reader.meta().get("reader_version") == reader_version()
            )
        return self._stored

    def reading_json(self, card: Card) -> str | None:
        """The card's reading as the build stored it (JSON), or None where the stored readings are not this reader's."""
        if not self._readings_stored():
            return None
        rows = self._reader.rows("SELECT reading FROM card_readings WHERE card_id = ?", (card.id,))
        return str(rows[0]["reading"]) if rows else None

    def reading(self, card: Card) -> CardReading:
        """What the engine knows of the card's text (the engine's `CardSource`): decoded once per card and kept."""
        found = self._readings.get(card.id)
        if found is not None and found.card == card.name:
            return found
        stored = self.reading_json(card)
        found = codec.loads(stored) if stored is not None else compile_reading(card)
        if len(self._readings) >= READING_CACHE_SIZE:  # a pool far larger than the real one: start again
            self._readings.clear()
        self._readings[card.id] = found
        return found
