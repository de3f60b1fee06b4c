"""The six domains: each read as the rules name it, each with the colour the rules give it, and every domain a card
of the data has among them."""

from __future__ import annotations

import pytest

from cardsdb.query import CardsDB
from cardsdb.text.domains import DOMAIN_COLOURS, DOMAINS, domain_named, domain_symbols, rune_token


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


# --- a symbol that names a domain ----------------------------------------------------------------------------
def test_a_list_line_labelled_by_a_domain_reads_as_the_domain_not_a_payment() -> None:
    # Twisted Fate, Gambler: "Do one of the following based on its domain:" then one line per domain
    raw = "based on its domain:\n:rb_rune_fury: — Deal 2 to an enemy unit here.\n:rb_rune_mind: — Draw 1."
    assert domain_symbols(raw) == "based on its domain:\nFury — Deal 2 to an enemy unit here.\nMind — Draw 1."
    assert domain_symbols(raw, lambda d: f"<{d}>").splitlines()[1].startswith("<Fury> — Deal 2")


def test_a_symbol_printed_after_its_domains_name_is_that_domain() -> None:
    assert domain_symbols("enemy Order (:rb_rune_order:) units") == "enemy Order units"
    # another domain's symbol after a name is no label of it: it stays for the cost's wording
    assert domain_symbols("enemy Order (:rb_rune_fury:) units") == "enemy Order (:rb_rune_fury:) units"


@pytest.mark.parametrize(
    "cost",
    [
        ":rb_rune_fury:: Ready me.",  # an activated ability's cost opens the line, before a colon
        "[Equip] — :rb_rune_body:, Kill a friendly unit",  # a cost after a dash
        "You may pay :rb_rune_fury: as an additional cost.",
        ":rb_energy_1::rb_rune_fury: — Deal 1.",  # a cost of several symbols is a payment
    ],
)
def test_a_payment_stays_a_symbol(cost: str) -> None:
    assert domain_symbols(cost) == cost
