"""Scenarios for the bot's quick questions, with the interface contract's defaults ("Quick questions build a position").

Everything not given is favourable and the same every time: the battlefield where the card is (to be) hidden holds
a unit of yours (and, for /hidden play, an enemy unit, with a showdown there when it is not your turn); your base holds
a unit of yours; another battlefield is the opponent's, with an enemy unit. No two units of one card share a place, so
their labels tell them apart without ids (`Shipyard Skulker@me.base`) and the position shown to players holds none.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from cardsdb.engine.position.validate import Zone, zone_problem
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card

HERE = "Your Battlefield"
THERE = "Their Battlefield"
YOUR_UNIT = "Shipyard Skulker"  # a vanilla unit of the real data: no text to interfere
ENEMY_UNIT = "Vanguard Sergeant"
_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _position(
    *, turn: int, your_turn: bool, chain_open: bool, showdown: bool, control: bool
) -> dict[str, Any]:
    here: dict[str, Any] = {"controller": "me" if control else "opp", "units": []}
    if control:
        here["units"].append({"card": YOUR_UNIT})
    position: dict[str, Any] = {
        "turn": turn,
        "turn_player": "me" if your_turn else "opp",
        "state": "closed" if chain_open else "open",
        "showdown": HERE if showdown else None,
        "me": {"base": {"units": [{"card": YOUR_UNIT}]}},
        "opp": {"base": {"units": []}},
        "battlefields": {
            HERE: here,
            THERE: {
                "controller": "opp",
                "units": [{"card": ENEMY_UNIT, "controller": "opp"}],
            },
        },
    }
    if chain_open:
        position["chain"] = ["a spell"]
    return position


def _can_be(card: str | Card, zone: Zone) -> bool:
    """Whether the card can be in that zone (a legend is never in a hand nor facedown); a name alone: taken to."""
    return isinstance(card, str) or zone_problem(card, zone) is None


def _name(card: str | Card) -> str:
    return card if isinstance(card, str) else card.name


def hide_scenario(
    card: str | Card,
    *,
    from_: str = "hand",
    your_turn: bool = True,
    chain_open: bool = False,
    showdown: bool = False,
    control_battlefield: bool = True,
    facedown_there: bool = False,
    can_pay: bool = True,
) -> dict[str, Any]:
    """/hidden hide: may `card` be hidden now? `facedown_there` puts another facedown card of yours there.

    A card that can't be in the Champion Zone (a spell, a unit that is not a champion) is not put there: asked from
    the Champion Zone, the answer is that it can't be hidden from there."""
    name = _name(card)
    scenario = _position(
        turn=3, your_turn=your_turn, chain_open=chain_open, showdown=showdown, control=control_battlefield
    )
    me = scenario["me"]
    me["hand"] = [name] if from_ == "hand" and _can_be(card, "hand") else []
    if from_ == "champion_zone":
        champion = isinstance(card, str) or zone_problem(card, "champion_zone") is None
        me["champion_zone"] = [name] if champion else []
    me["runes"] = {"energy": 0, "power": ["any"] if can_pay else []}
    if facedown_there:
        scenario["battlefields"][HERE]["facedown"] = [{"card": name, "owner": "me", "hidden_turn": 2}]
    scenario["ask"] = {
        "hide": name,
        "at": HERE,
        "from": from_ if from_ in ("hand", "champion_zone") else "elsewhere",
    }
    return scenario


def play_scenario(
    card: str | Card,
    *,
    hidden_this_turn: bool = False,
    your_turn: bool = False,
    chain_open: bool = False,
    control_battlefield: bool = True,
) -> dict[str, Any]:
    """/hidden play: may the facedown `card` be played now? Hidden this turn implies your turn (`play_implies`)."""
    your_turn = play_implies(hidden_this_turn=hidden_this_turn).get("your_turn", your_turn)
    turn = 4
    scenario = _position(
        turn=turn,
        your_turn=your_turn,
        chain_open=chain_open,
        showdown=not your_turn,
        control=control_battlefield,
    )
    here = scenario["battlefields"][HERE]
    here["units"].append({"card": ENEMY_UNIT, "controller": "opp", "attacking": not your_turn})
    if _can_be(card, "facedown"):  # a legend, a battlefield or a rune never is: the answer says so
        here["facedown"] = [
            {"card": _name(card), "owner": "me", "hidden_turn": turn if hidden_this_turn else turn - 1}
        ]
    scenario["me"]["runes"] = {"energy": 0, "power": ["any"]}
    scenario["ask"] = {"play_hidden": _name(card), "at": HERE}
    return scenario


def play_implies(*, hidden_this_turn: bool) -> dict[str, bool]:
    """The options of /hidden play that its others impose, whatever was asked: a card is hidden only on its owner's
    turn (811.1.b), so one hidden this turn is played on your turn. The one place this is decided (the bot's builder
    shows what it imposed)."""
    return {"your_turn": True} if hidden_this_turn else {}


def targets_scenario(card: str | Card, *, your_turn: bool = False) -> dict[str, Any]:
    """/hidden targets: the card played from facedown at a battlefield you control, hidden on the turn before; on
    your turn, or on your opponent's turn in a showdown there (with an enemy unit attacking)."""
    scenario = play_scenario(card, your_turn=your_turn)
    scenario["ask"] = {"targets": _name(card), "at": HERE}
    return scenario


@dataclass(frozen=True)
class QuickPosition:
    """A quick question's scenario, and what the answer must say about how it was chosen."""

    scenario: dict[str, Any]
    notes: tuple[str, ...]


def needs_your_turn(reading: CardReading) -> str | None:
    """The play trigger of a card that chooses only on your turn ("When you play me from face down on your turn")."""
    for spec in reading.choices.choices:
        if spec.trigger is not None and spec.trigger.on_your_turn:
            return spec.trigger.text
    return None


def targets_position(card: Card, reading: CardReading) -> QuickPosition:
    """/hidden targets: the position where the card's choices arise, and a line that says which it is."""
    your_turn, note = _targets_turn(reading)
    return QuickPosition(targets_scenario(card, your_turn=your_turn), (note,))


def targets_notes(reading: CardReading) -> tuple[str, ...]:
    """What `targets_position` says of its position, without building it (Details, which has the scenario code)."""
    return (_targets_turn(reading)[1],)


def _targets_turn(reading: CardReading) -> tuple[bool, str]:
    """Whose turn /hidden targets asks on for a card (yours when its play effect chooses only then), and why."""
    trigger = needs_your_turn(reading)
    if trigger is not None:
        note = (
            f"Played from facedown at {HERE} on your turn, where its choice arises: its play effect triggers only "
            f"when you play it {trigger}."
        )
        return True, note
    return False, (
        f"Played from facedown at {HERE} on your opponent's turn, in a showdown there (hidden on your turn before)."
    )


def options(make_scenario: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """A quick builder's options (its keyword-only parameters) with their defaults: what each is when not given."""
    return {
        name: param.default
        for name, param in inspect.signature(make_scenario).parameters.items()
        if param.kind is inspect.Parameter.KEYWORD_ONLY
    }


def dump_scenario(mapping: Mapping[str, Any]) -> str:
    """Compact YAML text of a scenario, for showing the assumed position (and pasting it into /hidden scenario)."""
    text: str = yaml.dump(
        dict(mapping), Dumper=_DUMPER, default_flow_style=None, sort_keys=False, allow_unicode=True, width=100
    )
    return text.strip()
