"""`[[Card Name]]` in a message (up to 3 per message) answers like /card. Needs the message content intent."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import discord
from discord.ext import commands

from bot.cards import answers
from bot.controls.buttons import suggestion_view
from bot.database import NOT_AVAILABLE
from bot.errors import discord_failure
from bot.server_settings.apply import guild_settings, services_with
from bot.services import Services, off_loop
from bot.turns import TURNS
from bot.ui.limits import typed_paste
from bot.ui.notices import error_embed
from bot.ui.render import pack
from bot.ui.reply import NONE, Reply
from cardsdb.errors import CardsDBError, DatabaseUnavailable

log = logging.getLogger(__name__)


def replies_for(services: Services, content: str) -> list[Reply]:
    """What the bot answers to a message: card replies, or one private-minded error line."""
    if "[[" not in content:
        return []
    try:
        return answers.message_replies(services, content)
    except (DatabaseUnavailable, sqlite3.Error) as error:
        services.db.broken(str(error), error)
        return [Reply([error_embed(NOT_AVAILABLE)])]
    except CardsDBError as error:
        return [Reply([error_embed(str(error))])]


class Messages(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or "[[" not in message.content:
            return
        with TURNS.answering():  # a refresh's warm-up waits meanwhile
            await self._answer(message)

    async def _answer(self, message: discord.Message) -> None:
        guild_id = message.guild.id if message.guild is not None else None
        settings = await guild_settings(self.services, guild_id)  # read once for this message
        if not settings.card_lookups:  # switched off with /settings set card_lookups:False
            return
        content = typed_paste(message.content)  # made ready once, before anything parses it
        if not answers.CARD_REF.search(content):
            return
        # The cooldown is shared with slash commands; over it, no reply (a reply would flood the channel too).
        if not self.services.cooldowns.allow(message.author.id):
            log.debug("[[card]] from %s ignored: over the cooldown", message.author.id)
            return
        services = services_with(self.services, settings)
        embeds: list[discord.Embed] = []
        suggestions: list[str] = []
        for reply in await off_loop(replies_for, services, content):
            embeds.extend(reply.embeds)
            suggestions.extend(reply.suggested)
        groups = pack(embeds)
        for i, group in enumerate(groups):
            view = None
            if i == 0 and suggestions:
                view = await suggestion_view(services, suggestions, owner_id=message.author.id)
            kwargs: dict[str, Any] = {"embeds": group, "mention_author": False, "allowed_mentions": NONE}
            if view is not None:
                kwargs["view"] = view
            try:
                await message.reply(**kwargs)
            except discord.HTTPException as error:  # no permission to send here, rate limited, Discord down
                log.warning(
                    "could not answer [[card]] in channel %s: %s", message.channel.id, discord_failure(error)
                )
                return
