"""Autocomplete callbacks shared by the cogs (at most 25 choices, each at most 100 characters)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot.controls.buttons import answer_view
from bot.server_settings.apply import services_in
from bot.services import Services, off_loop
from bot.ui import limits
from bot.ui.reply import Reply, send
from cardsdb.errors import CardsDBError
from cardsdb.query import is_damage

log = logging.getLogger(__name__)

# The `public` option of /rule and /hidden (bot/controls/judge.py): None leaves it to the server's setting.
PUBLIC = "Show the answer to everyone? (default: this server's setting)"


async def services_of(interaction: discord.Interaction[Any]) -> Services:
    """The bot's services as the interaction's server sees them (its symbol style, from /settings)."""
    services: Services = interaction.client.services
    return await services_in(interaction, services)


def to_choices(pairs: Iterable[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    out: list[app_commands.Choice[str]] = []
    seen: set[str] = set()
    for label, value in pairs:
        label, value = label.strip(), value.strip()
        if not label or not value or len(value) > limits.CHOICE_VALUE or value in seen:
            continue
        seen.add(value)
        out.append(app_commands.Choice(name=limits.fit(label, limits.CHOICE_NAME), value=value))
        if len(out) == limits.CHOICES:
            break
    return out


NAME_TYPED = 100
"""Characters of a typed name an autocomplete reads: no card or keyword name is longer (the longest is under 50)."""


async def _safe(
    interaction: discord.Interaction[Any],
    what: str,
    fetch: Callable[[Services], Iterable[tuple[str, str]]],
    *,
    on_loop: bool = False,
) -> list[app_commands.Choice[str]]:
    """The choices `fetch` finds, [] (logged) when the database fails. `on_loop`: looked up on the event loop's
    thread, for a lookup bounded to well under a millisecond (a name, cut to NAME_TYPED characters), which the hop to
    the answering thread would double; else in the answering thread, as every answer is (bot/services.py)."""
    # Names and numbers do not depend on a server's settings: no settings lookup on every keystroke.
    services: Services = interaction.client.services
    try:
        if on_loop:
            return to_choices(fetch(services))
        return await off_loop(lambda s: to_choices(fetch(s)), services)
    except (CardsDBError, sqlite3.Error) as error:
        log.debug("no %s suggestions: %s", what, error)
        if is_damage(error):
            services.db.broken(f"{type(error).__name__}: {error}", error)
        return []


async def card_names(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    typed = current[:NAME_TYPED]
    return await _safe(
        interaction,
        "card",
        lambda s: (
            (n[: limits.CHOICE_VALUE], n[: limits.CHOICE_VALUE])
            for n in s.cards().autocomplete_cards(typed, limit=limits.CHOICES)
        ),
        on_loop=True,
    )


async def rule_numbers(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
    # The document chosen so far (`doc`, when the command has it): Tournament Rules numbers for doc:tournament.
    # Words are ranked as a question (up to about 10 ms): in the answering thread.
    doc = getattr(interaction.namespace, "doc", None)
    doc_value = str(getattr(doc, "value", doc)) if doc else None
    return await _safe(
        interaction,
        "rule",
        lambda s: (
            (limits.choice_label(label), value[: limits.CHOICE_VALUE])
            for label, value in s.cards().autocomplete_rules(current, limit=limits.CHOICES, doc=doc_value)
        ),
    )


async def keyword_names(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    typed = current[:NAME_TYPED]
    return await _safe(
        interaction,
        "keyword",
        lambda s: (
            (n[: limits.CHOICE_VALUE], n[: limits.CHOICE_VALUE])
            for n in s.cards().autocomplete_keywords(typed, limit=limits.CHOICES)
        ),
        on_loop=True,
    )


async def answer(
    interaction: discord.Interaction[Any], reply: Reply, *, view: discord.ui.View | None = None
) -> None:
    """Send a reply with `view`, else with the "cited rules" button when it cites rules (without it, and saying so in
    one line, when the store cannot keep its state now)."""
    content = reply.content
    if view is None:
        services: Services = (
            interaction.client.services
        )  # the button shows rule text: no server setting applies
        view, note = await answer_view(services, reply, interaction.user.id)
        content = "\n".join(line for line in (content, note) if line) or None
    await send(interaction, reply.embeds, content=content, ephemeral=reply.ephemeral, view=view)
