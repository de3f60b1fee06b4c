"""Rules and rulings ranked for a question in a player's words: what `/rule` and `/ruling` show first.

Read once from the read-only database (`QuestionRanker.load`), then answered in memory:

- A rule is scored on its text (examples count less), its title, and its parents' headings (811.1.b is under
  "Hidden"), with the thesaurus's words (`cardsdb.search.text_rank`). A rule that holds more of the question's words, the
  rare ones weighing more, comes first.
- The rulings whose question and answer match the words well lend their weight to the rules they cite (numbered in
  their own version, found under any number in the version shown: a FAQ citing v1.3 421.4 points at the current
  422.4); a ruling citing rules that match well is lifted the same way.
- A rule number written in the words (`does 811.1.d apply to gear`) puts that rule first, and the rulings citing it.
- Then the newest version first, and specific rules before top-level ones (a chapter's heading says little).

Only rows a word search may show are ranked: each rule in its newest form (`latest`, never an older rule whose number
the current rules gave to another), or every row of a version when one is asked for. A row the project added only so
that a cited rule has its parent (the overlay's `scaffold` rows) is found by its title alone.
"""

from __future__ import annotations

import functools
import heapq
import math
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardsdb import rule_numbers
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
    Rule,
    Ruling,
)
from cardsdb.schema import rule_from_row, ruling_from_row
from cardsdb.search.bounds import question_words
from cardsdb.search.text_rank import Analyzer, Concept, FieldSpec, Scores, TextIndex, load_thesaurus, words

Rows = Callable[..., Sequence[Any]]  # runs one SQL statement (with parameters), returns its rows

# The fields of a rule and of a ruling, in the order their texts are given to the index.
RULE_FIELDS = (
    FieldSpec(weight=1.0, b=0.75),  # the rule's text, without its examples
    FieldSpec(weight=1.5, b=0.3),  # its title (a heading's name)
    FieldSpec(weight=0.3, b=0.5),  # its examples
    FieldSpec(weight=0.4, b=0.3),  # its parent's title or text
    FieldSpec(weight=0.3, b=0.3),  # the titles (or short texts) of the rules above that
)
RULING_FIELDS = (
    FieldSpec(weight=2.5, b=0.5),  # the question
    FieldSpec(weight=1.0, b=0.75),  # the answer
    FieldSpec(weight=0.5, b=0.0),  # where it comes from ("Cards: Hidden Blade") and the cards it names
)
SHORT_CONTEXT = 12  # an ancestor's text of at most so many words stands for its title

COVERAGE_POWER = 1.5  # how much holding every concept of the question matters against matching one well
RULING_EVIDENCE = 0.5  # how much a well-matching ruling lifts the rules it cites
RULE_SUPPORT = 0.3  # how much well-matching cited rules lift a ruling
QUESTION_BASE = 0.3  # a ruling whose question holds none of the words keeps this share of its relevance
EVIDENCE_RULINGS = 8  # the best rulings whose citations count
EVIDENCE_FLOOR = 0.2  # a ruling lends weight only when it matches at least this well
NAMED_RULE = 2.0  # a rule whose number the words write
NAMED_RULE_CHILD = 0.4  # one under it
CURRENT_PRIOR = 1.1  # the current rules (2026-10-09) before older versions' rows
TOP_LEVEL_PRIOR = 0.8  # a top-level rule (a section's heading) for words of a question
HEADING_PRIOR = 0.9  # a heading or chapter row
QUANTITY_PRIOR = 1.25  # a rule stating a number, for a question asking how many
ASKED_EXACTLY = 3.0  # a ruling whose question is the words typed
COMPLETE = 0.999  # a ruling holding this share of the words holds them all
FEW_WORDS = 3  # words of at most so many concepts are searched for rulings holding them all, when some do
RULING_CUTOFF = 0.25  # rulings scoring under this share of the best are left out
OFFICIAL_TIER = 0.7  # among rulings scoring at least this share of the best, official answers come first
PRIOR_POOL = 100  # the best-scoring rules the priors reorder (a prior moves a rule by less than 2x)
CACHED_QUESTIONS = 8  # the last words asked, with what was worked out (/rule asks twice: best, then also)

_HOW_MANY = re.compile(r"\bhow\s+many\b|\bmaximum\b|\bminimum\b", re.IGNORECASE)
_STATES_NUMBER = re.compile(
    r"\b\d+\b|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", re.I
)
_EXAMPLE = re.compile(r"\s+(?:Examples?:|e\.g\.,?)\s", re.IGNORECASE)
# A rule number inside words: one with a dot (811.1.d, 103.2.b), or any after "rule" or "CR" (rule 422). A bare "3"
# is a count.
_NUMBER_IN_WORDS = re.compile(
    r"\b(?:rule|cr)\s*(\d{1,3}(?:\.[0-9a-z]+)*)\b|(?<![\w.])(\d{1,3}(?:\.[0-9a-z]+)+)\b", re.IGNORECASE
)


@dataclass(frozen=True)
class RankedRuling:
    ruling: Ruling
    score: float
    complete: bool  # the ruling holds every concept of the words (or asks them word for word)


@dataclass
class _RuleSet:
    """The rules one search may show, with their index."""

    rules: list[Rule]
    index: TextIndex
    prior: list[float]  # each rule's prior: version, depth, heading
    numbered: list[bool]  # the rule's text (without its examples) states a number
    by_number: dict[str, list[int]]  # number -> positions
    by_lineage: dict[str, list[int]]  # lineage -> positions


@dataclass
class _Asked:
    """Words asked, and what was worked out for them so far."""

    words: str
    concepts: list[Concept]
    rules: dict[tuple[str, str | None], list[int]] = field(default_factory=dict)  # (doc, version) -> ranked
    rule_relevance: dict[int, float] | None = None  # of the rules shown without a version, core
    ruling_scores: Scores | None = None
    ruling_relevance: dict[int, float] | None = None
    rulings: list[RankedRuling] | None = None


class QuestionRanker:
    """Rules (per document and version) and rulings, indexed for words."""

    def __init__(self, rows: Rows, analyzer: Analyzer) -> None:
        self._rows = rows
        self.analyzer = analyzer
        self._all: list[sqlite3.Row] = list(rows("SELECT * FROM rules"))
        self._by_key = {(r["doc"], r["version"], r["number"]): r for r in self._all}
        self._scaffold = _scaffold_numbers()
        self._sets: dict[tuple[str, str | None], _RuleSet] = {}
        self.rulings_list = [ruling_from_row(r) for r in rows("SELECT * FROM rulings ORDER BY date DESC, id")]
        self._ruling_index = TextIndex(RULING_FIELDS, analyzer).build(
            (r.question, r.answer, " ".join([r.source_title, *r.cards])) for r in self.rulings_list
        )
        self._question_index = TextIndex((FieldSpec(1.0, 0.5),), analyzer).build(
            (r.question,) for r in self.rulings_list
        )
        self._asked_exactly = {_plain(r.question): i for i, r in reversed(list(enumerate(self.rulings_list)))}
        self._cited_lineages = self._citations()
        core = self.rule_set(CORE_DOC, None)
        self._cited = [
            [p for ln in lineages for p in core.by_lineage.get(ln, ())] for lineages in self._cited_lineages
        ]
        self._recent: OrderedDict[str, _Asked] = OrderedDict()

    @classmethod
    def load(cls, rows: Rows) -> QuestionRanker:
        return cls(rows, Analyzer(load_thesaurus()))

    # --- the rows a search may show -----------------------------------------------------------------
    def rule_set(self, doc: str, version: str | None) -> _RuleSet:
        key = (doc, version)
        if key not in self._sets:
            self._sets[key] = self._make_set(doc, version)
        return self._sets[key]

    def _make_set(self, doc: str, version: str | None) -> _RuleSet:
        if version:
            shown = [r for r in self._all if r["doc"] == doc and r["version"] == version]
        else:
            shown = [
                r
                for r in self._all
                if r["doc"] == doc
                and r["latest"]
                and (r["version"] == CURRENT_RULES_VERSION or not r["superseded"])
            ]
        shown.sort(key=lambda r: str(r["sort_key"] or ""))
        by_number: dict[str, list[int]] = {}
        by_lineage: dict[str, list[int]] = {}
        for i, r in enumerate(shown):
            by_number.setdefault(str(r["number"]), []).append(i)
            by_lineage.setdefault(str(r["lineage"] or r["key"]), []).append(i)
        return _RuleSet(
            rules=[rule_from_row(r) for r in shown],
            index=TextIndex(RULE_FIELDS, self.analyzer).build(self._fields(r) for r in shown),
            prior=[_prior(r) for r in shown],
            numbered=[bool(_STATES_NUMBER.search(_split_examples(str(r["text"] or ""))[0])) for r in shown],
            by_number=by_number,
            by_lineage=by_lineage,
        )

    def _fields(self, row: sqlite3.Row) -> tuple[str, str, str, str, str]:
        """A rule's texts for the index: its text, title, examples, parent, and the headings above."""
        title = str(row["title"] or "")
        if self._is_scaffold(row):
            text, examples = "", ""
        elif row["kind"] in ("heading", "chapter"):
            text, examples = ("" if title else str(row["text"] or "")), ""
        else:
            text, examples = _split_examples(str(row["text"] or ""))
        ancestors = [self._context(row, n) for n in rule_numbers.ancestors(str(row["number"]))]
        parent = ancestors[-1] if ancestors else None
        parent_text = str((parent["title"] or parent["text"] or "") if parent is not None else "")
        higher = [
            str(a["title"] or (a["text"] if len(str(a["text"] or "").split()) <= SHORT_CONTEXT else "") or "")
            for a in ancestors[:-1]
            if a is not None
        ]
        return text, title, examples, parent_text, " ".join(higher)

    def _context(self, row: sqlite3.Row, number: str) -> sqlite3.Row | None:
        """The row of an ancestor as read for context: the same version's, else (for a current rule the seeds give
        without it, or a row the project added) the newest older version's that the current rules did not reuse."""
        doc, version = row["doc"], row["version"]
        found = self._by_key.get((doc, version, number))
        if found is not None and not self._is_scaffold(found):
            return found
        for older in (V14_RULES_VERSION, V13_RULES_VERSION):
            candidate = self._by_key.get((doc, older, number))
            if candidate is not None and not candidate["superseded"]:
                return candidate
        return found if found is not None and found["title"] else None

    def _is_scaffold(self, row: sqlite3.Row) -> bool:
        return row["version"] == CURRENT_RULES_VERSION and row["number"] in self._scaffold

    def _citations(self) -> list[list[str]]:
        """For each ruling, the lineages of the rules it cites, each read in the version the ruling numbers it."""
        lineage = {
            (r["version"], r["number"]): str(r["lineage"] or r["key"])
            for r in self._all
            if r["doc"] == CORE_DOC
        }
        by_id: dict[str, list[str]] = {}
        for r in self._rows("SELECT ruling_id, number, version FROM ruling_rules"):
            found = lineage.get((r["version"], r["number"]))
            if found is not None:
                by_id.setdefault(str(r["ruling_id"]), []).append(found)
        return [list(dict.fromkeys(by_id.get(r.id, []))) for r in self.rulings_list]

    # --- what was asked --------------------------------------------------------------------------------
    def _asked(self, words: str, typing: TextIndex | None = None) -> _Asked:
        """What was worked out for the words (`typing`: the last word is still being typed, completed from that
        index's words)."""
        words = question_words(words)  # the first words and rule numbers only (bounds.py)
        key = f"{words}\x00typing{id(typing)}" if typing is not None else words
        found = self._recent.get(key)
        if found is None:
            concepts = self.analyzer.typing(words, typing) if typing else self.analyzer.concepts(words)
            found = self._recent[key] = _Asked(words, concepts)
            while len(self._recent) > CACHED_QUESTIONS:
                self._recent.popitem(last=False)
        else:
            self._recent.move_to_end(key)
        return found

    def _core_rule_relevance(self, asked: _Asked) -> dict[int, float]:
        if asked.rule_relevance is None:
            asked.rule_relevance = _relevance(self.rule_set(CORE_DOC, None).index.score(asked.concepts))
        return asked.rule_relevance

    def _ruling_relevance(self, asked: _Asked) -> dict[int, float]:
        """How well each ruling matches the words: its question and answer, and how much of the words its question
        itself holds (a ruling asking what the words ask comes first)."""
        if asked.ruling_relevance is None:
            asked.ruling_scores = self._ruling_index.score(asked.concepts)
            relevance = _relevance(asked.ruling_scores)
            in_question = self._question_index.score(asked.concepts)
            for i in relevance:
                relevance[i] *= QUESTION_BASE + (1 - QUESTION_BASE) * in_question.share(i)
            asked.ruling_relevance = relevance
        return asked.ruling_relevance

    # --- rules -----------------------------------------------------------------------------------------
    def rules(
        self,
        words: str,
        *,
        doc: str = CORE_DOC,
        version: str | None = None,
        limit: int = 10,
        typing: bool = False,
    ) -> list[Rule]:
        """The rules best answering the words, best first (`typing`: the last word is still being typed)."""
        shown = self.rule_set(doc, version)
        asked = self._asked(words, shown.index if typing else None)
        ranked = asked.rules.get((doc, version))
        if ranked is None:
            ranked = asked.rules[(doc, version)] = self._rank_rules(asked, shown, doc, version)
        return [shown.rules[i] for i in ranked[:limit]]

    def _rank_rules(self, asked: _Asked, shown: _RuleSet, doc: str, version: str | None) -> list[int]:
        core = doc == CORE_DOC and version is None
        if core:
            final = dict(self._core_rule_relevance(asked))
        else:
            final = _relevance(shown.index.score(asked.concepts))
        if core:
            for i, lift in self._ruling_evidence(asked).items():
                final[i] = final.get(i, 0.0) + RULING_EVIDENCE * lift
        for i, lift in _named(asked.words, shown).items():
            final[i] = final.get(i, 0.0) + lift
        pool = heapq.nsmallest(PRIOR_POOL, final, key=lambda i: (-final[i], i))
        quantity = bool(_HOW_MANY.search(asked.words))
        for i in pool:
            final[i] *= shown.prior[i] * (QUANTITY_PRIOR if quantity and shown.numbered[i] else 1.0)
        return sorted((i for i in pool if final[i] > 0), key=lambda i: (-final[i], i))

    def _ruling_evidence(self, asked: _Asked) -> dict[int, float]:
        """How much the rulings matching the words point at each rule they cite (of the core rules shown)."""
        relevance = self._ruling_relevance(asked)
        lifted: dict[int, float] = {}
        for i in sorted(relevance, key=lambda i: -relevance[i])[:EVIDENCE_RULINGS]:
            cited = self._cited[i]
            if relevance[i] < EVIDENCE_FLOOR or not cited:
                continue
            weight = relevance[i] / math.sqrt(len(cited))
            for position in cited:
                lifted[position] = max(lifted.get(position, 0.0), weight)
        return lifted

    # --- rulings ---------------------------------------------------------------------------------------
    def rulings(self, words: str, limit: int = 10) -> list[RankedRuling]:
        """The rulings best answering the words, best first: well-matching official answers before community ones."""
        asked = self._asked(words)
        if asked.rulings is None:
            asked.rulings = self._rank_rulings(asked)
        return asked.rulings[:limit]

    def _rank_rulings(self, asked: _Asked) -> list[RankedRuling]:
        final = dict(self._ruling_relevance(asked))
        rule_relevance = self._core_rule_relevance(asked)
        named = _named(asked.words, self.rule_set(CORE_DOC, None))
        for i, cited in enumerate(self._cited):
            if not cited:
                continue
            support = max(rule_relevance.get(p, 0.0) for p in cited)
            if i in final and support:
                final[i] += RULE_SUPPORT * support
            lift = max(named.get(p, 0.0) for p in cited) if named else 0.0
            if lift:
                final[i] = final.get(i, 0.0) + lift
        exact = self._asked_exactly.get(_plain(asked.words))
        best = max(final.values(), default=0.0)
        if exact is not None:
            final[exact] = final.get(exact, 0.0) + ASKED_EXACTLY
        scores = asked.ruling_scores
        holding_all = {i for i in final if i == exact or (scores is not None and scores.share(i) >= COMPLETE)}
        # A ruling's question typed word for word, or a few words (as in a search box), find the rulings holding
        # them all; other words, a question, find the best matches, whole or partial.
        few = exact is not None or len(asked.concepts) <= FEW_WORDS
        kept = (few and list(holding_all)) or [i for i in final if final[i] >= RULING_CUTOFF * best]

        def order(i: int) -> tuple[bool, bool, float, int]:
            leading = final[i] >= OFFICIAL_TIER * best
            return (not leading, leading and self.rulings_list[i].source == "community", -final[i], i)

        return [
            RankedRuling(self.rulings_list[i], final[i], i in holding_all) for i in sorted(kept, key=order)
        ]


def _relevance(found: Scores) -> dict[int, float]:
    """Each matching document's score as a share of the best, times how much of the question it holds."""
    best = max(found.score.values(), default=0.0)
    if best <= 0 or found.total <= 0:
        return {}
    held, total = found.held, found.total
    return {i: (value / best) * (held[i] / total) ** COVERAGE_POWER for i, value in found.score.items()}


def _prior(row: sqlite3.Row) -> float:
    """How likely a rule is to be what words ask about, before reading it: the current rules first, a section's
    heading or a chapter less."""
    prior = CURRENT_PRIOR if row["version"] == CURRENT_RULES_VERSION and row["doc"] == CORE_DOC else 1.0
    if "." not in str(row["number"]):
        prior *= TOP_LEVEL_PRIOR
    if row["kind"] in ("heading", "chapter"):
        prior *= HEADING_PRIOR
    return prior


def _named(words: str, shown: _RuleSet) -> dict[int, float]:
    """The rules whose numbers the words write, and those under them."""
    lifted: dict[int, float] = {}
    for match in _NUMBER_IN_WORDS.finditer(words):
        ref = rule_numbers.parse_rule_ref(match.group(1) or match.group(2))
        if ref is None:
            continue
        prefix = ref.number + "."
        for number, positions in shown.by_number.items():
            lift = (
                NAMED_RULE if number == ref.number else NAMED_RULE_CHILD if number.startswith(prefix) else 0.0
            )
            for position in positions if lift else ():
                lifted[position] = max(lifted.get(position, 0.0), lift)
    return lifted


def _split_examples(text: str) -> tuple[str, str]:
    found = _EXAMPLE.search(text)
    return (text, "") if found is None else (text[: found.start()], text[found.end() :])


def _plain(text: str) -> str:
    """Text as compared with a ruling's question typed word for word."""
    return " ".join(words(text))


@functools.cache
def _scaffold_numbers() -> frozenset[str]:
    """The current rules' numbers the project added only as parents (cardsdb/project/data/rules_current.yaml)."""
    from cardsdb.project.overlay import load_overlay

    return frozenset(r.number for r in load_overlay().rules if r.scaffold)


__all__ = ["QuestionRanker", "RankedRuling"]
