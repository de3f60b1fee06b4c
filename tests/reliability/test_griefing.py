"""What a motivated griefer tried in issue 30's second review (findings 3 and 5): a paste form submitted again and
again, Post publicly pressed again from a modified client, an option value outside its choices carrying markdown, zalgo
and filler letters in a public title. Each is now answered once, within the asker's limit, in plain text."""

from __future__ import annotations

import copy

import pytest

from bot.controls import judge
from bot.harness import Harness, HarnessError, Result
from tests.support.bot_harness_fixtures import FakeCards, harness_for
from tests.support.engine_cards import CARDS

ASKER = 616161616161616161


async def _form(harness: Harness, path: str) -> tuple[Result, str]:
    opened = await harness.command(path, {}, user_id=ASKER)
    assert opened.modal is not None
    return opened, opened.modal["components"][0]["components"][0]["custom_id"]


async def test_a_form_answered_with_bad_input_takes_no_second_submission() -> None:
    harness = await harness_for(FakeCards())
    opened, field = await _form(harness, "deck check")
    first = await harness.submit_modal(opened, {field: "hello there"}, user_id=ASKER)
    assert first.user_error is not None and first.ephemeral
    with pytest.raises(
        HarnessError, match="never answered"
    ):  # the form is closed (Discord: "interaction failed")
        await harness.submit_modal(opened, {field: "hello there"}, user_id=ASKER)


async def test_a_form_submission_counts_against_the_askers_limit_like_a_command() -> None:
    harness = await harness_for(FakeCards(), cooldown_rate=3, cooldown_per=600.0)
    now = [0.0]
    harness.bot.services.cooldowns.clock = lambda: now[0]  # type: ignore[attr-defined]
    opened, field = await _form(harness, "hidden scenario")  # 1
    answered = await harness.submit_modal(opened, {field: "ask: {cleanup: true}"}, user_id=ASKER)  # 2
    assert answered.user_error is None
    second, field = await _form(harness, "hidden scenario")  # 3
    refused = await harness.submit_modal(second, {field: "ask: {cleanup: true}"}, user_id=ASKER)  # 4: over
    assert refused.ephemeral and "Slow down" in refused.text()
    # over the limit the paste is not lost: the same form is answered once the asker may ask again
    now[0] += 600.0
    later = await harness.submit_modal(second, {field: "ask: {cleanup: true}"}, user_id=ASKER)
    assert later.user_error is None and later.sent


async def test_post_publicly_posts_once_per_answer_and_a_second_press_says_where() -> None:
    harness = await harness_for(FakeCards(cards=CARDS))
    private = await harness.command("hidden play", {"card": "Hidden Blade", "public": False}, user_id=ASKER)
    before = copy.deepcopy(private.first)  # the message as it was before the press edited it
    posted = await harness.click(private.first, judge.POST_LABEL, user_id=ASKER)
    assert [s.kind for s in posted.sent] == ["edit", "followup"]
    # a modified client presses the button of the message as it was before the edit, again and again
    for _ in range(3):
        again = await harness.click(before, judge.POST_LABEL, user_id=ASKER)
        assert [s.kind for s in again.sent] != ["edit", "followup"]
        assert again.ephemeral and again.embeds[0]["title"] == judge.POSTED_LABEL
        description = str(again.embeds[0]["description"])
        assert description.startswith(judge.ALREADY_POSTED) and "https://discord.com/channels/" in description


async def test_an_option_value_outside_its_choices_is_refused_without_echoing_markdown() -> None:
    harness = await harness_for(FakeCards())
    result = await harness.command("rule", {"query": "811.1.b", "doc": "[l](https://evil.example) **b**"})
    line = str(result.embeds[0]["description"])
    assert result.ephemeral and result.user_error is not None and "\n" not in line
    assert "](" not in line.replace("\\]", "").replace("\\(", "") and "**" not in line.replace("\\*", "")
    assert "https://" not in line  # the colon of a scheme is escaped: no live link


async def test_zalgo_and_filler_letters_never_reach_a_public_search_title() -> None:
    harness = await harness_for(FakeCards())
    query = "H" + "\u0301" * 30 + "idden\u3164\u3164\u2800 Blade" + "\u0336" * 40
    result = await harness.command("search", {"query": query})
    title = str(result.embeds[0].get("title", "")) + str(result.embeds[0].get("description", ""))
    assert not result.ephemeral
    assert "\u3164" not in title and "\u2800" not in title
    assert _longest_run_of_marks(title) <= 2


def _longest_run_of_marks(text: str) -> int:
    import unicodedata

    longest = run = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        longest = max(longest, run)
    return longest
