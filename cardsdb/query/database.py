"""`CardsDB`: read-only queries over the card database, the one object the bot, the engine and the CLI share.

A facade: `open` checks the file and makes the one `base.Reader`, and each question goes to the part that answers it, one object per
module, each made from the reader and the parts it asks: `cards` (by name or code, errata, legality, ban lists),
`card_search` (the search syntax), `rule_rows` (the rules table's rows), `rule_history` (a rule's versions and
renumbering, as shown), `rule_search` (rules by words), `rules` (rules by number, a query read as either),
`changes` (between versions), `rulings`, `keywords`, `readings` (each card's reading, the engine's `CardSource`). Every statement is parameterized; full-text input goes through
`cardsdb.query.fts`.
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from dataclasses import replace
from pathlib import Path
from types import TracebackType

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.errors import DatabaseUnavailable
from cardsdb.models import (
    TOURNAMENT_DOC,
    BannedCards,
    Card,
    CardMatch,
    ChangeList,
    Errata,
    KeywordInfo,
    Legality,
    Printing,
    Rule,
    RuleLookup,
    RuleMatches,
    RuleView,
    Ruling,
    RulingMatches,
    SearchHint,
)
from cardsdb.query.base import Reader, file_problem, hint_for, unreadable
from cardsdb.query.card_search import CardSearch, SearchResult
from cardsdb.query.cards import Cards
from cardsdb.query.changes import Changes
from cardsdb.query.keywords import Keywords
from cardsdb.query.readings import Readings
from cardsdb.query.rule_history import RuleHistory
from cardsdb.query.rule_rows import RuleRows
from cardsdb.query.rule_search import RuleSearch
from cardsdb.query.rules import Rules
from cardsdb.query.rulings import RULINGS_ANSWERED, Rulings
from cardsdb.rule_versions import Citation, parse_doc
from cardsdb.schema import SCHEMA_VERSION
from cardsdb.search.card_index import SearchIndex
from cardsdb.search.meaning import ENCODER
from cardsdb.search.name_index import NameIndex
from cardsdb.search.pacing import pause
from cardsdb.search.question_confidence import RULE_CANDIDATES
from cardsdb.search.question_rank import OFF, QuestionRanker, RankedRule
from cardsdb.search.spelling import installed_english_words
from cardsdb.search.syntax import Term


def _listed(names: list[str], shown: int = 3) -> str:
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


REQUIRED_TABLES = (
    "cards",
    "card_aliases",
    "printings",
    "keywords",
    "card_keywords",
    "rules",
    "rule_moves",
    "rulings",
    "meta",
)


class CardsDB:
    """Cards, rules and rulings from a database built by `python -m cardsdb build`."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.cards = Cards(reader)
        self.card_search = CardSearch(reader, self.cards)
        self.rule_rows = RuleRows(reader)
        self.rule_history = RuleHistory(reader, self.rule_rows)
        self.rule_search = RuleSearch(reader)
        self.rules = Rules(reader, self.rule_rows, self.rule_history, self.rule_search)
        self.rule_changes = Changes(reader, self.rule_rows)
        self.ruling_queries = Rulings(reader, self.cards, self.rules, self.rule_search)
        self.keywords = Keywords(reader, self.ruling_queries, self.rule_search)
        self.readings = Readings(reader)

    @classmethod
    def open(cls, path: Path | str, *, check_pages: bool = False) -> CardsDB:
        """Open a database read-only. Raises DatabaseUnavailable (with how to build one) when it is not usable; with
        `check_pages`, DatabaseDamaged for a file whose pages SQLite's quick check finds damaged, before any query
        (as every command line opens it: an answer that happens to miss the damaged pages is not an answer)."""
        path = Path(path)
        problem = file_problem(path, check_pages=check_pages)
        if problem is not None:
            raise problem
        try:
            # Quoted: a "?" or "#" in the path would otherwise end the file name and drop mode=ro.
            uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
            connection = sqlite3.connect(uri, uri=True, check_same_thread=False)
            tables = {
                row[0]
                for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
                )
            }
        except sqlite3.DatabaseError as error:
            raise unreadable(path, error) from None
        missing = [t for t in REQUIRED_TABLES if t not in tables]
        if missing:
            connection.close()
            raise DatabaseUnavailable(
                f"{path} is not a card database (missing tables: {_listed(missing)})", hint_for(path)
            )
        db = cls(Reader(connection, path, frozenset(tables)))
        version = db.meta().get("schema_version")
        if version is not None and version != str(SCHEMA_VERSION):
            connection.close()
            raise DatabaseUnavailable(
                f"{path} was built with schema {version}, this program reads schema {SCHEMA_VERSION}",
                hint_for(path),
            )
        return db

    @property
    def path(self) -> Path:
        return self.reader.path

    def close(self) -> None:
        self.reader.close()

    def meta(self) -> dict[str, str]:
        return self.reader.meta()

    @property
    def meaning(self) -> str:
        """When words are compared by meaning too (`question_rank.WAIT`, `WHEN_READY`, `OFF`): `RuleSearch`'s."""
        return self.rule_search.meaning

    @meaning.setter
    def meaning(self, when: str) -> None:
        self.rule_search.meaning = when

    def warm(self) -> None:
        """Build the in-memory indexes now rather than on the first lookup (a refresh does it in its worker thread),
        the rules of both documents as a question in words reads them among them (about 0.6 s the first time), their
        headings' titles and the rulings' questions by their words (about 0.08 s, which the first question in words
        paid before), the words known, to read a misspelt word as the word meant (about 0.15 s), and load the
        sentence encoder (once per process, about a quarter of a second) unless meaning is off."""
        for build in (lambda: self.names, lambda: self.search_index, lambda: self.question_ranker):
            build()
            pause()
        self.question_ranker.rule_set(None, None)
        for make in (
            self.rule_search.warm,
            lambda: self.question_ranker.ruling_likeness,
            installed_english_words,
            lambda: self.question_ranker.spelling,
        ):
            pause()
            make()
        if self.meaning != OFF:
            ENCODER.load()

    def __enter__(self) -> CardsDB:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # --- cards (cardsdb/query/cards.py, card_search.py) ------------------------------------------------
    @property
    def names(self) -> NameIndex:
        return self.cards.names

    def get_card(self, name: str) -> Card | None:
        return self.cards.get_card(name)

    def find_card(self, query: str) -> CardMatch | None:
        return self.cards.find_card(query)

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        return self.cards.suggest_cards(name, limit)

    def cards_starting(self, text: str, limit: int = 25) -> list[str]:
        return self.cards.cards_starting(text, limit)

    def autocomplete_cards(self, text: str, limit: int = 25) -> list[str]:
        return self.cards.autocomplete_cards(text, limit)

    def errata_for(self, card_name: str) -> list[Errata]:
        return self.cards.errata_for(card_name)

    def legality(self, name: str) -> Legality:
        return self.cards.legality(name)

    def printing(self, code: str) -> tuple[Card, Printing] | None:
        return self.cards.printing(code)

    def card_sets(self) -> frozenset[str]:
        return self.cards.card_sets()

    def ban_list(self, format_name: str) -> BannedCards | None:
        return self.cards.ban_list(format_name)

    def clear_cache(self) -> None:
        self.cards.clear_cache()

    @property
    def search_index(self) -> SearchIndex:
        return self.card_search.search_index

    def search(self, query: str, limit: int = 10, offset: int = 0) -> SearchResult:
        return self.card_search.search(query, limit, offset)

    def search_terms(self, query: str) -> list[Term]:
        return self.card_search.search_terms(query)

    def search_hint(self, query: str) -> SearchHint | None:
        return self.card_search.search_hint(query)

    # --- rules (rules.py, rule_search.py, rule_history.py, changes.py) ---------------------------------
    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None:
        view = self.rules.rule(number_or_words, doc=doc, version=version)
        return None if view is None else self._with_rulings(view)

    def look_up_rule(
        self, query: str, *, doc: str | None = None, version: str | None = None, limit: int = RULE_CANDIDATES
    ) -> RuleLookup:
        lookup = self.rules.look_up_rule(query, doc=doc, version=version, limit=limit)
        if lookup.by_number:
            return lookup if lookup.view is None else replace(lookup, view=self._with_rulings(lookup.view))
        return replace(lookup, found=self._with_ruling(lookup.found, query, doc, version))

    def rule_exists(self, number: str, version: str | None = None, doc: str | None = None) -> bool:
        return self.rules.rule_exists(number, version, doc)

    def cited_rule(self, number: str) -> RuleView | None:
        return self.rules.cited_rule(number)

    def rule_view(self, rule: Rule) -> RuleView:
        return self._with_rulings(self.rules.rule_view(rule))

    def _with_rulings(self, view: RuleView) -> RuleView:
        """A rule's view with the rulings citing it (`Rulings.rulings_on`): every answer showing a rule whole says
        which rulings settle questions on it."""
        return replace(view, rulings=self.ruling_queries.rulings_on(view))

    def rule_references(self, number: str) -> list[tuple[str, str]]:
        return self.rules.rule_references(number)

    def autocomplete_rules(
        self, text: str, limit: int = 25, *, doc: str | None = None
    ) -> list[tuple[str, str]]:
        return self.rules.autocomplete_rules(text, limit, doc=doc)

    def suggest_rules(
        self, query: str, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[str]:
        return self.rules.suggest_rules(query, limit, doc=doc, version=version)

    @property
    def question_ranker(self) -> QuestionRanker:
        return self.rule_search.question_ranker

    def search_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        return self.rule_search.search_rules(words, limit, doc=doc, version=version)

    def ranked_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> list[RankedRule]:
        return self.rule_search.ranked_rules(words, limit, doc=doc, version=version)

    def match_rules(
        self, words: str, limit: int = RULE_CANDIDATES, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches:
        return self._with_ruling(
            self.rule_search.match_rules(words, limit, doc=doc, version=version), words, doc, version
        )

    def _with_ruling(
        self, found: RuleMatches, words: str, doc: str | None, version: str | None
    ) -> RuleMatches:
        """The rules for words with the ruling asking them (`Rulings.with_answering_ruling`), unless a version or
        the Tournament Rules were asked for: the rulings answer today's game."""
        if version is not None or (doc is not None and parse_doc(doc) == TOURNAMENT_DOC):
            return found
        return self.ruling_queries.with_answering_ruling(found, words)

    def rules_also_matching(
        self, words: str, shown: Rule, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        return self.rule_search.rules_also_matching(words, shown, limit, doc=doc, version=version)

    def changes(
        self, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
    ) -> ChangeList:
        return self.rule_changes.changes(from_version, to_version, under, doc=doc)

    # --- rulings and keywords (rulings.py, keywords.py) ------------------------------------------------
    def rulings(self, query: str, limit: int = RULINGS_ANSWERED) -> list[Ruling]:
        return self.ruling_queries.rulings(query, limit)

    def match_rulings(self, query: str, limit: int = RULINGS_ANSWERED) -> RulingMatches:
        return self.ruling_queries.match_rulings(query, limit)

    def rulings_for_card(self, name: str) -> list[Ruling]:
        return self.ruling_queries.rulings_for_card(name)

    def rulings_for_rule(self, number: str) -> list[Ruling]:
        return self.ruling_queries.rulings_for_rule(number)

    def ruling_citations(self, ruling: Ruling) -> list[Citation]:
        return self.ruling_queries.ruling_citations(ruling)

    def ruling_links(self, ruling: Ruling) -> list[Rule]:
        return self.ruling_queries.ruling_links(ruling)

    def keyword(self, name: str) -> KeywordInfo | None:
        return self.keywords.keyword(name)

    def keyword_line(self, name: str) -> tuple[str | None, Rule | None] | None:
        return self.keywords.keyword_line(name)

    def keyword_names(self) -> list[str]:
        return self.keywords.keyword_names()

    def autocomplete_keywords(self, text: str, limit: int = 25) -> list[str]:
        return self.keywords.autocomplete_keywords(text, limit)

    def resolve_keyword(self, text: str) -> tuple[str, bool] | None:
        return self.keywords.resolve_keyword(text)

    def text_unknown(self) -> list[str]:
        return self.keywords.text_unknown()

    # --- readings (readings.py): what the engine knows of each card's text -----------------------------
    def reading(self, card: Card) -> CardReading:
        return self.readings.reading(card)

    def reading_json(self, card: Card) -> str | None:
        return self.readings.reading_json(card)


__all__ = ["CardsDB", "SearchResult"]
