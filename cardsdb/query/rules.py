"""Rules by number and by words in every version of each rules document, and what changed between versions.

`RuleQueries` is a part of `CardsDB` (cardsdb/query/database.py) and reads through `base.Queries`. A number
answers from the newest version that has it, stamped with that version; a version may be asked for. Rows of one rule
across versions share a `lineage` (cardsdb/build/rules.py), so an answer knows the same rule under another number
("811.1.d.2.a (v1.4) is 811.1.d.4 now") and tells another rule under the same number apart.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import replace

from cardsdb import rule_numbers
from cardsdb.build.rule_diff import without_examples
from cardsdb.errors import BadInput, NotFound
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
    ChangeList,
    PatchNote,
    Rewording,
    Rule,
    RuleChange,
    RuleLookup,
    RuleMatches,
    RuleNote,
    RuleNoteKind,
    RuleVersion,
    RuleView,
    Ruling,
)
from cardsdb.names import normalize
from cardsdb.query.base import Queries
from cardsdb.rule_versions import (
    VERSIONS_BY_DOC,
    BadVersion,
    Citation,
    is_newer,
    paired_numbers,
    parse_doc,
    parse_version,
    rule_key,
    v14_counterpart,
    v15_counterpart,
)
from cardsdb.schema import rule_from_row
from cardsdb.search.question_confidence import CLEAR_LEAD, RULE_CANDIDATES, confident
from cardsdb.search.question_rank import QuestionRanker, RankedRule
from cardsdb.search.rule_context import ancestor_row
from cardsdb.search.rule_reading import title_key
from cardsdb.search.syntax import escape_like

# Versions newest first, as SQL: ORDER BY it.
_RANK = (
    "CASE version "
    + " ".join(f"WHEN '{v}' THEN {i}" for i, v in enumerate(VERSIONS_BY_DOC[CORE_DOC]))
    + " ELSE 9 END"
)
# A keyword's rules as listed under it: each rule's newest form that its number still means (not an older row whose
# number the current rules gave to another rule). Which rows a word search shows is `QuestionRanker.shown_rows`.
_KEYWORD_SHOWN = "(r.latest = 1 AND (r.version = ? OR COALESCE(r.superseded, 0) = 0))"
TITLED_LEAD = 1.2 * CLEAR_LEAD  # a heading named as the words, against the best match's score: clearly ahead


class RuleQueries(Queries):
    """The rules part of CardsDB."""

    _titles_by: dict[tuple[str, str | None], list[tuple[str, str, Rule]]]  # CardsDB starts it empty
    _titled_by: dict[tuple[str, str | None], dict[str, list[Rule]]]  # CardsDB starts it empty
    _ranker: QuestionRanker | None  # CardsDB starts it None
    meaning: (
        str  # when words are compared by meaning too (question_rank.WAIT, WHEN_READY, OFF); CardsDB sets it
    )

    # --- rows ------------------------------------------------------------------------------------------
    def _rule_row(self, number: str, version: str, doc: str = CORE_DOC) -> sqlite3.Row | None:
        rows = self._rows(
            "SELECT * FROM rules WHERE number = ? AND doc = ? AND version = ?", [number, doc, version]
        )
        return rows[0] if rows else None

    def _numbered(self, number: str, doc: str) -> list[sqlite3.Row]:
        """Every version's row under `number`, newest first."""
        return self._rows(f"SELECT * FROM rules WHERE number = ? AND doc = ? ORDER BY {_RANK}", [number, doc])

    def _superseded(self, number: str, version: str = V13_RULES_VERSION) -> bool:
        row = self._rule_row(number, version)
        return bool(row is not None and row["superseded"])

    def rule_exists(self, number: str, version: str | None = None, doc: str | None = None) -> bool:
        """Whether a rules version holds this number. Any spelling of a version ("v1.4", "1.3", "2026-10-09",
        "current"); the Tournament Rules' version alone implies that document; no version: any version."""
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return False
        wanted = rule_numbers.normalize_version(version) if version else ref.version
        if version and wanted is None:
            return False
        if doc is None:
            doc = TOURNAMENT_DOC if ref.doc or wanted == VERSIONS_BY_DOC[TOURNAMENT_DOC][0] else CORE_DOC
        if wanted is None:
            return bool(self._numbered(ref.number, doc))
        return self._rule_row(ref.number, wanted, doc) is not None

    def _title(self, number: str, version: str, doc: str = CORE_DOC) -> str | None:
        row = self._rule_row(number, version, doc)
        if row is None:
            return None
        if row["title"]:
            return str(row["title"])
        return str(row["text"]) if row["kind"] in ("heading", "chapter") and row["text"] else None

    # --- a rule by number or words ---------------------------------------------------------------------
    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None:
        """A rule by number (from the newest version that has it, or the version asked for) or by words (the best
        match). `doc`: core or tournament (a number without it is a Core Rules number; words without it are asked of
        both documents); raises BadVersion for a document or version that doesn't exist."""
        lookup = self.look_up_rule(number_or_words, doc=doc, version=version, limit=1)
        if lookup.by_number:
            return lookup.view
        return self._view(lookup.found.rules[0]) if lookup.found.rules else None

    def look_up_rule(
        self, query: str, *, doc: str | None = None, version: str | None = None, limit: int = RULE_CANDIDATES
    ) -> RuleLookup:
        """The one place a rule query is read as a number or as words (/rule, `python -m cardsdb rule`, `rule`): a
        number (`811.1.d`, `TR 702.2`, `v1.4 421`, or shaped as one that is none, `9999.9`) is looked up; words are
        ranked once, `limit` of them (`match_rules`). Raises BadVersion for a document or version that doesn't exist."""
        ref = rule_numbers.parse_rule_ref(query)  # `looks_like_number`, with the number read once
        typed = rule_numbers.typed_version(query) if ref is None else None
        if typed is not None:
            parse_version(
                typed, parse_doc(doc) if doc else CORE_DOC
            )  # "v1.9 422": BadVersion naming the known ones
        if ref is None and not rule_numbers.number_shaped(query):
            return RuleLookup(False, self.match_rules(query, limit, doc=doc, version=version))
        if ref is None:
            # shaped as a number that is none ("9999.9"): no rule, once the options are known to be good
            word_scope(doc, version)
            return RuleLookup(True, RuleMatches((), confident=False))
        view = self._in_either_document(ref, doc, version)
        return RuleLookup(True, RuleMatches((view.rule,) if view else (), confident=view is not None), view)

    def _in_either_document(
        self, ref: rule_numbers.RuleRef, doc: str | None, version: str | None
    ) -> RuleView | None:
        """A number typed alone (no `doc`, no "TR", no version) names a rule of whichever document holds it: the Core
        Rules' first, the Tournament Rules' rule of the same number named in a note; the Tournament Rules' where only
        they have it (702.12). A number with any of those is looked up where it says (`_numbered_view`)."""
        view = self._numbered_view(ref, doc, version)
        if doc or version or ref.doc or ref.version:
            return view
        tournament = self._rule_row(ref.number, TOURNAMENT_RULES_VERSION, TOURNAMENT_DOC)
        if tournament is None:
            return view
        if view is None:
            return self._view(rule_from_row(tournament))
        title = self._title(ref.number, TOURNAMENT_RULES_VERSION, TOURNAMENT_DOC)
        also = RuleNote("also_tournament", ref.number, TOURNAMENT_RULES_VERSION, title=title)
        return replace(view, notes=(*view.notes, also))

    def _numbered_view(
        self, ref: rule_numbers.RuleRef, doc: str | None, version: str | None
    ) -> RuleView | None:
        """The rule a number names: from the version asked, else the newest version that has it. A current number the
        current rules' public text lacks, renumbered from v1.4 by a pair the data shows (Core Rules v1.5: 407.5 is
        v1.4's 406.5), is that v1.4 rule standing in, marked, as in `cited_rule`: never v1.4's rule of the same number."""
        doc, wanted = self._doc_and_version(ref, doc, version)
        if doc == CORE_DOC and (wanted or CURRENT_RULES_VERSION) == CURRENT_RULES_VERSION:
            stand_in = self._stand_in(ref.number, doc)
            if stand_in is not None:
                return stand_in
        versions = (wanted,) if wanted else VERSIONS_BY_DOC[doc]
        for candidate in versions:
            row = self._rule_row(ref.number, candidate, doc)
            if row is not None:
                return self._view(rule_from_row(row))
        return None

    def cited_rule(self, number: str) -> RuleView | None:
        """A rule as an answer cites it (`cite`'s form): a bare number is a current one, never v1.4's rule of the same
        number. Where the current rules' text is not public, v1.4's corresponding rule stands in for it (marked
        `stands_in_for`), for the pairs the data shows (cardsdb/rule_versions.py, Core Rules v1.5); None where there is neither."""
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return None
        doc, version = self._doc_and_version(ref, None, None)
        if doc != CORE_DOC or (version or CURRENT_RULES_VERSION) != CURRENT_RULES_VERSION:
            return self.rule(number)
        row = self._rule_row(ref.number, CURRENT_RULES_VERSION, doc)
        if row is not None:
            return self._view(rule_from_row(row))
        older = v14_counterpart(ref.number)
        row = self._rule_row(older, V14_RULES_VERSION, doc) if older else None
        if row is None:
            return None
        return replace(self._view(rule_from_row(row)), stands_in_for=ref.number)

    def _stand_in(self, number: str, doc: str) -> RuleView | None:
        """v1.4's rule standing in for a renumbered current rule whose text is not public; None for a number the
        current rules hold, or one no pair moves."""
        if self._rule_row(number, CURRENT_RULES_VERSION, doc) is not None:
            return None
        older = v14_counterpart(number)
        if older is None or older == number:
            return None
        row = self._rule_row(older, V14_RULES_VERSION, doc)
        return replace(self._view(rule_from_row(row)), stands_in_for=number) if row is not None else None

    def _doc_and_version(
        self, ref: rule_numbers.RuleRef | None, doc: str | None, version: str | None
    ) -> tuple[str, str | None]:
        """The document and version asked for, by option or in the query ("TR 702.2", "v1.4 421"); BadVersion when
        they are unknown or disagree."""
        chosen = parse_doc(doc) if doc else (ref.doc if ref and ref.doc else CORE_DOC)
        if ref is not None and ref.doc and doc and parse_doc(doc) != ref.doc:
            raise BadVersion(f"the query names the Tournament Rules but doc is {doc}")
        asked = parse_version(version, chosen)
        typed = ref.version if ref else None
        if typed is not None and chosen == TOURNAMENT_DOC:
            raise BadVersion(f"{typed} is a Core Rules version; the Tournament Rules here are of one version")
        if typed is not None and typed not in VERSIONS_BY_DOC[chosen]:
            raise BadVersion(
                f"the rules of {typed} are not in the data: use {', '.join(VERSIONS_BY_DOC[chosen])}"
            )
        if asked and typed and asked != typed:
            raise BadVersion(f"the query asks for {typed} and version for {asked}")
        return chosen, asked or typed

    def _view(self, rule: Rule) -> RuleView:
        lineage = self._lineage(rule)
        now = self._now(rule, lineage)
        return RuleView(
            rule=rule,
            parents=tuple(self._parents(rule)),
            children=tuple(self._children(rule.number, rule.version, rule.doc)),
            moved=tuple(dict.fromkeys(self._moved(rule, lineage, now))),
            notes=tuple(dict.fromkeys(self._notes(rule, lineage, now))),
            versions=self._numbered_versions(rule),
            lineage=tuple(lineage),
            now=now,
            changed=self._changed(rule, lineage),
            patch_notes=self._patch_notes([rule, *lineage]),
        )

    def _lineage(self, rule: Rule) -> list[Rule]:
        """The same rule in the other versions (under any number), newest first: reworded, renumbered, split
        (v1.4's 811.1.d.2 is 811.1.d.2 and 811.1.d.3 now) or reversed (811.5.a)."""
        if rule.doc != CORE_DOC:
            return []
        rows = self._rows(
            f"SELECT * FROM rules WHERE lineage = (SELECT lineage FROM rules WHERE key = ?) AND version <> ? "
            f"ORDER BY {_RANK}, sort_key",
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
            for m in self._rows(
                "SELECT current FROM rule_moves WHERE version = ? AND old = ?", [rule.version, rule.number]
            )
        ]
        return tuple(dict.fromkeys(found))

    def _numbered_versions(self, rule: Rule) -> tuple[RuleVersion, ...]:
        """Every version that has this number, newest first; `same_rule` False where it was another rule then."""
        shown_lineage = self._lineage_of(rule)
        found = []
        for row in self._numbered(rule.number, rule.doc):
            other = rule_from_row(row)
            same = other.version == rule.version or row["lineage"] == shown_lineage
            found.append(RuleVersion(other.version, other.text, other.title, other.wording, same))
        return tuple(found)

    def _lineage_of(self, rule: Rule) -> str | None:
        rows = self._rows("SELECT lineage FROM rules WHERE key = ?", [_key(rule)])
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
            for move in self._rows(
                f"SELECT version, old FROM rule_moves WHERE current = ? ORDER BY {_RANK} DESC", [number]
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
                title=self._title(old, versions[-1]),
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
        current = self._rule_row(rule.number, CURRENT_RULES_VERSION)
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
        if not newer and rule.version == V13_RULES_VERSION and self._holds(V14_RULES_VERSION):
            other = self._rule_row(rule.number, V14_RULES_VERSION)
            kind: RuleNoteKind = "later_other_rule" if other is not None else "later_lacks"
            notes.append(RuleNote(kind, rule.number, V14_RULES_VERSION))
        return notes

    def _holds(self, version: str) -> bool:
        return bool(
            self._rows("SELECT 1 FROM rules WHERE doc = ? AND version = ? LIMIT 1", [CORE_DOC, version])
        )

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
                if self._superseded(n, rule.version) and self._rule_row(n, CURRENT_RULES_VERSION)
            ),
            rule.number,
        )
        now_title = self._title(top, CURRENT_RULES_VERSION)
        then_title = self._title(top, rule.version)
        notes = [RuleNote("superseded", top, rule.version, title=now_title, then_title=then_title)]
        for move in self._rows(
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
        if "patch_notes" not in self._tables:
            return ()
        found: list[PatchNote] = []
        for rule in rules:
            if rule.doc != CORE_DOC:
                continue
            rows = self._rows(
                "SELECT * FROM patch_notes WHERE to_version = ? AND number = ? ORDER BY id",
                [rule.version, rule.number],
            )
            found += [_patch_note(r) for r in rows]
        return tuple(dict.fromkeys(found))

    def _parents(self, rule: Rule) -> list[Rule]:
        found = (self._parent_rule(n, rule.version, rule.doc) for n in rule_numbers.ancestors(rule.number))
        return [p for p in found if p is not None]

    def _parent_rule(self, number: str, version: str, doc: str) -> Rule | None:
        """The parent as shown (`ancestor_row`: the same version's, else an older version's for a current rule)."""
        row = ancestor_row(lambda v: self._rule_row(number, v, doc), doc, version)
        return rule_from_row(row) if row is not None else None

    def _children(self, number: str, version: str, doc: str = CORE_DOC) -> list[Rule]:
        rows = self._rows(
            "SELECT * FROM rules WHERE doc = ? AND version = ? AND parent = ? ORDER BY sort_key, number",
            [doc, version, number],
        )
        return [rule_from_row(r) for r in rows if rule_numbers.parent_of(r["number"]) == number]

    # --- words ----------------------------------------------------------------------------------------
    def search_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        """Rules by words, best first: a heading named so first ("hide" -> 422 Hide), then the rules that best
        answer the words as a question (`cardsdb.search.question_rank`). Words shaped as a rule number (`9999.9`) find
        nothing. Without `doc` (and `version`), both documents are ranked together.

        Without a version, only the newest form of each rule: an older version's rule where no newer version holds
        it (stamped, also where the current rules gave its number to another rule: v1.4's 422.1 Discard).
        """
        return [r.rule for r in self.ranked_rules(words, limit, doc=doc, version=version)]

    def ranked_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> list[RankedRule]:
        """`search_rules`, each rule with its score."""
        scope, version = word_scope(doc, version)
        if rule_numbers.number_shaped(words):
            return []
        ranked = self.question_ranker.ranked_rules(words, doc=scope, version=version, limit=limit)
        # A heading named as the words is what they ask for: the first (the current, then the shallowest) scores
        # clearly ahead of the best match; others named so, as the best match.
        best = ranked[0].score if ranked else 1.0
        titled = [
            RankedRule(r, TITLED_LEAD * best if i == 0 else best)
            for i, r in enumerate(self._titled_in(words, scope, version))
        ]
        return _unique_ranked([*titled, *ranked])[:limit]

    def match_rules(
        self, words: str, limit: int = RULE_CANDIDATES, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches:
        """The rules best answering words, best first, and whether the first is clearly ahead of the next
        (`question_confidence.confident`)."""
        ranked = self.ranked_rules(words, limit, doc=doc, version=version)
        first = ranked[0] if ranked else None
        sure = confident(
            [r.score for r in ranked],
            supported=first is not None and first.supported,
            votes=None if first is None or first.agrees is None else first.votes,
        )
        return RuleMatches(tuple(r.rule for r in ranked), sure)

    def rule_view(self, rule: Rule) -> RuleView:
        """A rule found by words (`search_rules`, `match_rules`) as `rule` shows it: parents, sub-rules, versions."""
        return self._view(rule)

    def _titled_in(self, words: str, scope: str | None, version: str | None) -> list[Rule]:
        """Headings named as the words, in the document asked (both: the Tournament Rules' first for words naming
        tournament procedure)."""
        docs = [scope] if scope else [CORE_DOC, TOURNAMENT_DOC]
        if scope is None and self.question_ranker.names_tournament(words):
            docs.reverse()
        return [rule for d in docs for rule in self._titled(words, d, version)]

    @property
    def question_ranker(self) -> QuestionRanker:
        """Rules and rulings indexed for words, read once (the database is read-only)."""
        if self._ranker is None:
            self._ranker = QuestionRanker.load(self._rows, meaning=self.meaning)
        return self._ranker

    def rules_also_matching(
        self, words: str, shown: Rule, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        """The rules matching words besides `shown` (the best match `rule(words)` gave), best first; `doc` and
        `version` as asked of `rule`."""
        return [
            r
            for r in self.search_rules(words, limit=limit + 1, doc=doc, version=version)
            if (r.doc, r.number, r.version) != (shown.doc, shown.number, shown.version)
        ][:limit]

    def _titles(self, doc: str, version: str | None) -> list[tuple[str, str, Rule]]:
        """(title key, compact title, heading) of every titled rule shown for `doc` (and version), loaded once."""
        cached = self._titles_by.get((doc, version))
        if cached is not None:
            return cached
        rows = sorted(
            (
                r
                for r in self.question_ranker.shown_rows(doc, version)
                if r["title"] is not None or r["kind"] in ("heading", "chapter")
            ),  # current first, then the shallowest
            key=lambda r: (
                r["version"] != CURRENT_RULES_VERSION,
                str(r["number"]).count("."),
                str(r["sort_key"]),
            ),
        )
        titles = []
        for row in rows:
            title = row["title"] or (row["text"] if row["kind"] in ("heading", "chapter") else None)
            if title:
                compact = normalize(str(title)).removeprefix("the ").replace(" ", "")
                titles.append((title_key(str(title)), compact, rule_from_row(row)))
        self._titles_by[(doc, version)] = titles
        return titles

    def _titled(self, words: str, doc: str = CORE_DOC, version: str | None = None) -> list[Rule]:
        """Rules titled as words, ignoring case, a leading "the", spaces and a plural s ("facedown zone" ->
        107.3 Facedown Zones, "burnout" -> Burn Out); current first, then the shallowest."""
        by_key = self._titled_by.get((doc, version))
        if by_key is None:
            by_key = self._titled_by[(doc, version)] = {}
            for title, _, rule in self._titles(doc, version):
                by_key.setdefault(title, []).append(rule)
        key = title_key(words)
        return list(by_key.get(key, ())) if key else []

    def autocomplete_rules(
        self, text: str, limit: int = 25, *, doc: str | None = None
    ) -> list[tuple[str, str]]:
        """(label, value) pairs: numbers starting with text, else full-text matches. The label is the rule's number and
        title or text, whole (the bot fits it to Discord's 100 characters)."""
        asked_doc = doc
        try:
            doc = parse_doc(doc)
        except BadVersion:
            doc = asked_doc = CORE_DOC
        limit = min(limit, 25)
        text = text.strip()
        ref = rule_numbers.parse_rule_ref(text) if text else None
        rules: list[Rule]
        if ref is None and rule_numbers.number_shaped(text):
            return []  # a number no rule can have ("9999.9")
        if ref is not None or not text:
            start = ref.number if ref else ""
            typed = ref.number.lstrip("0") if ref else ""  # "42" also starts 420-429
            # a number typed alone that no Core Rule starts with is looked for in the Tournament Rules (702.12)
            docs = [doc] if asked_doc or not start else [doc, TOURNAMENT_DOC]
            for searched in docs:
                rows = self._rows(
                    "SELECT * FROM rules WHERE doc = ? AND (number = ? OR number LIKE ? ESCAPE '\\' "
                    f"OR number LIKE ? ESCAPE '\\') ORDER BY (version = ?) DESC, sort_key, {_RANK}, number LIMIT ?",
                    [
                        searched,
                        start,
                        escape_like(start) + ("." if start else "") + "%",
                        escape_like(typed) + "%",
                        CURRENT_RULES_VERSION,
                        limit * 3,
                    ],
                )
                if rows:
                    break
            seen: set[str] = set()
            rules = []
            for row in rows:
                rule = rule_from_row(row)
                if rule.number in seen:
                    continue
                seen.add(rule.number)  # the newest row of the number: a bare number answers with it
                if not rule.superseded:
                    rules.append(rule)
        else:
            rules = self._rule_prefix_search(text, limit, doc if asked_doc else None)
        choices = []
        for rule in rules[:limit]:
            stamp = "TR " if rule.doc == TOURNAMENT_DOC else "" if rule.is_current else f"{rule.version} "
            choices.append((f"{stamp}{rule.number} {rule.title or rule.text}", _value(rule)))
        return choices

    def _rule_prefix_search(self, text: str, limit: int, doc: str | None) -> list[Rule]:
        # Headings whose title starts so first ("facedown z" -> 107.3 Facedown Zones), then the rules best answering
        # the words, the last one as typed so far ("how do I hid" -> hide, hidden); `doc` None: both documents.
        start = normalize(text).removeprefix("the ").replace(" ", "")
        headings = [
            r
            for d in ([doc] if doc else [CORE_DOC, TOURNAMENT_DOC])
            for _, compact, r in self._titles(d, None)
            if start and compact.startswith(start)
        ]
        ranked = self.question_ranker.rules(text, doc=doc, limit=limit, typing=True)
        return _unique_rules([*headings, *ranked])[:limit]

    def suggest_rules(
        self, query: str, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[str]:
        """Numbers near a rule number that does not exist (its siblings), for a "did you mean". Text shaped as a
        number that no rule can have is read as the nearest number it could be ("811.1234" as 811.999); one whose
        first part has more than three digits ("9999.9") has no rule near it."""
        ref = rule_numbers.parse_rule_ref(query)
        if ref is None:
            near = rule_numbers.nearest_shape(query)
            ref = rule_numbers.parse_rule_ref(near) if near else None
        if ref is None:
            return []
        try:
            doc, wanted = self._doc_and_version(ref, doc, version)
        except BadVersion:
            return []
        parent = rule_numbers.parent_of(ref.number)
        if parent is None:
            return [value for _, value in self.autocomplete_rules(ref.number[:2], limit=25, doc=doc)][:limit]
        versions = (wanted,) if wanted else VERSIONS_BY_DOC[doc]
        siblings = sorted(
            {r.number for v in versions for r in self._children(parent, v, doc) if not r.superseded},
            key=rule_numbers.sort_key,
        )
        wanted_key = rule_numbers.sort_key(ref.number)
        at = sum(1 for n in siblings if rule_numbers.sort_key(n) < wanted_key)
        nearest = sorted(range(len(siblings)), key=lambda i: (abs(i - at + 0.5), i))
        found = [siblings[i] for i in nearest[: limit - 1]]
        exists = any(self._rule_row(parent, v, doc) is not None for v in versions)
        return [*sorted(found, key=rule_numbers.sort_key), parent] if exists else found[:limit]

    # --- keywords --------------------------------------------------------------------------------------
    def _heading_number(self, title: str) -> str | None:
        """The number of the rules heading titled exactly so (current first): `Stun` -> 423 (v1.4)."""
        found = self._titled(title)
        return found[0].number if found else None

    def _keyword_rules(self, number: str) -> list[Rule]:
        """The keyword's rule and everything under it, each from the newest version that has it: current rows, then
        older rows the current rules neither hold nor gave to another rule."""
        rows = self._rows(
            f"SELECT * FROM rules r WHERE r.doc = ? AND {rule_numbers.subtree_sql('r.number')} "
            f"AND {_KEYWORD_SHOWN} ORDER BY r.sort_key, r.number",
            [CORE_DOC, *rule_numbers.subtree_params(number), CURRENT_RULES_VERSION],
        )
        return sorted(
            _unique_rules([rule_from_row(r) for r in rows]), key=lambda r: rule_numbers.sort_key(r.number)
        )

    # --- rulings ---------------------------------------------------------------------------------------
    def rule_references(self, number: str) -> list[tuple[str, str]]:
        """(version, number) pairs naming the rule a typed number means, in every version that has it: the number
        itself in the version it is read in (the newest that has it, unless one is given) and the same rule's number
        in the others. Empty when no version has the number."""
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return []
        view = None
        try:
            view = self.rule(number)
        except BadInput:
            return []
        pairs = paired_numbers(ref.number, ref.version)
        if view is not None and view.rule.number == ref.number:
            pairs = [(view.rule.version, view.rule.number), *(r for r in pairs if r[0] != view.rule.version)]
            pairs += [(r.version, r.number) for r in view.lineage]
        return list(dict.fromkeys(pairs))

    def ruling_citations(self, ruling: Ruling) -> list[Citation]:
        """The rule numbers a ruling cites, each with the version it numbers them in and whether that version has it."""
        rows = {
            str(r["number"]): r
            for r in self._rows(
                "SELECT number, version, resolves FROM ruling_rules WHERE ruling_id = ?", [ruling.id]
            )
        }
        found = []
        for cited in ruling.rules:
            ref = rule_numbers.parse_rule_ref(cited)
            number = ref.number if ref else cited
            row = rows.get(number)
            version = (
                (ref.version if ref else None) or (row["version"] if row else None) or ruling.rules_version
            )
            version = version or CURRENT_RULES_VERSION
            found.append(Citation(number, version, CORE_DOC, bool(row["resolves"]) if row else False))
        return found

    def ruling_links(self, ruling: Ruling) -> list[Rule]:
        """The rules the build linked a ruling that cites none to, by its words (cardsdb/ruling_links.py), closest
        first: the rules it discusses, never the source's own citations. Empty in a database built without links."""
        if "ruling_links" not in self._tables:
            return []
        rows = self._rows(
            "SELECT r.* FROM ruling_links l JOIN rules r ON r.doc = l.doc AND r.version = l.version "
            "AND r.number = l.number WHERE l.ruling_id = ? ORDER BY l.rank",
            [ruling.id],
        )
        return [rule_from_row(r) for r in rows]

    # --- what changed ----------------------------------------------------------------------------------
    def changes(
        self, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
    ) -> ChangeList:
        """What changed between two versions (older first), under a rule number or everywhere.

        Raises BadVersion for an unknown version or an order that is not older -> newer, BadInput for an `under`
        that is not a rule number, NotFound when the data holds either version only in name."""
        doc = parse_doc(doc)
        old = parse_version(from_version, doc) or ""
        new = parse_version(to_version, doc) or ""
        if not old or not new:
            raise BadVersion("give both versions: from and to")
        if old == new:
            raise BadVersion(f"from and to are both {old}: give two versions")
        if not is_newer(new, old, doc):
            raise BadVersion(f"{old} is newer than {new}: from is the older version (from {new} to {old})")
        root = None
        if under is not None and under.strip():
            ref = rule_numbers.parse_rule_ref(under)
            if ref is None or ref.version is not None:
                raise BadInput(f"under: {under.strip()[:40]!r} is not a rule number (like 811 or 811.1.d)")
            root = ref.number
        for version in (old, new):
            if not self._holds(version):
                raise NotFound(
                    f"the database holds no Core Rules {version}; build it from a data folder that has them"
                )
        clause, params = "", []
        if root:
            clause = f" AND ({rule_numbers.subtree_sql('number')} OR {rule_numbers.subtree_sql('moved_to')})"
            params = [*rule_numbers.subtree_params(root), *rule_numbers.subtree_params(root)]
        rows = self._rows(
            "SELECT * FROM rule_changes WHERE doc = ? AND from_version = ? AND to_version = ?"
            f"{clause} ORDER BY sort_key, number, id",
            [doc, old, new, *params],
        )
        notes = self._notes_between(old, new)
        changes = tuple(
            RuleChange(
                number=str(r["number"]),
                change=r["change"],
                old=r["old"],
                new=r["new"],
                moved_to=r["moved_to"],
                from_version=old,
                to_version=new,
                title=r["title"],
                wording="summary" if r["wording"] == "summary" else "official",
                doc=doc,
                patch_notes=tuple(notes.get(str(r["moved_to"] or r["number"]), ()))
                if r["change"] != "removed"
                else (),
            )
            for r in rows
        )
        unplaced = tuple(notes.get("", ())) if root is None else ()
        under_version = None
        if root is not None:
            under_version = next((v for v in (new, old) if self._rule_row(root, v, doc) is not None), new)
        return ChangeList(old, new, changes, root, doc, new == CURRENT_RULES_VERSION, unplaced, under_version)

    def _notes_between(self, old: str, new: str) -> dict[str, list[PatchNote]]:
        """The patch notes between two versions by the rule they explain ("" for those tied to none)."""
        if "patch_notes" not in self._tables:
            return {}
        found: dict[str, list[PatchNote]] = {}
        for row in self._rows(
            "SELECT * FROM patch_notes WHERE from_version = ? AND to_version = ? ORDER BY id", [old, new]
        ):
            found.setdefault(str(row["number"] or ""), []).append(_patch_note(row))
        return found


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


def _value(rule: Rule) -> str:
    """What an autocomplete choice sends: the number (the choices are each number's newest row, which a bare number
    answers with); a Tournament Rule as `TR 702.2`, so that it needs no doc option."""
    return f"TR {rule.number}" if rule.doc == TOURNAMENT_DOC else rule.number


def _patch_note(row: sqlite3.Row) -> PatchNote:
    return PatchNote(
        source=str(row["source"]),
        section=str(row["section"]),
        statement=str(row["statement"]),
        why=str(row["why"] or ""),
        from_version=str(row["from_version"]),
        to_version=str(row["to_version"]),
    )


def word_scope(doc: str | None, version: str | None) -> tuple[str | None, str | None]:
    """The document and version words are asked of: both documents (None) when neither is given, else the document
    given (a version alone is a Core Rules version). Raises BadVersion for one that doesn't exist."""
    if doc is None and not (version and version.strip()):
        return None, None
    chosen = parse_doc(doc)
    return chosen, parse_version(version, chosen)


def _unique_ranked(ranked: Sequence[RankedRule]) -> list[RankedRule]:
    """Each rule once, where it first appears."""
    seen: dict[tuple[str, str, str], RankedRule] = {}
    for found in ranked:
        seen.setdefault((found.rule.doc, found.rule.number, found.rule.version), found)
    return list(seen.values())


def _unique_rules(rules: Sequence[Rule]) -> list[Rule]:
    """Each rule once, where it first appears."""
    seen: dict[tuple[str, str, str], Rule] = {}
    for rule in rules:
        seen.setdefault((rule.doc, rule.number, rule.version), rule)
    return list(seen.values())
