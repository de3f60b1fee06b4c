"""Cards by the search syntax (`kw:hidden t:spell d:order e<=2 o:kill`): each value as the database spells it, the
matches from the in-memory search index (`cardsdb.search.card_index`), and why an empty search may be empty."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from cardsdb.errors import QuerySyntaxError
from cardsdb.models import BothValuesHint, Card, NearestValueHint, SearchHint
from cardsdb.names import begins, normalize
from cardsdb.query.base import Reader
from cardsdb.query.cards import Cards
from cardsdb.search.card_index import SearchIndex
from cardsdb.search.name_index import close_names
from cardsdb.search.syntax import Term, parse

HINT_TERMS = 4
"""The hint looks at the first terms only: each a fuzzy match over every known tag, keyword and type."""


@dataclass(frozen=True)
class SearchResult:
    cards: tuple[Card, ...]
    total: int  # all matches, not only this page


class CardSearch:
    """Cards by the search syntax, over the in-memory search index, and why an empty search may be empty."""

    def __init__(self, reader: Reader, cards: Cards) -> None:
        self._reader = reader
        self._cards = cards
        self._known: dict[str, list[str]] = {}  # field -> the values the database holds, read once
        self._search_index: SearchIndex | None = None

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
            self._known[field] = sorted({str(r[0]) for r in self._reader.rows(sql) if r[0]}, key=str.casefold)
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
        """The cards' searchable fields, loaded once (cardsdb.search.card_index)."""
        if self._search_index is None:
            self._search_index = SearchIndex.load(self._reader.rows)
        return self._search_index

    def search(self, query: str, limit: int = 10, offset: int = 0) -> SearchResult:
        """Cards matching the search syntax, by name. Raises QuerySyntaxError for a malformed query.

        The matches are bit sets of the search index; only the page's cards are built (and kept, as lookups keep
        them), so the cost hardly grows with the pool or the number of matches."""
        terms = self.search_terms(query)
        index = self.search_index
        found = index.matching(terms)
        names = index.page(found, offset=max(0, offset), limit=max(0, limit))
        cards = (self._cards.card_by_name(name) for name in names)
        return SearchResult(tuple(card for card in cards if card is not None), found.bit_count())

    def search_hint(self, query: str) -> SearchHint | None:
        """Why a search that found nothing may have: one field asked for twice must match both values; or a tag,
        or a word of the name, that no card has, with the nearest tag, keyword or type value (`tag:bandle` ->
        `tag:"bandle city"`, `yordle` -> `tag:yordle`)."""
        try:
            terms = parse(query)[:HINT_TERMS]
        except QuerySyntaxError:
            return None
        return self._both_values_hint(terms) or self._nearest_value_hint(terms)

    def _both_values_hint(self, terms: Sequence[Term]) -> BothValuesHint | None:
        seen: dict[tuple[int, str], Term] = {}
        for term in terms:
            if term.negated or term.field not in ("type", "domain", "keyword", "tag", "rarity", "set"):
                continue
            earlier = seen.get((term.group, term.field))
            if earlier is not None:
                prefix = earlier.source.split(":", 1)[0]
                return BothValuesHint(earlier.source, term.source, f"{prefix}:{earlier.value},{term.value}")
            seen[(term.group, term.field)] = term
        return None

    def _nearest_value_hint(self, terms: Sequence[Term]) -> NearestValueHint | None:
        index = self.search_index
        for term in terms:
            if term.negated or term.field not in ("tag", "name") or index.term(term):
                continue
            values = [term.value] if term.field == "name" else list(term.choices)
            for value in values:
                nearest = self._nearest_values(value, same_field=term.field)
                if nearest:
                    field: Literal["tag", "name"] = "tag" if term.field == "tag" else "name"
                    return NearestValueHint(field, value, tuple(nearest))
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
