"""Reminder text is a parenthesized sentence; a parenthesis that is no sentence is the card's own words."""

from __future__ import annotations

from cardsdb.text.reminders import reminder_count, without_reminders


def test_a_keywords_reminder_goes_and_the_rules_text_stays() -> None:
    text = "[Hidden] (Hide now for any power to react with later for 0 energy.)\nKill a unit here."
    assert without_reminders(text) == "[Hidden]\nKill a unit here."
    assert reminder_count(text) == 1


def test_a_parenthesis_that_is_no_sentence_is_part_of_the_text() -> None:
    for text in ("Give friendly units (including me) +1 Might.", "Deal 2 to a unit (here)."):
        assert without_reminders(text) == text and reminder_count(text) == 0


def test_a_quoted_sentence_ends_inside_its_quotes() -> None:
    assert without_reminders('[Legion] ("Play me.")') == "[Legion]"
