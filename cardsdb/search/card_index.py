"""The card search's index: what `CardsDB.search` runs.

Every card's searchable fields are read once (the database is read-only) and held column by column. Each card has a
position in result order (by name, ignoring case); the cards a term matches are an `int` used as a bit set over those
positions, so a query is a few AND / OR / NOT of bit sets, its total a popcount, and only the page's names are read
back. Keyword, type, domain, tag, rarity and set terms are looked up; stat terms are unions over the values present;
text and name terms are substrings, found through the cards holding a word that contains the term's longest word
(then checked).

The syntax means exactly what `cardsdb.search.syntax.to_sql` says in SQL (ignoring case as SQLite's NOCASE and LIKE
do: ASCII letters only); `tests/cardsdb/search/test_card_index.py` holds the two equal on the fixture and the real databases.
"""

from __future__ import annotations

import operator
import re
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardsdb.names import normalize
from cardsdb.schema import json_list
from cardsdb.search.pacing import paced
from cardsdb.search.syntax import Term

_ASCII_FOLD = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_WORD = re.compile(r"\w+")
_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": operator.eq,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
STATS = ("energy", "power", "might")
Rows = Callable[[str], Sequence[Any]]  # runs one SQL statement, returns its rows (sqlite3.Row)


def fold(text: str) -> str:
    """Case folded as SQLite's NOCASE and LIKE fold it: ASCII letters only."""
    return text.translate(_ASCII_FOLD)


def _bits(positions: Iterable[int], size: int) -> int:
    """The bit set of positions."""
    marks = bytearray((size + 7) // 8)
    for i in positions:
        marks[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(marks, "little")


def _set_positions(bits: int) -> list[int]:
    """The positions of a bit set, lowest first."""
    text = bin(bits)[:1:-1]  # position 0 first
    found: list[int] = []
    at = text.find("1")
    while at != -1:
        found.append(at)
        at = text.find("1", at + 1)
    return found


@dataclass(frozen=True)
class Substrings:
    """Strings by position, and for each word in them the positions holding it. A substring search checks only the
    strings holding a word that contains the needle's longest word (any string containing the needle does); a
    needle without letters or digits checks them all."""

    strings: tuple[str | None, ...]
    words: dict[str, int]

    @classmethod
    def of(cls, strings: Sequence[str | None]) -> Substrings:
        holding: dict[str, list[int]] = {}
        for i, text in paced(enumerate(strings)):
            if text is not None:
                for word in set(_WORD.findall(text)):
                    holding.setdefault(word, []).append(i)
        size = len(strings)
        return cls(tuple(strings), {word: _bits(at, size) for word, at in paced(holding.items())})

    def containing(self, needle: str) -> int:
        strings = self.strings
        candidates: Iterable[int] = range(len(strings))
        key = max(_WORD.findall(needle), key=len, default="")
        if key:
            holding = 0
            for word, positions in self.words.items():
                if key in word:
                    holding |= positions
            if key == needle:
                return holding
            candidates = _set_positions(holding)
        return _bits((i for i in candidates if (s := strings[i]) is not None and needle in s), len(strings))


@dataclass(frozen=True)
class SearchIndex:
    names: tuple[str, ...]  # in result order
    every: int  # the bit set of all cards
    facets: dict[tuple[str, str], int]  # (field, folded value) -> cards with it
    stats: dict[str, tuple[tuple[int, int], ...]]  # stat -> ((value, cards with that value), ...)
    texts: Substrings  # folded card text, by position (None: no text)
    padded_names: Substrings  # " " + name_norm + " ", then each alias so, one per line, by position

    @classmethod
    def load(cls, rows: Rows) -> SearchIndex:
        cards = rows(
            "SELECT id, name, name_norm, types, supertypes, domains, tags, energy, power, might, rarity, text "
            "FROM cards ORDER BY name COLLATE NOCASE, rowid"
        )
        position = {str(c["id"]): i for i, c in enumerate(cards)}
        found: dict[tuple[str, str], list[int]] = {}

        def add(field: str, value: object, at: int) -> None:
            if value is not None and value != "":
                found.setdefault((field, fold(str(value))), []).append(at)

        stat_values: dict[str, dict[int, list[int]]] = {s: {} for s in STATS}
        for i, card in paced(enumerate(cards)):
            for value in (*json_list(card["types"]), *json_list(card["supertypes"])):
                add("type", value, i)
            for value in json_list(card["domains"]):
                add("domain", value, i)
            for value in json_list(card["tags"]):
                add("tag", value, i)
            add("rarity", card["rarity"], i)
            for stat in STATS:
                if isinstance(card[stat], int):
                    stat_values[stat].setdefault(card[stat], []).append(i)
        for row in rows("SELECT card_id, keyword FROM card_keywords"):
            if str(row["card_id"]) in position:
                add("keyword", row["keyword"], position[str(row["card_id"])])
        for row in rows("SELECT card_id, set_id, set_name, rarity FROM printings"):
            at = position.get(str(row["card_id"]))
            if at is not None:
                add("set", row["set_id"], at)
                add("set", row["set_name"], at)
                add("rarity", row["rarity"], at)
        spellings: list[list[str]] = [
            [f" {c['name_norm']} "] if c["name_norm"] is not None else [] for c in cards
        ]
        for row in rows("SELECT card_id, alias_norm FROM card_aliases"):
            at = position.get(str(row["card_id"]))
            if at is not None and row["alias_norm"]:
                spellings[at].append(f" {row['alias_norm']} ")
        size = len(cards)
        return cls(
            names=tuple(str(c["name"]) for c in cards),
            every=(1 << size) - 1,
            facets={key: _bits(at, size) for key, at in paced(found.items())},
            stats={
                stat: tuple((value, _bits(at, size)) for value, at in sorted(values.items()))
                for stat, values in stat_values.items()
            },
            texts=Substrings.of([fold(c["text"]) if c["text"] is not None else None for c in paced(cards)]),
            # a line break between spellings: a normalized name holds none, so no match runs across two of them
            padded_names=Substrings.of(["\n".join(names) if names else None for names in spellings]),
        )

    def __len__(self) -> int:
        return len(self.names)

    def _one(self, field: str, value: str, op: str) -> int:
        if field in STATS:
            compare, n = _COMPARE[op], int(value)
            matched = 0
            for stat_value, cards in self.stats[field]:
                if compare(stat_value, n):
                    matched |= cards
            return matched
        if field == "text":
            return self.texts.containing(fold(value))
        if field == "name":
            needle = normalize(
                value
            )  # nothing left of a word in another script, or of punctuation: no name holds it
            return self.padded_names.containing(needle) if needle else 0
        return self.facets.get((field, fold(value)), 0)

    def term(self, term: Term) -> int:
        """The cards one term matches (after its negation)."""
        matched = 0
        for choice in term.choices:
            matched |= self._one(term.field, choice, term.op)
        return self.every & ~matched if term.negated else matched

    def matching(self, terms: Sequence[Term]) -> int:
        """The cards matching a query: every term of a group, for any one group."""
        groups: dict[int, int] = {}
        for term in terms:
            groups[term.group] = groups.get(term.group, self.every) & self.term(term)
        found = 0
        for cards in groups.values():
            found |= cards
        return found if groups else self.every

    def page(self, found: int, *, offset: int, limit: int) -> list[str]:
        """The names of the matching cards from `offset`, at most `limit`, in result order."""
        bits = bin(found)[:1:-1]  # position 0 first
        names: list[str] = []
        at = bits.find("1")
        skipped = 0
        while at != -1 and len(names) < limit:
            if skipped < offset:
                skipped += 1
            else:
                names.append(self.names[at])
            at = bits.find("1", at + 1)
        return names
