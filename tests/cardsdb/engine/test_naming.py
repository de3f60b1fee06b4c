"""How an answer names what it speaks of: the JSON keeps NAME@PLACE labels (an id where the scenario gives one);
players read the card's name and where it is, an enemy's marked, an id only where two alike units need it. The engine
hands these over typed (`Target`), never as a label the renderer would have to take apart."""

from __future__ import annotations

from typing import Any

from cardsdb.engine import check
from cardsdb.engine.verdict.naming import Target, place_words
from tests.support.engine_cards import MemoryCards

CARDS = MemoryCards()
HERE = "Bandle Tree"


def _play(units: list[Any], **ask: Any) -> Any:
    return check(
        {
            "turn": 3,
            "turn_player": "opp",
            "showdown": HERE,
            "me": {"base": {"units": [{"card": "Shipyard Skulker", "id": "home"}]}},
            "battlefields": {
                HERE: {
                    "controller": "me",
                    "units": units,
                    "facedown": [{"card": "Hidden Blade", "owner": "me", "hidden_turn": 2}],
                },
                "Targon's Peak": {
                    "controller": "opp",
                    "units": [{"card": "Pouty Poro", "controller": "opp"}],
                },
            },
            "ask": {"play_hidden": "Hidden Blade", "at": HERE, **ask},
        },
        CARDS,
    )


def test_places_read_as_words() -> None:
    assert place_words("me.base") == "in your base"
    assert place_words("opp.base") == "in your opponent's base"
    assert place_words("me.hand") == "in your hand"
    assert place_words(HERE) == f"at {HERE}"


def test_811_1_d_2_targets_are_typed_and_read_by_card_name_and_place_not_by_id() -> None:
    answer = _play([{"card": "Vanguard Sergeant", "id": "sarge"}])
    (choice,) = answer.choices
    # the JSON's labels are as before: the id the scenario gave, at its place
    assert choice.legal == (f"sarge@{HERE}",)
    (target,) = choice.legal_targets
    assert target == Target(
        f"sarge@{HERE}", "unit", HERE, card="Vanguard Sergeant", controller="me", id="sarge"
    )
    assert target.words == f"Vanguard Sergeant at {HERE}"
    excluded = {e.what.words: e.because for e in choice.excluded}
    assert (
        excluded["Shipyard Skulker in your base"] == "it is in a base; the text asks for one at a battlefield"
    )
    assert excluded["Pouty Poro (enemy) at Targon's Peak"].startswith(
        "it is at Targon's Peak, not at Bandle Tree"
    )
    assert "home" not in str(excluded) and "@" not in str(excluded)


def test_two_units_of_one_card_at_one_place_are_told_apart_by_controller_then_id() -> None:
    answer = _play(
        [
            {"card": "Vanguard Sergeant", "id": "mine"},
            {"card": "Vanguard Sergeant", "controller": "opp", "id": "theirs-1"},
            {"card": "Vanguard Sergeant", "controller": "opp", "id": "theirs-2"},
        ]
    )
    words = [t.words for t in answer.choices[0].legal_targets]
    assert words == [
        f"Vanguard Sergeant at {HERE}",
        f"Vanguard Sergeant (enemy, theirs-1) at {HERE}",
        f"Vanguard Sergeant (enemy, theirs-2) at {HERE}",
    ]


def test_a_named_target_is_refused_in_words() -> None:
    answer = _play([{"card": "Vanguard Sergeant", "id": "sarge"}], targets=["home@me.base"])
    (refused,) = [c for c in answer.checks if c.code == "illegal_target"]
    assert refused.because == (
        "Shipyard Skulker in your base can't be chosen: it is in a base; the text asks for one at a battlefield."
    )


def test_459_1_gear_is_named_by_its_card_not_its_id() -> None:
    answer = check(
        {
            "battlefields": {
                "Right Lane": {
                    "controller": "me",
                    "units": [{"card": "Tideturner", "id": "t1"}],
                    "gear": [
                        {"card": "Zhonya's Hourglass", "id": "zh"},
                        {"card": "Edge of Night", "attached_to": "t1"},
                    ],
                }
            },
            "ask": {"cleanup": True},
        },
        CARDS,
    )
    texts = [e.text for e in answer.effects]
    assert "Zhonya's Hourglass at Right Lane is not attached to a unit: it is recalled to your base." in texts
    assert "Edge of Night at Right Lane stays: it is attached to Tideturner." in texts
    assert not any("zh" in t.split() or "t1" in t for t in texts)
