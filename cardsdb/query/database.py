"""`CardsDB`: read-only queries over the card database, the one object the bot, the engine and the CLI share.

A thin facade: it opens the file read-only and checks it is a card database of this schema; the queries are its parts,
one module each (`cards`, `card_search`, `keywords`, `rulings`, `rules`), all reading through `base.Queries`. Every
statement is parameterized; full-text input goes through `cardsdb.query.fts`.
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from collections import OrderedDict
from pathlib import Path
from types import TracebackType

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.errors import DatabaseUnavailable
from cardsdb.models import BannedCards, Card, Rule
from cardsdb.query.base import file_problem, hint_for, unreadable
from cardsdb.query.card_search import CardSearch, SearchResult
from cardsdb.query.keywords import KeywordQueries
from cardsdb.query.readings import ReadingQueries
from cardsdb.schema import SCHEMA_VERSION
from cardsdb.search.card_index import SearchIndex
from cardsdb.search.meaning import ENCODER
from cardsdb.search.name_index import NameIndex
from cardsdb.search.pacing import pause
from cardsdb.search.question_rank import OFF, WAIT, QuestionRanker

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


def _listed(names: list[str], shown: int = 3) -> str:
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


class CardsDB(KeywordQueries, CardSearch, ReadingQueries):
    """Cards, rules and rulings from a database built by `python -m cardsdb build`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row
        self.path = path
        self._names: NameIndex | None = None
        self._tables: frozenset[str] = frozenset()  # open() fills it from the tables it checks
        self._known: dict[str, list[str]] = {}
        self._card_cache: OrderedDict[str, Card] = OrderedDict()
        self._titles_by: dict[
            tuple[str, str | None], list[tuple[str, str, Rule]]
        ] = {}  # rule titles by doc/version
        self._titled_by: dict[tuple[str, str | None], dict[str, list[Rule]]] = {}  # the same, by title key
        self._search_index: SearchIndex | None = None
        self._keyword_lines: dict[str, tuple[str | None, Rule | None] | None] = {}
        self._ranker: QuestionRanker | None = (
            None  # rules and rulings indexed for words, read at the first search
        )
        # words compared by meaning too: the encoder loaded when first needed (WAIT: the command line, the tests), or
        # words alone until the warm-up has loaded it (WHEN_READY: the bot, `bot.database.open_cardsdb`)
        self.meaning = WAIT
        self._codes: dict[tuple[str, str, int, str], tuple[str, str]] | None = (
            None  # the deck check's printings
        )
        self._ban_lists: dict[str, BannedCards | None] = {}
        self._readings: dict[str, CardReading] = {}
        self._stored_readings: bool | None = None

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
        db = cls(connection, path)
        db._tables = frozenset(tables)
        version = db.meta().get("schema_version")
        if version is not None and version != str(SCHEMA_VERSION):
            connection.close()
            raise DatabaseUnavailable(
                f"{path} was built with schema {version}, this program reads schema {SCHEMA_VERSION}",
                hint_for(path),
            )
        return db

    def close(self) -> None:
        self._db.close()

    def warm(self) -> None:
        """Build the in-memory indexes now rather than on the first lookup (a refresh does it in its worker thread),
        the rules of both documents as a question in words reads them among them (about 0.6 s the first time), and
        load the sentence encoder (once per process, about a quarter of a second) unless meaning is off."""
        for build in (lambda: self.names, lambda: self.search_index, lambda: self.question_ranker):
            build()
            pause()
        self.question_ranker.rule_set(None, None)
        if self.meaning != OFF:
            ENCODER.load()

    def __enter__(self) -> CardsDB:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


__all__ = ["CardsDB", "SearchResult"]
