"""The SQLite store's file: where it is, created when missing, upgraded from schema 1, broken files kept aside and
replaced, an unwritable place kept in memory, a busy file. (The contract both backends keep: tests/bot/store/test_store.py.)"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import Gone, SavedState, StoreUnavailable
from bot.store.guild_settings import DEFAULT_SETTINGS_PATH, DEFAULTS, GuildSettings, settings_path
from bot.store.sqlite import APPLICATION_ID, SqliteStore

GUILD = 111111111111111111
OTHER_GUILD = 222222222222222222
ADMIN = 333333333333333333
FURY = "<:rb_fury:1234>"
MIGHT = "<:rb_might:123456789012345678>"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "folder" / "settings.sqlite3"


@pytest.fixture
def store_at_path(path: Path) -> SqliteStore:
    return SqliteStore(path)


def _warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "bot.settings" and r.levelno >= logging.WARNING]


# --- where the file is ---


def test_settings_path_defaults_to_data_folder() -> None:
    assert settings_path({}) == DEFAULT_SETTINGS_PATH == Path("data") / "settings.sqlite3"


def test_settings_path_reads_the_environment_when_called(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("RIFTBOUND_SETTINGS_DB", str(tmp_path / "s.db"))
    assert settings_path() == tmp_path / "s.db"
    assert settings_path({"RIFTBOUND_SETTINGS_DB": "/x/y.sqlite3"}) == Path("/x/y.sqlite3")


# --- defaults and a missing file ---


def test_missing_file_and_folder_are_created_with_the_schema(path: Path, store_at_path: SqliteStore) -> None:
    assert path.is_file()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        columns = [r[1] for r in conn.execute("PRAGMA table_info(guild_settings)")]
    finally:
        conn.close()
    assert columns[:5] == ["guild_id", "card_lookups", "public_by_default", "symbol_style", "emoji"]
    assert not store_at_path.in_memory


async def test_an_empty_file_is_initialised_without_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.sqlite3"
    path.touch()
    store = SqliteStore(path)
    assert (await store.update_settings(GUILD, user_id=ADMIN, card_lookups=False)).card_lookups is False
    assert _warnings(caplog) == []
    assert list(tmp_path.iterdir()) == [path]


# --- writes read back ---


async def test_emoji_are_shown_only_in_emoji_style(store_at_path: SqliteStore) -> None:
    text_style = await store_at_path.update_settings(GUILD, user_id=ADMIN, emoji={"rb_rune_fury": FURY})
    assert text_style.emoji_for("rb_rune_fury") is None
    assert text_style.shown_emoji == {}
    emoji_style = await store_at_path.update_settings(GUILD, user_id=ADMIN, symbol_style="emoji")
    assert emoji_style.emoji_for(":rb_rune_fury:") == FURY
    assert emoji_style.emoji_for("rb_might") is None
    assert emoji_style.shown_emoji == {"rb_rune_fury": FURY}


def test_settings_are_immutable_and_hashable() -> None:
    settings = GuildSettings(emoji={"rb_might": MIGHT})
    with pytest.raises(TypeError):
        settings.emoji["rb_might"] = FURY  # type: ignore[index]
    assert hash(settings) == hash(GuildSettings(emoji={"rb_rune_fury": FURY}))
    assert settings.to_dict()["emoji"] == {"rb_might": MIGHT}


# --- broken files: reported once, kept aside, replaced by defaults ---


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xffnot a database at all " * 200)


def _truncated(path: Path) -> None:
    SqliteStore(path)
    conn = sqlite3.connect(path)
    emoji = json.dumps({"rb_might": MIGHT, "rb_rune_fury": FURY})
    conn.executemany(
        "INSERT INTO guild_settings VALUES (?, 1, 1, 'text', ?, NULL, NULL)",
        ((n, emoji) for n in range(1, 400)),
    )
    conn.commit()
    conn.close()
    data = path.read_bytes()
    assert len(data) > 8192
    path.write_bytes(data[: len(data) // 2])


def _wrong_schema(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, prefix TEXT)")
    conn.execute("INSERT INTO guild_settings VALUES (1, '!')")
    conn.commit()
    conn.close()


def _foreign_database(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE cards (id TEXT, name TEXT)")
    conn.commit()
    conn.close()


def _newer_schema(path: Path) -> None:
    SqliteStore(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


@pytest.mark.parametrize("breaker", [_garbage, _truncated, _wrong_schema, _foreign_database, _newer_schema])
async def test_a_broken_file_is_reported_kept_aside_and_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, breaker: Any
) -> None:
    path = tmp_path / "settings.sqlite3"
    breaker(path)
    broken_bytes = path.read_bytes()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        store = SqliteStore(path)
        assert await store.get_settings(GUILD) == DEFAULTS
        assert (await store.update_settings(GUILD, user_id=ADMIN, card_lookups=False)).card_lookups is False
    warnings = _warnings(caplog)
    assert len(warnings) == 1
    assert str(path) in warnings[0].getMessage()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.sqlite3.corrupt-")]
    assert len(aside) == 1
    assert aside[0].read_bytes() == broken_bytes
    assert not store.in_memory
    assert (await SqliteStore(path).get_settings(GUILD)).card_lookups is False


async def test_a_file_broken_while_the_bot_runs_is_replaced_on_next_use(
    path: Path, store_at_path: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    await store_at_path.update_settings(GUILD, user_id=ADMIN, card_lookups=False)
    _garbage(path)
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        assert (
            await store_at_path.get_settings(OTHER_GUILD) == DEFAULTS
        )  # not cached: reads the broken file, recovers
        written = await store_at_path.update_settings(OTHER_GUILD, user_id=ADMIN, public_by_default=False)
    assert written.public_by_default is False
    assert len(_warnings(caplog)) == 1
    assert len(list(path.parent.glob("settings.sqlite3.corrupt-*"))) == 1


async def test_a_write_to_a_file_broken_while_running_still_lands(
    path: Path, store_at_path: SqliteStore
) -> None:
    await store_at_path.get_settings(GUILD)
    _garbage(path)
    assert (
        await store_at_path.update_settings(GUILD, user_id=ADMIN, symbol_style="emoji")
    ).symbol_style == "emoji"
    assert (await SqliteStore(path).get_settings(GUILD)).symbol_style == "emoji"


@pytest.mark.parametrize("side", ["-journal", "-wal"])
async def test_a_leftover_journal_beside_a_broken_file_does_not_reach_the_fresh_one(
    tmp_path: Path, side: str
) -> None:
    path = tmp_path / "settings.sqlite3"
    _garbage(path)
    (tmp_path / f"settings.sqlite3{side}").write_bytes(b"old journal " * 100)
    store = SqliteStore(path)
    assert await store.get_settings(GUILD) == DEFAULTS
    assert (await store.update_settings(GUILD, user_id=ADMIN, card_lookups=False)).card_lookups is False
    assert not (tmp_path / f"settings.sqlite3{side}").exists()
    assert (await SqliteStore(path).get_settings(GUILD)).card_lookups is False


def test_two_breakages_in_the_same_second_keep_both_files(tmp_path: Path) -> None:
    path = tmp_path / "settings.sqlite3"
    _garbage(path)
    SqliteStore(path)
    _garbage(path)
    SqliteStore(path)
    assert len(list(tmp_path.glob("settings.sqlite3.corrupt-*"))) == 2


async def test_invalid_stored_values_give_defaults_for_that_server(
    path: Path, store_at_path: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    await store_at_path.update_settings(GUILD, user_id=ADMIN, card_lookups=False)
    await store_at_path.update_settings(OTHER_GUILD, user_id=ADMIN, card_lookups=False)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE guild_settings SET emoji = 'not json' WHERE guild_id = ?", (GUILD,))
    conn.commit()
    conn.close()
    fresh = SqliteStore(path)
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        assert await fresh.get_settings(GUILD) == DEFAULTS
    assert (await fresh.get_settings(OTHER_GUILD)).card_lookups is False
    assert any(str(GUILD) in r.getMessage() for r in _warnings(caplog))


async def test_an_unwritable_location_keeps_settings_in_memory(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR, logger="bot.settings"):
        store = SqliteStore(blocker / "settings.sqlite3")
    assert store.in_memory
    assert any("in memory" in r.getMessage() for r in caplog.records)
    assert (await store.update_settings(GUILD, user_id=ADMIN, card_lookups=False)).card_lookups is False
    assert (await store.get_settings(GUILD)).card_lookups is False


# --- schema 1 (settings only, before saved buttons) is upgraded in place ---


async def test_a_settings_file_of_schema_1_is_upgraded_keeping_its_settings(
    path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path.parent.mkdir(parents=True)
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, card_lookups INTEGER NOT NULL,
            public_by_default INTEGER NOT NULL, symbol_style TEXT NOT NULL, emoji TEXT NOT NULL,
            updated_by INTEGER, updated_at TEXT);
        INSERT INTO guild_settings VALUES (111111111111111111, 0, 0, 'emoji', '{"rb_might": "<:mm:1234>"}',
            333333333333333333, '2026-10-01T10:00:00+00:00');
        PRAGMA user_version = 1;
        """
    )
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.close()
    with caplog.at_level(logging.INFO, logger="bot.settings"):
        store = SqliteStore(path)
    assert _warnings(caplog) == [] and not list(path.parent.glob("*.corrupt-*"))
    kept = await store.get_settings(GUILD)
    assert (kept.card_lookups, kept.public_by_default, kept.symbol_style, dict(kept.emoji)) == (
        False,
        False,
        "emoji",
        {"rb_might": "<:mm:1234>"},
    )
    key = await store.save("search", {"query": "t:unit"}, ADMIN)
    assert isinstance(await SqliteStore(path).load(key), SavedState)


# --- a file another process holds locked ---


async def test_a_locked_file_answers_unavailable_and_says_so_once(
    path: Path, store_at_path: SqliteStore, caplog: pytest.LogCaptureFixture
) -> None:
    await store_at_path.update_settings(GUILD, user_id=ADMIN, card_lookups=False)
    impatient = SqliteStore(path, timeout=0.05)  # tight on purpose: a lock held until the test ends
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process in the middle of a long write
    try:
        with caplog.at_level(logging.WARNING):
            for _ in range(3):
                with pytest.raises(StoreUnavailable):
                    await impatient.get_settings(GUILD)
            with pytest.raises(StoreUnavailable):
                await impatient.save("search", {"query": "x"}, None)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert (await impatient.get_settings(GUILD)).card_lookups is False
    said = [r.getMessage() for r in caplog.records if r.name == "bot.store"]
    assert len(said) == 2 and "unavailable" in said[0] and "available again" in said[1], said


async def test_a_store_in_memory_keeps_state_until_restart() -> None:
    store = SqliteStore(None)
    assert store.in_memory
    key = await store.save("search", {"query": "t:unit"}, None)
    assert isinstance(await store.load(key), SavedState)
    assert await SqliteStore(None).load(key) is Gone.UNKNOWN
