"""The card part of the build: the card sources of a data folder (read by `card_files`), errata, ban lists and the
seeds' cards, turned into the rows of the card tables (cards, printings, card_aliases, errata, ban_lists, bans)."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from cardsdb.build.card_files import GALLERY, ReadJson, read_ban_lists, read_card_sources, read_errata
from cardsdb.build.catalog import entry_card
from cardsdb.build.gaps import type_doubt, unknown_of
from cardsdb.build.importers import text as cardtext
from cardsdb.build.importers.ban_lists import BanList
from cardsdb.build.importers.errata import ErratumEntry
from cardsdb.build.importers.printings import RawPrinting, loose_wording
from cardsdb.build.merge import CardGroup, CardSourceData, group_cards, merge_printings
from cardsdb.build.wording import current_wording
from cardsdb.errors import BuildError
from cardsdb.models import Card
from cardsdb.names import drop_small_words, normalize, slug
from cardsdb.project.keywords import KnownToken
from cardsdb.project.seed_cards import load_seed_cards, load_seed_errata_notes
from cardsdb.sets import set_rank

Row = dict[str, Any]

LACKS_GALLERY = "gallery"  # no official card gallery: the text is only as RiftCodex gives it
LACKS_ERRATA = "errata"
LACKS_BAN_LISTS = "ban_lists"


@dataclass
class CardTables:
    """What the card part of the build writes, and what the rest of the build and its report need of it."""

    cards: list[Card]
    rows: dict[str, list[Row]]  # table -> rows: cards, printings, card_aliases, errata, ban_lists, bans
    name_ids: dict[str, str]  # normalized name or alias -> card id (claims, FAQs)
    aliases: dict[str, str]  # each alias as written -> the card's name, for finding card names in rulings
    seeds_added: int
    seed_ids: frozenset[str]  # the cards known only from the seeds (kept out of the data counts)
    meta: dict[str, str]
    sets: dict[str, dict[str, int]]  # set -> {"printings", "names"}
    bans: dict[str, int]  # format -> cards banned


# --- names -----------------------------------------------------------------------------------------------


class Names:
    """Every name a card goes by (its name, then its aliases), normalized, to the card's id. A name written without
    its small words ("Dreaming Tree" in the ban lists for The Dreaming Tree) finds the one card it can mean."""

    def __init__(self) -> None:
        self.ids: dict[str, str] = {}
        self._loose: dict[str, set[str]] = {}

    def add(self, name: str, card_id: str) -> None:
        key = normalize(name)
        self.ids.setdefault(key, card_id)
        self._loose.setdefault(drop_small_words(key), set()).add(self.ids[key])

    def find(self, name: str) -> str | None:
        key = normalize(name)
        found = self.ids.get(key)
        if found is None:
            loose = self._loose.get(drop_small_words(key), set())
            found = next(iter(loose)) if len(loose) == 1 else None
        return found


# --- errata ----------------------------------------------------------------------------------------------


def _line_count(text: str) -> int:
    return text.count("\n")


def merge_errata(
    entries: Sequence[ErratumEntry], names: Names, warnings: list[str]
) -> list[tuple[str | None, ErratumEntry]]:
    """Each erratum once, with its card's id (None when it names no card): the copies of one article's erratum of
    a card, and of one wording, become one, dated by the earliest date given; its text is the first copy's that keeps
    the most line breaks."""
    by_article: dict[tuple[str, str], list[ErratumEntry]] = {}
    for entry in entries:
        card_key = names.find(entry.card_name) or f"?{normalize(entry.card_name)}"
        article = entry.source_id or f"text:{loose_wording(entry.new_text)}"
        by_article.setdefault((card_key, article), []).append(entry)
    merged: dict[tuple[str, str], ErratumEntry] = {}
    for (card_key, _), copies in by_article.items():
        one = _one_erratum(copies)
        wording = loose_wording(one.new_text)
        held = merged.get((card_key, wording))
        merged[(card_key, wording)] = _one_erratum([held, one]) if held else one
    result: list[tuple[str | None, ErratumEntry]] = []
    for (card_key, _), entry in merged.items():
        card_id = None if card_key.startswith("?") else card_key
        if card_id is None:
            warnings.append(
                f"errata for {entry.card_name!r} ({entry.source_title}): no such card in the data"
            )
        if not entry.date:
            warnings.append(
                f"errata for {entry.card_name!r} ({entry.source_title}) has no date; it changes no text"
            )
        result.append((card_id, entry))
    return sorted(result, key=lambda item: (item[1].date or "", item[1].card_name))


def _one_erratum(copies: Sequence[ErratumEntry]) -> ErratumEntry:
    first = copies[0]
    text = max(copies, key=lambda e: (_line_count(e.new_text), -copies.index(e)))
    olds = [e for e in copies if e.old_text]
    dates = [e.date for e in copies if e.date]
    return replace(
        first,
        new_text=text.new_text,
        old_text=max(olds, key=lambda e: (_line_count(e.old_text or ""), -olds.index(e))).old_text
        if olds
        else None,
        date=min(dates) if dates else None,
        url=next((e.url for e in copies if e.url), None),
    )


# --- cards -----------------------------------------------------------------------------------------------


def _check_tokens(group: CardGroup, known: Sequence[KnownToken]) -> None:
    for printing in group.printings:
        for text in printing.texts:
            unknown = cardtext.unknown_tokens(text.text_raw, known)
            if unknown:
                raise BuildError(
                    f"card {group.name} ({printing.id}, {text.source}) has the bracketed token [{unknown[0]}], which "
                    "is on neither list of keywords.yaml; add it there as a keyword or a token"
                )


def card_from_group(
    group: CardGroup, errata: Sequence[ErratumEntry], known: Sequence[KnownToken]
) -> tuple[Card, RawPrinting]:
    """The card of a group of printings, and the printing record whose fields it takes."""
    _check_tokens(group, known)
    wording = current_wording(group, errata)
    unknown = cardtext.unknown_tokens(wording.text_raw, known)
    if unknown:
        raise BuildError(
            f"card {group.name}: the erratum wording ({wording.source}) has the bracketed token [{unknown[0]}], "
            "which is on neither list of keywords.yaml"
        )
    record = wording.printing.record
    rarities = [p.record.rarity for p in group.printings if p.record.rarity]
    lacks = (record.lacks - {"text_raw"}) | (frozenset() if wording.known else {"text_raw"})
    card = Card(
        id=slug(group.name),
        name=group.name,
        types=record.types,
        supertypes=record.supertypes,
        domains=record.domains,
        energy=record.energy,
        power=record.power,
        might=record.might,
        tags=record.tags,
        keywords=cardtext.extract_keywords(wording.text_raw, known),
        text=cardtext.readable(wording.text_raw),
        text_raw=wording.text_raw,
        rarity=record.rarity or (rarities[-1] if rarities else None),
        printings=tuple(p.record.printing() for p in group.printings),
        older_wordings=wording.older,
        text_source=wording.source,
        text_date=wording.date,
        partial=not wording.known,
    )
    return with_gaps(card, lacks), replace(record, text_raw=wording.text_raw)


def with_gaps(card: Card, lacks: Collection[str], *, placed: bool = True) -> Card:
    """The card with what no source gives of it (`gaps.unknown_of`) and why its type is in doubt, if it is."""
    unknown = unknown_of(card, lacks, placed=placed)
    return replace(card, unknown=unknown, type_doubt=type_doubt(card, unknown))


def cards_from_sources(
    sources: Sequence[CardSourceData],
    known: Sequence[KnownToken],
    *,
    errata: Sequence[ErratumEntry] = (),
    warnings: list[str],
) -> list[tuple[Card, RawPrinting]]:
    """The cards of some card sources, with the errata that name them: one card per canonical name, in name order."""
    groups = sorted(group_cards(merge_printings(sources), warnings=warnings), key=lambda g: g.name.casefold())
    errata_by_card = by_card(merge_errata(errata, names_of(groups), warnings))
    return [card_from_group(g, errata_by_card.get(slug(g.name), []), known) for g in groups]


def seed_card_with_errata(
    seed: Card, errata: Sequence[ErratumEntry], known: Sequence[KnownToken], notes: Sequence[str] = ()
) -> Card:
    """A card known only from the seeds whose full text an erratum gives (Elnuk Herd): the newest erratum's text, the
    notes the seeds give for that case; it stays partial (its cost, Might, domain and set stay unknown)."""
    dated = [e for e in errata if e.date]
    if not dated:
        return seed
    newest = max(dated, key=lambda e: e.date or "")
    text_raw = cardtext.from_article_symbols(newest.new_text, seed.domains)
    return replace(
        seed,
        text_raw=text_raw,
        text=cardtext.readable(text_raw),
        keywords=cardtext.extract_keywords(text_raw, known),
        notes=tuple(notes) or seed.notes,
        text_source=newest.source_title,
        text_date=newest.date,
    )


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _card_row(card: Card, chosen: RawPrinting | None) -> Row:
    return {
        "id": card.id,
        "name": card.name,
        "name_norm": normalize(card.name),
        "types": _dump(list(card.types)),
        "supertypes": _dump(list(card.supertypes)),
        "domains": _dump(list(card.domains)),
        "energy": card.energy,
        "power": card.power,
        "might": card.might,
        "tags": _dump(list(card.tags)),
        "keywords": _dump([str(k) for k in card.keywords]),
        "rarity": card.rarity,
        "text": card.text,
        "text_raw": card.text_raw,
        "text_source": card.text_source,
        "text_date": card.text_date,
        "older_wordings": _dump([asdict(w) for w in card.older_wordings]),
        "image_url": chosen.image_url if chosen else None,
        "set_id": chosen.set_id if chosen else None,
        "public_code": chosen.public_code if chosen else None,
        "partial": 1 if card.partial else 0,
        "notes": _dump(list(card.notes)),
        "unknown": _dump(list(card.unknown)),
        "type_doubt": card.type_doubt,
    }


def _printing_rows(group: CardGroup, card_id: str) -> list[Row]:
    return [
        {
            "id": p.record.id,
            "card_id": card_id,
            "name": group.name,
            "variant": p.record.variant,
            "set_id": p.record.set_id,
            "set_name": p.record.set_name,
            "collector_number": p.record.collector_number,
            "public_code": p.record.public_code,
            "rarity": p.record.rarity,
            "image_url": p.record.image_url,
            "artist": p.record.artist,
            "text_raw": p.record.text_raw,
            "orientation": p.record.orientation,
        }
        for p in group.printings
    ]


def _ban_rows(lists: Sequence[BanList], names: Names) -> tuple[list[Row], list[Row]]:
    """Each list's cards; a name that finds no card fails the build (a list that says nothing would be wrong)."""
    list_rows: list[Row] = []
    ban_rows: dict[tuple[str, str], Row] = {}
    for ban_list in lists:
        list_rows.append({"format": ban_list.format, "as_of": ban_list.as_of, "source": ban_list.source})
        for section, name in ban_list.entries:
            card_id = names.find(name)
            if card_id is None:
                raise BuildError(
                    f"{ban_list.source}: the {ban_list.format} ban list names {name!r}, which matches no card"
                )
            ban_rows.setdefault(
                (ban_list.format, card_id),
                {"format": ban_list.format, "card_id": card_id, "listed_as": name, "section": section},
            )
    return list_rows, list(ban_rows.values())


def names_of(groups: Sequence[CardGroup], seeds: Sequence[Card] = ()) -> Names:
    """Every card's name, then every alias (a name always beats another card's alias), then the seeds' cards."""
    names = Names()
    for group in groups:
        names.add(group.name, slug(group.name))
    for group in groups:
        for alias in group.aliases:
            names.add(alias, slug(group.name))
    for seed in seeds:
        if names.find(seed.name) is None:
            names.add(seed.name, seed.id)
    return names


def by_card(errata: Sequence[tuple[str | None, ErratumEntry]]) -> dict[str, list[ErratumEntry]]:
    found: dict[str, list[ErratumEntry]] = {}
    for card_id, entry in errata:
        if card_id:
            found.setdefault(card_id, []).append(entry)
    return found


def _seed_gaps(seed: Card) -> Card:
    """A seed card's gaps: every field the seeds leave null or empty, its exact wording unless an erratum gave it,
    its set."""
    lacks = {f for f, v in (("energy", seed.energy), ("might", seed.might)) if v is None}
    lacks |= {f for f, v in (("domains", seed.domains), ("tags", seed.tags), ("types", seed.types)) if not v}
    if seed.text_source is None:
        lacks.add("text_raw")
    return with_gaps(seed, lacks, placed=False)


def _seed_cards(
    seeds: Sequence[Card],
    names: Names,
    data_ids: Collection[str],
    errata: Mapping[str, Sequence[ErratumEntry]],
    known: Sequence[KnownToken],
    warnings: list[str],
) -> tuple[list[Card], dict[str, Card]]:
    """The seed cards the data lacks, and those it holds now (by the data card's id): what the seeds say of those
    fills only what the data does not know (`seed_into`)."""
    notes = load_seed_errata_notes()
    added: list[Card] = []
    in_data: dict[str, Card] = {}
    for seed in seeds:
        found = names.find(seed.name)
        if found is not None and found in data_ids:
            warnings.append(f"seed card {seed.name} is in the card data now; the data's card is kept")
            in_data.setdefault(found, seed)
            continue
        added.append(
            _seed_gaps(seed_card_with_errata(seed, errata.get(seed.id, []), known, notes.get(seed.name, ())))
        )
    return added, in_data


def seed_into(card: Card, seed: Card) -> Card:
    """A data card the seeds also name: the data's card, with the seeds' text where no source gives its text."""
    if card.knows("text"):
        return card
    return replace(
        card,
        text=seed.text,
        text_raw=seed.text_raw,
        keywords=seed.keywords,
        notes=(*card.notes, *seed.notes),
    )


def _errata_rows(errata: Sequence[tuple[str | None, ErratumEntry]], cards: Sequence[Card]) -> list[Row]:
    """The errata, their texts in the cards' symbol tokens (the articles write [A], [C], [M]) so that both read alike."""
    domains = {c.id: c.domains for c in cards}

    def in_tokens(text: str | None, card_id: str | None) -> str | None:
        return cardtext.from_article_symbols(text, domains.get(card_id or "", ())) if text else None

    return [
        {
            "id": entry.id,
            "card_id": card_id,
            "card_name": entry.card_name,
            "new_text": in_tokens(entry.new_text, card_id),
            "old_text": in_tokens(entry.old_text, card_id),
            "source_title": entry.source_title,
            "date": entry.date,
            "url": entry.url,
        }
        for card_id, entry in errata
    ]


def _meta(
    sources: Sequence[CardSourceData], has_errata: bool, ban_lists: Sequence[BanList]
) -> dict[str, str]:
    lacks = [
        what
        for what, missing in (
            (LACKS_GALLERY, not any(s.label == GALLERY for s in sources)),
            (LACKS_ERRATA, not has_errata),
            (LACKS_BAN_LISTS, not ban_lists),
        )
        if missing
    ]
    dated = [s.as_of for s in sources if s.as_of]
    return {
        "cards_updated_at": max(dated) if dated else "",
        "legality_as_of": max((b.as_of or "" for b in ban_lists), default=""),
        "card_sources": _dump(
            [{"source": s.key, "as_of": s.as_of, "printings": len(s.printings)} for s in sources]
        ),
        "lacks": _dump(lacks),
    }


def build_card_tables(
    source: Path | None,
    card_items: list[dict[str, Any]] | None,
    known: Sequence[KnownToken],
    read_json: ReadJson,
    warnings: list[str],
) -> CardTables:
    sources = read_card_sources(source, card_items, read_json, warnings)
    if not any(s.printings for s in sources):
        if source is not None and card_items is None:
            raise BuildError(
                f"no card file in {source}: expected cards.json, gallery-*/cards.json or riftcodex-*/cards.json"
            )
        raise BuildError("nothing to build from: give a data folder (--source) or sync from RiftCodex")
    groups = sorted(group_cards(merge_printings(sources), warnings=warnings), key=lambda g: g.name.casefold())
    seeds = load_seed_cards()
    names = names_of(groups, seeds)
    errata = merge_errata(read_errata(source, read_json), names, warnings)
    errata_by_card = by_card(errata)

    cards: list[Card] = []
    chosen: dict[str, RawPrinting] = {}
    rows: dict[str, list[Row]] = {"printings": [], "card_aliases": []}
    for group in groups:
        card, record = card_from_group(group, errata_by_card.get(slug(group.name), []), known)
        cards.append(card)
        chosen[card.id] = record
        rows["printings"] += _printing_rows(group, card.id)
        rows["card_aliases"] += [
            {"alias": a, "alias_norm": normalize(a), "card_id": card.id}
            for a in group.aliases
            if names.find(a) == card.id
        ]
    cards += _unplaced_cards(sources, names, known, warnings)
    seed_cards, in_data = _seed_cards(seeds, names, {c.id for c in cards}, errata_by_card, known, warnings)
    cards = [seed_into(c, in_data[c.id]) if c.id in in_data else c for c in cards] + seed_cards
    rows["cards"] = [_card_row(c, chosen.get(c.id)) for c in cards]
    rows["errata"] = _errata_rows(errata, cards)
    ban_lists = read_ban_lists(source, read_json)
    rows["ban_lists"], rows["bans"] = _ban_rows(ban_lists, names)
    names_by_id = {c.id: c.name for c in cards}
    return CardTables(
        cards=cards,
        rows=rows,
        name_ids=dict(names.ids),
        aliases={a["alias"]: names_by_id[a["card_id"]] for a in rows["card_aliases"]},
        seeds_added=len(seed_cards),
        seed_ids=frozenset(c.id for c in seed_cards),
        meta=_meta(sources, bool(errata), ban_lists),
        sets=_set_counts(rows["printings"], {c.id for c in cards if not c.knows("text")}),
        bans={b.format: sum(1 for r in rows["bans"] if r["format"] == b.format) for b in ban_lists},
    )


def _unplaced_cards(
    sources: Sequence[CardSourceData], names: Names, known: Sequence[KnownToken], warnings: list[str]
) -> list[Card]:
    """The cards of catalog entries that name no printing (their set is not known), each once; a name the data
    holds already is the data's card."""
    cards: dict[str, Card] = {}
    for source in sources:
        for entry in source.unplaced:
            if names.find(entry.name) is not None or slug(entry.name) in cards:
                continue
            unknown = cardtext.unknown_tokens(entry.text_raw, known)
            if unknown:
                raise BuildError(
                    f"card {entry.name} ({source.key}) has the bracketed token [{unknown[0]}], which is on neither "
                    "list of keywords.yaml; add it there as a keyword or a token"
                )
            card = entry_card(entry, known, source.label, source.as_of)
            cards[card.id] = with_gaps(card, entry.lacks, placed=False)
            names.add(card.name, card.id)
    if cards:
        warnings.append(
            f"{len(cards)} cards of a card catalog name no printing, so their set is not known: "
            + ", ".join(c.name for c in cards.values())
        )
    return list(cards.values())


def _set_counts(printing_rows: Iterable[Row], untold: Collection[str]) -> dict[str, dict[str, int]]:
    """Each set's printings and names, and where some are, its names whose text no source gives (`without_text`)."""
    printings: dict[str, int] = {}
    names: dict[str, set[str]] = {}
    for row in printing_rows:
        set_id = str(row["set_id"])
        printings[set_id] = printings.get(set_id, 0) + 1
        names.setdefault(set_id, set()).add(str(row["card_id"]))
    counts: dict[str, dict[str, int]] = {}
    for s in sorted(printings, key=lambda s: (set_rank(s), s)):
        counts[s] = {"printings": printings[s], "names": len(names[s])}
        without = sum(1 for card_id in names[s] if card_id in untold)
        if without:
            counts[s]["without_text"] = without
    return counts
