"""Builds the bot: `AutoShardedBot` in production, a plain `Bot` in tests (dpytest refuses sharded clients).

Sharding: one process runs every shard by default (Discord recommends the count). A bot in thousands of servers can
split its shards over several processes or machines: each gets the same `SHARD_COUNT` and its own `SHARD_IDS`.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.database import DatabaseHandle
from bot.errors import report_error
from bot.services import Services
from bot.settings import Settings
from bot.symbols import Symbols

log = logging.getLogger(__name__)


class BotTree(app_commands.CommandTree[Any]):
    """The command tree with the one error handler; bugs are kept per interaction for the harness and tests."""

    def __init__(self, client: discord.Client, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        self.unexpected: dict[int, BaseException] = {}
        self.expected: dict[int, BaseException] = {}

    def record_unexpected(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        self.unexpected[interaction.id] = error

    def record_expected(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        # Kept only while a harness is watching (it pops them); a running bot would otherwise grow this forever.
        if getattr(self, "watching", False):
            self.expected[interaction.id] = error

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        services: Services | None = getattr(self.client, "services", None)
        if await report_error(interaction, error, services):
            self.record_expected(interaction, error)
        else:
            self.record_unexpected(interaction, error)


class _Setup:
    sync_commands_on_start: bool = False  # `python -m bot --sync`: register the commands with Discord once

    async def setup_hook(self: Any) -> None:
        from bot.cogs.cards import Cards
        from bot.cogs.help import Help
        from bot.cogs.hidden import Hidden
        from bot.cogs.messages import Messages
        from bot.cogs.rules import Rules

        if getattr(self, "_cogs_added", False):
            return
        self._cogs_added = True
        for cog in (Cards(), Rules(), Hidden(), Help(), Messages(self.services)):
            await self.add_cog(cog)
        if self.sync_commands_on_start:
            synced = await self.tree.sync()
            log.info("synced %d commands with Discord", len(synced))

    async def on_ready(self: Any) -> None:
        shards = getattr(self, "shard_ids", None)
        log.info(
            "ready as %s in %d servers (shards %s of %s)",
            self.user,
            len(self.guilds),
            shards if shards is not None else "all",
            getattr(self, "shard_count", None) or 1,
        )


class RulesBot(_Setup, commands.Bot):
    services: Services


class ShardedRulesBot(_Setup, commands.AutoShardedBot):
    services: Services


def intents(settings: Settings) -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    wanted.dm_messages = True
    wanted.message_content = settings.message_content
    return wanted


def create_bot(
    settings: Settings, db: DatabaseHandle, *, sharded: bool, intents_override: discord.Intents | None = None
) -> RulesBot | ShardedRulesBot:
    """A bot with every command on its tree; call `await bot.setup_hook()` (login does) to add the cogs.

    `intents_override` is for tests: dpytest needs the member cache that production does not ask for.
    """
    kwargs: dict[str, Any] = {
        "command_prefix": commands.when_mentioned,
        "intents": intents_override or intents(settings),
        "allowed_mentions": discord.AllowedMentions.none(),
        "tree_cls": BotTree,
        "help_command": None,
    }
    bot: RulesBot | ShardedRulesBot
    if sharded:
        if settings.shard_count is not None:
            kwargs["shard_count"] = settings.shard_count
        if settings.shard_ids is not None:
            kwargs["shard_ids"] = list(settings.shard_ids)
        bot = ShardedRulesBot(**kwargs)
    else:
        bot = RulesBot(**kwargs)
    bot.services = Services(db=db, symbols=Symbols(settings.emoji))
    return bot
