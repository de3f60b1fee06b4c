"""A checked deck written as a deck code (`deck encode`, and the code shown with a list's answer): each card by the
printing the list named, else its plain printing of the earliest set a code can hold."""

from __future__ import annotations

from cardsdb.deck.codes import SET_IDS, CardCount, DeckCode, DeckCodeError, encode, parse_card_code
from cardsdb.deck.deck import Deck, Entry
from cardsdb.models import Card, Printing


def _printed(printing: Printing) -> str:
    return printing.public_code.split("/", 1)[0]


def _writable(printing: Printing) -> bool:
    try:
        parse_card_code(_printed(printing))
    except DeckCodeError:
        return False
    return True


def printing_code(card: Card, chosen: Printing | None = None) -> str:
    """The code a deck code writes the card as; raises DeckCodeError when no printing of it fits in one."""
    if chosen is not None and _writable(chosen):
        return _printed(chosen)
    fitting = [p for p in card.printings if p.set_id.upper() in SET_IDS and _writable(p)]
    plain = [p for p in fitting if not p.variant]
    best = (plain or fitting)[:1]
    if not best:
        raise DeckCodeError(f"{card.name} has no printing a deck code can hold")
    return _printed(best[0])


def _add(counts: dict[str, int], entry: Entry) -> None:
    code = printing_code(entry.card, entry.printing)
    counts[code] = counts.get(code, 0) + entry.count


def to_code(deck: Deck) -> DeckCode:
    """The deck as a code holds it; raises DeckCodeError (one line) for a deck with a line that names no card."""
    if deck.unresolved:
        first = deck.unresolved[0]
        raise DeckCodeError(f"can't write a deck code: {first.origin} names no card in the card data")
    main: dict[str, int] = {}
    sideboard: dict[str, int] = {}
    extra: list[str] = []
    legend = deck.legend
    for entry in deck.entries:
        if entry.section == "sideboard":
            _add(sideboard, entry)
        elif entry.section == "extra_legends" or (
            entry.section == "legend" and entry is not legend and entry.card.is_type("Legend")
        ):
            extra += [printing_code(entry.card, entry.printing)] * entry.count
        else:
            _add(main, entry)
    champion = deck.champion
    return DeckCode(
        tuple(CardCount(c, n) for c, n in main.items()),
        tuple(CardCount(c, n) for c, n in sideboard.items()),
        printing_code(champion.card, champion.printing) if champion else None,
        tuple(extra),
    )


def deck_code(deck: Deck) -> str:
    return encode(to_code(deck))
