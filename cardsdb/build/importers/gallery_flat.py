"""The official card gallery's data as flat rows (shared/riftbound-data/gallery-2026-07/cards.json).

`{"source", "snapshot_date", "count", "cards": [{"name", "code", "collector_number", "set", "set_id", "type",
"rarity", "energy", "might", "domains", "tags", "text", "image_url"}]}`: one row per printing, a single `type`, and no
power, supertypes, orientation or artist (other sources fill those). It names a legend by its title alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardsdb.build.importers.printings import (
    RawPrinting,
    as_int,
    as_strings,
    card_text,
    parse_card_list,
    printing_id,
)
from cardsdb.names import split_variant, variant_from_code

REQUIRED = ("name", "code", "set_id", "type", "text")
LACKS = frozenset({"power", "supertypes", "orientation", "artist"})


def _printing(row: Mapping[str, Any]) -> RawPrinting:
    name, code, text = row["name"], row["code"], row["text"]
    if not isinstance(name, str) or not name.strip():
        raise ValueError("empty name")
    if not isinstance(code, str) or not code.strip():
        raise ValueError("empty code")
    if text is not None and not isinstance(text, str):
        raise ValueError("text is not text")
    written = " ".join(name.split())
    base, variant = split_variant(written)
    number = row.get("collector_number")
    return RawPrinting(
        id=printing_id(code),
        name=base,
        set_id=str(row["set_id"]).upper(),
        set_name=str(row.get("set") or row["set_id"]),
        collector_number=str(number) if number is not None else "",
        public_code=code.strip(),
        rarity=row.get("rarity") or None,
        image_url=row.get("image_url") or None,
        text_raw=card_text(text or ""),
        types=as_strings(row["type"]),
        domains=as_strings(row.get("domains")),
        energy=as_int(row.get("energy")),
        might=as_int(row.get("might")),
        tags=as_strings(row.get("tags")),
        variant=variant or variant_from_code(code.strip()),
        written=written,
        lacks=LACKS,
    )


def parse_gallery_rows(
    data: object, *, warnings: list[str], source: str = "gallery-2026-07/cards.json"
) -> tuple[list[RawPrinting], str | None]:
    """The printings and the snapshot's date (`snapshot_date`)."""
    printings = parse_card_list(data, REQUIRED, _printing, source=source, warnings=warnings)
    date = data.get("snapshot_date") if isinstance(data, Mapping) else None
    return printings, str(date)[:10] if isinstance(date, str) and date else None
