"""What a card's static abilities do, as small types: whom they reach (a `Scope`, and the zones a keyword grant reaches,
as Forge's static abilities say `Affected$` and `AffectedZone$`), on what condition (a `Condition`, a code the board
decides), and what they change: Might, keywords, tags, whether a unit can be chosen, where and when cards may be
played, costs, hiding. Read once per card (`reading/statics.py`, `reading/cost_reading.py`); applied in one place
(`board/characteristics.py` and the board modules it calls).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Aspect = Literal["choices", "cost", "timing", "place", "permission", "targeting", "might", "keywords"]
Side = Literal["friendly", "enemy", "any"]
Zone = Literal["board", "hand", "facedown", "chain", "trash"]
ZONES: tuple[Zone, ...] = get_args(Zone)
BOARD: tuple[Zone, ...] = ("board",)
PLAYED_FROM: tuple[Zone, ...] = (
    "hand",
    "facedown",
    "chain",
)  # a spell is a spell where it is played from, and as it is
CardKind = Literal["unit", "gear", "spell", "card"]

ConditionKind = Literal[
    "always",
    "open",  # a condition the engine does not read: the effect may or may not apply
    # of the card itself (a unit or gear on the board)
    "at_battlefield",
    "buffed",
    "mighty",
    "in_combat",
    "in_combat_alone",
    "attacking_with_another",
    "another_here",
    "stunned_enemy_here",
    "empowered",
    "in_showdown",  # "while I'm in a showdown": at the battlefield where a showdown is under way
    # of a battlefield's own text
    "showdown_here",
    "controls_battlefield",  # "while you control this battlefield"
    # of the card's controller
    "level",  # XP of at least `value`
    "legion",  # another card played this turn
    "controls_tagged",  # "if you control a Mech": a unit or gear of yours with the tag `subject`
    "controls_empowered",  # "if you control something that's Empowered"
    "opponent_controls_stunned",  # "if an opponent controls a stunned unit"
    "played_to_battlefield",  # "if you've played a unit or gear to a battlefield this turn"
    "played_spell",  # "if you've played a spell this turn"
    "not_from_hand",  # "to play from anywhere other than your hand"
    "your_turn",  # "if it's your turn"
    "not_your_turn",
    "paid_additional",  # "if you paid the additional cost": the play decides it
]
CONDITION_KINDS: tuple[ConditionKind, ...] = get_args(ConditionKind)


@dataclass(frozen=True)
class Condition:
    """When an effect applies: a state the position settles (`kind`), or one it can't (kind "open"). `text` is the
    condition as worded, for answers only; `value` a number (Level 6), `subject` a name (a tag)."""

    kind: ConditionKind
    text: str = ""
    value: int = 0
    subject: str = ""


ALWAYS = Condition("always")


def both(first: Condition, second: Condition) -> Condition:
    """Two conditions that must both hold: one of them when the other always holds, else open (not read as one)."""
    if first.kind == "always":
        return second
    if second.kind == "always":
        return first
    return Condition("open", f"{first.text} and {second.text}")


@dataclass(frozen=True)
class Scope:
    """Whom a static ability reaches, seen from its card: itself, or cards of some kinds (units by default) that are
    here, friendly or enemy, other than it, tagged, in a state, with a keyword."""

    itself: bool = False
    here: bool = False  # at the card's location (a battlefield card: the battlefield itself)
    side: Side = "any"  # relative to the card's controller
    other: bool = False  # not the card itself
    tags: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()  # buffed, stunned, token, empowered, defending_alone
    keyword: str = ""  # "Units here with [Tank]"; "cards with [Reaction]"
    kinds: tuple[CardKind, ...] = ("unit",)


PerCount = Literal[
    "",
    "card_in_trash",
    "card_played_this_turn",
    "gear_you_control",
    "mighty_unit_you_control",
    "card_with_my_name_in_trash",
    "same_name_here",
    "token_unit_you_control",
    "friendly_gear",
    "temporary_unit_here",
    "buffed_unit_here",
    "point_you_have",
    "uncounted",  # what the engine can't count: the change may be any size
]


@dataclass(frozen=True)
class MightStatic:
    amount: int
    scope: Scope
    condition: Condition = ALWAYS
    per: PerCount = ""  # "for each ...": what is counted (the board counts it, or leaves it open)
    minimum: int | None = None


@dataclass(frozen=True)
class KeywordGrant:
    """Keywords given to the cards of `scope` in `zones` ("Your Equipment everywhere have [Quick-Draw]": every zone;
    "your spells have [Reaction]": where a spell is played from; "Units here have [Deflect]": the board)."""

    keywords: tuple[str, ...]  # "Deflect", "Deflect 3", "Quick-Draw"
    scope: Scope
    condition: Condition = ALWAYS
    zones: tuple[Zone, ...] = BOARD


@dataclass(frozen=True)
class TagGrant:
    """ "I am a Mech." (Experimental Hexplate: the unit it is attached to is a Mech too, v1.4 718.3)."""

    tag: str
    scope: Scope


@dataclass(frozen=True)
class Untargetable:
    scope: Scope  # itself, or "your units here with less Might than me" (`smaller`)
    condition: Condition = ALWAYS
    smaller: bool = False
    unless_combat: bool = False


PlayRuleKind = Literal[
    "no_units_here",  # Rockfall Path
    "opponents_units_to_base",  # Mageseeker Warden
    "may_play_to_open",
    "may_play_to_occupied_enemy",
    "may_play_to_occupied_if_alone",
    "may_play_where_attacking",
    "only_where_conquered",  # Perched Grimwyrm
    "not_on_early_turns",  # Ol' Poro
    "ambush_where_enemies",  # Rengar, Trophy Hunter
    "ambush_where_killed",
    "no_spells_named",  # Fallen Feline
]
PLAY_RULE_KINDS: tuple[PlayRuleKind, ...] = get_args(PlayRuleKind)


@dataclass(frozen=True)
class PlayRule:
    """Where and when units (or this card) may or may not be played."""

    kind: PlayRuleKind
    units_of: Side = "any"  # whose units it speaks of ("friendly": the card's controller's)
    itself: bool = False  # it speaks of the card itself ("You may play me to an open battlefield")
    condition: Condition = ALWAYS


@dataclass(frozen=True)
class IgnoreDeflect:
    """ "Players ignore [Deflect] while paying for spells and abilities choosing something here" (Heisho, v1.4 766);
    `here` False: the card's own "Ignore [Deflect] while paying this spell's cost"."""

    here: bool = True


@dataclass(frozen=True)
class CostChange:
    """A cost increase (356.3) or a discount (356.4) on the cards of `scope`: `energy` and one entry per power (its
    domain, or "any"), `per` each thing counted, the energy not below `floor` by this change (356.4.e). `instead`: it
    replaces the card's change before it when its condition holds ("If this is [Empowered], they cost [1][A] more
    instead")."""

    more: bool
    scope: Scope
    energy: int = 0
    power: tuple[str, ...] = ()
    condition: Condition = ALWAYS
    per: PerCount = ""
    floor: int = 0
    instead: bool = False


@dataclass(frozen=True)
class HideGrant:
    """Other ways to hide its controller's cards (811.1.b): "You may pay [1] to hide a card with [Hidden] instead of
    [A]" (`energy`), "You can hide cards ignoring costs this turn" (`free`, from a card played this turn), "You may
    hide an additional card here" (`room`: one more facedown card at this battlefield, v1.4 107.3.b.1)."""

    energy: int | None = None
    free: bool = False
    room: int = 0


@dataclass(frozen=True)
class NoReveal:
    """ "Your opponents' [Hidden] cards can't be revealed here" (Noxus Saboteur): whether that stops playing a facedown
    card there the rules leave open (422.4, 811.5.a)."""


StaticEffect = (
    MightStatic
    | KeywordGrant
    | TagGrant
    | Untargetable
    | PlayRule
    | IgnoreDeflect
    | CostChange
    | HideGrant
    | NoReveal
)
STATIC_TYPES: tuple[type, ...] = (
    MightStatic,
    KeywordGrant,
    TagGrant,
    Untargetable,
    PlayRule,
    IgnoreDeflect,
    CostChange,
    HideGrant,
    NoReveal,
)
