"""Per-card corrections where the wording defeats the targeting-phrase parser, each with the reason.

Keyed by the normalized card name (cardsdb.names.normalize).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from cardsdb.engine.reading.card_choices import parse_card
from cardsdb.engine.reading.specs import CardChoices, ChoiceSpec, UnitPlay
from cardsdb.models import Card
from cardsdb.names import normalize


def _here_to_help(parsed: CardChoices) -> CardChoices:
    # "You may play a unit from hand to a battlefield you control": the unit is a card in your hand (not a target
    # at any battlefield), and "a battlefield you control" is where that unit enters, which rule 811.1.d.5 (not
    # 811.1.d.2) fixes to the hidden battlefield. The parser would read the battlefield as a spell target.
    unit = ChoiceSpec(
        phrase="a unit from your hand",
        what="unit_card",
        whose="friendly",
        where="hand",
        optional=True,
        purpose="spell",
    )
    destination = ChoiceSpec(
        phrase="a battlefield you control to play that unit to",
        what="battlefield",
        whose="friendly",
        where="battlefield",
        optional=True,
        purpose="unit_destination",
    )
    play = UnitPlay(text="play a unit from hand to a battlefield you control", token=False, here=False)
    return replace(
        parsed,
        choices=(unit, destination),
        unit_plays=(play,),
        override="the unit comes from hand; where it enters is fixed by 811.1.d.5",
    )


def _bone_skewer(parsed: CardChoices) -> CardChoices:
    # "Choose a battlefield. An opponent reveals their hand. You may choose a unit from it. They play that unit to
    # that battlefield": "from it" points to the revealed hand (three sentences back for the parser), and the
    # opponent's unit enters at the chosen battlefield, which is itself restricted to the hidden battlefield.
    battlefield = ChoiceSpec(phrase="a battlefield", what="battlefield", purpose="spell")
    unit = ChoiceSpec(
        phrase="a unit from the opponent's revealed hand",
        what="unit_card",
        whose="enemy",
        where="opponent_hand",
        optional=True,
        purpose="spell",
    )
    play = UnitPlay(
        text="they play that unit to that battlefield", token=False, here=False, enters="chosen_battlefield"
    )
    return replace(
        parsed,
        choices=(battlefield, unit),
        unit_plays=(play,),
        override="'from it' is the revealed hand; the opponent's unit enters at the chosen battlefield",
    )


OVERRIDES: dict[str, Callable[[CardChoices], CardChoices]] = {
    "here to help": _here_to_help,
    "bone skewer": _bone_skewer,
}


def choices_for(card: Card) -> CardChoices:
    """The card's choices: the parser's reading, corrected where an override says why (read once per card, when its
    reading is compiled)."""
    parsed = parse_card(card)
    override = OVERRIDES.get(normalize(card.name))
    return override(parsed) if override else parsed
