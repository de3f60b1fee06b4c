"""The card files of a data folder, each read by the importer of its format.

A data folder may hold (any may be absent; see shared/riftbound-data/SOURCES.md):
- `cards.json` (the card gallery, 2026-03), `gallery-*/cards.json` (the card gallery as flat rows, 2026-07),
  `riftcodex-*/cards.json` (today's RiftCodex items; replaced by the items `sync` fetched), `riftcodex/*.json` (an
  older RiftCodex dump, undated);
- a newer set in part, in a folder dated by its name (`radiance-2026-10/`): `gallery-*-extract.tsv` (the gallery's
  printings of the set: codes, types, costs, no text) and `card-catalog*.json` (a card catalog's text and
  characteristics, joined to those printings by name: `cardsdb.build.catalog`);
- errata: `errata.json`, `rules-*/errata/*.md`, `riftcodex-*/errata-overlay.json`, `legality-*/errata-*.json`;
- ban lists: `legality-*/banned.json` (by format), `banned-cards.json` (2026-03, Constructed).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cardsdb.build.catalog import join_catalog
from cardsdb.build.importers import ban_lists as ban_importer
from cardsdb.build.importers import banned as banned_importer
from cardsdb.build.importers import (
    card_catalog,
    errata_hub,
    errata_overlay,
    errata_pages,
    gallery,
    gallery_extract,
    gallery_flat,
    riftcodex,
)
from cardsdb.build.importers import errata as errata_importer
from cardsdb.build.importers.ban_lists import BanList
from cardsdb.build.importers.errata import ErratumEntry
from cardsdb.build.importers.printings import RawPrinting
from cardsdb.build.merge import CardSourceData
from cardsdb.errors import BuildError

ReadJson = Callable[[Path], Any]

GALLERY = "the official card gallery"
RIFTCODEX = "RiftCodex"
CATALOG = "riftboundfaq.com's card catalog"
_FOLDER_DATE = re.compile(r"(\d{4}-\d{2}(?:-\d{2})?)$")


def _json_files(folder: Path, pattern: str) -> list[Path]:
    return sorted(p for p in folder.glob(pattern) if p.is_file())


def _newest_stamp(items: Sequence[object]) -> str | None:
    stamps = [
        str(i["metadata"]["updated_on"])[:10]
        for i in items
        if isinstance(i, Mapping)
        and isinstance(i.get("metadata"), Mapping)
        and i["metadata"].get("updated_on")
    ]
    return max(stamps) if stamps else None


def _riftcodex_items(data: object, name: str) -> list[object]:
    items = data.get("items") if isinstance(data, Mapping) else data
    if not isinstance(items, list):
        raise BuildError(f"{name}: expected a list of RiftCodex items; the upstream format may have changed")
    return items


def read_card_sources(
    source: Path | None,
    card_items: list[dict[str, Any]] | None,
    read_json: ReadJson,
    warnings: list[str],
) -> list[CardSourceData]:
    sources: list[CardSourceData] = []
    if card_items is not None:
        printings = riftcodex.parse_items(card_items, warnings=warnings)
        if not printings:
            raise BuildError("the RiftCodex items hold no cards this program can read")
        sources.append(
            CardSourceData("riftcodex-api", RIFTCODEX, _newest_stamp(card_items), tuple(printings))
        )
    if source is None:
        return sources
    if (source / "cards.json").is_file():
        printings, updated = gallery.parse_gallery(read_json(source / "cards.json"), warnings=warnings)
        sources.append(
            CardSourceData("cards.json", GALLERY, updated[:10] if updated else None, tuple(printings))
        )
    for path in _json_files(source, "gallery-*/cards.json"):
        label = f"{path.parent.name}/{path.name}"
        printings, date = gallery_flat.parse_gallery_rows(read_json(path), warnings=warnings, source=label)
        sources.append(CardSourceData(label, GALLERY, date, tuple(printings)))
    if card_items is None:
        for path in _json_files(source, "riftcodex-*/cards.json"):
            label = f"{path.parent.name}/{path.name}"
            items = _riftcodex_items(read_json(path), label)
            printings = riftcodex.parse_items(items, warnings=warnings, source=label)
            sources.append(CardSourceData(label, RIFTCODEX, _newest_stamp(items), tuple(printings)))
    sources += _partial_set_sources(source, read_json, warnings)
    dumps = _json_files(source, "riftcodex/*.json")
    if dumps:
        items = [i for path in dumps for i in _riftcodex_items(read_json(path), f"riftcodex/{path.name}")]
        printings = riftcodex.parse_items(items, warnings=warnings, source="riftcodex/")
        sources.append(CardSourceData("riftcodex/", RIFTCODEX, _newest_stamp(items), tuple(printings)))
    return sources


def _read_text(path: Path, label: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BuildError(f"{label} is not UTF-8 text") from None


def _partial_set_sources(source: Path, read_json: ReadJson, warnings: list[str]) -> list[CardSourceData]:
    """Each folder's gallery extracts, and its card catalogs joined to them by name; a catalog's entries that name no
    printing are carried as `unplaced`. Dated by the folder's name (`radiance-2026-10`: 2026-10)."""
    sources: list[CardSourceData] = []
    folders = sorted(
        {p.parent for p in (*source.glob("*/gallery-*-extract.tsv"), *source.glob("*/card-catalog*.json"))}
    )
    for folder in folders:
        found = _FOLDER_DATE.search(folder.name)
        date = found.group(1) if found else None
        extract: list[RawPrinting] = []
        for path in sorted(folder.glob("gallery-*-extract.tsv")):
            label = f"{folder.name}/{path.name}"
            printings = gallery_extract.parse_extract(
                _read_text(path, label), source=label, warnings=warnings
            )
            sources.append(CardSourceData(label, GALLERY, date, tuple(printings)))
            extract += printings
        for path in _json_files(folder, "card-catalog*.json"):
            label = f"{folder.name}/{path.name}"
            entries = card_catalog.parse_catalog(read_json(path), source=label, warnings=warnings)
            joined = join_catalog(entries, extract)
            sources.append(CardSourceData(label, CATALOG, date, joined.printings, joined.unplaced))
    return sources


def read_errata(source: Path | None, read_json: ReadJson) -> list[ErratumEntry]:
    """Every erratum of the folder, as each file gives it (duplicates across files included), best sources first:
    the Rules Hub's, the official pages', the 2026-04 articles', RiftCodex's overlay (which drops line breaks)."""
    if source is None:
        return []
    entries: list[ErratumEntry] = []
    published: dict[str, str] = {}
    for path in _json_files(source, "legality-*/errata-*.json"):
        excerpt = path.parent / "rules-hub-excerpt.json"
        known = errata_hub.hub_sources(read_json(excerpt)) if excerpt.is_file() else {}
        for hub in known.values():
            key = errata_importer.article_key(hub.url)
            if key and hub.published:
                published[key] = min(published.get(key, hub.published), hub.published)
        entries += errata_hub.parse_hub_errata(read_json(path), sources=known, source=path.name)
    overlay: list[ErratumEntry] = []
    for path in _json_files(source, "riftcodex-*/errata-overlay.json"):
        overlay += errata_overlay.parse_errata_overlay(read_json(path), source=path.name)
    articles = (
        errata_importer.parse_errata(read_json(source / "errata.json"))
        if (source / "errata.json").is_file()
        else []
    )
    for entry in [*entries, *articles, *overlay]:
        if entry.date:
            published.setdefault(entry.source_id, entry.date)
            published[entry.source_id] = min(published[entry.source_id], entry.date)
    pages: list[ErratumEntry] = []
    for path in sorted(source.glob("rules-*/errata/*.md")):
        text = _read_text(path, path.name)
        pages += errata_pages.parse_errata_page(text, source=path.name, dates=published)
    return [*entries, *pages, *articles, *overlay]


def read_ban_lists(source: Path | None, read_json: ReadJson) -> list[BanList]:
    """The newest list of each format (an older list of a format is history, and dropped)."""
    if source is None:
        return []
    lists: list[BanList] = []
    for path in _json_files(source, "legality-*/banned.json"):
        lists += ban_importer.parse_ban_lists(read_json(path), source=path.name)
    if (source / "banned-cards.json").is_file():
        lists.append(banned_importer.constructed_list(read_json(source / "banned-cards.json")))
    newest: dict[str, BanList] = {}
    for ban_list in lists:
        held = newest.get(ban_list.format)
        if held is None or (ban_list.as_of or "") > (held.as_of or ""):
            newest[ban_list.format] = ban_list
    return list(newest.values())
