"""Builds the bot: `AutoShardedBot` in production, a plain `Bot` in tests (dpytest refuses sharded clients).

Sharding: one process runs every shard by default (Discord recommends the count). A bot in thousands of servers can
split its shards over several processes or machines: each gets the same `SHARD_COUNT` and its own `SHARD_IDS`.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cards.cog import Cards
from bot.cards.messages import Messages
from bot.controls.answer import CONTROL_ITEMS
from bot.controls.buttons import VIEW_ITEMS, suggestion_view
from bot.controls.pagers import PAGERS
from bot.cooldowns import user_limits
from bot.database import DatabaseHandle
from bot.deck.cog import Deck
from bot.errors import CardNotFound, RecentErrors, report_error
from bot.help.cog import Help
from bot.hidden.cog import Hidden
from bot.refresh import Refresher
from bot.rules.cog import Rules
from bot.server_settings.apply import answers_public
from bot.server_settings.cog import ServerSettings
from bot.services import Services
from bot.settings import Settings
from bot.store import Store
from bot.store.sqlite import SqliteStore
from bot.turns import TURNS
from bot.ui.limits import typed_options
from bot.ui.reply import DEFERRED_PUBLIC
from bot.ui.symbols import Symbols

log = logging.getLogger(__name__)

STATEFUL_ITEMS = (*PAGERS, *VIEW_ITEMS, *CONTROL_ITEMS)
"""Every stateful button and menu class: registered at setup, so that a press on any earlier answer is answered."""


class BotTree(app_commands.CommandTree[Any]):
    """The command tree with the one error handler; bugs are kept per interaction for the harness and tests."""

    def __init__(self, client: discord.Client, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        # bounded: the harness pops each as its interaction ends; a running bot keeps only the last few
        self.unexpected: RecentErrors = RecentErrors()
        self.expected: RecentErrors = RecentErrors()

    def record_unexpected(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        self.unexpected[interaction.id] = error

    def record_expected(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        # Kept only while a harness is watching (it pops them); a running bot would otherwise grow this forever.
        if getattr(self, "watching", False):
            self.expected[interaction.id] = error

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        # discord.py's one entry for every slash command and autocomplete: what was typed is made ready here, once,
        # before anything parses it; a refresh's warm-up waits meanwhile
        typed_options(interaction.data)
        with TURNS.answering():
            await super()._call(interaction)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Before any slash command runs: the asker's cooldown, then a deferral when the answer may take over
        Discord's 3 seconds (search, a pasted scenario). Autocomplete has a budget of its own: over it, no
        suggestions and no work."""
        services: Services | None = getattr(self.client, "services", None)
        if interaction.type is discord.InteractionType.autocomplete:
            if services is None or services.autocompletes.allow(interaction.user.id):
                return True
            await interaction.response.autocomplete([])
            return False
        if interaction.type is not discord.InteractionType.application_command:
            return True
        if services is not None:
            services.cooldowns.take(interaction.user.id)  # raises SlowDown: answered privately by on_error
        if defer_first(interaction.data):
            # Defer with the visibility the answer will have: a private "thinking" becomes a private answer.
            public = services is None or await answer_public(interaction, services)
            await interaction.response.defer(thinking=True, ephemeral=not public)
            if public:
                interaction.extras[DEFERRED_PUBLIC] = True
        return True

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await self.on_component_error(interaction, error)

    async def on_component_error(self, interaction: discord.Interaction[Any], error: BaseException) -> None:
        """The one error handler, for commands, buttons, menus and forms: answered privately, kept for the harness."""
        services: Services | None = getattr(self.client, "services", None)
        view = None
        original = getattr(error, "original", error)
        if isinstance(original, CardNotFound) and services is not None:
            view = await suggestion_view(services, original.suggestions, owner_id=interaction.user.id)
        if await report_error(interaction, error, services, view=view):
            self.record_expected(interaction, error)
        else:
            self.record_unexpected(interaction, error)


# Commands whose work may take over 2 seconds (a large scenario, a broad search), each with the option that must be
# given for it to do that work (None: always). They defer first, so Discord shows "thinking" instead of timing out.
DEFER_FIRST: dict[str, str | None] = {"search": None, "hidden scenario": "text"}


def defer_first(data: Any) -> bool:
    """Whether the command in an interaction's data is one of DEFER_FIRST, with its option given."""
    if not isinstance(data, dict):
        return False
    names, options = _command_path(data)
    path = " ".join(names)
    if path not in DEFER_FIRST:
        return False
    needed = DEFER_FIRST[path]
    return needed is None or any(o.get("name") == needed for o in options)


async def answer_public(interaction: discord.Interaction[Any], services: Services) -> bool:
    """Whether a deferred command's answer will be public: its `public` option, else the server's default (/search
    answers are always public)."""
    names, options = _command_path(interaction.data)
    if names != ["hidden", "scenario"]:
        return True
    public = next((o.get("value") for o in options if o.get("name") == "public"), None)
    return await answers_public(interaction, services, public if isinstance(public, bool) else None)


def _command_path(data: Any) -> tuple[list[str], list[Any]]:
    if not isinstance(data, dict):
        return [], []
    names = [str(data.get("name", ""))]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommand group / subcommand
        names.append(str(options[0].get("name", "")))
        options = options[0].get("options") or []
    return names, options


class _Setup:
    sync_commands_on_start: bool = False  # `python -m bot --sync`: register the commands with Discord once
    refresher: Refresher | None = (
        None  # set by `python -m bot` (bot.run) when RIFTBOUND_REFRESH_HOURS is not 0
    )
    _refresh_task: asyncio.Task[None] | None = None

    def _start_refreshing(self: Any) -> None:
        # The task lives as long as the event loop: `bot.run` (asyncio.run) cancels it when the bot stops.
        if self.refresher is not None and self._refresh_task is None:
            self._refresh_task = asyncio.create_task(self.refresher.run(), name="card-database-refresh")

    async def setup_hook(self: Any) -> None:
        self._start_refreshing()
        if getattr(self, "_cogs_added", False):
            return
        self._cogs_added = True
        if self.services.store is not None:
            await self.services.store.start()  # never raises for an outage: says so once
        for cog in (Cards(), Rules(), Hidden(), Deck(), Help(), Messages(self.services), ServerSettings()):
            await self.add_cog(cog)
        # buttons that outlive the process: found by their custom_id's template, their state in the store
        self.add_dynamic_items(*STATEFUL_ITEMS)
        if self.sync_commands_on_start:
            synced = await self.tree.sync()
            log.info("synced %d commands with Discord", len(synced))

    async def close(self: Any) -> None:
        await super().close()  # type: ignore[misc]  # a mixin: discord.Client.close, by the MRO
        if self.services.store is not None:
            await self.services.store.close()

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
    settings: Settings,
    db: DatabaseHandle,
    *,
    sharded: bool,
    intents_override: discord.Intents | None = None,
    store: Store | None = None,
) -> RulesBot | ShardedRulesBot:
    """A bot with every command on its tree; call `await bot.setup_hook()` (login does) to add the cogs and start the
    store.

    `intents_override` is for tests: dpytest needs the member cache that production does not ask for.
    `store`: server settings and saved buttons (`bot.store.open_store`); without it, a store in memory (tests, `ask`).
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
    limits = user_limits(settings.cooldown_rate, settings.cooldown_per)
    bot.services = Services(
        db=db,
        symbols=Symbols(settings.emoji),
        cooldowns=limits.commands,
        autocompletes=limits.autocomplete,
        presses=limits.presses,
        store=store
        if store is not None
        else SqliteStore(None, state_ttl=timedelta(days=settings.state_days)),
    )
    return bot
