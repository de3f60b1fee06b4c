"""Each model as JSON, as every answer carries it: a card, a rule and a rule's view, a ruling with its citations, a
rule change and a patch note. The field names are a contract (docs/interface.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from cardsdb.build.rule_diff import render_diff, word_diff
from cardsdb.cli.rule_words import notes_text
from cardsdb.models import CURRENT_RULES_VERSION, Card, PatchNote, Rule, RuleChange, RuleView, Ruling
from cardsdb.project.provenance import ruling_label
from cardsdb.rule_versions import Citation, cite, cite_citation, v14_counterpart


def mark(rule: Rule) -> str:
    """The rule's number as cited: `811.6`, `133.6 (v1.4)`, `TR 702.2`."""
    return cite(rule.number, rule.version, rule.doc)


def card_dict(card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "id": card.id,
        "types": list(card.types),
        "supertypes": list(card.supertypes),
        "domains": list(card.domains),
        "energy": card.energy,
        "power": card.power,
        "might": card.might,
        "tags": list(card.tags),
        "keywords": [str(k) for k in card.keywords],
        "rarity": card.rarity,
        "text": card.text,
        "text_source": card.text_source,
        "text_date": card.text_date,
        "printings": [asdict(p) for p in card.printings],
        "older_wordings": [asdict(o) for o in card.older_wordings],
        "partial": card.partial,
        "not_yet_known": list(card.unknown),
        "type_doubt": card.type_doubt,
        "notes": list(card.notes),
    }


def ruling_dict(
    ruling: Ruling, citations: Sequence[Citation] = (), related: Sequence[Rule] = ()
) -> dict[str, Any]:
    data = asdict(ruling)
    data["rules"] = list(ruling.rules)
    data["cards"] = list(ruling.cards)
    data["cited"] = [
        {
            "number": c.number,
            "version": c.version,
            "mark": cite_citation(c),
            "found": c.found,
            # a current number the data lacks: v1.4's rule the data pairs it with, shown in its place, marked
            "v14_wording": v14_counterpart(c.number)
            if not c.found and c.version == CURRENT_RULES_VERSION
            else None,
        }
        for c in citations
    ]
    data["related"] = [
        {"number": r.number, "version": r.version, "doc": r.doc, "mark": cite(r.number, r.version, r.doc)}
        for r in related
    ]
    return data


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
        "rulings": [ruling_brief(r) for r in view.rulings],
    }


def ruling_brief(ruling: Ruling) -> dict[str, Any]:
    """A ruling named in a rule's view (`RuleView.rulings`): enough to list it, credited (a community ruling's
    licence asks for it), and fetch it whole (`/v1/rulings?q=` with the rule's number)."""
    return {
        "id": ruling.id,
        "question": ruling.question,
        "kind": ruling.kind,
        "source": ruling.source,
        "label": ruling_label(ruling),
        "date": ruling.date,
        "url": ruling.url,
        "credit": ruling.credit,
    }


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
