"""The cards in a position whose text may change something beyond their own play: their static abilities, or the
sentences the engine does not read. Found once per position, so that each rule that looks across the board (current
Might, "can't be chosen", where units may be played, what the engine does not read) looks at these few cards, not at
every card on the board."""

from __future__ import annotations

from dataclasses import dataclass

from cardsdb.engine.position.objects import BoardObject, PerPosition, Position, Side, per_position
from cardsdb.engine.reading.cardtext import PerCard, per_card
from cardsdb.engine.reading.statics import card_statics
from cardsdb.engine.reading.understanding import unread_sentences
from cardsdb.models import Card


@dataclass(frozen=True)
class Source:
    """A card whose static abilities apply: where it is and who controls it (None: a battlefield nobody controls)."""

    card: Card
    location: str | None  # a battlefield's label, a base; None for a legend
    controller: Side | None
    obj: BoardObject | None = None  # the unit or gear itself
    battlefield: bool = False  # a battlefield's own text


_SPEAKS: PerCard[bool] = PerCard()


def speaks(card: Card) -> bool:
    """Whether the card has a static ability or a sentence the engine does not read (once per card)."""
    return per_card(_SPEAKS, card, lambda c: bool(card_statics(c)) or bool(unread_sentences(c)))


_SPEAKERS: PerPosition[tuple[Source, ...]] = []


def speakers(position: Position) -> tuple[Source, ...]:
    """The cards of the position that `speak` (once per position)."""
    return per_position(_SPEAKERS, position, _speakers)


def _speakers(position: Position) -> tuple[Source, ...]:
    found = [
        Source(bf.card, bf.label, bf.controller, battlefield=True)
        for bf in position.battlefields
        if bf.card is not None and speaks(bf.card)
    ]
    found += [Source(o.card, o.location, o.controller, o) for o in position.objects if speaks(o.card)]
    sides: tuple[Side, ...] = ("me", "opp")
    for side in sides:
        legend = position.player(side).legend
        if legend is not None and speaks(legend):
            found.append(Source(legend, None, side))
    return tuple(found)
