"""The Hidden legality engine: scenarios in, verdicts out. Never imports discord or sqlite."""

from __future__ import annotations

from cardsdb.engine.check import can_hide, can_play_hidden, check
from cardsdb.engine.position.bounds import MAX_CHARS as MAX_SCENARIO_CHARS
from cardsdb.engine.position.bounds import load_json as load_scenario_json
from cardsdb.engine.position.scenario import load_text as load_scenario
from cardsdb.engine.position.scenario_code import decode as scenario_from_code
from cardsdb.engine.position.scenario_code import is_code as is_scenario_code
from cardsdb.engine.position.validate import ScenarioError
from cardsdb.engine.profile import HiddenProfile, card_profile
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.display import reading_data, reading_lines
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
from cardsdb.engine.verdict.render_text import render as render_answer

__all__ = [
    "ASK_KINDS",
    "MAX_SCENARIO_CHARS",
    "Answer",
    "AskKind",
    "CardReading",
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
    "reading_data",
    "reading_lines",
    "render_answer",
    "scenario_from_code",
]
