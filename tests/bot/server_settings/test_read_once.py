"""A server's settings are read through the store once per interaction: the deferral, the services (symbols) and the
visibility of one /hidden or /rule answer share that read (bot/server_settings/apply.py `settings_of`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness
from bot.settings import Settings
from bot.store.guild_settings import GuildSettings
from bot.store.sqlite import SqliteStore
from tests.support.bot_harness_fixtures import FakeCards


class CountingStore(SqliteStore):
    """A SQLite store that counts its settings reads."""

    reads = 0

    async def get_settings(self, guild_id: int) -> GuildSettings:
        self.reads += 1
        return await super().get_settings(guild_id)


@pytest.fixture
async def counted(tmp_path: Path) -> tuple[Harness, CountingStore]:
    store = CountingStore(tmp_path / "settings.sqlite3")
    bot = create_bot(Settings(), DatabaseHandle(FakeCards()), sharded=False, store=store)
    return await Harness.start(bot), store


SCENARIO = (
    "{me: {hand: [Hidden Blade]}, battlefields: {X: {controller: me}}, ask: {hide: Hidden Blade, at: X}}"
)


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("hidden play", {"card": "Hidden Blade"}),
        ("hidden hide", {"card": "Hidden Blade", "public": True}),
        ("rule", {"query": "811"}),
        ("rule", {"query": "hide"}),
        ("hidden scenario", {"text": SCENARIO}),  # deferred first: the deferral reads them too
    ],
)
async def test_one_settings_read_per_answer(
    counted: tuple[Harness, CountingStore], path: str, options: dict[str, Any]
) -> None:
    harness, store = counted
    result = await harness.command(path, options)
    assert result.error is None, result.text()
    assert store.reads == 1
