"""Read-only queries over the card database: the one module the bot, the engine and the CLI share.

The file is opened read-only and every statement is parameterized; full-text input goes through
`cardsdb.fts`. Card names are matched in memory (`cardsdb.fuzzy`), loaded once per CardsDB.
"""

from __future__ import annotations

import re
import sqlite3
import urllib.parse
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType

from cardsdb import rule_numbers
from cardsdb.errors import DatabaseUnavailable, QuerySyntaxError
from cardsdb.fts import fts_query, fts_words
from cardsdb.fuzzy import NameIndex, NameSpec, close_names, closest_name
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    V13_RULES_VERSION,
    Card,
    CardMatch,
    Errata,
    KeywordInfo,
    Legality,
    Rule,
    Ruling,
)
from cardsdb.names import begins, fold, normalize
from cardsdb.paths import BUILD_HINT
from cardsdb.query_rules import RuleQueries
from cardsdb.question_rank import QuestionRanker
from cardsdb.rows import card_from_rows, json_list, ruling_from_row
from cardsdb.schema import SCHEMA_VERSION
from cardsdb.search_index import SearchIndex
from cardsdb.search_syntax import Term, escape_like, parse
from cardsdb.sets import set_order_sql

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
FIND_MINIMUM = 65.0  # below this a fuzzy match is not plausible
ALTERNATIVE_MARGIN = 12.0  # runners-up within this many points of the best are offered
NEAR_FAMILY_BELOW = 85.0  # a misspelt champion's name counts only when no card matches at least this well
INITIALS_SCORE = 70.0  # the score reported for a card found by its initials ("mf")
FAMILY_ALTERNATIVES = 9  # a champion's other cards offered for its name alone (the real pool has at most 7)
CARD_CACHE_SIZE = 2048  # built Card objects kept, most recently used (the real pool has under 1,000 names)
_SET_ORDER = set_order_sql("set_id")


# Words around a keyword as people ask for it: "the Hidden keyword", "hidden keyword".
_KEYWORD_NOISE = re.compile(r"\b(?:the|keyword|keywords|ability)\b", re.IGNORECASE)


MISTYPED_NAME_WORDS = (
    4  # words a card's name may have, for a ruling search that found no ruling holding them all
)


@dataclass(frozen=True)
class SearchResult:
    cards: tuple[Card, ...]
    total: int  # all matches, not only this page


class CardsDB(RuleQueries):
    """Cards, rules and rulings from a database built by `python -m cardsdb build`. The rules queries are in
    `cardsdb.query_rules`."""

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

    # --- opening ---------------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str) -> CardsDB:
        """Open a database read-only. Raises DatabaseUnavailable (with how to build one) when it is not usable."""
        path = Path(path)
        if not path.is_file():
            raise DatabaseUnavailable(f"the card database {path} does not exist; {BUILD_HINT}")
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
            raise DatabaseUnavailable(
                f"the card database {path} cannot be read ({error}); {BUILD_HINT}"
            ) from None
        missing = [t for t in REQUIRED_TABLES if t not in tables]
        if missing:
            connection.close()
            raise DatabaseUnavailable(
                f"{path} is not a card database (missing tables: {', '.join(missing)}); {BUILD_HINT}"
            )
        db = cls(connection, path)
        db._tables = frozenset(tables)
        version = db.meta().get("schema_version")
        if version is not None and version != str(SCHEMA_VERSION):
            connection.close()
            raise DatabaseUnavailable(
                f"{path} was built with schema {version}, this program reads schema {SCHEMA_VERSION}; {BUILD_HINT}"
            )
        return db

    def close(self) -> None:
        self._db.close()

    def warm(self) -> None:
        """Build the in-memory indexes now rather than on the first lookup (a refresh does it in its worker thread)."""
        _ = self.names, self.search_index, self.question_ranker

    def __enter__(self) -> CardsDB:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[sqlite3.Row]:
        try:
            return self._db.execute(sql, tuple(params)).fetchall()
        except sqlite3.DatabaseError as error:
            raise DatabaseUnavailable(
                f"the card database {self.path} cannot be read ({error}); {BUILD_HINT}"
            ) from None

    def _has_fts(self, table: str) -> bool:
        return f"{table}_fts" in self._tables

    def meta(self) -> dict[str, str]:
        return {str(r["key"]): str(r["value"]) for r in self._rows("SELECT key, value FROM meta")}

    # --- cards -----------------------------------------------------------------------------------------
    @property
    def names(self) -> NameIndex:
        """All card names and their aliases, loaded once."""
        if self._names is None:
            rows = [
                (str(r["name"]), json_list(r["types"]), json_list(r["supertypes"]), json_list(r["tags"]))
                for r in self._rows("SELECT name, types, supertypes, tags FROM cards")
            ]
            aliases: dict[str, list[str]] = {}
            for r in self._rows(
                "SELECT c.name, a.alias FROM card_aliases a JOIN cards c ON c.id = a.card_id"
            ):
                aliases.setdefault(str(r["name"]), []).append(str(r["alias"]))
            champions = _champion_tags(rows)
            specs = []
            for name, types, supertypes, tags in rows:
                champion = tags[0] if "Legend" in types and len(tags) == 1 else None
                if champion and normalize(name).startswith(normalize(champion) + " "):
                    champion = None  # "Teemo, Swift Scout" names its champion already
                # A champion's units, Legends and Signature cards carry its name among their tags.
                rank = 1 if "Legend" in types else 2 if "Signature" in supertypes else 0
                family = None
                if rank or "Champion" in supertypes:
                    family = next((t for t in tags if normalize(t) in champions), None)
                specs.append(NameSpec(name, champion, family, rank, tuple(aliases.get(name, ()))))
            self._names = NameIndex(specs)
        return self._names

    def _card(self, row: sqlite3.Row) -> Card:
        printings = self._rows(
            f"SELECT * FROM printings WHERE card_id = ? ORDER BY {_SET_ORDER}, id", [row["id"]]
        )
        keywords = self._rows("SELECT keyword, value FROM card_keywords WHERE card_id = ?", [row["id"]])
        return card_from_rows(row, printings, keywords)

    def _card_by_name(self, name: str) -> Card | None:
        # Cards are immutable and the file is read-only: a built Card is kept (it costs three queries to make).
        cached = self._card_cache.get(name)
        if cached is not None:
            self._card_cache.move_to_end(name)
            return cached
        # COLLATE NOCASE lets SQLite use idx_cards_name; the second test keeps the match exact.
        rows = self._rows("SELECT * FROM cards WHERE name = ? COLLATE NOCASE AND name = ?", [name, name])
        card = self._card(rows[0]) if rows else None
        if card is not None:
            self._card_cache[name] = card
            if len(self._card_cache) > CARD_CACHE_SIZE:
                self._card_cache.popitem(last=False)
        return card

    def clear_cache(self) -> None:
        """Forget the cards built so far (the benchmark times lookups with and without them)."""
        self._card_cache.clear()

    def get_card(self, name: str) -> Card | None:
        """The card with exactly this name, ignoring case (and punctuation, as names.normalize() does)."""
        exact = self.names.exact(name)
        return self._card_by_name(exact) if exact else None

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        """Close names for a name that was not found, best first."""
        return [s.name for s in self.names.match(name, limit=limit) if s.score >= 55.0]

    def find_card(self, query: str) -> CardMatch | None:
        """The card people mean by query: exact, else the best fuzzy match with close runners-up; None if nothing is plausible."""
        exact = self.names.exact(query)
        found = self.names.match(query, limit=6)
        if exact:
            card = self._card_by_name(exact)
            if card is not None:
                return CardMatch(card, "exact", 100.0, ())
        if not found or found[0].score < FIND_MINIMUM:
            initials = self.names.by_initials(query)  # "mf": Miss Fortune's cards
            card = self._card_by_name(initials[0]) if initials else None
            if card is None:
                return None
            return CardMatch(card, "fuzzy", INITIALS_SCORE, tuple(initials[1 : FAMILY_ALTERNATIVES + 1]))
        best = found[0]
        family = self.names.family(query)
        if not family and best.score < NEAR_FAMILY_BELOW:
            family = self.names.family(query, near=True)  # "yasou"; not "Ornn's", which starts Ornn's Forge
        if family:
            # A champion's name alone ("jinx", "yasou"): the best of its cards (at a tie, units first), and all the
            # others as alternatives.
            scores = {s.name: s.score for s in found}
            name = max(family, key=lambda n: (scores.get(n, 0.0), -family.index(n)))
            card = self._card_by_name(name)
            alternatives = tuple(n for n in family if n != name)[:FAMILY_ALTERNATIVES]
            return CardMatch(card, "fuzzy", best.score, alternatives) if card is not None else None
        card = self._card_by_name(best.name)
        if card is None:
            return None
        alternatives = tuple(
            s.name for s in found[1:5] if s.score >= max(best.score - ALTERNATIVE_MARGIN, FIND_MINIMUM)
        )
        return CardMatch(card, "fuzzy", best.score, alternatives)

    def cards_starting(self, text: str, limit: int = 25) -> list[str]:
        """The cards whose name, or a word in it, begins with text ("ez": Ezreal's cards), in name order."""
        return self.names.starting(text, limit)

    def autocomplete_cards(self, text: str, limit: int = 25) -> list[str]:
        """At most `limit` (<= 25) names of at most 100 characters: prefix matches first, then fuzzy."""
        return [n[:100] for n in self.names.complete(text, limit=min(limit, 25))]

    def errata_for(self, card_name: str) -> list[Errata]:
        if "errata" not in self._tables:
            return []
        card = self.get_card(card_name)
        ident, name = (card.id, card.name) if card else ("", card_name)
        rows = self._rows(
            "SELECT * FROM errata WHERE card_id = ? OR card_name = ? COLLATE NOCASE ORDER BY date",
            [ident, name],
        )
        return [
            Errata(
                r["card_name"],
                r["new_text"] or "",
                r["old_text"],
                r["source_title"] or "",
                r["date"],
                r["url"],
            )
            for r in rows
        ]

    def legality(self, name: str) -> Legality:
        """The card in each format of the newest ban lists ("legal" or "banned"); a format without a list is absent."""
        card = self.get_card(name)
        if card is None or "ban_lists" not in self._tables:
            return Legality()
        lists = {
            str(r["format"]): str(r["as_of"] or "")
            for r in self._rows("SELECT format, as_of FROM ban_lists ORDER BY rowid")
        }
        banned = {
            str(r["format"]) for r in self._rows("SELECT format FROM bans WHERE card_id = ?", [card.id])
        }
        return Legality(
            formats={f: "banned" if f in banned else "legal" for f in lists},
            as_of={f: d for f, d in lists.items() if d},
        )

    # --- card search -----------------------------------------------------------------------------------
    def _known_values(self, field: str) -> list[str]:
        if field not in self._known:
            sql = {
                "type": "SELECT DISTINCT j.value FROM cards, json_each(cards.types) j "
                "UNION SELECT DISTINCT j.value FROM cards, json_each(cards.supertypes) j",
                "domain": "SELECT DISTINCT j.value FROM cards, json_each(cards.domains) j",
                "keyword": "SELECT DISTINCT keyword FROM card_keywords UNION SELECT name FROM keywords",
                "rarity": "SELECT DISTINCT rarity FROM printings WHERE rarity IS NOT NULL "
                "UNION SELECT DISTINCT rarity FROM cards WHERE rarity IS NOT NULL",
                "set": "SELECT DISTINCT set_id FROM printings UNION SELECT DISTINCT set_name FROM printings",
                "tag": "SELECT DISTINCT j.value FROM cards, json_each(cards.tags) j",
            }[field]
            self._known[field] = sorted({str(r[0]) for r in self._rows(sql) if r[0]}, key=str.casefold)
        return self._known[field]

    def _resolve_term(self, term: Term) -> Term:
        """The term with each value as the database spells it (`t:units` -> Unit, `kw:quickdraw` -> Quick-Draw);
        raises QuerySyntaxError with close values for one that is not known."""
        if term.field not in ("type", "domain", "keyword", "rarity", "set"):
            return term
        known = self._known_values(term.field)
        resolved = []
        for value in term.choices:
            found = _known_spelling(value, known)
            if found is None:
                close = close_names(known, value, limit=3)
                hint = f"did you mean {', '.join(close)}?" if close else f"known: {', '.join(known[:20])}"
                raise QuerySyntaxError(f"unknown {term.field} '{value}' in {term.source}; {hint}")
            resolved.append(found)
        return replace(term, value=",".join(resolved))

    def search_terms(self, query: str) -> list[Term]:
        """The terms of a search with every value as the database spells it. Raises QuerySyntaxError."""
        return [self._resolve_term(term) for term in parse(query)]

    @property
    def search_index(self) -> SearchIndex:
        """The cards' searchable fields, loaded once (cardsdb.search_index)."""
        if self._search_index is None:
            self._search_index = SearchIndex.load(self._rows)
        return self._search_index

    def search(self, query: str, limit: int = 10, offset: int = 0) -> SearchResult:
        """Cards matching the search syntax, by name. Raises QuerySyntaxError for a malformed query.

        The matches are bit sets of the search index; only the page's cards are built (and kept, as lookups keep
        them), so the cost hardly grows with the pool or the number of matches."""
        terms = self.search_terms(query)
        index = self.search_index
        found = index.matching(terms)
        names = index.page(found, offset=max(0, offset), limit=max(0, limit))
        cards = (self._card_by_name(name) for name in names)
        return SearchResult(tuple(card for card in cards if card is not None), found.bit_count())

    def search_hint(self, query: str) -> str | None:
        """Why a search that found nothing may have: one field asked for twice must match both values; or a tag,
        or a word of the name, that no card has, with the nearest tag, keyword or type value (`tag:bandle` ->
        `tag:"bandle city"`, `yordle` -> `tag:yordle`)."""
        try:
            terms = parse(query)
        except QuerySyntaxError:
            return None
        return self._both_values_hint(terms) or self._nearest_value_hint(terms)

    def _both_values_hint(self, terms: Sequence[Term]) -> str | None:
        seen: dict[tuple[int, str], Term] = {}
        for term in terms:
            if term.negated or term.field not in ("type", "domain", "keyword", "tag", "rarity", "set"):
                continue
            earlier = seen.get((term.group, term.field))
            if earlier is not None:
                prefix = earlier.source.split(":", 1)[0]
                return (
                    f"{earlier.source} {term.source} asks for cards with both; "
                    f"for either, write {prefix}:{earlier.value},{term.value}"
                )
            seen[(term.group, term.field)] = term
        return None

    def _nearest_value_hint(self, terms: Sequence[Term]) -> str | None:
        index = self.search_index
        for term in terms:
            if term.negated or term.field not in ("tag", "name") or index.term(term):
                continue
            values = [term.value] if term.field == "name" else list(term.choices)
            for value in values:
                nearest = self._nearest_values(value, same_field=term.field)
                if nearest:
                    what = (
                        f"no card has the tag {value!r}"
                        if term.field == "tag"
                        else f"no card is named {value!r}"
                    )
                    return f"{what}; did you mean {' or '.join(nearest)}?"
        return None

    def _nearest_values(self, value: str, *, same_field: str) -> list[str]:
        """Search terms for the known values nearest to a value no card has: another field's value spelled so
        (`kw:hidden` for `tag:hidden`), the tags that begin so (`tag:"bandle city"` for `bandle`), else the closest
        tags, keywords and types."""
        fields = (("tag", "tag"), ("keyword", "kw"), ("type", "t"), ("domain", "d"))
        for field, prefix in fields:
            if field != same_field and (found := _known_spelling(value, self._known_values(field))):
                return [_term(prefix, found)]
        tags = self._known_values("tag")
        begun = [t for t in tags if begins(t, value)]
        if begun:
            return [_term("tag", t) for t in begun[:3]]
        close = [
            _term(prefix, name)
            for field, prefix in fields
            for name in close_names(self._known_values(field), value, limit=2, minimum=75.0)
        ]
        return close[:3]

    # --- keywords --------------------------------------------------------------------------------------
    def keyword_names(self) -> list[str]:
        return [str(r[0]) for r in self._rows("SELECT name FROM keywords ORDER BY name COLLATE NOCASE")]

    def autocomplete_keywords(self, text: str, limit: int = 25) -> list[str]:
        # Words only ("Add", not also "ADD", ">" or ">>"): each is a choice someone would pick.
        spelled: dict[str, str] = {}
        for name in self.keyword_names():
            if any(c.isalpha() for c in name) and (
                name.casefold() not in spelled or spelled[name.casefold()].isupper()
            ):
                spelled[name.casefold()] = name
        names = sorted(spelled.values(), key=str.casefold)
        query = normalize(text)
        starts = [n for n in names if normalize(n).startswith(query)]
        rest = (
            [n for n in close_names(names, text, limit=limit, minimum=50.0) if n not in starts]
            if query
            else []
        )
        return [n[:100] for n in (starts + rest)[: min(limit, 25)]]

    def resolve_keyword(self, text: str) -> tuple[str, bool] | None:
        """(the keyword's name, True when text names it exactly) for a keyword as typed: `[Assault 2]`, `quick draw`,
        `hidden keyword`, or a misspelling that means one keyword only (`deathnell`); None when it is unclear."""
        names = self.keyword_names()
        by_case = {n.casefold(): n for n in names}
        if text.strip().casefold() in by_case:
            return by_case[text.strip().casefold()], True
        cleaned = _KEYWORD_NOISE.sub(" ", text.strip().strip("[]")).strip()
        cleaned = re.sub(r"\s+\d+$", "", cleaned)  # a keyword's value: "Assault 2"
        compact = {normalize(n).replace(" ", ""): n for n in names}
        found = compact.get(normalize(cleaned).replace(" ", ""))
        if found:
            return found, True
        close = closest_name(names, cleaned)
        return (close, False) if close else None

    def keyword_line(self, name: str) -> tuple[str | None, Rule | None] | None:
        """A keyword's reminder text and its own rule (811 for Hidden), for the keyword lines under a card: what
        `keyword` gives, without the cards and rulings it also gathers. None for a name that is no keyword."""
        if name in self._keyword_lines:
            return self._keyword_lines[name]
        resolved = self.resolve_keyword(name)
        rows = (
            self._rows("SELECT * FROM keywords WHERE name = ? COLLATE NOCASE", [resolved[0]])
            if resolved
            else []
        )
        line: tuple[str | None, Rule | None] | None = None
        if rows:
            number = rows[0]["rule"] or self._heading_number(str(rows[0]["name"]))
            rules = self._keyword_rules(number) if number else []
            line = (rows[0]["reminder"], rules[0] if rules else None)
        self._keyword_lines[name] = line  # the file is read-only: a keyword's line never changes
        return line

    def keyword(self, name: str) -> KeywordInfo | None:
        """A keyword with its rules, reminder text, the cards that have it and the cards whose text refers to it.

        `name` as typed (see resolve_keyword). A token ([Stun]) shows the v1.3 rule of the action it names.
        """
        resolved = self.resolve_keyword(name)
        if resolved is None:
            return None
        rows = self._rows("SELECT * FROM keywords WHERE name = ? COLLATE NOCASE", [resolved[0]])
        if not rows:
            return None
        row = rows[0]
        keyword = str(row["name"])
        number = row["rule"] or self._heading_number(keyword)
        rules = self._keyword_rules(number) if number else []
        having = self._rows(
            "SELECT DISTINCT c.name, c.partial FROM cards c JOIN card_keywords ck ON ck.card_id = c.id "
            "WHERE ck.keyword = ? COLLATE NOCASE ORDER BY c.name COLLATE NOCASE",
            [keyword],
        )
        with_it = [str(r["name"]) for r in having if not r["partial"]]
        seed_only = [str(r["name"]) for r in having if r["partial"]]
        pattern = re.compile(rf"\b{re.escape(keyword)}\b", re.IGNORECASE)
        referring = [
            str(r["name"])
            for r in self._rows(
                "SELECT name, text FROM cards WHERE text LIKE ? ESCAPE '\\' ORDER BY name COLLATE NOCASE",
                [f"%{escape_like(keyword)}%"],
            )
            if r["name"] not in with_it and r["name"] not in seed_only and pattern.search(r["text"] or "")
        ]
        rulings = sorted(self._rulings_fts(keyword, 5), key=_community)  # the best five, official first
        if rules:
            seen = {r.id for r in rulings}
            rulings += [r for r in self.rulings_for_rule(rules[0].number)[:5] if r.id not in seen]
            rulings.sort(key=_community)
        return KeywordInfo(
            name=keyword,
            rules=tuple(rules),
            reminder=row["reminder"],
            cards_with=tuple(with_it),
            cards_referring=tuple(referring),
            seed_only=tuple(seed_only),
            rulings=tuple(rulings[:8]),
            kind=str(row["kind"] or "keyword"),
        )

    # --- rulings ---------------------------------------------------------------------------------------
    def rulings(self, query: str, limit: int = 10) -> list[Ruling]:
        """The rulings that answer `query` (`_matching_rulings`), a ruling an erratum superseded after the others:
        it is never the first answer while a current one is shown."""
        return sorted(self._matching_rulings(query, limit), key=lambda r: r.superseded is not None)

    def _matching_rulings(self, query: str, limit: int) -> list[Ruling]:
        """Rulings for a rule number, else for a card name, else for words as a question (`cardsdb.question_rank`):
        the best matches, well-matching official answers first. Words shaped as a rule number that is none
        (`9999.9`) find nothing."""
        if rule_numbers.parse_rule_ref(query) is not None:
            return self.rulings_for_rule(query)[:limit]
        if rule_numbers.number_shaped(query):
            return []
        exact = self.names.exact(query)
        if exact:
            found = self.rulings_for_card(exact)
            if found:
                return found[:limit]
        ranked = self.question_ranker.rulings(query, limit=limit)
        if not any(r.complete for r in ranked) and len(fts_words(query)) <= MISTYPED_NAME_WORDS:
            # A few words that no ruling holds all of may be a card's name mistyped ("hiden blade").
            match = self.find_card(query)
            if match is not None and match.score >= 85:
                found = self.rulings_for_card(match.card.name)[:limit]
                if found:
                    return found
        return [r.ruling for r in ranked]

    def _rulings_fts(self, words: str, limit: int) -> list[Ruling]:
        """Rulings with every word, best first (full-text search)."""
        fts = fts_query(words, skip_common=True) if self._has_fts("rulings") else None
        if fts is None:
            return []
        rows = self._rows(
            "SELECT r.* FROM rulings_fts JOIN rulings r ON r.rowid = rulings_fts.rowid "
            "WHERE rulings_fts MATCH ? ORDER BY rulings_fts.rank LIMIT ?",
            [fts, limit],
        )
        return [ruling_from_row(r) for r in rows]

    def rulings_for_card(self, name: str) -> list[Ruling]:
        card = self.get_card(name)
        if card is None:
            return []
        # The build links every ruling to each card it names that resolves (ruling_cards, indexed by card), so the
        # names in `rulings.cards` need no scan.
        rows = self._rows(
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
                _community(r),
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
        pairs: list[tuple[str | None, str]] = [*self.rule_references(number)] or [(ref.version, ref.number)]
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
        rows = self._rows(
            "SELECT DISTINCT r.* FROM rulings r JOIN ruling_rules rr ON rr.ruling_id = r.id "
            f"WHERE {' OR '.join(clauses)} ORDER BY r.date DESC, r.id",
            params,
        )
        return sorted((ruling_from_row(r) for r in rows), key=_community)


def _community(ruling: Ruling) -> bool:
    """Sorts after official rulings (and the seeds' statements, which come from official documents)."""
    return ruling.source == "community"


def _champion_tags(rows: Sequence[tuple[str, list[str], list[str], list[str]]]) -> set[str]:
    """The tags that name a champion (normalized): the tag of a Champion unit that its name starts with or ends
    in ("Teemo" for "Teemo, Scout", "Master Yi" for "Yi, Honed")."""
    found: set[str] = set()
    for name, _, supertypes, tags in rows:
        if "Champion" not in supertypes or ", " not in name:
            continue
        head = normalize(name.split(", ", 1)[0])
        for tag in map(normalize, tags):
            if tag == head or tag.endswith(f" {head}") or head.endswith(f" {tag}"):
                found.add(tag)
    return found


def _term(prefix: str, value: str) -> str:
    """A search term as one would type it: `tag:yordle`, `tag:"bandle city"`."""
    value = value.casefold()
    return f'{prefix}:"{value}"' if " " in value else f"{prefix}:{value}"


def _known_spelling(value: str, known: Sequence[str]) -> str | None:
    """The known value typed as `value`: ignoring case, then punctuation and spaces, then a plural s."""
    folded = {k.casefold(): k for k in known}
    if value.casefold() in folded:
        return folded[value.casefold()]
    compact = {normalize(k).replace(" ", ""): k for k in known}
    key = normalize(value).replace(" ", "")
    for candidate in (key, key.removesuffix("s"), key.removesuffix("es")):
        if candidate and candidate in compact:
            return compact[candidate]
    return None


__all__ = ["CardsDB", "SearchResult"]
