"""/rule, /changes, /ruling and /keyword."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answer_state import ChangesState, RuleState
from bot.controls.answer import rule_reply, send_answer
from bot.controls.commands import PUBLIC, answer, keyword_names, rule_numbers, services_of
from bot.controls.pagers import ChangesPageButton, pager
from bot.rules import answers
from bot.services import off_loop
from bot.ui.reply import ChangesPage
from cardsdb.models import CORE_DOC, CORE_VERSIONS, TOURNAMENT_DOC

DOCS = [
    app_commands.Choice(name="Core Rules", value=CORE_DOC),
    app_commands.Choice(name="Tournament Rules (2026-07-16)", value=TOURNAMENT_DOC),
]
VERSION_NAMES = {
    CORE_VERSIONS[
        0
    ]: "v1.5, current (2026-10-09)",  # riftboundfaq.com's v1.5 (cardsdb/rule_versions.py, Core Rules v1.5)
    CORE_VERSIONS[1]: "v1.4 (2026-07-16)",
    CORE_VERSIONS[2]: "v1.3 (2026-03-30)",
}
VERSIONS = [app_commands.Choice(name=VERSION_NAMES[v], value=v) for v in CORE_VERSIONS]


def _value(choice: app_commands.Choice[str] | None) -> str | None:
    return choice.value or None if choice is not None else None


class Rules(commands.Cog):
    @app_commands.command(
        name="rule",
        description="A rule by number (811.1.d) or words, with parents, sub-rules and other versions",
    )
    @app_commands.describe(
        query="A rule number like 811.1.d, or words like 'hide'",
        doc="Core Rules or Tournament Rules (default: words search both, a number is a Core Rules number)",
        version="A Core Rules version (default: the newest that has the rule)",
        public=PUBLIC,
    )
    @app_commands.choices(doc=DOCS, version=VERSIONS)
    @app_commands.autocomplete(query=rule_numbers)
    async def rule(
        self,
        interaction: discord.Interaction[Any],
        query: str,
        doc: app_commands.Choice[str] | None = None,
        version: app_commands.Choice[str] | None = None,
        public: bool | None = None,
    ) -> None:
        services = await services_of(interaction)
        asked = RuleState(query or "", _value(doc), _value(version))
        reply = await off_loop(rule_reply, services, asked)
        await send_answer(interaction, services, reply, public=public)

    @app_commands.command(name="changes", description="What changed between two Core Rules versions")
    @app_commands.describe(
        from_="The older version", to="The newer version", under="Only under this rule number, like 811"
    )
    @app_commands.rename(from_="from")
    @app_commands.choices(from_=VERSIONS, to=VERSIONS)
    async def changes(
        self,
        interaction: discord.Interaction[Any],
        from_: app_commands.Choice[str],
        to: app_commands.Choice[str],
        under: str | None = None,
    ) -> None:
        services = await services_of(interaction)
        reply = await off_loop(answers.changes_reply, services, from_.value, to.value, under)
        shown = reply.extra(ChangesPage)
        view, note = await pager(
            services,
            ChangesPageButton,
            ChangesState(shown.from_version, shown.to_version, shown.under),
            pages=shown.pages,
            owner_id=interaction.user.id,
        )
        if note is not None:
            reply.content = note
        await answer(interaction, reply, view=view)

    @app_commands.command(
        name="ruling", description="FAQ answers and rulings by words, card name or rule number"
    )
    @app_commands.describe(query="Words, a card name, or a rule number")
    async def ruling(self, interaction: discord.Interaction[Any], query: str) -> None:
        await answer(interaction, await off_loop(answers.ruling_reply, await services_of(interaction), query))

    @app_commands.command(name="keyword", description="A keyword's rules, reminder text, FAQ and cards")
    @app_commands.describe(name="The keyword, like Hidden")
    @app_commands.autocomplete(name=keyword_names)
    async def keyword(self, interaction: discord.Interaction[Any], name: str) -> None:
        await answer(interaction, await off_loop(answers.keyword_reply, await services_of(interaction), name))
