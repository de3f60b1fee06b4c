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
from bot.text import safe_line
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
    # Read on every send: only the first answer replaces the "thinking" message.
    deferred = _deferred_in_public(interaction)
    if ephemeral and deferred:
        # The "thinking" message would become the answer, in public: remove it so the answer can be private.
        await interaction.delete_original_response()
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


# interaction.extras key: the tree deferred with a public "thinking" message
DEFERRED_PUBLIC = "deferred_public"


def _deferred_in_public(interaction: discord.Interaction[Any]) -> bool:
    """True once, for the first answer after the tree deferred in public."""
    return bool(interaction.extras.pop(DEFERRED_PUBLIC, False))


def discord_failure(error: BaseException) -> str | None:
    """One line for a failure talking to Discord (expired interaction, rate limit, 5xx), else None."""
    if isinstance(error, discord.RateLimited):
        return f"rate limited by Discord (retry after {error.retry_after:.1f} s)"
    if not isinstance(error, discord.HTTPException):
        return None
    line = f"Discord answered HTTP {error.status} (code {error.code}: {error.text or 'no message'})"
    if error.code == 10062:
        line += "; the interaction expired before the bot answered"
    elif error.code == 50027:
        line += "; the interaction token expired (follow-ups work for 15 minutes)"
    elif error.status == 429:
        line += "; rate limited"
    elif error.status >= 500:
        line += "; Discord is having trouble"
    return line


def describe(error: BaseException) -> tuple[str, bool]:
    """(the line for the user, whether the error is expected). Unwraps discord.py's wrappers."""
    while isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, DatabaseUnavailable | sqlite3.Error):
        return NOT_AVAILABLE, True
    if isinstance(error, CardsDBError) and type(error).__module__.startswith("cardsdb."):
        # cardsdb's lines are plain text that may quote what was typed (`unknown type '**x**'`): shown as typed.
        return discord.utils.escape_markdown(str(error)), True
    if isinstance(error, CardsDBError | UserError):
        return str(error), True
    if isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
        return str(error), True
    return "Something went wrong answering that. It has been logged; please try again.", False


async def report_component_error(
    interaction: discord.Interaction[Any], error: BaseException, services: Services | None
) -> None:
    """A button's or form's error: answered like a command's, and kept for the harness (`BotTree.record_*`)."""
    expected = await report_error(interaction, error, services)
    name = "record_expected" if expected else "record_unexpected"
    record = getattr(interaction.client.tree, name, None)
    if record is not None:
        record(interaction, error)


async def report_error(
    interaction: discord.Interaction[Any], error: BaseException, services: Services | None
) -> bool:
    """Answer the error privately; returns whether it was expected (bad input, database down) rather than a bug."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    failure = discord_failure(original)
    if failure is not None:
        # Nobody can be answered through a dead or throttled interaction: log it once, without a traceback.
        what = f"/{interaction.command.qualified_name}" if interaction.command else "a button or form"
        log.warning("could not answer %s: %s", what, failure)
        return True
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
        embed, expected = error_embed(safe_line(str(original)), title="Not found"), True
    else:
        line, expected = describe(original)
        embed = error_embed(safe_line(line))
    if not expected:
        log.error(
            "command failed: %s",
            interaction.command and interaction.command.qualified_name,
            exc_info=original,
        )
    try:
        await send(interaction, [embed], ephemeral=True, view=view)
    except discord.HTTPException as failed:
        log.warning("could not send the error reply: %s", discord_failure(failed))
    return expected
