"""Every card with Hidden in the real data gets a choice spec, checked here and listed in docs/hidden-cards.md."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine import card_profile
from cardsdb.engine.profile import hidden_table_row
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.models import Card
from cardsdb.query import CardsDB
from tests.support.paths import ROOT

pytestmark = pytest.mark.real_data  # every test here reads ../shared

DOCS = ROOT / "docs" / "hidden-cards.md"

# What each card chooses when played, read from its text, and whether playing it from facedown restricts the
# choice to the battlefield where it was hidden (True) or not (False: 811.1.d.4, the text points elsewhere).
EXPECTED: dict[str, list[tuple[str, bool]]] = {
    "Back Off": [("a unit", True)],
    "Blastcone Fae": [("a unit", True)],
    "Block": [("a unit", True)],
    "Bone Skewer": [("a battlefield", True), ("a unit from the opponent's revealed hand", False)],
    "Bushwhack": [],
    "Consult the Past": [],
    "Edge of Night": [("a unit you control here", True)],
    "Emperor's Divide": [("any number of friendly units at a battlefield", True)],
    "Evelynn, Entrancing": [("an enemy unit at a different location", False)],
    "Facebreaker": [("a friendly unit", True), ("an enemy unit at the same battlefield", True)],
    "Fight or Flight": [("a unit from a battlefield", True)],
    "Fox-Fire": [("any number of units at a battlefield with total Might 4 or less", True)],
    "Guards!": [],
    "Here to Help": [
        ("a unit from your hand", False),
        ("a battlefield you control to play that unit to", True),
    ],
    "Hidden Blade": [("a unit at a battlefield", True)],
    "Hostile Takeover": [("an enemy unit at a battlefield", True)],
    "Keeper of Masks": [],
    "Lotus Trap": [("a unit", True)],
    "Mischievous Marai": [("an enemy unit here", True)],
    "Pakaa Cub": [],
    "Pyke, Dockside Butcher": [],
    "Pyke, Returned": [],
    "Smoke and Mirrors": [
        ("a unit you control", True),
        ("another unit you control at a different location", False),
    ],
    "Sprite Call": [],
    "Stand United": [("a friendly unit", True)],
    "Sudden Storm": [("a unit at a battlefield", True)],
    "Switcheroo": [("two units at the same battlefield", True)],
    "Teemo, Scout": [],
    # Its Origins erratum (2025-10-28) dropped "or I'm played from [Hidden]": it chooses only when it defends.
    "Teemo, Strategist": [],
    "Tideturner": [("a unit you control at another location", False)],
    "Wages of Pain": [("a unit at a battlefield", True)],
    "Windsinger": [("another unit at a battlefield with 3 Might or less", True)],
    "Zhonya's Hourglass": [],
    # Vendetta (2026-07)
    "Disciple of Shen": [],
    # "When you play me or I attack": the play trigger's choice is restricted; the attack trigger is not a play effect
    "Kennen, Keeper of Balance": [("a unit", True)],
    "Resonating Strike": [
        ("a battlefield you control", True),
        ("a unit you control at a different location", False),
    ],
    "Spiderling": [],
    "Temporal Breach": [("a unit", True)],
    "Tornado Warrior": [("something here", True)],
    # Radiance (2026-10): "choose a battlefield" of a hidden permanent's play effect counts as restricted here, but
    # whether another battlefield may be chosen the rules leave open (`unsettled`, 811.1.d.3); "there" is restricted
    "Bedeviling Stranger": [("a battlefield", True), ("an enemy unit there", True)],
    "Elnuk Herd": [("a friendly unit", True)],
    "Momentary Companion": [],
}
PLAYS_UNITS = {"Sprite Call", "Guards!", "Keeper of Masks", "Here to Help", "Bone Skewer", "Temporal Breach"}


@pytest.fixture(scope="module")
def hidden_cards(real_cards: CardsDB) -> list[Card]:
    return [c for c in real_cards.search("kw:hidden", limit=200).cards if real_cards.reading(c).has("hidden")]


def test_the_data_has_42_hidden_cards_and_each_has_a_spec(hidden_cards: list[Card]) -> None:
    real = {c.name for c in hidden_cards if not c.partial}
    assert real == set(EXPECTED)
    assert len(real) == 42  # 33 before Vendetta (the 2026-03 data), 6 Vendetta cards, 3 Radiance cards


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_hidden_card_spec(name: str, hidden_cards: list[Card]) -> None:
    card = next(c for c in hidden_cards if c.name == name)
    profile = card_profile(card, compile_reading(card))
    assert profile.undecided is None
    assert [(c.choice, c.restricted) for c in profile.choices] == EXPECTED[name]
    for choice in profile.choices:
        assert ("811.1.d.4" in choice.rules) is (not choice.restricted)
    assert bool(profile.units_played) is (name in PLAYS_UNITS)
    if card.is_permanent:
        assert profile.destination is not None and "811.1.d.1" in profile.destination_rules


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
