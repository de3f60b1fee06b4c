"""The build as stages, each a function: the SQLite card database from a data folder (and/or RiftCodex items) plus the
project's data. Read the cards, then the rules, then the rulings (each stage hands the next what it needs), count
them, and write every table (`write.replace_database`: a temporary file beside the target, checked, then renamed over
it, so a failed build leaves the previous database in place). Bad input raises `BuildError` with one line.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cardsdb.build import rules as build_rules
from cardsdb.build import rulings as build_rulings
from cardsdb.build.asked import asked_of_two_rules, asked_rows, duplicates_warning
from cardsdb.build.cards import CardTables, build_card_tables
from cardsdb.build.inventory import BuiltFrom
from cardsdb.build.keywords import keyword_rows
from cardsdb.build.meanings import cache_path, meaning_meta, meaning_rows, meaning_texts
from cardsdb.build.readings import reading_meta, reading_rows
from cardsdb.build.record import keep_good, remove_leftovers
from cardsdb.build.ruling_links import link_rulings
from cardsdb.build.source_files import read_json_file
from cardsdb.build.write import replace_database
from cardsdb.errors import BuildError
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
)
from cardsdb.project.asked import AskedRule, load_asked
from cardsdb.project.claims import Claim, load_claims
from cardsdb.project.keywords import KnownToken, load_keywords
from cardsdb.project.overlay import Overlay, load_overlay
from cardsdb.schema import SCHEMA_VERSION

Progress = Callable[[str], None]
Row = dict[str, Any]


@dataclass
class BuildReport:
    db_path: str
    source: str
    counts: dict[str, int]
    faq_entries: dict[str, int]  # FAQ id -> entries split from it
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    dates: dict[str, str] = field(default_factory=dict)
    rule_chapters: dict[str, dict[str, int]] = field(default_factory=dict)  # "core v1.4" -> {"000": 19, ...}
    sets: dict[str, dict[str, int]] = field(default_factory=dict)  # set -> {"printings", "names"}
    bans: dict[str, int] = field(default_factory=dict)  # format -> cards on its newest ban list
    # "official" -> FAQ title -> rulings, "community" -> site or event -> rulings, "seed" -> {"seed claims": n}
    rulings_by_source: dict[str, dict[str, int]] = field(default_factory=dict)
    # keyword -> {"names": cards here that have it, "seeds_count": the seeds' count, "might_be": cards whose text is
    # not known yet that may have it}, for each keyword the seeds count (Hidden)
    keyword_counts: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def _rules_line(self) -> str:
        """The rules per version; a version the build has none of says so, with no date (the date of nothing)."""
        c = self.counts
        versions = (("rules_v14", V14_RULES_VERSION), ("rules_v13", V13_RULES_VERSION))
        held = [f"{c.get('rules_current', 0)} current ({CURRENT_RULES_VERSION})"]
        held += [f"{c[key]} {name}" for key, name in versions if c.get(key)]
        missing = [name for key, name in versions if not c.get(key)]
        tournament = c.get("rules_tournament", 0)
        parts = [", ".join(held)]
        parts.append(
            f"Tournament Rules {tournament} ({TOURNAMENT_RULES_VERSION})"
            if tournament
            else "no Tournament Rules"
        )
        if missing:
            parts.append("no Core Rules " + " or ".join(missing))
        if c.get("rule_changes"):
            parts.append(f"{c['rule_changes']} changes between versions")
        if c.get("patch_notes"):
            parts.append(f"patch notes tied to rules: {c.get('patch_notes_linked', 0)} of {c['patch_notes']}")
        return "rules: " + "; ".join(parts)

    def summary(self) -> str:
        c = self.counts
        lines = [
            f"built {self.db_path} from {self.source} in {self.seconds:.1f} s",
            f"cards: {c.get('cards', 0)} names ({c.get('printings', 0)} printings, {c.get('battlefields', 0)} battlefields)"
            f" + {c.get('seed_cards', 0)} known only from the seeds",
            self._rules_line(),
            f"rulings: {c.get('rulings', 0)} ({c.get('seed_claims', 0)} seed claims); errata: {c.get('errata', 0)}",
            f"questions players ask, tied to the rules answering them: {c.get('asked_questions', 0)}"
            f" ({c.get('asked_duplicates', 0)} pairs asking the same of two rules)",
        ]
        for name, chapters in self.rule_chapters.items():
            lines.append(f"rules per chapter, {name}: " + " · ".join(f"{k} {v}" for k, v in chapters.items()))
        if self.sets:
            lines.append(
                "sets: "
                + ", ".join(
                    f"{s} {n['printings']} printings/{n['names']} names"
                    + (f" ({n['without_text']} without text)" if n.get("without_text") else "")
                    for s, n in self.sets.items()
                )
            )
        lines.append(f"names with Hidden: {c.get('hidden_names', 0)}; aliases: {c.get('aliases', 0)}")
        lines += [_keyword_line(name, found) for name, found in self.keyword_counts.items()]
        if self.bans:
            as_of = self.dates.get("legality_as_of", "")
            lines.append(
                "bans"
                + (f" (as of {as_of})" if as_of else "")
                + ": "
                + ", ".join(f"{fmt} {n}" for fmt, n in self.bans.items())
            )
        else:
            lines.append("bans: no ban list")
        if self.faq_entries:
            lines.append("FAQ entries: " + ", ".join(f"{k} {v}" for k, v in self.faq_entries.items()))
        if self.rulings_by_source:
            lines += ["rulings by source:", *build_rulings.counts_summary(self.rulings_by_source)]
        if self.warnings:
            lines.append(f"warnings: {len(self.warnings)} (see --json or the meta table)")
        return "\n".join(lines)


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _read_asked(
    asked: Sequence[AskedRule] | None, rules: build_rules.RulesBuild, warnings: list[str]
) -> tuple[list[Row], int]:
    """The rows of the questions players ask (the project's files unless a test passes its own), and how many are
    tied to two rules (a warning names them)."""
    asked = asked if asked is not None else load_asked()
    rows = asked_rows(asked, rules.rows, warnings)
    asked_twice = asked_of_two_rules(asked)
    warnings += filter(None, [duplicates_warning(asked_twice)])
    return rows, len(asked_twice)


def _built_from(source: Path | None, riftcodex_url: str | None) -> BuiltFrom:
    """What a build read (its data folder, RiftCodex's address), recorded so that a refresh rebuilds from the same."""
    return BuiltFrom(
        data_folder=str(source.resolve()) if source is not None else None,
        riftcodex=riftcodex_url,
        built_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )


def build_database(
    source: Path | None,
    db_path: Path,
    *,
    card_items: list[dict[str, Any]] | None = None,
    progress: Progress | None = None,
    claims: Sequence[Claim] | None = None,
    overlay: Overlay | None = None,
    known_tokens: Sequence[KnownToken] | None = None,
    asked: Sequence[AskedRule] | None = None,
    source_label: str | None = None,
    riftcodex_url: str | None = None,
    record: bool = True,
    meanings_cache: Path | None = None,
) -> BuildReport:
    """Build the database at `db_path` from a data folder and/or RiftCodex items, plus the project's own data.

    `claims`, `overlay`, `known_tokens` and `asked` default to the project's files (tests pass their own); `source_label`
    is the source the meta table records (sync: `riftcodex:<url>`); `riftcodex_url`, where `card_items` come from, is
    recorded with the data folder (`built_from`) so that a refresh rebuilds from the same sources. With `record` (not
    for a build beside the serving file, which a refresh compares first), the build record and the last good copy are
    written beside it (`cardsdb.build.record`); `meanings_cache`: by default beside `db_path`.
    """
    started = time.perf_counter()
    say: Progress = progress or (lambda _message: None)
    warnings: list[str] = []
    dates: dict[str, str] = {}
    if source is not None and not source.is_dir():
        raise BuildError(f"the data folder {source} does not exist")

    known = tuple(known_tokens) if known_tokens is not None else load_keywords()
    card_tables = _read_cards(source, card_items, known, warnings, dates, say)
    rules = _read_rules(source, overlay or load_overlay(), card_items is None, warnings, dates, say)
    say("reading rulings")
    claims = claims if claims is not None else load_claims()
    rulings = build_rulings.read_rulings(source, claims, rules, card_tables, warnings, dates)
    say(f"rulings: {len(rulings.rows['rulings'])} ({len(claims)} seed claims)")
    asked_questions, asked_twice = _read_asked(asked, rules, warnings)
    texts = meaning_texts(rules.rows, rulings.rows["rulings"], asked_questions)
    meanings = meaning_rows(texts, meanings_cache or cache_path(db_path), say=say)

    counts = {
        **_counts(card_tables, rules, rulings, len(claims)),
        "asked_questions": len(asked_questions),
        "asked_duplicates": asked_twice,
    }
    label = source_label or (
        f"files:{source}" if card_items is None else "riftcodex" + (f" + files:{source}" if source else "")
    )
    from_riftcodex = riftcodex_url if card_items is not None else None
    meta = _meta(label, _built_from(source, from_riftcodex), card_tables, dates, counts, rulings, warnings)
    meta.update(meaning_meta(meanings))
    say(f"writing {db_path}")

    def link(path: Path) -> None:
        say("linking rulings to the rules they discuss")
        counts["ruling_links"] = link_rulings(path)

    if record:
        remove_leftovers(db_path)
    tables = _tables(card_tables, known, rules, rulings, asked_questions, meta)
    replace_database(db_path, {**tables, "meanings": meanings}, link)
    if record:
        keep_good(db_path)
    return BuildReport(
        db_path=str(db_path),
        source=label,
        counts=counts,
        faq_entries=rulings.faq_counts,
        warnings=warnings,
        seconds=round(time.perf_counter() - started, 3),
        dates=dates,
        rule_chapters=rules.chapters,
        sets=card_tables.sets,
        bans=card_tables.bans,
        rulings_by_source=rulings.by_source,
        keyword_counts=keyword_counts(card_tables, known),
    )


def _keyword_line(name: str, found: Mapping[str, Any]) -> str:
    """ "Hidden: 42 names here, 44 by the seeds' count; the other 2 may be among the 33 whose text is not known
    yet: ..."."""
    line = f"{name}: {found['names']} names here, {found['seeds_count']} by the seeds' count"
    missing = found["seeds_count"] - found["names"]
    if missing > 0 and found["might_be"]:
        line += (
            f"; the other {missing} may be among the {len(found['might_be'])} whose text is not known yet: "
            + " · ".join(found["might_be"])
        )
    return line


_MAIN_DECK_TYPES = frozenset({"unit", "spell", "gear"})


def keyword_counts(card_tables: CardTables, known: Sequence[KnownToken]) -> dict[str, dict[str, Any]]:
    """For each keyword the seeds count: the cards of the data that have it, and those with printings whose text no
    source gives (main deck cards, or of no known type) that may."""
    data = [c for c in card_tables.cards if c.id not in card_tables.seed_ids]
    might_be = [
        c.name
        for c in data
        if not c.knows("text")
        and c.knows("set")
        and (not c.types or _MAIN_DECK_TYPES & {t.casefold() for t in c.types})
    ]
    return {
        t.name: {
            "names": sum(1 for c in data if c.has_keyword(t.name)),
            "seeds_count": t.seeds_count,
            "might_be": sorted(might_be, key=str.casefold),
        }
        for t in known
        if t.seeds_count is not None
    }


def _read_cards(
    source: Path | None,
    card_items: list[dict[str, Any]] | None,
    known: Sequence[KnownToken],
    warnings: list[str],
    dates: dict[str, str],
    say: Progress,
) -> CardTables:
    """Stage 1: the cards, their printings, aliases, errata and ban lists, from every source."""
    say("reading cards")

    def read_json(path: Path) -> Any:  # named in errors as in the data folder: "gallery-2026-07/cards.json"
        inside = source is not None and path.is_relative_to(source)
        return read_json_file(path, path.relative_to(source).as_posix() if inside and source else path.name)

    card_tables = build_card_tables(source, card_items, known, read_json, warnings)
    dates.update(
        {k: v for k, v in card_tables.meta.items() if k in ("cards_updated_at", "legality_as_of") and v}
    )
    say(
        f"cards: {len(card_tables.rows['printings'])} printings, "
        f"{len(card_tables.cards) - card_tables.seeds_added} names"
    )
    return card_tables


def _read_rules(
    source: Path | None,
    overlay: Overlay,
    required: bool,
    warnings: list[str],
    dates: dict[str, str],
    say: Progress,
) -> build_rules.RulesBuild:
    """Stage 2: the rules of every version and document, and what changed between versions."""
    say("reading rules")
    rules = build_rules.load_rules(source, overlay, required=required)
    warnings += rules.warnings
    dates.update(rules.dates)
    say(
        f"rules: {len(overlay.rules)} current, {rules.counts['rules_v14']} {V14_RULES_VERSION}, "
        f"{rules.counts['rules_v13']} {V13_RULES_VERSION}, {rules.counts['rules_tournament']} tournament"
    )
    return rules


def _counts(
    card_tables: CardTables, rules: build_rules.RulesBuild, rulings: build_rulings.RulingTables, claims: int
) -> dict[str, int]:
    """What the report and the meta table count (cards known only from the seeds stay out of the data counts)."""
    data_only = [c for c in card_tables.cards if c.id not in card_tables.seed_ids]
    return {
        "cards": len(data_only),
        "printings": len(card_tables.rows["printings"]),
        "battlefields": sum(1 for c in data_only if c.is_type("Battlefield")),
        "hidden_names": sum(1 for c in data_only if c.has_keyword("Hidden")),
        "aliases": len(card_tables.rows["card_aliases"]),
        "seed_cards": card_tables.seeds_added,
        **rules.counts,
        "rulings": len(rulings.rows["rulings"]),
        "seed_claims": claims,
        "errata": len(card_tables.rows["errata"]),
        "bans": len(card_tables.rows["bans"]),
    }


def _meta(
    label: str,
    built_from: BuiltFrom,
    card_tables: CardTables,
    dates: Mapping[str, str],
    counts: Mapping[str, int],
    rulings: build_rulings.RulingTables,
    warnings: list[str],
) -> dict[str, str]:
    """The meta table: the schema, when and from what the database was built, what its sources are as of, counts."""
    return {
        "schema_version": str(SCHEMA_VERSION),
        "built_at": built_from.built_at or "",
        "built_from": built_from.to_meta(),  # what a refresh rebuilds from (cardsdb.build.refresh)
        "source": label,
        **card_tables.meta,
        "faqs_updated_at": dates.get("faqs_updated_at", ""),
        "rules_current_version": CURRENT_RULES_VERSION,
        "rules_v14_date": dates.get("rules_v14_date", ""),
        "rules_v13_date": dates.get("rules_v13_date", ""),
        "rules_tournament_date": dates.get("rules_tournament_date", ""),
        "count_cards": str(counts["cards"]),
        "count_printings": str(counts["printings"]),
        "count_battlefields": str(counts["battlefields"]),
        "count_rules_current": str(counts["rules_current"]),
        "count_rules_v14": str(counts["rules_v14"]),
        "count_rules_v13": str(counts["rules_v13"]),
        "count_rules_tournament": str(counts["rules_tournament"]),
        "count_rulings": str(counts["rulings"]),
        "rulings_by_source": _dump(rulings.by_source),
        "rulings_as_of": _dump(rulings.as_of),
        "warnings": _dump(warnings),
    }


def _tables(
    card_tables: CardTables,
    known: Sequence[KnownToken],
    rules: build_rules.RulesBuild,
    rulings: build_rulings.RulingTables,
    asked_questions: list[Row],
    meta: Mapping[str, str],
) -> dict[str, list[Row]]:
    """Every table's rows, by table name; the meta table with the digest of all the others."""
    keywords, card_keywords = keyword_rows(card_tables.cards, known)
    tables: dict[str, list[Row]] = {
        **card_tables.rows,
        "keywords": keywords,
        "card_keywords": card_keywords,
        "rules": rules.rows,
        "rule_moves": rules.moves,
        "rule_changes": [{"id": i + 1, **row} for i, row in enumerate(rules.changes)],
        "patch_notes": rules.notes,
        **rulings.rows,
        "asked_questions": asked_questions,
        "card_readings": reading_rows(card_tables.cards),
    }
    digest = content_digest(tables, meta.get("meaning_model", ""))
    stamped = {**meta, **reading_meta(), "content_digest": digest}
    tables["meta"] = [{"key": k, "value": v} for k, v in stamped.items()]
    return tables


def content_digest(tables: Mapping[str, list[Row]], meaning_model: str = "") -> str:
    """A digest of every row but the meta table's, and of the model that made the meanings: two builds of the same data
    by the same program have the same digest, whenever they were made (a refresh that brings nothing new swaps
    nothing; one whose meanings a new model made swaps)."""
    digest = hashlib.sha256(meaning_model.encode())
    for name in sorted(tables):
        if name != "meta":
            digest.update(name.encode())
            digest.update(json.dumps(tables[name], sort_keys=True, ensure_ascii=False, default=str).encode())
    return digest.hexdigest()
