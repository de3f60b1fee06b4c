"""Defects found by a judge's review of the Hidden engine, each pinned by a test named after the rule it proves.

The cards are hand-written fixtures with the real cards' text (tests/support/engine_cards.py plus a few here).
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb.engine import Answer, check
from cardsdb.engine.board.costs import payable as _payable
from cardsdb.engine.verdict.codes import EffectCode
from tests.support.engine_cards import ACTION, CARDS, MISCHIEVOUS_MARAI, H, MemoryCards, _card

EXTRA = (
    _card(
        "Switcheroo",
        ("Spell",),
        f"{H}\n{ACTION}\nSwap the Might of two units at the same battlefield this turn.",
        energy=2,
        power=2,
        keywords=("Hidden", "Action"),
        domains=("Chaos",),
    ),
    _card(
        "Fox-Fire",
        ("Spell",),
        f"{H}\n{ACTION}\nKill any number of units at a battlefield with total Might 4 or less.",
        energy=3,
        keywords=("Hidden", "Action"),
        domains=("Calm", "Mind"),
    ),
    _card(
        "Emperor's Divide",
        ("Spell",),
        f"{H}\n{ACTION}\nMove any number of friendly units at a battlefield to their base.",
        energy=2,
        keywords=("Hidden", "Action"),
        domains=("Calm",),
    ),
    MISCHIEVOUS_MARAI,
    _card(
        "Legion Rearguard",
        ("Unit",),
        "[Accelerate] (You may pay :rb_energy_1::rb_rune_fury: as an additional cost to have me enter ready.)",
        energy=2,
        might=2,
        keywords=("Accelerate",),
        domains=("Fury",),
    ),
    _card("Stalwart Poro", ("Unit",), "", energy=2, might=2, domains=("Calm",)),
    _card(
        "Noxus Saboteur",
        ("Unit",),
        "Your opponents' [Hidden] cards can't be revealed here.",
        energy=3,
        might=3,
        domains=("Fury",),
    ),
)
CARDS_HERE = MemoryCards((*CARDS, *EXTRA))
TP = "Targon's Peak"
BT = "Bandle Tree"


def board(facedown: str | None = None, *, turn_player: str = "opp", **overrides: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "turn": 3,
        "turn_player": turn_player,
        "state": "closed" if turn_player == "opp" else "open",
        "me": {
            "runes": {"energy": 0, "power": []},
            "base": {"units": [{"card": "Shipyard Skulker", "id": "rear"}]},
        },
        "battlefields": {
            TP: {
                "controller": "me",
                "units": [
                    {"card": "Vanguard Sergeant", "id": "sarge"},
                    {"card": "Stalwart Poro", "id": "stal"},
                    {"card": "Shipyard Skulker", "controller": "opp", "id": "skulker"},
                    {"card": "Sprite", "controller": "opp", "id": "sprite"},
                ],
                "facedown": [{"card": facedown, "owner": "me", "hidden_turn": 2}] if facedown else [],
            },
            BT: {
                "controller": "opp",
                "units": [
                    {"card": "Vanguard Sergeant", "controller": "opp", "id": "their-sarge"},
                    {"card": "Stalwart Poro", "controller": "opp", "id": "their-poro"},
                    {"card": "Tideturner", "id": "my-tide"},
                ],
            },
        },
    }
    if turn_player == "opp":
        scenario["chain"] = ["Hidden Blade"]
    scenario.update(overrides)
    return scenario


def ask(scenario: dict[str, Any], question: dict[str, Any]) -> Answer:
    return check({**scenario, "ask": question}, CARDS_HERE)


def failed(answer: Answer) -> set[str]:
    return {c.code for c in answer.failed}


def refused(answer: Answer) -> set[str]:
    """The failed checks that do not block: what a permanent's play effect can't choose."""
    return {c.code for c in answer.cautions}


def test_811_1_d_4_evelynn_measures_a_different_location_from_her_own_battlefield() -> None:
    # "move an enemy unit at a different location to my battlefield": different from Evelynn's location, so a unit
    # at another battlefield is legal; it must not be measured against the chosen unit itself.
    scenario = board("Evelynn, Entrancing", turn_player="me")
    answer = ask(scenario, {"play_hidden": "Evelynn, Entrancing", "at": TP, "targets": [f"their-sarge@{BT}"]})
    assert answer.legal is True, answer.summary
    here = ask(scenario, {"play_hidden": "Evelynn, Entrancing", "at": TP, "targets": [f"skulker@{TP}"]})
    # The target is refused; Evelynn, a unit, is played all the same (811.1.d blocks spells only).
    assert refused(here) == {"illegal_target"} and here.legal is True
    assert f"skulker@{TP}" not in here.choices[0].legal
    assert f"their-sarge@{BT}" in here.choices[0].legal


def test_811_1_d_4_smoke_and_mirrors_second_unit_is_measured_from_the_first() -> None:
    scenario = board("Smoke and Mirrors")
    answer = ask(
        scenario, {"play_hidden": "Smoke and Mirrors", "at": TP, "targets": [f"sarge@{TP}", f"my-tide@{BT}"]}
    )
    assert answer.legal is True, answer.summary
    same = ask(
        scenario, {"play_hidden": "Smoke and Mirrors", "at": TP, "targets": [f"sarge@{TP}", f"stal@{TP}"]}
    )
    assert failed(same) == {"illegal_target"}


def test_811_1_d_3_a_play_effect_may_choose_the_permanent_itself() -> None:
    # Elnuk Herd "may even pick itself": the target names the card being played, at the battlefield it enters.
    answer = ask(
        board("Elnuk Herd"), {"play_hidden": "Elnuk Herd", "at": TP, "targets": [f"Elnuk Herd@{TP}"]}
    )
    assert answer.legal is True, answer.summary
    assert any(c.code == "targets_legal" for c in answer.checks)


def test_355_9_b_another_unit_excludes_the_permanent_itself() -> None:
    answer = ask(
        board("Windsinger"), {"play_hidden": "Windsinger", "at": TP, "targets": [f"Windsinger@{TP}"]}
    )
    # Windsinger can't choose itself; it is a unit, so it is played all the same (811.1.d blocks spells only).
    assert answer.legal is True
    assert refused(answer) == {"illegal_target"}
    assert "another" in answer.cautions[0].because


def test_355_8_switcheroo_needs_both_of_its_targets() -> None:
    answer = ask(board("Switcheroo"), {"play_hidden": "Switcheroo", "at": TP, "targets": [f"sarge@{TP}"]})
    assert answer.legal is False
    assert failed(answer) == {"missing_target"}
    assert "355.8" in answer.citations
    both = ask(
        board("Switcheroo"),
        {"play_hidden": "Switcheroo", "at": TP, "targets": [f"sarge@{TP}", f"sprite@{TP}"]},
    )
    assert both.legal is True, both.summary


def test_355_11_fox_fire_total_might_is_checked_for_the_group() -> None:
    scenario = board("Fox-Fire")
    ok = ask(scenario, {"play_hidden": "Fox-Fire", "at": TP, "targets": [f"stal@{TP}"]})
    assert ok.legal is True, ok.summary
    # Stalwart Poro (2) + Shipyard Skulker (3) = 5 > 4, though each alone is within the limit.
    over = ask(scenario, {"play_hidden": "Fox-Fire", "at": TP, "targets": [f"stal@{TP}", f"skulker@{TP}"]})
    assert over.legal is False
    assert failed(over) == {"illegal_target"}
    assert "total Might of 5" in over.failed[0].because


def test_355_11_units_at_a_battlefield_are_at_one_battlefield_when_played_from_hand() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Emperor's Divide"], "runes": {"energy": 2, "power": []}}
    split = ask(scenario, {"play": "Emperor's Divide", "targets": [f"sarge@{TP}", f"my-tide@{BT}"]})
    assert split.legal is False
    assert "one battlefield" in split.failed[0].because
    together = ask(scenario, {"play": "Emperor's Divide", "targets": [f"sarge@{TP}", f"stal@{TP}"]})
    assert together.legal is True, together.summary


def test_355_9_b_a_target_an_any_number_choice_refuses_says_why() -> None:
    answer = ask(
        board("Emperor's Divide"), {"play_hidden": "Emperor's Divide", "at": TP, "targets": [f"skulker@{TP}"]}
    )
    assert failed(answer) == {"illegal_target"}
    assert "enemy" in answer.failed[0].because
    assert "no further choice" not in answer.failed[0].because


def test_811_3_a_power_cost_is_paid_with_power_of_the_cards_domain() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Switcheroo"], "runes": {"energy": 2, "power": ["fury", "chaos"]}}
    answer = ask(scenario, {"play": "Switcheroo", "targets": [f"sarge@{TP}", f"stal@{TP}"]})
    assert failed(answer) == {"cannot_pay_cost"}
    scenario["me"]["runes"] = {"energy": 2, "power": ["any", "chaos"]}
    assert ask(scenario, {"play": "Switcheroo", "targets": [f"sarge@{TP}", f"stal@{TP}"]}).legal is True


def test_356_1_b_3_pykes_optional_cost_needs_fury_power() -> None:
    question = {"play_hidden": "Pyke, Dockside Butcher", "at": TP, "optional_costs": True}
    calm = ask(board("Pyke, Dockside Butcher", me={"runes": {"energy": 0, "power": ["calm"]}}), question)
    assert failed(calm) == {"cannot_pay_additional"}
    assert "Without the optional additional cost" in calm.failed[0].because
    fury = ask(board("Pyke, Dockside Butcher", me={"runes": {"energy": 0, "power": ["fury"]}}), question)
    assert fury.legal is True, fury.summary


def test_356_2_b_accelerate_reminder_text_is_not_a_second_cost() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Legion Rearguard"], "runes": {"energy": 3, "power": ["fury"]}}
    answer = ask(scenario, {"play": "Legion Rearguard", "to": TP, "optional_costs": True})
    assert answer.legal is True, answer.summary


def test_811_3_a_partly_known_cards_cost_is_undecided_from_hand() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Elnuk Herd"], "runes": {"energy": 9, "power": ["any"]}}
    answer = ask(scenario, {"play": "Elnuk Herd", "to": TP, "targets": [f"sarge@{TP}"]})
    assert answer.legal is None
    assert any("cost is not known" in u for u in answer.undecided)


def test_811_3_a_unit_played_to_base_does_not_trigger_when_played_to_a_battlefield() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Mischievous Marai"], "runes": {"energy": 2, "power": []}}
    answer = ask(scenario, {"play": "Mischievous Marai", "to": "me.base"})
    assert answer.legal is True, answer.summary
    assert not answer.choices
    assert any(e.code is EffectCode.NOT_TRIGGERED for e in answer.effects)


def test_811_5_a_an_enemy_noxus_saboteur_at_the_battlefield_leaves_the_play_open() -> None:
    # Playing from facedown reveals the card (422.4), which the Saboteur forbids for "[Hidden] cards" there; yet a
    # facedown card is not a card with Hidden (811.5.a). The rules don't settle it: legal is null, not a guess.
    scenario = board("Hidden Blade")
    scenario["battlefields"][TP]["units"].append({"card": "Noxus Saboteur", "controller": "opp"})
    answer = ask(scenario, {"play_hidden": "Hidden Blade", "at": TP, "targets": [f"skulker@{TP}"]})
    assert answer.legal is None
    assert answer.undecided and "Noxus Saboteur" in answer.undecided[0]
    assert {"422.4", "811.5.a"} <= set(answer.citations)
    elsewhere = board("Hidden Blade")
    elsewhere["battlefields"][BT]["units"].append({"card": "Noxus Saboteur", "controller": "opp"})
    assert (
        ask(elsewhere, {"play_hidden": "Hidden Blade", "at": TP, "targets": [f"skulker@{TP}"]}).legal is True
    )


def test_811_3_a_unit_played_normally_goes_to_base_or_a_battlefield_you_control() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"hand": ["Mischievous Marai"], "runes": {"energy": 2, "power": []}}
    theirs = ask(scenario, {"play": "Mischievous Marai", "to": BT, "targets": [f"their-sarge@{BT}"]})
    assert failed(theirs) == {"invalid_destination"}
    assert "355.2.a" in theirs.citations
    mine = ask(scenario, {"play": "Mischievous Marai", "to": TP, "targets": [f"skulker@{TP}"]})
    assert mine.legal is True, mine.summary


def test_811_1_b_swift_scout_lets_energy_pay_for_hiding_when_no_power_is_ready() -> None:
    scenario = board(turn_player="me")
    scenario["me"] = {"legend": "Swift Scout", "hand": ["Hidden Blade"], "runes": {"energy": 1, "power": []}}
    answer = ask(scenario, {"hide": "Hidden Blade", "at": TP})
    assert answer.legal is True, answer.summary
    scenario["me"]["runes"] = {"energy": 0, "power": []}
    assert failed(ask(scenario, {"hide": "Hidden Blade", "at": TP})) == {"cannot_pay"}


DOMAINS = ("fury", "calm", "mind", "any")


@settings(max_examples=60, deadline=None)
@given(
    have=st.lists(st.sampled_from(DOMAINS), max_size=5),
    needs=st.lists(st.sets(st.sampled_from(DOMAINS[:3]), max_size=2).map(frozenset), max_size=4),
)
def test_809_1_c_1_power_payment_matches_every_need_or_says_no(
    have: list[str], needs: list[frozenset[str]]
) -> None:
    # Brute force over every order of the ready runes: a need is met by a rune of one of its domains or a rainbow.
    def fits(rune: str, need: frozenset[str]) -> bool:
        return rune == "any" or not need or rune in need

    expected = (
        any(
            all(fits(rune, need) for rune, need in zip(order, needs, strict=False))
            for order in itertools.permutations(have, len(needs))
        )
        if len(have) >= len(needs)
        else False
    )
    assert _payable(tuple(have), needs) is expected
