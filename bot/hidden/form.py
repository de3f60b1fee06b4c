"""The form `/hidden scenario` opens when it is given no text: paste a position, get the whole answer."""

from __future__ import annotations

from typing import Any

import discord

from bot.controls.answer import send_answer
from bot.cooldowns import SlowDown
from bot.errors import report_component_error
from bot.hidden import answers
from bot.services import Services, off_loop
from bot.turns import TURNS
from bot.ui import limits
from bot.ui.reply import DEFERRED_PUBLIC

FORM_TIMEOUT = 600.0  # seconds the form waits for a paste


class ScenarioModal(discord.ui.Modal, title="Ask the Hidden engine"):
    scenario: discord.ui.TextInput[ScenarioModal] = discord.ui.TextInput(
        label="Scenario (YAML, see /help)",
        style=discord.TextStyle.paragraph,
        placeholder="me: {hand: [Hidden Blade]}\nbattlefields: {Bandle Tree: {controller: me}}\nask: {hide: Hidden Blade}",
        max_length=limits.MODAL_TEXT_INPUT,
    )

    def __init__(self, services: Services, public: bool | None = None) -> None:
        super().__init__(timeout=FORM_TIMEOUT)
        self.services = services
        self.public = public  # as the asker chose; None: the server's default

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        # Runs before on_submit (here or in a subclass): a submission is an ask like a command (SlowDown); checking
        # a pasted position may take a while, so Discord shows "thinking" first; an error after this still answers
        # privately (bot.ui.reply.send).
        self.services.cooldowns.take(interaction.user.id)
        if self.scenario.value.strip():
            await interaction.response.defer(thinking=True)
            interaction.extras[DEFERRED_PUBLIC] = True
        return True

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        with TURNS.answering():  # a refresh's warm-up waits meanwhile
            reply = await off_loop(
                answers.scenario_reply, self.services, limits.typed_paste(self.scenario.value)
            )
            await send_answer(interaction, self.services, reply, public=self.public)

    async def on_error(  # type: ignore[override]  # discord.py's Modal takes no item, unlike View
        self, interaction: discord.Interaction[Any], error: Exception, /
    ) -> None:
        if not isinstance(
            error, SlowDown
        ):  # answered, if only with an error: the form takes no second submission
            self.stop()
        await report_component_error(interaction, error, self.services)
