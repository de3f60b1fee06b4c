"""The engine's answer as data: checks, choices, effects and citations (docs/scenario-format.md, "Answer").

`Answer.legal` is derived here and nowhere else: False when a blocking check failed, None when none failed and
something is undecided, True otherwise. The summary is rendered from the same data, never parsed back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, get_args

from cardsdb import rule_numbers
from cardsdb.engine.verdict.citations import (
    CURRENT_VERSION,
    V13,
    V14,
    Citation,
    RulesVersion,
    cite,
    numbers_of,
)
from cardsdb.engine.verdict.codes import CheckCode, EffectCode, UndecidedCode
from cardsdb.engine.verdict.naming import Target
from cardsdb.models import Verdict, verdict_of

AskKind = Literal["hide", "play_hidden", "play", "targets", "cleanup"]
ASK_KINDS: tuple[AskKind, ...] = get_args(AskKind)
"""Every question a scenario may ask, in the order the docs list them: the one list of them."""


def sorted_rules(numbers: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(numbers), key=rule_numbers.sort_key))


def cited(numbers: Iterable[str]) -> tuple[Citation, ...]:
    return tuple(cite(n) for n in numbers)


@dataclass(frozen=True)
class Check:
    """One condition the engine tested: `code` is the pass name when ok, the fail name when not.

    A check that is not `blocking` does not decide the play: a permanent's play effect that can't choose a target is
    still played (811.1.d blocks spells only); the check says what its play effect can't do.
    """

    ok: bool
    code: CheckCode
    rules: tuple[str, ...]
    because: str
    blocking: bool = True

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "code": self.code.value,
            "rules": list(self.rules),
            "because": self.because,
            "blocking": self.blocking,
        }


@dataclass(frozen=True)
class Undecided:
    """Something the engine can't decide (a card known only partly, a question the rules leave open). A `decisive`
    one leaves the whole answer open even where a check failed: what the engine checked rests on it (a card whose
    type is in doubt)."""

    code: UndecidedCode
    rules: tuple[str, ...]
    because: str
    decisive: bool = False

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)


@dataclass(frozen=True)
class Excluded:
    """A target a choice may not take (or can't pay for). `because` speaks of it as "it": `what.words` names it."""

    what: Target
    rules: tuple[str, ...]
    because: str

    @property
    def target(self) -> str:
        """Its label, as the JSON names it."""
        return self.what.label

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "rules": list(self.rules), "because": self.because}


@dataclass(frozen=True)
class Choice:
    """One choice the card makes when played, with the targets it may and may not choose in this position.

    `legal_targets` are the targets the rules allow (`legal`: their labels, as the JSON gives them); `unpayable` those
    of them whose added cost (Deflect) can't be paid; `open_targets` those the engine can't settle (a state the position
    does not give, a restriction it does not read), each with why. `ok` is the choice's own verdict: whether it can be
    made here (an optional choice always can), None when that rests on what the engine can't settle; `because` says why
    not, or what it depends on.
    """

    choice: str
    restricted_to: str | None
    rules: tuple[str, ...]
    legal_targets: tuple[Target, ...]
    excluded: tuple[Excluded, ...] = ()
    count: str = "1"  # "1", "2", "0-2" (up to two), "0+" (any number)
    optional: bool = False
    purpose: str = "spell"  # spell | play_effect | unit_destination
    note: str | None = None
    unpayable: tuple[Excluded, ...] = ()
    ok: bool | None = True
    because: str | None = None
    open_targets: tuple[Excluded, ...] = ()
    # why the rules leave open whether it is restricted to `restricted_to` (a hidden permanent choosing a battlefield)
    unsettled: str | None = None

    def __contains__(self, target: object) -> bool:
        return target in self.legal

    @property
    def legal(self) -> tuple[str, ...]:
        return tuple(t.label for t in self.legal_targets)

    @property
    def payable(self) -> tuple[str, ...]:
        unpaid = {e.target for e in self.unpayable}
        return tuple(t for t in self.legal if t not in unpaid)

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "choice": self.choice,
            "restricted_to": self.restricted_to,
            "rules": list(self.rules),
            "legal": list(self.legal),
            "excluded": [e.to_dict() for e in self.excluded],
            "unpayable": [e.to_dict() for e in self.unpayable],
            "open": [e.to_dict() for e in self.open_targets],
            "count": self.count,
            "optional": self.optional,
            "for": self.purpose,
            "ok": self.ok,
            "because": self.because,
        }
        if self.note:
            data["note"] = self.note
        if self.unsettled:
            data["unsettled"] = self.unsettled
        return data


@dataclass(frozen=True)
class Effect:
    """What the action does or does not do. `moves`: the effect moves a card (the cleanup's trash and recalls);
    `quick`: worth saying in an answer at a glance (a hidden spell's instruction that reaches beyond its battlefield).
    `code` says what it is; the JSON gives only its rules and text, as before."""

    code: EffectCode
    rules: tuple[str, ...]
    text: str
    moves: bool = False
    quick: bool = False

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        return {"rules": list(self.rules), "text": self.text}


@dataclass(frozen=True)
class Copy:
    """One of several facedown copies the question could mean, and its own verdict."""

    name: str  # how the JSON names it: "copy old-block", "copy hidden on turn 2"
    at: str
    legal: bool | None
    reasons: tuple[str, ...]  # why it can't be played (its failed blocking checks), or why it is undecided
    words: str = (
        ""  # how players read it: "the copy hidden on turn 2" (an id only where two copies are alike)
    )

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "at": self.at, "legal": self.legal, "because": list(self.reasons)}


@dataclass(frozen=True)
class Answer:
    """A verdict over a whole position. `action` is the question in words: "play Block from facedown at Bandle Tree"."""

    ask: AskKind
    action: str
    checks: tuple[Check, ...] = ()
    choices: tuple[Choice, ...] = ()
    effects: tuple[Effect, ...] = ()
    undecided_items: tuple[Undecided, ...] = ()
    card: str | None = None
    at: str | None = None
    assumptions: tuple[str, ...] = field(default=())
    copy: str | None = None  # the facedown copy the answer is about, where several could be meant
    other_copies: tuple[Copy, ...] = ()
    rules_version: str = CURRENT_VERSION

    @property
    def failed(self) -> tuple[Check, ...]:
        """The blocking checks that failed: each is a reason the answer is No."""
        return tuple(c for c in self.checks if not c.ok and c.blocking)

    @property
    def cautions(self) -> tuple[Check, ...]:
        """Failed checks that do not block: what the play effect of a permanent can't do."""
        return tuple(c for c in self.checks if not c.ok and not c.blocking)

    @property
    def undecided(self) -> tuple[str, ...]:
        return tuple(u.because for u in self.undecided_items)

    @property
    def legal(self) -> bool | None:
        if any(u.decisive for u in self.undecided_items):
            return None
        if self.failed:
            return False
        if self.undecided_items:
            return None
        return True

    @property
    def verdict(self) -> Verdict:
        return verdict_of(self.legal)

    @property
    def headline(self) -> str:
        """The answer after its verdict word: its sentence, then what qualifies a Yes or leaves it open."""
        if self.ask == "cleanup":
            return _cleanup_headline(self.effects)
        if self.legal is None:
            return " ".join([self.sentence, *self.undecided])
        if self.legal is False:
            return self.sentence
        return " ".join([self.sentence, *self._yes_notes()])

    @property
    def sentence(self) -> str:
        """The answer's one sentence after its verdict word, alone: "you can't hide Block at Bandle Tree."."""
        if self.ask == "cleanup":
            return _cleanup_headline(self.effects)
        if self.legal is False:
            return f"you can't {self.action}."
        if self.legal is None:
            return f"whether you can {self.action} is not settled."
        return f"you can {self.action}."

    @property
    def reasons(self) -> tuple[str, ...]:
        """Why not, for a No: the failed blocking checks, in plain words."""
        return tuple(c.because for c in self.failed)

    @property
    def summary(self) -> str:
        if self.ask == "cleanup":
            return self.headline
        if self.legal is False:
            return f"No: you can't {self.action}: " + " ".join(self.reasons)
        return f"{self.verdict}: {self.headline}"

    def _yes_notes(self) -> list[str]:
        notes: list[str] = []
        restricted = sorted({c.restricted_to for c in self.choices if c.restricted_to})
        if restricted:
            notes.append(f"Its choices are restricted to {', '.join(restricted)}.")
        notes.extend(c.because for c in self.choices if c.ok is not True and c.because)
        notes.extend(c.because for c in self.cautions)
        notes.extend(e.text for e in self.effects if e.quick)
        notes.extend(
            f"{_capital(c.words or c.name)} can't be played: {' '.join(c.reasons)}"
            for c in self.other_copies
            if c.legal is False
        )
        return notes

    @cached_property
    def citations(self) -> tuple[str, ...]:
        """Every number cited anywhere in the answer, sorted (computed once: the answer is frozen)."""
        numbers: list[str] = []
        for check in self.checks:
            numbers.extend(check.rules)
        for choice in self.choices:
            numbers.extend(choice.rules)
            for excluded in (*choice.excluded, *choice.unpayable, *choice.open_targets):
                numbers.extend(excluded.rules)
        for effect in self.effects:
            numbers.extend(effect.rules)
        for item in self.undecided_items:
            numbers.extend(item.rules)
        return sorted_rules(numbers)

    @cached_property
    def cited(self) -> tuple[Citation, ...]:
        """Every cited number with the rules version it is cited from."""
        return cited(self.citations)

    def citations_of(self, version: RulesVersion) -> tuple[str, ...]:
        return numbers_of(version, self.citations)

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
            "copy": self.copy,
            "other_copies": [c.to_dict() for c in self.other_copies],
            "citations": list(self.citations),
            "citations_v14": list(self.citations_of(V14)),
            "citations_v13": list(self.citations_of(V13)),
            "rules_version": self.rules_version,
        }


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cleanup_headline(effects: tuple[Effect, ...]) -> str:
    moved = [e.text for e in effects if e.moves]
    if not moved:
        return "The next cleanup removes no facedown card and recalls no gear."
    return f"The next cleanup moves {len(moved)} card{'s' if len(moved) != 1 else ''}: " + " ".join(moved)
