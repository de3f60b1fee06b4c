"""/settings through the interaction harness (and `[[card]]` through dpytest): who may change them, what each setting
changes in answers, and a missing or corrupt settings file."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest

from bot import harness as harness_module
from bot.cli import command_tree_json
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import GUILD_ID, Harness
from bot.server_settings.cog import NOT_A_MANAGER
from bot.settings import Settings
from bot.store.guild_settings import DEFAULTS
from bot.store.sqlite import SqliteStore
from tests.support.bot_harness_fixtures import FakeCards
from tests.support.markdown import shown

MANAGE_GUILD = 1 << 5
# A member who can do much (send, embed, manage messages and roles) but not manage the server.
NOT_MANAGER = (1 << 11) | (1 << 14) | (1 << 13) | (1 << 28)
FURY = "<:rb_fury:123456789012345678>"
RAINBOW = "<:rb_any:223456789012345678>"


async def start(sqlite_store: SqliteStore, **settings: Any) -> Harness:
    bot = create_bot(Settings(**settings), DatabaseHandle(FakeCards()), sharded=False, store=sqlite_store)
    return await Harness.start(bot)


@pytest.fixture
async def settings_harness(sqlite_store: SqliteStore) -> Harness:
    return await start(sqlite_store)


def test_settings_is_for_managers_only_and_only_in_servers() -> None:
    tree = asyncio.run(command_tree_json())
    settings = next(c for c in tree if c["name"] == "settings")
    assert int(settings["default_member_permissions"]) == MANAGE_GUILD
    assert settings["contexts"] == [0] and settings["dm_permission"] is False  # guild only
    assert {o["name"] for o in settings["options"]} == {"show", "set", "emoji", "reset"}


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("settings show", {}),
        ("settings set", {"card_lookups": False}),
        ("settings set", {"public_by_default": False}),
        ("settings emoji", {"symbol": "rb_rune_fury", "emoji": FURY}),
        ("settings reset", {}),
    ],
)
async def test_a_member_who_cannot_manage_the_server_is_refused(
    settings_harness: Harness, sqlite_store: SqliteStore, path: str, options: dict[str, Any]
) -> None:
    result = await settings_harness.command(path, options, permissions=NOT_MANAGER)
    assert result.ephemeral and result.user_error is not None and result.error is None
    assert result.embeds[0]["description"] == NOT_A_MANAGER
    assert await sqlite_store.get_settings(GUILD_ID) == DEFAULTS


async def test_a_manager_without_other_permissions_may_change_them(
    settings_harness: Harness, sqlite_store: SqliteStore
) -> None:
    result = await settings_harness.command("settings set", {"card_lookups": False}, permissions=MANAGE_GUILD)
    assert result.ephemeral and result.embeds[0]["title"] == "Settings saved"
    assert "off (`card_lookups`)" in result.text()
    assert (await sqlite_store.get_settings(GUILD_ID)).card_lookups is False


async def test_settings_are_saved_in_the_file_and_shown(settings_harness: Harness, tmp_path: Path) -> None:
    await settings_harness.command("settings set", {"public_by_default": False, "symbol_style": "emoji"})
    await settings_harness.command("settings emoji", {"symbol": ":rb_rune_fury:", "emoji": FURY})
    reopened = SqliteStore(tmp_path / "settings.sqlite3")  # as after a restart
    saved = await reopened.get_settings(GUILD_ID)
    assert (saved.public_by_default, saved.symbol_style, dict(saved.emoji)) == (
        False,
        "emoji",
        {"rb_rune_fury": FURY},
    )
    assert saved.updated_by is not None
    shown = await settings_harness.command("settings show")
    text = shown.text()
    assert shown.ephemeral and "private (only the asker sees them)" in text and FURY in text
    assert f"<@{saved.updated_by}>" in text
    assert shown.first.allowed_mentions == {"parse": []}


async def test_bad_values_answer_privately_in_one_line(settings_harness: Harness) -> None:
    emoji = await settings_harness.command("settings emoji", {"symbol": "rb_rune_fury", "emoji": "fury"})
    assert emoji.ephemeral and "is not a custom emoji" in emoji.text()
    token = await settings_harness.command("settings emoji", {"symbol": "rb_rune_furry", "emoji": FURY})
    assert (
        token.ephemeral and "unknown symbol token" in token.text() and "rb_rune_fury" in shown(token.text())
    )
    nothing = await settings_harness.command("settings set", {})
    assert nothing.ephemeral and "Give at least one" in nothing.text()
    for result in (emoji, token, nothing):
        assert result.error is None and "\n" not in result.embeds[0]["description"]


async def test_symbol_autocomplete_offers_known_tokens(settings_harness: Harness) -> None:
    result = await settings_harness.autocomplete("settings emoji", {"symbol": "fury"}, "symbol")
    assert [c["value"] for c in result.choices or []] == ["rb_rune_fury"]


async def test_symbol_style_changes_how_cards_show_symbols(sqlite_store: SqliteStore) -> None:
    harness = await start(sqlite_store, emoji={"rb_rune_rainbow": RAINBOW})
    # never configured: the bot-wide RIFTBOUND_EMOJI
    assert RAINBOW in (await harness.command("keyword", {"name": "Hidden"})).text()
    await harness.command("settings set", {"symbol_style": "text"})
    as_text = (await harness.command("keyword", {"name": "Hidden"})).text()
    assert RAINBOW not in as_text and "1 power of any domain" in as_text
    other = "<:rb_rainbow_here:323456789012345678>"
    await harness.command("settings emoji", {"symbol": "rb_rune_rainbow", "emoji": other})
    assert other not in (await harness.command("keyword", {"name": "Hidden"})).text()  # still text
    await harness.command("settings set", {"symbol_style": "emoji"})
    as_emoji = (await harness.command("keyword", {"name": "Hidden"})).text()
    assert other in as_emoji and RAINBOW not in as_emoji
    reset = await harness.command("settings reset")
    assert reset.embeds[0]["title"] == "Settings reset to the defaults"
    assert RAINBOW in (await harness.command("keyword", {"name": "Hidden"})).text()


async def test_a_missing_settings_file_is_created(tmp_path: Path) -> None:
    path = tmp_path / "new" / "settings.sqlite3"
    harness = await start(SqliteStore(path))
    assert path.is_file()
    saved = await harness.command("settings set", {"card_lookups": False})
    assert "off" in saved.text()


async def test_a_corrupt_settings_file_is_replaced_by_defaults_without_crashing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "settings.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    harness = await start(SqliteStore(path))
    assert "unreadable" in caplog.text
    assert list(tmp_path.glob("settings.sqlite3.corrupt-*")), "the corrupt file is kept aside"
    shown = await harness.command("settings show")
    assert "on (`card_lookups`)" in shown.text() and "public by default" in shown.text()
    answer = await harness.command("rule", {"query": "811.1.d"})
    assert not answer.ephemeral and answer.embeds[0]["title"] == "Rule 811.1.d"


# ---- [[card]] switched off, through dpytest --------------------------------------------------------------------


@pytest.fixture
async def message_bot(sqlite_store: SqliteStore) -> Any:
    client = create_bot(
        Settings(),
        DatabaseHandle(FakeCards()),
        sharded=False,
        intents_override=discord.Intents.all(),
        store=sqlite_store,
    )
    await client._async_setup_hook()
    await client.setup_hook()
    dpytest.configure(client)
    yield client
    await dpytest.empty_queue()


async def test_card_lookups_off_stops_card_answers_in_that_server_only(
    message_bot: Any, sqlite_store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = dpytest.get_config().guilds[0]
    await dpytest.message("is [[Pouty Poro]] good?")
    answered = dpytest.get_message()  # on by default
    assert answered.embeds and answered.embeds[0].title == "Pouty Poro"
    # the admin switches [[card]] off in that server, through the command
    monkeypatch.setattr(harness_module, "GUILD_ID", guild.id)
    harness = await Harness.start(message_bot)
    switched = await harness.command("settings set", {"card_lookups": False})
    assert "off (`card_lookups`)" in switched.text()
    assert (await sqlite_store.get_settings(guild.id)).card_lookups is False
    await dpytest.message("is [[Pouty Poro]] good?")
    assert dpytest.verify().message().nothing()
    # switched on again, it answers
    await harness.command("settings set", {"card_lookups": True})
    await dpytest.message("is [[Pouty Poro]] good?")
    sent = dpytest.get_message()
    assert sent.embeds and sent.embeds[0].title == "Pouty Poro"
