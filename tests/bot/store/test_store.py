"""The store's contract, the same tests over both backends (the SQLite file, and a real PostgreSQL: marked `postgres`):
settings read through and written in transactions, saved state with keys, owners and expiry, writes from two real
processes at once."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.settings import Settings
from bot.settings import SettingsError as EnvError
from bot.store import Gone, SavedState, Store, StoreUnavailable, open_store
from bot.store.base import KEY_PATTERN, MAX_PAYLOAD_BYTES, UNAVAILABLE
from bot.store.guild_settings import DEFAULTS, GuildSettings, SettingsError
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore
from cardsdb.errors import CardsDBError
from cardsdb.search.typed import QUERY_LIMIT
from tests.support.paths import ROOT
from tests.support.store_fixtures import StoreMaker

GUILD = 111111111111111111
OTHER_GUILD = 222222222222222222
ADMIN = 333333333333333333
ASKER = 444444444444444444
FURY = "<:rb_fury:1234>"
MIGHT = "<:rb_might:123456789012345678>"


class Clock:
    """A clock the test moves by hand; expiry is decided by the store's clock."""

    def __init__(self) -> None:
        self.now = datetime(2026, 10, 9, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


# --- settings ---


async def test_a_server_without_settings_gets_the_defaults(store: Store) -> None:
    settings = await store.get_settings(GUILD)
    assert settings == DEFAULTS == GuildSettings()
    assert (settings.card_lookups, settings.public_by_default, settings.symbol_style) == (True, True, "text")
    assert settings.updated_by is None and settings.updated_at is None


async def test_a_change_is_read_back_by_another_store_at_once(make_store: StoreMaker) -> None:
    # two stores over one database behave like two processes: no cached copy hides the other's write
    first, second = await make_store(), await make_store()
    assert (await second.get_settings(GUILD)).public_by_default is True
    written = await first.update_settings(
        GUILD, user_id=ADMIN, card_lookups=False, public_by_default=False, symbol_style="emoji"
    )
    assert written.updated_by == ADMIN
    assert written.updated_at is not None and written.updated_at.endswith("+00:00")
    assert await second.get_settings(GUILD) == written
    await second.update_settings(GUILD, user_id=ADMIN + 1, public_by_default=True)
    assert (await first.get_settings(GUILD)).public_by_default is True


async def test_updates_change_only_what_they_name_and_only_that_server(store: Store) -> None:
    await store.update_settings(GUILD, user_id=ADMIN, card_lookups=False)
    after = await store.update_settings(GUILD, user_id=ADMIN + 1, symbol_style="emoji")
    assert (after.card_lookups, after.symbol_style, after.public_by_default) == (False, "emoji", True)
    assert after.updated_by == ADMIN + 1
    assert await store.get_settings(OTHER_GUILD) == DEFAULTS


async def test_emoji_one_at_a_time_or_replaced_whole_and_reset(store: Store) -> None:
    await store.set_emoji(GUILD, user_id=ADMIN, token=":rb_rune_fury:", emoji=FURY)
    both = await store.set_emoji(GUILD, user_id=ADMIN, token="RB_MIGHT", emoji=MIGHT)
    assert dict(both.emoji) == {"rb_rune_fury": FURY, "rb_might": MIGHT}
    one = await store.set_emoji(GUILD, user_id=ADMIN, token="rb_rune_fury", emoji=None)
    assert dict(one.emoji) == {"rb_might": MIGHT}
    whole = await store.update_settings(GUILD, user_id=ADMIN, emoji={"rb_energy_2": "<a:e2:99999>"})
    assert (
        dict((await store.get_settings(GUILD)).emoji) == dict(whole.emoji) == {"rb_energy_2": "<a:e2:99999>"}
    )
    assert await store.reset_settings(GUILD) == DEFAULTS
    assert await store.get_settings(GUILD) == DEFAULTS


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"card_lookup": True}, r"unknown setting 'card_lookup'; .* Did you mean card_lookups\?"),
        ({"card_lookups": "yes"}, r"card_lookups must be true or false, not 'yes'"),
        ({"symbol_style": "emojis"}, r"symbol_style must be 'text' or 'emoji', not 'emojis'"),
        ({"emoji": {"rb_fury": FURY}}, r"unknown symbol token 'rb_fury'. Did you mean rb_rune_fury\?"),
        ({"emoji": {"rb_might": "fury"}}, r"'fury' is not a custom emoji: it should look like <:rb_fury:"),
        ({}, r"no setting given"),
    ],
)
async def test_invalid_changes_are_refused_in_one_line_and_nothing_is_written(
    tmp_path: Path, changes: dict[str, Any], message: str
) -> None:
    store = SqliteStore(tmp_path / "settings.sqlite3")  # checked before any backend is asked: one is enough
    before = await store.update_settings(GUILD, user_id=ADMIN, symbol_style="emoji")
    with pytest.raises(SettingsError, match=message) as error:
        await store.update_settings(GUILD, user_id=ADMIN, **changes)
    assert "\n" not in str(error.value) and isinstance(error.value, CardsDBError)
    assert await store.get_settings(GUILD) == before


@pytest.mark.parametrize("bad_id", [0, -5, True, "123", 2**64])
async def test_ids_must_be_discord_ids(tmp_path: Path, bad_id: Any) -> None:
    store = SqliteStore(tmp_path / "settings.sqlite3")
    with pytest.raises(SettingsError, match="must be a Discord id"):
        await store.get_settings(bad_id)
    with pytest.raises(SettingsError, match="must be a Discord id"):
        await store.update_settings(GUILD, user_id=bad_id, card_lookups=False)


TOKENS = [f"rb_energy_{n}" for n in range(13)] + ["rb_might", "rb_exhaust", "rb_rune_fury", "rb_rune_calm"]


async def test_concurrent_writers_through_two_stores_lose_no_update(make_store: StoreMaker) -> None:
    stores = [await make_store(), await make_store()]
    await asyncio.gather(
        *(
            stores[i % 2].set_emoji(GUILD, user_id=ADMIN + i, token=token, emoji=f"<:e{i}:{1000 + i}>")
            for i, token in enumerate(TOKENS)
        )
    )
    final = await stores[0].get_settings(GUILD)
    assert dict(final.emoji) == {token: f"<:e{i}:{1000 + i}>" for i, token in enumerate(TOKENS)}


# Run by each of the two processes below: its share of the tokens, one transaction each. Each says "ready" once its
# store is open, and writes when the test says "go" to both: the writes overlap.
_WRITER = """
import asyncio, sys
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore

backend, where, first, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
TOKENS = [f"rb_energy_{n}" for n in range(13)] + ["rb_might", "rb_exhaust", "rb_rune_fury", "rb_rune_calm"]

async def main():
    store = SqliteStore(where) if backend == "sqlite" else PostgresStore(where, deadline=10.0)
    await store.start()
    print("ready", flush=True)
    sys.stdin.readline()
    await asyncio.gather(*(
        store.set_emoji(111111111111111111, user_id=1 + i, token=TOKENS[i], emoji=f"<:p{i}:{5000 + i}>")
        for i in range(first, first + count)
    ))
    await store.close()

asyncio.run(main())
"""


async def test_concurrent_writes_from_two_processes_lose_no_update(
    make_store: StoreMaker, backend_where: tuple[str, str]
) -> None:
    store = await make_store()  # creates the schema first, as the bot's start would
    half = len(TOKENS) // 2
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            _WRITER,
            *backend_where,
            str(first),
            str(count),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for first, count in ((0, half), (half, len(TOKENS) - half))
    ]
    for process in processes:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), 300) == b"ready\n"
    for process in processes:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()
    codes = await asyncio.wait_for(asyncio.gather(*(p.wait() for p in processes)), 600)
    assert codes == [0, 0]
    final = await store.get_settings(GUILD)
    assert dict(final.emoji) == {token: f"<:p{i}:{5000 + i}>" for i, token in enumerate(TOKENS)}


# --- saved state ---


async def test_saved_state_comes_back_with_its_owner_under_a_short_key(store: Store) -> None:
    key = await store.save("search", {"query": "kw:hidden t:spell", "page": 2}, ASKER)
    assert __import__("re").fullmatch(KEY_PATTERN, key)
    assert len(f"rb:search:{key}:999n") < 40  # room in a 100-character custom_id
    loaded = await store.load(key)
    assert isinstance(loaded, SavedState)
    assert (loaded.kind, dict(loaded.payload), loaded.owner_id) == (
        "search",
        {"query": "kw:hidden t:spell", "page": 2},
        ASKER,
    )
    assert loaded.expires_at - loaded.created_at == timedelta(days=90)
    anyone = await store.load(await store.save("details", {"code": "rb1.abc"}, None))
    assert isinstance(anyone, SavedState) and anyone.owner_id is None


async def test_unknown_keys_and_other_kinds_are_unknown(store: Store) -> None:
    key = await store.save("search", {"query": "t:unit"}, ASKER)
    assert await store.load(key, "details") is Gone.UNKNOWN
    assert isinstance(await store.load(key, "search"), SavedState)
    assert await store.load("A" * 12) is Gone.UNKNOWN  # well formed, never saved
    for bad in ("", "short", "x" * 200, "bad key!#$%", "../../etc"):
        assert await store.load(bad) is Gone.UNKNOWN


async def test_keys_are_unique(store: Store) -> None:
    keys = await asyncio.gather(*(store.save("search", {"n": n}, None) for n in range(60)))
    assert len(set(keys)) == 60


async def test_state_expires_after_its_time_and_is_purged(make_store: StoreMaker) -> None:
    clock = Clock()
    store = await make_store(clock=clock, state_ttl=timedelta(days=90))
    old = await store.save("search", {"query": "old"}, ASKER)
    clock.now += timedelta(days=60)
    young = await store.save("search", {"query": "young"}, ASKER)
    clock.now += timedelta(days=30, seconds=1)  # the first is 90 days and a second old
    assert await store.load(old) is Gone.EXPIRED
    assert isinstance(await store.load(young), SavedState)
    assert await store.purge_expired() == 1
    assert await store.load(old) is Gone.UNKNOWN  # purged: nothing left to say it expired
    assert isinstance(await store.load(young), SavedState)
    # another store over the same database decides by its own clock: the young one is still there
    assert isinstance(await (await make_store(clock=clock)).load(young), SavedState)


async def test_expired_rows_are_purged_at_start(make_store: StoreMaker) -> None:
    clock = Clock()
    store = await make_store(clock=clock, state_ttl=timedelta(days=1))
    key = await store.save("search", {"q": 1}, None)
    clock.now += timedelta(days=2)
    later = await make_store(clock=clock, state_ttl=timedelta(days=1))  # a restart, two days on
    assert await later.load(key) is Gone.UNKNOWN


async def test_any_text_a_user_typed_is_kept_as_typed(store: Store) -> None:
    typed = 'nul\x00 surrogate\ud800 emoji 🃏 quote" backslash\\ ' + "@everyone " * 3 + "é" * 500
    key = await store.save("search", {"query": typed}, ASKER)
    loaded = await store.load(key)
    assert isinstance(loaded, SavedState) and loaded.payload["query"] == typed


async def test_payloads_must_be_small_json_objects(store: Store) -> None:
    for bad in ([1, 2], "text", {"x": float("nan")}, {"x": object()}):
        with pytest.raises((ValueError, TypeError)):
            await store.save("search", bad, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="over"):
        await store.save("search", {"q": "x" * MAX_PAYLOAD_BYTES}, None)
    # the longest question an answer keeps (500 characters, each 12 bytes as stored) fits; a longer one is not kept
    # with the answer (bot.answer_state.bounded), never refused by the store
    assert len(json.dumps({"query": "\U0001f0cf" * QUERY_LIMIT})) < MAX_PAYLOAD_BYTES
    with pytest.raises(ValueError, match="kind"):
        await store.save("Search Pages", {}, None)


# --- settings from the environment, and a password that never shows ---


async def test_database_url_is_checked_and_its_password_never_shows(
    caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    url = "postgresql://rb:hunter2-secret@/riftbound?host=/nonexistent-rb-socket-dir"
    settings = Settings.from_env({"DATABASE_URL": url, "RIFTBOUND_STATE_DAYS": "30"}, need_token=False)
    assert settings.database_url is not None and settings.state_days == 30
    assert "hunter2" not in repr(settings)
    with pytest.raises(EnvError, match="DATABASE_URL must be a PostgreSQL URL"):
        Settings.from_env({"DATABASE_URL": "mysql://x@y/z"}, need_token=False)
    with pytest.raises(EnvError, match="RIFTBOUND_STATE_DAYS must be a whole number"):
        Settings.from_env({"RIFTBOUND_STATE_DAYS": "ninety"}, need_token=False)
    with pytest.raises(EnvError, match="at most 3650"):
        Settings.from_env({"RIFTBOUND_STATE_DAYS": "99999999999"}, need_token=False)
    assert Settings.from_env({}, need_token=False).state_days == 90
    store = open_store(settings.database_url.reveal(), Path("unused"), state_days=settings.state_days)
    assert isinstance(store, PostgresStore) and store.state_ttl == timedelta(days=30)
    caplog.set_level(logging.DEBUG)
    await store.start()  # nothing listens there: said once, no exception
    with pytest.raises(StoreUnavailable) as error:
        await store.get_settings(GUILD)
    assert str(error.value) == UNAVAILABLE
    await store.close()
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "is unavailable" in logged and "hunter2" not in logged and "hunter2" not in repr(store)
    assert isinstance(open_store(None, tmp_path / "settings.sqlite3"), SqliteStore)
