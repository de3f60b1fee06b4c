"""The controls under an answer to /hidden or /rule, and how such an answer is sent (`send_answer`).

Row 0: Details (a quick answer's) and Show the cited rules, which anyone may press; Post publicly under a private
answer (the asker only). Rows 1-3, under /hidden hide and /hidden play: the position builder, toggles and a menu that
change the quick question's options (the asker only); the engine answers again and the message is edited in place.

Every control carries the key of the answer's saved state (`bot/controls/buttons.py`, kind `answer`). State is never changed in
place: a toggle saves a NEW state with the option changed and edits the message with controls rebuilt from it, so
every message's controls point to exactly the answer they show, after a restart and on any process. Its key is
derived from the answer's first key and the state itself (`Store.save(derived_from=...)`), so that a position toggled
back to renews the row it had: a thousand toggles of one answer keep as many rows as the positions they visit, not a
thousand. No ruling is decided here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.answer_state import (
    ANSWER_KIND,
    AnswerState,
    DeckState,
    PostedState,
    QuickState,
    RuleState,
    ScenarioState,
)
from bot.controls.buttons import answer_buttons, answer_state
from bot.controls.judge import (
    ALREADY_POSTED,
    ONLY_THE_ASKER,
    POST_LABEL,
    POSTED_LABEL,
    POSTING,
    asker_name,
    ruled_via,
)
from bot.deck.answers import deck_again
from bot.hidden import answers as hidden_answers
from bot.hidden.builder import BUILDS, ZONES, QuickOptions
from bot.rules import answers as rule_answers
from bot.server_settings.apply import answers_public, services_in
from bot.services import Services, off_loop
from bot.store import SavedState
from bot.ui import limits
from bot.ui.persistent import STATE_OFF, PersistentView, StatefulButton, StatefulSelect, save_state
from bot.ui.render import COLOR_INFO
from bot.ui.reply import NONE, Reply, send

ZONE_ARG = "from_"


def answer_again(services: Services, state: AnswerState) -> Reply:
    """The answer a saved state describes, computed now (the same question, the database as it is)."""
    asked = state.question
    if isinstance(asked, QuickState):
        return hidden_answers.quick_reply(
            services, asked.question, asked.card, asked.options, match_note=asked.note
        )
    if isinstance(asked, ScenarioState):
        return hidden_answers.scenario_reply(services, asked.text)
    if isinstance(asked, RuleState):
        return rule_reply(services, asked)
    if isinstance(asked, DeckState):
        return deck_again(services, asked)
    raise ValueError(f"no answer to give again for {asked!r}")


def rule_reply(services: Services, asked: RuleState) -> Reply:
    """/rule, with the state that lets Post publicly answer it again."""
    reply = rule_answers.rule_reply(services, asked.query, doc=asked.doc, version=asked.version)
    reply.state = asked
    return reply


def controls(
    key: str, state: AnswerState, *, posted: bool = False, builder: bool = True
) -> PersistentView | None:
    """The controls of an answer whose state is saved under `key`; None when it has none. `posted`: its private copy
    after Post publicly; `builder`: False for the public copy a judge posted (the builder stays with the asker's)."""
    items: list[Any] = list(answer_buttons(key, state))
    if state.private:
        label = POSTED_LABEL if posted else POST_LABEL
        items.append(
            PostPubliclyButton.make(
                key, "0", label=label, style=discord.ButtonStyle.primary, disabled=posted, row=0
            )
        )
    asked = state.question
    if builder and isinstance(asked, QuickState) and asked.question in BUILDS:
        options = QuickOptions.of(asked.question, asked.options)
        for i, (name, label) in enumerate(options.toggles()):
            items.append(OptionToggle.shown(key, options, name, label, row=1 + i // limits.BUTTONS_PER_ROW))
        if asked.question == "hide":
            items.append(ZoneSelect.shown(key, options, row=3))
    return PersistentView(*items) if items else None


def _has_controls(state: AnswerState) -> bool:
    return bool(state.rules or state.private or state.has_details)


async def send_answer(
    interaction: discord.Interaction[Any], services: Services, reply: Reply, *, public: bool | None
) -> None:
    """Send an answer to /hidden or /rule: public or private (the `public` option, else the server's default), with
    its controls; without them, and saying so in one line, when the store cannot keep their state now."""
    private = not await answers_public(interaction, services, public)
    state = answer_state(reply, private=private)
    view: PersistentView | None = None
    content = reply.content
    if _has_controls(state):
        key = await save_state(services, ANSWER_KIND, state.to_json(), interaction.user.id)
        if key is None:
            content = "\n".join(line for line in (content, STATE_OFF) if line)
        else:
            view = controls(key, state)
    await send(interaction, reply.embeds, content=content, ephemeral=reply.ephemeral or private, view=view)


POSTED_KIND = "posted"  # the one posting of an answer: claimed before it is posted, with its link after


class PostPubliclyButton(StatefulButton, prefix="pp", kind=ANSWER_KIND):
    """Under a private answer: answers the same question again and posts it to the channel, marked with who ruled;
    the private copy then shows "Posted publicly" (until the builder changes the position). Once per answer, however
    often it is pressed: a second press says where it was posted."""

    refusal = ONLY_THE_ASKER

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        services = await services_in(interaction, services)
        asked = AnswerState.from_json(state.payload)
        store = services.store
        assert store is not None  # a stateful button's state came from it
        claim, earlier = await store.claim(POSTED_KIND, self.key, interaction.user.id)
        if earlier is not None:
            await send(interaction, [posted_already_embed(earlier)], ephemeral=True)
            return
        try:
            link = await _post(interaction, services, self.key, asked)
        except BaseException:
            await store.release(claim)
            raise
        await store.fill(claim, PostedState(link).to_json())


async def _post(
    interaction: discord.Interaction[Any], services: Services, key: str, asked: AnswerState
) -> str | None:
    """The answer again, in the channel; returns its link."""
    reply = await off_loop(answer_again, services, asked)
    public = controls(key, replace(asked, private=False), builder=False)
    embeds = ruled_via(reply.embeds, asker_name(interaction.user))
    await interaction.response.edit_message(view=controls(key, asked, posted=True), allowed_mentions=NONE)
    try:
        # a non-ephemeral follow-up is a message in the channel; its buttons use this answer's saved state
        message = await send(interaction, embeds, content=reply.content, view=public)
    except discord.HTTPException:
        await interaction.edit_original_response(view=controls(key, asked))
        raise
    return message.jump_url if message is not None else None


def posted_already_embed(posting: SavedState) -> discord.Embed:
    """The private line for a second press: where the answer was posted (or that it is being posted)."""
    url = PostedState.from_json(posting.payload).url
    if PostedState.pending(posting.payload):
        line = POSTING
    elif url is not None:
        line = f"{ALREADY_POSTED}: {url}"  # a link Discord gave: the answer in the channel
    else:
        line = f"{ALREADY_POSTED}."
    return discord.Embed(title=POSTED_LABEL, description=line, colour=COLOR_INFO)


async def _show_options(
    interaction: discord.Interaction[Any], services: Services, state: SavedState, options: QuickOptions
) -> None:
    """Answer the quick question again with `options`, save that as a new state, and edit the message in place."""
    services = await services_in(interaction, services)
    saved = AnswerState.from_json(state.payload)
    asked = saved.question
    reply = await off_loop(
        hidden_answers.quick_reply,
        services,
        options.question,
        asked.card if isinstance(asked, QuickState) else "",
        options.given,
        match_note=asked.note if isinstance(asked, QuickState) else None,
    )
    # every state of one answer derives its key from the answer's first: one position, one row (`Store.save`)
    root = saved.root if saved.root is not None else state.key
    changed = replace(answer_state(reply, private=saved.private), root=root)
    key = await save_state(services, ANSWER_KIND, changed.to_json(), state.owner_id, derived_from=root)
    view = controls(key, changed) if key is not None else None
    content = None if key is not None else STATE_OFF
    await interaction.response.edit_message(
        content=content, embeds=reply.embeds, view=view, allowed_mentions=NONE
    )


def _options(state: SavedState) -> QuickOptions:
    asked = AnswerState.from_json(state.payload).question
    if not isinstance(asked, QuickState) or asked.question not in BUILDS:
        raise ValueError(f"not a question the builder changes: {asked!r}")
    return QuickOptions.of(asked.question, asked.options)


class OptionToggle(StatefulButton, prefix="bt", kind=ANSWER_KIND):
    """One yes/no option of the quick question (`arg`: its name); pressing it flips the option."""

    refusal = ONLY_THE_ASKER

    @classmethod
    def shown(cls, key: str, options: QuickOptions, name: str, text: str, *, row: int) -> OptionToggle:
        on = bool(options.in_effect(name))
        implied = options.implied(name) is not None and options.implied(name) != options.value(name)
        state = ("yes" if on else "no") + (" (implied)" if implied else "")
        return cls.make(
            key,
            name,
            label=limits.fit(f"{text}: {state}", limits.BUTTON_LABEL),
            style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
            disabled=implied,  # another option decides it: pressing would change nothing
            row=row,
        )

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        options = _options(state)
        await _show_options(
            interaction, services, state, options.with_value(self.arg, not options.value(self.arg))
        )


class ZoneSelect(StatefulSelect, prefix="bz", kind=ANSWER_KIND):
    """Where the card to hide is: hand, champion zone, elsewhere."""

    refusal = ONLY_THE_ASKER

    @classmethod
    def shown(cls, key: str, options: QuickOptions, *, row: int) -> ZoneSelect:
        current = str(options.value("from_"))
        choices = [
            discord.SelectOption(label=label, value=value, default=value == current) for value, label in ZONES
        ]
        return cls.make(key, ZONE_ARG, options=choices, placeholder="Where the card is", row=row)

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        chosen = next((v for v in self.item.values if v in dict(ZONES)), None)
        if chosen is None:
            raise ValueError(f"not a zone: {self.item.values}")
        await _show_options(interaction, services, state, _options(state).with_value("from_", chosen))


CONTROL_ITEMS: tuple[type[StatefulButton] | type[StatefulSelect], ...] = (
    PostPubliclyButton,
    OptionToggle,
    ZoneSelect,
)
"""Registered with the bot (`add_dynamic_items`) so that their controls answer after a restart."""
