"""What every answer is (`Reply`) and the one way an answer is sent (`send`). A leaf: it imports no other part of
the bot but `limits` and `render`, so that answers, buttons, cogs and the error handler all import down to it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.ui import limits
from bot.ui.render import pack

NONE = discord.AllowedMentions.none()

# interaction.extras key: the tree deferred with a public "thinking" message
DEFERRED_PUBLIC = "deferred_public"


@dataclass
class Reply:
    """An answer's embeds, and what its buttons need.

    `citations`: the rule numbers "Show the cited rules" looks up ("312.2 (v1.4)" in its version). `state`: how to
    answer the same question again (a card and the quick options, a scenario code, a rule query), saved in the store
    under the key its buttons carry (`bot.answer_state`); None for an answer whose buttons need only its citations.
    `extras`: what a caller needs besides (a search's query and total, a page).
    """

    embeds: list[discord.Embed]
    ephemeral: bool = False
    content: str | None = None
    citations: tuple[str, ...] = ()
    state: dict[str, Any] | None = None
    extras: dict[str, Any] = field(default_factory=dict)


async def send(
    interaction: discord.Interaction[Any],
    embeds: Sequence[discord.Embed] = (),
    *,
    content: str | None = None,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction: the first message within Discord's limits, the rest as follow-ups (view on the first)."""
    messages = pack(embeds) or [[]]
    if content is not None:
        content = limits.fit(content, limits.MESSAGE_CONTENT)
    # Read on every send: only the first answer replaces the "thinking" message.
    deferred = _deferred_in_public(interaction)
    if ephemeral and deferred:
        # The "thinking" message would become the answer, in public: remove it so the answer can be private.
        await interaction.delete_original_response()
    for i, group in enumerate(messages):
        kwargs: dict[str, Any] = {"embeds": group, "ephemeral": ephemeral, "allowed_mentions": NONE}
        if i == 0 and content is not None:
            kwargs["content"] = content
        if i == 0 and view is not None:
            kwargs["view"] = view
        if i == 0 and not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        else:
            await interaction.followup.send(**kwargs)


def _deferred_in_public(interaction: discord.Interaction[Any]) -> bool:
    """True once, for the first answer after the tree deferred in public."""
    return bool(interaction.extras.pop(DEFERRED_PUBLIC, False))
