"""The build's rulings stage (`read_rulings`): the seed claims (claims.yaml), the FAQs of `faqs.json`, the official
FAQs transcribed to markdown (`rules-*/faq-*.md`) and the community rulings of riftboundfaq.com
(`community/riftboundfaq/`), as rows of `rulings`, `ruling_rules` and `ruling_cards`; the rulings an erratum made out
of date; and the count of every ruling by where it comes from (the build report).

A ruling's rule numbers are stored with the version of the Core Rules it cites (`ruling_rules.version`); whether that
version has each number is decided for every ruling at once (`resolve_citations`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

from cardsdb.build.cards import CardTables
from cardsdb.build.importers import faq_markdown, faqs, riftboundfaq
from cardsdb.build.importers.faqs import NameMatcher
from cardsdb.build.importers.ruling_entries import RulingEntry
from cardsdb.build.importers.text import readable
from cardsdb.build.rules import RulesBuild, RuleSets
from cardsdb.build.source_files import read_json
from cardsdb.errors import BuildError
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.names import normalize
from cardsdb.project import provenance
from cardsdb.project.claims import Claim
from cardsdb.rule_numbers import parse_rule_ref
from cardsdb.rule_versions import v14_counterpart, version_label

FAQS_FILE = "faqs.json"
FAQ_GLOB = "rules-*/faq-*.md"
COMMUNITY_DIR = Path("community") / "riftboundfaq"

Row = dict[str, Any]


@dataclass
class RulingTables:
    """What the rulings part of the build writes (`rows`: rulings, ruling_rules, ruling_cards) and reports."""

    rows: dict[str, list[Row]]
    faq_counts: dict[str, int]  # FAQ id -> entries split from it
    by_source: dict[str, dict[str, int]]  # counts_by_source
    as_of: dict[str, str]  # what each newer source is as of


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
    (`resolve_citations`), against the version each ruling cites."""
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


# --- the seed claims and the FAQs -------------------------------------------------------------------


def claim_rows(
    claims: Sequence[Claim],
    sets: RuleSets,
    superseded: Mapping[str, frozenset[str]],
    card_ids: Mapping[str, str],
    warnings: list[str],
) -> tuple[list[Row], list[Row], list[Row]]:
    """The seed claims as rulings, each cited number checked against the version it cites: the current rules (a
    number as the seeds write it), or an older version the claim names ("312.2 (v1.4)"), in a meaning the current
    rules did not give to another rule."""
    rulings: list[Row] = []
    ruling_rules: list[Row] = []
    ruling_cards: list[Row] = []
    for claim in claims:
        for cited in claim.rules:
            ref = parse_rule_ref(cited)
            number, version = (ref.number, ref.version) if ref else (cited, None)
            version = version or CURRENT_RULES_VERSION
            _check_claim_citation(claim.id, number, version, sets, superseded, warnings)
            ruling_rules.append(
                {
                    "ruling_id": claim.id,
                    "number": number,
                    "version": version,
                    "resolves": 1 if sets.has(number, version) else 0,
                }
            )
        for name in claim.cards:
            card_id = card_ids.get(normalize(name))
            if card_id is None:
                warnings.append(f"claim {claim.id} names the card {name!r}, which is not in the database")
            elif not any(r["card_id"] == card_id for r in ruling_cards if r["ruling_id"] == claim.id):
                ruling_cards.append({"ruling_id": claim.id, "card_id": card_id})
        rulings.append(
            {
                "id": claim.id,
                "question": claim.question,
                "answer": claim.answer,
                "source": "seed",
                "source_id": claim.source,
                "source_title": provenance.claim_source_title(claim.source, claim.section, claim.origin),
                "date": CURRENT_RULES_VERSION,
                "url": None,
                "rules": _dump(list(claim.rules)),
                "rules_version": CURRENT_RULES_VERSION,
                "cards": _dump(list(claim.cards)),
            }
        )
    return rulings, ruling_rules, ruling_cards


def _check_claim_citation(
    claim_id: str,
    number: str,
    version: str,
    sets: RuleSets,
    superseded: Mapping[str, frozenset[str]],
    warnings: list[str],
) -> None:
    if version == CURRENT_RULES_VERSION:
        if sets.has(number, version):
            return
        older = sets.newest_with(number)
        if older is not None and number in superseded.get(older, frozenset()):
            raise BuildError(
                f"claims.yaml: claim {claim_id} cites {number} in its {older} meaning, "
                "but the current rules use that number for another rule"
            )
        hint = f'; {older} has it: write it "{number} ({older})" if that rule is meant' if older else ""
        raise BuildError(
            f"claims.yaml: claim {claim_id} cites rule {number}, which the current rules overlay lacks{hint}"
        )
    if number in superseded.get(version, frozenset()):
        raise BuildError(
            f"claims.yaml: claim {claim_id} cites {number} in its {version} meaning, "
            "but the current rules use that number for another rule"
        )
    if not sets.loaded(version):
        warnings.append(f"claim {claim_id} cites {number} ({version}); Core Rules {version} were not loaded")
    elif not sets.has(number, version):
        raise BuildError(
            f"claims.yaml: claim {claim_id} cites rule {number} ({version}), which {version} lacks"
        )


def resolve_citations(ruling_rules: list[Row], sets: RuleSets, warnings: list[str]) -> None:
    """Mark each cited number of every ruling as found (or not) in the version that ruling numbers its rules in: a
    Vendetta FAQ answer against v1.4, an Unleashed one against v1.3 (one older than v1.3 against v1.3 too)."""
    partial: dict[str, list[str]] = {"stand-in": [], "none": []}
    for row in ruling_rules:
        version = row.get("version") or CURRENT_RULES_VERSION
        row["resolves"] = 1 if sets.has(row["number"], version) else 0
        if not row["resolves"] and version == CURRENT_RULES_VERSION and sets.loaded(version):
            # The current rules are public only in part: a number they may well have (a v1.5 ruling's) is no error.
            older = v14_counterpart(row["number"])
            partial["stand-in" if older and sets.has(older, V14_RULES_VERSION) else "none"].append(
                row["number"]
            )
        elif not row["resolves"] and sets.loaded(version):
            warnings.append(
                f"ruling {row['ruling_id']} cites {row['number']} ({version_label(version)}), which that version lacks"
            )
    unquoted = partial["stand-in"] + partial["none"]
    if unquoted:
        without = sorted(set(partial["none"]))
        warnings.append(
            f"rulings cite {len(set(unquoted))} current (v1.5) rule numbers the seeds do not quote: "
            f"{len(set(partial['stand-in']))} shown by v1.4's corresponding rule, {len(without)} with no known pair"
            + (f" ({', '.join(without)})" if without else "")
        )


def faq_rows(
    entries: Sequence[faqs.FaqEntry],
    matcher: faqs.NameMatcher,
    card_ids: Mapping[str, str],
    warnings: list[str],
) -> tuple[list[Row], list[Row], list[Row]]:
    rulings: list[Row] = []
    ruling_rules: list[Row] = []
    ruling_cards: list[Row] = []
    for e in entries:
        names = matcher.find(f"{e.question}\n{e.answer}")
        for number in e.rules:
            # `resolves` is set for every ruling at once (resolve_citations), against the ruling's own version.
            ruling_rules.append(
                {"ruling_id": e.id, "number": number, "version": e.rules_version, "resolves": 0}
            )
        linked: list[str] = []
        for name in names:
            card_id = card_ids.get(normalize(name))
            if card_id and card_id not in linked:
                linked.append(card_id)
                ruling_cards.append({"ruling_id": e.id, "card_id": card_id})
        rulings.append(
            {
                "id": e.id,
                "question": e.question,
                "answer": e.answer,
                "source": e.source,
                "source_id": e.source_id,
                "source_title": e.source_title,
                "date": e.date,
                "url": e.url,
                "rules": _dump(list(e.rules)),
                "rules_version": e.rules_version,
                "cards": _dump(list(names)),
                "kind": e.kind,
            }
        )
    return rulings, ruling_rules, ruling_cards


# --- the stage ---------------------------------------------------------------------------------------------


def read_rulings(
    source: Path | None,
    claims: Sequence[Claim],
    rules: RulesBuild,
    card_tables: CardTables,
    warnings: list[str],
    dates: dict[str, str],
) -> RulingTables:
    """The build's rulings stage: the seed claims, the FAQs of `faqs.json`, the newer official FAQs and the community
    rulings, each cited number resolved against its own version, and those an erratum superseded marked so."""
    superseded = {
        version: frozenset(r["number"] for r in rules.rows if r["superseded"] and r["version"] == version)
        for version in (V14_RULES_VERSION, V13_RULES_VERSION)
    }
    by_norm = card_tables.name_ids
    rulings, ruling_rules, ruling_cards = claim_rows(claims, rules.sets, superseded, by_norm, warnings)
    faq_counts: dict[str, int] = {}
    matcher = faqs.NameMatcher([c.name for c in card_tables.cards], aliases=card_tables.aliases)
    entries: list[faqs.FaqEntry] = []
    newer = NewerRulings()
    if source is not None:
        faq_data = read_json(source, FAQS_FILE, required=False)
        if faq_data is None:
            warnings.append(f"{FAQS_FILE} not found: no FAQ rulings")
        else:
            entries = faqs.parse_faqs(faq_data)
            faq_counts = faqs.counts_by_source(entries)
            more = faq_rows(entries, matcher, by_norm, warnings)
            rulings += more[0]
            ruling_rules += more[1]
            ruling_cards += more[2]
            stamps = [str(a["updatedAt"]) for a in faq_data if isinstance(a, dict) and a.get("updatedAt")]
            if stamps:
                dates["faqs_updated_at"] = max(stamps)
        newer = load_newer_rulings(source, warnings)
        more = ruling_rows(newer.entries, matcher=matcher, card_ids=by_norm)
        rulings += more[0]
        ruling_rules += more[1]
        ruling_cards += more[2]
    resolve_citations(ruling_rules, rules.sets, warnings)
    _mark_superseded(rulings, ruling_cards, card_tables.rows["errata"])
    return RulingTables(
        rows={"rulings": rulings, "ruling_rules": ruling_rules, "ruling_cards": ruling_cards},
        faq_counts=faq_counts,
        by_source=counts_by_source(entries, newer.entries, len(claims)),
        as_of=newer.dates,
    )


def _mark_superseded(rulings: list[Row], ruling_cards: Sequence[Row], errata: Sequence[Row]) -> None:
    """Each ruling's `superseded_by`: the erratum that made it out of date, or None."""
    superseded_by = superseded_rulings(rulings, ruling_cards, errata)
    errata_by_id = {str(e["id"]): e for e in errata}
    for ruling in rulings:
        erratum = errata_by_id.get(superseded_by.get(ruling["id"], ""))
        ruling["superseded_by"] = (
            _dump(
                {
                    "erratum": erratum["id"],
                    "date": erratum["date"],
                    "source": erratum["source_title"],
                    "card": erratum["card_name"],
                }
            )
            if erratum
            else None
        )


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)
