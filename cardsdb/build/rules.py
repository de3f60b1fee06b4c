"""The rules part of the build: every version of each rules document, how their rules match up, and what changed.

Documents and versions (names in `cardsdb.rule_versions`): the Core Rules of 2026-10-09 (the project's overlay from
the seeds), v1.4 (`rules-2026-07/core-rules-v1-4.md`) and v1.3 (`core-rules-v1-3.tsv`); the Tournament Rules of
2026-07-16 (`rules-2026-07/tournament-rules-2026-07-16.md`).

Rows of one rule across versions share a `lineage`: v1.3 and v1.4 are matched by wording (`cardsdb.build.rule_diff`), the
overlay names each current rule's v1.4 and v1.3 numbers. A row is `latest` when no newer version holds its rule
(and, for v1.3, when no complete newer version was loaded); `superseded` when the current rules use its number for
another rule. What changed between two versions is computed here once (`rule_changes`), with the patch notes tied to
the rules they explain (`patch_notes`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsdb import rule_numbers
from cardsdb.build import rule_diff
from cardsdb.build.importers import patch_notes as patch_importer
from cardsdb.build.importers import rules_text, rules_v13
from cardsdb.build.rule_diff import without_examples
from cardsdb.errors import BuildError
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_DATE,
    V13_RULES_VERSION,
    V14_RULES_DATE,
    V14_RULES_VERSION,
)
from cardsdb.project.overlay import Overlay, OverlayRule
from cardsdb.project.provenance import current_rule_source
from cardsdb.rule_versions import VERSION_DATES, rule_key

Row = dict[str, Any]

RULES_TSV = "core-rules-v1-3.tsv"
RULES_MD = "core-rules-v1-3.md"
V14_FILE = Path("rules-2026-07") / "core-rules-v1-4.md"
TOURNAMENT_FILE = Path("rules-2026-07") / "tournament-rules-2026-07-16.md"
# Patch notes between two versions the data holds: (file, title, from, to).
PATCH_NOTES = ((Path("rules-2026-07") / "patch-notes" / "vendetta.md", "Vendetta patch notes", V13_RULES_VERSION,
                V14_RULES_VERSION),)  # fmt: skip


@dataclass(frozen=True)
class SourceRule:
    """One rule of one version as the build sees it."""

    number: str
    kind: str
    text: str
    title: str | None = None
    parent: str | None = None
    wording: str = "official"
    seed_sentence: str | None = None
    scaffold: bool = False
    source: str | None = (
        None  # for a current rule: where it comes from, in player words (cardsdb.project.provenance)
    )


@dataclass
class RuleSets:
    """Which numbers each Core Rules version holds, to check what claims and rulings cite."""

    numbers: dict[str, frozenset[str]]

    def loaded(self, version: str) -> bool:
        return bool(self.numbers.get(_held(version)))

    def has(self, number: str, version: str | None) -> bool:
        """Whether `version` (current when None; a ruling older than v1.3 is read against v1.3) holds `number`."""
        return number in self.numbers.get(_held(version or CURRENT_RULES_VERSION), frozenset())

    def newest_with(self, number: str) -> str | None:
        for version in (CURRENT_RULES_VERSION, V14_RULES_VERSION, V13_RULES_VERSION):
            if number in self.numbers.get(version, frozenset()):
                return version
        return None


def _held(version: str) -> str:
    return V13_RULES_VERSION if version == OLDER_THAN_V13 else version


@dataclass
class RulesBuild:
    rows: list[Row]
    moves: list[Row]
    changes: list[Row]
    notes: list[Row]
    sets: RuleSets
    counts: dict[str, int]
    chapters: dict[str, dict[str, int]]  # "core v1.4" -> {"000": 19, ...}
    dates: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


# --- reading -------------------------------------------------------------------------------------------


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BuildError(f"{what} ({path.name}) is not UTF-8 text") from None


def _load_v13(source: Path | None, *, required: bool) -> tuple[list[rules_v13.V13Rule], str | None]:
    if source is None:
        return [], None
    tsv, md = source / RULES_TSV, source / RULES_MD
    if tsv.is_file():
        return rules_v13.parse_tsv(_read(tsv, "Core Rules v1.3"))
    if md.is_file():
        return rules_v13.parse_markdown(_read(md, "Core Rules v1.3"))
    if required:
        raise BuildError(f"required file {RULES_TSV} (or {RULES_MD}) is missing from {source}")
    return [], None


def _load_text(source: Path | None, relative: Path, doc: str) -> rules_text.ParsedDocument | None:
    if source is None or not (source / relative).is_file():
        return None
    return rules_text.parse_rules_text(_read(source / relative, relative.name), source=relative.name, doc=doc)


def _from_v13(rules: Sequence[rules_v13.V13Rule]) -> dict[str, SourceRule]:
    return {r.number: SourceRule(r.number, r.kind, r.text, r.title, r.parent) for r in rules}


def _from_text(document: rules_text.ParsedDocument) -> dict[str, SourceRule]:
    return {r.number: SourceRule(r.number, r.kind, r.text, r.title, r.parent) for r in document.rules}


def _from_overlay(overlay: Overlay) -> dict[str, SourceRule]:
    return {
        r.number: SourceRule(
            r.number,
            r.kind,
            r.text,
            r.title,
            r.parent,
            r.wording,
            None if r.scaffold else r.seed_sentence,  # a scaffold's sentence is its sub-rule's, not its own
            r.scaffold,
            current_rule_source(r.document, wording=r.wording, scaffold=r.scaffold),
        )
        for r in overlay.rules
    }


# --- matching versions ---------------------------------------------------------------------------------


def _lineages(
    versions: Mapping[str, Mapping[str, SourceRule]],
    matching: rule_diff.Matching | None,
    overlay: Overlay,
    warnings: list[str],
) -> dict[str, dict[str, str]]:
    """version -> number -> lineage id (the key of the oldest row of the same rule)."""
    v13, v14 = versions.get(V13_RULES_VERSION, {}), versions.get(V14_RULES_VERSION, {})
    lineage: dict[str, dict[str, str]] = {
        V13_RULES_VERSION: {n: rule_key(CORE_DOC, V13_RULES_VERSION, n) for n in v13}
    }
    from_v13 = {p.new: p.old for p in matching.pairs} if matching else {}
    lineage[V14_RULES_VERSION] = {
        n: lineage[V13_RULES_VERSION][from_v13[n]]
        if n in from_v13
        else rule_key(CORE_DOC, V14_RULES_VERSION, n)
        for n in v14
    }
    to_v14 = {p.old: p.new for p in matching.pairs} if matching else {}
    current: dict[str, str] = {}
    for row in overlay.rules:
        if row.v14 and v14 and row.v14 not in v14:
            warnings.append(
                f"rules_current.yaml: {row.number} names v1.4 {row.v14}, which Core Rules v1.4 lacks"
            )
        if row.v13 and v13 and row.v13 not in v13:
            warnings.append(
                f"rules_current.yaml: {row.number} names v1.3 {row.v13}, which Core Rules v1.3 lacks"
            )
        if row.v13 and row.v14 and row.v13 in to_v14 and to_v14[row.v13] != row.v14 and row.v14 in v14:
            warnings.append(
                f"rules_current.yaml: {row.number} names v1.3 {row.v13} and v1.4 {row.v14}, "
                f"but v1.3 {row.v13} reads as v1.4 {to_v14[row.v13]}"
            )
        if row.v14 and row.v14 in v14:
            current[row.number] = lineage[V14_RULES_VERSION][row.v14]
        elif row.v13 and row.v13 in v13:
            current[row.number] = lineage[V13_RULES_VERSION][row.v13]
        else:
            current[row.number] = rule_key(CORE_DOC, CURRENT_RULES_VERSION, row.number)
    lineage[CURRENT_RULES_VERSION] = current
    return lineage


def _superseded(number: str, version: str, overlay: Overlay) -> bool:
    """An older row whose number (or a parent's) the current rules use for another rule, unless a move takes it
    elsewhere (v1.4's 811.1.d.2.a is 811.1.d.4 now, though 811.1.d.2 is reused)."""
    listed = set(overlay.superseded(version))
    if number in listed:
        return True
    if number in overlay.moves_from(version):
        return False
    return any(a in listed for a in rule_numbers.ancestors(number))


def _rows(
    versions: Mapping[str, Mapping[str, SourceRule]],
    lineage: Mapping[str, Mapping[str, str]],
    overlay: Overlay,
) -> list[Row]:
    newest_complete = next((v for v in (V14_RULES_VERSION, V13_RULES_VERSION) if versions.get(v)), None)
    newer_lineages: dict[str, set[str]] = {}
    held: set[str] = set()
    for version in (CURRENT_RULES_VERSION, V14_RULES_VERSION, V13_RULES_VERSION):
        newer_lineages[version] = set(held)
        held |= set(lineage.get(version, {}).values())
    now_of: dict[str, list[str]] = {}
    for number, line in lineage.get(CURRENT_RULES_VERSION, {}).items():
        now_of.setdefault(line, []).append(number)
    rows: list[Row] = []
    for version in (CURRENT_RULES_VERSION, V14_RULES_VERSION, V13_RULES_VERSION):
        for number, rule in versions.get(version, {}).items():
            line = lineage[version][number]
            is_current = version == CURRENT_RULES_VERSION
            overlay_row = overlay.rule(number) if is_current else None
            if overlay_row is not None:
                counterpart = overlay_row.v14 or overlay_row.v13
            else:
                moved = overlay.moves_from(version).get(number, ())
                counterpart = next(iter(moved or now_of.get(line, [])), None)
            latest = line not in newer_lineages[version] and (is_current or version == newest_complete)
            rows.append(
                _row(
                    CORE_DOC,
                    version,
                    rule,
                    line,
                    counterpart,
                    latest,
                    not is_current and _superseded(number, version, overlay),
                )
            )
    return rows


def _row(
    doc: str,
    version: str,
    rule: SourceRule,
    lineage: str,
    counterpart: str | None,
    latest: bool,
    superseded: bool,
) -> Row:
    return {
        "key": rule_key(doc, version, rule.number),
        "doc": doc,
        "number": rule.number,
        "version": version,
        "version_date": VERSION_DATES.get(version, version),
        "kind": rule.kind,
        "title": rule.title,
        "text": rule.text,
        "wording": rule.wording,
        "seed_sentence": rule.seed_sentence,
        "source": rule.source,
        "counterpart": counterpart,
        "parent": rule.parent,
        "sort_key": rules_v13.sort_key(rule.number),
        "superseded": 1 if superseded else 0,
        "lineage": lineage,
        "latest": 1 if latest else 0,
        "scaffold": 1 if rule.scaffold else 0,
    }


# --- what changed --------------------------------------------------------------------------------------


def _change(
    number: str,
    change: str,
    old: SourceRule | None,
    new: SourceRule | None,
    from_version: str,
    to_version: str,
    moved_to: str | None = None,
) -> Row:
    shown = new or old
    assert shown is not None
    return {
        "doc": CORE_DOC,
        "from_version": from_version,
        "to_version": to_version,
        "number": number,
        "change": change,
        "old": old.text if old else None,
        "new": new.text if new else None,
        "moved_to": moved_to,
        "title": shown.title if shown.kind != "rule" else None,
        "wording": new.wording if new else "official",
        "sort_key": rules_v13.sort_key(moved_to or number),
    }


def _between_complete(
    old: Mapping[str, SourceRule],
    new: Mapping[str, SourceRule],
    matching: rule_diff.Matching,
    old_v: str,
    new_v: str,
) -> list[Row]:
    rows = [_change(n, "added", None, new[n], old_v, new_v) for n in matching.added]
    rows += [_change(n, "removed", old[n], None, old_v, new_v) for n in matching.removed]
    for pair in matching.pairs:
        a, b = old[pair.old], new[pair.new]
        if pair.moved:
            rows.append(_change(pair.old, "moved", a, b, old_v, new_v, moved_to=pair.new))
        elif not rule_diff.same_words(a.text, b.text):
            rows.append(_change(pair.new, "reworded", a, b, old_v, new_v))
    return rows


def _into_overlay(old: Mapping[str, SourceRule], overlay: Overlay, old_v: str) -> list[Row]:
    """What changed from a complete version to the current rules, among the rules the overlay holds: moved where the
    number changed, reworded where official wordings differ (examples aside), added where the rule is new. The rules
    the seeds leave out are unknown, so nothing is listed as removed."""
    current = _from_overlay(overlay)
    rows: list[Row] = []
    for row in overlay.rules:
        older = row.older(old_v)
        new = current[row.number]
        if older is None or older not in old:
            if not row.scaffold:
                rows.append(_change(row.number, "added", None, new, old_v, CURRENT_RULES_VERSION))
            continue
        was = old[older]
        if older != row.number:
            rows.append(_change(older, "moved", was, new, old_v, CURRENT_RULES_VERSION, moved_to=row.number))
        elif _reworded(row, was, old_v, overlay):
            rows.append(_change(row.number, "reworded", was, new, old_v, CURRENT_RULES_VERSION))
    return rows


def _reworded(row: OverlayRule, was: SourceRule, old_v: str, overlay: Overlay) -> bool:
    """Official wordings that differ (examples aside: the seeds quote without them), or a summary of a rule whose
    older meaning the current rules replaced (811.5.a, reversed)."""
    if row.wording == "official":
        return not rule_diff.same_words(without_examples(was.text), row.text)
    return not row.scaffold and _superseded(row.number, old_v, overlay)


# --- patch notes ---------------------------------------------------------------------------------------


def _patch_notes(
    source: Path | None, versions: Mapping[str, Mapping[str, SourceRule]], changes: Sequence[Row]
) -> list[Row]:
    rows: list[Row] = []
    for relative, title, old_v, new_v in PATCH_NOTES:
        if (
            source is None
            or not (source / relative).is_file()
            or not versions.get(old_v)
            or not versions.get(new_v)
        ):
            continue
        points = patch_importer.parse_patch_notes(
            _read(source / relative, relative.name), source=relative.name
        )
        new = versions[new_v]
        changed = {
            r["moved_to"] or r["number"]
            for r in changes
            if (r["from_version"], r["to_version"]) == (old_v, new_v)
            and r["change"] != "removed"
            and (r["change"] != "moved" or not rule_diff.same_words(r["old"] or "", r["new"] or ""))
        }
        candidates = [_candidate(new[n], new) for n in new if n in changed]
        links = patch_importer.link_points(points, candidates)
        for i, point in enumerate(points):
            rows.append(
                {
                    "id": f"{relative.stem}-{i + 1:03d}",
                    "source": title,
                    "section": point.section,
                    "statement": point.statement,
                    "why": point.why,
                    "from_version": old_v,
                    "to_version": new_v,
                    "number": links.get(i),
                }
            )
    return rows


def _candidate(rule: SourceRule, rules: Mapping[str, SourceRule]) -> patch_importer.LinkCandidate:
    """A heading is its title, with its sub-rules' words as context; a rule its text, with its parent's."""
    if rule.kind != "rule":
        children = [r.text for r in rules.values() if r.parent == rule.number][:4]
        return patch_importer.LinkCandidate(
            rule.number, rule.title, rule.title or rule.text, " ".join(children)
        )
    parent = rules.get(rule.parent or "")
    context = (parent.title or parent.text) if parent else ""
    return patch_importer.LinkCandidate(rule.number, None, rule.text, context)


# --- the Tournament Rules ------------------------------------------------------------------------------


def _tournament_rows(document: rules_text.ParsedDocument) -> list[Row]:
    version = TOURNAMENT_RULES_VERSION
    return [
        _row(
            TOURNAMENT_DOC,
            version,
            SourceRule(r.number, r.kind, r.text, r.title, r.parent),
            rule_key(TOURNAMENT_DOC, version, r.number),
            None,
            True,
            False,
        )
        for r in document.rules
    ]


# --- all of it -----------------------------------------------------------------------------------------


def load_rules(source: Path | None, overlay: Overlay, *, required: bool) -> RulesBuild:
    """Every rules document in `source` (any may be absent, except v1.3 when `required`), plus the overlay."""
    warnings: list[str] = []
    dates: dict[str, str] = {}
    v13_list, v13_date = _load_v13(source, required=required)
    v14_doc = _load_text(source, V14_FILE, CORE_DOC)
    tournament = _load_text(source, TOURNAMENT_FILE, TOURNAMENT_DOC)
    versions: dict[str, dict[str, SourceRule]] = {
        CURRENT_RULES_VERSION: _from_overlay(overlay),
        V14_RULES_VERSION: _from_text(v14_doc) if v14_doc else {},
        V13_RULES_VERSION: _from_v13(v13_list),
    }
    v13, v14 = versions[V13_RULES_VERSION], versions[V14_RULES_VERSION]
    matching = None
    if v13 and v14:
        matching = rule_diff.match_rules(
            {n: r.text for n, r in v13.items()}, {n: r.text for n, r in v14.items()}
        )
    lineage = _lineages(versions, matching, overlay, warnings)
    rows = _rows(versions, lineage, overlay)

    changes: list[Row] = []
    if matching is not None:
        changes += _between_complete(v13, v14, matching, V13_RULES_VERSION, V14_RULES_VERSION)
    for old_v in (V14_RULES_VERSION, V13_RULES_VERSION):
        if versions[old_v]:
            changes += _into_overlay(versions[old_v], overlay, old_v)
    notes = _patch_notes(source, versions, changes)

    chapters: dict[str, dict[str, int]] = {}
    if v13_list:
        dates["rules_v13_date"] = v13_date or V13_RULES_DATE
        chapters[f"core {V13_RULES_VERSION}"] = _by_chapter(v13)
    if v14_doc:
        dates["rules_v14_date"] = v14_doc.updated or V14_RULES_DATE
        chapters[f"core {V14_RULES_VERSION}"] = v14_doc.counts_by_chapter()
        warnings += v14_doc.warnings
        if v14_doc.updated and v14_doc.updated != V14_RULES_DATE:
            warnings.append(f"{V14_FILE.name} says Last Updated {v14_doc.updated}, not {V14_RULES_DATE}")
    if tournament:
        rows += _tournament_rows(tournament)
        dates["rules_tournament_date"] = tournament.updated or TOURNAMENT_RULES_VERSION
        chapters[f"tournament {TOURNAMENT_RULES_VERSION}"] = tournament.counts_by_chapter()
        warnings += tournament.warnings
    elif source is not None:
        warnings.append(f"{TOURNAMENT_FILE} not found: no Tournament Rules")
    if source is not None and not v14_doc:
        warnings.append(f"{V14_FILE} not found: no Core Rules v1.4")

    counts = {
        "rules_current": len(overlay.rules),
        "rules_v14": len(v14),
        "rules_v13": len(v13),
        "rules_tournament": len(tournament.rules) if tournament else 0,
        "rule_changes": len(changes),
        "patch_notes": len(notes),
        "patch_notes_linked": sum(1 for n in notes if n["number"]),
    }
    sets = RuleSets({version: frozenset(rules) for version, rules in versions.items()})
    return RulesBuild(
        rows=rows,
        moves=_move_rows(overlay),
        changes=changes,
        notes=notes,
        sets=sets,
        counts=counts,
        chapters=chapters,
        dates=dates,
        warnings=warnings,
    )


def _by_chapter(rules: Mapping[str, SourceRule]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for number in rules:
        chapter = f"{number[0]}00"
        counts[chapter] = counts.get(chapter, 0) + 1
    return dict(sorted(counts.items()))


def _move_rows(overlay: Overlay) -> list[Row]:
    rows: list[Row] = []
    for move in overlay.moves:
        for version in (V13_RULES_VERSION, V14_RULES_VERSION):
            old = move.older(version)
            if old is not None:
                rows.append({"version": version, "old": old, "current": move.current, "note": move.note})
    return rows
