"""Rules by number in every version of each rules document: a number answers from the newest version that has it,
stamped with that version; a version may be asked for. A query is read as a number or as words in one place
(`look_up_rule`); words go to `RuleSearch`, and a rule is shown by `RuleHistory` (the same rule under another number:
"811.1.d.2.a (v1.4) is 811.1.d.4 now", another rule under the same number told apart).
"""

from __future__ import annotations

from dataclasses import replace

from cardsdb import rule_numbers
from cardsdb.errors import BadInput
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V14_RULES_VERSION,
    Rule,
    RuleLookup,
    RuleMatches,
    RuleNote,
    RuleView,
)
from cardsdb.query.base import Reader
from cardsdb.query.rule_history import RuleHistory
from cardsdb.query.rule_rows import RANK, RuleRows
from cardsdb.query.rule_search import RuleSearch, word_scope
from cardsdb.rule_versions import (
    VERSIONS_BY_DOC,
    BadVersion,
    paired_numbers,
    parse_doc,
    parse_version,
    v14_counterpart,
)
from cardsdb.schema import rule_from_row
from cardsdb.search.question_confidence import RULE_CANDIDATES
from cardsdb.search.syntax import escape_like


class Rules:
    """Rules by number, and a query read as a number or as words."""

    def __init__(self, reader: Reader, rule_rows: RuleRows, history: RuleHistory, search: RuleSearch) -> None:
        self._reader = reader
        self._rule_rows = rule_rows
        self._history = history
        self._search = search

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
            return bool(self._rule_rows.numbered(ref.number, doc))
        return self._rule_rows.row(ref.number, wanted, doc) is not None

    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None:
        """A rule by number (from the newest version that has it, or the version asked for) or by words (the best
        match). `doc`: core or tournament (a number without it is a Core Rules number; words without it are asked of
        both documents); raises BadVersion for a document or version that doesn't exist."""
        lookup = self.look_up_rule(number_or_words, doc=doc, version=version, limit=1)
        if lookup.by_number:
            return lookup.view
        return self._history.view(lookup.found.rules[0]) if lookup.found.rules else None

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
            return RuleLookup(False, self._search.match_rules(query, limit, doc=doc, version=version))
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
        tournament = self._rule_rows.row(ref.number, TOURNAMENT_RULES_VERSION, TOURNAMENT_DOC)
        if tournament is None:
            return view
        if view is None:
            return self._history.view(rule_from_row(tournament))
        title = self._rule_rows.title(ref.number, TOURNAMENT_RULES_VERSION, TOURNAMENT_DOC)
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
            row = self._rule_rows.row(ref.number, candidate, doc)
            if row is not None:
                return self._history.view(rule_from_row(row))
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
        row = self._rule_rows.row(ref.number, CURRENT_RULES_VERSION, doc)
        if row is not None:
            return self._history.view(rule_from_row(row))
        older = v14_counterpart(ref.number)
        row = self._rule_rows.row(older, V14_RULES_VERSION, doc) if older else None
        if row is None:
            return None
        return replace(self._history.view(rule_from_row(row)), stands_in_for=ref.number)

    def _stand_in(self, number: str, doc: str) -> RuleView | None:
        """v1.4's rule standing in for a renumbered current rule whose text is not public; None for a number the
        current rules hold, or one no pair moves."""
        if self._rule_rows.row(number, CURRENT_RULES_VERSION, doc) is not None:
            return None
        older = v14_counterpart(number)
        if older is None or older == number:
            return None
        row = self._rule_rows.row(older, V14_RULES_VERSION, doc)
        return (
            replace(self._history.view(rule_from_row(row)), stands_in_for=number) if row is not None else None
        )

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

    def rule_view(self, rule: Rule) -> RuleView:
        """A rule found by words (`search_rules`, `match_rules`) as `rule` shows it: parents, sub-rules, versions."""
        return self._history.view(rule)

    def lineage(self, rule: Rule) -> list[Rule]:
        """The same rule in the other versions (`RuleHistory.lineage`), without the rest of its view."""
        return self._history.lineage(rule)

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
                rows = self._reader.rows(
                    "SELECT * FROM rules WHERE doc = ? AND (number = ? OR number LIKE ? ESCAPE '\\' "
                    f"OR number LIKE ? ESCAPE '\\') ORDER BY (version = ?) DESC, sort_key, {RANK}, number LIMIT ?",
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
            rules = self._search.prefix_search(text, limit, doc if asked_doc else None)
        choices = []
        for rule in rules[:limit]:
            stamp = "TR " if rule.doc == TOURNAMENT_DOC else "" if rule.is_current else f"{rule.version} "
            choices.append((f"{stamp}{rule.number} {rule.title or rule.text}", _value(rule)))
        return choices

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
            {
                r.number
                for v in versions
                for r in self._rule_rows.children(parent, v, doc)
                if not r.superseded
            },
            key=rule_numbers.sort_key,
        )
        wanted_key = rule_numbers.sort_key(ref.number)
        at = sum(1 for n in siblings if rule_numbers.sort_key(n) < wanted_key)
        nearest = sorted(range(len(siblings)), key=lambda i: (abs(i - at + 0.5), i))
        found = [siblings[i] for i in nearest[: limit - 1]]
        exists = any(self._rule_rows.row(parent, v, doc) is not None for v in versions)
        return [*sorted(found, key=rule_numbers.sort_key), parent] if exists else found[:limit]

    def rule_references(self, number: str) -> list[tuple[str, str]]:
        """(version, number) pairs naming the rule a typed number means, in every version that has it: the number
        itself in the version it is read in (the newest that has it, unless one is given) and the same rule's number
        in the others. Empty when no version has the number."""
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return []
        try:
            view = self.rule(number)
        except BadInput:
            return []
        return _references(ref.number, ref.version, view)

    def view_references(self, view: RuleView) -> list[tuple[str, str]]:
        """`rule_references` of the number as a player types the view's rule (bare for a current rule, "421 (v1.3)"
        for an older one), from the view itself rather than looked up again."""
        rule = view.rule
        return _references(rule.number, None if rule.version == CURRENT_RULES_VERSION else rule.version, view)


def _references(number: str, version: str | None, view: RuleView | None) -> list[tuple[str, str]]:
    """`rule_references` of `number` typed in `version` (None: bare), `view` the rule it names (None: none)."""
    pairs = paired_numbers(number, version)
    if view is not None and view.rule.number == number:
        pairs = [(view.rule.version, view.rule.number), *(r for r in pairs if r[0] != view.rule.version)]
        pairs += [(r.version, r.number) for r in view.lineage]
    return list(dict.fromkeys(pairs))


def _value(rule: Rule) -> str:
    """What an autocomplete choice sends: the number (the choices are each number's newest row, which a bare number
    answers with); a Tournament Rule as `TR 702.2`, so that it needs no doc option."""
    return f"TR {rule.number}" if rule.doc == TOURNAMENT_DOC else rule.number
