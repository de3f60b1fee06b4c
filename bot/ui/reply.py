"""What every answer is (`Reply`, with what its callers need besides: `SearchPage`, `ChangesPage`, `Suggestions`)
and the one way an answer is sent (`send`). A leaf: it imports no other part of the bot but `limits`, `render` and
the saved answer state's types, so that answers, buttons, cogs and the error handler all import down to it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.answer_state import QuestionState
from bot.ui import limits
from bot.ui.render import pack

NONE = discord.AllowedMentions.none()

# interaction.extras key: the tree deferred with a public "thinking" message
DEFERRED_PUBLIC = "deferred_public"


@dataclass(frozen=True)
class SearchPage:
    """A page of /search: the query as read, the page shown (from 0) and how many cards matched."""

    query: str
    page: int
    total: int


@dataclass(frozen=True)
class ChangesPage:
    """A page of /changes: the versions compared, the rule number it is under (None: everywhere), the page shown
    (from 0) and how many pages there are."""

    from_version: str
    to_version: str
    under: str | None
    page: int
    pages: int


@dataclass(frozen=True)
class Suggestions:
    """The closest names to a card that was not found, for "did you mean" buttons."""

    names: tuple[str, ...]


Extras = SearchPage | ChangesPage | Suggestions
E = TypeVar("E", SearchPage, ChangesPage, Suggestions)


@dataclass
class Reply:
    """An answer's embeds, and what its buttons need.

    `citations`: the rule numbers "Show the cited rules" looks up ("312.2 (v1.4)" in its version). `state`: how to
    answer the same question again (a card and the quick options, a scenario code, a rule query), saved in the store
    under the key its buttons carry (`bot.answer_state`); None for an answer whose buttons need only its citations.
    `extras`: what a caller needs besides (a search's page, a page of changes, the names suggested for a card).
    """

    embeds: list[discord.Embed]
    ephemeral: bool = False
    content: str | None = None
    citations: tuple[str, ...] = ()
    state: QuestionState | None = None
    extras: Extras | None = None

    def extra(self, kind: type[E]) -> E:
        """The extras of `kind` this reply carries; TypeError when it carries none (a caller asked the wrong answer)."""
        if not isinstance(self.extras, kind):
            raise TypeError(f"a reply with {type(self.extras).__name__} extras, not {kind.__name__}")
        return self.extras

    @property
    def suggested(self) -> tuple[str, ...]:
        """The names suggested for a card that was not found; none for any other reply."""
        return self.extras.names if isinstance(self.extras, Suggestions) else ()


async def send(
    interaction: discord.Interaction[Any],
    embeds: Sequence[discord.Embed] = (),
    *,
    content: str | None = None,
    ephemeral: bool = False,
    view: discord.ui.View | None = None,
) -> discord.Message | None:
    """Answer an interaction: the first message within Discord's limits, the rest as follow-ups (view on the first).
    Returns the first message when it is a follow-up (it has a link), else None."""
    messages = pack(embeds) or [[]]
    if content is not None:
        content = limits.fit(content, limits.MESSAGE_CONTENT)
    # Read on every send: only the first answer replaces the "thinking" message.
    deferred = _deferred_in_public(interaction)
    if ephemeral and deferred:
        # The "thinking" message would become the answer, in public: remove it so the answer can be private.
        await interaction.delete_original_response()
    first: discord.Message | None = None
    for i, group in enumerate(messages):
        kwargs: dict[str, Any] = {"embeds": group, "ephemeral": ephemeral, "allowed_mentions": NONE}
        if i == 0 and content is not None:
            kwargs["content"] = content
        if i == 0 and view is not None:
            kwargs["view"] = view
        if i == 0 and not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        else:
            sent = await interaction.followup.send(**kwargs, wait=True)
            first = sent if i == 0 else first
    return first


def _deferred_in_public(interaction: discord.Interaction[Any]) -> bool:
    """True once, for the first answer after the tree deferred in public."""
    return bool(interaction.extras.pop(DEFERRED_PUBLIC, False))
