"""Previous / Next under a paged answer (/search, /changes), for the person who asked; they keep working after a
restart and on any process of a sharded bot.

The store keeps the question (payload: what `fetch` needs; owner: the asker); each button's custom_id carries the key
and the page it shows (`rb:<prefix>:<key>:<page><n|p>`), so a press needs no write and two presses cannot race.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import discord

from bot.answer_state import ChangesState, SearchState
from bot.cards import answers as card_answers
from bot.cards.search import PAGE_SIZE
from bot.rules import answers as rule_answers
from bot.server_settings.apply import services_in
from bot.services import Services, off_loop
from bot.store import SavedState
from bot.ui.persistent import STATE_OFF, PersistentView, StatefulButton, save_state
from bot.ui.reply import NONE, ChangesPage, Reply, SearchPage


def page_count(total: int, page_size: int = PAGE_SIZE) -> int:
    return max(1, -(-total // page_size))


class PageButton(StatefulButton):
    """Shows one page of a saved question: `arg` is the page (from 0) and `n` (Next) or `p` (Previous). A subclass
    names its prefix and kind and says how to `fetch` a page."""

    kind: ClassVar[str]

    @property
    def page(self) -> int:
        digits = self.arg[:-1]
        return int(digits) if digits.isdigit() else 0

    @staticmethod
    def fetch(services: Services, payload: Mapping[str, Any], page: int) -> tuple[Reply, int, int]:
        """The reply for `page` of the saved question (`payload`, read by its type in `bot.answer_state`), the page
        it shows and how many pages there are now."""
        raise NotImplementedError

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        services = await services_in(interaction, services)
        reply, page, pages = await off_loop(self.fetch, services, state.payload, self.page)
        if self.page > pages - 1:  # the data changed since: show the last page
            reply, page, pages = await off_loop(self.fetch, services, state.payload, pages - 1)
        await interaction.response.edit_message(
            embeds=reply.embeds, view=pager_view(type(self), self.key, page, pages), allowed_mentions=NONE
        )


class SearchPageButton(PageButton, prefix="sp", kind="search"):
    @staticmethod
    def fetch(services: Services, payload: Mapping[str, Any], page: int) -> tuple[Reply, int, int]:
        reply = card_answers.search_reply(services, SearchState.from_json(payload).query, page)
        shown = reply.extra(SearchPage)
        return reply, shown.page, page_count(shown.total)


class ChangesPageButton(PageButton, prefix="cp", kind="changes"):
    @staticmethod
    def fetch(services: Services, payload: Mapping[str, Any], page: int) -> tuple[Reply, int, int]:
        asked = ChangesState.from_json(payload)
        reply = rule_answers.changes_reply(services, asked.from_version, asked.to_version, asked.under, page)
        shown = reply.extra(ChangesPage)
        return reply, shown.page, shown.pages


PAGERS: tuple[type[PageButton], ...] = (SearchPageButton, ChangesPageButton)
"""Registered with the bot (`add_dynamic_items`) so that their buttons answer after a restart."""


def pager_view(button: type[PageButton], key: str, page: int, pages: int) -> PersistentView:
    """Previous and Next for page `page` (from 0) of `pages`."""
    last = max(0, pages - 1)
    previous = button.make(key, f"{max(0, page - 1)}p", label="Previous", disabled=page <= 0)
    following = button.make(
        key, f"{min(last, page + 1)}n", label="Next", style=discord.ButtonStyle.primary, disabled=page >= last
    )
    return PersistentView(previous, following)


async def pager(
    services: Services,
    button: type[PageButton],
    asked: SearchState | ChangesState,
    *,
    pages: int,
    owner_id: int,
) -> tuple[PersistentView | None, str | None]:
    """The pager under the first page of an answer, or (None, a one-line note) when it cannot be saved now; (None,
    None) when there is one page."""
    if pages <= 1:
        return None, None
    key = await save_state(services, button.kind, asked.to_json(), owner_id)
    if key is None:
        return None, STATE_OFF
    return pager_view(button, key, 0, pages), None
