"""The small parts behind answers to words (issue 22): cards named in a question, and when an answer is sure."""

from __future__ import annotations

import sqlite3

import pytest

from cardsdb.models import Ruling
from cardsdb.search.question_cards import CardTexts
from cardsdb.search.question_confidence import (
    MEANING_VOTES,
    RULING_AS_TYPED,
    RULING_NARROWER,
    RULING_SIMILAR,
    confident,
    lead,
    ruling_asks,
    ruling_asks_as_typed,
    ruling_confident,
)
from cardsdb.search.question_rank import HEADING_PRIOR, _prior, ruling_topics
from cardsdb.search.text_rank import Analyzer

CARDS = [
    ("Turn to Dust", "Give a gear [Temporary]."),
    ("Kog'Maw, Caustic", "[Deathknell] — Deal 4 to all units at my battlefield."),
    ("Jinx, Rebel", "Jinx text one."),
    ("Jinx, Loose Cannon", "Jinx text two."),
    ("Block", "A card named as the rules' word."),
    ("Pickpocket", "When you play me, you may kill a gear."),
]
RULES_WORDS = {"block", "gear", "turn"}


def _texts() -> CardTexts:
    return CardTexts(CARDS, lambda word: word in RULES_WORDS)


def test_a_named_card_s_text_is_found_by_its_name_as_typed() -> None:
    texts = _texts()
    assert texts.named_in("turn to dust on an attached equipment") == ["Give a gear [Temporary]."]
    assert texts.named_in("can pickpocket kill a gold token") == ["When you play me, you may kill a gear."]
    # a champion's name alone when one card has it; several cards (Jinx) name none
    assert texts.named_in("kog'maw deathknell after combat") == [CARDS[1][1]]
    assert texts.named_in("what does jinx do") == []


def test_a_one_word_name_that_is_a_rules_word_is_no_card_asked_about() -> None:
    assert _texts().named_in("can i chump block with a stunned unit") == []


@pytest.mark.parametrize(
    ("votes", "sure"),
    [
        (MEANING_VOTES, True),  # half of the votes by meaning
        (1.0, True),
        (MEANING_VOTES - 0.01, False),  # too few of the votes by meaning
        (None, False),  # words alone: never sure (no rule of theirs kept 95% right)
    ],
)
def test_an_answer_is_sure_only_when_half_the_votes_by_meaning_go_to_it(
    votes: float | None, sure: bool
) -> None:
    assert confident([2.0, 1.0], votes=votes) is sure
    assert not confident([], votes=votes)


def test_the_lead_is_the_best_score_over_the_next() -> None:
    assert lead([3.0, 2.0, 1.0]) == 1.5
    assert lead([1.0]) == float("inf") and lead([]) == 0.0


def _ruling(question: str, source_title: str, cards: tuple[str, ...] = ()) -> Ruling:
    return Ruling("r", question, "An answer.", "community", source_title, None, None, cards=cards)


def test_a_ruling_is_narrowly_about_its_page_s_card_or_keyword_and_the_cards_its_question_names() -> None:
    analyzer = Analyzer()
    page = ruling_topics(
        _ruling("Can I choose a unit's current battlefield?", "Riftbound FAQ, Cards: Call to Battle"),
        analyzer,
    )
    assert page == (frozenset({"call", "battl"}),)  # stems
    keyword = ruling_topics(_ruling("Who acts next?", "Riftbound FAQ, Mechanics: Ambush"), analyzer)
    assert keyword == (frozenset({"ambush"}),)
    # a champion by the name before its comma; a card the answer alone names is no topic of the question
    asked = _ruling(
        "If Gangplank replaces one part, does the rest resolve?",
        "Riftbound Origins FAQ",
        ("Gangplank, Naval", "Stupefy"),
    )
    assert ruling_topics(asked, analyzer) == (frozenset({"gangplank"}),)
    general = _ruling("When does a showdown close?", "Riftbound FAQ, General Rules: Showdowns", ("Stupefy",))
    assert ruling_topics(general, analyzer) == ()


def test_a_rule_whose_text_is_only_its_title_weighs_as_a_heading() -> None:
    connection = sqlite3.connect(":memory:")
    connection.row_factory = sqlite3.Row
    columns = (
        "SELECT ? AS doc, ? AS number, ? AS version, 'rule' AS kind, ? AS title, ? AS text, 0 AS superseded"
    )
    label = connection.execute(
        columns, ("tournament", "702.12.b", "2026-07-16", "Remedies", "Remedies:")
    ).fetchone()
    rule = connection.execute(
        columns, ("tournament", "702.12.c", "2026-07-16", None, "The player shuffles the card.")
    ).fetchone()
    assert _prior(label) == HEADING_PRIOR * _prior(rule)


def test_a_ruling_is_sure_to_answer_words_it_asks_word_for_word_in_other_words_or_by_the_sure_rule() -> None:
    def sure(*, exactly: bool = False, cites: bool = False, near: float | None = None) -> bool:
        return ruling_confident(asked_exactly=exactly, cites_sure_rule=cites, similarity=near)

    assert sure(exactly=True) and sure(cites=True)
    assert sure(near=RULING_SIMILAR) and sure(near=0.99)
    assert not sure(near=RULING_SIMILAR - 0.01)
    assert not sure()  # words alone: no meaning compared, no rule sure


def test_a_ruling_asks_the_words_when_its_question_is_them_or_near_them_in_meaning_not_by_the_rule_it_cites() -> (
    None
):
    assert ruling_asks(asked_exactly=True, similarity=None)
    assert ruling_asks(asked_exactly=False, similarity=RULING_SIMILAR)
    assert not ruling_asks(asked_exactly=False, similarity=RULING_SIMILAR - 0.01)
    assert not ruling_asks(asked_exactly=False, similarity=None)
    # sure to answer because it cites the sure rule, but not asking the words: /rule leaves it to /ruling
    assert ruling_confident(asked_exactly=False, cites_sure_rule=True, similarity=0.3)
    assert not ruling_asks(asked_exactly=False, similarity=0.3)
    # near in meaning but a narrower question: it holds every word asked and a third more
    assert not ruling_asks(asked_exactly=False, similarity=0.9, beyond=RULING_NARROWER)
    assert ruling_asks(asked_exactly=False, similarity=0.9, beyond=RULING_NARROWER - 0.01)
    assert ruling_asks(asked_exactly=True, similarity=0.9, beyond=0.9)


def test_a_ruling_asks_the_words_as_typed_when_its_question_is_them_or_as_good() -> None:
    assert ruling_asks_as_typed(asked_exactly=True, similarity=None)
    assert ruling_asks_as_typed(asked_exactly=False, similarity=RULING_AS_TYPED)
    assert not ruling_asks_as_typed(asked_exactly=False, similarity=RULING_AS_TYPED - 0.01)
    assert ruling_asks(asked_exactly=False, similarity=RULING_AS_TYPED - 0.01)  # asks them, in other words
