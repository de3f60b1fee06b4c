"""The official card gallery as collected in March 2026 (shared/riftbound-data/cards.json): one row per printing,
camelCase fields, stats as strings ("" for none)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsdb.build.importers.printings import RawPrinting, as_int, as_strings, card_text, parse_card_list
from cardsdb.names import split_variant, variant_from_code

REQUIRED = ("id", "name", "setId", "cardTypes", "abilityText", "publicCode", "collectorNumber")


def _printing(row: Mapping[str, Any]) -> RawPrinting:
    name = row["name"]
    if not isinstance(name, str) or not name.strip():
        raise ValueError("empty name")
    text = row["abilityText"]
    if not isinstance(text, str):
        raise ValueError("abilityText is not text")
    written = " ".join(name.split())
    base, variant = split_variant(written)
    code = str(row["publicCode"])
    return RawPrinting(
        id=str(row["id"]),
        name=base,
        set_id=str(row["setId"]).upper(),
        set_name=str(row.get("set") or row["setId"]),
        collector_number=str(row["collectorNumber"]),
        public_code=code,
        rarity=row.get("rarity") or None,
        image_url=row.get("imageUrl") or None,
        text_raw=card_text(text),
        types=as_strings(row["cardTypes"]),
        supertypes=as_strings(row.get("superTypes")),
        domains=as_strings(row.get("domains")),
        energy=as_int(row.get("energy")),
        power=as_int(row.get("power")),
        might=as_int(row.get("might")),
        tags=as_strings(row.get("tags")),
        orientation=row.get("orientation") or None,
        variant=variant or variant_from_code(code),
        written=written,
    )


def parse_gallery(
    data: object, *, warnings: list[str], source: str = "cards.json"
) -> tuple[list[RawPrinting], str | None]:
    """The printings and the gallery's own date (`updatedAt`)."""
    printings = parse_card_list(data, REQUIRED, _printing, source=source, warnings=warnings)
    updated = data.get("updatedAt") if isinstance(data, Mapping) else None
    return printings, updated if isinstance(updated, str) else None
