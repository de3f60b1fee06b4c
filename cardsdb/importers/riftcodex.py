"""RiftCodex API items (GET /cards pages, and the dumps in shared/riftbound-data/riftcodex/*.json)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from cardsdb.importers.printings import RawPrinting, as_int, as_strings, parse_rows

REQUIRED = ("riftbound_id", "name", "public_code", "collector_number", "classification", "text", "set")

_BREAK = re.compile(r"<br\s*/?>|</p>\s*<p>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")


def rich_to_raw(rich: str) -> str:
    """The API's HTML text to the gallery's form: line breaks kept, tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", _BREAK.sub("\n", rich))).strip()


def _printing(item: Mapping[str, Any]) -> RawPrinting:
    classification = item["classification"]
    text = item["text"]
    card_set = item["set"]
    if (
        not isinstance(classification, Mapping)
        or not isinstance(text, Mapping)
        or not isinstance(card_set, Mapping)
    ):
        raise ValueError("classification, text and set must be objects")
    attributes = item.get("attributes") or {}
    media = item.get("media") or {}
    rich = text.get("rich")
    text_raw = rich_to_raw(rich) if isinstance(rich, str) and rich else str(text.get("plain") or "")
    if "type" not in classification:
        raise KeyError("classification.type")
    return RawPrinting(
        id=str(item["riftbound_id"]),
        name=str(item["name"]).strip(),
        set_id=str(card_set["set_id"]).upper(),
        set_name=str(card_set.get("label") or card_set["set_id"]),
        collector_number=str(item["collector_number"]),
        public_code=str(item["public_code"]),
        rarity=classification.get("rarity") or None,
        image_url=media.get("image_url") or None,
        text_raw=text_raw,
        types=as_strings(classification["type"]),
        supertypes=as_strings(classification.get("supertype")),
        domains=as_strings(classification.get("domain")),
        energy=as_int(attributes.get("energy")),
        power=as_int(attributes.get("power")),
        might=as_int(attributes.get("might")),
        tags=as_strings(item.get("tags")),
        orientation=item.get("orientation") or None,
        artist=media.get("artist") or None,
    )


def parse_items(
    items: Sequence[object], *, warnings: list[str], source: str = "RiftCodex"
) -> list[RawPrinting]:
    return parse_rows(items, REQUIRED, _printing, source=source, warnings=warnings)


def artists(items: Sequence[object]) -> dict[str, str]:
    """Printing id -> artist, for adding artists to gallery printings."""
    found: dict[str, str] = {}
    for item in items:
        if isinstance(item, Mapping):
            media = item.get("media")
            if isinstance(media, Mapping) and media.get("artist") and item.get("riftbound_id"):
                found[str(item["riftbound_id"])] = str(media["artist"])
    return found
