"""The engine's answer as data: checks, choices, effects and citations (docs/scenario-format.md, "Answer")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from cardsdb import rule_numbers
from cardsdb.models import CURRENT_RULES_VERSION

AskKind = Literal["hide", "play_hidden", "play", "targets", "cleanup"]


def sorted_rules(numbers: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(numbers), key=rule_numbers.sort_key))


@dataclass(frozen=True)
class Check:
    """One condition the engine tested: `code` is the pass name when ok, the fail name when not."""

    ok: bool
    code: str
    rules: tuple[str, ...]
    because: str

    def to_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "code": self.code, "rules": list(self.rules), "because": self.because}


@dataclass(frozen=True)
class Excluded:
    target: str
    rules: tuple[str, ...]
    because: str

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "rules": list(self.rules), "because": self.because}


@dataclass(frozen=True)
class Choice:
    """One choice the card makes when played, with the targets it may and may not choose in this position."""

    choice: str
    restricted_to: str | None
    rules: tuple[str, ...]
    legal: tuple[str, ...]
    excluded: tuple[Excluded, ...] = ()
    count: str = "1"  # "1", "2", "0-2" (up to two), "0+" (any number)
    optional: bool = False
    purpose: str = "spell"  # spell | play_effect
    note: str | None = None

    def __contains__(self, target: object) -> bool:
        return target in self.legal

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "choice": self.choice,
            "restricted_to": self.restricted_to,
            "rules": list(self.rules),
            "legal": list(self.legal),
            "excluded": [e.to_dict() for e in self.excluded],
            "count": self.count,
            "optional": self.optional,
            "for": self.purpose,
        }
        if self.note:
            data["note"] = self.note
        return data


@dataclass(frozen=True)
class Effect:
    rules: tuple[str, ...]
    text: str

    def to_dict(self) -> dict[str, object]:
        return {"rules": list(self.rules), "text": self.text}


@dataclass(frozen=True)
class Answer:
    """A verdict: `legal` is False exactly when a check failed, None when the engine cannot decide."""

    ask: AskKind
    legal: bool | None
    summary: str
    checks: tuple[Check, ...] = ()
    choices: tuple[Choice, ...] = ()
    effects: tuple[Effect, ...] = ()
    undecided: tuple[str, ...] = ()
    card: str | None = None
    at: str | None = None
    rules_version: str = CURRENT_RULES_VERSION
    assumptions: tuple[str, ...] = field(default=())

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)

    @property
    def citations(self) -> tuple[str, ...]:
        numbers: list[str] = []
        for check in self.checks:
            numbers.extend(check.rules)
        for choice in self.choices:
            numbers.extend(choice.rules)
            for excluded in choice.excluded:
                numbers.extend(excluded.rules)
        for effect in self.effects:
            numbers.extend(effect.rules)
        return sorted_rules(numbers)

    @property
    def citations_v13(self) -> tuple[str, ...]:
        """The cited numbers that are v1.3 numbers (the seeds give no current number for those rules)."""
        from cardsdb.engine.citations import V13_ONLY

        return tuple(n for n in self.citations if n in V13_ONLY)

    def to_dict(self) -> dict[str, object]:
        return {
            "ask": self.ask,
            "card": self.card,
            "at": self.at,
            "legal": self.legal,
            "summary": self.summary,
            "checks": [c.to_dict() for c in self.checks],
            "choices": [c.to_dict() for c in self.choices],
            "effects": [e.to_dict() for e in self.effects],
            "undecided": list(self.undecided),
            "assumptions": list(self.assumptions),
            "citations": list(self.citations),
            "citations_v13": list(self.citations_v13),
            "rules_version": self.rules_version,
        }
