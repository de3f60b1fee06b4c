"""Per-server settings: defaults, writes read back, bad values refused, broken files recovered, concurrency, cache."""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from bot.settings_store import (
    APPLICATION_ID,
    DEFAULT_SETTINGS_PATH,
    DEFAULTS,
    GuildSettings,
    SettingsError,
    SettingsStore,
    settings_path,
)
from cardsdb.errors import CardsDBError

GUILD = 111111111111111111
OTHER_GUILD = 222222222222222222
ADMIN = 333333333333333333
FURY = "<:rb_fury:1234>"
MIGHT = "<:rb_might:123456789012345678>"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "folder" / "settings.sqlite3"


@pytest.fixture
def store(path: Path) -> SettingsStore:
    return SettingsStore(path)


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


def test_missing_file_and_folder_are_created_with_the_schema(path: Path, store: SettingsStore) -> None:
    assert path.is_file()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        columns = [r[1] for r in conn.execute("PRAGMA table_info(guild_settings)")]
    finally:
        conn.close()
    assert columns[:5] == ["guild_id", "card_lookups", "public_by_default", "symbol_style", "emoji"]
    assert not store.in_memory


def test_a_server_without_settings_gets_the_defaults(store: SettingsStore) -> None:
    settings = store.get(GUILD)
    assert settings == GuildSettings()
    assert settings.card_lookups is True
    assert settings.public_by_default is True
    assert settings.symbol_style == "text"
    assert dict(settings.emoji) == {}
    assert settings.updated_by is None and settings.updated_at is None


def test_an_empty_file_is_initialised_without_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.sqlite3"
    path.touch()
    store = SettingsStore(path)
    assert store.update(GUILD, user_id=ADMIN, card_lookups=False).card_lookups is False
    assert _warnings(caplog) == []
    assert list(tmp_path.iterdir()) == [path]


# --- writes read back ---


def test_update_is_read_back_by_a_new_store(path: Path, store: SettingsStore) -> None:
    written = store.update(
        GUILD, user_id=ADMIN, card_lookups=False, public_by_default=False, symbol_style="emoji"
    )
    assert written.updated_by == ADMIN
    assert written.updated_at is not None and written.updated_at.endswith("+00:00")
    reread = SettingsStore(path).get(GUILD)
    assert reread == written
    assert (reread.card_lookups, reread.public_by_default, reread.symbol_style) == (False, False, "emoji")


def test_updates_change_only_what_they_name(store: SettingsStore) -> None:
    store.update(GUILD, user_id=ADMIN, card_lookups=False)
    after = store.update(GUILD, user_id=ADMIN + 1, symbol_style="emoji")
    assert after.card_lookups is False
    assert after.symbol_style == "emoji"
    assert after.public_by_default is True
    assert after.updated_by == ADMIN + 1


def test_servers_do_not_share_settings(store: SettingsStore) -> None:
    store.update(GUILD, user_id=ADMIN, public_by_default=False)
    assert store.get(OTHER_GUILD) == DEFAULTS


def test_emoji_map_is_normalised_and_replaced_whole(store: SettingsStore) -> None:
    first = store.update(GUILD, user_id=ADMIN, emoji={":rb_rune_fury:": FURY, "RB_MIGHT": MIGHT})
    assert dict(first.emoji) == {"rb_rune_fury": FURY, "rb_might": MIGHT}
    second = store.update(GUILD, user_id=ADMIN, emoji={"rb_energy_2": "<a:e2:99999>"})
    assert dict(second.emoji) == {"rb_energy_2": "<a:e2:99999>"}


def test_set_emoji_changes_one_token_and_none_removes_it(store: SettingsStore) -> None:
    store.set_emoji(GUILD, user_id=ADMIN, token="rb_rune_fury", emoji=FURY)
    both = store.set_emoji(GUILD, user_id=ADMIN, token=":rb_might:", emoji=MIGHT)
    assert dict(both.emoji) == {"rb_rune_fury": FURY, "rb_might": MIGHT}
    one = store.set_emoji(GUILD, user_id=ADMIN, token="rb_rune_fury", emoji=None)
    assert dict(one.emoji) == {"rb_might": MIGHT}


def test_emoji_are_shown_only_in_emoji_style(store: SettingsStore) -> None:
    text_style = store.update(GUILD, user_id=ADMIN, emoji={"rb_rune_fury": FURY})
    assert text_style.emoji_for("rb_rune_fury") is None
    assert text_style.shown_emoji == {}
    emoji_style = store.update(GUILD, user_id=ADMIN, symbol_style="emoji")
    assert emoji_style.emoji_for(":rb_rune_fury:") == FURY
    assert emoji_style.emoji_for("rb_might") is None
    assert emoji_style.shown_emoji == {"rb_rune_fury": FURY}


def test_reset_gives_the_defaults_back(path: Path, store: SettingsStore) -> None:
    store.update(GUILD, user_id=ADMIN, card_lookups=False)
    assert store.reset(GUILD) == DEFAULTS
    assert store.get(GUILD) == DEFAULTS
    assert SettingsStore(path).get(GUILD) == DEFAULTS


def test_settings_are_immutable_and_hashable() -> None:
    settings = GuildSettings(emoji={"rb_might": MIGHT})
    with pytest.raises(TypeError):
        settings.emoji["rb_might"] = FURY  # type: ignore[index]
    assert hash(settings) == hash(GuildSettings(emoji={"rb_rune_fury": FURY}))
    assert settings.to_dict()["emoji"] == {"rb_might": MIGHT}


# --- bad values: refused with one clear line, nothing written ---


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"card_lookup": True}, r"unknown setting 'card_lookup'; .* Did you mean card_lookups\?"),
        ({"public": False}, r"unknown setting 'public'; settings are card_lookups, public_by_default"),
        ({"card_lookups": "yes"}, r"card_lookups must be true or false, not 'yes'"),
        ({"public_by_default": 1}, r"public_by_default must be true or false, not 1"),
        ({"symbol_style": "emojis"}, r"symbol_style must be 'text' or 'emoji', not 'emojis'"),
        ({"emoji": "<:rb_fury:1234>"}, r"emoji must be a mapping of symbol token to custom emoji"),
        ({"emoji": {"rb_fury": FURY}}, r"unknown symbol token 'rb_fury'. Did you mean rb_rune_fury\?"),
        ({"emoji": {"rb_might": "fury"}}, r"'fury' is not a custom emoji: it should look like <:rb_fury:"),
        ({"emoji": {"rb_might": "<:m:1234>"}}, r"not a custom emoji"),
        ({"emoji": {"rb_might": "<:might:12ab>"}}, r"not a custom emoji"),
        ({}, r"no setting given"),
    ],
)
def test_invalid_changes_are_refused_clearly(
    store: SettingsStore, changes: dict[str, Any], message: str
) -> None:
    store.update(GUILD, user_id=ADMIN, symbol_style="emoji")
    before = store.get(GUILD)
    with pytest.raises(SettingsError, match=message) as error:
        store.update(GUILD, user_id=ADMIN, **changes)
    assert "\n" not in str(error.value)
    assert isinstance(error.value, CardsDBError)
    store.clear_cache()
    assert store.get(GUILD) == before


@pytest.mark.parametrize("bad_id", [0, -5, True, "123", 2**64])
def test_ids_must_be_discord_ids(store: SettingsStore, bad_id: Any) -> None:
    with pytest.raises(SettingsError, match="must be a Discord id"):
        store.get(bad_id)
    with pytest.raises(SettingsError, match="must be a Discord id"):
        store.update(GUILD, user_id=bad_id, card_lookups=False)


def test_set_emoji_refuses_unknown_tokens_and_bad_emoji(store: SettingsStore) -> None:
    with pytest.raises(SettingsError, match=r"unknown symbol token 'rb_mihgt'\. Did you mean rb_might"):
        store.set_emoji(GUILD, user_id=ADMIN, token="rb_mihgt", emoji=MIGHT)
    with pytest.raises(SettingsError, match="not a custom emoji"):
        store.set_emoji(GUILD, user_id=ADMIN, token="rb_might", emoji=":might:")
    assert store.get(GUILD) == DEFAULTS


# --- broken files: reported once, kept aside, replaced by defaults ---


def _garbage(path: Path) -> None:
    path.write_bytes(b"\x00\xffnot a database at all " * 200)


def _truncated(path: Path) -> None:
    store = SettingsStore(path)
    for n in range(1, 400):
        store.update(n, user_id=ADMIN, emoji={"rb_might": MIGHT, "rb_rune_fury": FURY})
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
    SettingsStore(path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


@pytest.mark.parametrize("breaker", [_garbage, _truncated, _wrong_schema, _foreign_database, _newer_schema])
def test_a_broken_file_is_reported_kept_aside_and_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, breaker: Any
) -> None:
    path = tmp_path / "settings.sqlite3"
    breaker(path)
    broken_bytes = path.read_bytes()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        store = SettingsStore(path)
        assert store.get(GUILD) == DEFAULTS
        assert store.update(GUILD, user_id=ADMIN, card_lookups=False).card_lookups is False
    warnings = _warnings(caplog)
    assert len(warnings) == 1
    assert str(path) in warnings[0].getMessage()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.sqlite3.corrupt-")]
    assert len(aside) == 1
    assert aside[0].read_bytes() == broken_bytes
    assert not store.in_memory
    assert SettingsStore(path).get(GUILD).card_lookups is False


def test_a_file_broken_while_the_bot_runs_is_replaced_on_next_use(
    path: Path, store: SettingsStore, caplog: pytest.LogCaptureFixture
) -> None:
    store.update(GUILD, user_id=ADMIN, card_lookups=False)
    _garbage(path)
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        assert store.get(OTHER_GUILD) == DEFAULTS  # not cached: reads the broken file, recovers
        written = store.update(OTHER_GUILD, user_id=ADMIN, public_by_default=False)
    assert written.public_by_default is False
    assert len(_warnings(caplog)) == 1
    assert len(list(path.parent.glob("settings.sqlite3.corrupt-*"))) == 1


def test_a_write_to_a_file_broken_while_running_still_lands(path: Path, store: SettingsStore) -> None:
    store.get(GUILD)
    _garbage(path)
    assert store.update(GUILD, user_id=ADMIN, symbol_style="emoji").symbol_style == "emoji"
    assert SettingsStore(path).get(GUILD).symbol_style == "emoji"


@pytest.mark.parametrize("side", ["-journal", "-wal"])
def test_a_leftover_journal_beside_a_broken_file_does_not_reach_the_fresh_one(
    tmp_path: Path, side: str
) -> None:
    path = tmp_path / "settings.sqlite3"
    _garbage(path)
    (tmp_path / f"settings.sqlite3{side}").write_bytes(b"old journal " * 100)
    store = SettingsStore(path)
    assert store.get(GUILD) == DEFAULTS
    assert store.update(GUILD, user_id=ADMIN, card_lookups=False).card_lookups is False
    assert not (tmp_path / f"settings.sqlite3{side}").exists()
    assert SettingsStore(path).get(GUILD).card_lookups is False


def test_two_breakages_in_the_same_second_keep_both_files(tmp_path: Path) -> None:
    path = tmp_path / "settings.sqlite3"
    _garbage(path)
    SettingsStore(path)
    _garbage(path)
    SettingsStore(path)
    assert len(list(tmp_path.glob("settings.sqlite3.corrupt-*"))) == 2


def test_invalid_stored_values_give_defaults_for_that_server(
    path: Path, store: SettingsStore, caplog: pytest.LogCaptureFixture
) -> None:
    store.update(GUILD, user_id=ADMIN, card_lookups=False)
    store.update(OTHER_GUILD, user_id=ADMIN, card_lookups=False)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE guild_settings SET emoji = 'not json' WHERE guild_id = ?", (GUILD,))
    conn.commit()
    conn.close()
    fresh = SettingsStore(path)
    with caplog.at_level(logging.WARNING, logger="bot.settings"):
        assert fresh.get(GUILD) == DEFAULTS
    assert fresh.get(OTHER_GUILD).card_lookups is False
    assert any(str(GUILD) in r.getMessage() for r in _warnings(caplog))


def test_an_unwritable_location_keeps_settings_in_memory(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR, logger="bot.settings"):
        store = SettingsStore(blocker / "settings.sqlite3")
    assert store.in_memory
    assert any("in memory" in r.getMessage() for r in caplog.records)
    assert store.update(GUILD, user_id=ADMIN, card_lookups=False).card_lookups is False
    store.clear_cache()
    assert store.get(GUILD).card_lookups is False


# --- concurrency ---

TOKENS = [f"rb_energy_{n}" for n in range(13)] + ["rb_might", "rb_exhaust", "rb_rune_fury", "rb_rune_calm"]


def _run_together(jobs: list[Any]) -> None:
    barrier = threading.Barrier(len(jobs))
    errors: list[BaseException] = []

    def run(job: Any) -> None:
        try:
            barrier.wait()
            job()
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_concurrent_writers_through_two_stores_lose_no_update(path: Path) -> None:
    # two stores on one file behave like two processes: only SQLite's BEGIN IMMEDIATE keeps them apart
    stores = [SettingsStore(path), SettingsStore(path)]
    jobs = [
        (
            lambda s=stores[i % 2], t=token, i=i: s.set_emoji(
                GUILD, user_id=ADMIN + i, token=t, emoji=f"<:e{i}:{1000 + i}>"
            )
        )
        for i, token in enumerate(TOKENS)
    ]
    _run_together(jobs)
    final = SettingsStore(path).get(GUILD)
    assert dict(final.emoji) == {token: f"<:e{i}:{1000 + i}>" for i, token in enumerate(TOKENS)}


def test_concurrent_updates_of_different_settings_all_land(path: Path) -> None:
    stores = [SettingsStore(path) for _ in range(3)]
    _run_together(
        [
            lambda: stores[0].update(GUILD, user_id=ADMIN, card_lookups=False),
            lambda: stores[1].update(GUILD, user_id=ADMIN, public_by_default=False),
            lambda: stores[2].update(GUILD, user_id=ADMIN, symbol_style="emoji"),
        ]
    )
    final = SettingsStore(path).get(GUILD)
    assert (final.card_lookups, final.public_by_default, final.symbol_style) == (False, False, "emoji")


def test_one_store_shared_by_threads_reads_and_writes_consistently(store: SettingsStore) -> None:
    guilds = [GUILD + n for n in range(8)]
    jobs: list[Any] = []
    for g in guilds:
        jobs.append(lambda g=g: store.update(g, user_id=ADMIN, card_lookups=False))
        jobs.append(lambda g=g: store.get(g))
    _run_together(jobs)
    assert all(store.get(g).card_lookups is False for g in guilds)


# --- the cache ---


def _count_connections(store: SettingsStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    opened = [0]
    real = store._connect_file

    def counting() -> sqlite3.Connection:
        opened[0] += 1
        return real()

    monkeypatch.setattr(store, "_connect_file", counting)
    return opened


def test_reads_are_cached_per_guild(store: SettingsStore, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = _count_connections(store, monkeypatch)
    first = store.get(GUILD)
    assert opened[0] == 1
    for _ in range(50):
        assert store.get(GUILD) is first
    assert opened[0] == 1
    store.get(OTHER_GUILD)
    assert opened[0] == 2


def test_a_write_invalidates_the_cached_value(path: Path, store: SettingsStore) -> None:
    assert store.get(GUILD).card_lookups is True
    # a change behind the store's back is not seen: the cached value is served
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO guild_settings VALUES (?, 0, 1, 'text', '{}', NULL, NULL)",
        (GUILD,),
    )
    conn.commit()
    conn.close()
    assert store.get(GUILD).card_lookups is True
    # a write through the store replaces the cached value with what it committed
    written = store.update(GUILD, user_id=ADMIN, symbol_style="emoji")
    assert store.get(GUILD) is written
    assert (written.card_lookups, written.symbol_style) == (False, "emoji")
    store.reset(GUILD)
    assert store.get(GUILD) == DEFAULTS


def test_clear_cache_rereads_the_file(path: Path, store: SettingsStore) -> None:
    store.get(GUILD)
    other = SettingsStore(path)
    other.update(GUILD, user_id=ADMIN, public_by_default=False)
    assert store.get(GUILD).public_by_default is True
    store.clear_cache()
    assert store.get(GUILD).public_by_default is False
