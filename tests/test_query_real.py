"""The query layer over the database built from the real data (skips when the data is absent)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION
from cardsdb.query import CardsDB


@pytest.fixture(scope="module")
def db(real_db: Path) -> Iterator[CardsDB]:
    with CardsDB.open(real_db) as opened:
        yield opened


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("hiden blade", "Hidden Blade"),
        ("zhonyas", "Zhonya's Hourglass"),
        ("scout teemo", "Teemo, Scout"),
        ("Teemo Scout", "Teemo, Scout"),
        ("teemo swift scout", "Swift Scout"),
        ("jinx loose cannon", "Loose Cannon"),
        ("blade ruined king", "Blade of the Ruined King"),
        ("bf sword", "B.F. Sword"),
        ("smoke & mirrors", "Smoke and Mirrors"),
        ("kaisa survivor", "Kai'Sa, Survivor"),
    ],
)
def test_find_card_real_names(db: CardsDB, typed: str, expected: str) -> None:
    match = db.find_card(typed)
    assert match is not None and match.card.name == expected


def test_a_champion_alone_offers_its_cards(db: CardsDB) -> None:
    match = db.find_card("teemo")
    assert match is not None
    assert {match.card.name, *match.alternatives} >= {"Teemo, Scout", "Teemo, Strategist", "Swift Scout"}


def test_the_name_index_is_loaded_once(db: CardsDB) -> None:
    first = db.names
    db.find_card("hiden blade")
    db.autocomplete_cards("hid")
    assert db.names is first
    assert len(first) >= 767


def test_422_2_is_hide_not_discard(db: CardsDB) -> None:
    view = db.rule("422.2")
    assert view is not None and view.rule.version == CURRENT_RULES_VERSION
    assert "Discretionary" in view.rule.text and "Discard" not in view.rule.text
    assert any("421" in m for m in view.moved)


def test_422_3_is_only_v13_discard(db: CardsDB) -> None:
    view = db.rule("422.3")
    assert view is not None and view.rule.version == V13_RULES_VERSION
    assert any("In the current rules 422 is Hide" in n for n in view.notes)


def test_421_is_v13_hide_moved_to_422(db: CardsDB) -> None:
    view = db.rule("421")
    assert view is not None and view.rule.version == V13_RULES_VERSION
    assert any(m.startswith("v1.3 421") and "422" in m for m in view.moved)


def test_811_6_says_the_reaction_arrives_the_turn_after_hiding(db: CardsDB) -> None:
    view = db.rule("811.6")
    assert view is not None and view.rule.is_current
    assert "the turn after it is hidden" in view.rule.text


def test_811_1_d_children_are_the_current_sub_rules(db: CardsDB) -> None:
    view = db.rule("811.1.d")
    assert view is not None and view.rule.is_current
    numbers = [c.number for c in view.children]
    assert {"811.1.d.1", "811.1.d.2", "811.1.d.3", "811.1.d.5"} <= set(numbers)
    assert all(c.is_current for c in view.children)


def test_search_hidden_order_spells(db: CardsDB) -> None:
    names = {c.name for c in db.search("kw:hidden t:spell d:order", limit=50).cards}
    assert {"Hidden Blade", "Facebreaker"} <= names


def test_keyword_hidden(db: CardsDB) -> None:
    info = db.keyword("Hidden")
    assert info is not None
    assert len([n for n in info.cards_with if (c := db.get_card(n)) is not None and not c.partial]) == 33
    assert "Swift Scout" in info.cards_referring
    assert any(r.number == "811.6" and r.is_current for r in info.rules)
