"""Helpers several callers share: the other rules under a best match, rule number order, LIKE escaping."""

from __future__ import annotations

from cardsdb.query import CardsDB
from cardsdb.rule_numbers import sort_key
from cardsdb.search.syntax import escape_like


def test_rules_also_matching_leaves_out_the_best_match(query_cards: CardsDB) -> None:
    words = "hidden"
    view = query_cards.rule(words)
    assert view is not None
    found = query_cards.search_rules(words, limit=6)
    also = query_cards.rules_also_matching(words, view.rule, limit=5)
    shown = (view.rule.number, view.rule.version)
    assert also and shown not in [(r.number, r.version) for r in also]
    assert also == [r for r in found if (r.number, r.version) != shown][:5]
    assert query_cards.rules_also_matching(words, view.rule, limit=1) == also[:1]


def test_rule_numbers_sort_naturally() -> None:
    numbers = ["811.1.d.10", "422.2", "811.1.d.2", "107.3.b", "811.1.b", "053.1", "323.6.a"]
    assert sorted(numbers, key=sort_key) == [
        "053.1",
        "107.3.b",
        "323.6.a",
        "422.2",
        "811.1.b",
        "811.1.d.2",
        "811.1.d.10",
    ]


def test_escape_like_matches_wildcards_literally() -> None:
    assert escape_like("50%_a\\b") == "50\\%\\_a\\\\b"
