"""How much of what is typed a search reads (issue 25, findings 2, 3 and 5): a question's first words and rule
numbers (`cardsdb/search/bounds.py`), a card search's terms and values (`syntax.parse`), the empty search's hint from
its first terms (`CardsDB.search_hint`)."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.errors import QuerySyntaxError
from cardsdb.query import CardsDB
from cardsdb.query.card_search import HINT_TERMS
from cardsdb.search import bounds
from cardsdb.search.question_rank import QuestionRanker
from cardsdb.search.syntax import MAX_TERMS, MAX_VALUES, parse


def test_a_question_is_read_to_its_first_words_and_rule_numbers() -> None:
    assert bounds.question_words("  can I   hide  a card\nnow ") == "can I hide a card now "
    assert bounds.question_words("can I hid") == "can I hid"  # the last word still being typed (autocomplete)
    many = " ".join(f"w{i}" for i in range(100))
    assert bounds.question_words(many) == " ".join(f"w{i}" for i in range(bounds.MAX_WORDS)) + " "
    numbers = bounds.question_words("rule 811.1.d and 422 or 1.1 then 2.2 then 3.3 and 4.4 what")
    assert numbers == "rule 811.1.d and 422 or 1.1 then 2.2 then and what"
    assert bounds.question_words("hidden 1.1 2.2 3.3 4.4 5.5") == "hidden 1.1 2.2 3.3 4.4 "
    assert bounds.question_words("1.1 " * 1500).split() == ["1.1"] * bounds.MAX_NUMBERS


def test_a_word_is_read_to_its_first_characters() -> None:
    # 6,000 brackets are one "word": the sentence encoder read them all (128 tokens, and their splitting), 60-80 ms
    assert bounds.question_words("(" * 6000) == "(" * bounds.MAX_WORD_LENGTH
    assert bounds.question_words("is " + "x" * 100 + " legal ") == f"is {'x' * bounds.MAX_WORD_LENGTH} legal "
    assert bounds.question_words("disqualification rules") == "disqualification rules"


def test_a_search_of_more_terms_or_values_than_the_limits_is_refused_in_one_line() -> None:
    assert len(parse(" ".join(["kw:hidden"] * MAX_TERMS))) == MAX_TERMS
    with pytest.raises(QuerySyntaxError, match=f"{MAX_TERMS + 1} terms; at most {MAX_TERMS}"):
        parse(" ".join(["kw:hidden"] * (MAX_TERMS + 1)))
    assert len(parse("tag:" + ",".join(["zq"] * MAX_VALUES))[0].choices) == MAX_VALUES
    with pytest.raises(QuerySyntaxError, match=f"lists {MAX_VALUES + 1} values; at most {MAX_VALUES}"):
        parse("d:" + "|".join(["order"] * (MAX_VALUES + 1)))


def test_the_empty_searchs_hint_reads_its_first_terms_only(fixture_cards: CardsDB, monkeypatch: Any) -> None:
    looked: list[str] = []
    real = fixture_cards.card_search._nearest_values

    def counted(value: str, *, same_field: str) -> list[str]:
        looked.append(value)
        return real(value, same_field=same_field)

    monkeypatch.setattr(fixture_cards.card_search, "_nearest_values", counted)
    query = " ".join(f"zq{i}x" for i in range(MAX_TERMS))
    assert fixture_cards.search(query).total == 0
    fixture_cards.search_hint(query)
    assert looked == [f"zq{i}x" for i in range(HINT_TERMS)]


def test_a_question_past_its_first_words_is_not_read_but_the_build_reads_a_rulings_whole_text(
    query_cards: CardsDB,
) -> None:
    # the words that find 811.6 (test_question_rank), after MAX_WORDS words the rules do not hold
    words = "zq " * bounds.MAX_WORDS + "when can I play my facedown card after I hid it"
    assert query_cards.question_ranker.rules(words) == []
    # as cardsdb.build.ruling_links reads a ruling
    whole = QuestionRanker.load(query_cards.reader.rows, bounded=False)
    assert whole.rules(words, limit=1)[0].number == "811.6"


def test_a_last_word_followed_by_a_space_is_not_read_as_still_being_typed(query_cards: CardsDB) -> None:
    ranker = query_cards.question_ranker
    typed = "when can I play a card I hi"
    assert ranker.rules(typed, typing=True) != ranker.rules(typed)  # "hi" may become "hide", "hidden"
    assert ranker.rules(typed + " ", typing=True) == ranker.rules(typed + " ")
