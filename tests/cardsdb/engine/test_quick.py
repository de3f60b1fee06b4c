"""The bot's quick questions (interface contract defaults) build scenarios the engine answers."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from cardsdb.engine import check
from cardsdb.engine.quick import (
    dump_scenario,
    hide_scenario,
    play_scenario,
    targets_position,
    targets_scenario,
)
from cardsdb.engine.reading.compile import compile_reading

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def failed(answer: Any) -> set[str]:
    return {c.code for c in answer.failed}


def test_hide_defaults_are_favourable(real_cards: Any) -> None:
    assert check(hide_scenario("Hidden Blade"), real_cards).legal is True


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"your_turn": False}, "not_your_turn"),
        ({"chain_open": True}, "chain_open"),
        ({"showdown": True}, "in_showdown"),
        ({"control_battlefield": False}, "battlefield_not_controlled"),
        ({"facedown_there": True}, "facedown_zone_full"),
        ({"can_pay": False}, "cannot_pay"),
        ({"from_": "elsewhere"}, "wrong_zone"),
    ],
)
def test_hide_options_each_fail_their_check(options: dict[str, Any], code: str, real_cards: Any) -> None:
    assert failed(check(hide_scenario("Hidden Blade", **options), real_cards)) == {code}


def test_hide_from_champion_zone(real_cards: Any) -> None:
    assert check(hide_scenario("Teemo, Scout", from_="champion_zone"), real_cards).legal is True


def test_play_defaults_are_favourable(real_cards: Any) -> None:
    answer = check(play_scenario("Hidden Blade"), real_cards)
    assert answer.legal is True
    assert answer.choices[0].restricted_to is not None


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"hidden_this_turn": True}, "hidden_this_turn"),
        ({"control_battlefield": False}, "battlefield_lost"),
    ],
)
def test_play_options_each_fail_their_check(options: dict[str, Any], code: str, real_cards: Any) -> None:
    assert code in failed(check(play_scenario("Hidden Blade", **options), real_cards))


def test_play_on_your_turn_and_in_a_chain(real_cards: Any) -> None:
    assert check(play_scenario("Hidden Blade", your_turn=True), real_cards).legal is True
    assert check(play_scenario("Hidden Blade", chain_open=True), real_cards).legal is True


def test_targets_scenario_and_dump_round_trip(real_cards: Any) -> None:
    scenario = targets_scenario("Smoke and Mirrors")
    answer = check(scenario, real_cards)
    assert [c.restricted_to is None for c in answer.choices] == [False, True]
    text = dump_scenario(scenario)
    assert yaml.safe_load(text) == scenario
    assert check(text, real_cards).to_dict() == answer.to_dict()


def test_811_1_d_4_targets_quick_position_plays_evelynn_where_her_choice_arises(real_cards: Any) -> None:
    # "When you play me from face down on your turn, you may move an enemy unit at a different location ...":
    # the quick position for /hidden targets is your turn, and says so; on the opponent's turn she chooses nothing.
    evelynn = real_cards.get_card("Evelynn, Entrancing")
    quick = targets_position(evelynn, compile_reading(evelynn))
    assert quick.scenario["turn_player"] == "me" and quick.scenario["showdown"] is None
    assert any("on your turn" in note for note in quick.notes)
    answer = check(quick.scenario, real_cards)
    assert answer.legal is True, answer.summary
    (choice,) = answer.choices
    assert choice.restricted_to is None and "Vanguard Sergeant@Their Battlefield" in choice
    assert check(targets_scenario(evelynn), real_cards).choices == ()


def test_targets_quick_position_of_other_cards_is_the_play_default(real_cards: Any) -> None:
    blade = real_cards.get_card("Hidden Blade")
    quick = targets_position(blade, compile_reading(blade))
    assert quick.scenario["turn_player"] == "opp" and quick.notes
    assert check(quick.scenario, real_cards).legal is True
    # /hidden play keeps its defaults: the opponent's turn, a showdown at your battlefield.
    assert play_scenario(blade)["turn_player"] == "opp"
