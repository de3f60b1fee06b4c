"""Rules by words alone (`RuleSearch`): a heading named as the words first, the rest ranked as a question; words
shaped as a number find nothing; headings as one types them."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader
from cardsdb.query.rule_search import RuleSearch, unique_rules, word_scope
from cardsdb.rule_versions import BadVersion
from cardsdb.search import question_rank
from cardsdb.search.question_rank import OFF


@pytest.fixture
def search(query_reader: Reader) -> RuleSearch:
    return RuleSearch(query_reader)


def test_a_heading_named_as_the_words_comes_first_and_clearly_ahead(search: RuleSearch) -> None:
    ranked = search.ranked_rules("hide", doc="core")
    assert (ranked[0].rule.number, ranked[0].rule.version) == ("422", CURRENT_RULES_VERSION)
    assert len(ranked) == 1 or ranked[0].score > ranked[1].score
    assert search.search_rules("hide", doc="core") == [r.rule for r in ranked]


def test_words_shaped_as_a_number_find_nothing(search: RuleSearch) -> None:
    assert search.search_rules("9999.9") == []


def test_the_also_matching_rules_leave_out_the_one_shown(search: RuleSearch) -> None:
    found = search.search_rules("hidden facedown", limit=4)
    assert len(found) >= 2
    also = search.rules_also_matching("hidden facedown", found[0], limit=3)
    assert found[0] not in also and also == found[1:4]


def test_titled_ignores_case_a_leading_the_and_a_plural(search: RuleSearch) -> None:
    for words in ("Hidden", "the hidden", "HIDDENS"):
        assert [r.number for r in search.titled(words)][:1] == ["811"]
    assert search.heading_number("Hide") == "422"
    assert search.heading_number("Nothing titled so") is None


def test_a_heading_is_offered_as_its_title_is_typed(search: RuleSearch) -> None:
    assert "422" in [r.number for r in search.prefix_search("hid", 5, None)]


def test_a_version_alone_asks_the_core_rules(search: RuleSearch) -> None:
    assert word_scope(None, None) == (None, None)
    assert word_scope(None, "v1.3") == ("core", V13_RULES_VERSION)
    with pytest.raises(BadVersion):
        word_scope(None, "v9")


def test_unique_rules_keeps_the_first_of_each(search: RuleSearch) -> None:
    found = search.search_rules("hidden", limit=3)
    assert unique_rules([*found, *found]) == found


def test_the_warm_up_makes_what_the_first_question_in_words_reads(
    query_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the headings' titles and the rulings' questions by their words were made by the first question after a refresh
    # (about 80 ms of its answer, over the real data): the warm-up makes them, and a question makes neither again
    def never(*args: object, **kwargs: object) -> NoReturn:
        raise AssertionError("made on the answer's path")

    with CardsDB.open(query_db) as db:
        db.meaning = OFF
        db.warm()
        monkeypatch.setattr(question_rank, "Likeness", never)
        monkeypatch.setattr(RuleSearch, "titles", never)
        assert db.match_rules("can i hide a card at a battlefield").rules
        assert db.match_rulings("can i hide a card at a battlefield").rulings
