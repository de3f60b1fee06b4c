"""/deck check: a pasted list (the `list` option, or a form) or a deck code, in a format; the verdict with every
problem and its rules, Details with every check. Public or private like the other answers (judge mode included)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.controls.answer import send_answer
from bot.controls.commands import PUBLIC, services_of
from bot.deck.answers import MAX_LIST_OPTION, deck_reply
from bot.deck.form import DeckModal
from bot.services import off_loop

FORMAT_CHOICES = [
    app_commands.Choice(name="Constructed", value="constructed"),
    app_commands.Choice(name="2v2 Constructed", value="2v2"),
]


class Deck(
    commands.GroupCog, group_name="deck", group_description="Is this deck legal? Every problem with its rule"
):
    @app_commands.command(
        name="check",
        description="Is this deck legal in a format? A list or a deck code (without either, a form opens)",
    )
    @app_commands.describe(
        list_="A deck list; on one line give counts: 1 Jinx, Loose Cannon 3 Get Excited! … (a form takes lines)",
        code="A deck code (Piltover Archive's format)",
        format_="Constructed (the default) or 2v2 Constructed",
        public=PUBLIC,
    )
    @app_commands.rename(list_="list", format_="format")
    @app_commands.choices(format_=FORMAT_CHOICES)
    async def check(
        self,
        interaction: discord.Interaction[Any],
        list_: app_commands.Range[str, 1, MAX_LIST_OPTION] | None = None,
        code: app_commands.Range[str, 1, 4000] | None = None,
        format_: app_commands.Choice[str] | None = None,
        public: bool | None = None,
    ) -> None:
        services = await services_of(interaction)
        format_name = format_.value if format_ is not None else None
        if list_ is None and code is None:
            await interaction.response.send_modal(DeckModal(services, format_name, public))
            return
        reply = await off_loop(deck_reply, services, list_text=list_, code=code, format_name=format_name)
        await send_answer(interaction, services, reply, public=public)
