"""`python -m cardsdb rule` and `python -m cardsdb changes`: rules by version, and what changed between versions.

Every number printed that is not of the current Core Rules is marked with its version (`312.2 (v1.4)`), by
`cardsdb.rule_versions.cite`. Not found and bad input raise a CardsDBError: exit 2 with one line (cardsdb.cli).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from cardsdb import paths
from cardsdb.build.rule_diff import render_diff, word_diff
from cardsdb.cli.rule_words import notes_text
from cardsdb.errors import NotFound
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    ChangeList,
    PatchNote,
    Rule,
    RuleChange,
    RuleMatches,
    RuleView,
)
from cardsdb.project.provenance import PARTIAL_CHANGES
from cardsdb.query import CardsDB
from cardsdb.rule_versions import DOC_TITLES, VERSION_DATES, cite, parse_doc, parse_version
from cardsdb.search.question_confidence import UNSURE_SHOWN


def _open(args: argparse.Namespace) -> CardsDB:
    return CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


def mark(rule: Rule) -> str:
    """The rule's number as cited: `811.6`, `133.6 (v1.4)`, `TR 702.2`."""
    return cite(rule.number, rule.version, rule.doc)


def rule_dict(rule: Rule) -> dict[str, Any]:
    return {
        "number": rule.number,
        "version": rule.version,
        "doc": rule.doc,
        "mark": mark(rule),
        "kind": rule.kind,
        "title": rule.title,
        "text": rule.text,
        "wording": rule.wording,
    }


def rule_line(rule: Rule) -> str:
    body = rule.title if rule.kind in ("heading", "chapter") and rule.title else rule.text
    return f"{mark(rule)} {body}"


def stamp(rule: Rule) -> str:
    """ "current, 2026-10-09", "v1.4, 2026-07-16", "Tournament Rules, 2026-07-16"."""
    if rule.doc == TOURNAMENT_DOC:
        return rule.stamp
    if rule.version == CURRENT_RULES_VERSION:
        return f"current, {CURRENT_RULES_VERSION}"
    return f"{rule.version}, {VERSION_DATES.get(rule.version, rule.version)}"


def patch_note_dict(note: PatchNote) -> dict[str, str]:
    return {
        "source": note.source,
        "section": note.section,
        "statement": note.statement,
        "why": note.why,
        "from_version": note.from_version,
        "to_version": note.to_version,
    }


def view_dict(view: RuleView) -> dict[str, Any]:
    rule = view.rule
    changed = view.changed
    return {
        **rule_dict(rule),
        "stamp": rule.stamp,
        "seed_sentence": rule.seed_sentence,
        "source": rule.source,
        "counterpart": rule.counterpart,
        "stands_in_for": view.stands_in_for,
        "versions": [
            {
                "version": v.version,
                "text": v.text,
                "title": v.title,
                "wording": v.wording,
                "same_rule": v.same_rule,
            }
            for v in view.versions
        ],
        "lineage": [
            {"version": r.version, "number": r.number, "mark": mark(r), "text": r.text} for r in view.lineage
        ],
        "now": list(view.now),
        "changed": None
        if changed is None
        else {
            "from_version": changed.from_version,
            "from_number": changed.from_number,
            "old": changed.old,
            "new": changed.new,
            "diff": render_diff(word_diff(changed.old, changed.new)),
        },
        "parents": [rule_dict(p) for p in view.parents],
        "children": [rule_dict(c) for c in view.children],
        "moved": list(notes_text(view.moved)),
        "notes": list(notes_text(view.notes)),
        "patch_notes": [patch_note_dict(n) for n in view.patch_notes],
    }


def _patch_note_line(note: PatchNote) -> str:
    return f"Patch note ({note.source}, {note.section}): {note.statement}"


def view_text(view: RuleView) -> str:
    rule = view.rule
    wording = "" if rule.wording == "official" else ", summary wording"
    if rule.doc == TOURNAMENT_DOC:
        lines = [f"Tournament Rule {rule.number} ({rule.version})"]
    elif view.stands_in_for:
        lines = [
            f"Rule {view.stands_in_for} (current): its text is not public; v1.4's wording, numbered {mark(rule)} there:"
        ]
    else:
        lines = [f"Rule {rule.number} ({stamp(rule)}{wording})"]
    if rule.title:
        lines.append(rule.title)
    if rule.text and rule.text != rule.title:
        lines.append(rule.text)
    if view.parents:
        lines.append(
            "Under: " + " > ".join(rule_line(p) if p.kind != "rule" else mark(p) for p in view.parents)
        )
    if view.children:
        lines.append("Sub-rules:")
        lines += [f"  {rule_line(c)}" for c in view.children]
    lines += [f"Moved: {m}" for m in notes_text(view.moved)]
    if view.changed is not None:
        was = view.changed
        lines.append(
            f"Changed since {cite(was.from_number, was.from_version)}: "
            + render_diff(word_diff(was.old, was.new))
        )
    official = next((r for r in view.lineage if r.wording == "official"), None)
    if rule.wording != "summary" or (
        official is not None and official.text == (official.title or official.text)
    ):
        official = None  # only a summary has an official text to show beside it, and a heading's is its title
    shown = {" ".join(t.split()) for t in (rule.title or rule.text, official.text if official else "") if t}
    for other in view.versions:
        if other.version == rule.version or (
            other.same_rule and " ".join((other.title or other.text).split()) in shown
        ):
            continue  # each wording once
        what = "" if other.same_rule else " (another rule under this number)"
        lines.append(f"In {other.version}{what}: {other.title or other.text}")
    if official is not None:
        lines.append(f"Official text, {mark(official)}: {official.text}")
    lines += [_patch_note_line(n) for n in view.patch_notes]
    lines += [f"Note: {n}" for n in notes_text(view.notes)]
    if rule.source:
        lines.append(f"Source: {rule.source}")
    return "\n".join(lines)


def _query(args: argparse.Namespace) -> str:
    words: Sequence[str] = args.query if isinstance(args.query, list) else [str(args.query)]
    return " ".join(words).strip()


def _where(doc: str | None, version: str | None) -> str:
    """ " in v1.3", " in the Tournament Rules", or nothing: where a number was looked for."""
    chosen = parse_doc(doc)
    if chosen == TOURNAMENT_DOC:
        return " in the Tournament Rules"
    asked = parse_version(version, chosen)
    return f" in {asked}" if asked else ""


def cmd_rule(args: argparse.Namespace) -> int:
    query = _query(args)
    doc, version = getattr(args, "doc", None), getattr(args, "version", None)
    with _open(args) as db:
        lookup = db.look_up_rule(query, doc=doc, version=version)
        found = lookup.found
        if lookup.by_number:
            view = lookup.view
            if view is None:
                raise NotFound(
                    f'no rule numbered "{query}"{_where(doc, version)}.',
                    db.suggest_rules(query, doc=doc, version=version),
                )
        else:
            if not found.rules:
                raise NotFound(f'no rule matches "{query}"{_where(doc, version)}.', [])
            view = db.rule_view(found.rules[0])
        if args.json:
            _print_json(rule_json(view, found))
        else:
            print(view_text(view) if found.confident else unsure_text(found))
            print("".join(f"Also matching: {rule_line(r)}\n" for r in _also(found)), end="")
    return 0


def _also(found: RuleMatches) -> tuple[Rule, ...]:
    """The rules listed after those shown: after the best match, or after the closest few when not sure."""
    return found.rules[1:] if found.confident else found.rules[UNSURE_SHOWN:]


def rule_json(view: RuleView, found: RuleMatches) -> dict[str, Any]:
    """A rule's JSON: the best match's view, whether it is clearly the answer (`confident`), and the rules weighed
    (`candidates`, best first; for a number, that rule alone). `also` lists the candidates after the first."""
    also = list(found.rules[1:])
    return {
        **view_dict(view),
        "confident": found.confident,
        "candidates": [rule_dict(r) for r in found.rules],
        **({"also": [rule_dict(r) for r in also]} if also else {}),
    }


def unsure_text(found: RuleMatches) -> str:
    """Words no rule clearly answers: the closest rules alike, each with its number and text."""
    closest = found.rules[:UNSURE_SHOWN]
    lines = [f"Not sure which rule answers this: none matches clearly better. The {len(closest)} closest:"]
    lines += [
        f"{mark(r)} ({stamp(r)}) {r.title + ': ' if r.title and r.kind == 'rule' else ''}{r.text}"
        for r in closest
    ]
    return "\n".join(lines)


# --- changes ---------------------------------------------------------------------------------------------
def change_dict(change: RuleChange) -> dict[str, Any]:
    diff = None
    if change.old and change.new and change.wording == "official" and change.change in ("reworded", "moved"):
        diff = render_diff(word_diff(change.old, change.new))
    old_version = change.to_version if change.change in ("added", "reworded") else change.from_version
    return {
        "number": change.number,
        "change": change.change,
        "old": change.old,
        "new": change.new,
        "moved_to": change.moved_to,
        "mark": cite(change.number, old_version),
        "moved_to_mark": cite(change.moved_to, change.to_version) if change.moved_to else None,
        "from_version": change.from_version,
        "to_version": change.to_version,
        "title": change.title,
        "wording": change.wording,
        "diff": diff,
        "patch_notes": [patch_note_dict(n) for n in change.patch_notes],
    }


_SIGNS = {"added": "+", "removed": "-", "reworded": "~", "moved": ">"}


def change_text(change: RuleChange) -> list[str]:
    old, new = change.from_version, change.to_version
    if change.change == "added":
        head = f"added {cite(change.number, new)}"
    elif change.change == "removed":
        head = f"removed {cite(change.number, old)}"
    elif change.change == "moved":
        head = f"moved {cite(change.number, old)} -> {cite(change.moved_to or '', new)}"
    else:
        head = f"reworded {cite(change.number, new)}"
    if change.title:
        head += f" {change.title}"
    lines = [f"{_SIGNS[change.change]} {head}"]
    summary = " (summary wording)" if change.wording == "summary" else ""
    if change.change == "added":
        lines.append(f"    {change.new}{summary}")
    elif change.change == "removed":
        lines.append(f"    {change.old}")
    elif change.wording == "official" and change.old and change.new:
        if change.old != change.new:
            lines.append(f"    {render_diff(word_diff(change.old, change.new))}")
    else:
        lines.append(f"    was: {change.old}")
        lines.append(f"    now{summary}: {change.new}")
    lines += [f"    {_patch_note_line(n)}" for n in change.patch_notes]
    return lines


def changes_heading(found: ChangeList) -> str:
    kinds = ("added", "removed", "reworded", "moved")
    counts = {k: sum(1 for c in found.changes if c.change == k) for k in kinds}
    under = f", under {cite(found.under, found.under_version)}" if found.under else ""
    return f"{DOC_TITLES[found.doc]} {found.from_version} -> {found.to_version}{under}: " + ", ".join(
        f"{counts[k]} {k}" for k in kinds
    )


PARTIAL_NOTE = PARTIAL_CHANGES


def changes_text(found: ChangeList) -> str:
    lines = [changes_heading(found)]
    if found.partial:
        lines.append(PARTIAL_NOTE)
    for change in found.changes:
        lines += change_text(change)
    if found.unplaced_notes:
        lines.append("Patch notes tied to no one rule:")
        lines += [f"    {_patch_note_line(n)}" for n in found.unplaced_notes]
    return "\n".join(lines)


def cmd_changes(args: argparse.Namespace) -> int:
    with _open(args) as db:
        found = db.changes(args.from_version, args.to_version, args.under, doc=getattr(args, "doc", None))
        if args.json:
            _print_json([change_dict(c) for c in found.changes])
        else:
            print(
                changes_text(found) if found.changes else changes_heading(found) + "\nNothing changed there."
            )
    return 0
