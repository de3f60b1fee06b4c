"""Real questions from the seed documents, asked end to end through the command tree (interaction harness), answered
by the query layer and the engine over a built database: the fixture data, and the real data when it is present."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.harness import Harness, Result
from cardsdb.engine.verdict import citations
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, details, harness_for

RULE_NUMBER = re.compile(r"\b\d{3}(?:\.\d+(?:\.[a-z](?:\.\d+(?:\.[a-z])?)?)?)?\b")


@pytest.fixture(params=["fixture_cards", pytest.param("real_cards", marks=pytest.mark.real_data)])
def built_cards(request: pytest.FixtureRequest) -> CardsDB:
    """The database built from the fixture data, then the one built from the real data."""
    cards: CardsDB = request.getfixturevalue(request.param)
    return cards


@pytest.fixture
async def built_harness(built_cards: CardsDB) -> Harness:
    return await harness_for(built_cards)


def _checks(result: Result) -> str:
    return next(f["value"] for f in result.embeds[0]["fields"] if f["name"] == "Checks")


def _cited_rules_exist(result: Result, built_cards: CardsDB) -> None:
    fields = {f["name"]: f["value"] for f in result.embeds[0].get("fields") or ()}
    cited = fields.get("Rules cited", "")
    marked = [n.strip() for n in cited.split(",") if n.strip()]
    assert marked, "a verdict cites its rules"
    # A number cited from an older version is marked with it ("312.2 (v1.4)") and looked up in that version.
    v14 = [m.removesuffix(" (v1.4)") for m in marked if m.endswith(" (v1.4)")]
    assert set(v14) <= set(citations.V14_ONLY)
    if int(built_cards.meta().get("count_rules_v14") or 0) < 1000:
        return  # the fixture data holds a handful of v1.3 rules and no v1.4; the real data holds them all
    missing = [m for m in marked if not built_cards.rule_exists(m)]
    assert missing == [], f"cited rules missing from the rules table: {missing}"


async def test_811_6_hidden_blade_hidden_this_turn_cannot_be_played(
    built_harness: Any, built_cards: CardsDB
) -> None:
    # The newcomer's question of the README: a correct, cited "No", at a glance; the whole answer behind Details.
    result = await built_harness.command("hidden play", {"card": "Hidden Blade", "hidden_this_turn": True})
    assert result.embeds[0]["title"].startswith("No")
    assert "was hidden this turn" in result.embeds[0]["description"] and "811.6" in result.text()
    assert "Core Rules 2026-10-09" in result.embeds[0]["footer"]["text"]
    assert "**Assumed:** your turn;" in result.embeds[0]["description"]
    full = await details(built_harness, result)
    assert "❌ failed" in _checks(full) and "811.6" in _checks(full)
    assert "hidden_this_turn" not in _checks(full)  # the check's code stays in the JSON
    assert "Hidden this turn: yes (you set it)" in full.text()
    assert "Your turn: yes (implied" in full.text()
    assert "```yaml" in full.text()
    _cited_rules_exist(full, built_cards)
    assert_fits(result)
    assert_fits(full)


async def test_811_6_hidden_blade_played_on_the_next_turn_for_0(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("hidden play", {"card": "Hidden Blade"})
    assert result.embeds[0]["title"].startswith("Yes")
    assert "only at Your Battlefield, where it was hidden" in result.text() and "811.1.d.2" in result.text()
    full = await details(built_harness, result)
    text = full.text()
    assert "356.1.b" in text and "811.1.d.2" in text
    assert "Restricted to **Your Battlefield**" in text
    _cited_rules_exist(full, built_cards)


async def test_422_2_hiding_on_the_opponents_turn_is_refused(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("hidden hide", {"card": "Hidden Blade", "your_turn": False})
    assert result.embeds[0]["title"].startswith("No")
    assert "(rules 811.1.b, 422.2)" in result.embeds[0]["description"]
    full = await details(built_harness, result)
    assert re.search(r"❌ failed: .*\(rules 811\.1\.b, 422\.2\)\.", _checks(full))
    _cited_rules_exist(full, built_cards)


async def test_107_3_b_a_second_facedown_card_cannot_be_hidden_there(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command(
        "hidden hide", {"card": "Hidden Blade", "facedown_there": True, "chain_open": True}
    )
    assert result.embeds[0]["title"].startswith("No")
    checks = _checks(await details(built_harness, result))
    # every failure is listed, not only the first
    assert re.search(r"❌ failed: A chain is open.*\(rules 811\.1\.b, 422\.2", checks)
    assert re.search(r"❌ failed: .*facedown.*\(rules 811\.1\.b, 107\.3\.b\)", checks)


async def test_811_1_b_hiding_from_the_champion_zone_is_allowed(
    built_harness: Any, built_cards: CardsDB
) -> None:
    # A champion unit: the Champion Zone holds only the Chosen Champion (v1.4 103.2.a.2, 108.3.b), never a spell.
    result = await built_harness.command("hidden hide", {"card": "Teemo, Scout", "from": "champion_zone"})
    assert result.embeds[0]["title"].startswith("Yes")
    assert "the card in your champion zone" in result.text()
    full = await details(built_harness, result)
    assert "811.1.c.2" in full.text()  # hiding opens no chain
    assert "Where the card is: your champion zone (you set it)" in full.text()


async def test_811_1_d_4_tideturner_may_choose_a_unit_elsewhere(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("hidden targets", {"card": "Tideturner"})
    assert "from anywhere, not only where it was hidden: here Shipyard Skulker in your base" in result.text()
    text = (await details(built_harness, result)).text()
    assert "Not restricted to one battlefield" in text and "(rules 811.1.d.4" in text
    assert "its own text asks for a unit at another location" in text
    assert "Legal: Shipyard Skulker in your base" in text


async def test_811_1_d_4_smoke_and_mirrors_checks_each_target_on_its_own(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await details(
        built_harness, await built_harness.command("hidden targets", {"card": "Smoke and Mirrors"})
    )
    fields = [f for f in result.embeds[0]["fields"] if f["name"].startswith("Choice:")]
    assert len(fields) == 2
    assert fields[0]["value"].startswith("Restricted to **Your Battlefield**")
    assert fields[1]["value"].startswith("Not restricted")


async def test_811_1_d_2_card_shows_what_playing_from_facedown_restricts(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("card", {"name": "hidden blade"})
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    assert "only at the battlefield where it was hidden" in fields["From facedown"]
    assert "811.1.d.2" in fields["From facedown"]
    assert "2 energy + 1 Order power" in fields["Cost"]
    assert ":rb_" not in result.text()
    cited = await built_harness.click(result.first, "Show the cited rules")
    assert "If a hidden spell chooses any targets" in cited.text()
    assert_fits(result)
    assert_fits(cited)


async def test_422_rule_hide_is_current_and_moved_from_421(built_harness: Any, built_cards: CardsDB) -> None:
    result = await built_harness.command("rule", {"query": "422"})
    assert result.embeds[0]["title"] == "Rule 422 · Hide"
    text = result.text()
    assert "Core Rules 2026-10-09" in text
    assert (
        len(re.findall(r"• 421 \(v1\.3, v1\.4\)(, Hide,)? is 422 now\.", text)) == 1
    )  # both versions at once
    assert "**422.1** (summary)" in text  # rules in our words are marked


async def test_811_1_d_2_rule_text_is_quoted_as_official(built_harness: Any, built_cards: CardsDB) -> None:
    result = await built_harness.command("rule", {"query": "811.1.d.2"})
    assert result.embeds[0]["description"].startswith("If a hidden spell chooses any targets")
    assert "Part of" in result.text()


async def test_keyword_hidden_lists_its_rules(built_harness: Any, built_cards: CardsDB) -> None:
    result = await built_harness.command("keyword", {"name": "hidden"})
    assert result.embeds[0]["title"] == "Hidden"
    assert "811.1.b" in result.text()
    assert_fits(result)


async def test_rulings_cite_their_source_and_rules(built_harness: Any, built_cards: CardsDB) -> None:
    result = await built_harness.command("ruling", {"query": "facedown"})
    assert len(result.all_embeds()) >= 2
    assert "Source" in result.text()
    assert_fits(result)


async def test_search_kw_hidden_finds_hidden_cards_and_pages(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("search", {"query": "kw:hidden"})
    text = result.text()
    assert "Hidden Blade" in text or "Page 1 of" in text
    total = built_cards.search("kw:hidden").total
    assert f"{total} card" in text
    if total > 10:
        following = await built_harness.click(result.first, "Next")
        assert "Page 2 of" in following.text()


async def test_bad_search_syntax_answers_privately(built_harness: Any, built_cards: CardsDB) -> None:
    result = await built_harness.command("search", {"query": "e<=banana ((("})
    assert result.ephemeral


async def test_scenario_in_one_line_gets_the_engines_full_answer(
    built_harness: Any, built_cards: CardsDB
) -> None:
    text = (
        "{turn_player: me, me: {hand: [Hidden Blade], runes: {power: [any]}}, "
        "battlefields: {North Field: {controller: me, facedown: [{card: Tideturner, owner: me, hidden_turn: 1}]}}, "
        "ask: {hide: Hidden Blade, at: North Field}}"
    )
    result = await built_harness.command("hidden scenario", {"text": text})
    assert result.embeds[0]["title"].startswith("No")
    assert "❌ failed: North Field already holds 1 facedown card" in _checks(result)
    assert "facedown_zone_full" not in result.text() and "Details" not in str(result.first.buttons())
    _cited_rules_exist(result, built_cards)


async def test_scenario_modal_paste_is_answered(built_harness: Any, built_cards: CardsDB) -> None:
    opened = await built_harness.command("hidden scenario")
    text_input = opened.modal["components"][0]["components"][0]
    pasted = "turn_player: opp\nme:\n  hand: [Hidden Blade]\nbattlefields:\n  Bandle Tree: {controller: me}\nask: {hide: Hidden Blade, at: Bandle Tree}\n"
    result = await built_harness.submit_modal(opened, {text_input["custom_id"]: pasted})
    assert result.embeds[0]["title"].startswith("No")
    assert "❌ failed: It is not your turn" in _checks(result)


async def test_bad_scenario_answers_privately_naming_the_field(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command(
        "hidden scenario", {"text": "{ask: {hide: Hiden Blaed, at: Nowhere}}"}
    )
    assert result.ephemeral and result.error is None
    assert result.user_error is not None


async def test_unknown_card_in_hidden_commands_suggests_names(
    built_harness: Any, built_cards: CardsDB
) -> None:
    result = await built_harness.command("hidden targets", {"card": "Qxzv Blaaade"})
    assert result.ephemeral
    assert result.embeds[0]["title"] == "Unknown card"


async def test_every_hidden_verdict_carries_a_scenario_code_that_replays_it(
    built_harness: Any, built_cards: CardsDB
) -> None:
    first = await details(
        built_harness,
        await built_harness.command("hidden play", {"card": "Hidden Blade", "hidden_this_turn": True}),
    )
    position = first.embeds[1]["description"]
    code = re.search(r"`(rb1\.[A-Za-z0-9_-]+)`", position)
    assert code is not None
    replayed = await built_harness.command("hidden scenario", {"text": code.group(1)})
    assert replayed.embeds[0]["title"] == first.embeds[0]["title"]
    assert _checks(replayed) == _checks(first)


@pytest.mark.real_data
@pytest.mark.parametrize(
    ("command", "options", "kind"),
    [
        ("hidden play", {"card": "Teemo, Swift Scout"}, "a legend"),
        ("hidden hide", {"card": "Black Rose Sanctum"}, "a battlefield"),
        ("hidden targets", {"card": "Fury Rune"}, "a basic rune"),
    ],
)
async def test_811_1_b_a_card_never_hidden_gets_a_plain_no(
    real_harness: Any, command: str, options: dict[str, str], kind: str
) -> None:
    # Autocomplete offers every card: a legend, a battlefield or a rune asked about gets the rule in words, neither a
    # field path of the position nor a position assumed for a card that is never there.
    result = await real_harness.command(command, options)
    name = options["card"]
    assert result.embeds[0]["title"].startswith("No")
    assert f"{name} is {kind}: it is never hidden or played from facedown" in result.text()
    assert "811.1.b" in result.text()
    assert "facedown[" not in result.text() and "Assumed" not in result.text()
    full = await details(real_harness, result)
    assert "(default)" not in full.text() and "(implied" not in full.text()
    assert "```yaml" in full.text()  # the position is still there to replay and edit
