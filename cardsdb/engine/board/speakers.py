"""The cards in a position whose text may change something beyond their own play: their static abilities, or the
sentences the engine does not read (`CardReading.speaks`). Found once per position, so that each rule that looks
across the board (current Might, keywords, "can't be chosen", where units may be played, costs, what the engine does
not read) looks at these few cards, not at every card on the board."""

from __future__ import annotations

from dataclasses import dataclass

from cardsdb.engine.position.objects import BoardObject, PerPosition, Position, Side, per_position
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card


@dataclass(frozen=True)
class Source:
    """A card whose static abilities apply: where it is and who controls it (None: a battlefield nobody controls)."""

    card: Card
    reading: CardReading
    location: str | None  # a battlefield's label, a base; None for a legend
    controller: Side | None
    obj: BoardObject | None = None  # the unit or gear itself
    battlefield: bool = False  # a battlefield's own text


_SPEAKERS: PerPosition[tuple[Source, ...]] = []


def speakers(position: Position) -> tuple[Source, ...]:
    """The cards of the position whose reading speaks (once per position)."""
    return per_position(_SPEAKERS, position, _speakers)


def _speakers(position: Position) -> tuple[Source, ...]:
    found: list[Source] = []
    for bf in position.battlefields:
        if bf.card is not None and (reading := position.reading(bf.card)).speaks:
            found.append(Source(bf.card, reading, bf.label, bf.controller, battlefield=True))
    for obj in position.objects:
        if (reading := position.reading(obj.card)).speaks:
            found.append(Source(obj.card, reading, obj.location, obj.controller, obj))
    sides: tuple[Side, ...] = ("me", "opp")
    for side in sides:
        legend = position.player(side).legend
        if legend is not None and (reading := position.reading(legend)).speaks:
            found.append(Source(legend, reading, None, side))
    return tuple(found)
