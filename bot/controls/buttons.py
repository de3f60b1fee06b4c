"""The buttons any answer may carry, all stateful (`bot/ui/persistent.py`: they answer after a restart and on any process):
"Show the cited rules" and "Details" (anyone may press them; they answer privately), and the "did you mean" buttons
under an unknown card. They call `bot.hidden.answers` and `bot.ui.reply.send`; no ruling is decided here.

An answer's buttons share one saved state (kind `answer`, `ANSWER_KIND`): `bot.answer_state.AnswerState`, the reply's
`state` (how to answer again), its cited rules and whether it was private; the judge's controls
(`bot/controls/answer.py`) use the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.answer_state import ANSWER_KIND, AnswerState, DeckState, SuggestState, bounded
from bot.cards import answers as card_answers
from bot.deck import answers as deck_answers
from bot.hidden import answers as hidden_answers
from bot.rules import render as rule_render
from bot.server_settings.apply import services_in
from bot.services import Services, off_loop
from bot.store import SavedState
from bot.ui import limits
from bot.ui.persistent import STATE_OFF, PersistentView, StatefulButton, save_state
from bot.ui.reply import Reply, send
from cardsdb.rule_numbers import parse_rule_ref

CITED_LABEL = "Show the cited rules"
DETAILS_LABEL = "Details"


def answer_state(reply: Reply, *, private: bool = False) -> AnswerState:
    """What an answer's buttons keep in the store: how to answer again, the rules it cites, whether it is private;
    within the store's size for one answer (`bounded`: a question too large to keep is not kept)."""
    return bounded(AnswerState(reply.state, reply.citations, private))


def cited_rules_embeds(services: Services, numbers: Sequence[str]) -> list[discord.Embed]:
    """The full text of the rules an answer cites; a number may carry its version ("312.2 (v1.4)"), a bare one is a
    current rule (v1.4's rule of the same number is another rule)."""
    db = services.cards()
    views, missing = [], []
    for number in numbers:
        ref = parse_rule_ref(number)
        found = db.cited_rule(number) if ref is not None else None
        if found is not None and ref is not None and (found.stands_in_for or found.rule.number) == ref.number:
            views.append(found)
        else:
            missing.append(number)
    return rule_render.cited_rules_embeds(views, missing)


class CitedRulesButton(StatefulButton, prefix="cr", kind=ANSWER_KIND):
    """Shows the full text of the rules an answer cites, privately, to whoever presses it."""

    owner_only = False

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        numbers = AnswerState.from_json(state.payload).rules
        await send(interaction, await off_loop(cited_rules_embeds, services, numbers), ephemeral=True)


class DetailsButton(StatefulButton, prefix="dt", kind=ANSWER_KIND):
    """Shows the whole answer behind a quick one (every check, the choices, the effects, the position and its
    scenario code), privately, to whoever presses it."""

    owner_only = False

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        services = await services_in(interaction, services)
        asked = AnswerState.from_json(state.payload).question
        if isinstance(asked, DeckState):
            reply = await off_loop(deck_answers.deck_details_reply, services, asked)
        else:
            reply = await off_loop(hidden_answers.details_reply, services, asked)
        cited = CitedRulesButton.make(self.key, "0", label=CITED_LABEL) if reply.citations else None
        await send(interaction, reply.embeds, ephemeral=True, view=PersistentView(cited) if cited else None)


def answer_buttons(key: str, state: AnswerState) -> list[StatefulButton]:
    """The buttons anyone may press under an answer: Details (a quick answer's) and Show the cited rules."""
    buttons: list[StatefulButton] = []
    if state.has_details:
        buttons.append(
            DetailsButton.make(key, "0", label=DETAILS_LABEL, style=discord.ButtonStyle.primary, row=0)
        )
    if state.rules:
        buttons.append(CitedRulesButton.make(key, "0", label=CITED_LABEL, row=0))
    return buttons


async def answer_view(
    services: Services, reply: Reply, owner_id: int | None
) -> tuple[PersistentView | None, str | None]:
    """The buttons under an answer that anyone may press, or (None, `STATE_OFF`) when they cannot be saved now;
    (None, None) when it has none."""
    state = answer_state(reply)
    if not (state.has_details or state.rules):
        return None, None
    key = await save_state(services, ANSWER_KIND, state.to_json(), owner_id)
    if key is None:
        return None, STATE_OFF
    return PersistentView(*answer_buttons(key, state)), None


class ShowCardButton(StatefulButton, prefix="sc", kind="suggest"):
    """One of the closest names to an unknown card: shows that card. `arg`: its place in the saved list."""

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        names = list(SuggestState.from_json(state.payload).names)
        index = int(self.arg) if self.arg.isdigit() else -1
        if not 0 <= index < len(names):
            raise ValueError(f"no suggestion {self.arg} in {names}")
        services = await services_in(interaction, services)
        reply = await off_loop(card_answers.card_reply, services, names[index])
        view, note = await answer_view(services, reply, interaction.user.id)
        await send(interaction, reply.embeds, content=note, view=view)


async def suggestion_view(
    services: Services, names: Sequence[str], *, owner_id: int | None
) -> PersistentView | None:
    """The closest names to an unknown card, as buttons that show the card (only the asker's); None when there are
    none, or when they cannot be saved now (the names are in the answer's text)."""
    shown = list(dict.fromkeys(names))[: limits.BUTTONS_PER_ROW]
    if not shown:
        return None
    key = await save_state(services, "suggest", SuggestState(tuple(shown)).to_json(), owner_id)
    if key is None:
        return None
    return PersistentView(
        *(
            ShowCardButton.make(
                key, str(i), label=limits.fit(name, limits.BUTTON_LABEL), style=discord.ButtonStyle.primary
            )
            for i, name in enumerate(shown)
        )
    )


VIEW_ITEMS: tuple[type[StatefulButton], ...] = (CitedRulesButton, DetailsButton, ShowCardButton)
"""Registered with the bot (`add_dynamic_items`) so that their buttons answer after a restart."""
