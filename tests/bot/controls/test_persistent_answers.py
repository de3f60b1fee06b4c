"""The buttons under answers survive a restart, over the SQLite file and a real PostgreSQL: an answer posted by one bot
instance, its Details, Show the cited rules, builder toggle, zone menu, Post publicly and "did you mean" pressed on a
SECOND instance created afresh over the same store, give the right answer; an expired one answers privately in one
line; while the store cannot keep state, answers go out without those buttons, saying so in one line, still within
the quick answer's 1,200 characters."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.controls import judge
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness, Result, Sent
from bot.hidden.render import QUICK_LIMIT
from bot.settings import Settings
from bot.store import Store, StoreUnavailable
from bot.store.base import UNAVAILABLE
from bot.store.postgres import PostgresStore
from bot.ui import limits
from bot.ui.persistent import STATE_OFF, TOO_OLD
from cardsdb.engine import check
from cardsdb.engine.quick import hide_scenario
from tests.support.bot_harness_fixtures import FakeCards, assert_fits, details
from tests.support.engine_cards import CARDS
from tests.support.store_fixtures import PgServer, StoreMaker

ASKER = 111
STRANGER = 222
SOURCE = FakeCards(cards=CARDS)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 10, 9, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def start(store: Store) -> Harness:
    """A bot instance as `python -m bot` makes one, over `store`: nothing of an earlier instance but the store."""
    bot = create_bot(Settings(), DatabaseHandle(SOURCE), sharded=False, store=store)
    return await Harness.start(bot)


def labels(sent: Sent) -> list[str]:
    return [str(b.get("label")) for b in sent.buttons()]


def quick_size(sent: Sent) -> int:
    return sum(limits.embed_size(e) for e in sent.embeds) + len(sent.content or "")


def word(legal: bool | None) -> str:
    return {True: "Yes", False: "No", None: "Depends"}[legal]


# --- a second instance over the same store ---


@pytest.mark.restart
async def test_details_pressed_after_a_restart_shows_the_whole_answer(make_store: StoreMaker) -> None:
    first = await start(await make_store())
    asked = await first.command("hidden hide", {"card": "Hidden Blade", "chain_open": True}, user_id=ASKER)
    before = await details(first, asked, user_id=STRANGER)
    second = await start(await make_store())  # the process is gone; a new one knows nothing of that message
    after = await details(second, asked, user_id=STRANGER)  # anyone may press it; it answers privately
    assert after.embeds == before.embeds
    assert after.embeds[0]["title"].startswith("No")
    assert "❌ failed: A chain is open" in after.text() and "Scenario code" in after.text()
    cited = await second.click(asked.first, "Show the cited rules", user_id=STRANGER)
    assert cited.ephemeral and cited.embeds[0]["title"] == "The rules cited"
    assert_fits(after)


@pytest.mark.restart
async def test_a_builder_toggle_pressed_after_a_restart_answers_the_changed_position(
    make_store: StoreMaker,
) -> None:
    asked = await (await start(await make_store())).command(
        "hidden hide", {"card": "Hidden Blade"}, user_id=ASKER
    )
    second = await start(await make_store())
    changed = await second.click(asked.first, "Showdown: no", user_id=ASKER)
    assert [s.kind for s in changed.sent] == ["edit"]
    expected = check(hide_scenario("Hidden Blade", showdown=True), SOURCE)
    assert changed.embeds[0]["title"].startswith(word(expected.legal)) and word(expected.legal) == "No"
    assert "Showdown: yes" in labels(changed.first)
    # the edited message's controls carry a new key, saved by the second instance: a third one reads it
    third = await start(await make_store())
    shown = await details(third, changed)
    assert "Showdown: yes (you set it)" in shown.text() and shown.embeds[0]["title"].startswith("No")
    menu = await third.select(changed.first, ["elsewhere"], user_id=ASKER)
    assert "Where the card is" in str(menu.first.components) and menu.embeds[0]["title"].startswith("No")
    assert "A card is hidden from your hand or your Champion Zone" in menu.embeds[0]["description"]
    refused = await third.click(changed.first, "Showdown: yes", user_id=STRANGER)
    assert refused.ephemeral and refused.embeds[0]["description"] == judge.ONLY_THE_ASKER


@pytest.mark.restart
async def test_post_publicly_pressed_after_a_restart_posts_the_answer_again(make_store: StoreMaker) -> None:
    private = await (await start(await make_store())).command(
        "hidden play", {"card": "Hidden Blade", "public": False}, user_id=ASKER
    )
    assert private.ephemeral and judge.POST_LABEL in labels(private.first)
    second = await start(await make_store())
    refused = await second.click(private.first, judge.POST_LABEL, user_id=STRANGER)
    assert refused.ephemeral and refused.embeds[0]["description"] == judge.ONLY_THE_ASKER
    posted = await second.click(private.first, judge.POST_LABEL, user_id=ASKER)
    marked, public = posted.sent
    assert marked.kind == "edit" and judge.POSTED_LABEL in labels(marked)
    assert next(b for b in marked.buttons() if b["label"] == judge.POSTED_LABEL).get("disabled") is True
    assert public.kind == "followup" and not public.ephemeral
    assert public.embeds[0]["title"] == private.embeds[0]["title"]
    assert str(public.embeds[0]["footer"]["text"]).startswith(f"ruled via player{ASKER}")
    assert labels(public) == ["Details", "Show the cited rules"]
    assert quick_size(public) <= QUICK_LIMIT
    # the public copy's Details work on yet another instance, for anyone
    third = await start(await make_store())
    shown = await third.click(public, "Details", user_id=STRANGER)
    assert shown.ephemeral and shown.embeds[0]["title"].startswith("Yes")


@pytest.mark.restart
async def test_a_private_rule_is_posted_after_a_restart(make_store: StoreMaker) -> None:
    private = await (await start(await make_store())).command(
        "rule", {"query": "811.1.d", "public": False}, user_id=ASKER
    )
    posted = await (await start(await make_store())).click(private.first, judge.POST_LABEL, user_id=ASKER)
    assert [s.kind for s in posted.sent] == ["edit", "followup"]
    assert posted.sent[1].embeds[0]["title"] == "Rule 811.1.d" and not posted.sent[1].ephemeral


@pytest.mark.restart
async def test_did_you_mean_pressed_after_a_restart_shows_the_card(make_store: StoreMaker) -> None:
    unknown = await (await start(await make_store())).command("card", {"name": "Qxzv Blaaade"}, user_id=ASKER)
    assert unknown.ephemeral and "Hidden Blade" in labels(unknown.first)
    shown = await (await start(await make_store())).click(unknown.first, "Hidden Blade", user_id=ASKER)
    assert shown.embeds[0]["title"] == "Hidden Blade"


# --- expired ---


@pytest.mark.restart
async def test_every_control_of_an_expired_answer_is_too_old(make_store: StoreMaker) -> None:
    clock = Clock()
    private = await (await start(await make_store(clock=clock))).command(
        "hidden hide", {"card": "Hidden Blade", "public": False}, user_id=ASKER
    )
    later = await start(await make_store(clock=clock))  # restarted while the answer was young
    clock.now += timedelta(days=90, seconds=1)
    for label in ("Details", "Show the cited rules", judge.POST_LABEL, "Chain open: no"):
        pressed = await later.click(private.first, label, user_id=ASKER)
        assert [s.kind for s in pressed.sent] == ["response"] and pressed.ephemeral, label
        assert pressed.embeds[0]["description"] == TOO_OLD and pressed.error is None
        assert_fits(pressed)
    menu = await later.select(private.first, ["elsewhere"], user_id=ASKER)
    assert menu.ephemeral and menu.embeds[0]["description"] == TOO_OLD


# --- the store cannot keep state now ---


def _refusing(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refuse(*args: Any, **kwargs: Any) -> str:
        raise StoreUnavailable("test: cannot save now")

    monkeypatch.setattr(store, "save", refuse)


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("hidden hide", {"card": "Hidden Blade", "your_turn": False, "chain_open": True, "showdown": True}),
        ("hidden play", {"card": "Hidden Blade", "public": False}),
        ("hidden targets", {"card": "Hidden Blade"}),
        (
            "hidden scenario",
            {
                "text": "{me: {hand: [Hidden Blade]}, battlefields: {X: {controller: me}}, ask: {hide: Hidden Blade, at: X}}"
            },
        ),
        ("rule", {"query": "811.1.d", "public": False}),
        ("card", {"name": "Hidden Blade"}),
    ],
)
async def test_while_the_store_cannot_save_answers_come_without_buttons_saying_so(
    make_store: StoreMaker, monkeypatch: pytest.MonkeyPatch, path: str, options: dict[str, Any]
) -> None:
    store = await make_store()
    harness = await start(store)
    _refusing(store, monkeypatch)
    result = await harness.command(path, options, user_id=ASKER)
    assert result.error is None and result.user_error is None
    assert result.first.buttons() == [] and result.first.components == []
    assert result.first.content == STATE_OFF
    assert result.embeds[0]["title"]
    if path in ("hidden hide", "hidden play", "hidden targets"):
        assert quick_size(result.first) <= QUICK_LIMIT  # the line counts too
    assert_fits(result)


async def test_while_the_store_cannot_save_a_toggle_still_answers_without_controls(
    make_store: StoreMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await make_store()
    harness = await start(store)
    asked = await harness.command("hidden hide", {"card": "Hidden Blade"}, user_id=ASKER)
    _refusing(store, monkeypatch)  # the answer's state was saved; the changed one can't be
    changed = await harness.click(asked.first, "Chain open: no", user_id=ASKER)
    assert [s.kind for s in changed.sent] == ["edit"] and changed.embeds[0]["title"].startswith("No")
    assert changed.first.components == [] and changed.first.content == STATE_OFF


def _unknown_card_suggestions(result: Result) -> list[str]:
    return [str(b.get("label")) for b in result.first.buttons()]


async def test_while_the_store_cannot_save_an_unknown_card_still_names_the_closest(
    make_store: StoreMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await make_store()
    harness = await start(store)
    _refusing(store, monkeypatch)
    unknown = await harness.command("card", {"name": "Qxzv Blaaade"}, user_id=ASKER)
    assert unknown.ephemeral and _unknown_card_suggestions(unknown) == []
    assert "Hidden Blade" in unknown.text()  # the names are in the answer's text


@pytest.mark.postgres
async def test_postgresql_stopped_mid_run_hidden_answers_without_buttons_and_presses_say_why(
    pg_server: PgServer, pg_url: str
) -> None:
    if not pg_server.can_stop:
        pytest.skip("TEST_DATABASE_URL points at a server this run cannot stop")
    store = PostgresStore(pg_url, retry_after=0.05)
    harness = await start(store)
    before = await harness.command("hidden hide", {"card": "Hidden Blade"}, user_id=ASKER)
    pg_server.stop()
    try:
        during = await harness.command("hidden hide", {"card": "Hidden Blade"}, user_id=ASKER)
        assert (
            during.embeds[0]["title"] == before.embeds[0]["title"]
        )  # the answer itself does not need the store
        assert during.first.components == [] and during.first.content == STATE_OFF
        pressed = await harness.click(before.first, "Details", user_id=STRANGER)
        assert pressed.ephemeral and pressed.embeds[0]["description"] == UNAVAILABLE
    finally:
        pg_server.start()
    for _ in range(6000):  # the store waits a short, growing pause before it tries again (a generous bound)
        after = await harness.click(before.first, "Details", user_id=STRANGER)
        if after.embeds[0].get("description") != UNAVAILABLE:
            break
        await asyncio.sleep(0.05)
    assert after.embeds[0]["title"].startswith("Yes") and "Scenario code" in after.text()
    await store.close()
