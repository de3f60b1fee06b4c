"""The engine's codes: what each check, undecided item and effect is, as data (python-chess's `Termination` is the
model). A check's code is its pass name when ok and its fail name when not (docs/architecture.md, "Check reason
codes"); the JSON carries the value, the renderers word the answer, and tests match codes, never sentences.
"""

from __future__ import annotations

from enum import StrEnum


class CheckCode(StrEnum):
    """What one check tested, named for how it came out."""

    HAS_HIDDEN = "has_hidden"
    NO_HIDDEN = "no_hidden"
    NEVER_HIDDEN = "never_hidden"  # a legend, battlefield, rune or token: never in hand, never facedown
    IN_HAND_OR_CHAMPION_ZONE = "in_hand_or_champion_zone"
    WRONG_ZONE = "wrong_zone"
    YOUR_TURN = "your_turn"
    NOT_YOUR_TURN = "not_your_turn"
    OPEN_STATE = "open_state"
    CHAIN_OPEN = "chain_open"
    NO_SHOWDOWN = "no_showdown"
    IN_SHOWDOWN = "in_showdown"
    CONTROLS_BATTLEFIELD = "controls_battlefield"
    BATTLEFIELD_NOT_CONTROLLED = "battlefield_not_controlled"
    FACEDOWN_ZONE_FREE = "facedown_zone_free"
    FACEDOWN_ZONE_FULL = "facedown_zone_full"
    CAN_PAY = "can_pay"
    CANNOT_PAY = "cannot_pay"
    HIDDEN_BEFORE_THIS_TURN = "hidden_before_this_turn"
    HIDDEN_THIS_TURN = "hidden_this_turn"
    REACTION_TIMING = "reaction_timing"
    NO_REACTION_TIMING = "no_reaction_timing"
    YOUR_FACEDOWN_CARD = "your_facedown_card"  # documented; never emitted (a card of yours is not a check)
    NOT_YOUR_FACEDOWN_CARD = "not_your_facedown_card"
    STILL_CONTROLS_BATTLEFIELD = "still_controls_battlefield"
    BATTLEFIELD_LOST = "battlefield_lost"
    HAS_LEGAL_TARGETS = "has_legal_targets"
    NO_LEGAL_TARGETS = "no_legal_targets"
    NO_PAYABLE_TARGETS = "no_payable_targets"
    NO_TARGETS_NEEDED = "no_targets_needed"
    CAN_PAY_ADDITIONAL = "can_pay_additional"
    CANNOT_PAY_ADDITIONAL = "cannot_pay_additional"
    TARGETS_LEGAL = "targets_legal"
    ILLEGAL_TARGET = "illegal_target"
    MISSING_TARGET = "missing_target"
    CAN_PAY_PLAY_EFFECT = "can_pay_play_effect"
    CANNOT_PAY_PLAY_EFFECT = "cannot_pay_play_effect"
    IN_HAND = "in_hand"
    NOT_IN_HAND = "not_in_hand"
    NORMAL_TIMING = "normal_timing"
    NOT_NORMAL_TIMING = "not_normal_timing"
    VALID_DESTINATION = "valid_destination"
    INVALID_DESTINATION = "invalid_destination"
    CAN_PAY_COST = "can_pay_cost"
    CANNOT_PAY_COST = "cannot_pay_cost"
    PLAY_FORBIDDEN = "play_forbidden"


CodePair = tuple[CheckCode, CheckCode]
"""A check's (pass, fail) codes, handed to a check made elsewhere (`CostQuestion`)."""


class UndecidedCode(StrEnum):
    """What the engine can't decide, and why (docs/architecture.md lists each)."""

    HIDDEN_UNKNOWN = "hidden_unknown"
    COST_UNKNOWN = "cost_unknown"
    TYPE_UNKNOWN = "type_unknown"
    UNREADABLE_TEXT = "unreadable_text"
    REVEAL_FORBIDDEN_HERE = "reveal_forbidden_here"
    COST_STATE_UNKNOWN = "cost_state_unknown"
    DISCOUNT_NOT_READ = "discount_not_read"
    UNREAD_TEXT = "unread_text"
    OPEN_CHOICE = "open_choice"
    OPEN_TARGET = "open_target"
    TEXT_NOT_READ = "text_not_read"
    DESTINATION_OPEN = "destination_open"
    NAMED_SPELL_UNKNOWN = "named_spell_unknown"


class EffectCode(StrEnum):
    """What an effect says the action does or does not do. Not in the JSON (an effect there is its rules and text)."""

    # hiding
    HIDE_IS_NOT_PLAY = "hide_is_not_play"
    HIDE_OPENS_NO_CHAIN = "hide_opens_no_chain"
    GAINS_REACTION_LATER = "gains_reaction_later"
    FACEDOWN_SHOWS_NOTHING = "facedown_shows_nothing"
    TRASHED_IF_CONTROL_LOST = "trashed_if_control_lost"
    # playing from facedown
    OPENS_CHAIN = "opens_chain"
    BASE_COST_IGNORED = "base_cost_ignored"
    ADDITIONAL_COSTS_APPLY = "additional_costs_apply"
    REVEALED = "revealed"
    ONLY_CHOICES_RESTRICTED = "only_choices_restricted"
    # where the card and the units it plays go
    PLAYED_THERE = "played_there"
    NOT_PLAYED_THERE = "not_played_there"
    GEAR_PLAYED_THERE = "gear_played_there"
    GEAR_RECALLED_LATER = "gear_recalled_later"
    GEAR_TOKEN_TO_BASE = "gear_token_to_base"
    UNIT_ENTERS_THERE = "unit_enters_there"
    UNIT_NOT_ENTERING_THERE = "unit_not_entering_there"
    UNIT_ENTERS_WHERE_CHOSEN = "unit_enters_where_chosen"
    UNIT_ENTERS_AS_NORMAL = "unit_enters_as_normal"
    OPPONENT_PLAYS_UNIT = "opponent_plays_unit"
    PLAYED_FROM_HAND = "played_from_hand"
    PLAYED_TO = "played_to"
    PLAYED_AS_NORMAL = "played_as_normal"
    # its other abilities (811.2)
    APPLIES = "applies"
    DOES_NOTHING = "does_nothing"
    NOT_TRIGGERED = "not_triggered"
    CONDITION_NOT_MET = "condition_not_met"
    WORKS_AS_NORMAL = "works_as_normal"
    PAID_AS_IT_RESOLVES = "paid_as_it_resolves"
    MAKES_NO_CHOICE = "makes_no_choice"
    TARGET_OPEN = "target_open"
    # costs
    DEFLECT_COSTS = "deflect_costs"
    DEFLECT_IGNORED = "deflect_ignored"
    COSTS_MORE = "costs_more"
    COSTS_LESS = "costs_less"
    REVEAL_MAY_BE_FORBIDDEN = "reveal_may_be_forbidden"
    # the next cleanup
    FACEDOWN_TRASHED = "facedown_trashed"
    FACEDOWN_STAYS = "facedown_stays"
    GEAR_STAYS_ATTACHED = "gear_stays_attached"
    GEAR_RECALLED = "gear_recalled"
    CLEANUP_CHANGES_NOTHING = "cleanup_changes_nothing"
