"""One record per printing, from either source, and the rule that turns printings into one card per name."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.importers import text as cardtext
from cardsdb.keywords import KnownToken
from cardsdb.models import Card, OlderWording, Printing
from cardsdb.names import normalize, slug

SET_ORDER = ("OGN", "OGS", "SFD", "UNL")
"""Release order: a card's text is that of its printing in the latest set."""

MAX_BAD_ROWS = 3
"""More rows than this missing a required field means the upstream format changed: the build stops."""

_BASE_ID = re.compile(r"^[a-z]+-(\d+)-(\d+)$")


@dataclass(frozen=True)
class RawPrinting:
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
        )


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


def _printing_order(p: RawPrinting) -> tuple[int, int, int, str]:
    """Sort key, oldest first: set release order, then alternates (a, star, overnumbered, tokens) after the base."""
    set_rank = SET_ORDER.index(p.set_id) if p.set_id in SET_ORDER else len(SET_ORDER)
    base = _BASE_ID.match(p.id)
    is_base = bool(base) and int(base.group(1)) <= int(base.group(2)) if base else False
    number = int(base.group(1)) if base else 0
    # Later in the list = preferred; so the base printing sorts after its alternates within a set.
    return (set_rank, 1 if is_base else 0, -number, p.id)


_PARENTHESES = re.compile(r"\([^()]*\)")
_SYMBOLS = re.compile(r":rb_[a-z0-9_]+:|\[[^\[\]]*\]")


def loose_wording(text: str) -> str:
    """Text reduced to its words, for matching an erratum's NEW TEXT (written with `[A]`, `[C]` symbols) against a
    printing (written with `:rb_...:` tokens): no reminder text, no symbols or bracketed tokens, no punctuation."""
    text = _SYMBOLS.sub(" ", _PARENTHESES.sub(" ", text)).casefold()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def cards_from_printings(
    printings: Iterable[RawPrinting],
    known: Sequence[KnownToken],
    *,
    warnings: list[str],
    errata: Mapping[str, str] | None = None,
) -> list[tuple[Card, RawPrinting]]:
    """One card per name: the latest set's base printing gives the text, reminders come from any printing.

    `errata` maps a card name to the NEW TEXT of its latest erratum: a printing that prints the erratum's wording wins
    over a later printing that still prints the old one (a reprint made before the erratum reached the gallery).
    Returns each card with the printing its text comes from. Raises BuildError on an unknown bracketed token.
    """
    errata_by_name = {normalize(n): loose_wording(t) for n, t in (errata or {}).items()}
    by_name: dict[str, list[RawPrinting]] = {}
    for p in printings:
        by_name.setdefault(p.name.strip(), []).append(p)
    cards: list[tuple[Card, RawPrinting]] = []
    for name, group in by_name.items():
        for p in group:
            unknown = cardtext.unknown_tokens(p.text_raw, known)
            if unknown:
                raise BuildError(
                    f"card {name} ({p.id}) has the bracketed token [{unknown[0]}], which is on neither list of "
                    "keywords.yaml; add it there as a keyword or a token"
                )
        ordered = sorted(group, key=_printing_order)
        chosen = ordered[-1]
        erratum = errata_by_name.get(normalize(name))
        if erratum and loose_wording(chosen.text_raw) != erratum:
            follows = [p for p in ordered if loose_wording(p.text_raw) == erratum]
            if follows:
                warnings.append(
                    f"{name}: {chosen.id} prints the wording an erratum replaced; the text follows {follows[-1].id}"
                )
                chosen = follows[-1]
        chosen_wording = cardtext.wording(chosen.text_raw)
        # Among printings with the chosen wording, the one that prints the most reminder text.
        same = [p for p in ordered if cardtext.wording(p.text_raw) == chosen_wording]
        richest = max(reversed(same), key=lambda p: cardtext.reminder_count(p.text_raw))
        text_raw = richest.text_raw
        reminders: dict[str, str] = {}
        for p in reversed(ordered):
            for token, reminder in cardtext.keyword_reminders(p.text_raw).items():
                reminders.setdefault(token, reminder)
        text_raw = cardtext.add_reminders(text_raw, reminders)
        older: list[OlderWording] = []
        seen_wordings = {chosen_wording}
        for p in reversed(ordered):
            w = cardtext.wording(p.text_raw)
            if w not in seen_wordings:
                seen_wordings.add(w)
                older.append(
                    OlderWording(printing_id=p.id, set_id=p.set_id, text=cardtext.readable(p.text_raw))
                )
        keywords = cardtext.extract_keywords(text_raw, known)
        rarities = [p.rarity for p in ordered if p.rarity]
        card = Card(
            id=slug(name),
            name=name,
            types=chosen.types,
            supertypes=chosen.supertypes,
            domains=chosen.domains,
            energy=chosen.energy,
            power=chosen.power,
            might=chosen.might,
            tags=chosen.tags,
            keywords=keywords,
            text=cardtext.readable(text_raw),
            text_raw=text_raw,
            rarity=chosen.rarity or (rarities[-1] if rarities else None),
            printings=tuple(p.printing() for p in ordered),
            older_wordings=tuple(older),
        )
        cards.append((card, replace(chosen, text_raw=text_raw)))
    ids: dict[str, str] = {}
    for card, _ in cards:
        if card.id in ids:
            warnings.append(f"cards {ids[card.id]!r} and {card.name!r} share the id {card.id}")
        ids[card.id] = card.name
    return cards
