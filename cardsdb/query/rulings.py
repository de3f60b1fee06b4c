"""Rulings for a rule number (as each ruling numbers it), a card, or words asked as a question; official answers
before community ones, and a ruling an erratum superseded after the others."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardsdb import rule_numbers
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    V13_RULES_VERSION,
    Rule,
    RuleMatches,
    RuleView,
    Ruling,
    RulingMatches,
)
from cardsdb.names import fold
from cardsdb.query.base import Reader
from cardsdb.query.cards import Cards
from cardsdb.query.fts import fts_query, fts_words
from cardsdb.query.rule_search import RuleSearch
from cardsdb.query.rules import Rules
from cardsdb.rule_versions import Citation
from cardsdb.schema import rule_from_row, ruling_from_row

# The rulings an answer gives at most (the command line, the HTTP API; /ruling shows fewer).
RULINGS_ANSWERED = 10
MISTYPED_NAME_WORDS = (
    4  # words a card's name may have, for a ruling search that found no ruling holding them all
)


class Rulings:
    """Rulings by rule number, card or words, and the rules a ruling cites or discusses."""

    def __init__(self, reader: Reader, cards: Cards, rules: Rules, search: RuleSearch) -> None:
        self._reader = reader
        self._cards = cards
        self._rules = rules
        self._search = search

    def rulings(self, query: str, limit: int = RULINGS_ANSWERED) -> list[Ruling]:
        return list(self.match_rulings(query, limit).rulings)

    def match_rulings(self, query: str, limit: int = RULINGS_ANSWERED) -> RulingMatches:
        """The rulings that answer `query` (`_matching_rulings`), a ruling an erratum superseded after the others:
        never the first answer while a current one is shown, nor shown while one in force is left out; how the words
        were read, where they were asked as a question; for a rule number or a card, how many rulings cite or name
        it in all."""
        found, read_as, sure = self._matching_rulings(query, limit)
        shown = tuple(sorted(found, key=lambda r: r.superseded is not None)[:limit])
        confident = sure is None or (bool(shown) and shown[0].id in sure)
        return RulingMatches(shown, read_as, confident, total=len(found) if sure is None else None)

    def answering_ruling(self, words: str) -> Ruling | None:
        """The ruling sure to answer words asked as a question because it asks them (`RankedRuling.asks_the_words`):
        the first /ruling shows for them, where it does; None otherwise, and for words shaped as a rule number. A ruling
        /ruling is sure of only because it cites the rule /rule is sure of is about that rule, not always about the
        words (a ruling on whether Sunken Temple triggers cites Mighty's rule; it does not say what Mighty means),
        and is left to /ruling."""
        if rule_numbers.number_shaped(words):
            return None
        ranked = self._search.question_ranker.rulings(words)
        first = next((r for r in ranked if r.ruling.superseded is None), None)  # as /ruling shows them
        return first.ruling if first is not None and first.asks_the_words else None

    def with_answering_ruling(self, found: RuleMatches, words: str) -> RuleMatches:
        """`found` (the rules for words) with the ruling sure to answer the words (`answering_ruling`). The ruling
        answers in its source's words, and /rule is sure of its first rule exactly where that ruling rests on it
        (`rests_on`): the source asked the same and answered by that rule; a rule the answer does not rest on is
        not known to answer, however the asked questions voted.

        Calibrated on the development sets as "sure" was (`question_confidence`): the votes' rule alone sure of 64,
        63 right; with a ruling asking the words withdrawing it from a rule the ruling does not rest on, 62, all
        right; and granting it where the ruling rests on the first rule, 73, 72 right (98.6%, the margin kept)."""
        ruling = self.answering_ruling(words) if found.rules else None
        if ruling is None:
            return found
        return replace(found, ruling=ruling, confident=self.rests_on(ruling, found.rules[0]))

    def rests_on(self, ruling: Ruling, rule: Rule) -> bool:
        """Whether the ruling cites the rule, in any version's numbering (v1.4's 421 Hide is today's 422), or, citing
        none, discusses it (`ruling_links`: "What does Mighty mean?" cites no rule and is about 708 Mighty)."""
        same = {(r.doc, r.version, r.number) for r in (rule, *self._rules.lineage(rule))}
        if ruling.rules:
            return any((c.doc, c.version, c.number) in same for c in self.ruling_citations(ruling))
        return any((r.doc, r.version, r.number) in same for r in self.ruling_links(ruling))

    def _matching_rulings(
        self, query: str, limit: int
    ) -> tuple[list[Ruling], str | None, frozenset[str] | None]:
        """Rulings for a rule number, else for a card name, else for words as a question (`cardsdb.search.question_rank`):
        the best matches, well-matching official answers first; for words asked as a question, the words as read
        where a word was misspelt and the ids of the rulings sure to answer them (None for a number or a card, whose
        rulings are the ones citing or naming it: all of them, the caller keeping the first `limit`). Words shaped as a
        rule number that is none (`9999.9`) find nothing."""
        if rule_numbers.parse_rule_ref(query) is not None:
            return self.rulings_for_rule(query), None, None
        if rule_numbers.number_shaped(query):
            return [], None, None
        exact = self._cards.names.exact(query)
        if exact:
            found = self.rulings_for_card(exact)
            if found:
                return found, None, None
        ranked = self._search.question_ranker.rulings(query, limit=limit)
        if not any(r.complete for r in ranked) and len(fts_words(query)) <= MISTYPED_NAME_WORDS:
            # A few words that no ruling holds all of may be a card's name mistyped ("hiden blade").
            match = self._cards.find_card(query)
            if match is not None and match.score >= 85:
                found = self.rulings_for_card(match.card.name)
                if found:
                    return found, None, None
        sure = frozenset(r.ruling.id for r in ranked if r.confident)
        return [r.ruling for r in ranked], self._search.question_ranker.read_as(query), sure

    def fts(self, words: str, limit: int) -> list[Ruling]:
        """Rulings with every word, best first (full-text search)."""
        fts = fts_query(words, skip_common=True) if self._reader.has_fts("rulings") else None
        if fts is None:
            return []
        rows = self._reader.rows(
            "SELECT r.* FROM rulings_fts JOIN rulings r ON r.rowid = rulings_fts.rowid "
            "WHERE rulings_fts MATCH ? ORDER BY rulings_fts.rank LIMIT ?",
            [fts, limit],
        )
        return [ruling_from_row(r) for r in rows]

    def rulings_for_card(self, name: str) -> list[Ruling]:
        card = self._cards.get_card(name)
        if card is None:
            return []
        # The build links every ruling to each card it names that resolves (ruling_cards, indexed by card), so the
        # names in `rulings.cards` need no scan.
        rows = self._reader.rows(
            "SELECT r.* FROM rulings r WHERE r.id IN (SELECT ruling_id FROM ruling_cards WHERE card_id = ?) "
            "ORDER BY r.date DESC, r.id",
            [card.id],
        )
        found = [ruling_from_row(r) for r in rows]
        # Official before community; then those that name the card in their question, then its champion ("Janna's
        # play effect"): a ruling may mention it only in passing.
        full, head = fold(card.name), fold(card.name.split(", ", 1)[0])
        return sorted(
            found,
            key=lambda r: (
                r.superseded is not None,
                community(r),
                full not in fold(r.question),
                head not in fold(r.question),
            ),
        )

    def rulings_for_rule(self, number: str) -> list[Ruling]:
        """Rulings citing the rule or its sub-rules, as each numbers it: a ruling numbered in v1.3 or v1.4 is found
        under the rule's number in that version (`422` finds one citing v1.4 421 Hide), never one citing an older
        rule the current rules gave that number to. A number no version has finds the rulings citing it as written.
        """
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return []
        pairs: list[tuple[str | None, str]] = [*self._rules.rule_references(number)] or [
            (ref.version, ref.number)
        ]
        return self._citing(pairs)

    def _citing(self, pairs: Sequence[tuple[str | None, str]]) -> list[Ruling]:
        """The rulings citing any of these (version, number) rules or their sub-rules (a version None: any), official
        first."""
        clauses: list[str] = []
        params: list[object] = []
        for version, cited in pairs:
            versions = [version] if version else []
            if version == V13_RULES_VERSION:
                versions.append(OLDER_THAN_V13)  # read against v1.3, the oldest rules the data holds
            where = rule_numbers.subtree_sql("rr.number")
            params += rule_numbers.subtree_params(cited)
            if versions:
                where += f" AND COALESCE(rr.version, ?) IN ({', '.join('?' * len(versions))})"
                params += [CURRENT_RULES_VERSION, *versions]
            clauses.append(f"({where})")
        rows = self._reader.rows(
            "SELECT DISTINCT r.* FROM rulings r JOIN ruling_rules rr ON rr.ruling_id = r.id "
            f"WHERE {' OR '.join(clauses)} ORDER BY r.date DESC, r.id",
            params,
        )
        return sorted((ruling_from_row(r) for r in rows), key=community)

    def rulings_on(self, view: RuleView) -> tuple[Ruling, ...]:
        """The rulings in force (none an erratum superseded) citing a view's Core Rule or one of its sub-rules, each
        in the numbering of the version it cites, official first: what `/ruling query:<its number>` lists, for the
        rule's own answer. None for a Tournament Rule: no ruling cites one."""
        if view.rule.doc != CORE_DOC:
            return ()
        return tuple(r for r in self._citing(self._rules.view_references(view)) if r.superseded is None)

    def ruling_citations(self, ruling: Ruling) -> list[Citation]:
        """The rule numbers a ruling cites, each with the version it numbers them in and whether that version has it."""
        rows = {
            str(r["number"]): r
            for r in self._reader.rows(
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
        """The rules the build linked a ruling that cites none to, by its words (cardsdb/build/ruling_links.py), closest
        first: the rules it discusses, never the source's own citations. Empty in a database built without links."""
        if not self._reader.has("ruling_links"):
            return []
        rows = self._reader.rows(
            "SELECT r.* FROM ruling_links l JOIN rules r ON r.doc = l.doc AND r.version = l.version "
            "AND r.number = l.number WHERE l.ruling_id = ? ORDER BY l.rank",
            [ruling.id],
        )
        return [rule_from_row(r) for r in rows]


def community(ruling: Ruling) -> bool:
    """Sorts after official rulings (and the seeds' statements, which come from official documents)."""
    return ruling.source == "community"
