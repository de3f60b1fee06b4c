"""The bot's hold on the card database: what it asks of `cardsdb.query.CardsDB`, and what happens when it breaks.

A running bot whose database is gone or corrupt keeps running: every command answers privately that the card database
is not available, and the problem is logged once. A damaged file (an SQLite error that says its pages are corrupt) is
not reopened: the handle asks for a rebuild (`on_damaged`, the refresher's `rebuild_soon`) and serves again, saying
"available again" once, only when a good file is swapped in (or the file was replaced by another that passes SQLite's
quick check).

A refresh (`bot.refresh`) swaps in a new database: commands asked after the swap get the new one; a command that
already holds the previous one finishes with it (its open connection keeps reading the file it opened, even once
that file is replaced), and that connection is closed when the last holder lets go of it.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from bot.turns import TURNS
from cardsdb.build.inventory import BuiltFrom, quick_check
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.errors import CardsDBError, DatabaseUnavailable
from cardsdb.models import (
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
from cardsdb.query import is_damage
from cardsdb.rule_versions import Citation

log = logging.getLogger(__name__)

NOT_AVAILABLE = "The card database is not available right now. Please try again later."


class CardsLookup(Protocol):
    """The part of `cardsdb.query.CardsDB` the bot calls (it is also the engine's `CardSource`)."""

    def get_card(self, name: str) -> Card | None: ...
    def suggest_cards(self, name: str, limit: int = 3) -> Sequence[str]: ...
    def reading(self, card: Card) -> CardReading: ...
    def find_card(self, query: str) -> CardMatch | None: ...
    def autocomplete_cards(self, text: str, limit: int = 25) -> Sequence[str]: ...
    def cards_starting(self, text: str, limit: int = 25) -> Sequence[str]: ...
    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None: ...
    def cited_rule(self, number: str) -> RuleView | None: ...
    def search_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> Sequence[Rule]: ...
    def rules_also_matching(
        self, words: str, shown: Rule, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> Sequence[Rule]: ...
    def match_rules(
        self, words: str, limit: int = 6, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches: ...
    def look_up_rule(
        self, query: str, *, doc: str | None = None, version: str | None = None, limit: int = 6
    ) -> RuleLookup: ...
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
    def match_rulings(self, query: str, limit: int = 10) -> RulingMatches: ...
    def errata_for(self, card_name: str) -> Sequence[Errata]: ...
    def legality(self, name: str) -> Legality: ...
    def search(self, query: str, limit: int = 10, offset: int = 0) -> Any: ...
    def search_hint(self, query: str) -> SearchHint | None: ...
    def meta(self) -> dict[str, str]: ...
    def printing(
        self, code: str
    ) -> tuple[Card, Printing] | None: ...  # the deck check (cardsdb.deck.DeckCards)
    def card_sets(self) -> frozenset[str]: ...
    def ban_list(self, format_name: str) -> BannedCards | None: ...


def open_cardsdb(path: Path, *, wait_for_meaning: bool = False, check_pages: bool = False) -> CardsLookup:
    """`CardsDB.open(path)`, read-only; raises DatabaseUnavailable. Words are compared by meaning once the sentence
    encoder is loaded, in a warm-up started here (`load_meaning`): an answer never waits for it, and answers by words
    alone until then (`wait_for_meaning`: `python -m bot ask`, which answers once, waits)."""
    from cardsdb.query import CardsDB
    from cardsdb.search.question_rank import WAIT, WHEN_READY

    db = CardsDB.open(path, check_pages=check_pages)
    db.meaning = WAIT if wait_for_meaning else WHEN_READY
    if not wait_for_meaning:
        load_meaning()
    opened: CardsLookup = db
    return opened


_meaning_lock = threading.Lock()
_meaning_loading: list[threading.Thread] = []


def load_meaning() -> threading.Thread:
    """Load the sentence encoder in a worker thread, once per process, as a warm-up that gives way to the answers in
    flight (`TURNS.warming`); the thread loading it (for a test or the benchmark to wait on)."""
    with _meaning_lock:
        if not _meaning_loading:
            thread = threading.Thread(target=_load_meaning, name="riftbound-meaning", daemon=True)
            _meaning_loading.append(thread)
            thread.start()
        return _meaning_loading[0]


def _load_meaning() -> None:
    from cardsdb.search.meaning import ENCODER

    try:
        with TURNS.warming():
            ENCODER.load()
    except Exception as error:  # words alone still answer: one line, never a crash of the bot
        log.warning(
            "the sentence encoder could not be loaded (%s); questions are compared by words alone", error
        )


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
        self._damaged_file: tuple[int, int] | None = None  # (inode, mtime) of the file found damaged
        self._folder = _built_from_folder(db)
        self.on_damaged: Callable[[], None] | None = None  # asks for a rebuild (the refresher's rebuild_soon)
        self.generation = 0  # counts swaps: what was computed from one database is not reused with the next

    @property
    def damaged(self) -> bool:
        """The file serving was found damaged and no good one has replaced it yet."""
        return self._damaged_file is not None

    def built_from_folder(self) -> Path | None:
        """The data folder the last good database was built from (a damaged one cannot say): a rebuild uses it."""
        return self._folder

    def swap(self, db: CardsLookup) -> None:
        """Serve `db` from now on. The previous database is not closed here: commands that hold it finish with it,
        and CPython closes its connection when the last of them drops it (nothing else keeps a reference)."""
        self._db = db
        self._folder = _built_from_folder(db) or self._folder
        self._damaged_file = None
        self.generation += 1
        self._back()

    def get(self) -> CardsLookup:
        if self._db is None and self._path is not None and self._reopenable():
            try:
                db = self._opener(self._path)
            except (DatabaseUnavailable, sqlite3.Error):
                pass
            else:
                self._db, self._damaged_file = db, None
                self._back()
        if self._db is None:
            gone = self._path is not None and not self._path.is_file()
            self.broken("the file is gone" if gone else "no database could be opened")
            if gone and self.on_damaged is not None:
                self.on_damaged()  # a file deleted under the bot is rebuilt like a damaged one
            raise DatabaseUnavailable(NOT_AVAILABLE)
        return self._db

    def broken(self, why: str, error: BaseException | None = None) -> None:
        """Forget the open database (it failed) and log that once, not on every command. A damaged file is not
        reopened: a rebuild is asked for (the log says so, and not how to rebuild it by hand as well)."""
        self._db = None
        if error is not None and is_damage(error) and self._path is not None:
            self._damaged_file = _identity(self._path)
            if self.on_damaged is not None:
                self.on_damaged()
        if not self._logged:
            self._logged = True
            problem = error.problem if isinstance(error, DatabaseUnavailable) else why
            rebuilding = self.on_damaged is not None and (
                self.damaged or (self._path is not None and not self._path.is_file())
            )
            log.error(
                "the card database is not available (%s)%s; commands answer that until it is back",
                " ".join(problem.split())[:300],
                "; rebuilding it from the best source at hand" if rebuilding else "",
            )

    def _reopenable(self) -> bool:
        """The file exists, and is not the one found damaged (unless it passes SQLite's quick check now)."""
        assert self._path is not None
        if not self._path.is_file():
            return False
        if self._damaged_file is None:
            return True
        return _identity(self._path) != self._damaged_file and quick_check(self._path) is None

    def _back(self) -> None:
        if self._logged:
            log.info("the card database at %s is available again", self._path)
        self._logged = False


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return (stat.st_ino, stat.st_mtime_ns)


def _built_from_folder(db: CardsLookup | None) -> Path | None:
    if db is None:
        return None
    try:
        folder = BuiltFrom.from_meta(db.meta().get("built_from")).data_folder
    except (CardsDBError, sqlite3.Error):
        return None
    return Path(folder) if folder else None
