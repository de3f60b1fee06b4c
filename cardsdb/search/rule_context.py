"""Where a rule stands: the rows of the rules above it and the headings it is under, read once from the rules table.

The ranker (`cardsdb.search.question_rank`) scores a rule on its text and on what stands above it: its parents' titles (811.1.b
is under "Hidden"), and for the rules v1.4 numbers on from a heading's number (706 Mighty, then 707-711 with no number
of their own under it) the heading before them in their chapter. A current rule the seeds give without its parent reads
the newest older version's. A leading "It" in a sub-rule is read as its section's subject ("It is functionally short
for "When I die, [Effect]."" is about Deathknell); an example standing as a rule counts as an example. The special
case a rule is part of (a keyword's section, a mode of play other than the duel) is read from its headings
(`cardsdb.search.rule_reading`). Nothing here runs SQL: the rows are given.
"""

from __future__ import annotations

import bisect
import re
import sqlite3
from collections.abc import Callable, Sequence

from cardsdb import rule_numbers
from cardsdb.models import CURRENT_RULES_VERSION, V14_RULES_VERSION
from cardsdb.rule_versions import VERSIONS_BY_DOC
from cardsdb.search import rule_reading
from cardsdb.search.pacing import paced

SHORT_CONTEXT = 12  # an ancestor's text of at most so many words stands for its title
_EXAMPLE = re.compile(r"(?<!\s)\s+(?:Examples?:|e\.g\.,?)\s", re.IGNORECASE)
_EXAMPLE_ROW = re.compile(r"(?<!\s)\s*Examples?\b", re.IGNORECASE)
_SUBJECT = re.compile(r"^It\b")  # a sub-rule speaking of its section's subject
_KEYWORD_CHAPTER = "keywords"


class RuleContext:
    """Every rules row by (doc, version, number), with what stands above each."""

    def __init__(self, rows: Sequence[sqlite3.Row]) -> None:
        self._all = rows
        self._by_key = {(r["doc"], r["version"], r["number"]): r for r in paced(rows)}
        self._headings: dict[tuple[str, str], list[tuple[int, sqlite3.Row]]] = {}
        self._chapters = self._keyword_chapters()

    def fields(self, row: sqlite3.Row) -> tuple[str, str, str, str, str]:
        """A rule's texts for the index: its text, title, examples, parent, and the headings above."""
        title = str(row["title"] or "")
        if self.is_scaffold(row):
            text, examples = "", ""
        elif row["kind"] in ("heading", "chapter"):
            text, examples = ("" if title else str(row["text"] or "")), ""
        elif _EXAMPLE_ROW.match(str(row["text"] or "")):
            text, examples = "", str(row["text"] or "")  # an example standing as a rule (TR 702.14.a.1.a)
        else:
            text, examples = split_examples(str(row["text"] or ""))
            text = self._subject_named(row, text)
        ancestors = [
            self.section(row),
            *(self.context(row, n) for n in rule_numbers.ancestors(str(row["number"]))),
        ]
        ancestors = [a for a in ancestors if a is not None]
        parent = ancestors[-1] if ancestors else None
        parent_text = str((parent["title"] or parent["text"] or "") if parent is not None else "")
        higher = [
            str(a["title"] or (a["text"] if len(str(a["text"] or "").split()) <= SHORT_CONTEXT else "") or "")
            for a in ancestors[:-1]
            if a is not None
        ]
        return text, title, examples, parent_text, " ".join(higher)

    def _subject_named(self, row: sqlite3.Row, text: str) -> str:
        """A sub-rule's text with a leading "It" read as the subject of its section ("It is functionally short for
        'When I die'" under 808 Deathknell is about Deathknell)."""
        number = str(row["number"])
        if not _SUBJECT.match(text) or "." not in number:
            return text
        heading = self.context(row, number.split(".")[0])
        if heading is None or heading["kind"] not in ("heading", "chapter") or not heading["title"]:
            return text
        return _SUBJECT.sub(str(heading["title"]), text, count=1)

    def context(self, row: sqlite3.Row, number: str) -> sqlite3.Row | None:
        """The row of an ancestor as read for context (`ancestor_row`, reading)."""
        doc = row["doc"]
        return ancestor_row(lambda v: self._by_key.get((doc, v, number)), doc, row["version"], reading=True)

    def section(self, row: sqlite3.Row) -> sqlite3.Row | None:
        """The heading a rule with a top-level number stands under, or whose sub-rule it is: where the rules number
        a section's rules on from its heading's (v1.4's 706 Mighty, then 707-711), the nearest heading before it in
        its chapter. None when the top-level number is itself a heading."""
        number = str(row["number"])
        top = number.split(".")[0]
        if not top.isdigit():
            return None
        own = row if top == number else self.context(row, top)
        if own is not None and own["kind"] in ("heading", "chapter"):
            return None
        headings = self._top_headings(row["doc"], row["version"])
        at = bisect.bisect_left(headings, (int(top),), key=lambda h: (h[0],)) - 1
        if at < 0 or headings[at][0] // 100 != int(top) // 100:
            return None  # no heading before it in its chapter
        return headings[at][1]

    def _top_headings(self, doc: str, version: str) -> list[tuple[int, sqlite3.Row]]:
        """(number, row) of the headings with a top-level number, in order: a current rule's are the current rules'
        and v1.4's the current rules did not reuse."""
        key = (doc, version)
        if key not in self._headings:
            versions = (version, V14_RULES_VERSION) if version == CURRENT_RULES_VERSION else (version,)
            found = {
                int(r["number"]): r
                for v in reversed(versions)
                for r in self._all
                if r["doc"] == doc
                and r["version"] == v
                and r["kind"] == "heading"
                and str(r["number"]).isdigit()
                and (v == version or not r["superseded"])
            }
            self._headings[key] = sorted(found.items(), key=lambda item: item[0])
        return self._headings[key]

    def headings_above(self, row: sqlite3.Row) -> frozenset[str]:
        """The title keys of the headings a rule stands under, its own if it is one (`rule_reading.title_key`)."""
        number = str(row["number"])
        above = [row, self.section(row), *(self.context(row, n) for n in rule_numbers.ancestors(number))]
        return frozenset(
            rule_reading.title_key(str(h["title"]))
            for h in above
            if h is not None and h["kind"] in ("heading", "chapter") and h["title"]
        )

    def heading_titles(self, row: sqlite3.Row) -> list[str]:
        """The titles of the headings (not chapters) a rule stands under, its own if it is one."""
        number = str(row["number"])
        above = [row, self.section(row), *(self.context(row, n) for n in rule_numbers.ancestors(number))]
        return [str(h["title"]) for h in above if h is not None and h["kind"] == "heading" and h["title"]]

    def _keyword_chapters(self) -> dict[tuple[str, str], list[int]]:
        """(doc, version) -> the first numbers of the chapters titled Keywords (800 in the Core Rules)."""
        found: dict[tuple[str, str], list[int]] = {}
        for r in self._all:
            title = str(r["title"] or r["text"] or "").strip().casefold()
            if r["kind"] == "chapter" and title == _KEYWORD_CHAPTER and str(r["number"]).isdigit():
                found.setdefault((r["doc"], r["version"]), []).append(int(r["number"]))
        return found

    def special_case(self, row: sqlite3.Row) -> rule_reading.SpecialCase | None:
        """The special case a rule is part of: the nearest heading above it (or itself) that opens one."""
        number = str(row["number"])
        top = number.split(".")[0]
        keyword_chapter = any(
            top.isdigit() and first < int(top) < first + 100
            for version in (row["version"], V14_RULES_VERSION)
            for first in self._chapters.get((row["doc"], version), ())
        )
        for at in [number, *reversed(rule_numbers.ancestors(number))]:
            heading = row if at == number else self.context(row, at)
            if heading is None or heading["kind"] not in ("heading", "chapter"):
                continue
            case = rule_reading.special_case(heading["title"], keyword_chapter=keyword_chapter and at == top)
            if case is not None:
                return case
        text = str(row["text"] or "")
        return rule_reading.mode_in_text(text) or rule_reading.token_in_text(text) or self._structure(row)

    def _structure(self, row: sqlite3.Row) -> rule_reading.SpecialCase | None:
        """The competition's structure a rule or a rule above it is for (`rule_reading.structure_in_text`): the
        sub-rules of "Single elimination matches use untimed rounds ..." say it no more."""
        number = str(row["number"])
        for at in [number, *reversed(rule_numbers.ancestors(number))]:
            above = row if at == number else self.context(row, at)
            case = None if above is None else rule_reading.structure_in_text(str(above["text"] or ""))
            if case is not None:
                return case
        return None

    def is_scaffold(self, row: sqlite3.Row) -> bool:
        """A row the project added only so that a rule's parent resolves (the build stores which: `rules.scaffold`)."""
        return bool(row["scaffold"])


def ancestor_row(
    row_of: Callable[[str], sqlite3.Row | None], doc: str, version: str, *, reading: bool = False
) -> sqlite3.Row | None:
    """Where a rule's parent (or any ancestor) comes from, decided once for `CardsDB` (a rule's "Part of") and the
    ranker (what stands above a rule). `row_of(version)`: that number's row in a version. The same version's row;
    else, for a current rule the seeds give without it, the newest older version's that the current rules did not
    give to another rule. `reading`: a row the project added only as a parent (scaffold) is read after the older
    version's text, and by its title alone."""
    found = row_of(version)
    if found is not None and not (reading and found["scaffold"]):
        return found
    if version == CURRENT_RULES_VERSION or reading:
        for older in VERSIONS_BY_DOC[doc][1:] if doc in VERSIONS_BY_DOC else ():
            candidate = row_of(older)
            if candidate is not None and not candidate["superseded"]:
                return candidate
    return found if reading and found is not None and found["title"] else None


def split_examples(text: str) -> tuple[str, str]:
    found = _EXAMPLE.search(text)
    return (text, "") if found is None else (text[: found.start()], text[found.end() :])


__all__ = ["RuleContext", "split_examples"]
