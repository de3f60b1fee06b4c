"""Keywords: as typed (`[Assault 2]`, `quick draw`, a misspelling that means one), with their rules, reminder text,
the cards that have them or refer to them, and their rulings."""

from __future__ import annotations

import re
import sqlite3

from cardsdb import rule_numbers
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, KeywordInfo, Rule
from cardsdb.names import normalize
from cardsdb.query.base import Reader
from cardsdb.query.rule_search import RuleSearch, unique_rules
from cardsdb.query.rulings import Rulings, community
from cardsdb.schema import json_list, rule_from_row
from cardsdb.search.name_index import close_names, closest_name
from cardsdb.search.syntax import escape_like

# Words around a keyword as people ask for it: "the Hidden keyword", "hidden keyword".
_KEYWORD_NOISE = re.compile(r"\b(?:the|keyword|keywords|ability)\b", re.IGNORECASE)
# A keyword's rules as listed under it: each rule's newest form that its number still means (not an older row whose
# number the current rules gave to another rule). Which rows a word search shows is `QuestionRanker.shown_rows`.
_KEYWORD_SHOWN = "(r.latest = 1 AND (r.version = ? OR COALESCE(r.superseded, 0) = 0))"


class Keywords:
    """Keywords with their rules, reminder text, cards and rulings."""

    def __init__(self, reader: Reader, rulings: Rulings, search: RuleSearch) -> None:
        self._reader = reader
        self._rulings = rulings
        self._search = search
        self._keyword_lines: dict[
            str, tuple[str | None, Rule | None] | None
        ] = {}  # name -> its line, read once

    def keyword_names(self) -> list[str]:
        return [
            str(r[0]) for r in self._reader.rows("SELECT name FROM keywords ORDER BY name COLLATE NOCASE")
        ]

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
        return (starts + rest)[: min(limit, 25)]  # whole names: the bot fits them to Discord's limits

    def resolve_keyword(self, text: str) -> tuple[str, bool] | None:
        """(the keyword's name, True when text names it exactly) for a keyword as typed: `[Assault 2]`, `quick draw`,
        `hidden keyword`, or a misspelling that means one keyword only (`deathnell`); None when it is unclear."""
        names = self.keyword_names()
        by_case = {n.casefold(): n for n in names}
        if text.strip().casefold() in by_case:
            return by_case[text.strip().casefold()], True
        cleaned = _KEYWORD_NOISE.sub(" ", text.strip().strip("[]")).strip()
        cleaned = re.sub(r"(?<!\s)\s+\d+$", "", cleaned)  # a keyword's value: "Assault 2"
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
            self._reader.rows("SELECT * FROM keywords WHERE name = ? COLLATE NOCASE", [resolved[0]])
            if resolved
            else []
        )
        line: tuple[str | None, Rule | None] | None = None
        if rows:
            number = rows[0]["rule"] or self._search.heading_number(str(rows[0]["name"]))
            rules = self._keyword_rules(number) if number else []
            line = (rows[0]["reminder"], rules[0] if rules else None)
        self._keyword_lines[name] = line  # the file is read-only: a keyword's line never changes
        return line

    def text_unknown(self) -> list[str]:
        """The main deck cards (or cards of no known type) with printings whose text no source gives yet: any of
        them may have any keyword."""
        if "unknown" not in {str(r[1]) for r in self._reader.rows("PRAGMA table_info(cards)")}:
            return []  # a database built before the column: it holds no card known in part this way
        rows = self._reader.rows(
            "SELECT name, types, unknown FROM cards WHERE partial = 1 ORDER BY name COLLATE NOCASE"
        )
        main_deck = {"unit", "spell", "gear"}
        return [
            str(r["name"])
            for r in rows
            if "text" in json_list(r["unknown"])
            and "set" not in json_list(r["unknown"])
            and (not json_list(r["types"]) or main_deck & {t.casefold() for t in json_list(r["types"])})
        ]

    @staticmethod
    def _keyword_also(row: sqlite3.Row) -> list[str]:
        """The words of a text about the keyword that does not name it ("face down" for Hidden), where the database
        has them."""
        return json_list(row["also"]) if "also" in row.keys() else []  # noqa: SIM118 (`in row` looks at values)

    def keyword(self, name: str) -> KeywordInfo | None:
        """A keyword with its rules, reminder text, the cards that have it and the cards whose text refers to it.

        `name` as typed (see resolve_keyword). A token ([Stun]) shows the v1.3 rule of the action it names.
        """
        resolved = self.resolve_keyword(name)
        if resolved is None:
            return None
        rows = self._reader.rows("SELECT * FROM keywords WHERE name = ? COLLATE NOCASE", [resolved[0]])
        if not rows:
            return None
        row = rows[0]
        keyword = str(row["name"])
        number = row["rule"] or self._search.heading_number(keyword)
        rules = self._keyword_rules(number) if number else []
        having = self._reader.rows(
            "SELECT DISTINCT c.name, c.partial FROM cards c JOIN card_keywords ck ON ck.card_id = c.id "
            "WHERE ck.keyword = ? COLLATE NOCASE ORDER BY c.name COLLATE NOCASE",
            [keyword],
        )
        with_it = [str(r["name"]) for r in having if not r["partial"]]
        seed_only = [str(r["name"]) for r in having if r["partial"]]
        words = [keyword, *self._keyword_also(row)]
        pattern = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b", re.IGNORECASE)
        where = " OR ".join("text LIKE ? ESCAPE '\\'" for _ in words)
        referring = [
            str(r["name"])
            for r in self._reader.rows(
                f"SELECT name, text FROM cards WHERE {where} ORDER BY name COLLATE NOCASE",
                [f"%{escape_like(w)}%" for w in words],
            )
            if r["name"] not in with_it and r["name"] not in seed_only and pattern.search(r["text"] or "")
        ]
        rulings = sorted(self._rulings.fts(keyword, 5), key=community)  # the best five, official first
        if rules:
            seen = {r.id for r in rulings}
            rulings += [r for r in self._rulings.rulings_for_rule(rules[0].number)[:5] if r.id not in seen]
            rulings.sort(key=community)
        return KeywordInfo(
            name=keyword,
            rules=tuple(rules),
            reminder=row["reminder"],
            cards_with=tuple(with_it),
            cards_referring=tuple(referring),
            seed_only=tuple(seed_only),
            text_unknown=tuple(self.text_unknown()) if row["kind"] == "keyword" else (),
            rulings=tuple(rulings[:8]),
            kind=str(row["kind"] or "keyword"),
        )

    def _keyword_rules(self, number: str) -> list[Rule]:
        """The keyword's rule and everything under it, each from the newest version that has it: current rows, then
        older rows the current rules neither hold nor gave to another rule."""
        rows = self._reader.rows(
            f"SELECT * FROM rules r WHERE r.doc = ? AND {rule_numbers.subtree_sql('r.number')} "
            f"AND {_KEYWORD_SHOWN} ORDER BY r.sort_key, r.number",
            [CORE_DOC, *rule_numbers.subtree_params(number), CURRENT_RULES_VERSION],
        )
        return sorted(
            unique_rules([rule_from_row(r) for r in rows]), key=lambda r: rule_numbers.sort_key(r.number)
        )
