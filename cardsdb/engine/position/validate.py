"""Positions that can't exist are bad input (docs/scenario-format.md, "Bad input"): each check raises a ScenarioError
whose one line names the field and what is wrong.

- a card in a zone its type can't be in: a legend, battlefield, rune or token in a hand, a trash or facedown; anything
  but a champion unit in the Champion Zone (v1.4 103.2.a.2, 108.3.b); a legend slot holding something else;
- a Champion Zone holding a champion without the legend's champion tag (v1.4 103.2.a.2: only the Chosen Champion is
  ever there, 108.3.c);
- more facedown cards at a battlefield than it can hold (107.3.b: one, unless a card such as Bandle Tree says otherwise);
- a facedown card hidden on a turn after the current one;
- one id in two places.
"""

from __future__ import annotations

from typing import Literal

from cardsdb.errors import CardsDBError
from cardsdb.models import Card

Zone = Literal["hand", "trash", "champion_zone", "legend", "facedown", "played"]
_NOT_MAIN_DECK = ("Legend", "Battlefield", "Rune")
_ZONE_WORDS: dict[Zone, str] = {
    "hand": "a hand",
    "trash": "a trash",
    "champion_zone": "the Champion Zone",
    "legend": "the legend slot",
    "facedown": "a facedown zone",
    "played": "the cards played this turn",
}


class ScenarioError(CardsDBError):
    """A scenario that can't be read: `str(error)` names the field and what is wrong."""

    def __init__(self, message: str, field_name: str | None = None) -> None:
        self.field = field_name
        super().__init__(f"{field_name}: {message}" if field_name else message)


def _kind(card: Card) -> str:
    words = " ".join(t.casefold() for t in (*card.supertypes, *card.types))
    return words or "card"


def _article(words: str) -> str:
    return "an" if words[:1] in "aeiou" else "a"


def zone_problem(card: Card, zone: Zone) -> str | None:
    """Why `card` can't be in `zone`, or None. A card whose types are unknown (known only partly) is let be."""
    if not card.types or zone == "played":
        return None
    kind = _kind(card)
    if zone == "legend":
        return None if card.is_type("Legend") else f"{card.name} is {_article(kind)} {kind}, not a legend"
    if zone == "champion_zone":
        champion = card.is_type("Unit") and (
            card.partial or "champion" in (s.casefold() for s in card.supertypes)
        )
        if champion:
            return None
        return f"{card.name} is {_article(kind)} {kind}: only a champion unit (your Chosen Champion) is in the Champion Zone"
    if any(card.is_type(t) for t in _NOT_MAIN_DECK) or "token" in (s.casefold() for s in card.supertypes):
        return f"{card.name} is {_article(kind)} {kind}: it can't be in {_ZONE_WORDS[zone]}"
    return None


def check_zone(card: Card, zone: Zone, where: str) -> None:
    problem = zone_problem(card, zone)
    if problem is not None:
        raise ScenarioError(problem, where)


def check_champion_tag(legend: Card | None, champion: Card, where: str) -> None:
    """The Chosen Champion has the champion tag of its legend: the tag its name starts with ("Teemo, Swift Scout")."""
    if legend is None or champion.partial:
        return
    tag = legend.name.partition(",")[0].strip()
    if tag.casefold() not in {t.casefold() for t in legend.tags}:
        return  # the legend's champion tag is not its name: not checked
    if tag.casefold() not in {t.casefold() for t in champion.tags}:
        raise ScenarioError(
            f"{champion.name} can't be in the Champion Zone with the legend {legend.name}: only the Chosen Champion is "
            f"there, a champion unit with the legend's champion tag ({tag})",
            where,
        )


def check_capacity(label: str, held: int, capacity: int, where: str) -> None:
    if held > capacity:
        limit = "a battlefield holds one (107.3.b)" if capacity == 1 else f"{label} can hold {capacity}"
        raise ScenarioError(f"{label} holds {held} facedown cards, but {limit}", where)


def check_hidden_turn(hidden_turn: int, turn: int, where: str) -> None:
    if hidden_turn > turn:
        raise ScenarioError(f"hidden on turn {hidden_turn}, after the current turn {turn}", where)


class Ids:
    """Every id given in the position, with the place it was first given, so a second use names both places."""

    def __init__(self) -> None:
        self.places: dict[str, str] = {}

    def claim(self, ident: str, where: str) -> None:
        first = self.places.get(ident)
        if first is not None:
            raise ScenarioError(
                f"the id '{ident}' is given twice, at {first} and at {where}: each unit, gear or facedown card needs "
                "its own id",
                where,
            )
        self.places[ident] = where
