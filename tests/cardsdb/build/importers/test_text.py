"""Card text: symbols in words, bracketed tokens, keywords with values (cardsdb.build.importers.text)."""

from __future__ import annotations

import pytest

from cardsdb.build.importers import text as cardtext
from cardsdb.models import KeywordValue
from cardsdb.project.keywords import KnownToken, load_keywords

KNOWN = load_keywords()
HIDDEN_BLADE = (
    "[Hidden] (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)\n"
    "[Action] (Play on your turn or in showdowns.)\nKill a unit at a battlefield. Its controller draws 2."
)
WINDSINGER = (
    "Hidden (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)\n"
    "When you play me, you may return another unit at a battlefield with 3 :rb_might: or less to its owner's hand."
)


def test_symbols_become_words() -> None:
    assert cardtext.readable(":rb_energy_2:") == "2 energy"
    # symbols side by side are one cost, each power counted: never "1 energy1 Fury power"
    assert cardtext.readable("pay :rb_energy_1::rb_rune_fury: now") == "pay 1 energy + 1 Fury power now"
    assert cardtext.readable("for :rb_rune_rainbow:") == "for 1 power of any domain"
    assert cardtext.readable("pay :rb_rune_rainbow::rb_rune_rainbow:") == "pay 2 power of any domain"
    assert cardtext.readable("3 :rb_might: or less; :rb_exhaust:: draw") == "3 Might or less; exhaust: draw"
    assert cardtext.readable(":rb_exhaust:: Draw 1.") == "Exhaust: Draw 1."


def test_readable_keeps_text_without_symbols() -> None:
    assert (
        cardtext.readable("You may hide an additional card here.") == "You may hide an additional card here."
    )


@pytest.mark.parametrize(
    ("token", "name", "value"),
    [
        ("Shield 3", "Shield", "3"),
        ("Deflect 2", "Deflect", "2"),
        ("Hidden", "Hidden", None),
        ("Level 11", "Level", "11"),
    ],
)
def test_tokens_split_name_and_value(token: str, name: str, value: str | None) -> None:
    assert cardtext.split_token(token) == KeywordValue(name, value)


def test_keywords_that_open_a_line_are_the_cards_keywords() -> None:
    assert cardtext.extract_keywords(HIDDEN_BLADE, KNOWN) == (KeywordValue("Hidden"), KeywordValue("Action"))


def test_keyword_values_are_kept() -> None:
    text = (
        "[Shield 3] (+3 :rb_might: while I'm a defender.)\n[Tank] (I must be assigned combat damage first.)"
    )
    assert cardtext.extract_keywords(text, KNOWN) == (KeywordValue("Shield", "3"), KeywordValue("Tank"))
    assert cardtext.extract_keywords("[Assault 2], [Shield 2] (+2 ...)", KNOWN) == (
        KeywordValue("Assault", "2"),
        KeywordValue("Shield", "2"),
    )


def test_level_keywords_before_an_arrow_token() -> None:
    text = "[Level 6][>] Your units have +1 :rb_might:.\n[Level 11][>] Your units enter ready."
    assert cardtext.extract_keywords(text, KNOWN) == (KeywordValue("Level", "6"), KeywordValue("Level", "11"))


def test_windsinger_prints_hidden_without_brackets() -> None:
    assert cardtext.extract_keywords(WINDSINGER, KNOWN) == (KeywordValue("Hidden"),)


def test_a_keyword_named_inside_a_sentence_is_not_a_keyword_the_card_has() -> None:
    ember_monk = "When you play a card from [Hidden], give me +2 :rb_might: this turn."
    assert cardtext.extract_keywords(ember_monk, KNOWN) == ()


def test_unknown_tokens_are_those_on_neither_list() -> None:
    assert cardtext.unknown_tokens("[Stun] a unit. [>] [Add] [Predict 2]", KNOWN) == []
    assert cardtext.unknown_tokens("[Hidden] [Frobnicate 2]", KNOWN) == ["Frobnicate 2"]
    custom = (KnownToken("Hidden", "keyword", "811"),)
    assert cardtext.unknown_tokens("[Hidden] [Stun]", custom) == ["Stun"]


def test_wording_ignores_reminder_text_but_not_rules_parentheses() -> None:
    with_reminder = "[Deflect] (Opponents must pay :rb_rune_rainbow: to choose me with a spell or ability.)"
    assert cardtext.wording(with_reminder) == cardtext.wording("[Deflect]")
    # Rengar, Trophy Hunter: a parenthesis that is part of the rules sentence is wording.
    assert cardtext.wording("enemy units (even if you don't have units there).") != cardtext.wording(
        "enemy units."
    )


def test_dropped_reminders_are_put_back() -> None:
    reminders = cardtext.keyword_reminders(HIDDEN_BLADE)
    assert reminders["Hidden"].startswith("(Hide now")
    assert cardtext.add_reminders("[Hidden]\n[Action]\nKill a unit.", reminders) == HIDDEN_BLADE.replace(
        "Kill a unit at a battlefield. Its controller draws 2.", "Kill a unit."
    )


def test_reminder_text_is_readable() -> None:
    assert (
        cardtext.reminder_text(HIDDEN_BLADE, "hidden")
        == "Hide now for 1 power of any domain to react with later for 0 energy."
    )
