"""Playing from facedown (811.1.c.3, 811.6, 811.1.d.*, 356.1.b) and from hand (811.3): tests named after the rules."""

from __future__ import annotations

from typing import Any

from cardsdb.engine import Answer, check
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.engine.verdict.codes import EffectCode
from cardsdb.models import Card, KeywordValue
from tests.support.engine_cards import BONE_SKEWER, MemoryCards

CARDS = MemoryCards()
BF = "Bandle Tree"


def position(facedown: str, *, hidden_turn: int | None = 3, **overrides: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = {
        "turn": 4,
        "turn_player": "opp",
        "state": "open",
        "showdown": BF,
        "me": {"base": {"units": ["Shipyard Skulker"]}, "runes": {"energy": 0, "power": ["any"]}},
        "battlefields": {
            BF: {
                "controller": "me",
                "units": [
                    {"card": "Tideturner", "id": "my-tide"},
                    {"card": "Vanguard Sergeant", "controller": "opp", "attacking": True},
                ],
                "facedown": [{"card": facedown, "owner": "me", "hidden_turn": hidden_turn}],
            },
            "Targon's Peak": {
                "controller": "opp",
                "units": [
                    {"card": "Pouty Poro", "controller": "opp"},
                    {"card": "Shipyard Skulker", "controller": "opp"},
                ],
            },
        },
    }
    scenario.update(overrides)
    return scenario


def play(facedown: str, ask: dict[str, Any] | None = None, **kwargs: Any) -> Answer:
    scenario = position(facedown, **kwargs)
    scenario["ask"] = {"play_hidden": facedown, "at": BF, **(ask or {})}
    return check(scenario, CARDS)


def failed(answer: Answer) -> set[str]:
    return {c.code for c in answer.failed}


def test_811_6_playable_on_the_opponents_next_turn() -> None:
    answer = play("Hidden Blade", {"targets": [f"Vanguard Sergeant@{BF}"]})
    assert answer.legal is True, answer.summary
    assert {"811.6", "811.1.d.2"} <= set(answer.citations)


def test_811_6_never_on_the_turn_it_was_hidden() -> None:
    answer = play("Hidden Blade", hidden_turn=4, turn_player="me", showdown=None)
    assert failed(answer) == {"hidden_this_turn"}


def test_811_6_a_closed_states_included() -> None:
    answer = play("Hidden Blade", state="closed", chain=["Sudden Storm"], showdown=None)
    assert answer.legal is True


def test_811_6_not_on_the_opponents_turn_without_a_chain_or_showdown() -> None:
    answer = play("Hidden Blade", showdown=None)
    assert failed(answer) == {"no_reaction_timing"}


def test_811_6_on_your_own_turn_any_state() -> None:
    assert play("Hidden Blade", turn_player="me", showdown=None).legal is True


def test_811_1_c_3_playing_from_facedown_opens_a_chain() -> None:
    answer = play("Hidden Blade")
    assert any("811.1.c.3" in e.rules and e.code is EffectCode.OPENS_CHAIN for e in answer.effects)


def test_356_1_b_base_cost_ignored() -> None:
    answer = play("Hidden Blade", me={"runes": {"energy": 0, "power": []}})
    assert answer.legal is True
    assert any("356.1.b" in e.rules and e.code is EffectCode.BASE_COST_IGNORED for e in answer.effects)


def test_356_1_b_3_deflect_still_costs_power() -> None:
    scenario = position("Hidden Blade", me={"runes": {"energy": 0, "power": []}})
    scenario["battlefields"][BF]["units"].append({"card": "Pouty Poro", "controller": "opp"})
    scenario["ask"] = {"play_hidden": "Hidden Blade", "at": BF, "targets": [f"Pouty Poro@{BF}"]}
    answer = check(scenario, CARDS)
    assert failed(answer) == {"cannot_pay_additional"}
    assert {"356.1.b.3", "809.1.c"} <= set(answer.citations)
    scenario["me"] = {"runes": {"energy": 0, "power": ["order"]}}
    assert check(scenario, CARDS).legal is True


def test_356_1_b_3_optional_additional_cost_pyke() -> None:
    answer = play(
        "Pyke, Dockside Butcher", {"optional_costs": True}, me={"runes": {"energy": 0, "power": []}}
    )
    assert failed(answer) == {"cannot_pay_additional"}
    assert play("Pyke, Dockside Butcher", {"optional_costs": True}).legal is True
    assert play("Pyke, Dockside Butcher", me={"runes": {"energy": 0, "power": []}}).legal is True


def test_811_1_d_2_hidden_spell_targets_its_battlefield() -> None:
    answer = play("Hidden Blade")
    (choice,) = answer.choices
    assert choice.restricted_to == BF
    assert f"Vanguard Sergeant@{BF}" in choice
    assert "Pouty Poro@Targon's Peak" not in choice
    assert answer.legal is True


def test_811_1_d_2_target_elsewhere_is_illegal() -> None:
    answer = play("Hidden Blade", {"targets": ["Pouty Poro@Targon's Peak"]})
    assert failed(answer) == {"illegal_target"}
    bad = next(c for c in answer.checks if not c.ok)
    assert "811.1.d.2" in bad.rules


def test_811_1_d_spell_with_no_target_there_cant_be_played() -> None:
    scenario = position("Hidden Blade")
    scenario["battlefields"][BF]["units"] = []
    scenario["ask"] = {"play_hidden": "Hidden Blade", "at": BF}
    answer = check(scenario, CARDS)
    assert failed(answer) == {"no_legal_targets"}
    assert {"811.1.d", "355.6"} <= set(answer.citations)


def test_811_1_d_unit_with_no_target_there_still_can_be_played() -> None:
    scenario = position("Blastcone Fae")
    scenario["battlefields"][BF]["units"] = []
    scenario["ask"] = {"play_hidden": "Blastcone Fae", "at": BF}
    answer = check(scenario, CARDS)
    assert answer.legal is True
    # Blastcone Fae itself is at the battlefield when its play effect chooses: the only legal target.
    assert answer.choices[0].legal == (f"Blastcone Fae@{BF}",)


def test_811_1_d_3_play_effect_chooses_where_it_was_played() -> None:
    answer = play("Windsinger")
    (choice,) = answer.choices
    assert choice.restricted_to == BF
    assert "811.1.d.3" in choice.rules
    assert f"Vanguard Sergeant@{BF}" not in choice  # 4 Might: fails the text's own "3 Might or less"
    assert "my-tide@Bandle Tree" in choice
    assert "Pouty Poro@Targon's Peak" not in choice


def test_811_1_d_3_a_play_effect_has_no_target_once_the_permanent_left() -> None:
    answer = play("Windsinger", {"source_left_board": True})
    (choice,) = answer.choices
    assert choice.legal == ()
    assert "811.1.d.3.a" in answer.citations
    assert answer.legal is True


def test_811_1_d_4_tideturner_chooses_at_another_location() -> None:
    answer = play("Tideturner")
    (choice,) = answer.choices
    assert choice.restricted_to is None
    assert "811.1.d.4" in choice.rules
    assert "Shipyard Skulker@me.base" in choice
    assert "my-tide@Bandle Tree" not in choice


def test_811_1_d_4_smoke_and_mirrors_second_unit_is_free() -> None:
    answer = play("Smoke and Mirrors")
    first, second = answer.choices
    assert first.restricted_to == BF and "my-tide@Bandle Tree" in first
    assert "Shipyard Skulker@me.base" not in first
    assert second.restricted_to is None and "Shipyard Skulker@me.base" in second
    assert "my-tide@Bandle Tree" not in second


def test_811_1_d_4_evelynn_moves_an_enemy_from_elsewhere_on_your_turn() -> None:
    answer = play("Evelynn, Entrancing", turn_player="me", showdown=None)
    (choice,) = answer.choices
    assert choice.restricted_to is None
    assert "Pouty Poro@Targon's Peak" in choice
    # On the opponent's turn its play effect does not trigger at all.
    assert play("Evelynn, Entrancing").choices == ()


def test_811_1_d_1_hidden_unit_is_played_to_that_battlefield() -> None:
    answer = play("Tideturner")
    assert any(
        "811.1.d.1" in e.rules and e.code is EffectCode.PLAYED_THERE and BF in e.text for e in answer.effects
    )


def test_811_1_d_1_a_hidden_gear_is_played_there_and_recalled_at_cleanup() -> None:
    answer = play("Zhonya's Hourglass")
    rules = {n for e in answer.effects for n in e.rules}
    assert {"811.1.d.1", "811.1.d.1.a", "459.1"} <= rules
    assert answer.choices == ()


def test_811_1_d_5_units_a_hidden_card_plays_enter_there() -> None:
    answer = play("Sprite Call")
    entering = [e for e in answer.effects if e.code is EffectCode.UNIT_ENTERS_THERE]
    assert entering and all("811.1.d.5" in e.rules and BF in e.text for e in entering)
    helped = play("Here to Help")
    unit, destination = helped.choices
    assert unit.restricted_to is None
    assert destination.restricted_to == BF and destination.legal == (BF,)
    assert "811.1.d.5" in destination.rules


def test_811_2_only_choices_are_restricted_stand_united() -> None:
    answer = play("Stand United")
    (choice,) = answer.choices
    assert choice.restricted_to == BF
    assert "Shipyard Skulker@me.base" not in choice
    assert any("811.2" in e.rules for e in answer.effects)


def test_811_2_back_off_draws_only_from_hand() -> None:
    answer = play("Back Off")
    assert any("811.2" in e.rules and e.code is EffectCode.DOES_NOTHING for e in answer.effects)


def test_811_3_played_from_hand_nothing_is_restricted() -> None:
    scenario = position("Hidden Blade", turn_player="me", showdown=None)
    scenario["me"] = {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": []}}
    scenario["ask"] = {"play": "Hidden Blade", "from": "hand", "targets": ["Pouty Poro@Targon's Peak"]}
    answer = check(scenario, CARDS)
    assert answer.choices[0].restricted_to is None
    assert "Pouty Poro@Targon's Peak" in answer.choices[0]
    # Pouty Poro's Deflect adds one power, and there is none: the cost check fails, nothing else.
    assert failed(answer) == {"cannot_pay_cost"}
    assert "811.3" in answer.citations


def test_811_3_normal_timing_from_hand() -> None:
    scenario = position("Hidden Blade", showdown=None)
    scenario["me"] = {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": []}}
    scenario["ask"] = {"play": "Hidden Blade", "from": "hand"}
    assert failed(check(scenario, CARDS)) == {"not_normal_timing"}


def test_targets_question_lists_restricted_choices() -> None:
    scenario = position("Hidden Blade")
    scenario["ask"] = {"targets": "Facebreaker", "at": BF}
    answer = check(scenario, CARDS)
    assert [c.restricted_to for c in answer.choices] == [BF, BF]
    assert answer.legal is True
    scenario["ask"] = {"targets": "Facebreaker", "from": "hand"}
    assert [c.restricted_to for c in check(scenario, CARDS).choices] == [None, None]


def test_partial_card_without_text_is_undecided() -> None:
    answer = play("Mystery Beast")
    assert answer.legal is None
    assert answer.undecided
    assert answer.summary.startswith("Depends")


def test_elnuk_herd_may_pick_itself() -> None:
    answer = play("Elnuk Herd")
    (choice,) = answer.choices
    assert f"Elnuk Herd@{BF}" in choice and "Shipyard Skulker@me.base" not in choice


def test_811_1_d_4_smoke_and_mirrors_second_target_must_be_elsewhere() -> None:
    scenario = position("Smoke and Mirrors")
    scenario["battlefields"][BF]["units"].append({"card": "Shipyard Skulker", "id": "skulker-here"})
    scenario["ask"] = {
        "play_hidden": "Smoke and Mirrors",
        "at": BF,
        "targets": [f"my-tide@{BF}", "Shipyard Skulker@me.base"],
    }
    assert check(scenario, CARDS).legal is True
    scenario["ask"]["targets"] = [f"my-tide@{BF}", f"skulker-here@{BF}"]
    answer = check(scenario, CARDS)
    assert failed(answer) == {"illegal_target"}
    scenario["ask"]["targets"] = ["Shipyard Skulker@me.base", f"my-tide@{BF}"]
    bad = [c for c in check(scenario, CARDS).checks if not c.ok]
    assert len(bad) >= 1 and "811.1.d.2" in bad[0].rules  # the first unit is still restricted


def test_811_1_b_only_your_own_facedown_card_and_its_control_is_its_owners() -> None:
    scenario = position("Hidden Blade")
    bf = scenario["battlefields"][BF]
    bf["controller"] = "opp"
    bf["facedown"] = [{"card": "Hidden Blade", "owner": "opp", "hidden_turn": 2}]
    scenario["ask"] = {"play_hidden": "Hidden Blade", "at": BF}
    answer = check(scenario, CARDS)
    assert answer.legal is False
    # The card is the opponent's: that is the reason; it is not "lost" to a cleanup, since its owner controls BF.
    assert failed(answer) == {"not_your_facedown_card"}


def test_107_3_d_your_card_at_a_battlefield_you_lost_cannot_be_played() -> None:
    scenario = position("Hidden Blade")
    scenario["battlefields"][BF]["controller"] = "opp"
    scenario["ask"] = {"play_hidden": "Hidden Blade", "at": BF}
    answer = check(scenario, CARDS)
    assert answer.legal is False
    assert "battlefield_lost" in failed(answer)
    assert {"107.3.d", "323.6.a"} <= set(answer.citations)


def test_811_6_a_card_without_hidden_cannot_be_played_from_facedown() -> None:
    answer = play("Pouty Poro")
    assert answer.legal is False
    assert "no_hidden" in failed(answer)
    assert {"811.1.b", "811.6"} <= set(answer.citations)


def test_811_6_a_card_known_only_partly_is_undecided_not_refused() -> None:
    from dataclasses import replace

    from tests.support.engine_cards import CARDS as KNOWN

    guardian = Card(id="gutter-guardian", name="Gutter Guardian", types=(), partial=True)
    cards = MemoryCards([*KNOWN, guardian])
    for ask in ({"play_hidden": "Gutter Guardian", "at": BF}, {"targets": "Gutter Guardian", "at": BF}):
        scenario = position("Gutter Guardian")
        scenario["ask"] = ask
        answer = check(scenario, cards)
        assert answer.legal is None, answer.summary
        assert any("whether it has Hidden is not known" in why for why in answer.undecided)
    hide = position("Hidden Blade", turn_player="me", showdown=None)
    hide["me"]["hand"] = ["Gutter Guardian"]
    hide["battlefields"][BF]["facedown"] = []
    hide["ask"] = {"hide": "Gutter Guardian", "at": BF}
    answer = check(hide, cards)
    assert answer.legal is None and "no_hidden" not in {c.code for c in answer.checks}
    # With Hidden known, the same card is decided.
    hidden_guardian = replace(guardian, keywords=(KeywordValue("Hidden"),), types=("Unit",))
    answer = check(hide, MemoryCards([*KNOWN, hidden_guardian]))
    assert answer.legal is True, answer.summary


def test_811_1_d_5_speaks_of_units_you_play_bone_skewers_unit_follows_its_chosen_battlefield() -> None:
    skewer = BONE_SKEWER
    from tests.support.engine_cards import CARDS as KNOWN

    scenario = position("Bone Skewer")
    scenario["ask"] = {"play_hidden": "Bone Skewer", "at": BF}
    answer = check(scenario, MemoryCards([*KNOWN, skewer]))
    battlefield = answer.choices[0]
    assert battlefield.restricted_to == BF and "811.1.d.2" in battlefield.rules
    entering = [e for e in answer.effects if e.code is EffectCode.UNIT_ENTERS_WHERE_CHOSEN]
    assert entering and all("811.1.d.5" not in e.rules and "811.1.d.2" in e.rules for e in entering)


def test_811_2_an_ability_for_cards_played_from_facedown_applies_only_then() -> None:
    from tests.support.engine_cards import CARDS as KNOWN

    herd = Card(
        id="elnuk-herd",
        name="Elnuk Herd",
        types=("Unit",),
        keywords=(KeywordValue("Hidden"),),
        energy=3,
        text="[Hidden]\nWhen you play me, give a friendly unit +3 Might. If you played me from facedown, recycle me.",
    )
    cards = MemoryCards([*KNOWN, herd])
    scenario = position("Elnuk Herd")
    scenario["ask"] = {"play_hidden": "Elnuk Herd", "at": BF}
    answer = check(scenario, cards)
    assert [e.rules for e in answer.effects if e.code is EffectCode.APPLIES] == [("811.2",)]
    from_hand = position("Hidden Blade", turn_player="me", showdown=None)
    from_hand["me"]["hand"] = ["Elnuk Herd"]
    from_hand["me"]["runes"] = {"energy": 3, "power": []}
    from_hand["ask"] = {"play": "Elnuk Herd", "from": "hand", "to": BF}
    answer = check(from_hand, cards)
    assert [e.code for e in answer.effects if e.code is EffectCode.DOES_NOTHING] == [EffectCode.DOES_NOTHING]


STRANGER = Card(
    id="bedeviling-stranger",
    name="Bedeviling Stranger",
    types=("Unit",),
    domains=("Chaos",),
    keywords=(KeywordValue("Hidden"),),
    energy=2,
    might=2,
    text=(
        "[Hidden]\nWhen you play me, choose a battlefield. If there are 4 or more units there, you may return an enemy "
        "unit there to its owner's hand."
    ),
)


def test_811_1_d_3_the_profile_says_the_battlefield_choice_is_not_settled() -> None:
    from cardsdb.engine import card_profile

    profile = card_profile(STRANGER, compile_reading(STRANGER))
    battlefield, enemy = profile.choices
    assert (
        battlefield.unsettled is not None
        and "do not say whether a battlefield is one" in battlefield.unsettled
    )
    assert enemy.unsettled is None and enemy.restricted
    assert "not settled by the rules whether restricted: a battlefield" in profile.restriction
