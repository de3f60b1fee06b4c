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
from cardsdb.fts import fts_loose_queries, fts_query, fts_words
from cardsdb.fuzzy import NameIndex, NameSpec, close_names, closest_name
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    V13_RULES_VERSION,
    Card,
    CardMatch,
    Errata,
    KeywordInfo,
    Rule,
    RuleView,
    Ruling,
)
from cardsdb.names import fold, normalize
from cardsdb.paths import BUILD_HINT
from cardsdb.rows import card_from_rows, json_list, rule_from_row, ruling_from_row, truncate
from cardsdb.schema import SCHEMA_VERSION
from cardsdb.search_index import SearchIndex
from cardsdb.search_syntax import Term, escape_like, parse

REQUIRED_TABLES = (
    "cards",
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
CARD_CACHE_SIZE = 2048  # built Card objects kept, most recently used (the real pool has under 800 names)
_SET_ORDER = "CASE set_id WHEN 'OGN' THEN 1 WHEN 'OGS' THEN 2 WHEN 'SFD' THEN 3 WHEN 'UNL' THEN 4 ELSE 9 END"
# A rules row `r` worth showing in word searches: current, or v1.3 where the current rules have nothing in its place.
# Parameters: the current version, twice.
_NOT_REPLACED = (
    "(r.version = ? OR (COALESCE(r.superseded, 0) = 0 AND NOT EXISTS (SELECT 1 FROM rules c "
    "WHERE c.version = ? AND (c.number = r.number OR c.counterpart = r.number))))"
)


# Words around a keyword as people ask for it: "the Hidden keyword", "hidden keyword".
_KEYWORD_NOISE = re.compile(r"\b(?:the|keyword|keywords|ability)\b", re.IGNORECASE)


ASKED_POOL = 50  # FTS matches searched for a question asked word for word


@dataclass(frozen=True)
class SearchResult:
    cards: tuple[Card, ...]
    total: int  # all matches, not only this page


class CardsDB:
    """Cards, rules and rulings from a database built by `python -m cardsdb build`."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self._db.row_factory = sqlite3.Row
        self.path = path
        self._names: NameIndex | None = None
        self._tables: frozenset[str] = frozenset()  # open() fills it from the tables it checks
        self._known: dict[str, list[str]] = {}
        self._card_cache: OrderedDict[str, Card] = OrderedDict()
        self._titles: list[tuple[str, str, Rule]] | None = None  # (title key, compact title, heading)
        self._search_index: SearchIndex | None = None

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
        _ = self.names, self.search_index

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
        """All card names, loaded once."""
        if self._names is None:
            rows = [
                (str(r["name"]), json_list(r["types"]), json_list(r["supertypes"]), json_list(r["tags"]))
                for r in self._rows("SELECT name, types, supertypes, tags FROM cards")
            ]
            champions = _champion_tags(rows)
            specs = []
            for name, types, supertypes, tags in rows:
                champion = tags[0] if "Legend" in types and len(tags) == 1 else None
                # A champion's units, Legends and Signature cards carry its name among their tags.
                rank = 1 if "Legend" in types else 2 if "Signature" in supertypes else 0
                family = None
                if rank or "Champion" in supertypes:
                    family = next((t for t in tags if normalize(t) in champions), None)
                specs.append(NameSpec(name, champion, family, rank))
            self._names = NameIndex(specs)
        return self._names

    def _card(self, row: sqlite3.Row) -> Card:
        printings = self._rows(
            f"SELECT * FROM printings WHERE card_id = ? ORDER BY {_SET_ORDER}, collector_number, id",
            [row["id"]],
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

    def is_banned(self, name: str) -> bool:
        if "banned" not in self._tables:
            return False
        card = self.get_card(name)
        params = [card.name if card else name, card.id if card else ""]
        return bool(self._rows("SELECT 1 FROM banned WHERE name = ? COLLATE NOCASE OR card_id = ?", params))

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
        """Why a search that found nothing may have: one field asked for twice must match both values."""
        try:
            terms = parse(query)
        except QuerySyntaxError:
            return None
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

    # --- rules -----------------------------------------------------------------------------------------
    def _rule_row(self, number: str, version: str) -> sqlite3.Row | None:
        rows = self._rows("SELECT * FROM rules WHERE number = ? AND version = ?", [number, version])
        return rows[0] if rows else None

    def _superseded(self, number: str) -> bool:
        row = self._rule_row(number, V13_RULES_VERSION)
        return bool(row is not None and row["superseded"])

    def rule_exists(self, number: str, version: str | None = None) -> bool:
        number = rule_numbers.pad(number)
        if version is None:
            return bool(self._rows("SELECT 1 FROM rules WHERE number = ?", [number]))
        return self._rule_row(number, version) is not None

    def _title(self, number: str, version: str) -> str | None:
        row = self._rule_row(number, version)
        if row is None:
            return None
        if row["title"]:
            return str(row["title"])
        return str(row["text"]) if row["kind"] in ("heading", "chapter") and row["text"] else None

    def _moves(self, column: str, number: str) -> list[sqlite3.Row]:
        return self._rows(f"SELECT v13, current, note FROM rule_moves WHERE {column} = ?", [number])

    def _move_sentence(self, v13: str, current: str) -> str:
        title = self._title(v13, V13_RULES_VERSION)
        named = f"v1.3 {v13} ({title})" if title else f"v1.3 {v13}"
        return f"{named} is {current} in the current rules."

    def rule(self, number_or_words: str) -> RuleView | None:
        """A rule by number (current first; v1.3 where only v1.3 has it) or by words (the best full-text match)."""
        ref = rule_numbers.parse_rule_ref(number_or_words)
        if ref is None:
            found = self.search_rules(number_or_words, limit=1)
            return self._view(found[0]) if found else None
        current = self._rule_row(ref.number, CURRENT_RULES_VERSION)
        older = self._rule_row(ref.number, V13_RULES_VERSION)
        if ref.version == V13_RULES_VERSION:
            return self._view(rule_from_row(older)) if older is not None else None
        if current is not None:
            return self._view(rule_from_row(current))
        if older is not None and ref.version is None:
            return self._view(rule_from_row(older))
        return None

    def _view(self, rule: Rule) -> RuleView:
        parents = tuple(
            p for p in (self._parent_rule(n, rule.version) for n in rule_numbers.ancestors(rule.number)) if p
        )
        children = tuple(self._children(rule.number, rule.version))
        moved: list[str] = []
        notes: list[str] = []
        lineage = [*rule_numbers.ancestors(rule.number), rule.number]
        if rule.is_current:
            for number in lineage:
                for move in self._moves("current", number):
                    if move["v13"] != number:
                        moved.append(self._move_sentence(move["v13"], number))
                        if move["note"] and number == rule.number:
                            notes.append(str(move["note"]))
            if rule.wording == "summary":
                notes.append(
                    "The seeds cite this rule without quoting it; the text is the project's summary of what they say."
                )
        else:
            for number in lineage:
                for move in self._moves("v13", number):
                    if move["current"] != number:
                        moved.append(self._move_sentence(number, move["current"]))
                        if move["note"] and number == rule.number:
                            notes.append(str(move["note"]))
            notes.extend(self._v13_notes(rule))
        return RuleView(rule, parents, children, tuple(dict.fromkeys(moved)), tuple(dict.fromkeys(notes)))

    def _v13_notes(self, rule: Rule) -> list[str]:
        """Why a v1.3 rule is shown, and whether the current rules use its number for something else."""
        lineage = [*rule_numbers.ancestors(rule.number), rule.number]
        superseded_at = next((n for n in lineage if self._superseded(n)), None)
        if superseded_at is None:
            if self._rule_row(rule.number, CURRENT_RULES_VERSION) is not None:
                return [
                    f"This is the v1.3 text; the current rules ({CURRENT_RULES_VERSION}) word {rule.number} differently."
                ]
            return [
                f"The current rules ({CURRENT_RULES_VERSION}) are known here only where the seeds give them; "
                f"this is v1.3's text (dated 2026-03-30)."
            ]
        top = lineage[0] if self._rule_row(lineage[0], CURRENT_RULES_VERSION) is not None else superseded_at
        now_title = self._title(top, CURRENT_RULES_VERSION) or "something else"
        then_title = self._title(top, V13_RULES_VERSION)
        then = f"v1.3's {top} {then_title}" if then_title else f"v1.3's {top}"
        notes = [f"In the current rules {top} is {now_title}; this is {then}, not a current rule."]
        for move in self._moves("current", top):
            suffix = rule.number[len(top) :]
            notes.append(f"For {now_title} as of v1.3, see v1.3 {move['v13']}{suffix}.")
        return notes

    def _parent_rule(self, number: str, version: str) -> Rule | None:
        row = self._rule_row(number, version)
        if row is None and version == CURRENT_RULES_VERSION and not self._superseded(number):
            row = self._rule_row(number, V13_RULES_VERSION)
        return rule_from_row(row) if row is not None else None

    def _children(self, number: str, version: str) -> list[Rule]:
        if version == V13_RULES_VERSION:
            # The v1.3 importer sets every row's parent: an indexed lookup instead of a LIKE over 2,000 rows.
            rows = self._rows(
                "SELECT * FROM rules WHERE version = ? AND parent = ? ORDER BY sort_key, number",
                [version, number],
            )
        else:
            rows = self._rows(
                "SELECT * FROM rules WHERE version = ? AND number LIKE ? ESCAPE '\\' ORDER BY sort_key, number",
                [version, _like_children(number)],
            )
        return [rule_from_row(r) for r in rows if rule_numbers.parent_of(r["number"]) == number]

    def search_rules(self, words: str, limit: int = 10) -> list[Rule]:
        """Rules by words, best first: a heading named so first ("hide" -> 422 Hide), then full-text matches.

        v1.3 rows are left out where the current rules replace them (same number, or a counterpart of a current
        row); a v1.3 heading named exactly so is kept, stamped v1.3 (`discard` -> v1.3 422 Discard).
        """
        return _unique_rules(self._titled(words) + self._rules_by_words(words, limit))[:limit]

    def rules_also_matching(self, words: str, shown: Rule, limit: int = 5) -> list[Rule]:
        """The rules matching words besides `shown` (the best match `rule(words)` gave), best first."""
        return [
            r
            for r in self.search_rules(words, limit=limit + 1)
            if (r.number, r.version) != (shown.number, shown.version)
        ][:limit]

    def _titled(self, words: str) -> list[Rule]:
        """Headings titled as words, ignoring case, a leading "the", spaces and a plural s ("facedown zone" ->
        107.3 Facedown Zones, "burnout" -> 431 Burn Out); current first, then the shallowest."""
        key = _title_key(words)
        if self._titles is None:
            rows = self._rows(
                "SELECT r.* FROM rules r WHERE (r.title IS NOT NULL OR r.kind IN ('heading', 'chapter')) "
                "AND (r.version = ? OR NOT EXISTS (SELECT 1 FROM rules c "
                "WHERE c.version = ? AND c.counterpart = r.number)) ORDER BY (r.version = ?) DESC, "
                "length(r.number) - length(replace(r.number, '.', '')), r.sort_key",
                [CURRENT_RULES_VERSION, CURRENT_RULES_VERSION, CURRENT_RULES_VERSION],
            )
            self._titles = []
            for row in rows:
                title = row["title"] or (row["text"] if row["kind"] in ("heading", "chapter") else None)
                if title:
                    compact = normalize(str(title)).removeprefix("the ").replace(" ", "")
                    self._titles.append((_title_key(str(title)), compact, rule_from_row(row)))
        return [rule for title, _, rule in self._titles if key and title == key]

    def _rules_by_words(self, words: str, limit: int) -> list[Rule]:
        not_replaced = _NOT_REPLACED
        params: list[object] = [CURRENT_RULES_VERSION, CURRENT_RULES_VERSION]
        if self._has_fts("rules"):
            first = fts_query(words, skip_common=True)
            if first is None:
                return []
            for fts in (first, *fts_loose_queries(words), fts_query(words, any_word=True, skip_common=True)):
                if fts is None:
                    return []
                rows = self._rows(
                    "SELECT r.* FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid "
                    f"WHERE rules_fts MATCH ? AND {not_replaced} "
                    "ORDER BY rules_fts.rank, (r.version = ?) DESC LIMIT ?",
                    [fts, *params, CURRENT_RULES_VERSION, limit],
                )
                if rows:
                    return [rule_from_row(r) for r in rows]
            return []
        return [
            rule_from_row(r)
            for r in self._like_rows("rules r", ["r.text", "r.title"], words, not_replaced, params, limit)
        ]

    def _like_rows(
        self, table: str, columns: Sequence[str], words: str, extra: str, params: Sequence[object], limit: int
    ) -> list[sqlite3.Row]:
        """Fallback when a table has no full-text index: every word somewhere in the columns."""
        terms = fts_words(words)
        if not terms:
            return []
        clauses, values = [], []
        for term in terms:
            clauses.append("(" + " OR ".join(f"COALESCE({c}, '') LIKE ? ESCAPE '\\'" for c in columns) + ")")
            values.extend([f"%{escape_like(term)}%"] * len(columns))
        where = " AND ".join(clauses) + (f" AND {extra}" if extra else "")
        return self._rows(f"SELECT * FROM {table} WHERE {where} LIMIT ?", [*values, *params, limit])

    def autocomplete_rules(self, text: str, limit: int = 25) -> list[tuple[str, str]]:
        """(label of at most 100 characters, value) pairs: numbers starting with text, else full-text matches."""
        limit = min(limit, 25)
        text = text.strip()
        ref = rule_numbers.parse_rule_ref(text) if text else None
        rules: list[Rule]
        if ref is not None or not text:
            start = ref.number if ref else ""
            typed = ref.number.lstrip("0") if ref else ""  # "42" also starts 420-429
            rows = self._rows(
                "SELECT * FROM rules WHERE (number = ? OR number LIKE ? ESCAPE '\\' OR number LIKE ? ESCAPE '\\') "
                "ORDER BY (version = ?) DESC, sort_key, number LIMIT ?",
                [
                    start,
                    escape_like(start) + ("." if start else "") + "%",
                    escape_like(typed) + "%",
                    CURRENT_RULES_VERSION,
                    limit * 3,
                ],
            )
            seen: set[str] = set()
            rules = []
            for row in rows:
                rule = rule_from_row(row)
                if rule.number in seen or (not rule.is_current and self._superseded(rule.number)):
                    continue
                seen.add(rule.number)
                rules.append(rule)
        else:
            rules = self._rule_prefix_search(text, limit)
        choices = []
        for rule in rules[:limit]:
            stamp = "" if rule.is_current else "v1.3 "
            label = truncate(f"{stamp}{rule.number} {rule.title or rule.text}", 100)
            value = (
                rule.number
                if rule.is_current or not self.rule_exists(rule.number, CURRENT_RULES_VERSION)
                else f"v1.3 {rule.number}"
            )
            choices.append((label, value[:100]))
        return choices

    def _rule_prefix_search(self, text: str, limit: int) -> list[Rule]:
        # Headings whose title starts so first ("facedown z" -> 107.3 Facedown Zones), then full-text matches.
        start = normalize(text).removeprefix("the ").replace(" ", "")
        self._titled("")  # loads the headings
        headings = [r for _, compact, r in self._titles or () if start and compact.startswith(start)]
        if not self._has_fts("rules"):
            return _unique_rules([*headings, *self.search_rules(text, limit)])[:limit]
        fts = fts_query(text, prefix_last=True)
        if fts is None:
            return headings[:limit]
        rows = self._rows(
            "SELECT r.* FROM rules_fts JOIN rules r ON r.rowid = rules_fts.rowid WHERE rules_fts MATCH ? "
            f"AND {_NOT_REPLACED} ORDER BY rules_fts.rank LIMIT ?",
            [fts, CURRENT_RULES_VERSION, CURRENT_RULES_VERSION, limit],
        )
        return _unique_rules([*headings, *(rule_from_row(r) for r in rows)])[:limit]

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

    def _heading_number(self, title: str) -> str | None:
        """The number of the rules heading titled exactly so (current first): `Stun` -> 423 (v1.3)."""
        found = self._titled(title)
        return found[0].number if found else None

    def _keyword_rules(self, number: str) -> list[Rule]:
        """The keyword's rule and everything under it: current rows, then v1.3 rows for numbers the current rules lack."""
        like = _like_children(number)
        current = self._rows(
            "SELECT * FROM rules WHERE version = ? AND (number = ? OR number LIKE ? ESCAPE '\\') ORDER BY sort_key, number",
            [CURRENT_RULES_VERSION, number, like],
        )
        have = {r["number"] for r in current} | {r["counterpart"] for r in current if r["counterpart"]}
        older = self._rows(
            "SELECT * FROM rules WHERE version = ? AND COALESCE(superseded, 0) = 0 "
            "AND (number = ? OR number LIKE ? ESCAPE '\\') ORDER BY sort_key, number",
            [V13_RULES_VERSION, number, like],
        )
        moved_away = {r["v13"] for r in self._rows("SELECT v13 FROM rule_moves")}
        rules = [rule_from_row(r) for r in current]
        rules += [
            rule_from_row(r) for r in older if r["number"] not in have and r["number"] not in moved_away
        ]
        return sorted(rules, key=lambda r: rule_numbers.sort_key(r.number))

    # --- rulings ---------------------------------------------------------------------------------------
    def suggest_rules(self, query: str, limit: int = 5) -> list[str]:
        """Numbers near a rule number that does not exist (its siblings), for a "did you mean"."""
        ref = rule_numbers.parse_rule_ref(query)
        if ref is None:
            return []
        parent = rule_numbers.parent_of(ref.number)
        if parent is None:
            return [value for _, value in self.autocomplete_rules(ref.number[:2], limit=25)][:limit]
        # The siblings nearest the number asked for ("811.7" -> 811.6, 811.5, ...), then the parent.
        siblings = sorted(
            {r.number for r in self._children(parent, CURRENT_RULES_VERSION)}
            | {r.number for r in self._children(parent, V13_RULES_VERSION) if not self._superseded(r.number)},
            key=rule_numbers.sort_key,
        )
        wanted = rule_numbers.sort_key(ref.number)
        at = sum(1 for n in siblings if rule_numbers.sort_key(n) < wanted)
        nearest = sorted(range(len(siblings)), key=lambda i: (abs(i - at + 0.5), i))
        found = [siblings[i] for i in nearest[: limit - 1]]
        return (
            [*sorted(found, key=rule_numbers.sort_key), parent] if self.rule_exists(parent) else found[:limit]
        )

    def rulings(self, query: str, limit: int = 10) -> list[Ruling]:
        """Rulings for a rule number, else for a card name, else by words."""
        if rule_numbers.parse_rule_ref(query) is not None:
            return self.rulings_for_rule(query)[:limit]
        exact = self.names.exact(query)
        if exact:
            found = self.rulings_for_card(exact)
            if found:
                return found[:limit]
        found = self._rulings_fts(query, max(limit, ASKED_POOL))
        if found:
            # A question typed as a FAQ or seed asks it ("When can I play a card I hid?") comes first: bm25 may rank
            # a longer answer above it. Then official answers before community ones.
            asked = normalize(query)
            return sorted(found, key=lambda r: (normalize(r.question) != asked, _community(r)))[:limit]
        match = self.find_card(query)
        if match is not None and match.score >= 85:
            found = self.rulings_for_card(match.card.name)[:limit]
            if found:
                return found
        if self._has_fts("rulings"):
            for loose in fts_loose_queries(query):
                found = self._rulings_matching(loose, limit)
                if found:
                    return found
        return self._rulings_fts(query, limit, any_word=True)

    def _rulings_matching(self, fts: str, limit: int) -> list[Ruling]:
        rows = self._rows(
            "SELECT r.* FROM rulings_fts JOIN rulings r ON r.rowid = rulings_fts.rowid "
            "WHERE rulings_fts MATCH ? ORDER BY rulings_fts.rank LIMIT ?",
            [fts, limit],
        )
        return [ruling_from_row(r) for r in rows]

    def _rulings_fts(self, words: str, limit: int, *, any_word: bool = False) -> list[Ruling]:
        """Rulings with every word (or any word), best first."""
        if self._has_fts("rulings"):
            fts = fts_query(words, any_word=any_word, skip_common=True)
            return self._rulings_matching(fts, limit) if fts is not None else []
        rows = (
            self._like_rows("rulings", ["question", "answer"], words, "", [], limit) if not any_word else []
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
            found, key=lambda r: (_community(r), full not in fold(r.question), head not in fold(r.question))
        )

    def rulings_for_rule(self, number: str) -> list[Ruling]:
        """Rulings citing the rule or its sub-rules, in either version, but not v1.3 rows the current rules reuse.

        A v1.3 number (`v1.3 421`, or `421` where only v1.3 has it) finds the rulings citing it as numbered in v1.3
        and those citing the current number it moved to (v1.3 421 Hide -> 422).
        """
        ref = rule_numbers.parse_rule_ref(number)
        if ref is None:
            return []
        wanted = ref.number
        as_v13 = ref.version == V13_RULES_VERSION or (
            ref.version is None
            and self._rule_row(wanted, CURRENT_RULES_VERSION) is None
            and self._rule_row(wanted, V13_RULES_VERSION) is not None
        )
        if as_v13:
            clauses = ["(rr.version <> ? AND (rr.number = ? OR rr.number LIKE ? ESCAPE '\\'))"]
            params: list[object] = [CURRENT_RULES_VERSION, wanted, _like_children(wanted)]
            for move in self._moves("v13", wanted):
                clauses.append("(rr.version = ? AND (rr.number = ? OR rr.number LIKE ? ESCAPE '\\'))")
                params += [CURRENT_RULES_VERSION, move["current"], _like_children(str(move["current"]))]
        else:
            older = [str(m["v13"]) for m in self._moves("current", wanted)]
            # A number cited as an older version numbers it (v1.3, and v1.4, which kept v1.3's numbers where it was
            # checked: Hide 421, the cleanup in 323.7) is not the current rule the current rules reuse it for.
            clauses = [
                "(rr.number = ? OR rr.number LIKE ? ESCAPE '\\') AND (COALESCE(rr.version, '') = ? "
                "OR NOT EXISTS (SELECT 1 FROM rules x WHERE x.version = ? AND x.number = rr.number AND x.superseded = 1))"
            ]
            params = [wanted, _like_children(wanted), CURRENT_RULES_VERSION, V13_RULES_VERSION]
            for v13 in older:
                clauses.append("(rr.version = ? AND (rr.number = ? OR rr.number LIKE ? ESCAPE '\\'))")
                params += [V13_RULES_VERSION, v13, _like_children(v13)]
        rows = self._rows(
            "SELECT DISTINCT r.* FROM rulings r JOIN ruling_rules rr ON rr.ruling_id = r.id "
            f"WHERE {' OR '.join(clauses)} ORDER BY r.date DESC, r.id",
            params,
        )
        return [ruling_from_row(r) for r in rows]


def _community(ruling: Ruling) -> bool:
    """Sorts after official rulings (and the seeds' statements, which come from official documents)."""
    return ruling.source == "community"


def _like_children(number: str) -> str:
    """A LIKE pattern for the sub-rules of number ("811.1" -> "811.1.%")."""
    return escape_like(number) + ".%"


def _unique_rules(rules: Sequence[Rule]) -> list[Rule]:
    """Each rule once, where it first appears."""
    seen: dict[tuple[str, str], Rule] = {}
    for rule in rules:
        seen.setdefault((rule.number, rule.version), rule)
    return list(seen.values())


def _title_key(title: str) -> str:
    """A heading's title as compared with words typed: "The Chain" -> "chain", "Facedown Zones" -> "facedownzone"."""
    key = normalize(title).removeprefix("the ").replace(" ", "")
    return key[:-1] if key.endswith("s") and len(key) > 3 else key


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
