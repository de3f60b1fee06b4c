"""The state saved under an answer's buttons, as types: built and read here, and nowhere else.

An answer's buttons (Details, Show the cited rules, Post publicly, the position builder) keep one saved state, kind
`answer` (`AnswerState`): the question to answer again (`QuickState`, `ScenarioState`, `RuleState` or `DeckState`;
none for an answer whose buttons need only its citations), the rules it cites, whether it was private, and the key of
the answer's first state (`root`, from which a changed position derives its key: `Store.save(derived_from=...)`).
The pagers keep `SearchState` and `ChangesState`, the "did you mean" buttons `SuggestState`.

States live in the store for its time to live (90 days by default), so `from_json` reads every shape the bot has
ever saved, and `to_json` writes the same JSON object as before these types: a key of a row saved by one version is
read by the next. A value of the wrong type reads as absent, as it always did. A leaf: it imports nothing of the bot.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Literal, TypeGuard, get_args

Question = Literal["hide", "play", "targets"]
"""The quick questions of /hidden: answered at a glance, with the whole answer behind Details."""
QUESTIONS: tuple[Question, ...] = get_args(Question)
SCENARIO = "scenario"
RULE = "rule"
DECK = "deck"

STATE_BYTES = 6_144
"""An answer's saved state, as stored (ASCII JSON), at most: what does not fit is not kept (`bounded`). The store
refuses more than 8 KB (`bot.store.base.MAX_PAYLOAD_BYTES`)."""
PASTE_BYTES = 4_096
"""A pasted text (a deck list; a scenario the bot cannot write as a code) kept at most, as stored: a longer one is
not kept, the answer's code is where it has one (`kept_paste`)."""


def stored_size(value: object) -> int:
    """Bytes of a value as the store keeps it: ASCII JSON (a letter outside ASCII takes 6 or 12)."""
    return len(json.dumps(value, separators=(",", ":")))


def kept_paste(text: str | None) -> str | None:
    """A pasted text, when it is short enough to keep behind an answer's buttons; else None."""
    return text if text is not None and stored_size(text) <= PASTE_BYTES else None


def _text(value: object) -> str | None:
    """A string value, or None for an absent, empty or non-string one."""
    return value if isinstance(value, str) and value else None


def _string(value: object) -> str | None:
    """A string value (even empty), or None."""
    return value if isinstance(value, str) else None


def _is_question(value: object) -> TypeGuard[Question]:
    return value in QUESTIONS


@dataclass(frozen=True)
class QuickState:
    """/hidden hide, play or targets: the card (its exact name), the options the user gave (none of them None), how
    the name was matched, and the scenario code of the position shown (None when it could not be encoded)."""

    question: Question
    card: str
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str | None = None
    code: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "q": self.question,
            "card": self.card,
            "options": dict(self.options),
            "note": self.note,
            "code": self.code,
        }


@dataclass(frozen=True)
class ScenarioState:
    """/hidden scenario: the position as its scenario code, or the text pasted when it cannot be encoded."""

    text: str

    def to_json(self) -> dict[str, Any]:
        return {"q": SCENARIO, "text": self.text}


@dataclass(frozen=True)
class RuleState:
    """/rule: the query, the document and the version asked for."""

    query: str
    doc: str | None = None
    version: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"q": RULE, "query": self.query, "doc": self.doc, "version": self.version}


@dataclass(frozen=True)
class DeckState:
    """/deck check: the list or the code asked about, the format, and the day it was asked (an answer again is on
    that day)."""

    list_text: str | None
    code: str | None
    format_name: str | None
    on: date | None

    def to_json(self) -> dict[str, Any]:
        return {
            "q": DECK,
            "list": self.list_text,
            "code": self.code,
            "format": self.format_name,
            "on": self.on.isoformat() if self.on is not None else None,
        }


QuestionState = QuickState | ScenarioState | RuleState | DeckState
"""How to answer a question again: a reply's `state` (`bot.ui.reply.Reply`)."""


def question_from_json(payload: Mapping[str, Any]) -> QuestionState | None:
    """The question a saved state asks again, or None when it names none this bot answers."""
    question = payload.get("q")
    if _is_question(question):
        options = payload.get("options")
        return QuickState(
            question,
            str(payload.get("card") or ""),
            dict(options) if isinstance(options, Mapping) else {},
            note=_string(payload.get("note")),
            code=_string(payload.get("code")),
        )
    if question == SCENARIO:
        return ScenarioState(str(payload.get("text") or ""))
    if question == RULE:
        return RuleState(
            str(payload.get("query") or ""), _any_text(payload.get("doc")), _any_text(payload.get("version"))
        )
    if question == DECK:
        return DeckState(
            _text(payload.get("list")),
            _text(payload.get("code")),
            _text(payload.get("format")),
            _day(payload.get("on")),
        )
    return None


def _any_text(value: object) -> str | None:
    """/rule's options as the first saved states were read: any value that is not empty, as text."""
    return str(value) if value else None


def _day(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


ANSWER_KIND = "answer"


@dataclass(frozen=True)
class AnswerState:
    """What an answer's buttons keep in the store (kind `answer`): the question, the rules it cites ("312.2 (v1.4)"),
    whether it was private, and the key of the answer's first state once the builder changed it."""

    question: QuestionState | None
    rules: tuple[str, ...] = ()
    private: bool = False
    root: str | None = None

    @property
    def has_details(self) -> bool:
        """A quick answer's or a deck check's: the whole answer is behind a Details button."""
        return isinstance(self.question, QuickState | DeckState)

    def to_json(self) -> dict[str, Any]:
        data = {
            **(self.question.to_json() if self.question is not None else {}),
            "rules": list(self.rules),
            "private": self.private,
        }
        if self.root is not None:
            data["root"] = self.root
        return data

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> AnswerState:
        root = payload.get("root")
        return cls(
            question_from_json(payload),
            tuple(str(n) for n in payload.get("rules") or ()),
            bool(payload.get("private")),
            root if isinstance(root, str) else None,
        )


def bounded(state: AnswerState) -> AnswerState:
    """The state within `STATE_BYTES`: as it is, or without its question (its buttons then only show the rules it
    cites) when the question is too large to keep (a question of 500 emoji)."""
    if stored_size(state.to_json()) <= STATE_BYTES:
        return state
    lean = replace(state, question=None)
    return lean if stored_size(lean.to_json()) <= STATE_BYTES else replace(lean, rules=lean.rules[:100])


@dataclass(frozen=True)
class PostedState:
    """Where an answer was posted publicly (kind `posted`, one per answer: `Store.claim`): its link, or None while
    it is being posted."""

    url: str | None

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url}

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> PostedState:
        url = payload.get("url")
        return cls(url if isinstance(url, str) and url.startswith("https://discord.com/channels/") else None)

    @classmethod
    def pending(cls, payload: Mapping[str, Any]) -> bool:
        """A claim not filled yet: the answer is being posted."""
        return not payload


@dataclass(frozen=True)
class SearchState:
    """/search's pager (kind `search`): the query."""

    query: str

    def to_json(self) -> dict[str, Any]:
        return {"query": self.query}

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> SearchState:
        return cls(str(payload.get("query") or ""))


@dataclass(frozen=True)
class ChangesState:
    """/changes's pager (kind `changes`): the two versions and the rule number it is under (None: everywhere)."""

    from_version: str
    to_version: str
    under: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"from": self.from_version, "to": self.to_version, "under": self.under}

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> ChangesState:
        return cls(str(payload.get("from")), str(payload.get("to")), _any_text(payload.get("under")))


@dataclass(frozen=True)
class SuggestState:
    """The "did you mean" buttons under an unknown card (kind `suggest`): the names, in the order shown."""

    names: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"names": list(self.names)}

    @classmethod
    def from_json(cls, payload: Mapping[str, Any]) -> SuggestState:
        return cls(tuple(str(n) for n in payload.get("names") or ()))
