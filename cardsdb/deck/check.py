"""The deck check: a pasted list or a deck code in, a `DeckVerdict` out (docs/deck-check.md). Every check runs over
the whole deck and returns its problems as data; `DeckVerdict.legal` is derived from them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from cardsdb.deck import assemble, codes, deck_list, share
from cardsdb.deck import cards as facts
from cardsdb.deck import rules as r
from cardsdb.deck.cards import DeckCards
from cardsdb.deck.checks import (
    check_battlefields,
    check_champion,
    check_legend,
    check_main_deck_size,
    check_other_legends,
    check_runes,
    check_sections,
    check_sideboard,
    check_teammates,
    check_tokens,
)
from cardsdb.deck.checks_cards import (
    check_bans,
    check_card_texts,
    check_cards_known,
    check_copies,
    check_domains,
    check_sets,
    check_signatures,
)
from cardsdb.deck.context import Context
from cardsdb.deck.deck import Deck
from cardsdb.deck.formats import FormatName, parse_format
from cardsdb.deck.rules import marked
from cardsdb.deck.verdict import DeckCheck, DeckVerdict, Listed, Summary

CHECKS: tuple[Callable[[Context], DeckCheck | None], ...] = (
    check_cards_known,
    check_legend,
    check_other_legends,
    check_champion,
    check_main_deck_size,
    check_copies,
    check_domains,
    check_signatures,
    check_bans,
    check_runes,
    check_battlefields,
    check_sideboard,
    check_tokens,
    check_sections,
    check_card_texts,
    check_teammates,
)
"""Every check, in the order the answer lists them (the sets check runs beside them: it also says what it assumed)."""


def notes_2v2() -> str:
    """What 2v2 changes, said once (its numbers marked as every cited number is)."""
    return (
        f"Checked as 2v2 Constructed: the 2v2 ban list, three battlefields for each player "
        f"({marked(r.TWO_V_TWO_BATTLEFIELDS)}), the same deck rules otherwise; that teammates use different legends "
        f"and battlefields ({marked(r.TEAMMATES_LEGENDS)}, {marked(r.TEAMMATES_BATTLEFIELDS)}) is for the table."
    )


def _summary(deck: Deck) -> Summary:
    legend = deck.legend
    champion = deck.champion
    domains = facts.domains_of(legend.card) if legend else None
    shown = tuple(d for d in legend.card.domains if domains and d in domains) if legend else ()
    return Summary(
        legend=legend.name if legend else None,
        domains=shown,
        champion=champion.name if champion else None,
        sections=deck.sections(),
        main_deck_size=deck.count("main", "champion"),
        listing=(
            *(Listed(e.section, e.name, e.count) for e in deck.entries),
            *(Listed(u.section, u.typed, u.count, known=False) for u in deck.unresolved),
        ),
    )


def check_deck(
    deck: Deck,
    cards: DeckCards,
    format_name: str | None = None,
    *,
    on: date | None = None,
    code: str | None = None,
) -> DeckVerdict:
    """Every check over the deck, in the format (`constructed`, the default, or `2v2`) on the date (today)."""
    fmt: FormatName = parse_format(format_name)
    day = on or date.today()
    ban_list = cards.ban_list(fmt)
    ctx = Context.make(deck, fmt, day, ban_list)
    made = [check(ctx) for check in CHECKS]
    sets, set_notes = check_sets(ctx)
    checks = [c for c in made if c is not None]
    checks.insert(next(i for i, c in enumerate(checks) if c.code == "banned") + 1, sets)
    return DeckVerdict(
        format=fmt,
        checks=tuple(checks),
        summary=_summary(deck),
        checked_on=day,
        ban_list_as_of=ban_list.as_of or None if ban_list else None,
        assumed=(*deck.assumed, *set_notes),
        source=deck.source,
        given_code=code,
        deck=deck,
        notes=(notes_2v2(),) if fmt == "2v2" else (),
    )


def check_list(
    text: str, cards: DeckCards, format_name: str | None = None, *, on: date | None = None
) -> DeckVerdict:
    """A pasted list; raises DeckListError (one line) for a paste that is no deck list."""
    deck = assemble.from_list(deck_list.parse(text), cards)
    return check_deck(deck, cards, format_name, on=on)


def check_code(
    code: str, cards: DeckCards, format_name: str | None = None, *, on: date | None = None
) -> DeckVerdict:
    """A deck code; raises DeckCodeError (one line) for a code that does not decode."""
    decoded = codes.decode(code)
    deck = assemble.from_code(decoded, cards)
    return check_deck(deck, cards, format_name, on=on, code="".join(code.split()).rstrip("=").upper())


def encode_list(text: str, cards: DeckCards) -> str:
    """`deck encode`: a pasted list as a deck code; raises DeckListError or DeckCodeError (one line)."""
    return share.deck_code(assemble.from_list(deck_list.parse(text), cards))
