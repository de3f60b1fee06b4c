"""Buttons and menus that keep working after a restart, and on any process of a sharded bot.

A stateful component's `custom_id` is `rb:<prefix>:<key>:<arg>`: `key` names the state the answer saved in the store
(`Store.save(kind, payload, owner_id)`), `arg` is what this one component does with it (a page, an option...).
discord.py finds the class by the template (`bot.add_dynamic_items(...)` in the bot's setup) and builds it from the
custom_id; the press then loads the state, answers an expired or unknown key privately in one line (`TOO_OLD`), refuses
anyone but the stored owner privately (`NOT_YOURS`), and otherwise calls `pressed(interaction, services, state)`.

Rules for a subclass:
- `class X(StatefulButton, prefix="xx", kind="xx")` (or `StatefulSelect`); `X.make(key, arg, label=...)` makes one
  for a message; register the class with `bot.add_dynamic_items(X)` in `bot/factory.py`'s setup.
- State is never changed in place: a press that changes it (a toggle) saves a new key and edits the message with
  components that carry it, so every message's components point to exactly the state they show.
- Put them in a `PersistentView` only: a view with a timeout, when it times out, makes discord.py unregister the
  template of every DynamicItem in it for the whole bot (`ViewStore.remove_view`), and the buttons stop answering.
- Save the state first with `save_state(...)`: when the store cannot keep it, send the answer without the buttons and
  with `STATE_OFF` as one line of content.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self, TypeVar

import discord

from bot.cooldowns import SlowDown
from bot.errors import report_component_error
from bot.services import Services
from bot.store import Gone, SavedState, StoreUnavailable
from bot.store.base import KEY_PATTERN
from bot.turns import TURNS
from bot.ui.notices import error_embed
from bot.ui.reply import send

TOO_OLD = "This answer is too old to change; ask again."
NOT_YOURS = "These buttons belong to the person who asked. Run the command yourself to use them."
STATE_OFF = "The buttons are off on this answer: the bot cannot save them right now."
ARG_PATTERN = r"[A-Za-z0-9_.-]{1,40}"
_PREFIX = re.compile(r"[a-z]{1,8}")


async def save_state(
    services: Services,
    kind: str,
    payload: Mapping[str, Any],
    owner_id: int | None,
    *,
    derived_from: str | None = None,
) -> str | None:
    """The key of the saved state, or None when there is no store or it cannot keep it now (it has logged why).
    `derived_from`: the key of the state this one changes (`Store.save`)."""
    if services.store is None:
        return None
    try:
        return await services.store.save(kind, payload, owner_id, derived_from=derived_from)
    except StoreUnavailable:
        return None


class PersistentView(discord.ui.View):
    """A view of stateful items only, without a timeout (see the module docstring for why)."""

    def __init__(self, *items: StatefulItem[Any]) -> None:
        super().__init__(timeout=None)
        for item in items:
            self.add_item(item)


_ItemT = TypeVar("_ItemT", bound="discord.ui.Item[Any]")
_NEVER = r"(?!)"  # the template of the abstract bases: matches no custom_id


class StatefulItem(discord.ui.DynamicItem[_ItemT], template=_NEVER):
    """A component whose state is in the store. Subclass `StatefulButton` or `StatefulSelect`, not this."""

    prefix: ClassVar[str]
    kind: ClassVar[str]
    owner_only: ClassVar[bool] = True  # False: anyone may press (the stored owner is then only a record)
    refusal: ClassVar[str] = NOT_YOURS  # what anyone but the owner is told, privately

    def __init_subclass__(cls, *, prefix: str | None = None, kind: str | None = None, **kwargs: Any) -> None:
        if prefix is None or kind is None:  # an abstract base
            super().__init_subclass__(template=_NEVER, **kwargs)
            return
        if not _PREFIX.fullmatch(prefix):
            raise TypeError(f"a prefix is 1-8 lower-case letters, not {prefix!r}")
        super().__init_subclass__(
            template=rf"rb:{prefix}:(?P<key>{KEY_PATTERN}):(?P<arg>{ARG_PATTERN})", **kwargs
        )
        cls.prefix, cls.kind = prefix, kind

    def __init__(self, item: _ItemT, key: str, arg: str) -> None:
        super().__init__(item)
        self.key, self.arg = key, arg

    @classmethod
    def custom_id_for(cls, key: str, arg: str) -> str:
        return f"rb:{cls.prefix}:{key}:{arg}"

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py types `item` as any Item
        cls, interaction: discord.Interaction[Any], item: _ItemT, match: re.Match[str], /
    ) -> Self:
        # No I/O here: discord.py logs and drops an exception raised now, and the press would go unanswered.
        return cls(item, match["key"], match["arg"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        # discord.py only logs what a dynamic item's callback raises: every error is answered here
        services: Services = interaction.client.services
        with TURNS.answering():  # a refresh's warm-up waits meanwhile
            await self._answer_press(interaction, services)

    async def _answer_press(self, interaction: discord.Interaction[Any], services: Services) -> None:
        try:
            if not services.presses.allow(interaction.user.id):  # a budget of its own (bot/cooldowns.py)
                await _private(interaction, str(SlowDown(services.presses.retry_after(interaction.user.id))))
                return
            state = await self._load(services)
            if isinstance(state, Gone):
                await _private(interaction, TOO_OLD)
            elif self.owner_only and state.owner_id not in (None, interaction.user.id):
                await _private(interaction, self.refusal)
            else:
                await self.pressed(interaction, services, state)
        except Exception as error:
            await report_component_error(interaction, error, services)

    async def _load(self, services: Services) -> SavedState | Gone:
        if services.store is None:
            return Gone.UNKNOWN
        return await services.store.load(self.key, self.kind)  # raises StoreUnavailable: answered privately

    async def pressed(
        self, interaction: discord.Interaction[Any], services: Services, state: SavedState
    ) -> None:
        """What the component does, with its state loaded and the presser allowed."""
        raise NotImplementedError


class StatefulButton(StatefulItem[discord.ui.Button[Any]]):
    @classmethod
    def make(
        cls,
        key: str,
        arg: str,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ) -> Self:
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=style, custom_id=cls.custom_id_for(key, arg), disabled=disabled, row=row
        )
        return cls(button, key, arg)


class StatefulSelect(StatefulItem[discord.ui.Select[Any]]):
    """A select menu: `self.item.values` are the chosen options' values in `pressed`."""

    @classmethod
    def make(
        cls,
        key: str,
        arg: str,
        *,
        options: Sequence[discord.SelectOption],
        placeholder: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> Self:
        menu: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=cls.custom_id_for(key, arg),
            options=list(options),
            placeholder=placeholder,
            disabled=disabled,
            row=row,
        )
        return cls(menu, key, arg)


async def _private(interaction: discord.Interaction[Any], line: str) -> None:
    await send(interaction, [error_embed(line)], ephemeral=True)
