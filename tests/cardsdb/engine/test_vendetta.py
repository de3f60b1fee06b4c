"""The Vendetta cards with Hidden, read from their text (fixtures in tests/support/engine_cards.py, the 2026-07 wording):
their choices, what playing them from facedown restricts, and where what they play enters. No per-card code reads
them: each reading below comes from the targeting-phrase parser."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine import Answer, card_profile, check
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.engine.reading.overrides import OVERRIDES
from cardsdb.engine.verdict.codes import EffectCode
from cardsdb.names import normalize
from tests.support.engine_cards import CARDS, VENDETTA, MemoryCards

CARDS_HERE = MemoryCards((*CARDS, *VENDETTA))
BY_NAME = {c.name: c for c in VENDETTA}
BF = "Targon's Peak"
OTHER = "Bandle Tree"

# (choice, restricted when played from facedown, what the choice is for)
EXPECTED: dict[str, list[tuple[str, bool, str]]] = {
    "Disciple of Shen": [],
    "Kennen, Keeper of Balance": [("a unit", True, "play_effect")],
    "Resonating Strike": [
        ("a battlefield you control", True, "spell"),
        ("a unit you control at a different location", False, "spell"),
    ],
    "Spiderling": [],
    "Temporal Breach": [("a unit", True, "spell")],
    "Tornado Warrior": [("something here", True, "play_effect")],
}


def position(facedown: str, *, turn_player: str = "opp", **overrides: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "turn": 4,
        "turn_player": turn_player,
        "showdown": BF if turn_player == "opp" else None,
        "me": {
            "runes": {"energy": 0, "power": []},
            "base": {"units": [{"card": "Shipyard Skulker", "id": "home"}]},
        },
        "battlefields": {
            BF: {
                "controller": "me",
                "units": [
                    {"card": "Vanguard Sergeant", "id": "sarge"},
                    {"card": "Pouty Poro", "controller": "opp", "id": "poro", "attacking": True},
                ],
                "gear": [{"card": "Zhonya's Hourglass", "id": "hourglass"}],
                "facedown": [{"card": facedown, "owner": "me", "hidden_turn": 3}],
            },
            OTHER: {
                "controller": "opp",
                "units": [{"card": "Tideturner", "id": "away", "controller": "opp"}],
            },
        },
    }
    scenario.update(overrides)
    return scenario


def play(card: str, ask: dict[str, Any] | None = None, **kwargs: Any) -> Answer:
    scenario = position(card, **kwargs)
    scenario["ask"] = {"play_hidden": card, "at": BF, **(ask or {})}
    return check(scenario, CARDS_HERE)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_811_1_d_each_vendetta_card_reads_its_choices_from_its_text(name: str) -> None:
    profile = card_profile(BY_NAME[name], compile_reading(BY_NAME[name]))
    assert profile.has_hidden and profile.undecided is None
    assert [(c.choice, c.restricted, c.purpose) for c in profile.choices] == EXPECTED[name]
    for choice in profile.choices:
        assert ("811.1.d.4" in choice.rules) is (not choice.restricted)
    assert normalize(name) not in OVERRIDES  # read from the text, not corrected by hand
    if BY_NAME[name].is_permanent:
        assert profile.destination == "the battlefield where it was hidden"
        assert "811.1.d.1" in profile.destination_rules


@pytest.mark.parametrize("name", ["Disciple of Shen", "Spiderling"])
def test_811_1_d_1_a_vendetta_unit_without_a_choice_is_played_to_its_battlefield(name: str) -> None:
    # "I have [Shield 3] while I'm at a battlefield ...": a condition, not a choice; nothing is restricted.
    profile = card_profile(BY_NAME[name], compile_reading(BY_NAME[name]))
    assert profile.choices == () and profile.unrestricted == ()
    assert profile.restriction == "makes no choice when played; nothing is restricted"
    answer = play(name)
    assert answer.legal is True, answer.summary
    assert any(
        "811.1.d.1" in e.rules and e.code is EffectCode.PLAYED_THERE and BF in e.text for e in answer.effects
    )
    scenario = position(name)
    scenario["ask"] = {"targets": name, "at": BF}
    assert any(e.code is EffectCode.MAKES_NO_CHOICE for e in check(scenario, CARDS_HERE).effects)


def test_811_1_d_2_resonating_strike_chooses_the_battlefield_where_it_was_hidden() -> None:
    answer = play("Resonating Strike")
    battlefield, _ = answer.choices
    assert battlefield.restricted_to == BF and battlefield.legal == (BF,)
    assert OTHER in {e.target for e in battlefield.excluded}
    assert answer.legal is True, answer.summary


def test_811_1_d_4_resonating_strikes_unit_is_at_a_different_location_from_that_battlefield() -> None:
    answer = play("Resonating Strike")
    _, unit = answer.choices
    assert unit.restricted_to is None and "811.1.d.4" in unit.rules
    assert "home@me.base" in unit  # a unit you control elsewhere
    assert f"sarge@{BF}" not in unit  # at the chosen battlefield itself: not a different location
    refused = play("Resonating Strike", {"targets": [BF, f"sarge@{BF}"]})
    assert {c.code for c in refused.failed} == {"illegal_target"}
    assert play("Resonating Strike", {"targets": [BF, "home@me.base"]}).legal is True


def test_811_1_d_resonating_strike_with_no_unit_of_yours_elsewhere_cant_be_played() -> None:
    scenario = position("Resonating Strike")
    scenario["me"]["base"] = {"units": []}
    scenario["ask"] = {"play_hidden": "Resonating Strike", "at": BF}
    answer = check(scenario, CARDS_HERE)
    assert {c.code for c in answer.failed} == {"no_legal_targets"}


def test_811_1_d_2_temporal_breach_banishes_a_unit_at_its_battlefield_and_it_returns_there() -> None:
    answer = play("Temporal Breach")
    (choice,) = answer.choices
    assert choice.restricted_to == BF
    assert f"poro@{BF}" in choice and "home@me.base" not in choice and f"away@{OTHER}" not in choice
    entering = [e for e in answer.effects if e.code is EffectCode.UNIT_ENTERS_WHERE_CHOSEN]
    # The owner (perhaps your opponent) plays it where it was: 811.1.d.2 put it there, not 811.1.d.5.
    assert entering and all("811.1.d.2" in e.rules and "811.1.d.5" not in e.rules for e in entering)
    assert BF in entering[0].text


def test_811_3_temporal_breach_from_hand_chooses_anywhere() -> None:
    scenario = position("Temporal Breach", turn_player="me")
    scenario["me"] = {"hand": ["Temporal Breach"], "runes": {"energy": 2, "power": ["mind"]}}
    scenario["ask"] = {"targets": "Temporal Breach", "from": "hand"}
    answer = check(scenario, CARDS_HERE)
    assert answer.legal is True, answer.summary
    assert f"away@{OTHER}" in answer.choices[0] and answer.choices[0].restricted_to is None


def test_811_1_d_3_tornado_warrior_empowers_something_at_its_battlefield_itself_included() -> None:
    answer = play("Tornado Warrior")
    (choice,) = answer.choices
    assert choice.restricted_to == BF and choice.optional and "811.1.d.3" in choice.rules
    assert {f"sarge@{BF}", f"poro@{BF}", f"hourglass@{BF}", f"Tornado Warrior@{BF}"} <= set(choice.legal)
    assert f"away@{OTHER}" not in choice


def test_811_2_tornado_warriors_play_effect_needs_it_played_from_face_down() -> None:
    scenario = position("Tornado Warrior", turn_player="me")
    scenario["me"] = {"hand": ["Tornado Warrior"], "runes": {"energy": 3, "power": []}}
    scenario["ask"] = {"play": "Tornado Warrior", "from": "hand", "to": BF}
    answer = check(scenario, CARDS_HERE)
    assert answer.legal is True and answer.choices == ()
    assert any(e.code is EffectCode.NOT_TRIGGERED and "811.2" in e.rules for e in answer.effects)


def test_811_1_d_3_kennen_stuns_only_at_its_battlefield_and_pays_for_it_as_normal() -> None:
    answer = play("Kennen, Keeper of Balance")
    (choice,) = answer.choices
    assert choice.restricted_to == BF and choice.optional
    assert f"poro@{BF}" in choice and f"away@{OTHER}" not in choice
    payments = [e for e in answer.effects if e.code is EffectCode.PAID_AS_IT_RESOLVES]
    assert payments and "811.2" in payments[0].rules
    profile = card_profile(
        BY_NAME["Kennen, Keeper of Balance"], compile_reading(BY_NAME["Kennen, Keeper of Balance"])
    )
    # The same ability triggers when Kennen attacks: that choice is not a play effect's, so it is not restricted.
    assert profile.unrestricted == ("a unit (when I attack)",)
    assert profile.payments == ("you may pay [2] to Stun a unit",)


def test_811_1_d_a_kennen_is_played_even_when_its_stun_finds_no_unit_there() -> None:
    scenario = position("Kennen, Keeper of Balance")
    scenario["battlefields"][BF]["units"] = [{"card": "Pouty Poro", "controller": "opp", "id": "poro"}]
    scenario["ask"] = {"play_hidden": "Kennen, Keeper of Balance", "at": BF, "targets": [f"away@{OTHER}"]}
    answer = check(scenario, CARDS_HERE)
    assert answer.legal is True, answer.summary
    assert {c.code for c in answer.cautions} == {"illegal_target"}
    assert "Its play effect can't choose" in answer.summary
