"""/rule with doc and version, /changes paged, and every cited number marked with its version: end to end through the
command tree over the real data (skips without it)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.database import DatabaseHandle
from bot.rules import answers as rule_answers
from bot.services import Services
from cardsdb.query import CardsDB
from cardsdb.rule_versions import BadVersion
from tests.support.bot_harness_fixtures import assert_fits

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def _fields(result: Any) -> dict[str, str]:
    return {f["name"]: f["value"] for f in result.embeds[0].get("fields") or ()}


async def test_811_1_d_2_a_is_v14s_rule_and_says_it_is_811_1_d_4_now(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "811.1.d.2.a"})
    embed = result.embeds[0]
    assert embed["title"] == "Rule 811.1.d.2.a (v1.4)"
    assert "811.1.d.2.a (v1.4) is 811.1.d.4 now." in _fields(result)["Moved"]
    assert "Hidden Targeting" in _fields(result)["Patch notes"]
    assert result.embeds[-1]["footer"]["text"] == "Core Rules: as of v1.4"
    assert_fits(result)


async def test_133_6_shows_what_changed_since_v13(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "133.6"})
    fields = _fields(result)
    assert "~~Non-Deck~~ **Other**" in fields["What changed since 133.6 (v1.3)"]
    assert fields["Under 133.6 in other versions"].startswith("**v1.3**: Non-Deck Cards")


async def test_a_version_asked_for_answers_from_that_version(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "811.6", "version": "v1.3"})
    assert result.embeds[0]["title"] == "Rule 811.6 (v1.3)"
    assert "the turn after" not in result.embeds[0]["description"]


async def test_the_tournament_rules_by_words(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "missed trigger", "doc": "tournament"})
    assert result.embeds[0]["title"] == "TR 702.2 · Missed Trigger"
    assert "Tournament Rules, 2026-07-16" in result.embeds[-1]["footer"]["text"]
    choices = await real_harness.autocomplete("rule", {"query": "702.", "doc": "tournament"}, "query")
    assert choices.choices and all(c["value"].startswith("TR 702") for c in choices.choices)


async def test_changes_page_like_search(real_harness: Any) -> None:
    result = await real_harness.command("changes", {"from": "v1.3", "to": "v1.4"})
    assert result.embeds[0]["title"] == "Core Rules: v1.3 → v1.4"
    assert "Page 1 of" in result.embeds[0]["footer"]["text"]
    following = await real_harness.click(result.first, "Next")
    assert "Page 2 of" in following.embeds[0]["footer"]["text"]
    assert_fits(result)
    assert_fits(following)


async def test_changes_under_811_list_811_1_d_2_a_as_added(real_harness: Any) -> None:
    result = await real_harness.command("changes", {"from": "v1.3", "to": "v1.4", "under": "811"})
    names = list(_fields(result))
    assert "➕ Added 811.1.d.2.a (v1.4)" in names
    assert not result.first.components  # one page: no buttons
    into_now = await real_harness.command(
        "changes", {"from": "v1.4", "to": "2026-10-09", "under": "811.1.d.4"}
    )
    assert "compared only where Riot's Hidden keyword page and" in into_now.embeds[0]["description"]
    assert "↪️ Moved 811.1.d.2.a (v1.4) → 811.1.d.4" in _fields(into_now)


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"from": "v1.4", "to": "v1.3"}, "v1.4 is newer than v1.3"),
        ({"from": "v1.4", "to": "v1.4"}, "from and to are both v1.4"),
        ({"from": "v1.3", "to": "v1.4", "under": "hidden"}, "under: 'hidden' is not a rule number"),
    ],
)
async def test_bad_changes_are_a_private_line(
    real_harness: Any, options: dict[str, str], problem: str
) -> None:
    result = await real_harness.command("changes", options)
    assert result.ephemeral and problem in result.text()
    assert_fits(result)


def test_a_bad_version_or_document_is_one_line(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    for options in ({"version": "v9"}, {"doc": "casual"}, {"doc": "tournament", "version": "v1.4"}):
        with pytest.raises(BadVersion) as info:
            rule_answers.rule_reply(services, "811.6", **options)
        assert "\n" not in str(info.value)


async def test_ruling_numbers_carry_their_version_and_the_button_finds_them(real_harness: Any) -> None:
    result = await real_harness.command("ruling", {"query": "Control of Battlefields and Showdowns"})
    rules = [f["value"] for e in result.embeds for f in e.get("fields") or () if f["name"] == "Rules"]
    # the FAQ answer asked for comes first, numbered by v1.3; any other ruling shown marks its own version
    assert rules and ("(v1.3" in rules[0] or "(before v1.3" in rules[0])
    assert all(re.search(r"\((?:v1\.[34]|before v1\.3)", v) for v in rules)
    shown = await real_harness.click(result.first, "Show the cited rules")
    text = shown.text()
    assert "Not found in the rules table" not in text and "(v1.3)" in text


async def test_an_unknown_version_typed_before_a_number_is_a_private_line_not_words(
    real_harness: Any,
) -> None:
    """`v1.9 422` names a version no rules have: one private line naming the known ones, not a ranking of the words."""
    for query in ("v1.9 422", "v2 811.1"):
        result = await real_harness.command("rule", {"query": query})
        assert result.ephemeral and "unknown Core Rules version" in result.text(), query
        assert "Not sure" not in result.text()
    known = await real_harness.command("rule", {"query": "v1.5 422"})
    assert not known.ephemeral and known.embeds[0]["title"] == "Rule 422 · Hide"
    words = await real_harness.command("rule", {"query": "vi hide"})
    assert "unknown Core Rules version" not in words.text()  # words that only start with a v stay words


async def test_a_number_only_the_tournament_rules_have_is_found_without_doc(real_harness: Any) -> None:
    # `/rule query:702.12` once said there was no such rule
    result = await real_harness.command("rule", {"query": "702.12"})
    assert result.embeds[0]["title"] == "TR 702.12 · Drawing Extra Cards"
    assert_fits(result)


async def test_a_number_both_documents_have_leads_with_the_core_rules_and_names_the_other(
    real_harness: Any,
) -> None:
    result = await real_harness.command("rule", {"query": "702.2"})
    assert result.embeds[0]["title"].startswith("Rule 702.2")
    notes = "\n".join(f["value"] for e in result.embeds for f in e.get("fields") or () if f["name"] == "Note")
    assert "The Tournament Rules also have a rule 702.2, Missed Trigger: ask for TR 702.2 to see it." in notes
    assert_fits(result)
