"""A card's reading: everything the engine knows of its text, compiled once (`reading/compile.py`, at build time),
stored (the build's `card_readings` table), handed to the engine by its `CardSource`, and shown
(`python -m cardsdb card NAME --reading`). The engine reads readings, never card text, when it answers.

A reading holds the keywords printed on the card, its static abilities as typed effects (whom they reach, where, on
what condition), its choices with their constraints (`specs.CardChoices`), and every sentence with what it was read as
or why it was not, with what an unread sentence may bear on and which way it can turn an answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal, TypeVar

from cardsdb.engine.reading.effects import Aspect, StaticEffect
from cardsdb.engine.reading.specs import CardChoices

Part = Literal[
    "keyword",  # a line of keywords only: "[Hidden]", "[Deflect 2]", "[Equip] [Fury]"
    "spell",  # a spell's instruction
    "play_effect",  # "When you play me, ...": a permanent's play effect
    "as_played",  # "As you play me, ...": made as the card is played (v1.4 355.1)
    "trigger",  # another triggered ability: "When I attack, ...", "[Deathknell] — ..."
    "activated",  # "[E]: ...", "Spend 3 XP: ..."
    "additional_cost",  # "You may pay [1] as an additional cost to play me."
    "static",  # everything else: "Units here have +1 Might.", "I enter ready."
]


@dataclass(frozen=True)
class Sentence:
    """One sentence of a card's text and the part of the card it belongs to."""

    text: str
    line: int
    part: Part
    condition: str = ""  # the line's condition ("Legion"), or the trigger's words for a play effect
    item_of: int | None = None  # a mode's header line
    keywords: tuple[str, ...] = ()  # a keyword line's keywords


@dataclass(frozen=True)
class SentenceReading:
    """One sentence and what the engine read it as, or why it did not; for a sentence not read, what it may bear on,
    which way it can turn an answer and whom it may reach (decided once, from its words, when the card is read)."""

    sentence: Sentence
    read_as: str = ""
    unread: str = ""  # why it is not understood; empty when read
    pattern: str = ""  # the group an unread sentence belongs to, for the coverage report
    bears_on: frozenset[Aspect] = frozenset()  # what an unread sentence may bear on
    grants: bool = False  # it can only allow more ("may", "can", "less", "ignore")
    restricts: bool = False  # it can only forbid ("can't", "only", "more")
    speaks_of: tuple[str, ...] = ()  # the kinds of card it speaks of: "card", "unit", "spell", "gear"
    here: bool = False  # it speaks of "here" (its card's place)
    itself: bool = False  # it speaks of its card itself ("I", "My")
    of_choosing: bool = False  # it speaks of being chosen or targeted
    raises: bool = False  # about Might: it may raise it
    lowers: bool = False  # about Might: it may lower it
    statics: tuple[
        int, ...
    ] = ()  # the card's static effects it was read into (indices into `CardReading.statics`)

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def text(self) -> str:
        return self.sentence.text


@dataclass(frozen=True)
class Keyword:
    """A keyword printed on the card: "deflect" with its value 2 ([Deflect 2]); `effect` for an Equipment's keyword in
    its effect text, which reaches the unit it is attached to (v1.4 718.3)."""

    name: str  # casefolded: "deflect", "quick-draw"
    value: int | None = None
    effect: bool = False


E = TypeVar("E")


@dataclass(frozen=True)
class CardReading:
    """What the engine knows of one card's text."""

    card: str
    keywords: tuple[Keyword, ...] = ()
    statics: tuple[StaticEffect, ...] = ()
    choices: CardChoices = field(default_factory=CardChoices)
    sentences: tuple[SentenceReading, ...] = ()

    @cached_property
    def keyword_names(self) -> frozenset[str]:
        return frozenset(k.name for k in self.keywords)

    def has(self, keyword: str) -> bool:
        return keyword.casefold() in self.keyword_names

    def value(self, keyword: str) -> int:
        """The value of a keyword it has ([Deflect 2]: 2; [Deflect]: 1), else 0."""
        wanted = keyword.casefold()
        return sum(k.value or 1 for k in self.keywords if k.name == wanted)

    @cached_property
    def unread(self) -> tuple[SentenceReading, ...]:
        """The sentences the engine does not read."""
        return tuple(s for s in self.sentences if not s.read)

    @cached_property
    def _by_type(self) -> dict[type, tuple[StaticEffect, ...]]:
        found: dict[type, list[StaticEffect]] = {}
        for effect in self.statics:
            found.setdefault(type(effect), []).append(effect)
        return {kind: tuple(effects) for kind, effects in found.items()}

    def effects(self, kind: type[E]) -> tuple[E, ...]:
        """Its static effects of one type (sorted once per reading: the checks ask often)."""
        return self._by_type.get(kind, ())  # type: ignore[return-value]

    @cached_property
    def speaks(self) -> bool:
        """Whether it has a static ability or a sentence the engine does not read: only such a card, in play, can
        change something beyond its own play."""
        return bool(self.statics) or bool(self.unread)
