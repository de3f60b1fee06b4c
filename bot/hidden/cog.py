"""/hidden hide | play | targets | scenario: options become a position, the engine answers, render shows it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.controls.answer import send_answer
from bot.controls.commands import PUBLIC, card_names, services_of
from bot.hidden import answers
from bot.hidden.builder import Question
from bot.hidden.form import ScenarioModal
from bot.services import off_loop

ZONES = [
    app_commands.Choice(name="hand", value="hand"),
    app_commands.Choice(name="champion zone", value="champion_zone"),
    app_commands.Choice(name="elsewhere", value="elsewhere"),
]


async def _quick_question(
    interaction: discord.Interaction[Any],
    question: Question,
    card: str,
    options: dict[str, Any],
    public: bool | None,
) -> None:
    """/hidden hide, play or targets: the answer at a glance, with Details and (hide, play) the position builder."""
    services = await services_of(interaction)
    reply = await off_loop(answers.quick_reply, services, question, card, options)
    await send_answer(interaction, services, reply, public=public)


class Hidden(
    commands.GroupCog,
    group_name="hidden",
    group_description="May I hide it, play it from facedown, target that?",
):
    @app_commands.command(
        name="hide", description="May this card be hidden now? A verdict with every check's rules"
    )
    @app_commands.describe(
        card="The card to hide",
        from_="Where the card is (default: hand)",
        your_turn="Is it your turn? (default: True)",
        chain_open="Is a chain open? (default: False)",
        showdown="Is a showdown under way? (default: False)",
        control_battlefield="Do you control the battlefield? (default: True)",
        facedown_there="Is a facedown card already there? (default: False)",
        can_pay="Can you pay one power of any domain? (default: True)",
        public=PUBLIC,
    )
    @app_commands.rename(from_="from")
    @app_commands.choices(from_=ZONES)
    @app_commands.autocomplete(card=card_names)
    async def hide(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        from_: app_commands.Choice[str] | None = None,
        your_turn: bool | None = None,
        chain_open: bool | None = None,
        showdown: bool | None = None,
        control_battlefield: bool | None = None,
        facedown_there: bool | None = None,
        can_pay: bool | None = None,
        public: bool | None = None,
    ) -> None:
        options = {
            "from_": from_.value if from_ is not None else None,
            "your_turn": your_turn,
            "chain_open": chain_open,
            "showdown": showdown,
            "control_battlefield": control_battlefield,
            "facedown_there": facedown_there,
            "can_pay": can_pay,
        }
        await _quick_question(interaction, "hide", card, options, public)

    @app_commands.command(
        name="play", description="May this card be played from facedown now? Cost, where it goes, targets"
    )
    @app_commands.describe(
        card="The facedown card",
        hidden_this_turn="Was it hidden this turn? (default: False)",
        your_turn="Is it your turn? (default: False)",
        chain_open="Is a chain open? (default: False)",
        control_battlefield="Do you control its battlefield? (default: True)",
        public=PUBLIC,
    )
    @app_commands.autocomplete(card=card_names)
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        hidden_this_turn: bool | None = None,
        your_turn: bool | None = None,
        chain_open: bool | None = None,
        control_battlefield: bool | None = None,
        public: bool | None = None,
    ) -> None:
        options = {
            "hidden_this_turn": hidden_this_turn,
            "your_turn": your_turn,
            "chain_open": chain_open,
            "control_battlefield": control_battlefield,
        }
        await _quick_question(interaction, "play", card, options, public)

    @app_commands.command(
        name="targets", description="Each choice the card makes from facedown, and what restricts it"
    )
    @app_commands.describe(card="The card with Hidden", public=PUBLIC)
    @app_commands.autocomplete(card=card_names)
    async def targets(
        self, interaction: discord.Interaction[Any], card: str, public: bool | None = None
    ) -> None:
        await _quick_question(interaction, "targets", card, {}, public)

    @app_commands.command(
        name="scenario", description="Ask about an exact position (scenario text; without it, a form opens)"
    )
    @app_commands.describe(
        text="A scenario in YAML or JSON (one line works), or a scenario code", public=PUBLIC
    )
    async def scenario(
        self, interaction: discord.Interaction[Any], text: str | None = None, public: bool | None = None
    ) -> None:
        services = await services_of(interaction)
        if text is None:
            await interaction.response.send_modal(ScenarioModal(services, public))
            return
        await send_answer(
            interaction, services, await off_loop(answers.scenario_reply, services, text), public=public
        )
