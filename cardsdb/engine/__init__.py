"""The Hidden legality engine: scenarios in, verdicts out. Never imports discord or sqlite."""

from __future__ import annotations

from cardsdb.engine.check import can_hide, can_play_hidden, check
from cardsdb.engine.position.validate import ScenarioError
from cardsdb.engine.profile import HiddenProfile, card_profile
from cardsdb.engine.verdict.answer import (
    ASK_KINDS,
    Answer,
    AskKind,
    Check,
    Choice,
    Copy,
    Effect,
    Excluded,
    Undecided,
)
from cardsdb.engine.verdict.citations import Citation, RulesVersion
from cardsdb.engine.verdict.codes import CheckCode, EffectCode, UndecidedCode

__all__ = [
    "ASK_KINDS",
    "Answer",
    "AskKind",
    "Check",
    "CheckCode",
    "Choice",
    "Citation",
    "Copy",
    "Effect",
    "EffectCode",
    "Excluded",
    "HiddenProfile",
    "RulesVersion",
    "ScenarioError",
    "Undecided",
    "UndecidedCode",
    "can_hide",
    "can_play_hidden",
    "card_profile",
    "check",
]
