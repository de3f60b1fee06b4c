"""Every card with Hidden in the real data gets a choice spec, checked here against what its text implies (the 811 rules
each choice cites, where it may be made, whether the card plays a unit) and listed in docs/hidden-cards.md."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardsdb.engine import card_profile
from cardsdb.engine.profile import hidden_table_row
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.models import Card
from cardsdb.query import CardsDB
from cardsdb.text.reminders import without_reminders
from tests.support.paths import ROOT

pytestmark = pytest.mark.real_data  # every test here reads ../shared

DOCS = ROOT / "docs" / "hidden-cards.md"

# A choice the card's words point away from where it was hidden: another location, a hand (811.1.d.4).
_ELSEWHERE = re.compile(r"\b(?:a different|another) location\b|\bhand\b", re.IGNORECASE)
# The card plays a unit (a token, a card from a hand, a banished unit): "play a ... unit", "plays it"; never "play me".
_PLAYS_A_UNIT = re.compile(r"\bplays? (?!me\b|this\b)(?:[^.]*?\bunits?\b|it\b)", re.IGNORECASE)
_PRINTS_HIDDEN = re.compile(r"(?m)^\s*\[?Hidden\]?(?:\s|$)")


@pytest.fixture(scope="module")
def hidden_cards(real_cards: CardsDB) -> list[Card]:
    return [c for c in real_cards.search("kw:hidden", limit=200).cards if real_cards.reading(c).has("hidden")]


def _words(card: Card) -> str:
    return without_reminders(card.text).replace("(here)", "here")


def test_the_data_has_42_hidden_cards_each_read_as_hidden(
    real_cards: CardsDB, hidden_cards: list[Card]
) -> None:
    # the data's own say, not the reading's: the keyword listed, or printed at the start of a line
    every = (c for name in real_cards.names.names if (c := real_cards.get_card(name)) is not None)
    listed = {
        c.name
        for c in every
        if not c.partial and (any(k.name == "Hidden" for k in c.keywords) or _PRINTS_HIDDEN.search(c.text))
    }
    real = {c.name for c in hidden_cards if not c.partial}
    assert real == listed
    assert len(real) == 42  # 33 before Vendetta (the 2026-03 data), 6 Vendetta cards, 3 Radiance cards


def test_811_1_d_every_hidden_card_is_decided(hidden_cards: list[Card]) -> None:
    undecided = [c.name for c in hidden_cards if card_profile(c, compile_reading(c)).undecided is not None]
    assert undecided == []


def _rule_of(card: Card, phrase: str) -> str:
    """The 811 rule that restricts a hidden card's choice: where a unit it plays goes (811.1.d.5), a hidden spell's
    targets (811.1.d.2), a hidden permanent's play effect's (811.1.d.3)."""
    if "play that unit" in phrase:
        return "811.1.d.5"
    return "811.1.d.3" if card.is_permanent else "811.1.d.2"


def test_811_1_d_each_choice_cites_its_rule_and_is_restricted_unless_the_text_points_elsewhere(
    hidden_cards: list[Card],
) -> None:
    # A card played from facedown chooses at the battlefield where it was hidden (811.1.d.2, .3, .5), unless its text
    # points at another location or a hand (811.1.d.4). The words of each choice decide, not the engine's table.
    wrong: list[tuple[str, str, bool, tuple[str, ...]]] = []
    choices = 0
    for card in hidden_cards:
        for choice in card_profile(card, compile_reading(card)).choices:
            choices += 1
            elsewhere = bool(_ELSEWHERE.search(choice.choice))
            cites_d4 = "811.1.d.4" in choice.rules
            cites_own = _rule_of(card, choice.choice) in choice.rules
            if choice.restricted is elsewhere or cites_d4 is not elsewhere or not cites_own:
                wrong.append((card.name, choice.choice, choice.restricted, tuple(choice.rules)))
    assert choices >= 30 and wrong == []


def test_a_hidden_card_plays_a_unit_exactly_when_its_text_says_so(hidden_cards: list[Card]) -> None:
    wrong = [
        c.name
        for c in hidden_cards
        if bool(card_profile(c, compile_reading(c)).units_played) is not bool(_PLAYS_A_UNIT.search(_words(c)))
    ]
    assert wrong == []


def test_811_1_d_1_a_hidden_permanent_is_played_to_where_it_was_hidden(hidden_cards: list[Card]) -> None:
    wrong = [
        c.name
        for c in hidden_cards
        if c.is_permanent
        and (
            (profile := card_profile(c, compile_reading(c))).destination is None
            or "811.1.d.1" not in profile.destination_rules
        )
    ]
    assert wrong == []


def test_teemo_strategist_chooses_only_when_it_defends(real_cards: CardsDB) -> None:
    # Its Origins erratum (2025-10-28) dropped "or I'm played from [Hidden]": playing it chooses nothing
    teemo = real_cards.get_card("Teemo, Strategist")
    assert teemo is not None and "played from" not in _words(teemo)
    assert card_profile(teemo, compile_reading(teemo)).choices == ()


def test_elnuk_herd_from_the_radiance_data_with_its_erratum(real_cards: CardsDB) -> None:
    # Once a seed card, now in the data: its erratum's "a friendly unit" (itself included), chosen where it was hidden
    herd = real_cards.get_card("Elnuk Herd")
    assert herd is not None and not herd.partial and herd.energy == 6
    profile = card_profile(herd, compile_reading(herd))
    assert [(c.choice, c.restricted, c.purpose) for c in profile.choices] == [
        ("a friendly unit", True, "play_effect")
    ]


def test_docs_table_lists_every_hidden_card(hidden_cards: list[Card]) -> None:
    text = DOCS.read_text(encoding="utf-8")
    missing = [c.name for c in hidden_cards if hidden_table_row(c, compile_reading(c)) not in text]
    assert missing == [], "regenerate the table: python -m cardsdb.cli.profile_table"


def test_profile_to_dict_is_json_ready(hidden_cards: list[Card]) -> None:
    import json

    for card in hidden_cards:
        data: dict[str, Any] = card_profile(card, compile_reading(card)).to_dict()
        assert json.loads(json.dumps(data))["card"] == card.name
