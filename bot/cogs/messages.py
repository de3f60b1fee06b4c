"""`[[Card Name]]` in a message (up to 3 per message) answers like /card. Needs the message content intent."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import discord
from discord.ext import commands

from bot import answers, render
from bot.database import NOT_AVAILABLE
from bot.errors import NONE
from bot.services import Services
from bot.views import SuggestionView
from cardsdb.errors import CardsDBError, DatabaseUnavailable

log = logging.getLogger(__name__)


def replies_for(services: Services, content: str) -> list[answers.Reply]:
    """What the bot answers to a message: card replies, or one private-minded error line."""
    if "[[" not in content:
        return []
    try:
        return answers.message_replies(services, content)
    except (DatabaseUnavailable, sqlite3.Error) as error:
        services.db.broken(str(error))
        return [answers.Reply([render.error_embed(NOT_AVAILABLE)])]
    except CardsDBError as error:
        return [answers.Reply([render.error_embed(str(error))])]


class Messages(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or "[[" not in message.content:
            return
        embeds: list[discord.Embed] = []
        suggestions: list[str] = []
        for reply in replies_for(self.services, message.content):
            embeds.extend(reply.embeds)
            suggestions.extend(reply.extras.get("suggestions") or ())
        groups = render.pack(embeds)
        for i, group in enumerate(groups):
            view = None
            if i == 0 and suggestions:
                view = SuggestionView(self.services, suggestions, owner_id=message.author.id)
            kwargs: dict[str, Any] = {"embeds": group, "mention_author": False, "allowed_mentions": NONE}
            if view is not None:
                kwargs["view"] = view
            await message.reply(**kwargs)
