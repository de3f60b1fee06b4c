"""`python -m cardsdb build`: the SQLite card database from a data folder (and/or RiftCodex items) plus the project's data.

The build writes a temporary file beside the target, checks it, then renames it over the target, so a failed build
leaves the previous database in place. Bad input raises `BuildError` with one line.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from cardsdb import build_rules, build_rulings, project_data, provenance, ruling_links
from cardsdb.card_build import build_card_tables
from cardsdb.errors import BuildError
from cardsdb.importers import faqs as faq_importer
from cardsdb.importers import text as cardtext
from cardsdb.keywords import KnownToken, load_keywords
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
    Card,
)
from cardsdb.names import normalize
from cardsdb.paths import db_path as default_db_path
from cardsdb.rule_numbers import parse_rule_ref
from cardsdb.rule_versions import version_label
from cardsdb.schema import FOREIGN_KEYS, FTS, INDEXES, PRIMARY_KEYS, SCHEMA_VERSION, TABLES

Progress = Callable[[str], None]
Row = dict[str, Any]

FAQS_FILE = "faqs.json"


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

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def summary(self) -> str:
        c = self.counts
        lines = [
            f"built {self.db_path} from {self.source} in {self.seconds:.1f} s",
            f"cards: {c.get('cards', 0)} names ({c.get('printings', 0)} printings, {c.get('battlefields', 0)} battlefields)"
            f" + {c.get('seed_cards', 0)} known only from the seeds",
            f"rules: {c.get('rules_current', 0)} current ({CURRENT_RULES_VERSION}), {c.get('rules_v14', 0)} "
            f"{V14_RULES_VERSION}, {c.get('rules_v13', 0)} {V13_RULES_VERSION}; Tournament Rules "
            f"{c.get('rules_tournament', 0)} ({TOURNAMENT_RULES_VERSION}); {c.get('rule_changes', 0)} changes between "
            f"versions; patch notes tied to rules: {c.get('patch_notes_linked', 0)} of {c.get('patch_notes', 0)}",
            f"rulings: {c.get('rulings', 0)} ({c.get('seed_claims', 0)} seed claims); errata: {c.get('errata', 0)}",
        ]
        for name, chapters in self.rule_chapters.items():
            lines.append(f"rules per chapter, {name}: " + " · ".join(f"{k} {v}" for k, v in chapters.items()))
        if self.sets:
            lines.append(
                "sets: "
                + ", ".join(
                    f"{s} {n['printings']} printings/{n['names']} names" for s, n in self.sets.items()
                )
            )
        lines.append(f"names with Hidden: {c.get('hidden_names', 0)}; aliases: {c.get('aliases', 0)}")
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


def _read_json(folder: Path, name: str, *, required: bool) -> Any:
    path = folder / name
    if not path.is_file():
        if required:
            raise BuildError(f"required file {name} is missing from {folder}")
        return None
    return read_json_file(path, name)


def read_json_file(path: Path, name: str | None = None) -> Any:
    """A JSON file; BuildError with one line (naming it `name`) when it is not UTF-8 or not JSON (a truncated
    download)."""
    name = name or path.name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BuildError(f"{name} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BuildError(
            f"{name} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}); the file may be truncated"
        ) from None


def _dump(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


# --- cards ---------------------------------------------------------------------------------------------


def _keyword_rows(cards: Sequence[Card], known: Sequence[KnownToken]) -> tuple[list[Row], list[Row]]:
    card_keywords: list[Row] = []
    counts: dict[str, int] = {}
    reminders: dict[str, str] = {}
    plain: dict[str, str] = {}
    for card in cards:
        values: dict[str, list[str]] = {}
        for k in card.keywords:
            values.setdefault(k.name, [])
            if k.value:
                values[k.name].append(k.value)
        for name, vals in values.items():
            card_keywords.append({"card_id": card.id, "keyword": name, "value": ", ".join(vals) or None})
            if not card.partial:  # cards known only from the seeds stay out of the data counts
                counts[name] = counts.get(name, 0) + 1
            printed = cardtext.general_reminder(card.text_raw, name)
            if printed and (name not in reminders or not vals):
                reminders.setdefault(name, printed)
                if not vals:  # the plain keyword's reminder ([Assault] rather than [Assault 3]) wins
                    plain.setdefault(name, printed)
    keywords = [
        {
            "name": t.name,
            "kind": t.kind,
            "rule": t.rule,
            "reminder": plain.get(t.name) or reminders.get(t.name) or t.meaning,
            "card_count": counts.get(t.name, 0),
        }
        for t in known
    ]
    return keywords, card_keywords


# --- rules ---------------------------------------------------------------------------------------------


# --- rulings -------------------------------------------------------------------------------------------


def _claim_rows(
    claims: Sequence[project_data.Claim],
    sets: build_rules.RuleSets,
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
    sets: build_rules.RuleSets,
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


def resolve_citations(ruling_rules: list[Row], sets: build_rules.RuleSets, warnings: list[str]) -> None:
    """Mark each cited number of every ruling as found (or not) in the version that ruling numbers its rules in: a
    Vendetta FAQ answer against v1.4, an Unleashed one against v1.3 (one older than v1.3 against v1.3 too)."""
    for row in ruling_rules:
        version = row.get("version") or CURRENT_RULES_VERSION
        row["resolves"] = 1 if sets.has(row["number"], version) else 0
        if not row["resolves"] and sets.loaded(version):
            warnings.append(
                f"ruling {row['ruling_id']} cites {row['number']} ({version_label(version)}), which that version lacks"
            )


def _faq_rows(
    entries: Sequence[faq_importer.FaqEntry],
    matcher: faq_importer.NameMatcher,
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


# --- writing -------------------------------------------------------------------------------------------


def _write(path: Path, tables: Mapping[str, list[Row]]) -> None:
    db = sqlite_utils.Database(path)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        for name, columns in TABLES.items():
            fks = [(col, other, other_col) for col, other, other_col in FOREIGN_KEYS.get(name, [])]
            table = db.table(name)
            table.create(columns, pk=PRIMARY_KEYS[name], foreign_keys=fks or None)
            rows = tables.get(name, [])
            if rows:
                table.insert_all(rows, batch_size=500)
        for name, fts_columns in FTS.items():
            # porter: "hiding" finds "hide", "opponents" finds "opponent"; the same stemming applies to the query.
            db.table(name).enable_fts(fts_columns, create_triggers=False, tokenize="porter")
        for statement in INDEXES:
            db.execute(statement)
        problems = list(db.execute("PRAGMA foreign_key_check").fetchall())
        if problems:
            table_name, rowid, parent, _ = problems[0]
            raise BuildError(
                f"internal check failed: {table_name} row {rowid} points to a missing {parent} row"
            )
        db.conn.commit()
        db.execute("ANALYZE")  # statistics for the query planner: it picks the number index over the doc one
        db.execute("VACUUM")
    finally:
        db.close()


def build_database(
    source: Path | None,
    db_path: Path,
    *,
    card_items: list[dict[str, Any]] | None = None,
    progress: Progress | None = None,
    claims: Sequence[project_data.Claim] | None = None,
    overlay: project_data.Overlay | None = None,
    known_tokens: Sequence[KnownToken] | None = None,
    source_label: str | None = None,
) -> BuildReport:
    """Build the database at `db_path` from a data folder and/or RiftCodex items, plus the project's own data.

    `claims`, `overlay` and `known_tokens` default to the project's files (tests pass their own); `source_label`
    is what the meta table records as the source (sync passes `riftcodex:<url>`).
    """
    started = time.perf_counter()
    say: Progress = progress or (lambda _message: None)
    warnings: list[str] = []
    dates: dict[str, str] = {}
    if source is not None and not source.is_dir():
        raise BuildError(f"the data folder {source} does not exist")

    known = tuple(known_tokens) if known_tokens is not None else load_keywords()
    say("reading cards")

    def read_json(path: Path) -> Any:  # named in errors as in the data folder: "gallery-2026-07/cards.json"
        inside = source is not None and path.is_relative_to(source)
        return read_json_file(path, path.relative_to(source).as_posix() if inside and source else path.name)

    card_tables = build_card_tables(source, card_items, known, read_json, warnings)
    cards = card_tables.cards
    by_norm = card_tables.name_ids
    dates.update(
        {k: v for k, v in card_tables.meta.items() if k in ("cards_updated_at", "legality_as_of") and v}
    )
    say(
        f"cards: {len(card_tables.rows['printings'])} printings, {len(cards) - card_tables.seeds_added} names"
    )

    say("reading rules")
    overlay = overlay or project_data.load_overlay()
    rules = build_rules.load_rules(source, overlay, required=card_items is None)
    warnings += rules.warnings
    dates.update(rules.dates)
    superseded = {
        version: frozenset(r["number"] for r in rules.rows if r["superseded"] and r["version"] == version)
        for version in (V14_RULES_VERSION, V13_RULES_VERSION)
    }
    say(
        f"rules: {len(overlay.rules)} current, {rules.counts['rules_v14']} {V14_RULES_VERSION}, "
        f"{rules.counts['rules_v13']} {V13_RULES_VERSION}, {rules.counts['rules_tournament']} tournament"
    )

    say("reading rulings")
    claims = claims if claims is not None else project_data.load_claims()
    rulings, ruling_rules, ruling_cards = _claim_rows(claims, rules.sets, superseded, by_norm, warnings)
    faq_counts: dict[str, int] = {}
    matcher = faq_importer.NameMatcher([c.name for c in cards], aliases=card_tables.aliases)
    entries: list[faq_importer.FaqEntry] = []
    newer = build_rulings.NewerRulings()
    if source is not None:
        faq_data = _read_json(source, FAQS_FILE, required=False)
        if faq_data is None:
            warnings.append(f"{FAQS_FILE} not found: no FAQ rulings")
        else:
            entries = faq_importer.parse_faqs(faq_data)
            faq_counts = faq_importer.counts_by_source(entries)
            more = _faq_rows(entries, matcher, by_norm, warnings)
            rulings += more[0]
            ruling_rules += more[1]
            ruling_cards += more[2]
            stamps = [str(a["updatedAt"]) for a in faq_data if isinstance(a, dict) and a.get("updatedAt")]
            if stamps:
                dates["faqs_updated_at"] = max(stamps)
        newer = build_rulings.load_newer_rulings(source, warnings)
        more = build_rulings.ruling_rows(newer.entries, matcher=matcher, card_ids=by_norm)
        rulings += more[0]
        ruling_rules += more[1]
        ruling_cards += more[2]
    resolve_citations(ruling_rules, rules.sets, warnings)
    superseded_by = build_rulings.superseded_rulings(rulings, ruling_cards, card_tables.rows["errata"])
    errata_by_id = {str(e["id"]): e for e in card_tables.rows["errata"]}
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
    rulings_by_source = build_rulings.counts_by_source(entries, newer.entries, len(claims))
    say(f"rulings: {len(rulings)} ({len(claims)} seed claims)")

    keyword_rows, card_keyword_rows = _keyword_rows(cards, known)
    data_only = [c for c in cards if not c.partial]
    counts = {
        "cards": len(data_only),
        "printings": len(card_tables.rows["printings"]),
        "battlefields": sum(1 for c in data_only if c.is_type("Battlefield")),
        "hidden_names": sum(1 for c in data_only if c.has_keyword("Hidden")),
        "aliases": len(card_tables.rows["card_aliases"]),
        "seed_cards": card_tables.seeds_added,
        **rules.counts,
        "rulings": len(rulings),
        "seed_claims": len(claims),
        "errata": len(card_tables.rows["errata"]),
        "bans": len(card_tables.rows["bans"]),
    }
    label = source_label or (
        f"files:{source}" if card_items is None else "riftcodex" + (f" + files:{source}" if source else "")
    )
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
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
        "rulings_by_source": _dump(rulings_by_source),
        "rulings_as_of": _dump(newer.dates),
        "warnings": _dump(warnings),
    }
    tables: dict[str, list[Row]] = {
        **card_tables.rows,
        "keywords": keyword_rows,
        "card_keywords": card_keyword_rows,
        "rules": rules.rows,
        "rule_moves": rules.moves,
        "rule_changes": [{"id": i + 1, **row} for i, row in enumerate(rules.changes)],
        "patch_notes": rules.notes,
        "rulings": rulings,
        "ruling_rules": ruling_rules,
        "ruling_cards": ruling_cards,
        "meta": [{"key": k, "value": v} for k, v in meta.items()],
    }

    say(f"writing {db_path}")
    db_path.parent.mkdir(parents=True, exist_ok=True)
    temporary = db_path.with_name(f".{db_path.name}.{os.getpid()}.building")
    try:
        temporary.unlink(missing_ok=True)
        _write(temporary, tables)
        say("linking rulings to the rules they discuss")
        counts["ruling_links"] = ruling_links.link_rulings(temporary)
        os.replace(temporary, db_path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return BuildReport(
        db_path=str(db_path),
        source=label,
        counts=counts,
        faq_entries=faq_counts,
        warnings=warnings,
        seconds=round(time.perf_counter() - started, 3),
        dates=dates,
        rule_chapters=rules.chapters,
        sets=card_tables.sets,
        bans=card_tables.bans,
        rulings_by_source=rulings_by_source,
    )


def stderr_progress(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)


def print_report(report: BuildReport, *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(report.summary())


def main(args: argparse.Namespace) -> int:
    """`python -m cardsdb build --source DIR [--db PATH] [--json]`."""
    source = Path(args.source)
    if not source.is_dir():
        raise BuildError(
            f"--source {source} is not a folder (expected one laid out like shared/riftbound-data)"
        )
    target = default_db_path(override=args.db)
    report = build_database(source, target, progress=stderr_progress)
    print_report(report, as_json=bool(getattr(args, "json", False)))
    return 0
