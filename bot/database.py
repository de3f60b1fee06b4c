"""The bot's hold on the card database: what it asks of `cardsdb.query.CardsDB`, and what happens when it breaks.

A running bot whose database is gone or corrupt keeps running: every command answers privately that the card database
is not available, and the problem is logged once.

A refresh (`bot.refresh`) swaps in a new database: commands asked after the swap get the new one; a command that
already holds the previous one finishes with it (its open connection keeps reading the file it opened, even once
that file is replaced), and that connection is closed when the last holder lets go of it.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from cardsdb.errors import DatabaseUnavailable
from cardsdb.models import (
    Card,
    CardMatch,
    ChangeList,
    Errata,
    KeywordInfo,
    Legality,
    Rule,
    RuleMatches,
    RuleView,
    Ruling,
)
from cardsdb.rule_versions import Citation

log = logging.getLogger(__name__)

NOT_AVAILABLE = "The card database is not available right now. Please try again later."


class CardsLookup(Protocol):
    """The part of `cardsdb.query.CardsDB` the bot calls (it is also the engine's `CardSource`)."""

    def get_card(self, name: str) -> Card | None: ...
    def suggest_cards(self, name: str, limit: int = 3) -> Sequence[str]: ...
    def find_card(self, query: str) -> CardMatch | None: ...
    def autocomplete_cards(self, text: str, limit: int = 25) -> Sequence[str]: ...
    def cards_starting(self, text: str, limit: int = 25) -> Sequence[str]: ...
    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None: ...
    def search_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> Sequence[Rule]: ...
    def rules_also_matching(
        self, words: str, shown: Rule, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> Sequence[Rule]: ...
    def match_rules(
        self, words: str, limit: int = 6, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches: ...
    def rule_view(self, rule: Rule) -> RuleView: ...
    def ruling_links(self, ruling: Ruling) -> Sequence[Rule]: ...
    def suggest_rules(
        self, query: str, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> Sequence[str]: ...
    def autocomplete_rules(
        self, text: str, limit: int = 25, *, doc: str | None = None
    ) -> Sequence[tuple[str, str]]: ...
    def changes(
        self, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
    ) -> ChangeList: ...
    def ruling_citations(self, ruling: Ruling) -> Sequence[Citation]: ...
    def keyword(self, name: str) -> KeywordInfo | None: ...
    def keyword_line(self, name: str) -> tuple[str | None, Rule | None] | None: ...
    def resolve_keyword(self, text: str) -> tuple[str, bool] | None: ...
    def keyword_names(self) -> Sequence[str]: ...
    def autocomplete_keywords(self, text: str, limit: int = 25) -> Sequence[str]: ...
    def rulings(self, query: str, limit: int = 10) -> Sequence[Ruling]: ...
    def errata_for(self, card_name: str) -> Sequence[Errata]: ...
    def legality(self, name: str) -> Legality: ...
    def search(self, query: str, limit: int = 10, offset: int = 0) -> Any: ...
    def search_hint(self, query: str) -> str | None: ...
    def meta(self) -> dict[str, str]: ...


def open_cardsdb(path: Path) -> CardsLookup:
    """`CardsDB.open(path)`, read-only; raises DatabaseUnavailable."""
    from cardsdb.query import CardsDB

    db: CardsLookup = CardsDB.open(path)
    return db


class DatabaseHandle:
    """Gives commands the open database, or raises DatabaseUnavailable (after trying to reopen it once per call)."""

    def __init__(
        self,
        db: CardsLookup | None,
        *,
        path: Path | None = None,
        opener: Callable[[Path], CardsLookup] = open_cardsdb,
    ) -> None:
        self._db = db
        self._path = path
        self._opener = opener
        self._logged = False
        self.generation = 0  # counts swaps: what was computed from one database is not reused with the next

    def swap(self, db: CardsLookup) -> None:
        """Serve `db` from now on. The previous database is not closed here: commands that hold it finish with it,
        and CPython closes its connection when the last of them drops it (nothing else keeps a reference)."""
        self._db = db
        self.generation += 1
        if self._logged:
            log.info("the card database at %s is available again", self._path)
        self._logged = False

    def get(self) -> CardsLookup:
        if self._db is None and self._path is not None and self._path.is_file():
            try:
                self._db = self._opener(self._path)
            except (DatabaseUnavailable, sqlite3.Error):
                self._db = None
            else:
                if self._logged:
                    log.info("the card database at %s is available again", self._path)
                self._logged = False
        if self._db is None:
            self.broken("no database could be opened")
            raise DatabaseUnavailable(NOT_AVAILABLE)
        return self._db

    def broken(self, why: str) -> None:
        """Forget the open database (it failed) and log that once, not on every command."""
        self._db = None
        if not self._logged:
            self._logged = True
            log.error("the card database is not available (%s); commands answer that until it is back", why)
