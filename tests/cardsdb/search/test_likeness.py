"""How alike two questions are in what they ask (cardsdb/search/likeness.py): stems without the words that only carry
the sentence, weighed by their rarity among the questions compared against."""

from __future__ import annotations

import pytest

from cardsdb.search.likeness import MEASURED_ALIKE, Likeness, asked_stems, flagged

INDEX = [
    "how long are rounds at a tournament",
    "what does heal mean",
    "what does stun mean",
    "what does hide mean",
    "where does my rune deck go",
    "is vision like scry 1",
    "can i move a tapped unit",
]


def test_the_words_that_only_carry_the_sentence_are_left_out_and_those_that_ask_are_kept() -> None:
    assert asked_stems("How long is a round at a tournament?") == asked_stems(
        "how long are rounds at a tournament"
    )
    assert asked_stems("Can't I hide two cards?") == {"can", "not", "hide", "two", "card"}
    assert asked_stems("how many runes go in the rune deck") != asked_stems("where does my rune deck go")
    assert "here" in asked_stems("what does here mean on a battlefield card")


def test_a_rewording_scores_high_and_a_question_about_other_words_low() -> None:
    likeness = Likeness(INDEX)
    ask = likeness.alike
    assert [i for i, _ in ask("how long is a round at a tournament", MEASURED_ALIKE)] == [0]
    assert [i for i, _ in ask("is vision basically scry 1", MEASURED_ALIKE)] == [5]
    # "what" and "mean" are common here and weigh little: "mighty" decides
    assert ask("what does mighty mean", MEASURED_ALIKE) == []
    assert ask("how many runes go in the rune deck", MEASURED_ALIKE) == []
    assert flagged(likeness, ["can a tapped unit move", "what does heal mean"], MEASURED_ALIKE) == {6, 1}


def test_scores_are_symmetric_between_one_and_zero_and_pairs_are_found_once() -> None:
    likeness = Likeness([*INDEX, "can a tapped unit move"])
    a, b = asked_stems("can i move a tapped unit"), asked_stems("can a tapped unit move")
    assert likeness.score(a, b) == likeness.score(b, a) == 1.0
    assert likeness.score(a, asked_stems("what does heal mean")) == 0.0
    assert likeness.score(frozenset(), frozenset()) == 0.0
    assert likeness.alike_pairs(0.99) == [(6, 7, 1.0)]


def test_a_question_holding_every_word_of_another_and_more_is_that_much_narrower() -> None:
    likeness = Likeness([*INDEX, "can i hide a second card where i already have one"])
    narrow = asked_stems("can i hide a second card where i already have one")
    beyond = likeness.beyond(asked_stems("can i hide a card"), narrow)
    words = ("second", "where", "already", "one")
    expected = sum(likeness.weight(w) for w in words) / likeness.mass(narrow)
    assert beyond == pytest.approx(expected) and 0.0 < beyond < 1.0
    assert likeness.beyond(narrow, narrow) == 0.0  # the same question
    assert likeness.beyond(asked_stems("can i hide two cards"), narrow) == 0.0  # "two" it does not hold
    assert likeness.beyond(asked_stems("can i hide a card"), frozenset()) == 0.0


@pytest.mark.parametrize("threshold", [0.3, 0.5, 0.8])
def test_the_pruned_search_finds_every_pair_a_full_comparison_finds(threshold: float) -> None:
    questions = [
        *INDEX,
        "how long is a round",
        "what does heal do",
        "can tapped units move at all",
        "deck go where",
    ]
    likeness = Likeness(questions)
    full = sorted(
        (i, j)
        for i in range(len(questions))
        for j in range(i + 1, len(questions))
        if likeness.score(likeness.stems[i], likeness.stems[j]) >= threshold
    )
    assert [(i, j) for i, j, _ in likeness.alike_pairs(threshold)] == full
