"""The formats and their sets (cardsdb/deck/formats.py) held equal to the Tournament Rules' text. (The deck package
held to the engine's conventions, no discord or sqlite3 and no function over 80 lines: tests/meta.)"""

from __future__ import annotations

import re
from datetime import date

import pytest

from cardsdb.deck.formats import LATER_SETS, STANDARD, TOURNAMENT_RULES_DATE, parse_format
from cardsdb.errors import BadInput
from cardsdb.query import CardsDB


@pytest.mark.real_data
def test_tr_601_3_c_standard_is_the_sets_the_tournament_rules_list(real_cards: CardsDB) -> None:
    view = real_cards.rule("601.3.c", doc="tournament")
    assert view is not None
    named = [
        m.group(1).upper() for child in view.children for m in [re.search(r"\((\w+)\)\s*$", child.text)] if m
    ]
    assert named == [s.code for s in STANDARD]
    vendetta = real_cards.rule("601.3.c.5.a", doc="tournament")
    assert vendetta is not None and "July 31st, 2026" in vendetta.rule.text
    assert next(s for s in STANDARD if s.code == "VEN").released == date(2026, 7, 31)


def test_a_set_after_the_tournament_rules_is_not_in_them() -> None:
    assert all(not s.in_rules and s.released and s.released > TOURNAMENT_RULES_DATE for s in LATER_SETS)
    assert [s.code for s in LATER_SETS] == ["RAD"]


def test_formats_by_name() -> None:
    assert parse_format(None) == "constructed"
    assert parse_format("2V2") == "2v2"
    with pytest.raises(BadInput, match="use constructed or 2v2"):
        parse_format("limited")
