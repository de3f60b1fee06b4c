"""Judge mode: answers to /hidden and /rule may be private; a private answer has "Post publicly", which posts the same
embeds to the channel with "ruled via <name>" in the footer. Only the asker may post or change the answer.

`send_answer` is what the cogs call; `AnswerControls` is the view under such an answer (cited rules, post publicly,
and the position builder of `bot/builder.py` when one is attached). No ruling is decided here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import limits, render
from bot.answers import Reply
from bot.errors import NONE, send
from bot.server_settings import answers_public
from bot.services import Services
from bot.text import strip_unsafe
from bot.views import VIEW_TIMEOUT, BaseView, CitedRulesButton, answer_view

if TYPE_CHECKING:
    from bot.builder import PositionBuilder

log = logging.getLogger(__name__)

ONLY_THE_ASKER = "Only the person who asked can change this. Run the command yourself to try other options."
POST_LABEL = "Post publicly"
POSTED_LABEL = "Posted publicly"
MAX_NAME = 64
ANSWER_TIMEOUT = (
    VIEW_TIMEOUT  # seconds without a press before the controls are disabled (read when a view is made)
)


def asker_name(user: discord.abc.User) -> str:
    """The display name, safe for a footer: no control or bidi characters, no mention, at most 64 characters.

    (Footers show no markdown, so markdown is left as typed; escaping it would show backslashes.)
    """
    name = " ".join(strip_unsafe(user.display_name).split()) or user.name
    return discord.utils.escape_mentions(limits.fit(name, MAX_NAME))


def ruled_via(embeds: Sequence[discord.Embed], name: str) -> list[discord.Embed]:
    """Copies of `embeds` with "ruled via <name>" at the start of the first one's footer."""
    copies = [discord.Embed.from_dict(e.to_dict()) for e in embeds]
    if copies:
        first = copies[0]
        footer = first.footer.text
        text = f"ruled via {name}" + (f" · {footer}" if footer else "")
        first.set_footer(text=limits.fit(text, limits.FOOTER_TEXT), icon_url=first.footer.icon_url)
    return copies


class PostPubliclyButton(discord.ui.Button["AnswerControls"]):
    """Under a private answer: posts its embeds to the channel, marked with who ruled."""

    owner_only = True

    def __init__(self) -> None:
        super().__init__(label=POST_LABEL, style=discord.ButtonStyle.primary, row=0)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = self.view
        assert view is not None
        embeds = ruled_via(view.reply.embeds, asker_name(interaction.user))
        # Mark the private answer as posted (the builder re-enables the button when the position changes)...
        self.disabled, self.label = True, POSTED_LABEL
        view.last_interaction = interaction
        await interaction.response.edit_message(view=view, allowed_mentions=NONE)
        # ...then post it: a non-ephemeral follow-up is a message in the channel, answered by the bot.
        public_view = answer_view(view.services, view.reply)
        for i, group in enumerate(render.pack(embeds)):
            kwargs: dict[str, Any] = {"embeds": group, "ephemeral": False, "allowed_mentions": NONE}
            if i == 0 and public_view is not None:
                kwargs["view"] = public_view
            await interaction.followup.send(**kwargs)


class AnswerControls(BaseView):
    """The view under a /hidden or /rule answer. Items marked `owner_only` answer others privately with a refusal."""

    def __init__(
        self,
        services: Services,
        reply: Reply,
        *,
        owner_id: int,
        private: bool,
        timeout: float | None = None,
    ) -> None:
        super().__init__(services, owner_id=owner_id, timeout=ANSWER_TIMEOUT if timeout is None else timeout)
        self.reply = reply
        self.private = private
        self.last_interaction: discord.Interaction[Any] | None = None  # the latest one that showed this view
        self.cited: CitedRulesButton | None = None
        self.post: PostPubliclyButton | None = None
        if reply.citations:
            self.cited = CitedRulesButton(reply.citations)
            self.cited.row = 0
            self.add_item(self.cited)
        if private:
            self.post = PostPubliclyButton()
            self.add_item(self.post)

    def set_reply(self, reply: Reply) -> None:
        """A new answer is shown (the builder changed the position): its citations, and it may be posted again."""
        self.reply = reply
        if self.cited is not None:
            self.cited.numbers = tuple(reply.citations)
        if self.post is not None:
            self.post.disabled, self.post.label = False, POST_LABEL

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        pressed = next((i for i in self.children if getattr(i, "custom_id", None) == custom_id), None)
        if not getattr(pressed, "owner_only", False) or interaction.user.id == self.owner_id:
            return True
        await interaction.response.send_message(
            embeds=[render.error_embed(ONLY_THE_ASKER)], ephemeral=True, allowed_mentions=NONE
        )
        return False

    async def on_timeout(self) -> None:
        """Disable every control and show that on the message (Discord forgets the view when it expires)."""
        for item in self.children:
            if isinstance(item, discord.ui.Button | discord.ui.Select):
                item.disabled = True
        if self.last_interaction is None:
            return
        try:
            await self.last_interaction.edit_original_response(view=self)
        except discord.HTTPException as error:  # the message was deleted, or its token expired
            log.debug("could not disable an expired answer's controls: %s", error)


async def send_answer(
    interaction: discord.Interaction[Any],
    services: Services,
    reply: Reply,
    *,
    public: bool | None,
    builder: PositionBuilder | None = None,
) -> AnswerControls | None:
    """Send an answer to /hidden or /rule: public or private (the `public` option, else the server's default), with
    its controls. Returns the view, if any."""
    private = not await answers_public(services, interaction.guild_id, public)
    view: AnswerControls | None = None
    if reply.citations or private or builder is not None:
        view = AnswerControls(services, reply, owner_id=interaction.user.id, private=private)
        if builder is not None:
            builder.attach(view)
        view.last_interaction = interaction
    await send(
        interaction, reply.embeds, content=reply.content, ephemeral=reply.ephemeral or private, view=view
    )
    return view
