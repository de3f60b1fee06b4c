"""What the engine reads of every card: each sentence, read (and as what) or not understood, and the totals.

A pure function over cards (`coverage(cards)`); `python -m cardsdb engine-coverage [--json]` prints it for the
database. This is how the engine's reach is measured: cards fully read, cards that make a choice fully read, and the
sentences not understood grouped by pattern.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from cardsdb.engine.reading.card_reading import CardReading, SentenceReading
from cardsdb.models import Card

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
            "sentences": [
                {"text": s.text, "part": s.sentence.part, "read": s.read, "as": s.read_as}
                if s.read
                else {
                    "text": s.text,
                    "part": s.sentence.part,
                    "read": False,
                    "why": s.unread,
                    "pattern": s.pattern,
                }
                for s in self.sentences
            ],
        }


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


def card_coverage(card: Card, reading: CardReading) -> CardCoverage:
    return CardCoverage(card.name, _kind(card), reading.sentences, bool(reading.choices.choices))


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
