"""One record per printing, as each card source gives it, and the helpers the source importers share.

Which printings are one card, and which text is current, is decided later (`cardsdb.build.merge`, `cardsdb.build.wording`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.models import Printing

MAX_BAD_ROWS = 3
"""More rows than this missing a required field means the upstream format changed: the build stops."""

NO_TEXT = "[NO TEXT]"
"""What RiftCodex and the gallery print for a card without text (runes, some tokens)."""


@dataclass(frozen=True)
class RawPrinting:
    """One printing as one source gives it. `name` is the name as the source writes it without a variant suffix;
    `written` is the name exactly as written. `dated` is when this record was last updated, where the source says
    (RiftCodex's `updated_on`, an ISO timestamp), else None (the source's own date applies). `lacks` names the fields the source's format
    does not carry (the 2026-07 gallery has no power, supertypes or artist): other sources fill them."""

    id: str
    name: str
    set_id: str
    set_name: str
    collector_number: str
    public_code: str
    rarity: str | None
    image_url: str | None
    text_raw: str
    types: tuple[str, ...]
    supertypes: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    tags: tuple[str, ...] = ()
    orientation: str | None = None
    artist: str | None = None
    variant: str | None = None
    written: str = ""
    dated: str | None = None
    lacks: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_base(self) -> bool:
        return self.variant is None

    def printing(self) -> Printing:
        return Printing(
            id=self.id,
            set_id=self.set_id,
            set_name=self.set_name,
            collector_number=self.collector_number,
            public_code=self.public_code,
            rarity=self.rarity,
            image_url=self.image_url,
            artist=self.artist,
            variant=self.variant,
        )


def printing_id(code: str) -> str:
    """A printing's id from its code: `OGN-027a/298` -> `ogn-027a-298`, `OGN-299*/298` -> `ogn-299-star-298` (as the
    2026-03 gallery writes it), `VEN-R01` -> `ven-r01`."""
    return code.strip().lower().replace("*", "-star").replace("/", "-")


def card_text(text: str) -> str:
    """A source's text field as card text: line ends unified, `[NO TEXT]` read as no text."""
    text = text.replace("\r\n", "\n").strip()
    return "" if text == NO_TEXT else text


def parse_card_list(
    data: object,
    required: Sequence[str],
    convert: Callable[[Mapping[str, Any]], RawPrinting],
    *,
    source: str,
    warnings: list[str],
) -> list[RawPrinting]:
    """A gallery file's printings: an object whose `cards` list holds one row per printing. BuildError with one line
    when the envelope changed or no card is left."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        raise BuildError(
            f"{source}: expected an object with a 'cards' list; the upstream format may have changed"
        )
    printings = parse_rows(data["cards"], required, convert, source=source, warnings=warnings)
    if not printings:
        raise BuildError(f"{source}: holds no cards")
    return printings


def parse_rows(
    rows: Sequence[object],
    required: Sequence[str],
    convert: Callable[[Mapping[str, Any]], RawPrinting],
    *,
    source: str,
    warnings: list[str],
) -> list[RawPrinting]:
    """Convert rows, skipping a few bad ones with a warning; fail when more than MAX_BAD_ROWS are bad."""
    printings: list[RawPrinting] = []
    missing: dict[str, int] = {}
    bad: list[str] = []
    for index, row in enumerate(rows):
        if not isinstance(row, Mapping):
            bad.append(f"row {index + 1} is not an object")
            missing["(object)"] = missing.get("(object)", 0) + 1
            continue
        absent = [f for f in required if f not in row]
        if absent:
            for f in absent:
                missing[f] = missing.get(f, 0) + 1
            bad.append(
                f"row {index + 1} ({row.get('name') or row.get('id') or '?'}) lacks {', '.join(absent)}"
            )
            continue
        try:
            printings.append(convert(row))
        except (TypeError, ValueError, AttributeError, KeyError) as error:
            bad.append(f"row {index + 1} ({row.get('name') or '?'}) is malformed: {error}")
            missing["(malformed)"] = missing.get("(malformed)", 0) + 1
    if len(bad) > MAX_BAD_ROWS:
        worst = max(missing, key=lambda f: missing[f])
        raise BuildError(
            f"{source}: {len(bad)} of {len(rows)} card rows are unusable (field '{worst}' missing or malformed in "
            f"{missing[worst]}); the upstream format may have changed"
        )
    warnings.extend(f"{source}: skipped {b}" for b in bad)
    return printings


def as_int(value: object) -> int | None:
    """`"5"` -> 5; `""`, None, "X" -> None."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if text.lstrip("-").isdigit() else None


def as_strings(value: object) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {type(value).__name__}")
    return tuple(str(v) for v in value if v)


_PARENTHESES = re.compile(r"\([^()]*\)")
_SYMBOLS = re.compile(r":rb_[a-z0-9_]+:|\[[^\[\]]*\]")


@functools.lru_cache(maxsize=16384)  # the same texts are compared many times over in a build
def loose_wording(text: str) -> str:
    """Text reduced to its letters, for matching an erratum's texts (written with `[A]`, `[C]` symbols) against a
    printing (written with `:rb_...:` tokens): no reminder text, no symbols or bracketed tokens, no punctuation and
    no spaces ("face down" and "facedown" match)."""
    text = _SYMBOLS.sub(" ", _PARENTHESES.sub(" ", text)).casefold()
    return re.sub(r"[^a-z0-9]+", "", text)
