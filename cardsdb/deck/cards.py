"""What the deck check needs from the card database (`DeckCards`, which `cardsdb.query.CardsDB` satisfies), and what
it reads off a card: its domains, kind, champion tag, whether it is a token. A fact the data does not give is None
(unknown), never guessed: a card known only in part makes the checks that need it undecided.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Protocol

from cardsdb.models import BannedCards, Card, CardMatch, Printing
from cardsdb.names import normalize

NO_DOMAIN = "Colorless"  # how some data writes "no domain" (every battlefield): such a card fits any identity
MAIN_DECK_TYPES = ("Unit", "Gear", "Spell")
_TOKEN_NUMBER = re.compile(r"^[A-Z]+-T\d+", re.IGNORECASE)  # token printings are numbered T01, T02 ...


class DeckCards(Protocol):
    """Names and printing codes in, plain cards out; the ban list of a format; the sets the data holds."""

    def get_card(self, name: str) -> Card | None:
        """The card with exactly this name or alias (case-insensitive), or None."""
        ...

    def find_card(self, query: str) -> CardMatch | None:
        """The card a typed name means (forgiving spelling), with close runners-up; None if nothing is plausible."""
        ...

    def suggest_cards(self, name: str, limit: int = 3) -> Sequence[str]:
        """Close card names for a name that was not found, best first."""
        ...

    def printing(self, code: str) -> tuple[Card, Printing] | None:
        """The card and printing of a printing code (`OGN-202`, `OGN-202/298`, `VEN-R01`), or None."""
        ...

    def card_sets(self) -> frozenset[str]:
        """The sets the card data holds printings of."""
        ...

    def ban_list(self, format_name: str) -> BannedCards | None:
        """The format's ban list with its date, or None when the data has none for it."""
        ...


def partial(card: Card) -> bool:
    """Known only in part: marked so by the data, without a card type, or of a type in doubt."""
    return card.partial or not card.types or card.type_doubt is not None


def domains_of(card: Card) -> frozenset[str] | None:
    """The card's domains ("Colorless" is none); None when they are not known (a card known in part, or a main
    deck card or legend the data gives no domain)."""
    if card.domains:
        return _domains(card.domains)
    if card.partial or not card.types or not card.knows("domains"):
        return None
    # Battlefields and tokens have no domain by nature; any other card without one is not fully known.
    return frozenset() if card.is_type("Battlefield") or is_token(card) else None


@functools.lru_cache(maxsize=256)
def _domains(domains: tuple[str, ...]) -> frozenset[str]:
    return frozenset(d for d in domains if d.casefold() != NO_DOMAIN.casefold())


def is_token(card: Card) -> bool:
    """A token (185: tokens are not cards): its supertype says so, or every printing of it is numbered as a token."""
    if "Token" in card.supertypes:
        return True
    codes = [p.public_code for p in card.printings if p.public_code]
    return bool(codes) and all(_TOKEN_NUMBER.match(code) for code in codes)  # the first plain code settles it


def is_main_deck_card(card: Card) -> bool:
    return any(card.is_type(t) for t in MAIN_DECK_TYPES) and not is_token(card)


def is_champion_unit(card: Card) -> bool:
    return card.is_type("Unit") and any(s.casefold() == "champion" for s in card.supertypes)


def is_signature(card: Card) -> bool:
    return any(s.casefold() == "signature" for s in card.supertypes)


def champion_tags(legend: Card) -> tuple[str, ...] | None:
    """The tag naming the legend's champion ("Kennen" of Kennen, Heart of the Tempest, tagged Yordle and Kennen):
    the tag its name begins with, else its only tag; None when neither tells (several tags, none in its name)."""
    head = normalize(legend.name.split(",", 1)[0])
    named = tuple(t for t in legend.tags if normalize(t) == head)
    if named:
        return named
    return tuple(legend.tags) if len(legend.tags) == 1 else None


def has_tag(card: Card, tags: Sequence[str]) -> bool:
    wanted = {normalize(t) for t in tags}
    return any(normalize(t) in wanted for t in card.tags)


def kind_of(card: Card) -> str:
    """The card's kind in a player's words: "a legend", "a rune", "a battlefield", "a token", "a unit" ..."""
    if is_token(card):
        return "a token"
    for kind in ("Legend", "Rune", "Battlefield", "Unit", "Gear", "Spell"):
        if card.is_type(kind):
            return f"a {kind.lower()}"
    return "a card of unknown type"


def domain_words(domains: frozenset[str] | Sequence[str]) -> str:
    """ "Fury and Chaos" (a sequence in its order, a set sorted), "no domain"."""
    names = sorted(domains) if isinstance(domains, frozenset) else list(domains)
    if not names:
        return "no domain"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def counted(count: int, word: str) -> str:
    """ "1 rune", "11 runes", "0 battlefields"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
