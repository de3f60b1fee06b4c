"""The build's part for the newer rulings: official FAQs transcribed to markdown (`rules-*/faq-*.md`) and the community
rulings of riftboundfaq.com (`community/riftboundfaq/`), as rows of `rulings`, `ruling_rules` and `ruling_cards`;
and the count of every ruling by where it comes from (the build report).

A ruling's rule numbers are stored with the version of the Core Rules it cites (`ruling_rules.version`); whether that
version has each number is decided for every ruling at once (`build.resolve_citations`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from cardsdb.build.importers import faq_markdown, riftboundfaq
from cardsdb.build.importers.faqs import NameMatcher
from cardsdb.build.importers.ruling_entries import RulingEntry
from cardsdb.build.importers.text import readable
from cardsdb.errors import BuildError
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


# --- rulings an erratum superseded -------------------------------------------------------------------------------
SHINGLE = (
    3  # words: a ruling rests on an erratum's old text when it repeats this many of its words around a change
)


def _words(text: str) -> list[str]:
    return normalize(text).split()


_QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”')
_ERRATUM_WORD = re.compile(r"\berrat(?:a|um)\b", re.IGNORECASE)


def _shingles(words: Sequence[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def _runs(words: Sequence[str], around: set[int]) -> set[tuple[str, ...]]:
    """The runs of SHINGLE words that hold at least one of the positions `around`."""
    return {
        tuple(words[i : i + SHINGLE])
        for i in range(len(words) - SHINGLE + 1)
        if around.intersection(range(i, i + SHINGLE))
    }


def _erratum_runs(old: str, new: str) -> tuple[frozenset[tuple[str, ...]], frozenset[tuple[str, ...]]]:
    """The runs of the old text around the words the erratum replaced or removed, and of the new text around the
    words it put in, each without the runs both texts share."""
    a, b = _words(readable(old)), _words(readable(new))  # symbols in the words rulings use: "pay 1 energy"
    gone: set[int] = set()
    added: set[int] = set()
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            gone.update(range(i1, i2))
            added.update(range(j1, j2))
    old_runs, new_runs = _runs(a, gone), _runs(b, added)
    return frozenset(old_runs - new_runs), frozenset(new_runs - old_runs)


def superseded_rulings(
    rulings: Sequence[Row], ruling_cards: Sequence[Row], errata: Sequence[Row]
) -> dict[str, str]:
    """ruling id -> the id of the erratum that superseded it: a ruling about a card (named in its question, or on the
    card's own page), dated before an erratum of that card, that quotes words of the old text the erratum changed
    (Elnuk Herd's "another friendly unit" ruling of 2026-10-01, before the Radiance erratum of 2026-10-09 made it "a
    friendly unit"). A ruling that says the new words, or speaks of errata, knew of the erratum (an FAQ announcing
    it; a page updated after it) and stands. The newest such erratum wins."""
    by_card: dict[str, list[Row]] = {}
    for erratum in errata:
        if erratum.get("old_text") and erratum.get("new_text") and erratum.get("date"):
            by_card.setdefault(str(erratum["card_id"]), []).append(erratum)
    cards_of: dict[str, list[str]] = {}
    for link in ruling_cards:
        cards_of.setdefault(str(link["ruling_id"]), []).append(str(link["card_id"]))
    runs: dict[str, tuple[frozenset[tuple[str, ...]], frozenset[tuple[str, ...]]]] = {}
    found: dict[str, str] = {}
    for ruling in rulings:
        date = ruling.get("date")
        if not date:
            continue
        text = f"{ruling.get('question') or ''}\n{ruling.get('answer') or ''}"
        if _ERRATUM_WORD.search(text):
            continue  # it speaks of an erratum: written with it in mind
        said = _shingles(_words(text))
        quoted = {run for m in _QUOTED.finditer(text) for run in _shingles(_words(m.group(1) or m.group(2)))}
        later = [
            e
            for card in cards_of.get(str(ruling["id"]), ())
            for e in by_card.get(card, ())
            if str(e["date"]) > date and _about(ruling, str(e["card_name"]))
        ]
        for erratum in sorted(later, key=lambda e: str(e["date"]), reverse=True):
            key = str(erratum["id"])
            if key not in runs:
                runs[key] = _erratum_runs(str(erratum["old_text"]), str(erratum["new_text"]))
            old_words, new_words = runs[key]
            if quoted & old_words and not said & new_words:
                found[str(ruling["id"])] = key
                break
    return found


def _about(ruling: Row, card_name: str) -> bool:
    """A ruling is about a card when its question names it (a legend or champion unit by its champion too) or it
    stands on the card's own page."""
    question = normalize(str(ruling.get("question") or ""))
    names = {normalize(card_name), normalize(card_name.split(", ", 1)[0])}
    if any(f" {n} " in f" {question} " for n in names if n):
        return True
    page = str(ruling.get("url") or "").split("#", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return bool(page) and page.replace("-", " ") in normalize(card_name)
