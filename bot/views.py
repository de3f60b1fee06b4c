"""Buttons and the scenario modal. They call `bot.answers` and `bot.errors.send`; no ruling is decided here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot import answers, limits, render
from bot.errors import DEFERRED_PUBLIC, NONE, report_component_error, send
from bot.services import Services
from cardsdb.rule_numbers import parse_rule_ref

VIEW_TIMEOUT = 600.0
_fail = report_component_error


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
