"""`python -m cardsdb rule` and `python -m cardsdb changes`: rules by version, and what changed between versions.

Every number printed that is not of the current Core Rules is marked with its version (`312.2 (v1.4)`), by
`cardsdb.rule_versions.cite`. The answers are `cardsdb.service.answers`' (the HTTP API's and the MCP server's too),
printed as text or, with --json, as their JSON. Not found and bad input raise a CardsDBError: exit 2 with one line
(cardsdb.cli).
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Sequence

from cardsdb import paths
from cardsdb.build.rule_diff import render_diff, word_diff
from cardsdb.cli.rule_words import (
    RULINGS_LISTED,
    notes_text,
    rulings_count_line,
    rulings_heading,
    rulings_pointer,
)
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    ChangeList,
    PatchNote,
    Rule,
    RuleChange,
    RuleView,
    Ruling,
)
from cardsdb.project.provenance import PARTIAL_CHANGES, ruling_credits, ruling_label, superseded_line
from cardsdb.query import CardsDB
from cardsdb.query.rulings import RULINGS_ANSWERED
from cardsdb.rule_versions import DOC_TITLES, VERSION_DATES, Citation, cite, cited_numbers
from cardsdb.service.answers import ChangesAnswer, RuleAnswer, changes_answer, rule_answer
from cardsdb.service.shapes import mark


def _open(args: argparse.Namespace) -> CardsDB:
    return CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


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
    if view.rulings:
        listed = view.rulings[:RULINGS_LISTED]
        lines.append(f"{rulings_heading(view)}:")
        lines += [f"  {_ruling_line(r)}" for r in listed]
        lines += [f"  Credit: {c}" for c in ruling_credits(listed)]
        lines.append(f"  {rulings_pointer(view, _rulings_command(rule), RULINGS_ANSWERED)}")
    return "\n".join(lines)


def _rulings_command(rule: Rule) -> str:
    """The command line that shows the rulings citing a rule, its number and version quoted for a shell
    ("464.2.c.3 (v1.4)")."""
    return f"`python -m cardsdb rulings {shlex.quote(cite(rule.number, rule.version))}`"


def _ruling_line(ruling: Ruling) -> str:
    question = " ".join(ruling.question.split())
    return f"{question if ruling.is_topic else 'Q: ' + question} — {ruling_label(ruling)}"


def _query(args: argparse.Namespace) -> str:
    words: Sequence[str] = args.query if isinstance(args.query, list) else [str(args.query)]
    return " ".join(words).strip()


def rule_text(answer: RuleAnswer) -> str:
    """The rule, or the closest few when no rule clearly answers the words, then the others that match; then a
    ruling asking the words, on the rule shown or, where no rule is sure to answer, as the answer."""
    found = answer.found
    text = view_text(answer.view) if found.confident else unsure_text(answer.closest)
    read_as = f"Read as: {found.read_as}\n" if found.read_as else ""  # a misspelt word read as the word meant
    also = "".join(f"\nAlso matching: {rule_line(r)}" for r in found.also)
    ruling = answer.ruling
    if ruling is None:
        return read_as + text + also
    answered = ruling_text(ruling.ruling, ruling.citations, ruling.related)
    if found.confident:
        on = "citing" if ruling.ruling.rules else "on"
        return f"{read_as}{text}{also}\n\nA ruling answering these words, {on} this rule:\n{answered}"
    return f"{read_as}{text}{also}\n\nNo rule clearly answers these words; this ruling does:\n{answered}"


def ruling_text(ruling: Ruling, citations: Sequence[Citation], related: Sequence[Rule] = ()) -> str:
    """A ruling as the command line prints it: its question and answer, source, date and the rules it cites."""
    rules = f" — rules {cited_numbers(citations)}" if citations else ""
    if related and not citations:
        marks = ", ".join(cite(r.number, r.version, r.doc) for r in related)
        rules = f" — related rule {marks} (not cited by the source)"
    head = f"[{ruling_label(ruling)}{', ' + ruling.date if ruling.date else ''}{rules}]"
    credit = f"\nCredit: {ruling.credit} ({ruling.url})" if ruling.credit else ""
    superseded = superseded_line(ruling)
    first = f"[{superseded}]\n" if superseded else ""
    if ruling.is_topic:
        return f"{first}{ruling.question}\n{ruling.answer}\n{head}{credit}"
    return f"{first}Q: {ruling.question}\nA: {ruling.answer}\n{head}{credit}"


def cmd_rule(args: argparse.Namespace) -> int:
    doc, version = getattr(args, "doc", None), getattr(args, "version", None)
    with _open(args) as db:
        answer = rule_answer(db, _query(args), doc=doc, version=version)
        if args.json:
            _print_json(answer.to_json())
        else:
            print(rule_text(answer))
    return 0


def unsure_text(closest: Sequence[RuleView]) -> str:
    """Words no rule clearly answers: the closest rules alike, each with its number, its text and how many rulings
    cite it."""
    lines = [f"Not sure which rule answers this: none matches clearly better. The {len(closest)} closest:"]
    for view in closest:
        r = view.rule
        lines.append(
            f"{mark(r)} ({stamp(r)}) {r.title + ': ' if r.title and r.kind == 'rule' else ''}{r.text}"
        )
        rulings = rulings_count_line(view, _rulings_command(r))
        lines += [f"  {rulings}"] if rulings else []
    return "\n".join(lines)


# --- changes ---------------------------------------------------------------------------------------------
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


def changes_answer_text(answer: ChangesAnswer) -> str:
    found = answer.found
    return changes_text(found) if found.changes else changes_heading(found) + "\nNothing changed there."


def cmd_changes(args: argparse.Namespace) -> int:
    with _open(args) as db:
        answer = changes_answer(
            db, args.from_version, args.to_version, args.under, doc=getattr(args, "doc", None)
        )
        if args.json:
            _print_json(answer.to_json())
        else:
            print(changes_answer_text(answer))
    return 0
