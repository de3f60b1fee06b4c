"""/rule, /ruling and /keyword."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import answers
from bot.cogs.common import PUBLIC, answer, keyword_names, rule_numbers, services_of
from bot.judge import send_answer


class Rules(commands.Cog):
    @app_commands.command(
        name="rule", description="A Core Rule by number (811.1.d) or words, with parents and sub-rules"
    )
    @app_commands.describe(
        query="A rule number like 811.1.d, or words like 'hide'",
        public=PUBLIC,
    )
    @app_commands.autocomplete(query=rule_numbers)
    async def rule(
        self, interaction: discord.Interaction[Any], query: str, public: bool | None = None
    ) -> None:
        services = await services_of(interaction)
        await send_answer(interaction, services, answers.rule_reply(services, query), public=public)

    @app_commands.command(
        name="ruling", description="FAQ answers and rulings by words, card name or rule number"
    )
    @app_commands.describe(query="Words, a card name, or a rule number")
    async def ruling(self, interaction: discord.Interaction[Any], query: str) -> None:
        await answer(interaction, answers.ruling_reply(await services_of(interaction), query))

    @app_commands.command(name="keyword", description="A keyword's rules, reminder text, FAQ and cards")
    @app_commands.describe(name="The keyword, like Hidden")
    @app_commands.autocomplete(name=keyword_names)
    async def keyword(self, interaction: discord.Interaction[Any], name: str) -> None:
        await answer(interaction, answers.keyword_reply(await services_of(interaction), name))
