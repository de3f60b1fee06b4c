"""Every rule number the engine cites, in one place.

Current numbers (Core Rules updated October 9, 2026) are those the seed documents give. Where the seeds give
none, the engine cites the v1.3 number (the rules table marks it "as of v1.3"), and only numbers the current
rules do not reuse for something else. `tests/test_engine_citations.py` checks that each exists in the rules table.
"""

from __future__ import annotations

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

# --- v1.3 numbers (2026-03-30), for rules the seeds give no current number for -----------------------------
V13_SHOWDOWN_STATE = "308.1"  # a showdown or combat in progress: a Showdown State
V13_CLOSED_STATE = "309.1"  # a chain exists: a Closed State
V13_NEUTRAL_OPEN_DEFAULT = "310.1.a"  # by default cards are played on your turn in a Neutral Open State
V13_PRIORITY = "312.2"  # when a player receives priority (the right to act)
V13_DISCRETIONARY_NEUTRAL_OPEN = "410.1.a"  # a Discretionary Action: your turn, Neutral Open State
V13_FACEDOWN_LIMIT_CAN_CHANGE = "107.3.b.1"  # the maximum occupancy can increase (Bandle Tree)
V13_UNIT_LOCATIONS = "355.2.a"  # units are played to your base or a battlefield you control
V13_TARGET_RESTRICTIONS = "355.9.b"  # a target meets all of the text's targeting restrictions
V13_ALL_TARGETS_CHOSEN = "355.8"  # valid choices must be made for all targets
V13_GROUP_TARGETS = "355.11"  # a group of targets that must meet a requirement as a whole (Fox-Fire)
V13_MANDATORY_ADDITIONAL_COST = "356.2.a.2"  # Deflect's cost is a mandatory additional cost
V13_OPTIONAL_ADDITIONAL_COST = "356.2.b.1"
V13_ACTION_TIMING = "806.1.c.1"
V13_DEFLECT = "809.1.c"
V13_REACTION_TIMING = "813.1.c.1"

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

V13_ONLY: tuple[str, ...] = (
    V13_SHOWDOWN_STATE,
    V13_CLOSED_STATE,
    V13_NEUTRAL_OPEN_DEFAULT,
    V13_PRIORITY,
    V13_DISCRETIONARY_NEUTRAL_OPEN,
    V13_FACEDOWN_LIMIT_CAN_CHANGE,
    V13_UNIT_LOCATIONS,
    V13_TARGET_RESTRICTIONS,
    V13_ALL_TARGETS_CHOSEN,
    V13_GROUP_TARGETS,
    V13_MANDATORY_ADDITIONAL_COST,
    V13_OPTIONAL_ADDITIONAL_COST,
    V13_ACTION_TIMING,
    V13_DEFLECT,
    V13_REACTION_TIMING,
)
"""Numbers cited as of v1.3: the seeds give no current number for these rules."""

ALL: tuple[str, ...] = CURRENT + V13_ONLY
