"""Printings from several card sources merged into one record per printing, and printings grouped into cards.

A printing is known by its id (from its code): the sources' records of it are merged, the newest source first, a
field a source's format lacks (the 2026-07 gallery has no power, supertypes or artist) coming from the next source
that has it; a field every source of the printing lacks stays in the merged record's `lacks` (not known). A code
written without the set's count (`RAD-107`, a gallery extract) is the printing of the same code with it
(`RAD-107/218`, RiftCodex) where a source gives that. Printings are then grouped by their card's canonical name ("Champion, Title", see `card_names`), every
other spelling of the name becoming an alias.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace

from cardsdb.build.importers.card_catalog import CatalogEntry
from cardsdb.build.importers.printings import RawPrinting
from cardsdb.names import canonical_name, champion_names, normalize
from cardsdb.sets import is_promo, set_rank

_MERGED_FIELDS = tuple(
    f.name for f in fields(RawPrinting) if f.name not in ("id", "lacks", "dated", "written")
)


@dataclass(frozen=True)
class CardSourceData:
    """One card source as read: `key` names its file ("gallery-2026-07"), `label` says in player words what it is
    ("the official card gallery"), `as_of` is its date (None when the file does not say); `unplaced`, a card catalog's
    entries that name no printing (cards whose set is not known)."""

    key: str
    label: str
    as_of: str | None
    printings: tuple[RawPrinting, ...]
    unplaced: tuple[CatalogEntry, ...] = ()


_Entry = tuple[int, CardSourceData, RawPrinting]  # a source's rank (newest highest), the source, its record


@dataclass(frozen=True)
class SourceText:
    """One source's text of one printing, with that source's label and date."""

    source: str
    label: str
    date: str | None
    text_raw: str
    rank: int  # the source's place, newest source highest
    known: bool = True  # False where the source does not give text (a gallery extract): no wording at all


@dataclass(frozen=True)
class MergedPrinting:
    record: RawPrinting  # fields merged, the newest source's first
    written: tuple[str, ...]  # every name the sources write it under, newest source first
    bases: tuple[str, ...]  # those names without their variant suffix
    texts: tuple[SourceText, ...]  # each source's text of it, newest source first

    @property
    def id(self) -> str:
        return self.record.id


@dataclass(frozen=True)
class CardGroup:
    name: str  # the canonical name
    aliases: tuple[str, ...]  # other spellings a lookup accepts (one per normalized form)
    printings: tuple[MergedPrinting, ...]  # in the order printings are listed: set order, then id


def newest_first(sources: Iterable[CardSourceData]) -> list[CardSourceData]:
    """Sources by date, newest first; undated sources last, in the order given."""
    return sorted(sources, key=lambda s: s.as_of or "", reverse=True)  # stable: ties keep their order


def _has_value(value: object) -> bool:
    return value is not None and value != "" and value != ()


def _merge_records(records: Sequence[RawPrinting]) -> RawPrinting:
    first = records[0]
    changes: dict[str, object] = {}
    for name in _MERGED_FIELDS:
        value = getattr(first, name)
        if name in first.lacks or not _has_value(value):
            for other in records[1:]:
                candidate = getattr(other, name)
                if name not in other.lacks and _has_value(candidate):
                    changes[name] = candidate
                    break
    merged = replace(first, **changes) if changes else first  # type: ignore[arg-type]
    return replace(merged, lacks=frozenset.intersection(*(r.lacks for r in records)))


_WITH_TOTAL = re.compile(r"^(.+)-\d+$")


def _fold_totals(records: dict[str, list[_Entry]]) -> None:
    """A printing id without the set's count (`rad-107`) joins the one id with it (`rad-107-218`), in place."""
    with_total: dict[str, list[str]] = {}
    for pid in records:
        match = _WITH_TOTAL.match(pid)
        if match:
            with_total.setdefault(match.group(1), []).append(pid)
    for bare, full in with_total.items():
        if bare in records and len(full) == 1:
            records[full[0]] = sorted([*records[full[0]], *records.pop(bare)], key=lambda e: -e[0])


def merge_printings(sources: Sequence[CardSourceData]) -> list[MergedPrinting]:
    """One MergedPrinting per printing id found in any source."""
    ordered = newest_first(sources)
    records: dict[str, list[_Entry]] = {}
    for position, source in enumerate(ordered):
        rank = len(ordered) - position
        seen: set[str] = set()
        for printing in source.printings:
            if printing.id in seen:  # a source listing one printing twice: its first record counts
                continue
            seen.add(printing.id)
            records.setdefault(printing.id, []).append((rank, source, printing))
    _fold_totals(records)
    merged: list[MergedPrinting] = []
    for pid, entries in records.items():
        raws = [p for _, _, p in entries]
        code = next(p.public_code for p in raws if p.id == pid)
        merged.append(
            MergedPrinting(
                record=replace(_merge_records(raws), id=pid, public_code=code),
                written=tuple(dict.fromkeys(p.written or p.name for p in raws)),
                bases=tuple(dict.fromkeys(p.name for p in raws)),
                texts=tuple(
                    SourceText(s.key, s.label, s.as_of, p.text_raw, rank, "text_raw" not in p.lacks)
                    for rank, s, p in entries
                ),
            )
        )
    return merged


def _is_legend(record: RawPrinting) -> bool:
    return any(t.casefold() == "legend" for t in record.types)


def _canonical(printing: MergedPrinting, champions: set[str]) -> str:
    """The printing's card name: the newest source's spelling, unless an older source names the champion that the
    newer one leaves out (a legend by its title alone, with no tag naming a champion)."""
    record = printing.record
    names = [
        canonical_name(base, is_legend=_is_legend(record), tags=record.tags, champions=champions)
        for base in printing.bases
    ]
    return next((name for name, champion in names if champion), names[0][0])


def group_cards(printings: Sequence[MergedPrinting], *, warnings: list[str]) -> list[CardGroup]:
    """Printings grouped by canonical name, each group with its spelling and its aliases."""
    champions = champion_names(
        [
            (base, _is_legend(p.record) or "champion" in {s.casefold() for s in p.record.supertypes})
            for p in printings
            for base in p.bases
        ]
    )
    # A printing's names (each source's, in canonical form) are one card: "Yi, Honed" (the gallery) and "Master Yi,
    # Honed" (RiftCodex) of one printing make a promo printing named only "Master Yi - Honed" join that card.
    parent: dict[str, str] = {}

    def root(key: str) -> str:
        while parent.setdefault(key, key) != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    named: list[tuple[str, MergedPrinting]] = []
    for printing in printings:
        record = printing.record
        keys = [
            normalize(
                canonical_name(b, is_legend=_is_legend(record), tags=record.tags, champions=champions)[0]
            )
            for b in printing.bases
        ]
        for key in keys[1:]:
            parent[root(key)] = root(keys[0])
        named.append((_canonical(printing, champions), printing))
    groups: dict[str, list[tuple[str, MergedPrinting]]] = {}
    for name, printing in named:
        groups.setdefault(root(normalize(name)), []).append((name, printing))
    spelled = {key: _spelling(members) for key, members in groups.items()}
    canonical_keys = {normalize(name) for name in spelled.values()}
    alias_owner: dict[str, str] = {}
    alias_spelling: dict[str, str] = {}
    clashing: set[str] = set()
    for key, members in groups.items():
        for name, printing in members:
            for alias in [*_aliases(printing, spelled[key]), name]:
                alias_key = normalize(alias)
                if alias_key in canonical_keys or not alias_key:
                    continue
                owner = alias_owner.setdefault(alias_key, key)
                alias_spelling.setdefault(alias_key, alias)
                if owner != key:
                    clashing.add(alias_key)
    for alias_key in sorted(clashing):
        warnings.append(f"the name {alias_spelling[alias_key]!r} is written for two cards; it finds neither")
    result: list[CardGroup] = []
    for key, members in groups.items():
        aliases = tuple(
            sorted(
                (alias_spelling[a] for a, owner in alias_owner.items() if owner == key and a not in clashing),
                key=str.casefold,
            )
        )
        ordered = sorted((p for _, p in members), key=lambda p: (set_rank(p.record.set_id), p.id))
        types = {t for p in ordered for t in p.record.types}
        if "Legend" in types and len(types) > 1:
            warnings.append(f"{spelled[key]}: printings of a legend and of another type share the name")
        result.append(CardGroup(spelled[key], aliases, tuple(ordered)))
    return result


def _spelling(members: Sequence[tuple[str, MergedPrinting]]) -> str:
    """The group's spelling: that of its printing whose record comes from the newest source (a main set before a
    promo), the most frequent at a tie."""
    best_rank = max(p.texts[0].rank for _, p in members)
    newest = [
        (name, p) for name, p in members if p.texts[0].rank == best_rank and not is_promo(p.record.set_id)
    ] or [(name, p) for name, p in members if p.texts[0].rank == best_rank]
    return Counter(name for name, _ in newest).most_common(1)[0][0]


def _aliases(printing: MergedPrinting, name: str) -> list[str]:
    found = [*printing.written, *printing.bases]
    if _is_legend(printing.record) and ", " in name:
        found.append(name.split(", ", 1)[1])  # a legend by its title alone: "Swift Scout"
    return found
