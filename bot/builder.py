"""The position builder under /hidden hide and /hidden play answers: toggles and a select menu change the options of
the quick question, the engine answers again (`cardsdb.engine.quick` builds the position), and the message is edited in
place. Only the asker may press them (`AnswerControls` refuses others privately). The view only sets options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot import answers, limits, render
from bot.answers import Reply
from bot.errors import NONE
from bot.services import Services

if TYPE_CHECKING:
    from bot.judge import AnswerControls

Question = Literal["hide", "play"]

# (option of cardsdb.engine.quick's builder, button label); at most 5 buttons a row
HIDE_TOGGLES: tuple[tuple[str, str], ...] = (
    ("your_turn", "Your turn"),
    ("chain_open", "Chain open"),
    ("showdown", "Showdown"),
    ("control_battlefield", "You control the battlefield"),
    ("facedown_there", "Facedown card already there"),
    ("can_pay", "Can pay 1 power"),
)
PLAY_TOGGLES: tuple[tuple[str, str], ...] = (
    ("hidden_this_turn", "Hidden this turn"),
    ("your_turn", "Your turn"),
    ("chain_open", "Chain open"),
    ("control_battlefield", "You control the battlefield"),
)
ZONES: tuple[tuple[str, str], ...] = (
    ("hand", "From your hand"),
    ("champion_zone", "From your champion zone"),
    ("elsewhere", "From elsewhere"),
)


def _quick(question: Question) -> Callable[..., dict[str, Any]]:
    from cardsdb.engine import quick

    builder: Callable[..., dict[str, Any]] = (
        quick.hide_scenario if question == "hide" else quick.play_scenario
    )
    return builder


class PositionBuilder:
    """The options of one quick question; `reply` asks the engine about the position they make."""

    def __init__(
        self, question: Question, card: str, options: Mapping[str, Any], *, match_note: str | None = None
    ) -> None:
        self.question = question
        self.card = card
        self.match_note = match_note  # how the typed name was matched, kept as the position changes
        from cardsdb.engine.quick import options as quick_options

        self.defaults = quick_options(_quick(question))
        unknown = set(options) - set(self.defaults)
        if unknown:
            raise ValueError(f"not options of /hidden {question}: {sorted(unknown)}")
        self.options = {k: v for k, v in options.items() if v is not None}  # only what the asker set
        self.view: AnswerControls | None = None

    def value(self, name: str) -> Any:
        return self.options.get(name, self.defaults[name])

    def in_position(self, name: str) -> bool | None:
        """Whether the position the quick builder made has the option on, where that can differ from the option
        (an option another one implies, like your turn when the card was hidden this turn); else None."""
        if name != "your_turn":
            return None
        scenario = _quick(self.question)(self.card, **self.options)
        return bool(scenario.get("turn_player") == "me")

    def set(self, name: str, value: Any) -> None:
        if name not in self.defaults:
            raise ValueError(f"not an option of /hidden {self.question}: {name}")
        self.options[name] = value

    def reply(self, services: Services) -> Reply:
        ask = answers.hidden_hide_reply if self.question == "hide" else answers.hidden_play_reply
        return ask(services, self.card, match_note=self.match_note, **self.options)

    def attach(self, view: AnswerControls) -> None:
        """Add the toggles (rows 1-2) and, for hide, the zone menu (row 3) to an answer's view (row 0: its buttons)."""
        self.view = view
        toggles = HIDE_TOGGLES if self.question == "hide" else PLAY_TOGGLES
        for i, (name, label) in enumerate(toggles):
            view.add_item(OptionToggle(self, name, label, row=1 + i // limits.BUTTONS_PER_ROW))
        if self.question == "hide":
            view.add_item(ZoneSelect(self, row=3))
        self.refresh()

    def refresh(self) -> None:
        """Labels and states of the controls from the current options."""
        if self.view is None:
            return
        for item in self.view.children:
            if isinstance(item, OptionToggle | ZoneSelect):
                item.show()

    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """Ask again with the current options and edit the message in place."""
        view = self.view
        assert view is not None
        reply = self.reply(view.services)
        view.set_reply(reply)
        view.last_interaction = interaction
        self.refresh()
        # A verdict fits one message; should one not, the first part is shown (it holds the verdict and checks).
        first = render.pack(reply.embeds)[0]
        await interaction.response.edit_message(embeds=first, view=view, allowed_mentions=NONE)


class OptionToggle(discord.ui.Button["AnswerControls"]):
    owner_only = True

    def __init__(self, builder: PositionBuilder, name: str, label: str, *, row: int) -> None:
        super().__init__(row=row)
        self.builder, self.option, self.text = builder, name, label

    def show(self) -> None:
        on = bool(self.builder.value(self.option))
        actual = self.builder.in_position(self.option)
        implied = actual is not None and actual != on
        if implied:
            on = bool(actual)
        state = ("yes" if on else "no") + (" (implied)" if implied else "")
        self.label = limits.fit(f"{self.text}: {state}", limits.BUTTON_LABEL)
        self.style = discord.ButtonStyle.success if on else discord.ButtonStyle.secondary
        self.disabled = implied  # another option decides it: pressing would change nothing

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        self.builder.set(self.option, not bool(self.builder.value(self.option)))
        await self.builder.show(interaction)


class ZoneSelect(discord.ui.Select["AnswerControls"]):
    owner_only = True

    def __init__(self, builder: PositionBuilder, *, row: int) -> None:
        super().__init__(
            placeholder="Where the card is",
            options=[discord.SelectOption(label=label, value=value) for value, label in ZONES],
            row=row,
        )
        self.builder = builder

    def show(self) -> None:
        current = str(self.builder.value("from_"))
        for option in self.options:
            option.default = option.value == current

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        self.builder.set("from_", self.values[0])
        await self.builder.show(interaction)
