"""Every rule number the engine cites, in one place, each with the rules version it is cited from.

The engine cites the newest version that has each rule: the current Core Rules (2026-10-09) where the seed documents
give a number, else Core Rules v1.4 (2026-07-16), else v1.3 (2026-03-30). Numbers moved between versions, so each
older number was checked against the text of its version for the meaning the engine uses it in (the comment beside
it), and none is a number the newer rules reuse for something else (v1.3's and v1.4's 421 is Hide, 422 now; their
422.x, 459.1, v1.4's 811.1.d.2, 811.1.d.2.a and 811.1.d.3, and 811.5.a are traps: see docs/scenario-format.md).
`tests/cardsdb/engine/test_citations.py` checks each number against the rules table or the v1.4 text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RulesVersion = Literal["2026-10-09", "v1.4", "v1.3"]
CURRENT_VERSION: RulesVersion = "2026-10-09"
V14: RulesVersion = "v1.4"
V13: RulesVersion = "v1.3"

# --- Current Core Rules (2026-10-09), as the seeds cite them -------------------------------------------
HIDDEN = "811.1"
HIDDEN_DEFINITION = (
    "811.1.b"  # in hand or Champion Zone, your turn, open state, pay [A], a battlefield you control
)
HIDE_IS_NOT_PLAY = "811.1.c.1"
HIDE_OPENS_NO_CHAIN = "811.1.c.2"
PLAY_FROM_FACEDOWN_OPENS_CHAIN = "811.1.c.3"
CHOICES_RESTRICTED = "811.1.d"
PERMANENT_PLAYED_THERE = "811.1.d.1"
GEAR_PLAYED_THERE = "811.1.d.1.a"
SPELL_TARGETS_THERE = "811.1.d.2"
PLAY_EFFECT_TARGETS_THERE = "811.1.d.3"
PLAY_EFFECT_SOURCE_GONE = "811.1.d.3.a"
EACH_TARGET_ON_ITS_OWN = "811.1.d.4"
UNITS_PLAYED_THERE = "811.1.d.5"
OTHER_ABILITIES_NORMAL = "811.2"
PLAYED_FROM_HAND = "811.3"
FACEDOWN_IS_NOT_HIDDEN = "811.5.a"
GAINS_REACTION = "811.6"
REACTION_NOT_PUBLIC = "811.6.a"
HIDE_ACTION = "422.1"
HIDE_IS_DISCRETIONARY = "422.2"
FACEDOWN_REVEALED_ON_ZONE_CHANGE = "422.4"
FACEDOWN_ZONE_ONE_CARD = "107.3.b"
FACEDOWN_ZONE_NEEDS_CONTROL = "107.3.c"
FACEDOWN_REMOVED_ON_LOSS = "107.3.d"
FACEDOWN_NO_CHARACTERISTICS = "107.3.f"
FACEDOWN_PRIVATE = "129.4"
CLEANUP_TRASHES_FACEDOWN = "323.6.a"
IGNORE_BASE_COST = "356.1.b"
ADDITIONAL_COSTS_STILL_APPLY = "356.1.b.3"
NO_VALID_TARGETS = "355.6"
GEAR_RECALLED_AT_CLEANUP = "459.1"

# --- Core Rules v1.4 (2026-07-16), for rules the seeds give no current number for ----------------------------
# Each number's v1.4 text says what the comment says (the same number and meaning as in v1.3, checked one by one).
V14_SHOWDOWN_STATE = "308.1"  # a showdown or combat in progress: a Showdown State
V14_CLOSED_STATE = "309.1"  # a chain exists: a Closed State
V14_NEUTRAL_OPEN_DEFAULT = "310.1.a"  # by default cards are played on your turn in a Neutral Open State
V14_PRIORITY = "312.2"  # when a player receives priority (the right to act)
V14_DISCRETIONARY_NEUTRAL_OPEN = "410.1.a"  # a Discretionary Action: your turn, Neutral Open State
V14_FACEDOWN_LIMIT_CAN_CHANGE = (
    "107.3.b.1"  # the maximum occupancy of a facedown zone can change (Bandle Tree)
)
V14_UNIT_LOCATIONS = "355.2.a"  # units are played to your base or a battlefield you control
V14_TARGET_RESTRICTIONS = "355.9.b"  # a valid target meets all of the text's targeting restrictions
V14_ALL_TARGETS_CHOSEN = "355.8"  # valid choices must be made for all targets
V14_GROUP_TARGETS = "355.11"  # a group of targets that must meet a requirement as a whole (Fox-Fire)
V14_MANDATORY_ADDITIONAL_COST = "356.2.a.2"  # Deflect's cost is a mandatory additional cost
V14_OPTIONAL_ADDITIONAL_COST = "356.2.b.1"  # "you may ... as an additional cost": paid only if chosen
V14_ACTION_TIMING = "806.1.c.1"  # Action: played during showdowns on any player's turn
V14_DEFLECT = "809.1.c"  # Deflect: an opponent's spells and abilities that choose it cost more power
V14_REACTION_TIMING = "813.1.c.1"  # Reaction: played during closed states on any player's turn
V14_CHOSEN_CHAMPION = "103.2.a.2"  # the Chosen Champion is a champion unit
V14_CHAMPION_ZONE = "108.3.b"  # the Champion Zone holds the Chosen Champion
V14_UNTARGETABLE = "758"  # untargetable objects are not legal targets for the indicated spells and abilities
V14_COST_INCREASES = "356.3"  # step 3 of playing a card: apply cost increases (after base costs are ignored)
V14_DISCOUNTS = "356.4"  # step 3 of playing a card: apply discounts (to additional costs too)
V14_CLOSED_STATE_REACTION = (
    "309.1.a"  # only cards and abilities with Reaction can be played in a Closed State
)
V14_TIMING_PERMISSION = "358.4"  # check that the card has the permissions to be played at this timing
V14_AMBUSH = (
    "822.1.b"  # Ambush: may be played to, and has Reaction when played to, a battlefield where you have units
)
V14_QUICK_DRAW = (
    "819.1.d"  # Quick-Draw: [Reaction], and "When you play this, attach it to a unit you control"
)
V14_CURRENT_MIGHT = "710"  # units on the board are evaluated according to their current Might
V14_BUFF_MIGHT = "703"  # each buff contributes +1 Might
V14_MIGHT_BONUS = "137.3"  # an attached card's Might Bonus modulates the Might of the card it is attached to
V14_ATTACHED_TEXT = "718.3"  # an attached card's effect text is appended to the unit's rules text
V14_IGNORED_INACTIVE = "766"  # abilities ignored are treated as inactive (Ignore Deflect)
V14_CANT_BEATS_CAN = "054.1"  # cards that forbid an action supersede cards that allow it
V14_MODES = "355.3"  # spells with a bulleted list of modes: the modes are chosen as it is played
V14_TARGET_ZONES = "355.9.a"  # a target is on the board, on the chain, a player or zone, or in the zone named
V14_SPELLS_ON_CHAIN = "355.9.a.2"  # "spell" and "ability" refer to objects on the chain
V14_NOT_A_TARGET_CONDITION = (
    "355.10.c"  # what a cost, trigger condition or replacement mentions is not a target
)
V14_OTHER_PLAYERS_CHOOSE = "355.10.e"  # objects chosen by other players are not targets
V14_MOVE_DESTINATION = "355.4"  # a move's destination is chosen as it is played
V14_RESOLUTION_CHOICES = "355.17"  # choices not outlined are made on resolution
V14_PERMANENT_TYPES = "133.4.a.2"  # unit and gear are permanent types (spells are not: 133.4.b)
V14_MAIN_DECK = "103.2"  # the Main Deck holds units, gear and spells (legends, runes, battlefields are apart)

CURRENT: tuple[str, ...] = (
    HIDDEN,
    HIDDEN_DEFINITION,
    HIDE_IS_NOT_PLAY,
    HIDE_OPENS_NO_CHAIN,
    PLAY_FROM_FACEDOWN_OPENS_CHAIN,
    CHOICES_RESTRICTED,
    PERMANENT_PLAYED_THERE,
    GEAR_PLAYED_THERE,
    SPELL_TARGETS_THERE,
    PLAY_EFFECT_TARGETS_THERE,
    PLAY_EFFECT_SOURCE_GONE,
    EACH_TARGET_ON_ITS_OWN,
    UNITS_PLAYED_THERE,
    OTHER_ABILITIES_NORMAL,
    PLAYED_FROM_HAND,
    FACEDOWN_IS_NOT_HIDDEN,
    GAINS_REACTION,
    REACTION_NOT_PUBLIC,
    HIDE_ACTION,
    HIDE_IS_DISCRETIONARY,
    FACEDOWN_REVEALED_ON_ZONE_CHANGE,
    FACEDOWN_ZONE_ONE_CARD,
    FACEDOWN_ZONE_NEEDS_CONTROL,
    FACEDOWN_REMOVED_ON_LOSS,
    FACEDOWN_NO_CHARACTERISTICS,
    FACEDOWN_PRIVATE,
    CLEANUP_TRASHES_FACEDOWN,
    IGNORE_BASE_COST,
    ADDITIONAL_COSTS_STILL_APPLY,
    NO_VALID_TARGETS,
    GEAR_RECALLED_AT_CLEANUP,
)
"""Numbers cited in their current (2026-10-09) meaning."""

V14_ONLY: tuple[str, ...] = (
    V14_SHOWDOWN_STATE,
    V14_CLOSED_STATE,
    V14_NEUTRAL_OPEN_DEFAULT,
    V14_PRIORITY,
    V14_DISCRETIONARY_NEUTRAL_OPEN,
    V14_FACEDOWN_LIMIT_CAN_CHANGE,
    V14_UNIT_LOCATIONS,
    V14_TARGET_RESTRICTIONS,
    V14_ALL_TARGETS_CHOSEN,
    V14_GROUP_TARGETS,
    V14_MANDATORY_ADDITIONAL_COST,
    V14_OPTIONAL_ADDITIONAL_COST,
    V14_ACTION_TIMING,
    V14_DEFLECT,
    V14_REACTION_TIMING,
    V14_CHOSEN_CHAMPION,
    V14_CHAMPION_ZONE,
    V14_UNTARGETABLE,
    V14_COST_INCREASES,
    V14_DISCOUNTS,
    V14_CLOSED_STATE_REACTION,
    V14_TIMING_PERMISSION,
    V14_AMBUSH,
    V14_QUICK_DRAW,
    V14_CURRENT_MIGHT,
    V14_BUFF_MIGHT,
    V14_MIGHT_BONUS,
    V14_ATTACHED_TEXT,
    V14_IGNORED_INACTIVE,
    V14_CANT_BEATS_CAN,
    V14_MODES,
    V14_TARGET_ZONES,
    V14_SPELLS_ON_CHAIN,
    V14_NOT_A_TARGET_CONDITION,
    V14_OTHER_PLAYERS_CHOOSE,
    V14_MOVE_DESTINATION,
    V14_RESOLUTION_CHOICES,
    V14_PERMANENT_TYPES,
    V14_MAIN_DECK,
)
"""Numbers cited as of v1.4: the seeds give no current number for these rules."""

V13_ONLY: tuple[str, ...] = ()
"""Numbers cited as of v1.3: rules that neither the seeds nor v1.4 number (none at present)."""

ALL: tuple[str, ...] = CURRENT + V14_ONLY + V13_ONLY

_VERSION_OF: dict[str, RulesVersion] = {
    **{n: V13 for n in V13_ONLY},
    **{n: V14 for n in V14_ONLY},
    **{n: CURRENT_VERSION for n in CURRENT},
}


@dataclass(frozen=True)
class Citation:
    """A cited rule number and the rules version it is cited from; `str()` marks a number that is not current."""

    number: str
    version: RulesVersion

    @property
    def is_current(self) -> bool:
        return self.version == CURRENT_VERSION

    def __str__(self) -> str:
        return self.number if self.is_current else f"{self.number} ({self.version})"


_CITATIONS: dict[str, Citation] = {n: Citation(n, v) for n, v in _VERSION_OF.items()}


def cite(number: str) -> Citation:
    """The citation of one of the engine's numbers (each number is cited from exactly one version)."""
    return _CITATIONS.get(number) or Citation(number, CURRENT_VERSION)


def numbers_of(version: RulesVersion, numbers: tuple[str, ...]) -> tuple[str, ...]:
    """Those of `numbers` cited from `version`, in their order."""
    return tuple(n for n in numbers if cite(n).version == version)
