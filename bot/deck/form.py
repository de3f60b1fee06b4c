"""The form `/deck check` opens when it is given neither a list nor a code: paste a list (or a code), get the verdict."""

from __future__ import annotations

from typing import Any

import discord

from bot.controls.answer import send_answer
from bot.cooldowns import SlowDown
from bot.deck.answers import deck_reply
from bot.errors import report_component_error
from bot.services import Services, off_loop
from bot.turns import TURNS
from bot.ui import limits

FORM_TIMEOUT = 600.0  # seconds the form waits for a paste


class DeckModal(discord.ui.Modal, title="Check a deck"):
    deck: discord.ui.TextInput[DeckModal] = discord.ui.TextInput(
        label="Deck list (or a deck code)",
        style=discord.TextStyle.paragraph,
        placeholder="Legend:\nJinx, Loose Cannon\nChampion:\nJinx, Rebel\nMain Deck:\n3 Get Excited!\n...",
        max_length=limits.MODAL_TEXT_INPUT,
    )

    def __init__(self, services: Services, format_name: str | None, public: bool | None = None) -> None:
        super().__init__(timeout=FORM_TIMEOUT)
        self.services = services
        self.format_name = format_name
        self.public = public  # as the asker chose; None: the server's default

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        self.services.cooldowns.take(interaction.user.id)  # a submission is an ask like a command (SlowDown)
        return True

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        with TURNS.answering():  # a refresh's warm-up waits meanwhile
            reply = await off_loop(
                deck_reply,
                self.services,
                list_text=limits.typed_paste(self.deck.value),
                format_name=self.format_name,
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
