"""The card search syntax (cardsdb.search.syntax): parsing, messages for malformed queries, and the SQL it makes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb.errors import QuerySyntaxError
from cardsdb.models import BothValuesHint
from cardsdb.query import CardsDB
from cardsdb.search.syntax import Term, parse, to_sql
from tests.support.printed import printed_with_hidden


def test_prefixes_operators_quotes_and_negation() -> None:
    terms = parse(
        'kw:hidden t:spell d:ORDER e<=2 p>=1 m=3 o:"kill a unit" -tag:yordle set:ogn r:rare "hidden blade" zhonya'
    )
    assert terms == [
        Term("keyword", "hidden", ":", False, "kw:hidden"),
        Term("type", "spell", ":", False, "t:spell"),
        Term("domain", "ORDER", ":", False, "d:ORDER"),
        Term("energy", "2", "<=", False, "e<=2"),
        Term("power", "1", ">=", False, "p>=1"),
        Term("might", "3", "=", False, "m=3"),
        Term("text", "kill a unit", ":", False, 'o:"kill a unit"'),
        Term("tag", "yordle", ":", True, "-tag:yordle"),
        Term("set", "ogn", ":", False, "set:ogn"),
        Term("rarity", "rare", ":", False, "r:rare"),
        Term("name", "hidden blade", ":", False, '"hidden blade"'),
        Term("name", "zhonya", ":", False, "zhonya"),
    ]


def test_a_stat_with_a_colon_means_equal() -> None:
    assert parse("e:2") == [Term("energy", "2", "=", False, "e:2")]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("e<=x", "energy needs a number: e<=x"),
        ("p>", "power needs a number: p>"),
        ("foo:bar", "unknown search prefix 'foo:' in foo:bar; known: kw: t: d: o: tag: set: r:"),
        ('o:"kill a unit', "unclosed quote"),
        ("t:", "t: needs a value: t:"),
        ("kw<3", "kw: takes a word, not a comparison: kw<3"),
        ("x>2", "unknown stat 'x' in x>2"),
        ("", "empty search"),
        ("   ", "empty search"),
        ("-", "nothing to search for after '-'"),
    ],
)
def test_malformed_queries_name_the_bad_term(query: str, message: str) -> None:
    with pytest.raises(QuerySyntaxError) as raised:
        parse(query)
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("kwtdeopm:<=>-\" abc12'%_\\;")), max_size=30))
def test_any_query_parses_or_raises_one_clear_error(query: str) -> None:
    try:
        terms = parse(query)
    except QuerySyntaxError as error:
        assert str(error) and "\n" not in str(error)
        return
    where, params = to_sql(terms)
    assert where.count("?") == len(params)


def test_the_sql_takes_every_value_as_a_parameter() -> None:
    where, params = to_sql(parse('o:"\'; DROP TABLE cards; --" name%_'))
    assert "DROP" not in where
    assert any("DROP TABLE" in str(p) for p in params)
    assert where.count("?") == len(params)


# --- against a database ---------------------------------------------------------------------------------


def _names(query_cards: CardsDB, query: str) -> list[str]:
    return [c.name for c in query_cards.search(query, limit=50).cards]


def test_kw_t_d_finds_hidden_order_spells(query_cards: CardsDB) -> None:
    assert _names(query_cards, "kw:hidden t:spell d:order") == ["Facebreaker", "Hidden Blade"]
    assert _names(query_cards, "KW:HIDDEN T:SPELL D:Order") == ["Facebreaker", "Hidden Blade"]


def test_stats_compare_and_skip_cards_without_the_stat(query_cards: CardsDB) -> None:
    assert _names(query_cards, "e>=3") == ["Blade of the Ruined King", "Stand United"]
    assert _names(query_cards, "m<2") == ["Teemo, Scout"]
    assert "Bandle Tree" not in _names(query_cards, "e<=2")
    assert "Bandle Tree" in _names(query_cards, "-e>=3")  # a negated stat also matches cards without it


def test_text_tag_set_rarity_supertype_and_names(query_cards: CardsDB) -> None:
    assert _names(query_cards, 'o:"kill a unit"') == ["Hidden Blade"]
    assert _names(query_cards, "tag:yordle -kw:hidden") == []
    assert _names(query_cards, "tag:yordle") == ["Teemo, Scout", "Teemo, Strategist"]
    assert _names(query_cards, "set:sfd") == ["Blade of the Ruined King"]
    assert _names(query_cards, "set:Spiritforged") == ["Blade of the Ruined King"]
    assert _names(query_cards, "r:epic") == ["Blade of the Ruined King", "Teemo, Strategist"]
    assert _names(query_cards, "t:champion") == ["Teemo, Scout", "Teemo, Strategist"]
    assert _names(query_cards, "blade") == ["Blade of the Ruined King", "Hidden Blade"]
    assert _names(query_cards, '"ruined king"') == ["Blade of the Ruined King"]
    assert _names(query_cards, "zhonyas") == ["Zhonya's Hourglass"]
    assert _names(query_cards, "-kw:hidden t:unit") == ["Pouty Poro"]


def test_like_wildcards_in_text_are_literal(query_cards: CardsDB) -> None:
    assert _names(query_cards, "o:%") == []
    assert _names(query_cards, "o:_") == []


def test_total_counts_every_match_and_pages(query_cards: CardsDB) -> None:
    first = query_cards.search("kw:hidden", limit=2)
    second = query_cards.search("kw:hidden", limit=2, offset=2)
    assert first.total == second.total == 6
    assert len(first.cards) == 2 and not {c.name for c in first.cards} & {c.name for c in second.cards}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("t:spel", "unknown type 'spel' in t:spel; did you mean Spell?"),
        ("d:ordr", "unknown domain 'ordr' in d:ordr; did you mean Order"),
        ("kw:hiden", "unknown keyword 'hiden' in kw:hiden; did you mean Hidden"),
        ("set:xyz", "unknown set 'xyz' in set:xyz"),
    ],
)
def test_unknown_values_are_errors_with_suggestions(query_cards: CardsDB, query: str, message: str) -> None:
    with pytest.raises(QuerySyntaxError) as raised:
        query_cards.search(query)
    assert message in str(raised.value)


@pytest.mark.real_data
def test_real_kw_hidden_finds_every_hidden_card(real_db: Path, real_data_dir: Path) -> None:
    # Counted apart from the build: the 2026-07 gallery's names and the Radiance catalog's with a line that opens
    # with Hidden.
    printed = printed_with_hidden(real_data_dir)
    with CardsDB.open(real_db) as db:
        result = db.search("kw:hidden", limit=100)
        from_data = [c for c in result.cards if not c.partial]
        assert {c.name for c in from_data} == printed
        assert all(c.has_keyword("Hidden") for c in result.cards)
        spells = _names(db, "kw:hidden t:spell d:order")
        assert {"Hidden Blade", "Facebreaker"} <= set(spells)
        assert all(db.get_card(n) is not None and db.get_card(n).is_type("Spell") for n in spells)  # type: ignore[union-attr]


# --- either values, OR, colours, aliases ---------------------------------------------------------------
def test_a_comma_or_bar_lists_either_value(query_cards: CardsDB) -> None:
    assert _names(query_cards, "tag:yordle,bilgewater") == _names(query_cards, "tag:yordle OR tag:bilgewater")
    assert set(_names(query_cards, "t:spell|gear")) == set(_names(query_cards, "t:spell")) | set(
        _names(query_cards, "t:gear")
    )
    assert parse("d:order,chaos")[0].choices == ("order", "chaos")
    assert parse('o:"kill, then"')[0].choices == ("kill, then",)  # card text is never split


def test_or_splits_groups_and_each_group_must_hold_whole(query_cards: CardsDB) -> None:
    either = _names(query_cards, "kw:hidden t:spell OR tag:yordle")
    assert set(either) == set(_names(query_cards, "kw:hidden t:spell")) | set(
        _names(query_cards, "tag:yordle")
    )
    assert [t.group for t in parse("kw:hidden t:spell OR tag:yordle")] == [0, 0, 1]
    assert [t.group for t in parse("kw:hidden or kw:deflect")] == [0, 1]


def test_a_lower_case_or_between_name_words_stays_a_name() -> None:
    terms = parse("fight or flight")
    assert [(t.field, t.value, t.group) for t in terms] == [
        ("name", "fight", 0),
        ("name", "or", 0),
        ("name", "flight", 0),
    ]


@pytest.mark.parametrize(
    ("query", "message"),
    [("OR kw:hidden", "OR needs a term on each side"), ("kw:hidden OR OR t:unit", "two ORs in a row")],
)
def test_a_dangling_or_is_one_line(query: str, message: str) -> None:
    with pytest.raises(QuerySyntaxError) as raised:
        parse(query)
    assert message in str(raised.value) and "\n" not in str(raised.value)


def test_134_2_a_domain_colours_name_domains(query_cards: CardsDB) -> None:
    # v1.3 rule 134.2.a-f: Fury red, Calm green, Mind blue, Body orange, Chaos purple, Order yellow.
    assert parse("d:yellow")[0].value == "Order"
    assert _names(query_cards, "d:yellow") == _names(query_cards, "d:order")
    assert _names(query_cards, "d:red,yellow") == _names(query_cards, "d:fury,order")


def test_cost_is_energy() -> None:
    assert parse("cost<=2")[0] == Term("energy", "2", "<=", False, "cost<=2")
    assert parse("c:3")[0].field == "energy"


def test_known_values_forgive_plurals_and_spacing(query_cards: CardsDB) -> None:
    assert _names(query_cards, "t:spells") == _names(query_cards, "t:spell") != []
    assert _names(query_cards, "t:Units") == _names(query_cards, "t:unit") != []
    assert (
        _names(query_cards, "kw:hid-den") == _names(query_cards, "kw:hidden") != []
    )  # spacing and punctuation ignored


def test_a_field_asked_twice_explains_how_to_ask_for_either(query_cards: CardsDB) -> None:
    assert query_cards.search("d:order d:calm").total == 0
    assert query_cards.search_hint("d:order d:calm") == BothValuesHint("d:order", "d:calm", "d:order,calm")
    assert query_cards.search_hint("d:order t:spell") is None
    assert query_cards.search_hint("d:order OR d:calm") is None  # two groups: no clash


def test_a_misspelt_prefix_suggests_the_known_one() -> None:
    with pytest.raises(QuerySyntaxError) as raised:
        parse("typ:spell")
    assert "did you mean type:?" in str(raised.value)
    assert parse("tags:yordle")[0].field == "tag"  # plurals of prefixes are accepted
