"""The guard's counts and the removal it allows: the indexed questions (the asked files) that ask a measured question
(tests/fixtures/questions*.yaml) in other words (`cardsdb.search.likeness`, `MEASURED_ALIKE`). Only how many is ever
said, never which: the held-out sets' questions are not to be read, even by whoever keeps the index."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import yaml

from cardsdb.project.asked import AskedRule
from cardsdb.search.likeness import MEASURED_ALIKE, Likeness, flagged


def measured_questions(fixtures: Path) -> dict[str, list[str]]:
    """Each measured set's questions, by file name."""
    return {
        path.name: [
            str(entry["q"]) for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
        ]
        for path in sorted(fixtures.glob("questions*.yaml"))
    }


def alike_counts(
    rules: Sequence[AskedRule], measured: Mapping[str, Sequence[str]], threshold: float = MEASURED_ALIKE
) -> dict[str, int]:
    """For each measured set, how many indexed questions ask one of its questions."""
    likeness = Likeness(q for rule in rules for q in rule.questions)
    return {name: len(flagged(likeness, questions, threshold)) for name, questions in measured.items()}


def without_alike(
    rules: Sequence[AskedRule], measured: Mapping[str, Sequence[str]], threshold: float = MEASURED_ALIKE
) -> tuple[list[AskedRule], int]:
    """The rules without the indexed questions that ask a measured one, and how many were taken out. Taking some out
    changes how rare each word is among those left: repeated until none is found."""
    everything = [q for questions in measured.values() for q in questions]
    kept, removed = list(rules), 0
    while True:
        likeness = Likeness(q for rule in kept for q in rule.questions)
        found = flagged(likeness, everything, threshold)
        if not found:
            return [rule for rule in kept if rule.questions], removed
        removed += len(found)
        position, trimmed = 0, []
        for rule in kept:
            questions = tuple(q for n, q in enumerate(rule.questions, position) if n not in found)
            position += len(rule.questions)
            trimmed.append(replace(rule, questions=questions))
        kept = trimmed


__all__ = ["alike_counts", "measured_questions", "without_alike"]
