"""An extract of the official gallery's rows of one set, as tab-separated text (shared/riftbound-data/radiance-2026-10/
gallery-rad-extract.tsv).

A header row, then one row per printing: `code, name, type, energy, power, isOvernumbered, isSigned, isSpecial,
isAlternate`. `power` is a count: the domain it is paid in is not given. No text, Might, domains, tags, rarity or image:
other sources fill those where they can (`cardsdb.build.catalog`), and what none gives stays unknown (`lacks`).
Legends, battlefields and runes have empty costs (they have none). Names are as the gallery writes them: a legend as
"Champion, Title".

The flags: `isAlternate` is set on every rune, special and overnumbered row, so the code's letter (`RAD-021a`) says
which printing is the alternate art; a rune's or special's plain code (`RAD-R01`, `RAD-SP1`) is that set's printing of
it; `isOvernumbered` and `isSigned` name their variant; `isSpecial` a special printing (`RAD-SP1`).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping

from cardsdb.build.importers.printings import RawPrinting, as_int, parse_rows, printing_id
from cardsdb.errors import BuildError
from cardsdb.names import split_variant, variant_from_code
from cardsdb.sets import set_name

COLUMNS = (
    "code",
    "name",
    "type",
    "energy",
    "power",
    "isOvernumbered",
    "isSigned",
    "isSpecial",
    "isAlternate",
)
REQUIRED = ("code", "name", "type")
LACKS = frozenset(
    {"text_raw", "might", "domains", "tags", "supertypes", "rarity", "image_url", "orientation", "artist"}
)
_NO_COST_TYPES = frozenset({"legend", "battlefield", "rune"})


def _flag(row: Mapping[str, str], column: str, source: str) -> bool:
    value = (row.get(column) or "").strip().casefold()
    if value in ("true", "1", "yes"):
        return True
    if value in ("false", "0", "no", ""):
        return False
    raise ValueError(f"{column} is {value!r}, not true or false ({source})")


def _variant(row: Mapping[str, str], code: str, source: str) -> str | None:
    if _flag(row, "isSigned", source):
        return "Signature"
    if _flag(row, "isOvernumbered", source):
        return "Overnumbered"
    from_code = variant_from_code(code)
    if from_code:
        return from_code
    return "Special" if _flag(row, "isSpecial", source) else None


def _printing(row: Mapping[str, str], source: str) -> RawPrinting:
    code, written = (row.get("code") or "").strip(), " ".join((row.get("name") or "").split())
    if not code or "-" not in code:
        raise ValueError(f"code {code!r} is not of the form SET-number")
    if not written:
        raise ValueError("empty name")
    card_type = (row.get("type") or "").strip()
    base, suffix = split_variant(written)
    set_id = code.split("-", 1)[0].upper()
    costless = card_type.casefold() in _NO_COST_TYPES
    lacks = LACKS | (frozenset() if card_type else frozenset({"types"}))
    if not costless and as_int(row.get("energy")) is None:
        lacks |= {"energy"}
    return RawPrinting(
        id=printing_id(code),
        name=base,
        set_id=set_id,
        set_name=set_name(set_id),
        collector_number=re.sub(r"^0+(?=\d)", "", code.split("-", 1)[1]),
        public_code=code,
        rarity=None,
        image_url=None,
        text_raw="",
        types=(card_type,) if card_type else (),
        energy=as_int(row.get("energy")),
        power=None if costless else as_int(row.get("power")),
        variant=suffix or _variant(row, code, source),
        written=written,
        lacks=lacks,
    )


def parse_extract(text: str, *, source: str, warnings: list[str]) -> list[RawPrinting]:
    """The printings of the extract. BuildError with one line when its columns changed or it holds no row."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter="\t")
    header = tuple(reader.fieldnames or ())
    missing = [c for c in COLUMNS if c not in header]
    if missing:
        raise BuildError(
            f"{source}: the columns {', '.join(missing)} are missing; the upstream format may have changed"
        )
    rows = [dict(r) for r in reader]
    printings = parse_rows(rows, REQUIRED, lambda r: _printing(r, source), source=source, warnings=warnings)
    if not printings:
        raise BuildError(f"{source}: holds no cards")
    return printings
