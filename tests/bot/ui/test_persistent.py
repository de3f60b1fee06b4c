"""Buttons that survive a restart, settings shared by live instances, and the store's faults, through the harness:
an answer posted by one bot instance, its button pressed on another started afresh over the same store (SQLite file,
and a real PostgreSQL); an expired button; PostgreSQL stopped in the middle of a run, down at start, cutting
connections, migrated by several processes at once."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import discord
import pytest

from bot.controls.pagers import SearchPageButton
from bot.database import DatabaseHandle
from bot.errors import send
from bot.factory import create_bot
from bot.harness import GUILD_ID, Harness, Result, Sent
from bot.settings import Settings
from bot.store import Gone, Store, StoreUnavailable
from bot.store.base import UNAVAILABLE
from bot.store.postgres import SCHEMA_VERSION, PostgresStore
from bot.store.sqlite import SqliteStore
from bot.ui.persistent import (
    NOT_YOURS,
    STATE_OFF,
    TOO_OLD,
    PersistentView,
    StatefulButton,
    StatefulSelect,
)
from tests.support.bot_harness_fixtures import FakeCards, assert_fits
from tests.support.store_fixtures import PgServer, StoreMaker

ASKER = 111
STRANGER = 222
MANAGE_GUILD = 1 << 5


class Clock:
    def __init__(self) -> None:
        from datetime import UTC, datetime

        self.now = datetime(2026, 10, 9, 12, 0, tzinfo=UTC)

    def __call__(self) -> Any:
        return self.now


async def start(store: Store) -> Harness:
    """A bot instance as `python -m bot` makes one, over `store`, with 32 cards to search (4 pages)."""
    bot = create_bot(Settings(), DatabaseHandle(FakeCards(extra_cards=30)), sharded=False, store=store)
    return await Harness.start(bot)


def labels(result: Result) -> dict[str, bool]:
    """The buttons of the first message: label -> disabled."""
    return {str(b.get("label")): bool(b.get("disabled")) for b in result.first.buttons()}


def private_line(result: Result) -> str:
    assert result.ephemeral and result.error is None, result.text()
    return str(result.embeds[0]["description"])


def store_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.store" and r.levelno >= logging.WARNING]


# --- a restart between the answer and the press ---


@pytest.mark.restart
async def test_a_search_posted_before_a_restart_pages_after_it(make_store: StoreMaker) -> None:
    first = await start(await make_store())
    searched = await first.command("search", {"query": "t:unit"}, user_id=ASKER)
    assert "Page 1 of 4 · 32 cards" in searched.text()
    assert labels(searched) == {"Previous": True, "Next": False}
    assert all(len(b["custom_id"]) <= 100 for b in searched.first.buttons())
    # the process is gone; a new one starts over the same store and knows nothing of that message
    second = await start(await make_store())
    following = await second.click(searched.first, "Next", user_id=ASKER)
    assert following.sent[0].kind == "edit" and not following.ephemeral
    assert "Page 2 of 4" in following.text() and "11. **" in following.text()
    assert labels(following) == {"Previous": False, "Next": False}
    # and on from the edited message, on yet another instance
    third = await start(await make_store())
    back = await third.click(following.sent[0], "Previous", user_id=ASKER)
    assert "Page 1 of 4" in back.text() and "1. **" in back.text()
    last = await third.click(
        (await third.click(following.sent[0], "Next", user_id=ASKER)).sent[0], "Next", user_id=ASKER
    )
    assert "Page 4 of 4" in last.text() and labels(last) == {"Previous": False, "Next": True}
    for result in (following, back, last):
        assert_fits(result)


@pytest.mark.restart
async def test_after_a_restart_only_the_asker_may_page(make_store: StoreMaker) -> None:
    searched = await (await start(await make_store())).command("search", {"query": "t:unit"}, user_id=ASKER)
    second = await start(await make_store())
    refused = await second.click(searched.first, "Next", user_id=STRANGER)
    assert private_line(refused) == NOT_YOURS
    assert refused.user_error is None  # a refusal, not an error


@pytest.mark.restart
async def test_an_expired_button_answers_privately_in_one_line(make_store: StoreMaker) -> None:
    clock = Clock()
    searched = await (await start(await make_store(clock=clock))).command(
        "search", {"query": "t:unit"}, user_id=ASKER
    )
    later_store = await make_store(clock=clock)
    later = await start(later_store)  # a restart while the answer is young (a start purges what has expired)
    clock.now += timedelta(days=90, seconds=1)
    assert await later_store.load(_key(searched)) is Gone.EXPIRED
    pressed = await later.click(searched.first, "Next", user_id=ASKER)
    assert private_line(pressed) == TOO_OLD
    assert_fits(pressed)
    assert await later_store.purge_expired() == 1
    again = await later.click(searched.first, "Next", user_id=ASKER)  # purged: unknown, the same line
    assert private_line(again) == TOO_OLD


def _key(result: Result) -> str:
    match = SearchPageButton.__discord_ui_compiled_template__.fullmatch(
        result.first.buttons()[1]["custom_id"]
    )
    assert match is not None
    return match["key"]


@pytest.mark.restart
async def test_a_button_whose_state_was_never_saved_here_is_too_old(make_store: StoreMaker) -> None:
    # a message from another bot database (or a store that was wiped): the key is unknown
    searched = await (await start(await make_store())).command("search", {"query": "t:unit"}, user_id=ASKER)
    button = searched.first.buttons()[1]
    button["custom_id"] = SearchPageButton.custom_id_for("Z" * 12, "1n")
    pressed = await (await start(await make_store())).click(searched.first, "Next", user_id=ASKER)
    assert private_line(pressed) == TOO_OLD


# --- two live instances, one store ---


async def test_two_live_instances_share_a_setting_changed_on_either(make_store: StoreMaker) -> None:
    one, two = await start(await make_store()), await start(await make_store())
    assert not (await two.command("rule", {"query": "811.1.d"})).ephemeral
    await one.command("settings set", {"public_by_default": False}, permissions=MANAGE_GUILD)
    assert (await two.command("rule", {"query": "811.1.d"})).ephemeral  # private now, on the other instance
    await two.command("settings set", {"public_by_default": True}, permissions=MANAGE_GUILD)
    assert not (await one.command("rule", {"query": "811.1.d"})).ephemeral
    shown = await one.command("settings show")
    assert "public by default" in shown.text()


# --- discord.py's registration of the buttons holds ---


async def test_pager_views_never_time_out_and_the_buttons_stay_registered(store: Store) -> None:
    harness = await start(store)
    for _ in range(3):
        searched = await harness.command("search", {"query": "t:unit"}, user_id=ASKER)
        await harness.click(searched.first, "Next", user_id=ASKER)
    registered = harness.bot._connection._view_store._dynamic_items  # type: ignore[attr-defined]
    assert SearchPageButton.__discord_ui_compiled_template__ in registered
    assert PersistentView().timeout is None


# --- the store cannot keep the state: the answer comes without buttons, saying so ---


async def test_a_search_while_the_store_cannot_save_has_no_buttons_and_says_so(
    make_store: StoreMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await make_store()
    harness = await start(store)

    async def refuse(*args: Any, **kwargs: Any) -> str:
        raise StoreUnavailable("test: cannot save now")

    monkeypatch.setattr(store, "save", refuse)
    searched = await harness.command("search", {"query": "t:unit"}, user_id=ASKER)
    assert "Page 1 of 4" in searched.text() and not searched.ephemeral
    assert searched.first.buttons() == []
    assert searched.first.content == STATE_OFF and "\n" not in STATE_OFF


# --- PostgreSQL faults (a real server, stopped and started by the fixture) ---


def _needs_own_server(pg_server: PgServer) -> None:
    if not pg_server.can_stop:
        pytest.skip("TEST_DATABASE_URL points at a server this run cannot stop")


async def _until(check: Any, seconds: float = 300.0) -> Any:
    """Ask again until `check()` gives something true (the store waits a short, growing pause before retrying)."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        value = await check()
        if value or asyncio.get_running_loop().time() > deadline:
            return value
        await asyncio.sleep(0.05)


@pytest.mark.postgres
async def test_postgresql_stopped_mid_run_gives_defaults_logs_once_and_recovers(
    pg_server: PgServer, pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    _needs_own_server(pg_server)
    store = PostgresStore(pg_url, retry_after=0.05)
    harness = await start(store)
    await harness.command("settings set", {"public_by_default": False})
    assert (await harness.command("rule", {"query": "811.1.d"})).ephemeral
    searched = await harness.command("search", {"query": "t:unit"}, user_id=ASKER)
    caplog.set_level(logging.INFO)
    pg_server.stop()
    try:
        during = [await harness.command("rule", {"query": "811.1.d"}) for _ in range(5)]
        assert all(not r.ephemeral and r.embeds[0]["title"] == "Rule 811.1.d" for r in during)  # the defaults
        no_pager = await harness.command("search", {"query": "t:unit"}, user_id=ASKER)
        assert no_pager.first.buttons() == [] and no_pager.first.content == STATE_OFF
        assert private_line(await harness.command("settings show")) == UNAVAILABLE
        assert private_line(await harness.click(searched.first, "Next", user_id=ASKER)) == UNAVAILABLE
    finally:
        pg_server.start()
    back = await _until(lambda: _private_rule(harness))
    assert back, "the setting is in force again once PostgreSQL is back"
    following = await harness.click(searched.first, "Next", user_id=ASKER)
    assert "Page 2 of 4" in following.text()
    said = store_log(caplog)
    assert len(said) == 2, said
    assert "is unavailable" in said[0] and "default settings" in said[0] and "available again" in said[1]
    await store.close()


async def _private_rule(harness: Harness) -> bool:
    return (await harness.command("rule", {"query": "811.1.d"})).ephemeral


@pytest.mark.postgres
async def test_postgresql_down_at_start_the_bot_answers_and_migrates_when_it_is_up(
    pg_server: PgServer, pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    _needs_own_server(pg_server)
    pg_server.stop()
    try:
        store = PostgresStore(pg_url, retry_after=0.05)
        harness = await start(store)  # start() does not raise
        answer = await harness.command("rule", {"query": "811.1.d"})
        assert not answer.ephemeral and answer.embeds[0]["title"] == "Rule 811.1.d"
    finally:
        pg_server.start()

    async def saved() -> bool:
        result = await harness.command("settings set", {"card_lookups": False}, permissions=MANAGE_GUILD)
        return result.embeds[0].get("title") == "Settings saved"

    assert await _until(saved)
    assert (await store.get_settings(GUILD_ID)).card_lookups is False
    said = store_log(caplog)
    assert len(said) == 2 and "available again" in said[1], said
    await store.close()


@pytest.mark.postgres
async def test_a_lost_connection_is_retried_without_a_word(
    pg_server: PgServer, pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    store = PostgresStore(pg_url)
    await store.start()
    await store.update_settings(GUILD_ID, user_id=ASKER, symbol_style="emoji")
    # the server (an admin, a failover, an idle timeout) cuts every connection the pool holds. The event loop is
    # blocked meanwhile, so the pool cannot notice before the next call finds its connection dead.
    cut = threading.Thread(
        target=pg_server.admin,
        args=(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND backend_type = 'client backend' AND datname = current_database()",
        ),
    )
    cut.start()
    cut.join()
    time.sleep(0.2)
    assert (await store.get_settings(GUILD_ID)).symbol_style == "emoji"
    assert (await store.update_settings(GUILD_ID, user_id=ASKER, card_lookups=False)).card_lookups is False
    assert store_log(caplog) == []
    await store.close()


@pytest.mark.postgres
async def test_processes_starting_at_once_migrate_once(pg_url: str) -> None:
    stores = [PostgresStore(pg_url) for _ in range(4)]
    await asyncio.gather(*(s.start() for s in stores))
    try:
        conn = await asyncpg.connect(pg_url)
        try:
            versions = [r["version"] for r in await conn.fetch("SELECT version FROM riftbound_schema")]
        finally:
            await conn.close()
        assert versions == list(range(1, SCHEMA_VERSION + 1))
        written = await asyncio.gather(
            *(
                s.set_emoji(GUILD_ID, user_id=ASKER, token=f"rb_energy_{i}", emoji=f"<:e{i}:{100 + i}>")
                for i, s in enumerate(stores)
            )
        )
        assert len(written) == 4 and len((await stores[0].get_settings(GUILD_ID)).emoji) == 4
    finally:
        for s in stores:
            await s.close()


@pytest.mark.postgres
async def test_a_database_of_a_newer_schema_is_left_alone(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    current = PostgresStore(pg_url)
    await current.start()
    await current.update_settings(GUILD_ID, user_id=ASKER, public_by_default=False)
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("INSERT INTO riftbound_schema (version) VALUES ($1)", SCHEMA_VERSION + 1)
    finally:
        await conn.close()
    older = PostgresStore(pg_url, retry_after=0.05)
    harness = await start(older)
    assert not (await harness.command("rule", {"query": "811.1.d"})).ephemeral  # defaults; nothing written
    with pytest.raises(StoreUnavailable):
        await older.save("search", {"query": "x"}, None)
    assert any(f"schema {SCHEMA_VERSION + 1}" in line for line in store_log(caplog))
    assert (await current.get_settings(GUILD_ID)).public_by_default is False
    assert await current.load("A" * 12) is Gone.UNKNOWN
    await current.close()
    await older.close()


# --- /settings reachable in every harness now (a store in memory by default): what it echoes stays closed ---


@pytest.mark.parametrize("run", [3, 4, 5, 62, 1787])
def test_an_error_line_never_leaves_a_code_fence_open(run: int) -> None:
    from bot.ui.text import safe_line

    line = safe_line(f"unknown symbol token {'`' * run!r}.")
    assert "```" not in line and line.count("`") == run


@pytest.mark.postgres
async def test_a_database_that_does_not_exist_is_an_outage_said_once(
    pg_server: PgServer, caplog: pytest.LogCaptureFixture
) -> None:
    url = urlunsplit(urlsplit(pg_server.admin_url)._replace(path="/no_such_database"))
    store = PostgresStore(url, retry_after=0.01)
    harness = await start(store)
    for _ in range(3):
        assert not (await harness.command("rule", {"query": "811.1.d"})).ephemeral
        await asyncio.sleep(0.02)  # past the pause: each call tries again
    said = store_log(caplog)
    assert len(said) == 1 and "InvalidCatalogNameError" in said[0], said
    await store.close()


# --- the machinery on its own: a select menu, a button anyone may press, a key of another kind ---


class _Choice(StatefulSelect, prefix="tc", kind="test_choice"):
    async def pressed(self, interaction: Any, services: Any, state: Any) -> None:
        title = f"{state.payload['question']}: {', '.join(self.item.values)}"
        await send(interaction, [discord.Embed(title=title)], ephemeral=True)


class _Shared(StatefulButton, prefix="ts", kind="test_shared"):
    owner_only = False

    async def pressed(self, interaction: Any, services: Any, state: Any) -> None:
        await send(interaction, [discord.Embed(title=f"shown to {interaction.user.id}")], ephemeral=True)


async def test_stateful_selects_and_buttons_for_anyone(tmp_path: Any) -> None:
    store = SqliteStore(tmp_path / "settings.sqlite3")
    harness = await start(store)
    harness.bot.add_dynamic_items(_Choice, _Shared)
    choice = await store.save("test_choice", {"question": "where"}, ASKER)
    shared = await store.save("test_shared", {}, ASKER)
    zones = [
        discord.SelectOption(label="Hand", value="hand"),
        discord.SelectOption(label="Base", value="base"),
    ]
    view = PersistentView(
        _Choice.make(choice, "zone", options=zones, placeholder="Where the card is"),
        _Shared.make(shared, "show", label="Show"),
        _Shared.make(choice, "wrong", label="Wrong kind"),
    )
    message = Sent("response", harness.recorder._message("t", {"components": view.to_components()}))
    chosen = await harness.select(message, ["base"], user_id=ASKER)
    assert chosen.ephemeral and chosen.embeds[0]["title"] == "where: base"
    assert private_line(await harness.select(message, ["hand"], user_id=STRANGER)) == NOT_YOURS
    anyone = await harness.click(message, "Show", user_id=STRANGER)
    assert anyone.embeds[0]["title"] == f"shown to {STRANGER}"
    assert private_line(await harness.click(message, "Wrong kind", user_id=ASKER)) == TOO_OLD
