"""Sentences of card text: at each line and sentence end, a quoted ability whole."""

from __future__ import annotations

from cardsdb.text.sentences import sentences


def test_a_text_breaks_at_each_sentence_and_line() -> None:
    text = "When I conquer, you may kill a gear. If you do, buff me!\n[Tank] Deal 2?  Draw 1."
    assert sentences(text) == [
        "When I conquer, you may kill a gear.",
        "If you do, buff me!",
        "[Tank] Deal 2?",
        "Draw 1.",
    ]


def test_a_quoted_ability_and_a_reminder_stay_whole() -> None:
    text = 'Give a unit "[Exhaust]: Ready me. Draw 1." this turn. (You still pay its costs.) Then draw.'
    assert sentences(text) == [
        'Give a unit "[Exhaust]: Ready me. Draw 1." this turn.',
        "(You still pay its costs.)",
        "Then draw.",
    ]


def test_no_text_has_no_sentences() -> None:
    assert sentences("") == [] and sentences(" \n ") == []
