"""RiftCodex API items (GET /cards pages; the dumps in shared/riftbound-data/riftcodex/ and riftcodex-2026-08/).

Two shapes of one format. The old dumps carry `public_code`; today's API does not, and its `collector_number` is a bare
integer without the variant letters, so a printing's code comes from `riftbound_id` (`ogn-077-298` -> `OGN-077/298`,
`ven-019a-166` -> `VEN-019a/166`, `ven-r01` -> `VEN-R01`). Today's API also lists some printings twice: an older and
a newer record of one printing (the newest `metadata.updated_on` is kept), or, under one id, a plain and a "(Metal)"
printing (both kept; the second gets the variant in its id).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardsdb.build.importers.printings import (
    RawPrinting,
    as_int,
    as_strings,
    card_text,
    parse_rows,
    printing_id,
)
from cardsdb.names import slug, split_variant, variant_from_code

REQUIRED = ("riftbound_id", "name", "classification", "text", "set")

_BREAK = re.compile(r"<br\s*/?>|</p>|<li[^>]*>|</li>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
# The old dumps carry markdown too: italics as underscores ("Stun a unit._ (It doesn't ...)_"), bold marks
# ("[Hidden]** **(Hide now ...") and list bullets ("* Fury power — ...").
_MARKDOWN = re.compile(r"_(?=\s*\()|(?<=\))_|\*\*")
_BULLET = re.compile(r"^\*\s+")
_ID = re.compile(r"^([a-z]+)-([a-z]*)(\d+)([a-z*]*)(-star)?(?:-(\d+))?$")
_FLAGS = (("signature", "Signature"), ("alternate_art", "Alternate Art"), ("overnumbered", "Overnumbered"))


def rich_to_raw(rich: str) -> str:
    """The API's HTML text to the gallery's form: line breaks (and list items) kept, tags dropped, entities decoded."""
    text = _MARKDOWN.sub("", html.unescape(_TAG.sub("", _BREAK.sub("\n", rich))))
    lines = (_BULLET.sub("", " ".join(line.split())) for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def code_from_id(riftbound_id: str) -> str:
    """`ogn-077-298` -> `OGN-077/298`; `ven-019a-166` -> `VEN-019a/166`; `ogn-299*-298` and `ogn-299-star-298` ->
    `OGN-299*/298`; `ven-r01` -> `VEN-R01`; `sfd-t03` -> `SFD-T03`; `ven-sp1-006` -> `VEN-SP1/006`."""
    match = _ID.match(riftbound_id.strip().lower())
    if not match:
        raise ValueError(f"riftbound_id {riftbound_id!r} is not of the form set-number-total")
    set_id, prefix, number, letters, star, total = match.groups()
    code = f"{set_id.upper()}-{prefix.upper()}{number}{letters}{'*' if star else ''}"
    return f"{code}/{total}" if total else code


def _variant(item: Mapping[str, Any], written_variant: str | None, code: str) -> str | None:
    """The printing's variant: from the name's suffix, else the metadata flags, else the code's letters."""
    if written_variant:
        return written_variant
    metadata = item.get("metadata")
    if isinstance(metadata, Mapping):
        for flag, variant in _FLAGS:
            if metadata.get(flag) is True:
                return variant
    return variant_from_code(code)


def _updated_on(item: Mapping[str, Any]) -> str | None:
    metadata = item.get("metadata")
    value = metadata.get("updated_on") if isinstance(metadata, Mapping) else None
    return str(value) if isinstance(value, str) and value else None


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
    if "type" not in classification:
        raise KeyError("classification.type")
    written = " ".join(str(item["name"]).split())
    if not written:
        raise ValueError("empty name")
    attributes = item.get("attributes") or {}
    media = item.get("media") or {}
    rich = text.get("rich")
    text_raw = rich_to_raw(rich) if isinstance(rich, str) and rich else str(text.get("plain") or "")
    public_code = item.get("public_code")
    code = str(public_code) if public_code else code_from_id(str(item["riftbound_id"]))
    name, written_variant = split_variant(written)
    return RawPrinting(
        id=printing_id(code),
        name=name,
        set_id=str(card_set["set_id"]).upper(),
        set_name=str(card_set.get("label") or card_set["set_id"]),
        collector_number=str(item.get("collector_number") or ""),
        public_code=code,
        rarity=classification.get("rarity") or None,
        image_url=media.get("image_url") or None,
        text_raw=card_text(text_raw),
        types=as_strings(classification["type"]),
        supertypes=as_strings(classification.get("supertype")),
        domains=as_strings(classification.get("domain")),
        energy=as_int(attributes.get("energy")),
        power=as_int(attributes.get("power")),
        might=as_int(attributes.get("might")),
        tags=as_strings(item.get("tags")),
        orientation=item.get("orientation") or None,
        artist=media.get("artist") or None,
        variant=_variant(item, written_variant, code),
        written=written,
        dated=_updated_on(item),
    )


def parse_items(
    items: Sequence[object], *, warnings: list[str], source: str = "RiftCodex"
) -> list[RawPrinting]:
    """One printing per printing: of two records of one printing the newest is kept; a printing id that holds two
    variants (a plain and a Metal printing) becomes two printings, the second with its variant in the id."""
    newest: dict[tuple[str, str | None], RawPrinting] = {}
    order: list[tuple[str, str | None]] = []
    replaced = 0
    for printing in parse_rows(items, REQUIRED, _printing, source=source, warnings=warnings):
        key = (printing.id, printing.variant)
        held = newest.get(key)
        if held is None:
            order.append(key)
        else:
            replaced += 1
            if (held.dated or "") > (printing.dated or ""):
                continue
        newest[key] = printing
    if replaced:
        warnings.append(f"{source}: {replaced} older records of a printing replaced by a newer record of it")
    variants_of: dict[str, list[str | None]] = {}
    for pid, variant in order:
        variants_of.setdefault(pid, []).append(variant)
    printings: list[RawPrinting] = []
    for pid, variant in order:
        printing = newest[(pid, variant)]
        shared = variants_of[pid]
        if len(shared) > 1 and variant != _plain_variant(printing.public_code, shared):
            printing = replace(printing, id=f"{pid}-{slug(variant or 'plain')}")
        printings.append(printing)
    return printings


def _plain_variant(code: str, variants: Sequence[str | None]) -> str | None:
    """Of several variants under one printing id, the one the id itself stands for: the variant its code shows."""
    from_code = variant_from_code(code)
    return from_code if from_code in variants else variants[0]
