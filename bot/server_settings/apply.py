"""What one server's settings (/settings, `bot/store/guild_settings.py`) change in an answer: visibility and symbols.

Settings are read from the store (`bot/store/`) once per interaction or message (`settings_of`: kept in the
interaction's extras for whatever else answers it), never across them: a change made through another process is in
force at the next interaction. A store that cannot be reached gives the defaults (it logs that once).

A server that never used /settings (or reset them) gets the defaults: answers public, `[[card]]` on, and the card
symbols as the bot shows them everywhere (words, or the bot-wide `RIFTBOUND_EMOJI`). A server that chose `text`
sees words; one that chose `emoji` sees its own emoji, falling back to the bot-wide ones for symbols it did not set.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.services import Services
from bot.store import StoreUnavailable
from bot.store.guild_settings import DEFAULTS, GuildSettings
from bot.ui.symbols import Symbols


async def guild_settings(services: Services, guild_id: int | None) -> GuildSettings:
    """The settings in force for a server; the defaults in DMs, without a store, or while it cannot be reached."""
    store = services.store
    if store is None or guild_id is None:
        return DEFAULTS
    try:
        return await store.get_settings(guild_id)
    except StoreUnavailable:
        return DEFAULTS


def symbols_for(base: Symbols, settings: GuildSettings) -> Symbols:
    """How card symbols show in a server: see the module docstring."""
    if settings.updated_at is None:  # never configured: the bot-wide display
        return base
    if settings.symbol_style == "text":
        return Symbols()
    return Symbols({**base.emoji, **settings.shown_emoji})


_SETTINGS = "riftbound_guild_settings"  # the interaction's extras: the settings read for it


async def settings_of(interaction: discord.Interaction[Any], services: Services) -> GuildSettings:
    """The server's settings for this interaction: read through the store at its first use, then reused by whatever
    else answers the same interaction (its deferral, its services, its visibility)."""
    kept = interaction.extras.get(_SETTINGS)
    if isinstance(kept, GuildSettings):
        return kept
    settings = await guild_settings(services, interaction.guild_id)
    interaction.extras[_SETTINGS] = settings
    return settings


def services_with(services: Services, settings: GuildSettings) -> Services:
    """The services as a server with these settings sees them (its symbol style); the same object when nothing differs."""
    symbols = symbols_for(services.symbols, settings)
    if symbols == services.symbols:
        return services
    return replace(services, symbols=symbols)


async def services_in(interaction: discord.Interaction[Any], services: Services) -> Services:
    """The services as the interaction's server sees them."""
    return services_with(services, await settings_of(interaction, services))


async def answers_public(
    interaction: discord.Interaction[Any], services: Services, public: bool | None
) -> bool:
    """Whether an answer to /hidden, /rule or /deck is public: the asker's `public` option, else the server's default."""
    if public is not None:
        return public
    return (await settings_of(interaction, services)).public_by_default
