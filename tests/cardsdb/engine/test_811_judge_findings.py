"""What the judges' 200 regression positions (tests/scenarios/*.yaml) found wrong in the engine: a test named after its
rule for each, on positions written here. Cards: tests/support/engine_cards.py plus those below, their text copied by hand
from the card data (names changed where the position needs only the wording)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardsdb.engine import Answer, ScenarioError, check
from cardsdb.engine.verdict.codes import CheckCode
from tests.support.engine_cards import CARDS, MISCHIEVOUS_MARAI, H, MemoryCards, _card

UNTARGETABLE = "I can't be chosen by enemy spells and abilities."
EXTRA = (
    _card("Ruin Runner", ("Unit",), UNTARGETABLE, energy=6, might=5, domains=("Body",)),
    _card(
        "Akali, Silent",
        ("Unit",),
        f"{UNTARGETABLE[:-1]} unless I'm in combat.\nWhen I move to a battlefield, give me +2 :rb_might: this turn.",
        energy=4,
        power=1,
        might=4,
        domains=("Calm",),
        supertypes=("Champion",),
    ),
    _card(
        "Alpha Wildclaw",
        ("Unit",),
        "[Tank] (I must be assigned combat damage first.)\nYour units here with less Might than me can't be chosen by "
        "enemy spells and abilities.",
        energy=6,
        power=2,
        might=7,
        keywords=("Tank",),
        domains=("Calm",),
    ),
    MISCHIEVOUS_MARAI,
    _card(
        "Mystic Vortex",
        ("Battlefield",),
        "During showdowns here, cards with [Reaction] cost :rb_rune_rainbow: more to play. (Hidden cards have "
        "[Reaction].)",
    ),
    _card(
        "Vex, Cheerless",
        ("Unit",),
        "While I'm in combat, friendly spells cost :rb_energy_1::rb_rune_rainbow: less to a minimum of :rb_energy_1:, "
        "and enemy spells cost :rb_energy_1::rb_rune_rainbow: more.",
        energy=5,
        power=1,
        might=5,
        domains=("Chaos",),
        supertypes=("Champion",),
    ),
    _card(
        "Helm of Suppression",
        ("Gear",),
        "[Empower] :rb_energy_4::rb_rune_calm: (:rb_energy_4::rb_rune_calm:: Empower this. Use only if not "
        "Empowered.)\nOpponents' spells cost :rb_energy_1: more. If this is [Empowered], they cost "
        ":rb_energy_1::rb_rune_rainbow: more instead.",
        energy=4,
        power=1,
        domains=("Calm",),
    ),
    _card(
        "Applied Researchers",
        ("Unit",),
        "[Empower] :rb_energy_3: (:rb_energy_3:: Empower me. Use only if not Empowered.)\n[Empowered][>] Your spells "
        "cost :rb_energy_1::rb_rune_rainbow: less, to a minimum of :rb_energy_1:.",
        energy=4,
        might=4,
        domains=("Mind",),
    ),
    replace(
        _card(
            "Kennen, Keeper of Balance",
            ("Unit",),
            f"{H}\nWhen you play me or I attack, you may pay :rb_energy_2: to [Stun] a unit.",
            energy=3,
            might=2,
            keywords=("Hidden",),
            domains=("Order",),
            supertypes=("Champion",),
        ),
        tags=("Yordle", "Ionia", "Kennen"),
    ),
    replace(
        _card(
            "Teemo, Scout",
            ("Unit",),
            f"{H}\nWhen you play me, give me +3 :rb_might: this turn.",
            energy=2,
            might=1,
            keywords=("Hidden",),
            domains=("Chaos",),
            supertypes=("Champion",),
        ),
        tags=("Yordle", "Teemo", "Bandle City"),
    ),
    replace(
        _card(
            "Teemo, Swift Scout",
            ("Legend",),
            "You may pay :rb_energy_1: to hide a card with [Hidden] instead.",
        ),
        tags=("Teemo",),
    ),
)
CARDS_HERE = MemoryCards((*CARDS, *EXTRA))
HERE = "The Grove"


def _flip(card: str, units: list[Any], *, targets: list[str] | None = None, **top: Any) -> Answer:
    """My `card`, hidden on turn 2 at The Grove (mine), played on the opponent's turn 3 during their attack there."""
    ask: dict[str, Any] = {"play_hidden": card, "at": HERE}
    if targets is not None:
        ask["targets"] = targets
    scenario: dict[str, Any] = {
        "turn": 3,
        "turn_player": "opp",
        "showdown": HERE,
        "me": {"runes": {"energy": 0, "power": []}},
        "battlefields": {
            HERE: {
                "controller": "me",
                "units": units,
                "facedown": [{"card": card, "owner": "me", "hidden_turn": 2}],
            }
        },
        "ask": ask,
        **top,
    }
    return check(scenario, CARDS_HERE)


def _enemy(name: str, **flags: Any) -> dict[str, Any]:
    return {"card": name, "controller": "opp", **flags}


def test_758_a_unit_that_cant_be_chosen_by_enemy_spells_is_no_target_for_a_hidden_spell() -> None:
    answer = _flip("Hidden Blade", [_enemy("Ruin Runner", attacking=True)])
    assert answer.legal is False
    assert {c.code for c in answer.failed} == {"no_legal_targets"}
    assert f"Ruin Runner@{HERE}" not in answer.choices[0]
    excluded = {e.target: e for e in answer.choices[0].excluded}
    assert "758" in excluded[f"Ruin Runner@{HERE}"].rules


def test_758_your_own_untargetable_unit_can_be_chosen_by_your_spells() -> None:
    answer = _flip("Hidden Blade", [{"card": "Ruin Runner"}, _enemy("Shipyard Skulker", attacking=True)])
    assert f"Ruin Runner@{HERE}" in answer.choices[0]


def test_758_a_permanents_play_effect_cant_choose_it_but_the_permanent_is_played() -> None:
    answer = _flip(
        "Mischievous Marai", [_enemy("Ruin Runner", attacking=True)], targets=[f"Ruin Runner@{HERE}"]
    )
    assert answer.legal is True
    assert {c.code for c in answer.cautions} == {"illegal_target"}


@pytest.mark.parametrize(("attacking", "legal"), [(True, True), (False, False)])
def test_758_unless_in_combat_a_unit_can_be_chosen_only_while_it_attacks_or_defends(
    attacking: bool, legal: bool
) -> None:
    units = [{"card": "Vanguard Sergeant"}, _enemy("Akali, Silent", attacking=attacking)]
    answer = _flip("Hidden Blade", units, targets=[f"Akali, Silent@{HERE}"])
    assert answer.legal is legal


def test_758_a_unit_guarding_smaller_units_there_keeps_them_from_being_chosen() -> None:
    units = [_enemy("Alpha Wildclaw", attacking=True), _enemy("Shipyard Skulker", attacking=True)]
    answer = _flip("Hidden Blade", units)
    choice = answer.choices[0]
    assert f"Alpha Wildclaw@{HERE}" in choice and f"Shipyard Skulker@{HERE}" not in choice
    bigger = _flip("Hidden Blade", [_enemy("Alpha Wildclaw"), _enemy("Shipyard Skulker", might=9)])
    assert f"Shipyard Skulker@{HERE}" in bigger.choices[0]


def _at_vortex(card: str, power: list[str], *, showdown: str | None) -> Answer:
    scenario: dict[str, Any] = {
        "turn": 3,
        "turn_player": "opp",
        "state": "closed",
        "chain": ["Sudden Storm"],
        "showdown": showdown,
        "me": {"runes": {"energy": 2, "power": power}},
        "battlefields": {
            "Mystic Vortex": {
                "controller": "me",
                "units": ["Vanguard Sergeant", _enemy("Shipyard Skulker", attacking=True)],
                "facedown": [{"card": card, "owner": "me", "hidden_turn": 2}],
            }
        },
        "ask": {"play_hidden": card, "at": "Mystic Vortex"},
    }
    return check(scenario, CARDS_HERE)


@pytest.mark.parametrize("card", ["Hidden Blade", "Tideturner"])
def test_356_3_a_cost_increase_is_paid_from_facedown_after_the_base_cost_is_ignored(card: str) -> None:
    taxed = _at_vortex(card, [], showdown="Mystic Vortex")
    assert taxed.legal is False and {c.code for c in taxed.failed} == {"cannot_pay_additional"}
    assert "356.3" in taxed.citations and "356.1.b.3" in taxed.citations
    assert _at_vortex(card, ["any"], showdown="Mystic Vortex").legal is True
    assert _at_vortex(card, [], showdown=None).legal is True


def _against(opponent: dict[str, Any], card: str = "Hidden Blade", energy: int = 0, power: int = 0) -> Answer:
    units = [{"card": "Vanguard Sergeant"}, opponent]
    return _flip(card, units, targets=None, me={"runes": {"energy": energy, "power": ["any"] * power}})


def test_356_3_enemy_spells_cost_more_while_the_unit_that_says_so_is_in_combat() -> None:
    vex = _enemy("Vex, Cheerless", attacking=True)
    assert _against(vex).legal is False
    assert _against(vex, energy=1, power=1).legal is True
    assert _against(_enemy("Vex, Cheerless")).legal is True  # not in combat
    assert _against(vex, card="Tideturner").legal is True  # a unit is not a spell


def test_356_3_an_increase_that_depends_on_a_state_the_position_lacks_is_undecided() -> None:
    helm = {"card": "Helm of Suppression", "controller": "opp"}
    scenario_gear = {"gear": [helm]}

    def with_helm(energy: int, power: int) -> Answer:
        return _flip(
            "Hidden Blade",
            [{"card": "Vanguard Sergeant"}, _enemy("Shipyard Skulker", attacking=True)],
            me={"runes": {"energy": energy, "power": ["any"] * power}},
            opp={"base": scenario_gear},
        )

    assert with_helm(0, 0).legal is False
    depends = with_helm(1, 0)
    assert depends.legal is None and any("Empowered" in u for u in depends.undecided)
    assert with_helm(1, 1).legal is True


def test_356_3_from_hand_the_increase_is_added_to_the_cost() -> None:
    scenario: dict[str, Any] = {
        "turn": 3,
        "turn_player": "opp",
        "showdown": HERE,
        "me": {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": ["order"]}},
        "battlefields": {
            HERE: {
                "controller": "me",
                "units": ["Vanguard Sergeant", _enemy("Vex, Cheerless", attacking=True)],
            }
        },
        "ask": {"play": "Hidden Blade", "from": "hand", "targets": [f"Vex, Cheerless@{HERE}"]},
    }
    answer = check(scenario, CARDS_HERE)
    assert answer.legal is False and {c.code for c in answer.failed} == {"cannot_pay_cost"}
    scenario["me"]["runes"] = {"energy": 3, "power": ["order", "any"]}
    assert check(scenario, CARDS_HERE).legal is True


def test_356_4_a_discount_of_your_unit_in_combat_takes_off_the_deflect_power() -> None:
    poro = _enemy("Pouty Poro", attacking=True)
    mine = {"card": "Vex, Cheerless", "defending": True}
    answer = _flip("Hidden Blade", [mine, poro], targets=[f"Pouty Poro@{HERE}"])
    assert answer.legal is True and "356.4" in answer.citations
    idle = _flip("Hidden Blade", [{"card": "Vex, Cheerless"}, poro], targets=[f"Pouty Poro@{HERE}"])
    assert idle.legal is False and {c.code for c in idle.failed} == {"cannot_pay_additional"}


def test_356_4_a_discount_the_engine_does_not_apply_leaves_an_unpaid_cost_undecided() -> None:
    units = [{"card": "Applied Researchers"}, _enemy("Pouty Poro", attacking=True)]
    answer = _flip("Hidden Blade", units, targets=[f"Pouty Poro@{HERE}"])
    assert answer.legal is None
    assert any("Applied Researchers" in u for u in answer.undecided)
    assert answer.failed == () and answer.cautions == ()
    paid = _flip(
        "Hidden Blade", units, targets=[f"Pouty Poro@{HERE}"], me={"runes": {"energy": 0, "power": ["any"]}}
    )
    assert paid.legal is True and paid.undecided == ()


def test_103_2_a_2_the_champion_zone_holds_only_a_champion_with_the_legends_champion_tag() -> None:
    scenario: dict[str, Any] = {
        "turn": 2,
        "me": {"legend": "Teemo, Swift Scout", "champion_zone": ["Kennen, Keeper of Balance"]},
        "battlefields": {HERE: {"controller": "me", "units": ["Vanguard Sergeant"]}},
        "ask": {"hide": "Kennen, Keeper of Balance", "at": HERE, "from": "champion_zone"},
    }
    with pytest.raises(ScenarioError) as caught:
        check(scenario, CARDS_HERE)
    assert "me.champion_zone[0]" in str(caught.value) and "(Teemo)" in str(caught.value)
    scenario["me"]["champion_zone"] = ["Teemo, Scout"]
    scenario["ask"]["hide"] = "Teemo, Scout"
    assert check(scenario, CARDS_HERE).legal is True


def test_811_1_d_a_units_play_effect_with_nothing_to_choose_says_it_finds_nothing() -> None:
    answer = _flip("Tideturner", [_enemy("Shipyard Skulker", attacking=True)])
    codes = {c.code for c in answer.checks}
    assert CheckCode.NO_TARGETS_NEEDED in codes and CheckCode.HAS_LEGAL_TARGETS not in codes
