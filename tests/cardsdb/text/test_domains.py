"""The six domains: each read as the rules name it, each with the colour the rules give it, and every domain a card
of the data has among them."""

from __future__ import annotations

import pytest

from cardsdb.query import CardsDB
from cardsdb.text.domains import DOMAIN_COLOURS, DOMAINS, domain_named, rune_token


def test_six_domains_each_with_its_own_colour() -> None:
    assert len(DOMAINS) == 6 and len(set(DOMAIN_COLOURS.values())) == 6


def test_a_domain_is_read_in_any_case_and_nothing_else_is_one() -> None:
    assert [domain_named(d.upper()) for d in DOMAINS] == list(DOMAINS)
    assert domain_named(" fury ") == "Fury"
    assert domain_named("Colorless") is None and domain_named("red") is None


def test_a_domains_power_is_the_datas_token() -> None:
    assert rune_token("Fury") == "rb_rune_fury"


@pytest.mark.real_data
def test_every_domain_of_the_cards_and_its_colour_are_the_rules(real_cards: CardsDB) -> None:
    held = {
        d for (d,) in real_cards.reader.rows("SELECT DISTINCT j.value FROM cards, json_each(cards.domains) j")
    }
    assert held - {"Colorless"} == set(DOMAINS)
    texts = " ".join(
        str(r["text"])
        for r in real_cards.reader.rows("SELECT text FROM rules WHERE text LIKE '%associated with%'")
    )
    for domain, colour in DOMAIN_COLOURS.items():
        assert f"{domain} is associated with the color {colour}" in texts
