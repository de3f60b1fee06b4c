"""The bot's quick questions (interface contract defaults) build scenarios the engine answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardsdb.engine import check
from cardsdb.engine.quick import dump_scenario, hide_scenario, play_scenario, targets_scenario


@pytest.fixture(scope="module")
def db(real_db: Path) -> Iterator[Any]:
    from cardsdb.query import CardsDB

    database = CardsDB.open(real_db)
    yield database
    database.close()


def failed(answer: Any) -> set[str]:
    return {c.code for c in answer.failed}


def test_hide_defaults_are_favourable(db: Any) -> None:
    assert check(hide_scenario("Hidden Blade"), db).legal is True


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
def test_hide_options_each_fail_their_check(options: dict[str, Any], code: str, db: Any) -> None:
    assert failed(check(hide_scenario("Hidden Blade", **options), db)) == {code}


def test_hide_from_champion_zone(db: Any) -> None:
    assert check(hide_scenario("Teemo, Scout", from_="champion_zone"), db).legal is True


def test_play_defaults_are_favourable(db: Any) -> None:
    answer = check(play_scenario("Hidden Blade"), db)
    assert answer.legal is True
    assert answer.choices[0].restricted_to is not None


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"hidden_this_turn": True}, "hidden_this_turn"),
        ({"control_battlefield": False}, "battlefield_lost"),
    ],
)
def test_play_options_each_fail_their_check(options: dict[str, Any], code: str, db: Any) -> None:
    assert code in failed(check(play_scenario("Hidden Blade", **options), db))


def test_play_on_your_turn_and_in_a_chain(db: Any) -> None:
    assert check(play_scenario("Hidden Blade", your_turn=True), db).legal is True
    assert check(play_scenario("Hidden Blade", chain_open=True), db).legal is True


def test_targets_scenario_and_dump_round_trip(db: Any) -> None:
    scenario = targets_scenario("Smoke and Mirrors")
    answer = check(scenario, db)
    assert [c.restricted_to is None for c in answer.choices] == [False, True]
    text = dump_scenario(scenario)
    assert yaml.safe_load(text) == scenario
    assert check(text, db).to_dict() == answer.to_dict()
