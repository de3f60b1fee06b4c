"""Hiding (811.1, 811.1.b, 811.1.c, 422.1-422.2, 107.3.b-c): each rule proved by a test named after it."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine import Answer, check
from cardsdb.engine.verdict.codes import EffectCode
from tests.support.engine_cards import MemoryCards

CARDS = MemoryCards()


def hide(card: str = "Hidden Blade", *, ask: dict[str, Any] | None = None, **position: Any) -> Answer:
    scenario: dict[str, Any] = {
        "turn": 2,
        "turn_player": "me",
        "state": "open",
        "me": {"hand": [card], "runes": {"energy": 0, "power": ["any"]}},
        "battlefields": {
            "Targon's Peak": {"controller": "me", "units": ["Vanguard Sergeant"]},
            "Bandle Tree": {"controller": "me", "units": ["Shipyard Skulker"]},
        },
    }
    scenario.update(position)
    scenario["ask"] = {"hide": card, "at": "Targon's Peak", **(ask or {})}
    return check(scenario, CARDS)


def failed(answer: Answer) -> set[str]:
    return {c.code for c in answer.failed}


def test_811_1_b_hide_from_hand_on_your_turn_is_legal() -> None:
    answer = hide()
    assert answer.legal is True
    assert failed(answer) == set()
    assert {"has_hidden", "your_turn", "open_state", "no_showdown", "controls_battlefield"} <= {
        c.code for c in answer.checks
    }


def test_811_1_hiding_needs_the_hidden_keyword() -> None:
    answer = hide("Cleave")
    assert answer.legal is False
    assert failed(answer) == {"no_hidden"}
    assert "811.1" in answer.citations


def test_811_1_b_windsinger_prints_hidden_without_brackets() -> None:
    assert hide("Windsinger").legal is True


def test_811_1_b_hide_from_champion_zone() -> None:
    # The Champion Zone holds your Chosen Champion, a champion unit (v1.4 103.2.a.2, 108.3.b): a spell is never there.
    answer = hide(
        "Evelynn, Entrancing",
        me={"hand": [], "champion_zone": ["Evelynn, Entrancing"], "runes": {"energy": 0, "power": ["any"]}},
    )
    assert answer.legal is True


def test_811_1_b_not_from_trash() -> None:
    answer = hide(me={"hand": [], "trash": ["Hidden Blade"], "runes": {"energy": 0, "power": ["any"]}})
    assert failed(answer) == {"wrong_zone"}


def test_811_1_b_not_on_the_opponents_turn() -> None:
    answer = hide(turn_player="opp")
    assert failed(answer) == {"not_your_turn"}
    assert "422.2" in answer.citations


def test_811_1_b_not_while_a_chain_is_open() -> None:
    answer = hide(state="closed", chain=["Sudden Storm"])
    assert failed(answer) == {"chain_open"}


def test_422_2_hiding_is_a_discretionary_action_not_during_a_showdown() -> None:
    answer = hide(showdown="Targon's Peak")
    assert failed(answer) == {"in_showdown"}
    assert {"422.1", "422.2"} <= set(answer.citations)


def test_107_3_c_only_at_a_battlefield_you_control() -> None:
    answer = hide(battlefields={"Targon's Peak": {"controller": "opp"}})
    assert failed(answer) == {"battlefield_not_controlled"}
    assert "107.3.c" in answer.citations
    assert hide(battlefields={"Targon's Peak": {"controller": None}}).legal is False


def test_107_3_b_one_facedown_card_per_battlefield() -> None:
    answer = hide(
        battlefields={
            "Targon's Peak": {"controller": "me", "facedown": [{"card": "Stand United", "hidden_turn": 1}]}
        }
    )
    assert failed(answer) == {"facedown_zone_full"}
    assert "107.3.b" in answer.citations


def test_107_3_b_bandle_tree_raises_the_limit_to_two() -> None:
    one = {"controller": "me", "facedown": [{"card": "Stand United", "hidden_turn": 1}]}
    answer = hide(ask={"at": "Bandle Tree"}, battlefields={"Bandle Tree": one})
    assert answer.legal is True
    two = {"controller": "me", "facedown": ["Stand United", "Back Off"]}
    assert failed(hide(ask={"at": "Bandle Tree"}, battlefields={"Bandle Tree": two})) == {
        "facedown_zone_full"
    }


def test_811_1_b_hiding_costs_one_power_of_any_domain() -> None:
    assert failed(hide(me={"hand": ["Hidden Blade"], "runes": {"energy": 5, "power": []}})) == {"cannot_pay"}
    assert hide(me={"hand": ["Hidden Blade"], "runes": {"energy": 0, "power": ["fury"]}}).legal is True


def test_811_1_b_swift_scout_lets_you_pay_energy() -> None:
    me = {"legend": "Swift Scout", "hand": ["Hidden Blade"], "runes": {"energy": 1, "power": []}}
    assert hide(me=me, ask={"pay": "energy"}).legal is True
    broke = {"legend": "Swift Scout", "hand": ["Hidden Blade"], "runes": {"energy": 0, "power": []}}
    assert failed(hide(me=broke, ask={"pay": "energy"})) == {"cannot_pay"}
    assert failed(hide(ask={"pay": "energy"})) == {"cannot_pay"}  # no Swift Scout


def test_811_1_b_guerilla_warfare_lets_you_hide_ignoring_costs() -> None:
    me = {
        "hand": ["Hidden Blade"],
        "runes": {"energy": 0, "power": []},
        "played_this_turn": ["Guerilla Warfare"],
    }
    assert hide(me=me, ask={"pay": "none"}).legal is True
    assert failed(hide(ask={"pay": "none"})) == {"cannot_pay"}


def test_811_1_every_failure_is_listed_not_only_the_first() -> None:
    answer = hide(
        turn_player="opp",
        state="closed",
        showdown="Targon's Peak",
        me={"hand": ["Hidden Blade"], "runes": {"energy": 0, "power": []}},
        battlefields={
            "Targon's Peak": {"controller": "opp", "facedown": [{"card": "Back Off", "owner": "opp"}]}
        },
    )
    assert failed(answer) == {
        "not_your_turn",
        "chain_open",
        "in_showdown",
        "battlefield_not_controlled",
        "facedown_zone_full",
        "cannot_pay",
    }
    assert answer.summary.startswith("No")


@pytest.mark.parametrize(
    ("number", "code"),
    [("811.1.c.1", EffectCode.HIDE_IS_NOT_PLAY), ("811.1.c.2", EffectCode.HIDE_OPENS_NO_CHAIN)],
)
def test_811_1_c_hiding_is_not_playing_and_opens_no_chain(number: str, code: EffectCode) -> None:
    answer = hide()
    assert [e.code for e in answer.effects if number in e.rules] == [code]


def test_811_6_hiding_says_when_it_can_be_played() -> None:
    answer = hide()
    effect = next(e for e in answer.effects if "811.6" in e.rules)
    assert effect.code is EffectCode.GAINS_REACTION_LATER
    assert "turn 3" in effect.text and "not on turn 2" in effect.text


def test_811_5_a_a_facedown_card_shows_nothing() -> None:
    answer = hide()
    assert {"107.3.f", "129.4", "811.5.a"} <= {n for e in answer.effects for n in e.rules}
