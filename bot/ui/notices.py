"""What a wrong question gets: the one-line error, "did you mean" for an unknown name (or the cards that begin so),
and the line under a message that names more cards than are shown."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.ui import limits
from bot.ui.render import COLOR_ERROR, COLOR_INFO
from bot.ui.text import echo
from cardsdb.names import begins


def error_embed(message: str, *, title: str = "Sorry") -> discord.Embed:
    return discord.Embed(
        title=title, description=limits.fit(message, limits.EMBED_DESCRIPTION), colour=COLOR_ERROR
    )


STARTING_SHOWN = 15  # names listed for a partial name; the buttons show the first five
STARTING_LOOKED_UP = (
    26  # names looked up for a partial name: one more than is ever counted, to know there are more
)


def not_found_embed(what: str, query: str, suggestions: Sequence[str]) -> discord.Embed:
    if what == "card" and suggestions and all(begins(s, query) for s in suggestions):
        return _cards_beginning(query, suggestions)
    text = f"No {what} named **{echo(query)}**."
    if suggestions:
        text += " Did you mean: " + ", ".join(f"**{s}**" for s in suggestions) + "?"
        if what == "card":
            text += " Press a button to see one."
    return error_embed(text, title=f"Unknown {what}")


def more_cards_embed(named: int, shown: int) -> discord.Embed:
    """The line under the cards of a message that names more than are shown."""
    return discord.Embed(
        description=f"Only the first {shown} cards of a message are shown ({named} were named).",
        colour=COLOR_INFO,
    )


def _cards_beginning(query: str, names: Sequence[str]) -> discord.Embed:
    """A short or partial name ("Ez"): the cards whose name, or a word in it, begins so."""
    shown = " · ".join(f"**{n}**" for n in names[:STARTING_SHOWN])
    if len(names) >= STARTING_LOOKED_UP:
        more = " and many more"
    elif len(names) > STARTING_SHOWN:
        more = f" and {len(names) - STARTING_SHOWN} more"
    else:
        more = ""
    text = (
        f"Cards whose name, or a word in it, begins with “{echo(query)}”: {shown}{more}. "
        "Press a button to see one, or type more of the name."
    )
    return discord.Embed(
        title="Which card?", description=limits.fit(text, limits.EMBED_DESCRIPTION), colour=COLOR_INFO
    )
