"""A card catalog (text and characteristics, no set or code) joined by name to the printings of a set's extract
(codes, types and costs, no text), and the cards of the entries that name no printing.

A catalog entry becomes one record of every printing of its name, with that printing's id, set and code and the
entry's own text and characteristics: the merge then fills each printing's fields from both (`cardsdb.build.merge`).
Names join as written, or for a legend, by its title: the catalog names "Agony's Embrace" (tag Evelynn), the
extract "Evelynn, Agony's Embrace". An entry that names no printing (its set is not known) is a card of its own,
without printings, known in part (`entry_card`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardsdb.build.importers import text as cardtext
from cardsdb.build.importers.card_catalog import CatalogEntry
from cardsdb.build.importers.printings import RawPrinting
from cardsdb.models import Card
from cardsdb.names import normalize, slug
from cardsdb.project.keywords import KnownToken

CATALOG_LACKS = frozenset({"rarity", "image_url", "orientation", "artist"})


@dataclass(frozen=True)
class Joined:
    printings: tuple[RawPrinting, ...]  # the catalog's record of each printing it names
    unplaced: tuple[CatalogEntry, ...]  # entries that name no printing
    untold: tuple[str, ...]  # names of the printings no entry names (no text known from this catalog)


def _names_it(entry: CatalogEntry, printing: RawPrinting) -> bool:
    if normalize(entry.name) == normalize(printing.name):
        return True
    if not entry.is_legend or ", " not in printing.name:
        return False
    champion, title = printing.name.split(", ", 1)
    return normalize(title) == normalize(entry.name) and normalize(champion) in {
        normalize(t) for t in entry.tags
    }


def _record(entry: CatalogEntry, printing: RawPrinting) -> RawPrinting:
    return RawPrinting(
        id=printing.id,
        name=printing.name,
        set_id=printing.set_id,
        set_name=printing.set_name,
        collector_number=printing.collector_number,
        public_code=printing.public_code,
        rarity=None,
        image_url=None,
        text_raw=entry.text_raw,
        types=entry.types,
        supertypes=entry.supertypes,
        domains=entry.domains,
        energy=entry.energy,
        power=entry.power,
        might=entry.might,
        tags=entry.tags,
        variant=printing.variant,
        written=entry.name,
        lacks=CATALOG_LACKS | entry.lacks,
    )


def join_catalog(entries: Sequence[CatalogEntry], printings: Sequence[RawPrinting]) -> Joined:
    """Each entry as a record of the printings it names; the entries that name none; the names no entry gives."""
    records: list[RawPrinting] = []
    unplaced: list[CatalogEntry] = []
    told: set[str] = set()
    for entry in entries:
        named = [p for p in printings if _names_it(entry, p)]
        if not named:
            unplaced.append(entry)
        records += [_record(entry, p) for p in named]
        told.update(p.id for p in named)
    untold = tuple(dict.fromkeys(p.name for p in printings if p.id not in told))
    return Joined(tuple(records), tuple(unplaced), untold)


def entry_card(entry: CatalogEntry, known: Sequence[KnownToken], source: str, date: str | None) -> Card:
    """The card of an entry that names no printing: its text and what the entry gives; its set is not known."""
    return Card(
        id=slug(entry.name),
        name=entry.name,
        types=entry.types,
        supertypes=entry.supertypes,
        domains=entry.domains,
        energy=entry.energy,
        power=entry.power,
        might=entry.might,
        tags=entry.tags,
        keywords=cardtext.extract_keywords(entry.text_raw, known),
        text=cardtext.readable(entry.text_raw),
        text_raw=entry.text_raw,
        text_source=source,
        text_date=date,
    )
