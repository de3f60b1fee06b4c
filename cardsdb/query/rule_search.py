"""Rules by words, in both rules documents or the one asked: a heading named as the words first, then the rules
that best answer them as a question (`cardsdb.search.question_rank`, loaded once); the headings as one types them."""

from __future__ import annotations

from collections.abc import Sequence

from cardsdb import rule_numbers
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, Rule, RuleMatches
from cardsdb.names import normalize
from cardsdb.query.base import Reader
from cardsdb.rule_versions import parse_doc, parse_version
from cardsdb.schema import rule_from_row
from cardsdb.search.question_confidence import RULE_CANDIDATES
from cardsdb.search.question_rank import WAIT, QuestionRanker, RankedRule, ranked_confident
from cardsdb.search.rule_reading import title_key

TITLED_LEAD = 2.4  # a heading named as the words, against the best match's score: clearly ahead


class RuleSearch:
    """Rules by words."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self._ranker: QuestionRanker | None = (
            None  # rules and rulings indexed for words, read at the first search
        )
        # words compared by meaning too: the encoder loaded when first needed (WAIT: the command line, the tests), or
        # words alone until the warm-up has loaded it (WHEN_READY: the bot, `bot.database.open_cardsdb`); OFF: never
        self.meaning = WAIT
        self._titles_by: dict[
            tuple[str, str | None], list[tuple[str, str, Rule]]
        ] = {}  # rule titles by doc/version
        self._titled_by: dict[tuple[str, str | None], dict[str, list[Rule]]] = {}  # the same, by title key

    @property
    def question_ranker(self) -> QuestionRanker:
        """Rules and rulings indexed for words, read once (the database is read-only)."""
        if self._ranker is None:
            self._ranker = QuestionRanker.load(self._reader.rows, meaning=self.meaning)
        return self._ranker

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
            RankedRule(r, TITLED_LEAD * best if i == 0 else best, titled=True)
            for i, r in enumerate(self._titled_in(words, scope, version))
        ]
        return _unique_ranked([*titled, *ranked])[:limit]

    def match_rules(
        self, words: str, limit: int = RULE_CANDIDATES, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches:
        """The rules best answering words, best first, and whether the first is clearly ahead of the next
        (`question_confidence.confident`)."""
        ranked = self.ranked_rules(words, limit, doc=doc, version=version)
        read_as = self.question_ranker.read_as(words) if not rule_numbers.number_shaped(words) else None
        return RuleMatches(tuple(r.rule for r in ranked), ranked_confident(ranked), read_as)

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

    def _titled_in(self, words: str, scope: str | None, version: str | None) -> list[Rule]:
        """Headings named as the words, in the document asked (both: the Tournament Rules' first for words naming
        tournament procedure)."""
        docs = [scope] if scope else [CORE_DOC, TOURNAMENT_DOC]
        if scope is None and self.question_ranker.names_tournament(words):
            docs.reverse()
        return [rule for d in docs for rule in self.titled(words, d, version)]

    def warm(self) -> None:
        """Read the headings' titles of both documents now: the first question in words looks them up."""
        for doc in (CORE_DOC, TOURNAMENT_DOC):
            self._titled_index(doc, None)

    def titles(self, doc: str, version: str | None) -> list[tuple[str, str, Rule]]:
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

    def titled(self, words: str, doc: str = CORE_DOC, version: str | None = None) -> list[Rule]:
        """Rules titled as words, ignoring case, a leading "the", spaces and a plural s ("facedown zone" ->
        107.3 Facedown Zones, "burnout" -> Burn Out); current first, then the shallowest."""
        key = title_key(words)
        return list(self._titled_index(doc, version).get(key, ())) if key else []

    def _titled_index(self, doc: str, version: str | None) -> dict[str, list[Rule]]:
        """The titled rules of `doc` (and version) by title key, made once."""
        by_key = self._titled_by.get((doc, version))
        if by_key is None:
            by_key = self._titled_by[(doc, version)] = {}
            for title, _, rule in self.titles(doc, version):
                by_key.setdefault(title, []).append(rule)
        return by_key

    def prefix_search(self, text: str, limit: int, doc: str | None) -> list[Rule]:
        # Headings whose title starts so first ("facedown z" -> 107.3 Facedown Zones), then the rules best answering
        # the words, the last one as typed so far ("how do I hid" -> hide, hidden); `doc` None: both documents.
        start = normalize(text).removeprefix("the ").replace(" ", "")
        headings = [
            r
            for d in ([doc] if doc else [CORE_DOC, TOURNAMENT_DOC])
            for _, compact, r in self.titles(d, None)
            if start and compact.startswith(start)
        ]
        ranked = self.question_ranker.rules(text, doc=doc, limit=limit, typing=True)
        return unique_rules([*headings, *ranked])[:limit]

    def heading_number(self, title: str) -> str | None:
        """The number of the rules heading titled exactly so (current first): `Stun` -> 423 (v1.4)."""
        found = self.titled(title)
        return found[0].number if found else None


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


def unique_rules(rules: Sequence[Rule]) -> list[Rule]:
    """Each rule once, where it first appears."""
    seen: dict[tuple[str, str, str], Rule] = {}
    for rule in rules:
        seen.setdefault((rule.doc, rule.number, rule.version), rule)
    return list(seen.values())
