"""/help."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.help.render import help_embeds
from bot.ui.reply import send
from cardsdb.errors import CardsDBError


class Help(commands.Cog):
    @app_commands.command(name="help", description="What this bot does and how to ask it")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        try:
            meta: dict[str, str] | None = interaction.client.services.meta()
        except CardsDBError:  # the database is down: the help still answers, and says so
            meta = None
        await send(interaction, help_embeds(meta), ephemeral=True)
