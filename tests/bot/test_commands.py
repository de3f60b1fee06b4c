"""Every slash command and autocomplete end to end through `bot.tree` (the interaction harness), over a small
in-memory card source: content, citations, Discord's limits, private errors, buttons and the modal.
Answers from the built databases and the engine are in tests/bot/test_answers.py."""

from __future__ import annotations

from typing import Any

import pytest

from bot.database import NOT_AVAILABLE
from tests.support.bot_harness_fixtures import FakeCards, assert_fits, harness_for


async def test_card_answers_with_the_card(fake_harness: Any) -> None:
    result = await fake_harness.command("card", {"name": "Pouty Poro"})
    assert not result.ephemeral
    assert result.embeds[0]["title"] == "Pouty Poro"
    assert "Unit · Calm" in result.text()
    assert_fits(result)


async def test_unknown_card_answers_privately_with_buttons_that_show_the_card(fake_harness: Any) -> None:
    result = await fake_harness.command("card", {"name": "Pooty Porrow Xyz"})
    assert result.ephemeral
    assert result.embeds[0]["title"] == "Unknown card"
    assert "Did you mean" in result.text() and "Pouty Poro" in result.text()
    labels = [b["label"] for b in result.first.buttons()]
    assert "Pouty Poro" in labels
    shown = await fake_harness.click(result.first, "Pouty Poro")
    assert shown.embeds[0]["title"] == "Pouty Poro"
    assert_fits(result)
    assert_fits(shown)


@pytest.mark.parametrize(
    ("path", "option"),
    [("card", "name"), ("rule", "query"), ("ruling", "query"), ("keyword", "name"), ("search", "query")],
)
async def test_empty_option_answers_privately_and_clearly(fake_harness: Any, path: str, option: str) -> None:
    result = await fake_harness.command(path, {option: "   "})
    assert result.ephemeral
    assert result.embeds[0]["description"].startswith("Give ")
    assert result.user_error is not None and result.error is None


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("card", {"name": "Pouty Poro"}),
        ("rule", {"query": "422"}),
        ("ruling", {"query": "hidden"}),
        ("keyword", {"name": "Hidden"}),
        ("search", {"query": "t:unit"}),
        ("hidden targets", {"card": "Pouty Poro"}),
    ],
)
async def test_missing_database_answers_privately_that_it_is_not_available(
    path: str, options: dict[str, Any]
) -> None:
    harness = await harness_for(None)
    result = await harness.command(path, options)
    assert result.ephemeral
    assert result.embeds[0]["description"] == NOT_AVAILABLE
    again = await harness.command(path, options)  # the bot keeps running
    assert again.embeds[0]["description"] == NOT_AVAILABLE


async def test_rule_by_number_shows_its_stamp_parents_and_children(fake_harness: Any) -> None:
    result = await fake_harness.command("rule", {"query": "811.1.d"})
    text = result.text()
    assert result.embeds[0]["title"] == "Rule 811.1.d"
    assert "current, 2026-10-09" in text and "811.1.d.2" in text
    assert_fits(result)


async def test_unknown_rule_answers_privately(fake_harness: Any) -> None:
    result = await fake_harness.command("rule", {"query": "zzz nothing"})
    assert result.ephemeral and "No rule matches" in result.text()


async def test_ruling_lists_answers_with_source_and_rules_and_a_cited_rules_button(fake_harness: Any) -> None:
    result = await fake_harness.command("ruling", {"query": "hidden"})
    text = result.text()
    assert "Do hidden spells have to target" in text and "rules 811.1.d, 811.1.d.2" in text
    cited = await fake_harness.click(result.first, "Show the cited rules")
    assert cited.ephemeral
    assert "If a hidden spell chooses any targets" in cited.text()
    assert_fits(cited)


async def test_keyword_and_unknown_keyword(fake_harness: Any) -> None:
    result = await fake_harness.command("keyword", {"name": "Hidden"})
    assert result.embeds[0]["title"] == "Hidden" and "1 power of any domain" in result.text()
    unknown = await fake_harness.command("keyword", {"name": "Hiden"})
    assert unknown.ephemeral and "Did you mean: Hidden" in unknown.text()


async def test_search_pages_with_buttons_only_for_the_asker(fake_harness: Any) -> None:
    result = await fake_harness.command("search", {"query": "t:unit"}, user_id=111)
    assert "Page 1 of 4 · 32 cards" in result.text()
    following = await fake_harness.click(result.first, "Next", user_id=111)
    assert following.sent[0].kind == "edit"
    assert "Page 2 of 4" in following.text() and "11. **" in following.text()
    stranger = await fake_harness.click(result.first, "Next", user_id=222)
    assert stranger.ephemeral and "belong to the person who asked" in stranger.text()
    assert_fits(following)


@pytest.mark.parametrize(
    ("path", "option", "typed", "expected"),
    [
        ("card", "name", "Test", "Test Unit 00"),
        ("keyword", "name", "Hi", "Hidden"),
        ("rule", "query", "811", "811"),
        ("hidden hide", "card", "Hidden", "Hidden Blade"),
        ("hidden play", "card", "Hidden", "Hidden Blade"),
        ("hidden targets", "card", "Hidden", "Hidden Blade"),
    ],
)
async def test_autocomplete_on_every_card_keyword_and_rule_option(
    fake_harness: Any, path: str, option: str, typed: str, expected: str
) -> None:
    result = await fake_harness.autocomplete(path, {option: typed}, option)
    assert result.choices, result
    assert len(result.choices) <= 25
    assert expected in [c["value"] for c in result.choices]
    assert result.problems() == []


async def test_autocomplete_without_database_offers_nothing_rather_than_failing() -> None:
    harness = await harness_for(None)
    result = await harness.autocomplete("card", {"name": "Hid"}, "name")
    assert result.choices == []


async def test_help_is_private_and_names_every_command(fake_harness: Any) -> None:
    result = await fake_harness.command("help")
    assert result.ephemeral
    for name in ("/card", "/keyword", "/rule", "/ruling", "/search", "/hidden", "[[Card Name]]"):
        assert name in result.text()


async def test_hidden_scenario_without_text_opens_a_modal(fake_harness: Any) -> None:
    result = await fake_harness.command("hidden scenario")
    assert result.modal is not None and result.modal["title"] == "Ask the Hidden engine"
    text_input = result.modal["components"][0]["components"][0]
    assert text_input["max_length"] == 4000 and len(text_input["placeholder"]) <= 100
    empty = await fake_harness.submit_modal(result, {text_input["custom_id"]: "   "})
    assert empty.ephemeral and "Give a scenario" in empty.text()


async def test_hidden_scenario_refuses_a_huge_paste_in_one_line(fake_harness: Any) -> None:
    result = await fake_harness.command("hidden scenario", {"text": "x" * 9000})
    assert result.ephemeral and "limit is 8000" in result.text()


async def test_a_bug_fails_the_harness_and_the_user_gets_a_private_apology(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.cards import answers
    from bot.harness import HarnessError

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(answers, "card_reply", broken)
    harness = await harness_for(FakeCards())
    with pytest.raises(HarnessError, match="a bug"):
        await harness.command("card", {"name": "Pouty Poro"})
    harness.strict = False
    result = await harness.command("card", {"name": "Pouty Poro"})
    assert isinstance(result.error.original, RuntimeError)  # type: ignore[union-attr]
    assert result.ephemeral and "Something went wrong" in result.text()


async def test_many_interactions_in_flight_at_once_each_get_their_own_answer(fake_harness: Any) -> None:
    import asyncio

    names = [f"Test Unit {i:02d}" for i in range(30)]
    results = await asyncio.gather(
        *(fake_harness.command("card", {"name": n}, user_id=1000 + i) for i, n in enumerate(names))
    )
    assert [r.embeds[0]["title"] for r in results] == names
