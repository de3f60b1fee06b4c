"""/help."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.help.render import help_embeds
from bot.ui.reply import send


class Help(commands.Cog):
    @app_commands.command(name="help", description="What this bot does and how to ask it")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await send(interaction, help_embeds(), ephemeral=True)
