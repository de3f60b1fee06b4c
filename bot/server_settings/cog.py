"""/settings show | set | emoji | reset: this server's settings (bot/store/guild_settings.py), for members who can manage it.

Discord hides the command from others (`default_permissions(manage_guild=True)`), and every subcommand checks the
member's permissions again, since a server can change who sees a command. Answers are private. The store (`bot/store/`)
reads and writes; one it cannot reach answers privately in one line (`StoreUnavailable`), and nothing is changed.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.controls.commands import to_choices
from bot.errors import UserError
from bot.store import Store
from bot.store.guild_settings import KNOWN_SYMBOL_TOKENS, GuildSettings
from bot.ui.render import COLOR_INFO
from bot.ui.reply import send

NOT_A_MANAGER = (
    "Only members who can manage this server (the Manage Server permission) can see or change its settings."
)
NOT_IN_A_SERVER = "Settings belong to a server: use /settings in a server."
NO_STORE = "This bot runs without a settings store, so settings cannot be changed."

STYLES = [
    app_commands.Choice(name="text (2 energy, 1 Fury power)", value="text"),
    app_commands.Choice(name="emoji (this server's custom emoji)", value="emoji"),
]


def settings_embed(settings: GuildSettings, *, title: str = "This server's settings") -> discord.Embed:
    on_off = "on" if settings.card_lookups else "off"
    shown = "public" if settings.public_by_default else "private (only the asker sees them)"
    embed = discord.Embed(title=title, colour=COLOR_INFO)
    embed.add_field(name="[[Card Name]] in messages", value=f"{on_off} (`card_lookups`)", inline=False)
    embed.add_field(
        name="Answers to /hidden and /rule",
        value=f"{shown} by default (`public_by_default`); anyone can still choose with the `public` option",
        inline=False,
    )
    emoji = "\n".join(f"`{token}` {value}" for token, value in sorted(settings.emoji.items()))
    embed.add_field(
        name="Card symbols",
        value=f"{settings.symbol_style} (`symbol_style`)" + (f"\n{emoji}" if emoji else ""),
        inline=False,
    )
    if settings.updated_by is not None:
        # a mention inside an embed shows the name and never pings
        when = f" ({settings.updated_at})" if settings.updated_at else ""
        embed.description = f"Last changed by <@{settings.updated_by}>{when}."
    return embed


def _manager_store(interaction: discord.Interaction[Any]) -> tuple[Store, int]:
    """The store and server id, after checking again that the member may manage the server."""
    if interaction.guild_id is None:
        raise UserError(NOT_IN_A_SERVER)
    if not interaction.permissions.manage_guild:
        raise UserError(NOT_A_MANAGER)
    store: Store | None = interaction.client.services.store
    if store is None:
        raise UserError(NO_STORE)
    return store, interaction.guild_id


async def _show(interaction: discord.Interaction[Any], settings: GuildSettings, title: str) -> None:
    await send(interaction, [settings_embed(settings, title=title)], ephemeral=True)


async def symbol_tokens(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().strip(":").casefold()
    return to_choices((t, t) for t in KNOWN_SYMBOL_TOKENS if typed in t)


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class ServerSettings(
    commands.GroupCog,
    group_name="settings",
    group_description="This server's settings for the bot (for members who can manage the server)",
):
    @app_commands.command(name="show", description="This server's settings")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        store, guild_id = _manager_store(interaction)
        await _show(interaction, await store.get_settings(guild_id), "This server's settings")

    @app_commands.command(
        name="set", description="Turn [[card]] lookups on or off, answers private by default, symbols"
    )
    @app_commands.describe(
        card_lookups="Answer [[Card Name]] in messages?",
        public_by_default="Answers to /hidden and /rule public unless the asker chooses?",
        symbol_style="Card symbols as words or as this server's custom emoji",
    )
    @app_commands.choices(symbol_style=STYLES)
    async def set_(
        self,
        interaction: discord.Interaction[Any],
        card_lookups: bool | None = None,
        public_by_default: bool | None = None,
        symbol_style: app_commands.Choice[str] | None = None,
    ) -> None:
        store, guild_id = _manager_store(interaction)
        changes: dict[str, object] = {}
        if card_lookups is not None:
            changes["card_lookups"] = card_lookups
        if public_by_default is not None:
            changes["public_by_default"] = public_by_default
        if symbol_style is not None:
            changes["symbol_style"] = symbol_style.value
        if not changes:
            raise UserError("Give at least one of card_lookups, public_by_default, symbol_style.")
        saved = await store.update_settings(guild_id, user_id=interaction.user.id, **changes)
        await _show(interaction, saved, "Settings saved")

    @app_commands.command(
        name="emoji", description="The custom emoji for one card symbol (leave emoji out to remove it)"
    )
    @app_commands.describe(
        symbol="The symbol, like rb_rune_fury or rb_energy_2", emoji="The custom emoji, like <:fury:1234>"
    )
    @app_commands.autocomplete(symbol=symbol_tokens)
    async def emoji(
        self, interaction: discord.Interaction[Any], symbol: str, emoji: str | None = None
    ) -> None:
        store, guild_id = _manager_store(interaction)
        saved = await store.set_emoji(guild_id, user_id=interaction.user.id, token=symbol, emoji=emoji)
        title = "Settings saved"
        if saved.symbol_style != "emoji":
            title += " (symbols show as text until symbol_style is emoji)"
        await _show(interaction, saved, title)

    @app_commands.command(name="reset", description="Back to the default settings")
    async def reset(self, interaction: discord.Interaction[Any]) -> None:
        store, guild_id = _manager_store(interaction)
        saved = await store.reset_settings(guild_id)
        await _show(interaction, saved, "Settings reset to the defaults")
