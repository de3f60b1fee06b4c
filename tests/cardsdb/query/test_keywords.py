"""Keywords (`Keywords`, and through CardsDB): as people type them, with their rules, reminder text, cards and
rulings."""

from __future__ import annotations

import pytest

from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader
from cardsdb.query.keywords import Keywords


def test_keyword_with_rules_reminder_cards_and_referrers(query_cards: CardsDB) -> None:
    info = query_cards.keyword("hidden")
    assert info is not None and info.name == "Hidden"
    assert info.reminder and "Hide now" in info.reminder
    numbers = [(r.number, r.is_current) for r in info.rules]
    assert ("811.6", True) in numbers and ("811.6", False) not in numbers  # the current 811.6 replaces v1.3's
    assert ("811.4", False) in numbers  # known only in v1.3, stamped so
    assert "Hidden Blade" in info.cards_with and "Teemo, Swift Scout" not in info.cards_with
    assert info.cards_referring == ("Teemo, Swift Scout",)
    assert any("811.6" in r.rules for r in info.rulings)


def test_unknown_keyword_and_names(query_cards: CardsDB) -> None:
    assert query_cards.keyword("qqxyzzy") is None
    assert query_cards.keyword_names() == ["Deflect", "Hidden"]
    assert query_cards.autocomplete_keywords("hid") == ["Hidden"]
    assert query_cards.autocomplete_keywords("hiden")[0] == "Hidden"


@pytest.mark.parametrize(
    ("typed", "exact"),
    [
        ("hidden", True),
        ("[Hidden]", True),
        ("the Hidden keyword", True),
        ("Deflect 2", True),
        ("hiden", False),  # a misspelling of one keyword only
        ("hidd", False),  # the start of one
    ],
)
def test_a_keyword_as_people_type_it(query_cards: CardsDB, typed: str, exact: bool) -> None:
    assert query_cards.resolve_keyword(typed) == ("Deflect" if "eflect" in typed else "Hidden", exact)
    info = query_cards.keyword(typed)
    assert info is not None and info.name in ("Hidden", "Deflect")


# --- the part alone -------------------------------------------------------------------------------------
def _keywords(reader: Reader) -> Keywords:
    from cardsdb.query.cards import Cards
    from cardsdb.query.rule_history import RuleHistory
    from cardsdb.query.rule_rows import RuleRows
    from cardsdb.query.rule_search import RuleSearch
    from cardsdb.query.rules import Rules
    from cardsdb.query.rulings import Rulings

    rows, search = RuleRows(reader), RuleSearch(reader)
    rules = Rules(reader, rows, RuleHistory(reader, rows), search)
    return Keywords(reader, Rulings(reader, Cards(reader), rules, search), search)


def test_a_keywords_line_is_its_reminder_and_its_own_rule(query_reader: Reader) -> None:
    keywords = _keywords(query_reader)
    line = keywords.keyword_line("[Hidden]")
    assert line is not None
    reminder, rule = line
    assert reminder is not None and reminder.startswith("(Hide now")
    assert rule is not None and (rule.number, rule.version) == ("811", CURRENT_RULES_VERSION)
    assert keywords.keyword_line("qqxyzzy") is None


def test_a_keywords_rules_are_each_rules_newest_form(query_reader: Reader) -> None:
    info = _keywords(query_reader).keyword("Hidden")
    assert info is not None
    numbers = [r.number for r in info.rules]
    assert numbers == sorted(set(numbers), key=numbers.index)  # each number once
    assert all(n == "811" or n.startswith("811.") for n in numbers)


@pytest.mark.parametrize("typed", ["Deflect", "deflect", "[Deflect 2]", "deflect keyword"])
def test_every_spelling_of_a_keyword_resolves_alone(query_reader: Reader, typed: str) -> None:
    assert _keywords(query_reader).resolve_keyword(typed) == ("Deflect", True)
