"""Legal-looking deck lists built from whatever card data is loaded: one per legend, for the benchmark (a deck check
of a 40-card list) and for the tests over the real data. Built from the cards' own domains, supertypes and tags, the
ban list and the sets the data holds, with none of the deck check's code: the tests hold the two against each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bot.database import CardsLookup
from cardsdb.models import Card

PLAIN_SETS = ("OGN", "OGS", "SFD", "UNL", "VEN")  # the Standard of the Tournament Rules of 2026-07-16


def _domains(card: Card) -> set[str]:
    return {d for d in card.domains if d != "Colorless"}


def _main_deck_card(card: Card, identity: set[str], banned: frozenset[str]) -> bool:
    return (
        any(card.is_type(t) for t in ("Unit", "Spell", "Gear"))
        and not card.partial
        and not set(card.supertypes) & {"Signature", "Token", "Champion"}
        and not card.has_keyword("Unique")
        and bool(card.domains)
        and _domains(card) <= identity
        and card.name not in banned
        and any(p.set_id in PLAIN_SETS for p in card.printings)
        and "your deck" not in card.text.casefold()
    )


def all_cards(db: CardsLookup, names: Sequence[str]) -> list[Card]:
    return [card for card in (db.get_card(n) for n in names) if card is not None]


def sample_lists(
    db: CardsLookup, names: Sequence[str], format_name: str = "constructed"
) -> Iterator[tuple[str, str]]:
    """(legend, list) for each legend of the data that has a champion unit of its own tag."""
    cards = all_cards(db, names)
    bans = db.ban_list(format_name)
    banned = bans.names if bans else frozenset()
    runes = {next(iter(c.domains)): c.name for c in cards if c.is_type("Rune") and len(c.domains) == 1}
    fields = [
        c.name
        for c in cards
        if c.is_type("Battlefield") and "Token" not in c.supertypes and c.name not in banned
    ]
    for legend in (c for c in cards if c.is_type("Legend") and c.name not in banned and not c.partial):
        identity = _domains(legend)
        tag = next((t for t in legend.tags if legend.name.casefold().startswith(t.casefold())), None)
        champion = next(
            (
                c
                for c in cards
                if c.is_type("Unit")
                and "Champion" in c.supertypes
                and tag in c.tags
                and _domains(c) <= identity
                and c.name not in banned
            ),
            None,
        )
        main = [c.name for c in cards if _main_deck_card(c, identity, banned)][:13]
        if (
            champion is None
            or len(main) < 13
            or len(identity) != 2
            or len(fields) < 3
            or not identity <= set(runes)
        ):
            continue
        first, second = sorted(identity)
        lines = ["Legend:", legend.name, "Champion:", champion.name, "Main Deck:", f"2 {champion.name}"]
        lines += [f"3 {name}" for name in main[:12]] + [f"1 {main[12]}"]
        lines += ["Battlefields:", *fields[:3], "Runes:", f"6 {runes[first]}", f"6 {runes[second]}"]
        yield legend.name, "\n".join(lines)


def bench_lists(db: CardsLookup, names: Sequence[str], most: int = 20) -> list[str]:
    """40-card lists to time the deck check on: one per legend (at most `most`), else one list of whatever cards the
    data has (a small test database), so that the timing always runs."""
    lists = [text for _, text in sample_lists(db, names)][:most]
    if lists:
        return lists
    cards = all_cards(db, names)[:13]
    lines = ["Legend:", *(c.name for c in cards[:1]), "Main Deck:", *(f"3 {c.name}" for c in cards[1:14])]
    return ["\n".join(lines)]
