"""The card search alone (`CardSearch` over `Cards`): values as the database spells them, matches, and the hint for
an empty search."""

from __future__ import annotations

import pytest

from cardsdb.errors import QuerySyntaxError
from cardsdb.models import BothValuesHint, NearestValueHint
from cardsdb.query.base import Reader
from cardsdb.query.card_search import CardSearch
from cardsdb.query.cards import Cards
from tests.support.query_fixtures import CARDS


@pytest.fixture
def card_search(query_reader: Reader) -> CardSearch:
    return CardSearch(query_reader, Cards(query_reader))


def test_values_are_read_as_the_database_spells_them(card_search: CardSearch) -> None:
    terms = card_search.search_terms("t:spells d:ORDER")
    assert [(t.field, t.value) for t in terms] == [("type", "Spell"), ("domain", "Order")]


def test_an_unknown_value_is_one_line_with_the_close_ones(card_search: CardSearch) -> None:
    with pytest.raises(QuerySyntaxError, match=r"unknown type 'spel1'.*did you mean Spell"):
        card_search.search_terms("t:spel1")


def test_a_search_finds_every_card_with_the_keyword_and_counts_them_all(card_search: CardSearch) -> None:
    hidden = sorted(name for name, *_, keywords, _, _, _, _ in CARDS if "Hidden" in keywords)
    page = card_search.search("kw:hidden", limit=2)
    assert page.total == len(hidden)
    assert len(page.cards) == 2 and {c.name for c in page.cards} <= set(hidden)
    whole = card_search.search("kw:hidden", limit=len(hidden))
    assert sorted(c.name for c in whole.cards) == hidden


def test_an_empty_search_asking_one_field_twice_says_both_must_match(card_search: CardSearch) -> None:
    assert card_search.search("d:order d:calm").total == 0
    hint = card_search.search_hint("d:order d:calm")
    assert isinstance(hint, BothValuesHint)
    assert hint.either == "d:order,calm"


def test_an_empty_search_for_a_keyword_written_as_a_tag_offers_the_keyword(card_search: CardSearch) -> None:
    assert card_search.search("tag:hidden").total == 0
    hint = card_search.search_hint("tag:hidden")
    assert isinstance(hint, NearestValueHint) and hint.nearest == ("kw:hidden",)
