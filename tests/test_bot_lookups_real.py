"""Lookups as players type them, end to end through the command tree over the real data (skips without it):
a champion's name alone, names with commas, words for a rule, tokens as keywords, rulings stamped with their
numbering, and the search syntax /help describes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_harness_fixtures import assert_fits, harness_for

from cardsdb.query import CardsDB


@pytest.fixture(scope="module")
def cards(real_db: Path) -> Iterator[CardsDB]:
    with CardsDB.open(real_db) as db:
        yield db


@pytest.fixture
async def harness(cards: CardsDB) -> Any:
    return await harness_for(cards)


async def test_a_champion_alone_names_its_other_cards_each_in_bold(harness: Any) -> None:
    result = await harness.command("card", {"name": "vi"})
    shown = result.embeds[0]["title"]
    description = result.embeds[0]["description"]
    others = [
        n for n in ("Vi, Destructive", "Vi, Hotheaded", "Vi, Peacekeeper", "Piltover Enforcer") if n != shown
    ]
    # "Vi, Destructive" holds a comma: each name is bold and the names are separated by " · "
    assert " · ".join(f"**{n}**" for n in others) in description
    assert_fits(result)


async def test_rule_words_show_the_best_match_and_the_next_ones_stamped(harness: Any) -> None:
    result = await harness.command("rule", {"query": "showdown"})
    embed = result.embeds[0]
    assert embed["title"].startswith("Rule 341 (v1.3)")
    also = next(f["value"] for f in embed["fields"] if f["name"] == "Also matching")
    lines = also.splitlines()
    assert lines and all(line.endswith(("(as of v1.3)", "(current, 2026-10-09)")) for line in lines)
    assert_fits(result)


async def test_a_rule_number_in_chat_shorthand_is_that_rule(harness: Any) -> None:
    result = await harness.command("rule", {"query": "R811.1b"})
    assert result.embeds[0]["title"].startswith("Rule 811.1.b")
    assert not any(f["name"] == "Also matching" for f in result.embeds[0].get("fields") or ())


async def test_a_token_keyword_says_it_is_no_keyword_and_shows_its_v13_rule(harness: Any) -> None:
    result = await harness.command("keyword", {"name": "stun"})
    text = result.text()
    assert "Not a keyword" in text and "423 Stun (as of v1.3)" in text
    assert "0 cards have it" not in text
    assert_fits(result)


async def test_a_misspelt_keyword_is_answered_with_a_note(harness: Any) -> None:
    result = await harness.command("keyword", {"name": "deathnell"})
    assert not result.ephemeral
    assert result.embeds[0]["title"] == "Deathknell"
    assert "Closest keyword for “deathnell”" in result.embeds[0]["description"]


async def test_rulings_say_which_numbering_their_rules_use(harness: Any) -> None:
    result = await harness.command("ruling", {"query": "Control of Battlefields and Showdowns"})
    rules = [f["value"] for e in result.embeds for f in e.get("fields") or () if f["name"] == "Rules"]
    assert rules and all(
        v.endswith(("(as numbered in v1.3)", "(as numbered before v1.3)", "2026-10-09)")) for v in rules
    )
    assert any("as numbered in v1.3" in v for v in rules)


async def test_no_ruling_points_to_the_rule(harness: Any) -> None:
    result = await harness.command("ruling", {"query": "mulligan"})
    assert result.ephemeral and "/rule" in result.text()


async def test_a_search_that_asks_for_both_says_how_to_ask_for_either(harness: Any) -> None:
    result = await harness.command("search", {"query": "d:order d:chaos"})
    assert "d:order,chaos" in result.text()
    either = await harness.command("search", {"query": "d:order,chaos"})
    assert "No card matches" not in either.text()


async def test_help_describes_the_search_syntax_that_works(harness: Any, cards: CardsDB) -> None:
    from bot.render.misc import SEARCH_SYNTAX

    help_text = (await harness.command("help", {})).text()
    assert SEARCH_SYNTAX.splitlines()[0][:40] in help_text
    # every example the help gives (between backticks) is a search that runs and finds cards
    examples = [chunk for i, chunk in enumerate(SEARCH_SYNTAX.split("`")) if i % 2 == 1]
    runnable = [e for e in examples if e != "= < <= > >=" and any(sign in e for sign in ":<>")]
    assert len(runnable) >= 12
    for example in runnable:
        assert cards.search(example).total > 0, example


async def test_card_autocomplete_of_a_mistyped_start_offers_the_card(harness: Any) -> None:
    result = await harness.autocomplete("card", {"name": "hiden"}, "name")
    assert result.choices and result.choices[0]["name"] == "Hidden Blade"


async def test_a_card_stamps_its_rule_numbers(harness: Any) -> None:
    result = await harness.command("card", {"name": "Hidden Blade"})
    text = result.text()
    assert "(rule 806, as of v1.3)" in text  # Action is known only in v1.3
    assert (
        "Rule numbers: current Core Rules (2026-10-09) unless marked v1.3"
        in result.embeds[0]["footer"]["text"]
    )


async def test_a_v13_rule_names_its_lists_with_its_version(harness: Any) -> None:
    result = await harness.command("rule", {"query": "v1.3 422"})
    names = [f["name"] for f in result.embeds[0]["fields"]]
    assert "Sub-rules (as of v1.3)" in names


async def test_811_1_d_4_hidden_targets_plays_evelynn_where_her_choice_arises_and_says_so(
    harness: Any,
) -> None:
    result = await harness.command("hidden targets", {"card": "Evelynn, Entrancing"})
    assert result.embeds[0]["title"].startswith("Yes")
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    assert "Legal: their-unit@Their Battlefield" in fields["Choice: an enemy unit at a different location"]
    assert "on your turn, where its choice arises" in result.text()
    assert "makes no choice" not in result.text()
    assert_fits(result)
