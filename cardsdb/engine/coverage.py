"""What the engine reads of every card: each sentence, read (and as what) or not understood, and the totals.

A pure function over cards and their readings (`coverage(cards)`); `python -m cardsdb engine-coverage [--json]`
prints it for the database. This is how the engine's reach is measured: cards fully read, cards that make a choice
fully read, and the sentences not understood grouped by pattern. A sentence counts as read only when what it was read
into is applied: each type of static effect is applied where `APPLIED` says (tests/cardsdb/engine/test_consumed.py
holds that those modules do, and that every field and code a reading holds is read by a check), and a sentence read
into a type no check applies is counted as not understood.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace

from cardsdb.engine.reading.card_reading import CardReading, SentenceReading
from cardsdb.engine.reading.effects import (
    CostChange,
    HideGrant,
    IgnoreDeflect,
    KeywordGrant,
    MightStatic,
    NoReveal,
    PlayRule,
    TagGrant,
    Untargetable,
)
from cardsdb.models import Card

APPLIED: dict[type, tuple[str, ...]] = {
    MightStatic: ("cardsdb.engine.board.characteristics",),
    KeywordGrant: ("cardsdb.engine.board.characteristics",),
    TagGrant: ("cardsdb.engine.board.characteristics",),
    Untargetable: ("cardsdb.engine.board.untargetable",),
    PlayRule: (
        "cardsdb.engine.board.placement",
        "cardsdb.engine.checks.timing",
        "cardsdb.engine.checks.boundary",
    ),
    IgnoreDeflect: ("cardsdb.engine.board.costs",),
    CostChange: ("cardsdb.engine.board.cost_changes",),
    HideGrant: ("cardsdb.engine.checks.hide", "cardsdb.engine.position.objects"),
    NoReveal: ("cardsdb.engine.checks.play_effects",),
}
"""Each type of static effect, and the modules whose checks apply it."""

EXAMPLES_PER_PATTERN = 3


@dataclass(frozen=True)
class CardCoverage:
    name: str
    kind: str  # "Spell", "Unit", "Gear", "Battlefield", "Legend", ...
    sentences: tuple[SentenceReading, ...]
    makes_choice: bool  # it chooses something when played (a spell's or a play effect's choice)

    @property
    def fully_read(self) -> bool:
        return all(s.read for s in self.sentences)

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.name,
            "kind": self.kind,
            "fully_read": self.fully_read,
            "makes_choice": self.makes_choice,
            "sentences": [_sentence_dict(s) for s in self.sentences],
        }


def _sentence_dict(s: SentenceReading) -> dict[str, object]:
    data: dict[str, object] = {"text": s.text, "part": s.sentence.part, "read": s.read}
    data.update({"as": s.read_as} if s.read else {"why": s.unread, "pattern": s.pattern})
    if s.sentence.item_of is not None:
        data["mode_of_line"] = s.sentence.item_of  # a mode of the list its header line opens
    return data


@dataclass(frozen=True)
class PatternCount:
    pattern: str
    sentences: int
    examples: tuple[str, ...]


@dataclass(frozen=True)
class CoverageReport:
    cards: tuple[CardCoverage, ...]

    @property
    def sentences(self) -> int:
        return sum(len(c.sentences) for c in self.cards)

    @property
    def sentences_read(self) -> int:
        return sum(1 for c in self.cards for s in c.sentences if s.read)

    @property
    def fully_read(self) -> int:
        return sum(1 for c in self.cards if c.fully_read)

    @property
    def with_choice(self) -> int:
        return sum(1 for c in self.cards if c.makes_choice)

    @property
    def with_choice_fully_read(self) -> int:
        return sum(1 for c in self.cards if c.makes_choice and c.fully_read)

    @property
    def unread_patterns(self) -> tuple[PatternCount, ...]:
        counts: Counter[str] = Counter()
        examples: dict[str, list[str]] = {}
        for card in self.cards:
            for s in card.sentences:
                if not s.read:
                    counts[s.pattern] += 1
                    shown = examples.setdefault(s.pattern, [])
                    if len(shown) < EXAMPLES_PER_PATTERN:
                        shown.append(f"{card.name}: {s.text}")
        return tuple(
            PatternCount(pattern, n, tuple(examples[pattern]))
            for pattern, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        )

    def totals(self) -> dict[str, int]:
        return {
            "cards": len(self.cards),
            "cards_fully_read": self.fully_read,
            "cards_with_a_choice": self.with_choice,
            "cards_with_a_choice_fully_read": self.with_choice_fully_read,
            "sentences": self.sentences,
            "sentences_read": self.sentences_read,
            "sentences_not_understood": self.sentences - self.sentences_read,
        }

    def to_dict(self) -> dict[str, object]:
        return {
            "totals": self.totals(),
            "not_understood_by_pattern": [
                {"pattern": p.pattern, "sentences": p.sentences, "examples": list(p.examples)}
                for p in self.unread_patterns
            ],
            "cards": [c.to_dict() for c in self.cards],
        }


def _kind(card: Card) -> str:
    return "/".join(card.types) or "card"


def _used(sentence: SentenceReading, reading: CardReading) -> SentenceReading:
    """The sentence, counted as not understood when it was read into an effect no check applies."""
    idle = [
        type(reading.statics[i]).__name__ for i in sentence.statics if type(reading.statics[i]) not in APPLIED
    ]
    if not sentence.read or not idle:
        return sentence
    return replace(
        sentence, unread=f"read into {idle[0]}, which no check applies", pattern="read, not applied"
    )


def card_coverage(card: Card, reading: CardReading) -> CardCoverage:
    sentences = tuple(_used(s, reading) for s in reading.sentences)
    return CardCoverage(card.name, _kind(card), sentences, bool(reading.choices.choices))


def coverage(cards: Iterable[tuple[Card, CardReading]]) -> CoverageReport:
    """The report over the cards and their readings, in name order."""
    ordered = sorted(cards, key=lambda pair: pair[0].name.casefold())
    return CoverageReport(tuple(card_coverage(card, reading) for card, reading in ordered))


def _card_lines(card: CardCoverage) -> list[str]:
    mark = "read" if card.fully_read else "partly read"
    lines = [f"{card.name} ({card.kind}): {mark}"]
    for s in card.sentences:
        lines.append(
            f"  + {s.text}  [{s.read_as}]" if s.read else f"  - {s.text}  [not understood: {s.unread}]"
        )
    return lines


def render_text(report: CoverageReport, *, cards: bool = True) -> str:
    t = report.totals()
    lines = [
        f"Cards: {t['cards']}; fully read: {t['cards_fully_read']}.",
        f"Cards that make a choice when played: {t['cards_with_a_choice']}; fully read: "
        f"{t['cards_with_a_choice_fully_read']}.",
        f"Sentences: {t['sentences']}; read: {t['sentences_read']}; not understood: "
        f"{t['sentences_not_understood']}.",
        "",
        "Not understood, by pattern:",
    ]
    for p in report.unread_patterns:
        lines.append(f"  {p.sentences:4}  {p.pattern}  (e.g. {p.examples[0]})")
    if cards:
        lines.append("")
        for card in report.cards:
            lines.extend(_card_lines(card))
    return "\n".join(lines)
