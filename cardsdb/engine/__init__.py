"""The Hidden legality engine: scenarios in, verdicts out. Never imports discord or sqlite."""

from __future__ import annotations

from cardsdb.engine.bounds import MAX_CHARS as MAX_SCENARIO_CHARS
from cardsdb.engine.bounds import load_json as load_scenario_json
from cardsdb.engine.check import can_hide, can_play_hidden, check
from cardsdb.engine.citations import Citation, RulesVersion
from cardsdb.engine.codes import CheckCode, EffectCode, UndecidedCode
from cardsdb.engine.profile import HiddenProfile, card_profile
from cardsdb.engine.render_text import render as render_answer
from cardsdb.engine.scenario import load_text as load_scenario
from cardsdb.engine.scenario_code import decode as scenario_from_code
from cardsdb.engine.scenario_code import is_code as is_scenario_code
from cardsdb.engine.validate import ScenarioError
from cardsdb.engine.verdict import (
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

__all__ = [
    "ASK_KINDS",
    "MAX_SCENARIO_CHARS",
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
    "is_scenario_code",
    "load_scenario",
    "load_scenario_json",
    "render_answer",
    "scenario_from_code",
]
