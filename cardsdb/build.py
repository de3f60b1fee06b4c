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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from cardsdb import build_rulings, project_data, rule_numbers
from cardsdb.errors import BuildError
from cardsdb.importers import banned as banned_importer
from cardsdb.importers import errata as errata_importer
from cardsdb.importers import faqs as faq_importer
from cardsdb.importers import gallery, riftcodex, rules_v13
from cardsdb.importers import text as cardtext
from cardsdb.importers.printings import RawPrinting, cards_from_printings
from cardsdb.keywords import KnownToken, load_keywords
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_DATE, V13_RULES_VERSION, Card
from cardsdb.names import normalize, slug
from cardsdb.paths import db_path as default_db_path
from cardsdb.schema import FOREIGN_KEYS, FTS, INDEXES, PRIMARY_KEYS, SCHEMA_VERSION, TABLES

Progress = Callable[[str], None]
Row = dict[str, Any]

CARDS_FILE = "cards.json"
RULES_TSV = "core-rules-v1-3.tsv"
RULES_MD = "core-rules-v1-3.md"
FAQS_FILE = "faqs.json"
ERRATA_FILE = "errata.json"
BANNED_FILE = "banned-cards.json"
RIFTCODEX_DIR = "riftcodex"


@dataclass
class BuildReport:
    db_path: str
    source: str
    counts: dict[str, int]
    faq_entries: dict[str, int]  # FAQ id -> entries split from it
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    dates: dict[str, str] = field(default_factory=dict)
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
            f"rules: {c.get('rules_current', 0)} current ({CURRENT_RULES_VERSION}), {c.get('rules_v13', 0)} v{V13_RULES_VERSION}",
            f"rulings: {c.get('rulings', 0)} ({c.get('seed_claims', 0)} seed claims); errata: {c.get('errata', 0)};"
            f" banned: {c.get('banned', 0)}",
        ]
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


def _load_printings(
    source: Path | None, card_items: list[dict[str, Any]] | None, warnings: list[str], dates: dict[str, str]
) -> list[RawPrinting]:
    if card_items is not None:
        return riftcodex.parse_items(card_items, warnings=warnings)
    if source is None:
        raise BuildError("nothing to build from: give a data folder (--source) or sync from RiftCodex")
    printings, updated = gallery.parse_gallery(
        _read_json(source, CARDS_FILE, required=True), warnings=warnings
    )
    if updated:
        dates["cards_updated_at"] = updated
    folder = source / RIFTCODEX_DIR
    found: dict[str, str] = {}
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            items = _read_json(folder, path.name, required=False)
            if isinstance(items, dict):
                items = items.get("items")
            if isinstance(items, list):
                found.update(riftcodex.artists(items))
    if found:
        printings = [p if p.id not in found else _with_artist(p, found[p.id]) for p in printings]
    return printings


def _with_artist(p: RawPrinting, artist: str) -> RawPrinting:
    return replace(p, artist=artist)


def _card_row(card: Card, chosen: RawPrinting | None) -> Row:
    return {
        "id": card.id,
        "name": card.name,
        "name_norm": normalize(card.name),
        "types": _dump(list(card.types)),
        "supertypes": _dump(list(card.supertypes)),
        "domains": _dump(list(card.domains)),
        "energy": card.energy,
        "power": card.power,
        "might": card.might,
        "tags": _dump(list(card.tags)),
        "keywords": _dump([str(k) for k in card.keywords]),
        "rarity": card.rarity,
        "text": card.text,
        "text_raw": card.text_raw,
        "older_wordings": _dump([asdict(w) for w in card.older_wordings]),
        "image_url": chosen.image_url if chosen else None,
        "set_id": chosen.set_id if chosen else None,
        "public_code": chosen.public_code if chosen else None,
        "partial": 1 if card.partial else 0,
        "notes": _dump(list(card.notes)),
    }


def _printing_rows(printings: Iterable[RawPrinting], ids: Mapping[str, str]) -> list[Row]:
    rows: dict[str, Row] = {}
    for p in printings:
        if p.name not in ids:
            continue
        rows.setdefault(
            p.id,
            {
                "id": p.id,
                "card_id": ids[p.name],
                "name": p.name,
                "set_id": p.set_id,
                "set_name": p.set_name,
                "collector_number": p.collector_number,
                "public_code": p.public_code,
                "rarity": p.rarity,
                "image_url": p.image_url,
                "artist": p.artist,
                "text_raw": p.text_raw,
                "orientation": p.orientation,
            },
        )
    return list(rows.values())


def _keyword_rows(cards: Sequence[Card], known: Sequence[KnownToken]) -> tuple[list[Row], list[Row]]:
    card_keywords: list[Row] = []
    counts: dict[str, int] = {}
    reminders: dict[str, str] = {}
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
            if name not in reminders:
                reminder = cardtext.reminder_text(card.text_raw, name)
                if reminder:
                    reminders[name] = reminder
    keywords = [
        {
            "name": t.name,
            "kind": t.kind,
            "rule": t.rule,
            "reminder": reminders.get(t.name) or t.meaning,
            "card_count": counts.get(t.name, 0),
        }
        for t in known
    ]
    return keywords, card_keywords


# --- rules ---------------------------------------------------------------------------------------------


def _load_v13(source: Path | None, *, required: bool) -> tuple[list[rules_v13.V13Rule], str | None]:
    if source is None:
        return [], None
    tsv, md = source / RULES_TSV, source / RULES_MD
    try:
        if tsv.is_file():
            return rules_v13.parse_tsv(tsv.read_text(encoding="utf-8"))
        if md.is_file():
            return rules_v13.parse_markdown(md.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BuildError("the Core Rules v1.3 file is not UTF-8 text") from None
    if required:
        raise BuildError(f"required file {RULES_TSV} (or {RULES_MD}) is missing from {source}")
    return [], None


def _rule_rows(overlay: project_data.Overlay, v13: Sequence[rules_v13.V13Rule]) -> list[Row]:
    current_for: dict[str, str] = {}
    for row in overlay.rules:
        if row.v13:
            current_for.setdefault(row.v13, row.number)
    for move in overlay.moves:
        current_for.setdefault(move.v13, move.current)
    superseded = set(overlay.superseded_v13)
    rows: list[Row] = [
        {
            "key": f"{CURRENT_RULES_VERSION}:{r.number}",
            "number": r.number,
            "version": CURRENT_RULES_VERSION,
            "version_date": CURRENT_RULES_VERSION,
            "kind": r.kind,
            "title": r.title,
            "text": r.text,
            "wording": r.wording,
            "seed_sentence": r.seed_sentence,
            "counterpart": r.v13,
            "parent": r.parent,
            "sort_key": rules_v13.sort_key(r.number),
            "superseded": 0,
        }
        for r in overlay.rules
    ]
    for r in v13:
        is_superseded = any(a in superseded for a in (r.number, *rule_numbers.ancestors(r.number)))
        rows.append(
            {
                "key": f"{V13_RULES_VERSION}:{r.number}",
                "number": r.number,
                "version": V13_RULES_VERSION,
                "version_date": V13_RULES_DATE,
                "kind": r.kind,
                "title": r.title,
                "text": r.text,
                "wording": "official",
                "seed_sentence": None,
                "counterpart": current_for.get(r.number),
                "parent": r.parent,
                "sort_key": rules_v13.sort_key(r.number),
                "superseded": 1 if is_superseded else 0,
            }
        )
    return rows


# --- rulings -------------------------------------------------------------------------------------------


SEED_TITLES = {
    "keyword-page": "Riftbound keyword page, Hidden",
    "article": "Hiding cards and playing them from Hidden (article)",
}


def _claim_rows(
    claims: Sequence[project_data.Claim],
    current: frozenset[str],
    v13: frozenset[str],
    superseded: frozenset[str],
    card_ids: Mapping[str, str],
    warnings: list[str],
) -> tuple[list[Row], list[Row], list[Row]]:
    """The seed claims as rulings. A claim must cite a current number, or a v1.3 one the current rules did not reuse."""
    have_v13 = bool(v13)
    rulings: list[Row] = []
    ruling_rules: list[Row] = []
    ruling_cards: list[Row] = []
    for claim in claims:
        for number in claim.rules:
            if number in current:
                version = CURRENT_RULES_VERSION
            elif number in superseded:
                raise BuildError(
                    f"claims.yaml: claim {claim.id} cites {number} in its v{V13_RULES_VERSION} meaning, "
                    "but the current rules reuse that number for something else"
                )
            elif number in v13:
                version = V13_RULES_VERSION
            elif have_v13:
                raise BuildError(
                    f"claims.yaml: claim {claim.id} cites rule {number}, which neither the current rules overlay "
                    "nor Core Rules v1.3 has"
                )
            else:
                warnings.append(
                    f"claim {claim.id} cites {number}, not in the overlay; v1.3 rules were not loaded"
                )
                version = V13_RULES_VERSION
            ruling_rules.append(
                {
                    "ruling_id": claim.id,
                    "number": number,
                    "version": version,
                    "resolves": 1 if number in current or number in v13 else 0,
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
                "source_title": f"{SEED_TITLES.get(claim.source, claim.source)}: {claim.section}",
                "date": CURRENT_RULES_VERSION,
                "url": None,
                "rules": _dump(list(claim.rules)),
                "rules_version": CURRENT_RULES_VERSION,
                "cards": _dump(list(claim.cards)),
            }
        )
    return rulings, ruling_rules, ruling_cards


def _faq_rows(
    entries: Sequence[faq_importer.FaqEntry],
    v13: frozenset[str],
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
            resolves = number in v13
            if not resolves:
                warnings.append(
                    f"FAQ {e.id} cites {number} (rules of {e.date}), which Core Rules v{V13_RULES_VERSION} lacks"
                )
            ruling_rules.append(
                {
                    "ruling_id": e.id,
                    "number": number,
                    "version": e.rules_version,
                    "resolves": 1 if resolves else 0,
                }
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
    printings = _load_printings(source, card_items, warnings, dates)
    errata_data = _read_json(source, ERRATA_FILE, required=False) if source is not None else None
    errata_entries = errata_importer.parse_errata(errata_data) if errata_data is not None else []
    latest_errata: dict[str, str] = {}
    for entry in sorted(errata_entries, key=lambda e: e.date or ""):
        latest_errata[entry.card_name] = entry.new_text
    data_cards = cards_from_printings(printings, known, warnings=warnings, errata=latest_errata)
    say(f"cards: {len(printings)} printings, {len(data_cards)} names")

    cards: list[Card] = []
    chosen: dict[str, RawPrinting] = {}
    by_norm: dict[str, str] = {}
    for card, printing in data_cards:
        if card.id in chosen:
            warnings.append(f"skipped card {card.name!r}: its id {card.id} is taken by another name")
            continue
        cards.append(card)
        chosen[card.id] = printing
        by_norm[normalize(card.name)] = card.id
    name_to_id = {p.name: slug(p.name) for p in printings}
    seed_cards = project_data.load_seed_cards()
    seeds_added = 0
    for seed in seed_cards:
        if seed.id in chosen or normalize(seed.name) in by_norm:
            warnings.append(f"seed card {seed.name} is in the card data now; the data's card is kept")
            continue
        cards.append(seed)
        by_norm[normalize(seed.name)] = seed.id
        seeds_added += 1

    say("reading rules")
    overlay = overlay or project_data.load_overlay()
    v13_rules, v13_date = _load_v13(source, required=card_items is None)
    rule_rows = _rule_rows(overlay, v13_rules)
    current_numbers = overlay.numbers()
    v13_numbers = frozenset(r.number for r in v13_rules)
    superseded_numbers = frozenset(r["number"] for r in rule_rows if r["superseded"])
    say(f"rules: {len(overlay.rules)} current, {len(v13_rules)} v{V13_RULES_VERSION}")

    say("reading rulings")
    claims = claims if claims is not None else project_data.load_claims()
    rulings, ruling_rules, ruling_cards = _claim_rows(
        claims, current_numbers, v13_numbers, superseded_numbers, by_norm, warnings
    )
    faq_counts: dict[str, int] = {}
    entries: list[faq_importer.FaqEntry] = []
    newer = build_rulings.NewerRulings()
    if source is not None:
        faq_data = _read_json(source, FAQS_FILE, required=False)
        if faq_data is None:
            warnings.append(f"{FAQS_FILE} not found: no FAQ rulings")
        else:
            entries = faq_importer.parse_faqs(faq_data)
            faq_counts = faq_importer.counts_by_source(entries)
            matcher = faq_importer.NameMatcher([c.name for c in cards])
            more = _faq_rows(entries, v13_numbers, matcher, by_norm, warnings)
            rulings += more[0]
            ruling_rules += more[1]
            ruling_cards += more[2]
            stamps = [str(a["updatedAt"]) for a in faq_data if isinstance(a, dict) and a.get("updatedAt")]
            if stamps:
                dates["faqs_updated_at"] = max(stamps)
        newer = build_rulings.load_newer_rulings(source, warnings)
        more = build_rulings.ruling_rows(
            newer.entries,
            rules=build_rulings.rule_numbers_by_version(rule_rows),
            cards=cards,
            card_ids=by_norm,
            warnings=warnings,
        )
        rulings += more[0]
        ruling_rules += more[1]
        ruling_cards += more[2]
    rulings_by_source = build_rulings.counts_by_source(entries, newer.entries, len(claims))
    say(f"rulings: {len(rulings)} ({len(claims)} seed claims)")

    errata_rows: list[Row] = []
    banned_rows: list[Row] = []
    if source is not None:
        for e in errata_entries:
            card_id = by_norm.get(normalize(e.card_name))
            if card_id is None:
                warnings.append(f"errata for {e.card_name!r} ({e.source_title}): no such card in the data")
            errata_rows.append({**asdict(e), "card_id": card_id})
            del errata_rows[-1]["source_id"]
        banned_data = _read_json(source, BANNED_FILE, required=False)
        if banned_data is not None:
            names, banned_date = banned_importer.parse_banned(banned_data)
            for name in names:
                card_id = by_norm.get(normalize(name))
                if card_id is None:
                    warnings.append(f"banned card {name!r} is not in the card data")
                banned_rows.append({"name": name, "card_id": card_id, "date": banned_date})

    keyword_rows, card_keyword_rows = _keyword_rows(cards, known)
    data_only = [c for c in cards if not c.partial]
    counts = {
        "cards": len(data_only),
        "printings": len({p.id for p in printings}),
        "battlefields": sum(1 for c in data_only if c.is_type("Battlefield")),
        "seed_cards": seeds_added,
        "rules_current": len(overlay.rules),
        "rules_v13": len(v13_rules),
        "rulings": len(rulings),
        "seed_claims": len(claims),
        "errata": len(errata_rows),
        "banned": len(banned_rows),
    }
    label = source_label or (
        f"files:{source}" if card_items is None else "riftcodex" + (f" + files:{source}" if source else "")
    )
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "source": label,
        "cards_updated_at": dates.get("cards_updated_at", ""),
        "faqs_updated_at": dates.get("faqs_updated_at", ""),
        "rules_current_version": CURRENT_RULES_VERSION,
        "rules_v13_date": v13_date or (V13_RULES_DATE if v13_rules else ""),
        "count_cards": str(counts["cards"]),
        "count_printings": str(counts["printings"]),
        "count_battlefields": str(counts["battlefields"]),
        "count_rules_current": str(counts["rules_current"]),
        "count_rules_v13": str(counts["rules_v13"]),
        "count_rulings": str(counts["rulings"]),
        "rulings_by_source": _dump(rulings_by_source),
        "rulings_as_of": _dump(newer.dates),
        "warnings": _dump(warnings),
    }
    tables: dict[str, list[Row]] = {
        "cards": [_card_row(c, chosen.get(c.id)) for c in cards],
        "printings": _printing_rows(printings, {n: i for n, i in name_to_id.items() if i in chosen}),
        "keywords": keyword_rows,
        "card_keywords": card_keyword_rows,
        "rules": rule_rows,
        "rule_moves": [asdict(m) for m in overlay.moves],
        "rulings": rulings,
        "ruling_rules": ruling_rules,
        "ruling_cards": ruling_cards,
        "errata": errata_rows,
        "banned": banned_rows,
        "meta": [{"key": k, "value": v} for k, v in meta.items()],
    }

    say(f"writing {db_path}")
    db_path.parent.mkdir(parents=True, exist_ok=True)
    temporary = db_path.with_name(f".{db_path.name}.{os.getpid()}.building")
    try:
        temporary.unlink(missing_ok=True)
        _write(temporary, tables)
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
