"""The deck check's answer as data: every check made, each with the problems it found and what it could not decide.

`DeckVerdict.legal` is derived here and nowhere else, as the engine derives its own: False when any check found a
problem, None when none did and something could not be decided, True otherwise. `to_dict()` is exactly the JSON of
docs/deck-check.md. Sentences are written by the checks for players; nothing is parsed back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Literal

from cardsdb import rule_numbers
from cardsdb.deck import share
from cardsdb.deck.codes import DeckCodeError
from cardsdb.deck.deck import Deck
from cardsdb.deck.deck_list import Section
from cardsdb.deck.formats import FORMAT_TITLES, FormatName
from cardsdb.deck.rules import plain
from cardsdb.models import CURRENT_RULES_VERSION, TOURNAMENT_DOC, Verdict, verdict_of
from cardsdb.rule_versions import Citation


def _sorted(citations: Iterable[Citation]) -> tuple[Citation, ...]:
    unique = dict.fromkeys(citations)
    return tuple(sorted(unique, key=lambda c: (c.doc == TOURNAMENT_DOC, rule_numbers.sort_key(c.number))))


@dataclass(frozen=True)
class Finding:
    """A problem, or something undecided: a stable `code`, the rules it rests on, one sentence, the cards concerned."""

    code: str
    rules: tuple[Citation, ...]
    text: str
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", _sorted(self.rules))  # Core Rules first, each once

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "rules": [plain(c) for c in self.rules],
            "text": self.text,
            "cards": list(self.cards),
        }


@dataclass(frozen=True)
class DeckCheck:
    """One check made over the deck: `ok` is False when it found a problem, None when it could not decide (or was not
    made, `made` False: what it needs is missing, and the problem that says so is another check's), else True."""

    code: str
    rules: tuple[Citation, ...]
    because: str
    problems: tuple[Finding, ...] = ()
    undecided: tuple[Finding, ...] = ()
    made: bool = True

    @property
    def ok(self) -> bool | None:
        if self.problems:
            return False
        if self.undecided or not self.made:
            return None
        return True

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "ok": self.ok,
            "rules": [plain(c) for c in self.rules],
            "because": self.because,
        }


@dataclass(frozen=True)
class Listed:
    """A line of the deck as it was read: `card` is the card's name, or what was typed when no card was found."""

    section: Section
    card: str
    count: int
    known: bool = True

    def to_dict(self) -> dict[str, object]:
        return {"section": self.section, "card": self.card, "count": self.count, "known": self.known}


@dataclass(frozen=True)
class Summary:
    """The deck at a glance: counts per section as given (`main` without the chosen champion), and every line."""

    legend: str | None
    domains: tuple[str, ...]
    champion: str | None
    sections: dict[Section, int]
    main_deck_size: int
    listing: tuple[Listed, ...] = ()


@dataclass(frozen=True)
class DeckVerdict:
    format: FormatName
    checks: tuple[DeckCheck, ...]
    summary: Summary
    checked_on: date
    ban_list_as_of: str | None = None
    assumed: tuple[str, ...] = ()
    source: Literal["list", "code"] = "list"
    given_code: str | None = None  # the deck code checked
    rules_version: str = CURRENT_RULES_VERSION
    notes: tuple[str, ...] = field(default=())  # what the format changes, said once (2v2)
    deck: Deck | None = field(default=None, compare=False, repr=False)  # a list's deck, to write its code

    @cached_property
    def code(self) -> str | None:
        """The deck code checked, or the list's, written when asked for (None when a line names no card)."""
        if self.given_code is not None or self.deck is None or self.deck.source != "list":
            return self.given_code
        try:
            return share.deck_code(self.deck)
        except DeckCodeError:
            return None

    @property
    def problems(self) -> tuple[Finding, ...]:
        return tuple(p for c in self.checks for p in c.problems)

    @property
    def undecided(self) -> tuple[Finding, ...]:
        return tuple(u for c in self.checks for u in c.undecided)

    @property
    def legal(self) -> bool | None:
        if self.problems:
            return False
        if self.undecided:
            return None
        return True

    @property
    def verdict(self) -> Verdict:
        return verdict_of(self.legal)

    @property
    def format_title(self) -> str:
        return FORMAT_TITLES[self.format]

    @property
    def sentence(self) -> str:
        """The answer after its verdict word: "this deck is legal in Constructed."."""
        where = f"in {self.format_title}"
        if self.legal is False:
            count = len(self.problems)
            return f"this deck is not legal {where}: {count} problem{'s' if count != 1 else ''}."
        if self.legal is None:
            count = len(self.undecided)
            return f"nothing found wrong {where}, but {count} thing{'s' if count != 1 else ''} could not be checked."
        return f"this deck is legal {where}."

    @cached_property
    def cited(self) -> tuple[Citation, ...]:
        """Every number cited anywhere in the verdict, Core Rules first."""
        numbers: list[Citation] = []
        for check in self.checks:
            numbers.extend(check.rules)
            for finding in (*check.problems, *check.undecided):
                numbers.extend(finding.rules)
        return _sorted(numbers)

    def to_dict(self) -> dict[str, object]:
        return {
            "legal": self.legal,
            "format": self.format,
            "rules_version": self.rules_version,
            "ban_list_as_of": self.ban_list_as_of,
            "checked_on": self.checked_on.isoformat(),
            "chosen_champion": self.summary.champion,
            "legend": self.summary.legend,
            "assumed": list(self.assumed),
            "sections": dict(self.summary.sections),
            "main_deck_size": self.summary.main_deck_size,
            "problems": [p.to_dict() for p in self.problems],
            "undecided": [u.to_dict() for u in self.undecided],
            "checks": [c.to_dict() for c in self.checks],
            "notes": list(self.notes),
            "code": self.code,
            "cited": [{"number": c.number, "doc": c.doc, "version": c.version} for c in self.cited],
            "deck": [item.to_dict() for item in self.summary.listing],
        }
