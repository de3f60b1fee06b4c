"""One verdict over the whole position, for every question: a test named after its rule for each defect a judge's
review found (issue 12, "Why"), on positions written here. Cards: tests/support/engine_cards.py plus two below, their text
copied by hand from the card data."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine import Answer, ScenarioError, check
from tests.support.engine_cards import CARDS, MISCHIEVOUS_MARAI, H, MemoryCards, _card

EXTRA = (
    _card(
        "Hostile Takeover",
        ("Spell",),
        f"{H}\nTake control of an enemy unit at a battlefield. Ready it. (Start a combat if other enemies are there. "
        "Otherwise, conquer.)\nLose control of that unit and recall it at end of turn. (Send it to base. This isn't "
        "a move.)",
        energy=5,
        power=2,
        keywords=("Hidden",),
        domains=("Mind", "Order"),
        supertypes=("Signature",),
    ),
    MISCHIEVOUS_MARAI,
)
CARDS_HERE = MemoryCards((*CARDS, *EXTRA))
HERE = "The Grove"
THERE = "The Ridge"


def board(facedown: list[dict[str, Any]] | None = None, **overrides: Any) -> dict[str, Any]:
    """Turn 5, the opponent attacks at The Grove, which I control; The Ridge is theirs."""
    scenario: dict[str, Any] = {
        "turn": 5,
        "turn_player": "opp",
        "showdown": HERE,
        "me": {
            "hand": ["Back Off", "Hidden Blade"],
            "runes": {"energy": 5, "power": ["any"]},
            "base": {"units": [{"card": "Shipyard Skulker", "id": "home"}]},
        },
        "battlefields": {
            HERE: {
                "controller": "me",
                "units": [
                    {"card": "Vanguard Sergeant", "id": "guard"},
                    {"card": "Shipyard Skulker", "controller": "opp", "id": "raider", "attacking": True},
                ],
                "facedown": facedown
                if facedown is not None
                else [{"card": "Back Off", "owner": "me", "hidden_turn": 4}],
            },
            THERE: {
                "controller": "opp",
                "units": [{"card": "Vanguard Sergeant", "controller": "opp", "id": "far"}],
            },
        },
    }
    scenario.update(overrides)
    return scenario


def ask(scenario: dict[str, Any], question: dict[str, Any]) -> Answer:
    return check({**scenario, "ask": question}, CARDS_HERE)


def failed(answer: Answer) -> set[str]:
    return {c.code for c in answer.failed}


# --- targets answers the position, as play_hidden / play do ------------------------------------------------------


FACEDOWN_CASES = {
    "hidden_this_turn": dict(
        facedown=[{"card": "Back Off", "owner": "me", "hidden_turn": 5}], turn_player="me", showdown=None
    ),
    "no_reaction_timing": dict(showdown=None),
    "battlefield_lost": dict(
        battlefields={
            HERE: {"controller": "opp", "facedown": [{"card": "Back Off", "owner": "me", "hidden_turn": 4}]}
        }
    ),
    "not_your_facedown_card": dict(facedown=[{"card": "Back Off", "owner": "opp", "hidden_turn": 4}]),
}


@pytest.mark.parametrize("code", sorted(FACEDOWN_CASES))
def test_811_6_targets_from_facedown_says_no_where_play_hidden_says_no(code: str) -> None:
    overrides = dict(FACEDOWN_CASES[code])
    scenario = board(overrides.pop("facedown", None), **overrides)
    targets = ask(scenario, {"targets": "Back Off", "at": HERE})
    played = ask(scenario, {"play_hidden": "Back Off", "at": HERE})
    assert targets.legal is False and code in failed(targets), targets.summary
    assert failed(targets) == failed(played)
    assert targets.summary.startswith("No: you can't play Back Off from facedown")


HAND_CASES = {
    "cannot_pay_cost": ("Back Off", {"me": {"hand": ["Back Off"], "runes": {"energy": 0, "power": []}}}),
    "not_in_hand": ("Back Off", {"me": {"hand": ["Hidden Blade"], "runes": {"energy": 5, "power": ["any"]}}}),
    # A spell with neither Action nor Reaction, asked in a showdown on the opponent's turn.
    "not_normal_timing": (
        "Guerilla Warfare",
        {"me": {"hand": ["Guerilla Warfare"], "runes": {"energy": 5, "power": ["any"]}}},
    ),
}


@pytest.mark.parametrize("code", sorted(HAND_CASES))
def test_811_3_targets_from_hand_says_no_where_play_says_no(code: str) -> None:
    card, overrides = HAND_CASES[code]
    scenario = board(**overrides)
    targets = ask(scenario, {"targets": card, "from": "hand"})
    played = ask(scenario, {"play": card, "from": "hand"})
    assert targets.legal is False and failed(targets) == {code} == failed(played), targets.summary


def test_811_1_d_targets_lists_the_choices_with_the_verdict() -> None:
    answer = ask(board(), {"targets": "Back Off", "at": HERE})
    assert answer.legal is True, answer.summary
    assert {"has_hidden", "hidden_before_this_turn", "reaction_timing", "still_controls_battlefield"} <= {
        c.code for c in answer.checks
    }
    assert answer.choices[0].restricted_to == HERE and f"raider@{HERE}" in answer.choices[0]


# --- a cost attached to a target counts before the target is named -------------------------------------------


def _deflect_board(*, friendly_there: bool, power: list[str]) -> dict[str, Any]:
    units: list[dict[str, Any]] = [
        {"card": "Pouty Poro", "controller": "opp", "id": "poro", "attacking": True}
    ]
    if friendly_there:
        units.append({"card": "Vanguard Sergeant", "id": "guard"})
    return board(
        [{"card": "Hidden Blade", "owner": "me", "hidden_turn": 4}],
        me={"runes": {"energy": 0, "power": power}},
        battlefields={
            HERE: {
                "controller": "me",
                "units": units,
                "facedown": [{"card": "Hidden Blade", "hidden_turn": 4}],
            }
        },
    )


def test_356_1_b_3_a_required_choice_is_met_only_by_a_target_whose_deflect_can_be_paid() -> None:
    scenario = _deflect_board(friendly_there=False, power=[])
    for question in ({"play_hidden": "Hidden Blade", "at": HERE}, {"targets": "Hidden Blade", "at": HERE}):
        answer = ask(scenario, question)
        assert failed(answer) == {"no_payable_targets"}, answer.summary
        (choice,) = answer.choices
        assert choice.legal == (f"poro@{HERE}",) and not choice.ok
        (unpaid,) = choice.unpayable
        assert unpaid.target == f"poro@{HERE}" and "Deflect" in unpaid.because and "809.1.c" in unpaid.rules
    assert ask(
        _deflect_board(friendly_there=False, power=["fury"]), {"play_hidden": "Hidden Blade", "at": HERE}
    ).legal


def test_356_1_b_3_another_payable_target_meets_the_choice_and_the_unpayable_one_is_named() -> None:
    answer = ask(_deflect_board(friendly_there=True, power=[]), {"targets": "Hidden Blade", "at": HERE})
    assert answer.legal is True, answer.summary
    (choice,) = answer.choices
    assert choice.payable == (f"guard@{HERE}",)
    assert [e.target for e in choice.unpayable] == [f"poro@{HERE}"]


def test_811_3_from_hand_the_deflect_of_the_only_target_is_added_to_the_cost() -> None:
    scenario = _deflect_board(friendly_there=False, power=[])
    scenario["turn_player"], scenario["showdown"] = "me", None
    scenario["me"] = {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": []}}
    answer = ask(scenario, {"play": "Hidden Blade", "from": "hand"})
    assert failed(answer) == {"no_payable_targets"}, answer.summary


# --- copies: the play is legal if any copy can be played -------------------------------------------------------


def _copies(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return board(
        turn_player="me",
        showdown=None,
        battlefields={
            "Bandle Tree": {
                "controller": "me",
                "units": [{"card": "Shipyard Skulker", "controller": "opp"}],
                "facedown": [first, second],
            }
        },
    )


def test_811_6_of_two_copies_the_one_hidden_earlier_is_played_and_the_other_is_named() -> None:
    scenario = _copies(
        {"card": "Back Off", "owner": "me", "hidden_turn": 5, "id": "fresh"},
        {"card": "Back Off", "owner": "me", "hidden_turn": 3, "id": "old"},
    )
    answer = ask(scenario, {"play_hidden": "Back Off", "at": "Bandle Tree"})
    assert answer.legal is True, answer.summary
    # the JSON names a copy by its id; players read when it was hidden (ids are not shown to them)
    assert answer.copy == "copy old" and "(the copy hidden on turn 3)" in answer.summary
    (other,) = answer.other_copies
    assert other.name == "copy fresh" and other.legal is False
    assert other.words == "the copy hidden on turn 5"
    assert "hidden this turn" in " ".join(other.reasons)
    assert "The copy hidden on turn 5 can't be played" in answer.summary


def test_811_6_a_copy_named_by_its_id_is_the_one_asked_about() -> None:
    scenario = _copies(
        {"card": "Back Off", "owner": "me", "hidden_turn": 5, "id": "fresh"},
        {"card": "Back Off", "owner": "me", "hidden_turn": 3, "id": "old"},
    )
    fresh = ask(scenario, {"play_hidden": "fresh"})
    assert failed(fresh) == {"hidden_this_turn"} and fresh.other_copies == ()
    assert ask(scenario, {"targets": "old"}).legal is True


def test_811_6_copies_without_ids_are_named_by_when_they_were_hidden() -> None:
    scenario = _copies(
        {"card": "Back Off", "owner": "me", "hidden_turn": 5},
        {"card": "Back Off", "owner": "me", "hidden_turn": 2},
    )
    answer = ask(scenario, {"play_hidden": "Back Off"})
    assert answer.legal is True and answer.copy == "copy hidden on turn 2"
    assert answer.to_dict()["other_copies"] == [
        {
            "name": "copy hidden on turn 5",
            "at": "Bandle Tree",
            "legal": False,
            "because": ["Back Off was hidden this turn: it can be played only from the next turn on."],
        }
    ]


# --- positions that can't exist are bad input ------------------------------------------------------------------


def error_for(scenario: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as caught:
        check(scenario, CARDS_HERE)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400
    return message


def test_107_3_b_a_battlefield_holds_one_facedown_card_unless_a_card_says_otherwise() -> None:
    two = [{"card": "Back Off", "hidden_turn": 2}, {"card": "Hidden Blade", "hidden_turn": 3}]
    message = error_for(board(two, ask={"cleanup": True}))
    assert message.startswith(f"battlefields.{HERE}.facedown:") and "holds 2 facedown cards" in message
    three = [*two, {"card": "Stand United", "hidden_turn": 3}]
    bandle = board(
        showdown=None,
        battlefields={"Bandle Tree": {"controller": "me", "facedown": three}},
        ask={"cleanup": True},
    )
    assert "Bandle Tree holds 3 facedown cards" in error_for(bandle)
    bandle["battlefields"]["Bandle Tree"]["facedown"] = two
    assert ask(bandle, {"cleanup": True}).legal is True


def test_103_2_a_2_only_a_champion_unit_is_in_the_champion_zone_and_a_legend_only_in_its_slot() -> None:
    spell = board(me={"champion_zone": ["Hidden Blade"]}, ask={"cleanup": True})
    assert error_for(spell).startswith("me.champion_zone[0]: Hidden Blade is a spell")
    legend = board(me={"hand": ["Swift Scout"]}, ask={"cleanup": True})
    assert error_for(legend).startswith("me.hand[0]: Swift Scout is a legend")
    token = board(me={"trash": ["Sprite"]}, ask={"cleanup": True})
    assert "token unit" in error_for(token)
    assert ask(board(me={"champion_zone": ["Evelynn, Entrancing"]}), {"cleanup": True}).legal is True


def test_811_1_b_a_card_is_not_hidden_on_a_turn_after_this_one() -> None:
    message = error_for(board([{"card": "Back Off", "hidden_turn": 6}], ask={"cleanup": True}))
    assert (
        message == f"battlefields.{HERE}.facedown[0].hidden_turn: hidden on turn 6, after the current turn 5"
    )


def test_one_id_in_two_places_names_the_id_and_both_places() -> None:
    scenario = board([{"card": "Back Off", "hidden_turn": 2, "id": "guard"}], ask={"cleanup": True})
    message = error_for(scenario)
    assert "'guard'" in message
    assert f"battlefields.{HERE}.units[0].id" in message and f"battlefields.{HERE}.facedown[0].id" in message


# --- a permanent is played even when its play effect can't choose; a spell is not --------------------------------


def test_811_1_d_a_unit_is_played_though_its_play_effect_cant_choose_the_target_named() -> None:
    scenario = board([{"card": "Blastcone Fae", "hidden_turn": 4}])
    answer = ask(scenario, {"play_hidden": "Blastcone Fae", "at": HERE, "targets": [f"far@{THERE}"]})
    assert answer.legal is True, answer.summary
    assert failed(answer) == set() and {c.code for c in answer.cautions} == {"illegal_target"}
    # named in words, not by the id the scenario gave it ("far")
    assert answer.summary.startswith(
        "Yes"
    ) and "Its play effect can't choose Vanguard Sergeant (enemy) at" in (answer.summary)
    assert "far" not in answer.summary


def test_811_1_d_a_units_play_effect_that_finds_nothing_carries_its_own_verdict() -> None:
    scenario = board([{"card": "Mischievous Marai", "hidden_turn": 4}])
    scenario["battlefields"][HERE]["units"] = [{"card": "Vanguard Sergeant", "id": "guard"}]
    answer = ask(scenario, {"play_hidden": "Mischievous Marai", "at": HERE})
    assert answer.legal is True, answer.summary
    (choice,) = answer.choices
    assert not choice.ok and choice.because is not None and "nothing at The Grove qualifies" in choice.because
    assert any(c.code == "no_targets_needed" and c.ok for c in answer.checks)


def test_811_1_d_a_spell_with_no_legal_target_there_is_not_played() -> None:
    scenario = board([{"card": "Hostile Takeover", "hidden_turn": 4}])
    scenario["battlefields"][HERE]["units"] = [{"card": "Vanguard Sergeant", "id": "guard"}]
    answer = ask(scenario, {"play_hidden": "Hostile Takeover", "at": HERE})
    assert failed(answer) == {"no_legal_targets"}
    assert not answer.choices[0].ok


# --- a card without Hidden fails at has_hidden, with nothing that presupposes Hidden ---------------------------------


@pytest.mark.parametrize("question", ["play_hidden", "targets"])
def test_811_1_b_a_card_without_hidden_fails_at_has_hidden_alone(question: str) -> None:
    answer = ask(board([{"card": "Cleave", "hidden_turn": 4}]), {question: "Cleave", "at": HERE})
    assert [(c.code, c.ok) for c in answer.checks] == [("no_hidden", False)]
    assert answer.choices == ()
    assert not any("356.1.b" in e.rules for e in answer.effects)  # no "its base cost is ignored"
