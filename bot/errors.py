"""One reply helper for every answer, and one error handler for every command (`tree.on_error`) and view.

Errors answer privately with one clear line. Errors that are not the user's (a bug) are logged with the traceback and
kept in `BotTree.unexpected` so that the harness can fail a test on them instead of only logging.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import limits
from bot.database import NOT_AVAILABLE
from bot.render import error_embed, not_found_embed, pack
from cardsdb.errors import CardsDBError, DatabaseUnavailable, NotFound

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)

NONE = discord.AllowedMentions.none()


class UserError(Exception):
    """Bad input: `str()` is the one line shown privately to the user."""


class CardNotFound(Exception):
    """An unknown card name: answered privately with the closest names as buttons that show the card."""

    def __init__(self, query: str, suggestions: Sequence[str]) -> None:
        super().__init__(query)
        self.query = query
        self.suggestions = tuple(suggestions)


async def send(
    interaction: discord.Interaction[Any],
    embeds: Sequence[discord.Embed] = (),
    *,
    content: str | None = None,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction: the first message within Discord's limits, the rest as follow-ups (view on the first)."""
    messages = pack(embeds) or [[]]
    if content is not None:
        content = limits.fit(content, limits.MESSAGE_CONTENT)
    for i, group in enumerate(messages):
        kwargs: dict[str, Any] = {"embeds": group, "ephemeral": ephemeral, "allowed_mentions": NONE}
        if i == 0 and content is not None:
            kwargs["content"] = content
        if i == 0 and view is not None:
            kwargs["view"] = view
        if i == 0 and not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        else:
            await interaction.followup.send(**kwargs)


def describe(error: BaseException) -> tuple[str, bool]:
    """(the line for the user, whether the error is expected). Unwraps discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, DatabaseUnavailable | sqlite3.Error):
        return NOT_AVAILABLE, True
    if isinstance(error, CardsDBError | UserError):
        return str(error), True
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return str(error), True
    return "Something went wrong answering that. It has been logged; please try again.", False


async def report_error(
    interaction: discord.Interaction[Any], error: BaseException, services: Services | None
) -> bool:
    """Answer the error privately; returns whether it was expected (bad input, database down) rather than a bug."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    if isinstance(original, sqlite3.Error) and services is not None:
        services.db.broken(f"{type(original).__name__}: {original}")
    if isinstance(original, DatabaseUnavailable) and services is not None:
        services.db.broken(str(original))
    view: discord.ui.View | None = None
    if isinstance(original, CardNotFound):
        from bot.views import SuggestionView

        embed = not_found_embed("card", original.query, original.suggestions)
        if original.suggestions and services is not None:
            view = SuggestionView(services, original.suggestions, owner_id=interaction.user.id)
        expected = True
    elif isinstance(original, NotFound):
        embed, expected = error_embed(str(original), title="Not found"), True
    else:
        line, expected = describe(original)
        embed = error_embed(line)
    if not expected:
        log.error(
            "command failed: %s",
            interaction.command and interaction.command.qualified_name,
            exc_info=original,
        )
    try:
        await send(interaction, [embed], ephemeral=True, view=view)
    except discord.HTTPException:
        log.warning("could not send the error reply")
    return expected
