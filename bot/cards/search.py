"""One page of a card search (`/search`), with why an empty search may have found nothing."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.cards.render import cost_line, type_line
from bot.ui import limits
from bot.ui.render import COLOR_INFO
from bot.ui.symbols import Symbols
from bot.ui.text import echo
from cardsdb.models import Card

PAGE_SIZE = 10


def search_page_embed(
    query: str,
    cards: Sequence[Card],
    *,
    total: int,
    page: int,
    page_size: int = PAGE_SIZE,
    symbols: Symbols | None = None,
    hint: str | None = None,
) -> discord.Embed:
    """One page of a search; `hint` says why an empty search may have found nothing."""
    symbols = symbols or Symbols()
    pages = max(1, -(-total // page_size))
    embed = discord.Embed(
        title=limits.fit(f"Cards matching {echo(query, 200)}", limits.EMBED_TITLE), colour=COLOR_INFO
    )
    if not cards:
        embed.description = "No card matches. Try fewer filters, e.g. `kw:hidden t:spell`."
        if hint:
            hint = echo(hint, 300)
            embed.description += f"\n{hint}" + ("" if hint.endswith(("?", ".")) else ".")
    else:
        lines = []
        for i, card in enumerate(cards, start=page * page_size + 1):
            cost = cost_line(card, symbols)
            lines.append(
                f"{i}. **{card.name}** · {type_line(card, symbols)}" + (f" · {cost}" if cost else "")
            )
        embed.description = limits.fit("\n".join(lines), limits.EMBED_DESCRIPTION)
    embed.set_footer(text=f"Page {page + 1} of {pages} · {total} card{'s' if total != 1 else ''}")
    return embed
