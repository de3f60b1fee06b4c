"""Reading the whole card (issue 21): the general rules of the card language the engine reads, each proved on small
fixture cards (their text as the sources print it) and on the real cards the issue names, and the coverage report.

Fixture cards stand for the three Radiance cards with Hidden (shared/riftbound-data/radiance-2026-10/
card-catalog-excerpt.json; Elnuk Herd with its Radiance erratum), written with the catalog's own bracket tokens
("[Universal]", "[Might]") and read as its importer writes them (`catalog_text`: the data's symbol tokens).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsdb.build.importers.card_catalog import catalog_text
from cardsdb.engine import Answer, check
from cardsdb.engine.coverage import coverage, render_text
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.engine.reading.instructions import read_instruction
from cardsdb.engine.reading.overrides import choices_for
from cardsdb.engine.reading.sentences import card_sentences
from cardsdb.engine.verdict.codes import EffectCode
from cardsdb.models import Card
from tests.support.engine_cards import CARDS, MemoryCards, _card


def _catalog_card(name: str, types: tuple[str, ...], text: str, **characteristics: Any) -> Card:
    return _card(name, types, catalog_text(text), **characteristics)


CATALOG_HIDDEN = "[Hidden] (Hide now for [Universal] to react with later for [0].)"
BEDEVILING_STRANGER = _catalog_card(
    "Bedeviling Stranger",
    ("Unit",),
    f"{CATALOG_HIDDEN}\nWhen you play me, choose a battlefield. If there are 4 or more units there, you may return an "
    "enemy unit there to its owner's hand.",
    energy=2,
    might=2,
    keywords=("Hidden",),
    domains=("Chaos",),
)
MOMENTARY_COMPANION = _catalog_card(
    "Momentary Companion",
    ("Unit",),
    f"{CATALOG_HIDDEN}\nWhen you play me, if it's not your turn, give me [Temporary]. (Kill me at the start of my "
    "controller's Beginning Phase, before scoring.)",
    energy=4,
    might=4,
    keywords=("Hidden",),
    domains=("Chaos",),
)
# Its Radiance erratum (2026-10-09): "a friendly unit" where the catalog still prints "another friendly unit".
ELNUK_HERD = _catalog_card(
    "Elnuk Herd",
    ("Unit",),
    f"{CATALOG_HIDDEN}\nWhen you play me, give a friendly unit +3 [Might] this turn, then recycle me if I was played from "
    "face down.",
    energy=6,
    might=5,
    keywords=("Hidden",),
    domains=("Fury",),
)
ELNUK_HERD_AS_PRINTED = _catalog_card(
    "Elnuk Herd (as printed)",
    ("Unit",),
    f"{CATALOG_HIDDEN}\nWhen you play me, give another friendly unit +3 [Might] this turn, then recycle me if I was "
    "played from face down.",
    energy=6,
    might=5,
    keywords=("Hidden",),
    domains=("Fury",),
)
DEPLOYED_BANNER = _catalog_card(
    "Deployed Banner",
    ("Gear",),
    "[Deploy] (Play this only to a battlefield. When an opponent holds here, kill this.)\nFriendly units here have "
    "[Assault]. (+1 [Might] while they're attackers.)",
    energy=1,
    power=1,
    domains=("Fury",),
)
WAR_CAMP = _card(
    "Trifarian War Camp", ("Battlefield",), "Units here have +1 :rb_might:. (This includes attackers.)"
)
FIXTURES = MemoryCards(
    (
        *(c for c in CARDS if c.name != "Elnuk Herd"),
        BEDEVILING_STRANGER,
        MOMENTARY_COMPANION,
        ELNUK_HERD,
        ELNUK_HERD_AS_PRINTED,
        DEPLOYED_BANNER,
        WAR_CAMP,
    )
)
BF = "Bandle Tree"


def _from_facedown(card: str, *, your_turn: bool = False, units: list[Any] | None = None) -> dict[str, Any]:
    return {
        "turn": 4,
        "turn_player": "me" if your_turn else "opp",
        "showdown": None if your_turn else BF,
        "me": {"runes": {"energy": 0, "power": ["any"]}, "base": {"units": ["Shipyard Skulker"]}},
        "battlefields": {
            BF: {
                "controller": "me",
                "units": units
                if units is not None
                else ["Vanguard Sergeant", {"card": "Pouty Poro", "controller": "opp"}],
                "facedown": [{"card": card, "owner": "me", "hidden_turn": 3}],
            },
            "Targon's Peak": {"controller": "opp", "units": [{"card": "Sprite", "controller": "opp"}]},
        },
        "ask": {"targets": card, "at": BF},
    }


# ---- the Radiance cards with Hidden ------------------------------------------------------------------------------------


def test_811_1_d_3_bedeviling_stranger_may_choose_its_battlefield_and_another_is_left_open() -> None:
    """811.1.d.3 restricts what a hidden permanent's play effect chooses to options at the battlefield it was played
    to; whether a battlefield is such an option the rules do not say: another battlefield is open (not excluded, not
    legal) with the reason, and the enemy unit it returns is restricted all the same."""
    answer = check(_from_facedown("Bedeviling Stranger"), FIXTURES)
    assert answer.legal is True  # a unit is played whatever its play effect may choose (811.1.d: spells only)
    battlefield, enemy = answer.choices
    assert battlefield.purpose == "play_effect" and battlefield.restricted_to == BF
    assert battlefield.legal == (BF,) and "811.1.d.3" in battlefield.rules
    assert not battlefield.excluded
    assert [e.target for e in battlefield.open_targets] == ["Targon's Peak"]
    assert "the rules do not settle whether" in battlefield.open_targets[0].because
    assert enemy.optional and enemy.legal == (f"Pouty Poro@{BF}",)
    assert "Sprite@Targon's Peak" not in enemy


def test_811_2_momentary_companion_is_temporary_only_off_your_turn() -> None:
    theirs = check(_from_facedown("Momentary Companion"), FIXTURES)
    assert theirs.legal is True and theirs.choices == ()
    assert any(
        e.code is EffectCode.APPLIES and "811.2" in e.rules and "Temporary" in e.text for e in theirs.effects
    )
    mine = check(_from_facedown("Momentary Companion", your_turn=True), FIXTURES)
    assert any(e.code is EffectCode.DOES_NOTHING and "Temporary" in e.text for e in mine.effects)


def test_811_1_d_3_elnuk_herd_erratum_may_choose_itself_and_recycles_from_facedown() -> None:
    answer = check(_from_facedown("Elnuk Herd"), FIXTURES)
    (choice,) = answer.choices
    assert f"Elnuk Herd@{BF}" in choice and f"Vanguard Sergeant@{BF}" in choice
    assert "Shipyard Skulker@me.base" not in choice
    assert [e.rules for e in answer.effects if e.code is EffectCode.APPLIES] == [("811.2",)]
    printed = check(_from_facedown("Elnuk Herd (as printed)"), FIXTURES)
    assert f"Elnuk Herd (as printed)@{BF}" not in printed.choices[0]


def test_811_2_elnuk_herd_from_hand_does_not_recycle() -> None:
    scenario = {
        "turn": 3,
        "me": {"hand": ["Elnuk Herd"], "runes": {"energy": 6, "power": []}},
        "battlefields": {BF: {"controller": "me", "units": ["Vanguard Sergeant"]}},
        "ask": {"play": "Elnuk Herd", "to": BF},
    }
    answer = check(scenario, FIXTURES)
    assert answer.legal is True
    assert [e.code for e in answer.effects if e.code is EffectCode.DOES_NOTHING] == [EffectCode.DOES_NOTHING]


def test_a_keyword_the_engine_does_not_know_leaves_where_it_may_be_played_open() -> None:
    # [Deploy] (Radiance): "Play this only to a battlefield" is a keyword the engine does not apply: asked where the gear
    # goes, the answer is open, not a guess.
    scenario = {
        "turn": 3,
        "me": {"hand": ["Deployed Banner"], "runes": {"energy": 1, "power": ["fury"]}},
        "battlefields": {BF: {"controller": "me"}},
        "ask": {"play": "Deployed Banner", "to": "me.base"},
    }
    answer = check(scenario, FIXTURES)
    assert answer.legal is None
    assert any("Deploy" in u for u in answer.undecided)


# ---- the sentence model and the instruction reader -----------------------------------------------------------------


def test_a_mode_list_is_one_choice_and_its_header_is_no_choice() -> None:
    parts = [
        (s.part, s.item_of is not None)
        for s in card_sentences(_card("M", ("Spell",), "Choose one —\nDraw 1.\nKill a gear."))
    ]
    assert parts == [("spell", False), ("spell", True), ("spell", True)]


def test_355_10_c_a_condition_and_a_cost_within_an_instruction_choose_nothing() -> None:
    reading = read_instruction("Then, if there's an enemy unit alone at that battlefield, draw 1.", "spell")
    assert reading.specs == [] and reading.read
    reading = read_instruction("you may kill another friendly unit here to draw 1.", "spell")
    assert reading.specs == [] and any("355.10.c.1" in a for a in reading.accounted)


def test_355_10_e_what_another_player_chooses_is_not_a_choice_of_yours() -> None:
    reading = read_instruction("They move a unit they control to the same battlefield.", "spell")
    assert reading.specs == [] and any("355.10.e" in a for a in reading.accounted)


def test_355_9_a_2_a_spell_is_on_the_chain_and_a_spell_from_your_trash_is_a_card_there() -> None:
    (on_chain,) = read_instruction("Counter a spell.", "spell").specs
    assert on_chain.what == "spell" and on_chain.where == "chain"
    (in_trash,) = read_instruction("Return a spell from your trash to your hand.", "spell").specs
    assert in_trash.what == "card" and in_trash.where == "trash" and in_trash.card_types == ("Spell",)


def test_a_restriction_the_engine_does_not_read_is_kept_and_makes_the_sentence_unread() -> None:
    reading = read_instruction(
        "Counter an enemy spell or ability that chooses a friendly unit or gear.", "spell"
    )
    (spec,) = reading.specs
    assert spec.unread and not reading.read


# ---- current Might (v1.4 710) on fixture cards -------------------------------------------------------------------------


def test_710_a_battlefield_gives_its_units_might() -> None:
    scenario = {
        "turn": 3,
        "me": {"hand": ["Windsinger"], "runes": {"energy": 2, "power": []}},
        "battlefields": {
            "Trifarian War Camp": {
                "controller": "me",
                "units": [{"card": "Pouty Poro", "controller": "opp", "id": "poro"}],
            },
            BF: {"controller": "me", "units": [{"card": "Shipyard Skulker", "controller": "opp"}]},
        },
        "ask": {"targets": "Windsinger", "from": "hand", "to": BF},
    }
    (choice,) = check(scenario, FIXTURES).choices
    assert "poro@Trifarian War Camp" in choice  # 2 + 1 = 3: still 3 or less
    scenario["battlefields"]["Trifarian War Camp"]["units"][0]["buffed"] = True
    (choice,) = check(scenario, FIXTURES).choices
    refused = {e.target: e for e in choice.excluded}["poro@Trifarian War Camp"]
    assert "4 Might" in refused.because and "710" in refused.rules and "703" in refused.rules


# ---- the coverage report ---------------------------------------------------------------------------------------------


def test_the_coverage_report_lists_every_sentence_and_counts_what_is_read() -> None:
    report = coverage((c, FIXTURES.reading(c)) for c in FIXTURES.by_name.values())
    totals = report.totals()
    assert totals["cards"] == len(FIXTURES.by_name)
    assert totals["sentences"] == totals["sentences_read"] + totals["sentences_not_understood"]
    assert 0 < totals["cards_fully_read"] < totals["cards"]
    banner = next(c for c in report.cards if c.name == "Deployed Banner")
    assert not banner.fully_read and any(p.pattern == "keyword: deploy" for p in report.unread_patterns)
    text = render_text(report)
    assert "Deployed Banner (Gear): partly read" in text and "not understood" in text
    data = report.to_dict()
    assert data["totals"] == totals and {"pattern", "sentences", "examples"} <= set(
        data["not_understood_by_pattern"][0]
    )


def test_every_sentence_is_read_or_says_why_not() -> None:
    for card in FIXTURES.by_name.values():
        for reading in compile_reading(card).sentences:
            assert reading.read_as if reading.read else (reading.unread and reading.pattern), (
                card.name,
                reading.text,
            )


# ---- the real cards the issue names ------------------------------------------------------------------------------------


def _targets(db: Any, card: str, **position: Any) -> Answer:
    scenario = {
        "turn": 4,
        "me": {"hand": [card], "runes": {"energy": 9, "power": 4}, "base": {"units": ["Shipyard Skulker"]}},
        "opp": {"base": {"units": [{"card": "Mega-Mech", "controller": "opp", "id": "home-mech"}]}},
        "battlefields": {
            "Grove of the God-Willow": {
                "controller": "opp",
                "units": [{"card": "Vanguard Sergeant", "controller": "opp"}],
            }
        },
        **position,
        "ask": {"targets": card, "from": "hand"},
    }
    return check(scenario, db)


@pytest.mark.parametrize(
    ("card", "choices"),
    [
        ("Fading Memories", ["a unit at a battlefield or a gear"]),
        ("Rocket Barrage", ["a unit in a base or a gear (one mode)"]),
        ("Call to Battle", ["a unit you control"]),
        ("Isolate", ["an enemy unit from a battlefield"]),
        ("Temptation", ["an enemy unit"]),
        ("Bubble Bot", ["another friendly Mech"]),
        ("Strike Down", ["an equipped friendly unit", "an enemy unit"]),
        ("Angle Shot", ["a unit", "an Equipment with the same controller"]),
        ("Walking Roost", []),
    ],
)
@pytest.mark.real_data
def test_355_the_choices_a_card_makes_are_exactly_those_it_makes(
    real_cards: Any, card: str, choices: list[str]
) -> None:
    assert [s.phrase for s in choices_for(real_cards.get_card(card)).choices] == choices
    answer = _targets(real_cards, card)
    assert [c.choice for c in answer.choices] == choices


@pytest.mark.real_data
def test_811_1_d_5_walking_roosts_bird_is_played_by_the_opponent(real_cards: Any) -> None:
    (play,) = choices_for(real_cards.get_card("Walking Roost")).unit_plays
    assert play.enters == "opponent_plays"
    answer = _targets(real_cards, "Walking Roost")
    assert any(e.code is EffectCode.OPPONENT_PLAYS_UNIT for e in answer.effects)


@pytest.mark.real_data
def test_355_3_rocket_barrage_with_neither_a_unit_in_a_base_nor_a_gear(real_cards: Any) -> None:
    answer = _targets(
        real_cards,
        "Rocket Barrage",
        opp={"base": {"units": []}},
        me={"hand": ["Rocket Barrage"], "runes": {"energy": 9, "power": 4}},
    )
    assert answer.legal is False and {c.code for c in answer.failed} == {"no_legal_targets"}


@pytest.mark.real_data
def test_811_2_stand_united_quick_answer_says_its_bonus_reaches_units_everywhere(real_cards: Any) -> None:
    from bot.database import DatabaseHandle
    from bot.hidden import answers
    from bot.services import Services

    reply = answers.hidden_play_reply(Services(DatabaseHandle(real_cards)), "Stand United")
    quick = reply.embeds[0].description or ""
    assert "Buffs give an additional +1 Might to friendly units this turn" in quick
    assert "not only at" in quick and "811.2" in quick


def test_the_coverage_command_prints_the_report_for_the_database(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from cardsdb.cli.main import main

    assert main(["engine-coverage", "--db", str(fixture_db), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    totals = data["totals"]
    assert totals["cards"] == len(data["cards"]) > 0
    assert totals["sentences"] == sum(len(c["sentences"]) for c in data["cards"])
    assert main(["engine-coverage", "--db", str(fixture_db), "--totals"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"Cards: {totals['cards']}; fully read: {totals['cards_fully_read']}.")


def test_an_instruction_the_engine_does_not_know_is_not_read_as_choosing_nothing() -> None:
    assert not read_instruction("Exile target unit.", "spell").read
    assert read_instruction("Draw 2.", "spell").read
    card = _card("Strange Rite", ("Spell",), "Exile target unit.", energy=1, domains=("Mind",))
    scenario = {
        "turn": 3,
        "me": {"hand": ["Strange Rite"], "runes": {"energy": 1, "power": []}},
        "ask": {"play": "Strange Rite"},
    }
    answer = check(scenario, MemoryCards((*CARDS, card)))
    assert answer.legal is None and any("Exile target unit" in u for u in answer.undecided)


def test_758_a_text_about_being_chosen_the_engine_does_not_read_leaves_the_target_open() -> None:
    veiled = _card(
        "Veiled Sentinel",
        ("Unit",),
        "Units here with Might 3 or more can't be chosen by spells this turn unless a player paid [A].",
        energy=3,
        might=3,
        domains=("Calm",),
    )
    scenario = {
        "turn": 3,
        "me": {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": []}},
        "battlefields": {
            BF: {"controller": "opp", "units": [{"card": "Veiled Sentinel", "controller": "opp"}]}
        },
        "ask": {"play": "Hidden Blade", "targets": [f"Veiled Sentinel@{BF}"]},
    }
    answer = check(scenario, MemoryCards((*CARDS, veiled)))
    assert answer.legal is None and any("Veiled Sentinel" in u for u in answer.undecided)
