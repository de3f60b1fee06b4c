"""A rule's versions and renumbering, as `CardsDB` shows a rule: its parents and sub-rules, every version of its
number, the same rule in other versions (`lineage`, cardsdb/build/rules.py), where its number moved, why this
version's text is shown, what changed in its words, and the patch notes that explain it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardsdb import rule_numbers
from cardsdb.build.rule_diff import without_examples
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
    PatchNote,
    Rewording,
    Rule,
    RuleNote,
    RuleNoteKind,
    RuleVersion,
    RuleView,
)
from cardsdb.query.base import Reader
from cardsdb.query.rule_rows import RANK, RuleRows, patch_note
from cardsdb.rule_versions import is_newer, rule_key, v14_counterpart, v15_counterpart
from cardsdb.schema import rule_from_row
from cardsdb.search.rule_context import ancestor_row


class RuleHistory:
    """A rule as shown: `view(rule) -> RuleView`."""

    def __init__(self, reader: Reader, rule_rows: RuleRows) -> None:
        self._reader = reader
        self._rule_rows = rule_rows

    def view(self, rule: Rule) -> RuleView:
        """A rule with its parents, sub-rules, every version of its number, its lineage, moves and notes."""
        lineage = self.lineage(rule)
        now = self._now(rule, lineage)
        return RuleView(
            rule=rule,
            parents=tuple(self._parents(rule)),
            children=tuple(self._rule_rows.children(rule.number, rule.version, rule.doc)),
            moved=tuple(dict.fromkeys(self._moved(rule, lineage, now))),
            notes=tuple(dict.fromkeys(self._notes(rule, lineage, now))),
            versions=self._numbered_versions(rule),
            lineage=tuple(lineage),
            now=now,
            changed=self._changed(rule, lineage),
            patch_notes=self._patch_notes([rule, *lineage]),
        )

    def lineage(self, rule: Rule) -> list[Rule]:
        """The same rule in the other versions (under any number), newest first: reworded, renumbered, split
        (v1.4's 811.1.d.2 is 811.1.d.2 and 811.1.d.3 now) or reversed (811.5.a)."""
        if rule.doc != CORE_DOC:
            return []
        rows = self._reader.rows(
            f"SELECT * FROM rules WHERE lineage = (SELECT lineage FROM rules WHERE key = ?) AND version <> ? "
            f"ORDER BY {RANK}, sort_key",
            [_key(rule), rule.version],
        )
        return [rule_from_row(r) for r in rows]

    def _now(self, rule: Rule, lineage: Sequence[Rule]) -> tuple[str, ...]:
        """An older rule's number(s) in the current rules: from the lineage and the overlay's moves."""
        if rule.doc != CORE_DOC or rule.version == CURRENT_RULES_VERSION:
            return ()
        found = [r.number for r in lineage if r.version == CURRENT_RULES_VERSION]
        found += [
            str(m["current"])
            for m in self._reader.rows(
                "SELECT current FROM rule_moves WHERE version = ? AND old = ?", [rule.version, rule.number]
            )
        ]
        return tuple(dict.fromkeys(found))

    def _numbered_versions(self, rule: Rule) -> tuple[RuleVersion, ...]:
        """Every version that has this number, newest first; `same_rule` False where it was another rule then."""
        shown_lineage = self._lineage_of(rule)
        found = []
        for row in self._rule_rows.numbered(rule.number, rule.doc):
            other = rule_from_row(row)
            same = other.version == rule.version or row["lineage"] == shown_lineage
            found.append(RuleVersion(other.version, other.text, other.title, other.wording, same))
        return tuple(found)

    def _lineage_of(self, rule: Rule) -> str | None:
        rows = self._reader.rows("SELECT lineage FROM rules WHERE key = ?", [_key(rule)])
        return str(rows[0]["lineage"]) if rows and rows[0]["lineage"] else None

    def _moved(self, rule: Rule, lineage: Sequence[Rule], now: Sequence[str]) -> list[RuleNote]:
        """Where the number moved, one note per move (the versions that had the old number together), the rule's own
        moves, else its nearest parent's."""
        if rule.doc != CORE_DOC:
            return []
        if rule.version == CURRENT_RULES_VERSION:
            return self._moved_here(rule, lineage)
        notes: list[RuleNote] = []
        for newer in lineage:
            renumbered = newer.number != rule.number and newer.version != CURRENT_RULES_VERSION
            if renumbered and is_newer(newer.version, rule.version):
                notes.append(
                    RuleNote("renumbered", rule.number, rule.version, ((newer.number, newer.version),))
                )
        if now and list(now) != [rule.number]:
            current = tuple((n, CURRENT_RULES_VERSION) for n in now)
            notes.append(RuleNote("now", rule.number, rule.version, current))
        return notes

    def _moved_here(self, rule: Rule, lineage: Sequence[Rule]) -> list[RuleNote]:
        """A current rule's moves: (old number, current) -> the older versions that had it, oldest first."""
        moves: dict[tuple[str, str], list[str]] = {}
        for number in [rule.number, *reversed(rule_numbers.ancestors(rule.number))]:
            for move in self._reader.rows(
                f"SELECT version, old FROM rule_moves WHERE current = ? ORDER BY {RANK} DESC", [number]
            ):
                if move["old"] != number:
                    moves.setdefault((str(move["old"]), number), []).append(str(move["version"]))
            for older in reversed(lineage) if number == rule.number else ():
                if older.number != rule.number and older.version != CURRENT_RULES_VERSION:
                    found = moves.setdefault((older.number, number), [])
                    if older.version not in found:
                        found.append(older.version)
            if moves:
                break
        return [
            RuleNote(
                "moved_here",
                old,
                versions[-1],
                ((current, CURRENT_RULES_VERSION),),
                title=self._rule_rows.title(old, versions[-1]),
                versions=tuple(versions),
            )
            for (old, current), versions in moves.items()
        ]

    def _notes(self, rule: Rule, lineage: Sequence[Rule], now: Sequence[str]) -> list[RuleNote]:
        """Why this version's text is shown, and what the current rules do with its number."""
        if rule.doc == TOURNAMENT_DOC:
            return [RuleNote("tournament_update_missing", rule.number, rule.version)]
        if rule.version == CURRENT_RULES_VERSION:
            return []  # where it comes from is its source line (`Rule.source`), a summary is marked as one
        if rule.superseded:
            return self._superseded_notes(rule, lineage)
        notes: list[RuleNote] = []
        current = self._rule_rows.row(rule.number, CURRENT_RULES_VERSION)
        if current is not None and (not now or rule.number in now):
            notes.append(RuleNote("worded_differently_now", rule.number, rule.version))
        elif not now:
            notes.append(RuleNote("older_text", rule.number, rule.version))
        newer = [
            r for r in lineage if r.version != CURRENT_RULES_VERSION and is_newer(r.version, rule.version)
        ]
        for later in newer:
            if later.number == rule.number and later.text != rule.text:
                notes.append(RuleNote("newer_worded_differently", later.number, later.version))
        renumbered = (
            _renumbered_notes(rule.number, now)
            if rule.version == V14_RULES_VERSION and current is None
            else []
        )
        if renumbered:  # what the current rules do with the number is known: no "may word it differently"
            notes = [
                replace(n, kind="older_text_dated") if n.kind == "older_text" else n for n in notes
            ] + renumbered
        if not newer and rule.version == V13_RULES_VERSION and self._rule_rows.holds(V14_RULES_VERSION):
            other = self._rule_rows.row(rule.number, V14_RULES_VERSION)
            kind: RuleNoteKind = "later_other_rule" if other is not None else "later_lacks"
            notes.append(RuleNote(kind, rule.number, V14_RULES_VERSION))
        return notes

    def _superseded_notes(self, rule: Rule, lineage: Sequence[Rule]) -> list[RuleNote]:
        """An older rule whose number the current rules give another meaning: changed in its place (split, narrowed
        or reversed: 811.5.a), or another rule under that number (v1.4's 422 is Discard; 422 is Hide now), then where
        the older version has the rule that number means now."""
        if any(r.version == CURRENT_RULES_VERSION and r.number == rule.number for r in lineage):
            return [RuleNote("changed_in_place", rule.number, rule.version)]
        numbers = [*rule_numbers.ancestors(rule.number), rule.number]
        top = next(
            (
                n
                for n in numbers
                if self._rule_rows.superseded(n, rule.version)
                and self._rule_rows.row(n, CURRENT_RULES_VERSION)
            ),
            rule.number,
        )
        now_title = self._rule_rows.title(top, CURRENT_RULES_VERSION)
        then_title = self._rule_rows.title(top, rule.version)
        notes = [RuleNote("superseded", top, rule.version, title=now_title, then_title=then_title)]
        for move in self._reader.rows(
            "SELECT old FROM rule_moves WHERE current = ? AND version = ?", [top, rule.version]
        ):
            there = str(move["old"]) + rule.number[len(top) :]
            if now_title:
                notes.append(RuleNote("see_older", there, rule.version, title=now_title))
            else:
                notes.append(RuleNote("was_numbered", there, rule.version, ((top, CURRENT_RULES_VERSION),)))
        return notes

    def _changed(self, rule: Rule, lineage: Sequence[Rule]) -> Rewording | None:
        """The text of the same rule in the next older version, where both are official wording and they differ."""
        if rule.wording != "official":
            return None
        older = [r for r in lineage if is_newer(rule.version, r.version)]
        if not older or older[0].wording != "official":
            return None
        was = older[0]
        old_text = without_examples(was.text) if rule.version == CURRENT_RULES_VERSION else was.text
        if " ".join(old_text.split()) == " ".join(rule.text.split()):
            return None
        return Rewording(was.version, was.number, old_text, rule.text)

    def _patch_notes(self, rules: Sequence[Rule]) -> tuple[PatchNote, ...]:
        if not self._reader.has("patch_notes"):
            return ()
        found: list[PatchNote] = []
        for rule in rules:
            if rule.doc != CORE_DOC:
                continue
            rows = self._reader.rows(
                "SELECT * FROM patch_notes WHERE to_version = ? AND number = ? ORDER BY id",
                [rule.version, rule.number],
            )
            found += [patch_note(r) for r in rows]
        return tuple(dict.fromkeys(found))

    def _parents(self, rule: Rule) -> list[Rule]:
        found = (self._parent_rule(n, rule.version, rule.doc) for n in rule_numbers.ancestors(rule.number))
        return [p for p in found if p is not None]

    def _parent_rule(self, number: str, version: str, doc: str) -> Rule | None:
        """The parent as shown (`ancestor_row`: the same version's, else an older version's for a current rule)."""
        row = ancestor_row(lambda v: self._rule_rows.row(number, v, doc), doc, version)
        return rule_from_row(row) if row is not None else None


def _renumbered_notes(number: str, now: Sequence[str]) -> list[RuleNote]:
    """For a v1.4 rule: what the current rules (v1.5) number it, and what they number `number`, where a pair the data
    shows says so (the v1.5 text itself is not public)."""
    notes: list[RuleNote] = []
    newer = v15_counterpart(number)
    if newer is not None and newer != number and newer not in now:  # `now` is said already ("... is 422 now")
        notes.append(RuleNote("current_number", number, V14_RULES_VERSION, ((newer, CURRENT_RULES_VERSION),)))
    older = v14_counterpart(number)
    if older is not None and older != number:
        notes.append(RuleNote("number_reused", number, CURRENT_RULES_VERSION, ((older, V14_RULES_VERSION),)))
    return notes


def _key(rule: Rule) -> str:
    return rule_key(rule.doc, rule.version, rule.number)
