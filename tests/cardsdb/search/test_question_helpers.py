"""The small parts behind answers to words (issue 22): cards named in a question, and when an answer is sure."""

from __future__ import annotations

import pytest

from cardsdb.search.question_cards import CardTexts
from cardsdb.search.question_confidence import CLEAR_LEAD, SUPPORTED_LEAD, confident, lead

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
    ("scores", "supported", "sure"),
    [
        ([1.0 * CLEAR_LEAD, 1.0], False, True),
        ([3.0, 1.0], False, True),
        ([1.5, 1.0], False, False),  # ahead, but not clearly, and no ruling cites it
        ([1.0 * SUPPORTED_LEAD, 1.0], True, True),  # a ruling matching the words cites it
        ([1.1, 1.0], True, False),
        ([0.4], False, True),  # a lone rule
        ([], True, False),
    ],
)
def test_an_answer_is_sure_when_the_best_rule_clearly_leads_or_leads_with_a_ruling_citing_it(
    scores: list[float], supported: bool, sure: bool
) -> None:
    assert confident(scores, supported=supported) is sure


def test_the_lead_is_the_best_score_over_the_next() -> None:
    assert lead([3.0, 2.0, 1.0]) == 1.5
    assert lead([1.0]) == float("inf") and lead([]) == 0.0
