"""What can go wrong answering, and how it is answered: privately, in one clear line.

`report_error` answers one error; the bot's one handler (`BotTree.on_error` for commands, `on_component_error` for
buttons, menus and forms, in `bot/factory.py`) calls it, adding the "did you mean" buttons of an unknown card. Errors
that are not the user's (a bug) are logged with the traceback and kept in `BotTree.unexpected` so that the harness can
fail a test on them instead of only logging: the last `KEPT_ERRORS` only (`RecentErrors`), so that a user who finds a
way to raise one cannot grow the process.
"""

from __future__ import annotations

import logging
import sqlite3
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.database import NOT_AVAILABLE
from bot.ui.notices import error_embed, not_found_embed
from bot.ui.reply import send
from bot.ui.text import echo, safe_line
from cardsdb.errors import CardsDBError, DatabaseUnavailable, NotFound

if TYPE_CHECKING:
    from bot.services import Services

log = logging.getLogger(__name__)

MAX_ERROR_LINE = (
    500  # characters of an error line that quotes what was typed (a search of 6,000 characters...)
)


KEPT_ERRORS = 64  # errors kept per interaction id, the newest; each holds its traceback (tens of KB)


class RecentErrors(OrderedDict[int, BaseException]):
    """Errors by interaction id, the last `size` only: the oldest goes when one more comes."""

    def __init__(self, size: int = KEPT_ERRORS) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: int, value: BaseException) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


class UserError(Exception):
    """Bad input: `str()` is the one line shown privately to the user."""


class CardNotFound(Exception):
    """An unknown card name: answered privately with the closest names as buttons that show the card."""

    def __init__(self, query: str, suggestions: Sequence[str]) -> None:
        super().__init__(query)
        self.query = query
        self.suggestions = tuple(suggestions)


def need(value: str | None, what: str) -> str:
    """The value, its spaces tidied; UserError ("Give a card name.") when it is empty."""
    text = " ".join((value or "").split())
    if not text:
        raise UserError(f"Give {what}.")
    return text


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
    if isinstance(error, CardsDBError):
        # cardsdb's lines, and the bot's settings and store lines, are plain text that may quote what was typed
        # (`unknown type '**x**'`, `unknown symbol token '# x'`): shown as typed.
        return echo(str(error), limit=MAX_ERROR_LINE), True
    if isinstance(error, UserError):  # the bot's own words (with their `code`), never what was typed
        return str(error), True
    if isinstance(error, app_commands.TransformerError):  # its own words quote the value as typed: not shown
        value = echo(str(error.value), limit=80)
        return f"“{value}” is not a value that option takes: pick one of the choices it offers.", True
    if isinstance(error, app_commands.CheckFailure):  # the bot's own words (Slow down ...)
        return str(error), True
    return "Something went wrong answering that. It has been logged; please try again.", False


async def report_component_error(
    interaction: discord.Interaction[Any], error: BaseException, services: Services | None
) -> None:
    """A button's, menu's or form's error: handed to the bot's one handler (`BotTree.on_component_error`), which
    answers it like a command's and keeps it for the harness."""
    handler = getattr(interaction.client.tree, "on_component_error", None)
    if handler is not None:
        await handler(interaction, error)
    else:  # a client without the bot's tree: answered all the same
        await report_error(interaction, error, services)


async def report_error(
    interaction: discord.Interaction[Any],
    error: BaseException,
    services: Services | None,
    *,
    view: discord.ui.View | None = None,
) -> bool:
    """Answer the error privately (`view`: the buttons that go with it, for an unknown card the names it may mean);
    returns whether it was expected (bad input, database down) rather than a bug."""
    original = error.original if isinstance(error, app_commands.CommandInvokeError) else error
    failure = discord_failure(original)
    if failure is not None:
        # Nobody can be answered through a dead or throttled interaction: log it once, without a traceback.
        what = f"/{interaction.command.qualified_name}" if interaction.command else "a button or form"
        log.warning("could not answer %s: %s", what, failure)
        return True
    if isinstance(original, sqlite3.Error) and services is not None:
        services.db.broken(f"{type(original).__name__}: {original}", original)
    if isinstance(original, DatabaseUnavailable) and services is not None:
        services.db.broken(str(original), original)
    if isinstance(original, CardNotFound):
        embed, expected = not_found_embed("card", original.query, original.suggestions), True
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
