"""Lookups as players type them, end to end through the command tree over the real data (skips without it):
a champion's name alone, names with commas, words for a rule, tokens as keywords, rulings stamped with their
numbering, and the search syntax /help describes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, details

pytestmark = pytest.mark.real_data  # every test here reads ../shared


async def test_a_champion_alone_names_its_other_cards_each_in_bold(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "vi"})
    shown = result.embeds[0]["title"]
    description = result.embeds[0]["description"]
    others = [
        n
        for n in ("Vi, Destructive", "Vi, Hotheaded", "Vi, Peacekeeper", "Vi, Piltover Enforcer")
        if n != shown
    ]
    # "Vi, Destructive" holds a comma: each name is bold and the names are separated by " · "
    assert " · ".join(f"**{n}**" for n in others) in description
    assert_fits(result)


async def test_rule_words_show_the_best_match_and_the_next_ones_stamped(
    real_harness: Any, real_cards: CardsDB
) -> None:
    result = await real_harness.command("rule", {"query": "showdown"})
    embed = result.embeds[0]
    assert embed["title"].startswith("Rule 341 (v1.4)")  # the newest version that has it
    also = next(f["value"] for f in embed["fields"] if f["name"] == "Also matching")
    lines = also.splitlines()
    # each line's number is bold and marked with its version unless it is current
    marked = [re.match(r"\*\*(\d{3}[.\w]*)( \((v1\.[34])\))?\*\*", line) for line in lines]
    assert lines and all(marked)
    for found in marked:
        assert found is not None
        assert real_cards.rule_exists(found.group(1), found.group(3) or CURRENT_RULES_VERSION)
    assert_fits(result)


@pytest.mark.parametrize(
    "words", ["whats the victory score", "how many cards in my starting hand", "showdown"]
)
async def test_rule_words_list_no_rule_twice(real_harness: Any, words: str) -> None:
    """A rule the answer shows as part of its best match (the rule above it, its sub-rules) is not listed again
    under "Also matching": "whats the victory score" shows 194.3.a once, as 194.3's sub-rule."""
    result = await real_harness.command("rule", {"query": words})
    fields = {f["name"]: f["value"] for f in result.embeds[0].get("fields") or ()}
    numbers = {
        name: re.findall(r"^\*\*([^*]+)\*\*", fields.get(name, ""), re.MULTILINE)
        for name in ("Part of", "Sub-rules", "Also matching")
    }
    assert numbers["Also matching"], fields  # the words match other rules too
    shown = {*numbers["Part of"], *numbers["Sub-rules"]}
    assert shown.isdisjoint(numbers["Also matching"])
    assert_fits(result)


async def test_a_rule_number_in_chat_shorthand_is_that_rule(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "R811.1b"})
    assert result.embeds[0]["title"].startswith("Rule 811.1.b")
    assert not any(f["name"] == "Also matching" for f in result.embeds[0].get("fields") or ())


async def test_a_token_keyword_says_it_is_no_keyword_and_shows_its_v13_rule(real_harness: Any) -> None:
    result = await real_harness.command("keyword", {"name": "stun"})
    text = result.text()
    assert "Not a keyword" in text and "423 (v1.4) Stun" in text
    assert "0 cards have it" not in text
    assert_fits(result)


async def test_a_misspelt_keyword_is_answered_with_a_note(real_harness: Any) -> None:
    result = await real_harness.command("keyword", {"name": "deathnell"})
    assert not result.ephemeral
    assert result.embeds[0]["title"] == "Deathknell"
    assert "Closest keyword for “deathnell”" in result.embeds[0]["description"]


async def test_rulings_say_which_numbering_their_rules_use(real_harness: Any) -> None:
    result = await real_harness.command("ruling", {"query": "Control of Battlefields and Showdowns"})
    rules = [f["value"] for e in result.embeds for f in e.get("fields") or () if f["name"] == "Rules"]
    # every number of the FAQ answer asked for (shown first) carries the version it numbers it in (v1.3); one that
    # version lacks says so
    numbers = [n for v in rules[:1] for n in v.removeprefix("rules ").removeprefix("rule ").split(", ")]
    assert numbers and all(n.endswith(("(v1.3)", "(before v1.3)", "not in our copy)")) for n in numbers)
    assert any(n.endswith("(v1.3)") for n in numbers)


async def test_no_ruling_points_to_the_rule(real_harness: Any) -> None:
    result = await real_harness.command("ruling", {"query": "mulligan"})
    assert result.ephemeral and "/rule" in result.text()


async def test_a_search_that_asks_for_both_says_how_to_ask_for_either(real_harness: Any) -> None:
    # (every pair of domains has cards since Vendetta's legends: three domains have none)
    result = await real_harness.command("search", {"query": "d:fury d:calm d:mind"})
    assert "d:fury,calm" in result.text()
    either = await real_harness.command("search", {"query": "d:fury,calm,mind"})
    assert "No card matches" not in either.text()


async def test_help_describes_the_search_syntax_that_works(real_harness: Any, real_cards: CardsDB) -> None:
    from bot.help.render import SEARCH_SYNTAX

    help_text = (await real_harness.command("help", {})).text()
    assert SEARCH_SYNTAX.splitlines()[0][:40] in help_text
    # every example the help gives (between backticks) is a search that runs and finds cards
    examples = [chunk for i, chunk in enumerate(SEARCH_SYNTAX.split("`")) if i % 2 == 1]
    runnable = [e for e in examples if e != "= < <= > >=" and any(sign in e for sign in ":<>")]
    assert len(runnable) >= 12
    for example in runnable:
        assert real_cards.search(example).total > 0, example


async def test_card_autocomplete_of_a_mistyped_start_offers_the_card(real_harness: Any) -> None:
    result = await real_harness.autocomplete("card", {"name": "hiden"}, "name")
    assert result.choices and result.choices[0]["name"] == "Hidden Blade"


async def test_a_card_stamps_its_rule_numbers(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "Hidden Blade"})
    text = result.text()
    assert "(rule 806 (v1.4))" in text  # Action: the seeds give no current number, v1.4 is the newest
    assert (
        "Rule numbers: current Core Rules (2026-10-09) unless marked with their version"
        in result.embeds[0]["footer"]["text"]
    )


async def test_a_v13_rule_marks_each_number_of_its_lists_with_its_version(real_harness: Any) -> None:
    result = await real_harness.command("rule", {"query": "v1.3 422"})
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    lines = fields["Sub-rules"].splitlines()
    assert lines and all(re.match(r"\*\*422\.\d+ \(v1\.3\)\*\*", line) for line in lines)


async def test_811_1_d_4_hidden_targets_plays_evelynn_where_her_choice_arises_and_says_so(
    real_harness: Any,
) -> None:
    quick = await real_harness.command("hidden targets", {"card": "Evelynn, Entrancing"})
    assert quick.embeds[0]["title"].startswith("Yes")
    assert "on your turn, where its choice arises" in quick.text()
    result = await details(real_harness, quick)
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    choice = fields["Choice: an enemy unit at a different location"]
    assert "Legal: Vanguard Sergeant (enemy) at Their Battlefield" in choice
    assert "on your turn, where its choice arises" in result.text()
    assert "makes no choice" not in result.text()
    assert_fits(result)
