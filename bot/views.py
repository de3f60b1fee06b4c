"""Buttons and the scenario modal. They call `bot.answers` and `bot.errors.send`; no ruling is decided here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import answers, limits, render
from bot.errors import DEFERRED_PUBLIC, NONE, report_error, send
from bot.services import Services
from cardsdb.rule_numbers import parse_rule_ref

VIEW_TIMEOUT = 600.0


async def _fail(interaction: discord.Interaction[Any], error: Exception, services: Services) -> None:
    expected = await report_error(interaction, error, services)
    name = "record_expected" if expected else "record_unexpected"
    record = getattr(interaction.client.tree, name, None)
    if record is not None:
        record(interaction, error)


class BaseView(discord.ui.View):
    """A view whose errors go through the shared handler; with `owner_id` only the asker may press its buttons."""

    def __init__(
        self, services: Services, *, owner_id: int | None = None, timeout: float | None = VIEW_TIMEOUT
    ) -> None:
        super().__init__(timeout=timeout)
        self.services = services
        self.owner_id = owner_id

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if self.owner_id is None or interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(
            embeds=[
                render.error_embed(
                    "These buttons belong to the person who asked. Run the command yourself to page."
                )
            ],
            ephemeral=True,
            allowed_mentions=NONE,
        )
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: Exception, item: discord.ui.Item[Any]
    ) -> None:
        await _fail(interaction, error, self.services)


class CitedRulesButton(discord.ui.Button["BaseView"]):
    """Shows the full text of the rules an answer cites, privately."""

    def __init__(self, numbers: Sequence[str]) -> None:
        super().__init__(label="Show the cited rules", style=discord.ButtonStyle.secondary)
        self.numbers = tuple(numbers)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        assert self.view is not None
        db = self.view.services.cards()
        views, missing = [], []
        for number in self.numbers:
            # A number may carry its version ("312.2 (v1.4)"): it is looked up in that version.
            ref = parse_rule_ref(number)
            found = db.rule(number) if ref is not None else None
            if found is not None and ref is not None and found.rule.number == ref.number:
                views.append(found)
            else:
                missing.append(number)
        await send(interaction, render.cited_rules_embeds(views, missing), ephemeral=True)


class AnswerView(BaseView):
    """The button under an answer that cites rules."""

    def __init__(self, services: Services, citations: Sequence[str]) -> None:
        super().__init__(services)
        self.add_item(CitedRulesButton(citations))


def answer_view(services: Services, reply: answers.Reply) -> discord.ui.View | None:
    return AnswerView(services, reply.citations) if reply.citations else None


class Pager(BaseView):
    """Previous / Next under a paged answer; only the person who asked may page. A subclass says how to `fetch` a
    page (the reply and how many pages there are now)."""

    def __init__(self, services: Services, *, page: int, pages: int, owner_id: int) -> None:
        super().__init__(services, owner_id=owner_id)
        self.page, self.pages = page, max(1, pages)
        self._sync_buttons()

    def fetch(self, page: int) -> tuple[answers.Reply, int]:
        raise NotImplementedError

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.page <= 0
        self.next.disabled = self.page >= self.pages - 1

    async def _show(self, interaction: discord.Interaction[Any], page: int) -> None:
        reply, pages = self.fetch(page)
        shown = self.page, self.pages
        self.page, self.pages = page, max(1, pages)
        self._sync_buttons()
        try:
            await interaction.response.edit_message(embeds=reply.embeds, view=self, allowed_mentions=NONE)
        except discord.HTTPException:  # the message still shows the old page: page on from there next time
            self.page, self.pages = shown
            self._sync_buttons()
            raise

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        await self._show(interaction, max(0, self.page - 1))

    @discord.ui.button(label="Next", style=discord.ButtonStyle.primary)
    async def next(self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]) -> None:
        await self._show(interaction, min(self.pages - 1, self.page + 1))


def _page_count(total: int) -> int:
    return max(1, -(-total // render.misc.PAGE_SIZE))


class SearchPager(Pager):
    """The pages of a card search."""

    def __init__(self, services: Services, *, query: str, page: int, total: int, owner_id: int) -> None:
        self.query, self.total = query, total
        super().__init__(services, page=page, pages=_page_count(total), owner_id=owner_id)

    def fetch(self, page: int) -> tuple[answers.Reply, int]:
        reply = answers.search_reply(self.services, self.query, page)
        self.total = int(reply.extras["total"])
        return reply, _page_count(self.total)


class ChangesPager(Pager):
    """The pages of what changed between two rules versions."""

    def __init__(self, services: Services, reply: answers.Reply, *, owner_id: int) -> None:
        extras = reply.extras
        self.versions = (str(extras["from"]), str(extras["to"]))
        self.under: str | None = extras.get("under")
        super().__init__(services, page=int(extras["page"]), pages=int(extras["pages"]), owner_id=owner_id)

    def fetch(self, page: int) -> tuple[answers.Reply, int]:
        reply = answers.changes_reply(self.services, *self.versions, self.under, page)
        return reply, int(reply.extras["pages"])


class ShowCardButton(discord.ui.Button["BaseView"]):
    def __init__(self, name: str) -> None:
        super().__init__(label=limits.fit(name, limits.BUTTON_LABEL), style=discord.ButtonStyle.primary)
        self.card_name = name

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        assert self.view is not None
        reply = answers.card_reply(self.view.services, self.card_name)
        await send(interaction, reply.embeds, view=answer_view(self.view.services, reply))


class SuggestionView(BaseView):
    """The closest names to an unknown card, as buttons that show the card."""

    def __init__(self, services: Services, names: Sequence[str], *, owner_id: int | None = None) -> None:
        super().__init__(services, owner_id=owner_id)
        for name in list(dict.fromkeys(names))[: limits.BUTTONS_PER_ROW]:
            self.add_item(ShowCardButton(name))


class ScenarioModal(discord.ui.Modal, title="Ask the Hidden engine"):
    scenario: discord.ui.TextInput[ScenarioModal] = discord.ui.TextInput(
        label="Scenario (YAML, see /help)",
        style=discord.TextStyle.paragraph,
        placeholder="me: {hand: [Hidden Blade]}\nbattlefields: {Bandle Tree: {controller: me}}\nask: {hide: Hidden Blade}",
        max_length=limits.MODAL_TEXT_INPUT,
    )

    def __init__(self, services: Services, public: bool | None = None) -> None:
        super().__init__(timeout=VIEW_TIMEOUT)
        self.services = services
        self.public = public  # as the asker chose; None: the server's default

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        # Runs before on_submit (here or in a subclass): checking a pasted position may take a while, so
        # Discord shows "thinking" first; an error after this still answers privately (bot.errors.send).
        if self.scenario.value.strip():
            await interaction.response.defer(thinking=True)
            interaction.extras[DEFERRED_PUBLIC] = True
        return True

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        from bot.judge import send_answer  # judge imports this module

        reply = answers.scenario_reply(self.services, self.scenario.value)
        await send_answer(interaction, self.services, reply, public=self.public)

    async def on_error(  # type: ignore[override]  # discord.py's Modal takes no item, unlike View
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        await _fail(interaction, error, self.services)
