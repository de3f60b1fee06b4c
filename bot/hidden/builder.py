"""The quick questions' options (`/hidden hide`, `/hidden play`, `/hidden targets`): the position they make (built by
`cardsdb.engine.quick`), what was assumed, in one line and option by option, and the position builder's controls as
data (which toggles, their labels and states). No Discord here: `bot/controls/answer.py` makes the buttons.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.answer_state import QUESTIONS as QUESTIONS
from bot.answer_state import Question as Question
from cardsdb.engine import quick
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card

BUILDS: tuple[Question, ...] = ("hide", "play")
"""The questions whose options the builder's controls change."""

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
OPTION_LABELS: dict[str, str] = {**dict(HIDE_TOGGLES), **dict(PLAY_TOGGLES), "from_": "Where the card is"}
_ZONE_NAMES = {"hand": "your hand", "champion_zone": "your champion zone", "elsewhere": "elsewhere"}
_ZONE_WORDS = {
    "hand": "in your hand",
    "champion_zone": "in your champion zone",
    "elsewhere": "not in hand or champion zone",
}


def scenario_maker(question: Question) -> Callable[..., dict[str, Any]]:
    makers: dict[Question, Callable[..., dict[str, Any]]] = {
        "hide": quick.hide_scenario,
        "play": quick.play_scenario,
        "targets": quick.targets_scenario,
    }
    return makers[question]


@dataclass(frozen=True)
class QuickOptions:
    """The options of one quick question: only those the asker set (the rest are the defaults)."""

    question: Question
    given: Mapping[str, Any]

    @classmethod
    def of(cls, question: Question, options: Mapping[str, Any]) -> QuickOptions:
        """`options` as a command gives them (None: not set); raises ValueError for one the question lacks."""
        given = {k: v for k, v in options.items() if v is not None}
        unknown = set(given) - set(defaults(question))
        if unknown:
            raise ValueError(f"not options of /hidden {question}: {sorted(unknown)}")
        return cls(question, given)

    def value(self, name: str) -> Any:
        return self.given.get(name, defaults(self.question)[name])

    def with_value(self, name: str, value: Any) -> QuickOptions:
        if name not in defaults(self.question):
            raise ValueError(f"not an option of /hidden {self.question}: {name}")
        return QuickOptions(self.question, {**self.given, name: value})

    def implied(self, name: str) -> bool | None:
        """The value another option imposes on this one (your turn, when the card was hidden this turn: the engine's
        `quick.play_implies` decides), else None."""
        if self.question != "play":
            return None
        return quick.play_implies(hidden_this_turn=bool(self.value("hidden_this_turn"))).get(name)

    def in_effect(self, name: str) -> Any:
        implied = self.implied(name)
        return self.value(name) if implied is None else implied

    def scenario(self, card: str | Card) -> dict[str, Any]:
        return scenario_maker(self.question)(card, **self.given)

    def toggles(self) -> tuple[tuple[str, str], ...]:
        return HIDE_TOGGLES if self.question == "hide" else PLAY_TOGGLES if self.question == "play" else ()

    def lines(self) -> list[str]:
        """One line per option, in words: the value used and where it came from (the Details' "Position assumed")."""
        lines: list[str] = []
        for name, default in defaults(self.question).items():
            label = OPTION_LABELS.get(name, name)
            implied = self.implied(name)
            if implied is not None and implied != self.value(name):
                overridden = ", not no as you set it" if self.given.get(name) is False else ""
                why = f"implied: cards are hidden only on your own turn{overridden}"
                lines.append(f"{label}: {_value_words(implied)} ({why})")
            elif name in self.given:
                lines.append(f"{label}: {_value_words(self.given[name])} (you set it)")
            else:
                lines.append(f"{label}: {_value_words(default)} (default)")
        return lines

    def assumed(self) -> str:
        """What the position assumes, in one line of words."""
        on = self.in_effect
        here = quick.HERE
        if self.question == "hide":
            parts = [
                f"the card {_ZONE_WORDS.get(str(on('from_')), str(on('from_')))}",
                "your turn" if on("your_turn") else "your opponent's turn",
                "a chain open" if on("chain_open") else "no chain open",
                f"a showdown at {here}" if on("showdown") else "no showdown",
                _control(on("control_battlefield")),
                "a facedown card of yours already there"
                if on("facedown_there")
                else "no facedown card there",
                "1 power ready to pay" if on("can_pay") else "no power ready",
            ]
        else:
            parts = [
                "your turn" if on("your_turn") else f"your opponent's turn, in a showdown at {here}",
                "a chain open" if on("chain_open") else "no chain open",
                _control(on("control_battlefield")),
                f"the card hidden there {'this turn' if on('hidden_this_turn') else 'on an earlier turn'}",
                "1 power ready",
            ]
        return "; ".join(parts) + "."


def _value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _ZONE_NAMES.get(str(value), str(value))


def _control(yes: bool) -> str:
    return f"you control {quick.HERE}" if yes else f"your opponent controls {quick.HERE}"


def defaults(question: Question) -> dict[str, Any]:
    """The question's options and what each is when not given."""
    return dict(_defaults(question))


@cache
def _defaults(question: Question) -> tuple[tuple[str, Any], ...]:
    return tuple(quick.options(scenario_maker(question)).items()) if question in BUILDS else ()


@dataclass(frozen=True)
class QuickPosition:
    """A quick question's position and what it assumed: in one line (the quick answer) and line by line (Details)."""

    scenario: dict[str, Any]
    assumed: str
    lines: tuple[str, ...]


def quick_position(
    question: Question, card: Card, given: Mapping[str, Any], reading: CardReading
) -> QuickPosition:
    """The position a quick question asks about (`reading`: the card's); raises ValueError for an option the
    question lacks."""
    if question == "targets":
        found = quick.targets_position(card, reading)
        return QuickPosition(found.scenario, " ".join(found.notes), tuple(found.notes))
    options = QuickOptions.of(question, given)
    return QuickPosition(options.scenario(card), options.assumed(), tuple(options.lines()))


def position_lines(
    question: Question, card: Card, given: Mapping[str, Any], reading: CardReading
) -> tuple[str, ...]:
    """What `quick_position` assumed, line by line, without building its position (Details decodes the saved one)."""
    if question == "targets":
        return quick.targets_notes(reading)
    return tuple(QuickOptions.of(question, given).lines())
