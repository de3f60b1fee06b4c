"""/card and /search."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer_state import SearchState
from bot.cards import answers
from bot.controls.commands import answer, card_names, services_of
from bot.controls.pagers import SearchPageButton, page_count, pager
from bot.services import off_loop
from bot.ui.reply import SearchPage


class Cards(commands.Cog):
    @app_commands.command(
        name="card", description="Show a card: cost, type, text, set; for Hidden cards, facedown limits"
    )
    @app_commands.describe(
        name="The card's name (typos are forgiven)", image="Show the full card image (default: a small one)"
    )
    @app_commands.autocomplete(name=card_names)
    async def card(self, interaction: discord.Interaction[Any], name: str, image: bool = False) -> None:
        await answer(
            interaction, await off_loop(answers.card_reply, await services_of(interaction), name, image=image)
        )

    @app_commands.command(name="search", description="Find cards: kw:hidden t:spell d:order e<=2 o:kill")
    @app_commands.describe(
        query="Search syntax: kw:hidden t:spell d:order e<=2 p>=1 m>=3 o:kill tag:Bilgewater"
    )
    async def search(self, interaction: discord.Interaction[Any], query: str) -> None:
        services = await services_of(interaction)
        reply = await off_loop(answers.search_reply, services, query)
        found = reply.extra(SearchPage)
        view, note = await pager(
            services,
            SearchPageButton,
            SearchState(found.query),
            pages=page_count(found.total),
            owner_id=interaction.user.id,
        )
        if note is not None:
            reply.content = note
        await answer(interaction, reply, view=view)
