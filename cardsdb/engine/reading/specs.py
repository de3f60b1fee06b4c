"""What a card's text makes it choose and do when played, as plain types: read by `instructions.py`, judged by the
play modules.

A choice spec says what is chosen (a unit, a gear, something, a battlefield, a card in a hand or a trash, a spell or
ability on the chain, a legend), whose, where, how many, with which filters, and what the choice is for (a spell's
effect, a play effect, where a unit enters). A choice with alternatives ("a unit at a battlefield or a gear", "Choose
one —") is one choice whose target may be any of them. What the engine could not read of a phrase is kept
(`unread`): a target that meets the rest may or may not qualify, and is said to be open.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from cardsdb.engine.reading.constraints import Filter, GroupRule, SameBattlefield
from cardsdb.engine.reading.effects import ALWAYS, Condition

What = Literal[
    "unit",
    "gear",
    "object",  # "something": a unit or gear
    "battlefield",
    "unit_card",  # a unit card in a hand
    "card",  # a card in a hand or a trash (`card_types` says which)
    "spell",  # a spell on the chain (v1.4 355.9.a.2)
    "ability",  # an ability on the chain
    "chain_item",  # a spell or an ability on the chain
    "legend",
    "rune",
    "mode",  # "Choose one —": one of the modes
]
Whose = Literal["any", "friendly", "enemy"]
Where = Literal[
    "anywhere",  # no location in the text: anywhere on the board
    "battlefield",  # "at a battlefield", "from a battlefield"
    "here",  # the source permanent's location ("here", "from here", "at my battlefield")
    "there",  # at the battlefield this card chose ("Choose a battlefield and an enemy unit there")
    "same_battlefield",  # "at the same battlefield" (every unit of the sentence together)
    "its_location",  # "at its location": where the previous choice's target is
    "other_location",  # "at another location": not the source's location
    "different_location",  # "at a different location": not the first choice's (or the source's) location
    "base",  # "in a base"
    "hand",  # "from hand" / "in your hand"
    "opponent_hand",  # "from it" after an opponent reveals their hand
    "trash",  # "from your trash"
    "any_trash",  # "from any trash", "from trashes"
    "opponent_trash",  # "from opponents' trashes"
    "chain",  # a spell or ability on the chain
    "legend_zone",  # a legend
    "runes",  # a rune: the position lists only ready resources
]
Purpose = Literal["spell", "play_effect", "unit_destination"]
Enters = Literal["hidden_battlefield", "chosen_battlefield", "same_location", "opponent_plays"]
Player = Literal["you", "opponent"]

# Where a choice's own text puts it somewhere the hidden battlefield can never be (rule 811.1.d.4).
EXEMPT_WHERE: dict[str, str] = {
    "other_location": "its own text asks for a unit at another location",
    "different_location": "its own text asks for a unit at a different location",
    "base": "its own text asks for something in a base",
    "hand": "it is chosen from a hand, not at a battlefield",
    "opponent_hand": "it is chosen from a revealed hand, not at a battlefield",
    "trash": "it is chosen from a trash, not at a battlefield",
    "any_trash": "it is chosen from a trash, not at a battlefield",
    "opponent_trash": "it is chosen from a trash, not at a battlefield",
    "legend_zone": "it is a legend, never at a battlefield",
}
ZONE_WHERE = frozenset({"hand", "opponent_hand", "trash", "any_trash", "opponent_trash"})


@dataclass(frozen=True)
class AdditionalCost:
    text: str
    optional: bool
    power: int = 0
    energy: int = 0
    keyword: str | None = None
    # One entry per power: the domain that must pay it ("fury"), or "any" (a power of any domain).
    power_domains: tuple[str, ...] = ()
    needs: str = ""  # an object the cost uses up: "a friendly unit" (to kill), "a friendly gear" (to return)
    discard: int = 0  # cards to discard
    xp: int = 0  # XP to spend
    needs_spec: ChoiceSpec | None = (
        None  # what `needs` asks for, read as a choice ("a friendly unit"); None: not read
    )


@dataclass(frozen=True)
class PlayTrigger:
    """When a play effect triggers: "When you play me from face down on your turn" -> from_facedown, on_your_turn."""

    text: str = ""  # the condition as worded after "When you play me" ("from face down on your turn")
    from_facedown: bool = False
    on_your_turn: bool = False
    to_battlefield: bool = False
    also: str = (
        ""  # another event the same ability triggers on ("I attack"): its choice then is not a play effect's
    )


@dataclass(frozen=True)
class ChoiceSpec:
    phrase: str  # "a unit at a battlefield"
    what: What
    whose: Whose = "any"
    where: Where = "anywhere"
    min_count: int = 1
    max_count: int | None = 1  # None: any number
    optional: bool = False
    filters: tuple[Filter, ...] = ()
    group: tuple[GroupRule, ...] = ()
    purpose: Purpose = "spell"
    trigger: PlayTrigger | None = None  # a play effect's condition; None for a spell's choice
    card_types: tuple[
        str, ...
    ] = ()  # for a card in a zone: "Unit", "Spell", "Gear" (any of them; empty: any card)
    alternatives: tuple[
        ChoiceSpec, ...
    ] = ()  # a target of any of these ("a unit at a battlefield or a gear")
    unread: tuple[
        str, ...
    ] = ()  # restrictions of its phrase the engine does not read: targets meeting the rest are open
    condition: str = (
        ""  # the instruction's condition ("if you paid the additional cost"): the choice is made only then
    )
    when: Condition = ALWAYS  # that condition as a code the play decides (`condition` is its words)
    mode_free: bool = False  # a mode list with a mode that chooses nothing: it can always be played
    instead: bool = (
        False  # it replaces the choice before it when its condition holds ("..., choose ... instead")
    )

    @cached_property
    def exempt(self) -> str | None:
        """Why the hidden restriction does not apply to this choice (rule 811.1.d.4), or None."""
        if self.alternatives:
            reasons = [a.exempt for a in self.alternatives]
            return reasons[0] if all(reasons) else None
        return EXEMPT_WHERE.get(self.where)

    @cached_property
    def count(self) -> str:
        if self.max_count is None:
            return "0+"
        if self.min_count == self.max_count:
            return str(self.max_count)
        return f"{self.min_count}-{self.max_count}"

    @cached_property
    def together(self) -> bool:
        """Every unit of its sentence must be at one battlefield with the others ("at the same battlefield")."""
        return any(isinstance(g, SameBattlefield) for g in self.group)

    @cached_property
    def in_zone(self) -> bool:
        """Chosen among cards in a hand or a trash, not on the board."""
        return self.what in ("unit_card", "card") or self.where in ZONE_WHERE

    @cached_property
    def kinds(self) -> tuple[ChoiceSpec, ...]:
        """The specs a target may meet: its alternatives, or itself."""
        return self.alternatives or (self,)


@dataclass(frozen=True)
class UnitPlay:
    """A unit the card makes someone play, and where it enters when the card was played from facedown.

    `hidden_battlefield`: a unit you play enters at the hidden battlefield (811.1.d.5). `chosen_battlefield` (Bone
    Skewer: "they play that unit to that battlefield") and `same_location` (Temporal Breach: "its owner plays it to the
    same location"): the unit enters where the card's own choice points, which that choice's restriction (811.1.d.2)
    puts at the hidden battlefield; 811.1.d.5 speaks only of units *you* play. `opponent_plays` (Walking Roost: "choose
    an opponent. They play a ... unit token"): your opponent plays it, where they play units as normal.
    """

    text: str
    token: bool
    here: bool
    purpose: Purpose = "spell"
    enters: Enters = "hidden_battlefield"


@dataclass(frozen=True)
class Conditional:
    """An instruction that applies only when something holds: "If you played this from your hand, draw 1." The
    engine decides `when` from the play where it can: from_hand, from_facedown, your_turn, not_your_turn."""

    text: str
    when: str  # from_hand | from_facedown | your_turn | not_your_turn


@dataclass(frozen=True)
class CardChoices:
    """Everything about a card that playing it (from facedown or from hand) restricts, decides or leaves alone."""

    card: str = ""
    choices: tuple[ChoiceSpec, ...] = ()
    unit_plays: tuple[UnitPlay, ...] = ()
    gear_tokens: tuple[str, ...] = ()
    costs: tuple[AdditionalCost, ...] = ()
    other_choices: tuple[
        str, ...
    ] = ()  # choices of abilities other than play effects: never restricted (811.2)
    hand_only: tuple[str, ...] = ()  # "If you played this from your hand, draw 1."
    facedown_only: tuple[str, ...] = ()  # "then recycle me if I was played from face down"
    conditionals: tuple[Conditional, ...] = ()  # instructions whose condition the play decides
    plain: tuple[
        str, ...
    ] = ()  # a spell's instructions that choose nothing and speak of several cards (811.2)
    effect_payments: tuple[str, ...] = ()  # "you may pay [2] to Stun a unit": paid as its effect resolves
    attaches_on_play: bool = False  # a gear whose play effect attaches it ("attach it to a unit you control")
    override: str | None = None  # why the parser's reading was corrected, when it was
    unreadable: str | None = None  # set when the engine cannot read the text (a partial card without text)
    unread_spell: tuple[str, ...] = ()  # a spell's instructions not understood: its choices are open
    unread_play_effect: tuple[str, ...] = ()  # a play effect's sentences not understood: its choices are open

    @property
    def may_choose_enemy_units(self) -> bool:
        """Whether a choice may pick an opponent's unit: only then can Deflect add to what the play costs."""
        return any(
            k.what in ("unit", "object") and k.whose != "friendly"
            for spec in self.choices
            for k in spec.kinds
        )


def accelerate_cost(domains: tuple[str, ...]) -> AdditionalCost:
    """Accelerate's optional additional cost: [1] and one power, of the unit's domain when it has one (v1.3
    805.1.a.1-2: a single-domain unit's Accelerate power must be of its domain; otherwise any domain)."""
    folded = [d.casefold() for d in domains]
    domain = folded[0] if len(folded) == 1 else "any"
    return AdditionalCost(
        "Accelerate: pay [1] and one power to have it enter ready", True, 1, 1, "Accelerate", (domain,)
    )
