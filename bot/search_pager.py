"""Previous / Next under a /search answer, for the person who searched; they keep working after a restart.

The store keeps the query (kind `search`, payload `{"query": ...}`, owner: the asker); each button's custom_id carries
the key and the page it shows (`rb:sp:<key>:<page><n|p>`), so a press needs no write and two presses cannot race.
"""

from __future__ import annotations

from typing import Any

import discord

from bot import answers, render
from bot.errors import NONE
from bot.persistent import STATE_OFF, PersistentView, StatefulButton, save_state
from bot.server_settings import services_for
from bot.services import Services
from bot.store import SavedState

KIND = "search"


def page_count(total: int) -> int:
    return max(1, -(-total // render.misc.PAGE_SIZE))


class SearchPageButton(StatefulButton, prefix="sp", kind=KIND):
    """Shows one page of the saved search: `arg` is the page (from 0) and `n` (Next) or `p` (Previous)."""

    @property
    def page(self) -> int:
        digits = self.arg[:-1]
        return int(digits) if digits.isdigit() else 0

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        query = str(state.payload.get("query") or "")
        services = await services_for(services, interaction.guild_id)
        reply = answers.search_reply(services, query, self.page)
        total = int(reply.extras["total"])
        last = page_count(total) - 1
        if self.page > last:  # the card database changed since: show its last page
            reply = answers.search_reply(services, query, last)
        page = int(reply.extras["page"])
        await interaction.response.edit_message(
            embeds=reply.embeds, view=pager_view(self.key, page, total), allowed_mentions=NONE
        )


def pager_view(key: str, page: int, total: int) -> PersistentView:
    """Previous and Next for page `page` (from 0) of a search with `total` cards."""
    last = page_count(total) - 1
    previous = SearchPageButton.make(key, f"{max(0, page - 1)}p", label="Previous", disabled=page <= 0)
    following = SearchPageButton.make(
        key, f"{min(last, page + 1)}n", label="Next", style=discord.ButtonStyle.primary, disabled=page >= last
    )
    return PersistentView(previous, following)


async def search_pager(
    services: Services, *, query: str, total: int, owner_id: int
) -> tuple[PersistentView | None, str | None]:
    """The pager under the first page of a search, or (None, a one-line note) when it cannot be saved now; (None,
    None) when one page holds every card."""
    if total <= render.misc.PAGE_SIZE:
        return None, None
    key = await save_state(services, KIND, {"query": query}, owner_id)
    if key is None:
        return None, STATE_OFF
    return pager_view(key, 0, total), None
