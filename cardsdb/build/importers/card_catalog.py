"""A card catalog's entries: card text and characteristics without set or code (shared/riftbound-data/
radiance-2026-10/card-catalog-excerpt.json, entries of riftboundfaq.com's card catalog).

A JSON list of `{"name", "energyCost", "powerCost", "might", "domains", "cardTypes", "superTypes", "tags",
"abilities", "effects"}`. `abilities` is the rules text; `effects` what an Equipment gives the unit it is attached to
(the gallery prints it after a blank line, and so does the text here). A legend is named by its title alone, its
champion in `tags`. No set, code, rarity or image: the entries are joined to printings by name
(`cardsdb.build.catalog`).

Its symbols are bracket tokens of its own, written here as the other sources' tokens: `[Might]`, `[Universal]` (any
power), `[1]` (energy), `[Fury]` (a Fury power), `[Exhaust]`; keywords and `[Add]`, `[>]` stay bracketed. Quirks it
copes with: an empty `cardTypes` or `domains` is not known, not none (a battlefield's domain is "Colorless"); a minus
written as an en dash before a symbol (`–[Might]`); letters stuck after the text's last full stop (`instead.disa`),
dropped with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsdb.build.importers.printings import MAX_BAD_ROWS, as_int, as_strings
from cardsdb.errors import BuildError
from cardsdb.text.domains import DOMAINS

REQUIRED = ("name", "cardTypes", "abilities")
_SYMBOL = re.compile(r"\[(Might|Universal|Exhaust|\d{1,2}|" + "|".join(DOMAINS) + r")\]")
_DASH_BEFORE_SYMBOL = re.compile(r"\u2013(?=\[|\d)")
_STRAY_TAIL = re.compile(r"(?<=[a-z][.!?])([a-z]{1,8})\s*$")


@dataclass(frozen=True)
class CatalogEntry:
    """One card as the catalog gives it. `lacks` names what it does not give (`types`, `domains`)."""

    name: str
    text_raw: str
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    domains: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    lacks: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_legend(self) -> bool:
        return any(t.casefold() == "legend" for t in self.types)


def catalog_text(text: str) -> str:
    """The catalog's symbols as the other sources' tokens: `[2][Universal]` -> `:rb_energy_2::rb_rune_rainbow:`."""

    def token(match: re.Match[str]) -> str:
        symbol = match.group(1)
        if symbol.isdigit():
            return f":rb_energy_{symbol}:"
        if symbol == "Might":
            return ":rb_might:"
        if symbol == "Exhaust":
            return ":rb_exhaust:"
        if symbol == "Universal":
            return ":rb_rune_rainbow:"
        return f":rb_rune_{symbol.casefold()}:"

    return _SYMBOL.sub(token, _DASH_BEFORE_SYMBOL.sub("-", text))


def _text(row: Mapping[str, Any], name: str, warnings: list[str], source: str) -> str:
    abilities, effects = row.get("abilities"), row.get("effects")
    for value in (abilities, effects):
        if value is not None and not isinstance(value, str):
            raise ValueError("abilities and effects must be text")
    text = "\n".join(line.strip() for line in (abilities or "").replace("\r\n", "\n").strip().splitlines())
    stray = _STRAY_TAIL.search(text)
    if stray:
        warnings.append(f"{source}: {name}: the letters {stray.group(1)!r} after its last sentence dropped")
        text = text[: stray.start()].rstrip()
    if isinstance(effects, str) and effects.strip():
        text = f"{text}\n\n{effects.strip()}" if text else effects.strip()
    return catalog_text(text)


def _entry(row: Mapping[str, Any], warnings: list[str], source: str) -> CatalogEntry:
    name = " ".join(str(row["name"] or "").split())
    if not name:
        raise ValueError("empty name")
    types, domains = as_strings(row["cardTypes"]), as_strings(row.get("domains"))
    lacks = frozenset(what for what, given in (("types", types), ("domains", domains)) if not given)
    return CatalogEntry(
        name=name,
        text_raw=_text(row, name, warnings, source),
        types=types,
        supertypes=as_strings(row.get("superTypes")),
        domains=domains,
        tags=as_strings(row.get("tags")),
        energy=as_int(row.get("energyCost")),
        power=as_int(row.get("powerCost")),
        might=as_int(row.get("might")),
        lacks=lacks,
    )


def parse_catalog(data: object, *, source: str, warnings: list[str]) -> list[CatalogEntry]:
    """The entries, a few bad ones skipped with a warning; BuildError with one line when the format changed."""
    if not isinstance(data, list):
        raise BuildError(f"{source}: expected a list of card entries; the upstream format may have changed")
    entries: list[CatalogEntry] = []
    bad: list[str] = []
    for index, row in enumerate(data):
        label = row.get("name") if isinstance(row, Mapping) else None
        try:
            if not isinstance(row, Mapping):
                raise ValueError("not an object")
            absent = [f for f in REQUIRED if f not in row]
            if absent:
                raise KeyError(", ".join(absent))
            entries.append(_entry(row, warnings, source))
        except (TypeError, ValueError, KeyError) as error:
            bad.append(f"entry {index + 1} ({label or '?'}): {error}")
    if len(bad) > MAX_BAD_ROWS:
        raise BuildError(
            f"{source}: {len(bad)} of {len(data)} entries are unusable (first: {bad[0]}); the upstream format may "
            "have changed"
        )
    warnings.extend(f"{source}: skipped {b}" for b in bad)
    if not entries:
        raise BuildError(f"{source}: holds no cards")
    return entries


def named(entries: Sequence[CatalogEntry]) -> dict[str, CatalogEntry]:
    """The entries by name as written (the first of two entries of one name)."""
    found: dict[str, CatalogEntry] = {}
    for entry in entries:
        found.setdefault(entry.name, entry)
    return found
