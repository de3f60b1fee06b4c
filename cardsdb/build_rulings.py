"""The build's part for the newer rulings: official FAQs transcribed to markdown (`rules-*/faq-*.md`) and the community
rulings of riftboundfaq.com (`community/riftboundfaq/`), as rows of `rulings`, `ruling_rules` and `ruling_cards`;
and the count of every ruling by where it comes from (the build report).

A ruling's rule numbers are stored with the version of the Core Rules it cites (`ruling_rules.version`); whether that
version has each number is decided for every ruling at once (`build.resolve_citations`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.importers import faq_markdown, riftboundfaq
from cardsdb.importers.faqs import NameMatcher
from cardsdb.importers.ruling_entries import RulingEntry
from cardsdb.names import normalize

FAQ_GLOB = "rules-*/faq-*.md"
COMMUNITY_DIR = Path("community") / "riftboundfaq"

Row = dict[str, Any]


@dataclass
class NewerRulings:
    entries: list[RulingEntry] = field(default_factory=list)
    dates: dict[str, str] = field(default_factory=dict)  # what each source is as of, for the meta table


def load_newer_rulings(source: Path, warnings: list[str]) -> NewerRulings:
    """The transcribed official FAQs and the community site found in a data folder (each optional)."""
    found = NewerRulings()
    for path in sorted(source.glob(FAQ_GLOB)):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise BuildError(f"{path.name} is not UTF-8 text") from None
        document = faq_markdown.parse_faq_markdown(text, file_name=path.name)
        found.entries.extend(document.entries)
        found.dates[document.id] = document.date
        warnings.extend(document.warnings)
    community = source / COMMUNITY_DIR
    if community.is_dir():
        site = riftboundfaq.parse_site(community)
        found.entries.extend(site.entries)
        dated = [e.date for e in site.entries if e.date]
        if dated:
            found.dates[riftboundfaq.SITE] = max(dated)
        warnings.extend(site.warnings)
    return found


def ruling_rows(
    entries: Sequence[RulingEntry], *, matcher: NameMatcher, card_ids: Mapping[str, str]
) -> tuple[list[Row], list[Row], list[Row]]:
    """Rows of `rulings`, `ruling_rules` and `ruling_cards` for the entries; `matcher` finds card names (and their
    aliases) in the text, `card_ids` maps normalized names to ids. `resolves` is set later for every ruling at once
    (`build.resolve_citations`), against the version each ruling cites."""
    rulings: list[Row] = []
    ruling_rules: list[Row] = []
    ruling_cards: list[Row] = []
    for entry in entries:
        for number in entry.rules:
            ruling_rules.append(
                {"ruling_id": entry.id, "number": number, "version": entry.rules_version, "resolves": 0}
            )
        mentioned = matcher.find(f"{entry.question}\n{entry.answer}")
        named = list(dict.fromkeys([*entry.cards, *mentioned]))
        linked: list[str] = []
        for name in named:
            card_id = card_ids.get(normalize(name))
            if card_id is not None and card_id not in linked:
                linked.append(card_id)
                ruling_cards.append({"ruling_id": entry.id, "card_id": card_id})
        rulings.append(
            {
                "id": entry.id,
                "question": entry.question,
                "answer": entry.answer,
                "source": entry.source,
                "source_id": entry.source_id,
                "source_title": entry.source_title,
                "date": entry.date,
                "url": entry.url,
                "rules": json.dumps(list(entry.rules)),
                "rules_version": entry.rules_version,
                "cards": json.dumps(named, ensure_ascii=False),
                "credit": entry.credit,
            }
        )
    return rulings, ruling_rules, ruling_cards


def counts_by_source(
    faq_entries: Iterable[Any], newer: Iterable[RulingEntry], seed_claims: int
) -> dict[str, dict[str, int]]:
    """Rulings counted by where they come from: official FAQs by document, community rulings by site or event, and the
    seed claims. `faq_entries` are faqs.json's entries (`source`, `source_title`)."""
    counts: dict[str, dict[str, int]] = {"official": {}, "community": {}, "seed": {}}
    for e in faq_entries:
        group = counts.setdefault(str(e.source), {})
        group[str(e.source_title)] = group.get(str(e.source_title), 0) + 1
    for entry in newer:
        group = counts.setdefault(entry.source, {})
        group[entry.collection] = group.get(entry.collection, 0) + 1
    if seed_claims:
        counts["seed"]["seed claims"] = seed_claims
    return {source: group for source, group in counts.items() if group}


def counts_summary(counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    """The report's lines: "official: Origins FAQ 97, ..." per source."""
    return [
        f"  {source}: " + ", ".join(f"{name} {n}" for name, n in group.items())
        for source, group in counts.items()
    ]
