"""The Hidden legality engine: scenarios in, verdicts out. Never imports discord or sqlite."""

from __future__ import annotations

from cardsdb.engine.check import can_hide, can_play_hidden, check
from cardsdb.engine.profile import HiddenProfile, card_profile
from cardsdb.engine.scenario import ScenarioError
from cardsdb.engine.verdict import Answer, Check, Choice, Effect, Excluded

__all__ = [
    "Answer",
    "Check",
    "Choice",
    "Effect",
    "Excluded",
    "HiddenProfile",
    "ScenarioError",
    "can_hide",
    "can_play_hidden",
    "card_profile",
    "check",
]
