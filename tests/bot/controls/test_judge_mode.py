"""Judge mode through the interaction harness: private answers to /hidden and /rule, "Post publicly" (same embeds,
"ruled via <name>" in the footer, only the asker), the server's default visibility, and expired controls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.controls import judge
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import DEFAULT_USER_ID, Harness, Sent
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from bot.ui.persistent import TOO_OLD
from tests.support.bot_harness_fixtures import FakeCards, assert_fits
from tests.support.engine_cards import CARDS

OTHER_USER = 900000000000000777


@pytest.fixture
async def judge_harness(sqlite_store: SqliteStore) -> Harness:
    bot = create_bot(Settings(), DatabaseHandle(FakeCards(cards=CARDS)), sharded=False, store=sqlite_store)
    return await Harness.start(bot)


def labels(sent: Sent) -> list[str]:
    return [str(b.get("label")) for b in sent.buttons()]


def footer(embed: dict[str, Any]) -> str:
    return str((embed.get("footer") or {}).get("text") or "")


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("hidden hide", {"card": "Hidden Blade"}),
        ("hidden play", {"card": "Hidden Blade"}),
        ("hidden targets", {"card": "Hidden Blade"}),
        ("rule", {"query": "811.1.d"}),
    ],
)
async def test_public_false_answers_privately_with_a_post_publicly_button(
    judge_harness: Harness, path: str, options: dict[str, Any]
) -> None:
    private = await judge_harness.command(path, {**options, "public": False})
    assert private.ephemeral
    assert judge.POST_LABEL in labels(private.first)
    public = await judge_harness.command(path, {**options, "public": True})
    assert not public.ephemeral
    assert judge.POST_LABEL not in labels(public.first)
    assert private.embeds == public.embeds  # the same answer, only its visibility differs
    assert_fits(private)


async def test_post_publicly_posts_the_same_embeds_ruled_via_the_asker(judge_harness: Harness) -> None:
    private = await judge_harness.command("hidden hide", {"card": "Hidden Blade", "public": False})
    posted = await judge_harness.click(private.first, judge.POST_LABEL)
    marked, public = posted.sent
    # the private answer now says it was posted, and cannot be posted twice
    assert marked.kind == "edit"
    button = next(b for b in marked.buttons() if b["label"] == judge.POSTED_LABEL)
    assert button.get("disabled") is True
    # the post: in the channel, the same embeds, the asker's name in the first footer, no mentions
    assert public.kind == "followup" and not public.ephemeral
    assert public.allowed_mentions is not None and public.allowed_mentions.get("parse") == []
    assert len(public.embeds) == len(private.embeds)
    first, original = public.embeds[0], private.embeds[0]
    assert footer(first) == f"ruled via player{DEFAULT_USER_ID % 1000} · {footer(original)}"
    assert {k: v for k, v in first.items() if k != "footer"} == {
        k: v for k, v in original.items() if k != "footer"
    }
    assert public.embeds[1:] == private.embeds[1:]
    assert "Show the cited rules" in labels(public)  # anyone may read the cited rules under the post
    assert_fits(posted)


async def test_only_the_asker_may_post_publicly(judge_harness: Harness) -> None:
    private = await judge_harness.command("rule", {"query": "811.1.d", "public": False})
    refused = await judge_harness.click(private.first, judge.POST_LABEL, user_id=OTHER_USER)
    assert len(refused.sent) == 1 and refused.ephemeral
    assert refused.embeds[0]["description"] == judge.ONLY_THE_ASKER
    posted = await judge_harness.click(private.first, judge.POST_LABEL)
    assert [s.kind for s in posted.sent] == ["edit", "followup"]
    assert footer(posted.sent[1].embeds[0]).startswith("ruled via player")


async def test_cited_rules_stay_open_to_everyone_on_a_public_answer(judge_harness: Harness) -> None:
    answer = await judge_harness.command("hidden hide", {"card": "Hidden Blade"})
    cited = await judge_harness.click(answer.first, "Show the cited rules", user_id=OTHER_USER)
    assert cited.ephemeral and cited.embeds[0]["title"] == "The rules cited"
    assert judge.ONLY_THE_ASKER not in cited.text()


async def test_the_servers_default_makes_answers_private_and_the_option_still_wins(
    judge_harness: Harness, sqlite_store: SqliteStore
) -> None:
    saved = await judge_harness.command("settings set", {"public_by_default": False})
    assert "private" in saved.text()
    by_default = await judge_harness.command("hidden targets", {"card": "Hidden Blade"})
    assert by_default.ephemeral and judge.POST_LABEL in labels(by_default.first)
    rule = await judge_harness.command("rule", {"query": "422"})
    assert rule.ephemeral
    chosen = await judge_harness.command("hidden targets", {"card": "Hidden Blade", "public": True})
    assert not chosen.ephemeral
    # other answers are not judge answers: /card stays public
    card = await judge_harness.command("card", {"name": "Hidden Blade"})
    assert not card.ephemeral


async def test_errors_stay_private_even_when_public_is_asked(judge_harness: Harness) -> None:
    result = await judge_harness.command("hidden hide", {"card": "Hiden Blaed Xyz", "public": True})
    assert result.ephemeral and result.user_error is not None
    assert judge.POST_LABEL not in labels(result.first)


async def test_the_scenario_form_answers_privately_when_asked(judge_harness: Harness) -> None:
    opened = await judge_harness.command("hidden scenario", {"public": False})
    assert opened.modal is not None
    text = "me: {hand: [Hidden Blade], runes: {power: [any]}}\nbattlefields: {Bandle Tree: {controller: me}}\nask: {hide: Hidden Blade, at: Bandle Tree}"
    answered = await judge_harness.submit_modal(opened, {"Scenario (YAML, see /help)": text})
    assert answered.ephemeral
    assert answered.embeds[0]["title"].startswith("Yes")
    assert judge.POST_LABEL in labels(answered.first)


def test_the_ruled_via_name_is_cleaned_and_the_footer_stays_within_limits() -> None:
    class Asker:
        display_name = "\u202e@everyone  Judge\nBob"
        name = "bob"

    name = judge.asker_name(Asker())  # type: ignore[arg-type]
    assert name == "@\u200beveryone Judge Bob"
    embed = discord.Embed(title="Yes")
    embed.set_footer(text="x" * 2048)
    marked = judge.ruled_via([embed], name)
    assert marked[0].footer.text is not None and len(marked[0].footer.text) <= 2048
    assert marked[0].footer.text.startswith("ruled via @\u200beveryone Judge Bob · xxx")
    assert embed.footer.text == "x" * 2048  # the private answer's embeds are not changed


async def test_an_answer_older_than_its_state_answers_every_control_too_old(tmp_path: Path) -> None:
    # the controls never time out; the saved state behind them expires (RIFTBOUND_STATE_DAYS), then a press answers
    # privately in one line, whoever presses, and changes nothing
    now = [datetime(2026, 10, 9, tzinfo=UTC)]
    store = SqliteStore(tmp_path / "settings.sqlite3", clock=lambda: now[0])
    bot = create_bot(Settings(), DatabaseHandle(FakeCards(cards=CARDS)), sharded=False, store=store)
    harness = await Harness.start(bot)
    private = await harness.command("hidden hide", {"card": "Hidden Blade", "public": False})
    now[0] += timedelta(days=90, seconds=1)
    for label in (judge.POST_LABEL, "Details", "Show the cited rules", "Your turn: yes"):
        for user in (DEFAULT_USER_ID, OTHER_USER):
            pressed = await harness.click(private.first, label, user_id=user)
            assert [s.kind for s in pressed.sent] == ["response"] and pressed.ephemeral
            assert pressed.embeds[0]["description"] == TOO_OLD
    too_old = await harness.select(private.first, ["elsewhere"])
    assert too_old.ephemeral and too_old.embeds[0]["description"] == TOO_OLD
