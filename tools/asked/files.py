"""The asked files written back: each rule in the file of its document's section (`section_file`), in the order read,
under a header saying what the file holds. Reading them again gives the same rules and questions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

import yaml

from cardsdb.models import CORE_DOC
from cardsdb.project.asked import AskedRule, section_file

HEADER = """\
# Questions players ask about the {document}' {section}s, each with the rule that answers it, written by the project in
# players' words, from the rules text and from the situations the official FAQs and the community's rulings settle (in
# our own words: none copies a source's sentences), each attached to the one rule that answers it and read against it.
# Never shown to users: the build stores them (asked_questions) and the ranker lets a question resembling one point at
# its rule (cardsdb/project/asked.py, cardsdb/search/question_rank.py). None asks a measured question
# (tests/fixtures/questions*.yaml) in other words: tests/cardsdb/search/test_question_set.py checks it, and
# `python -m tools.asked guard --remove` takes out what it finds. A rule is written as the bot cites it: "811.1.b" (the
# current Core Rules), "805.1.a (v1.4)", "TR 702.12"; this file holds only rules numbered {section}-{last}.
"""


def _scalar(text: str) -> str:
    """Text as one YAML scalar on one line, quoted only where YAML needs it."""
    dumped = yaml.safe_dump([text], width=1_000_000, allow_unicode=True)
    return dumped[2:].removesuffix("\n").removesuffix("\n...")


def file_text(name: str, rules: Sequence[AskedRule]) -> str:
    """One section file: its header, then each rule and its questions."""
    doc, hundreds = name.removesuffix(".yaml").split("-")
    section = hundreds.replace("xx", "00")
    document = "Core Rules" if doc == CORE_DOC else "Tournament Rules"
    lines = [HEADER.format(document=document, section=section, last=hundreds.replace("xx", "99")), "rules:"]
    for rule in rules:
        lines += [
            f"- rule: {_scalar(rule.cited)}",
            "  asked:",
            *(f"  - {_scalar(q)}" for q in rule.questions),
        ]
    return "\n".join(lines) + "\n"


def by_section(rules: Iterable[AskedRule]) -> dict[str, list[AskedRule]]:
    """The rules grouped by the file they belong in, each group in the order given; rules left with no question
    dropped."""
    files: dict[str, list[AskedRule]] = {}
    for rule in rules:
        if rule.questions:
            files.setdefault(section_file(rule.doc, rule.number), []).append(rule)
    return files


def write_files(folder: Path, rules: Iterable[AskedRule]) -> list[Path]:
    """The rules written into `folder`, one file a section; a section file no rule is left in is removed."""
    folder.mkdir(parents=True, exist_ok=True)
    grouped = by_section(rules)
    for stale in folder.glob("*.yaml"):
        if stale.name not in grouped:
            stale.unlink()
    written = []
    for name, section in sorted(grouped.items()):
        path = folder / name
        path.write_text(file_text(name, section), encoding="utf-8")
        written.append(path)
    return written


__all__ = ["by_section", "file_text", "write_files"]
