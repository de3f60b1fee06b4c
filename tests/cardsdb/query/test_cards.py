"""Cards, errata, legality and opening the database (cardsdb.query.CardsDB, `Cards`) over a tiny hand-made db."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsdb.errors import DatabaseUnavailable
from cardsdb.models import CardSource, KeywordValue
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader
from cardsdb.query.cards import Cards
from tests.support.query_fixtures import CARDS


# --- opening --------------------------------------------------------------------------------------------
def test_missing_file_says_how_to_build(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnavailable) as raised:
        CardsDB.open(tmp_path / "nope.sqlite3")
    said = str(raised.value)
    # never `sync` alone (it would drop the rules, rulings and ban lists): `recover` or a build from a data folder
    assert (
        f"`python -m cardsdb recover --db {tmp_path / 'nope.sqlite3'}`" in said and "cardsdb sync" not in said
    )


def test_a_file_that_is_not_sqlite_is_unavailable(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(DatabaseUnavailable) as raised:
        CardsDB.open(path)
    assert f"`python -m cardsdb recover --db {path}`" in str(raised.value)


def test_a_sqlite_file_without_the_tables_is_unavailable(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE cards (id TEXT)")
    with pytest.raises(DatabaseUnavailable) as raised:
        CardsDB.open(path)
    said = str(raised.value)
    assert "missing tables: card_aliases, printings, keywords and 5 more" in said and "\n" not in said


def test_the_database_is_opened_read_only(query_cards: CardsDB) -> None:
    with pytest.raises(sqlite3.OperationalError):
        query_cards.reader.connection.execute("DELETE FROM cards")


# --- cards ----------------------------------------------------------------------------------------------
def test_get_card_is_exact_ignoring_case_and_punctuation(query_cards: CardsDB) -> None:
    card = query_cards.get_card("hidden blade")
    assert card is not None and card.name == "Hidden Blade"
    assert query_cards.get_card("ZHONYAS HOURGLASS") is not None
    assert query_cards.get_card("hiden blade") is None


def test_card_fields_come_back_as_plain_objects(query_cards: CardsDB) -> None:
    card = query_cards.get_card("Hidden Blade")
    assert card is not None
    assert card.types == ("Spell",) and card.domains == ("Order",)
    assert (card.energy, card.power, card.might) == (2, 1, None)
    assert card.keywords == (KeywordValue("Hidden"), KeywordValue("Action"))
    assert card.has_keyword("hidden")
    assert [p.public_code for p in card.printings] == ["OGN-213/298"]


def test_find_card_hiden_blade_finds_hidden_blade(query_cards: CardsDB) -> None:
    match = query_cards.find_card("hiden blade")
    assert match is not None and match.card.name == "Hidden Blade"
    assert match.match == "fuzzy" and 65 <= match.score < 100


def test_find_card_exact_and_alternatives(query_cards: CardsDB) -> None:
    exact = query_cards.find_card("Teemo, Scout")
    assert exact is not None and exact.match == "exact" and exact.alternatives == ()
    champion = query_cards.find_card("teemo")
    assert champion is not None and champion.card.name in {"Teemo, Scout", "Teemo, Strategist"}
    assert set(champion.alternatives) >= {"Teemo, Scout", "Teemo, Strategist", "Teemo, Swift Scout"} - {
        champion.card.name
    }
    legend = query_cards.find_card("teemo swift scout")
    assert legend is not None and legend.card.name == "Teemo, Swift Scout"


@pytest.mark.parametrize(
    "alias", ["Swift Scout", "swift scout", "Teemo - Swift Scout (Signature)", "Teemo - Swift Scout"]
)
def test_every_spelling_of_a_name_finds_its_card(query_cards: CardsDB, alias: str) -> None:
    # The engine's CardSource (get_card), find_card and the rulings by card name all accept an alias.
    card = query_cards.get_card(alias)
    assert card is not None and card.name == "Teemo, Swift Scout"
    match = query_cards.find_card(alias)
    assert match is not None and match.match == "exact" and match.card.name == "Teemo, Swift Scout"


def test_an_alias_never_hides_a_card_of_that_name(query_cards: CardsDB) -> None:
    # "Teemo, Scout" is a card of its own: no alias of Teemo, Swift Scout takes it, and a name with a variant
    # suffix finds the card without it.
    card = query_cards.get_card("Teemo, Scout (Alternate Art)")
    assert card is not None and card.name == "Teemo, Scout"


def test_autocomplete_and_search_find_a_legend_by_its_title(query_cards: CardsDB) -> None:
    assert "Teemo, Swift Scout" in query_cards.autocomplete_cards("swift sc")
    assert [c.name for c in query_cards.search("swift").cards] == ["Teemo, Swift Scout"]
    assert [c.name for c in query_cards.search('name:"swift scout signature"').cards] == [
        "Teemo, Swift Scout"
    ]


def test_find_card_nothing_plausible(query_cards: CardsDB) -> None:
    assert query_cards.find_card("qqxyzzy") is None
    assert query_cards.find_card("") is None


def test_suggest_cards_implements_card_source(query_cards: CardsDB) -> None:
    assert query_cards.suggest_cards("facebraker")[0] == "Facebreaker"
    assert len(query_cards.suggest_cards("teemo", limit=2)) == 2


def test_autocomplete_cards(query_cards: CardsDB) -> None:
    assert query_cards.autocomplete_cards("blade")[0] == "Blade of the Ruined King"
    assert "Hidden Blade" in query_cards.autocomplete_cards("blade")
    assert len(query_cards.autocomplete_cards("")) <= 25


def test_errata_and_legality(query_cards: CardsDB) -> None:
    errata = query_cards.errata_for("pouty poro")
    assert [e.source_title for e in errata] == ["Origins errata"]
    facebreaker = query_cards.legality("facebreaker")
    assert facebreaker.formats == {"constructed": "banned", "2v2": "legal"}
    assert facebreaker.newest_list == "2026-09-18" and facebreaker.banned_in() == ("constructed",)
    assert query_cards.legality("Swift Scout").formats == {"constructed": "legal", "2v2": "banned"}
    assert query_cards.legality("Hidden Blade").formats == {"constructed": "legal", "2v2": "legal"}
    assert query_cards.legality("no such card").formats == {}


def test_meta(query_cards: CardsDB) -> None:
    assert query_cards.meta()["rules_current_version"] == "2026-10-09"


def test_cardsdb_is_a_card_source(query_cards: CardsDB) -> None:
    source: CardSource = query_cards
    card = source.get_card("hidden blade")
    assert card is not None and card.name == "Hidden Blade"
    assert list(source.suggest_cards("hiden blade", limit=1)) == ["Hidden Blade"]


# --- the part alone -------------------------------------------------------------------------------------
def test_cards_alone_keep_a_built_card_until_cleared(query_reader: Reader) -> None:
    cards = Cards(query_reader)
    first = cards.get_card("hidden blade")
    assert first is not None and cards.get_card("Hidden Blade") is first
    cards.clear_cache()
    again = cards.get_card("Hidden Blade")
    assert again == first and again is not first


def test_a_printing_code_as_players_write_it_names_its_card(query_reader: Reader) -> None:
    cards = Cards(query_reader)
    for code in ("OGN-213", "ogn-213/298", "OGN-0213"):
        found = cards.printing(code)
        assert found is not None and found[0].name == "Hidden Blade"
    assert cards.printing("OGN-999") is None and cards.printing("not a code") is None
    assert cards.card_sets() == frozenset({s for *_, s, _, _ in CARDS})


def test_a_ban_list_is_read_once_per_format(query_reader: Reader) -> None:
    cards = Cards(query_reader)
    constructed = cards.ban_list("constructed")
    assert constructed is not None and constructed.names == frozenset({"Facebreaker"})
    assert cards.ban_list("constructed") is constructed
    assert cards.ban_list("sealed") is None
