"""Questions players ask, each with the rule that answers it (cardsdb/project/data/asked.yaml), read as the file says.

The project writes them from the rules text: for each rule a player or a judge could ask about, questions in players'
words that the rule answers ("can i chump block with a stunned unit"). They are never shown; the build stores them
(table `asked_questions`) and the ranker lets a question that resembles one of them point at its rule
(`cardsdb.search.question_rank`, `ASKED_EVIDENCE`).

A rule is written as the bot cites it: "811.1.b" (the current Core Rules), "805.1.a (v1.4)", "TR 702.12". Every
failure raises `BuildError` in one line naming the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsdb import rule_numbers
from cardsdb.errors import BuildError
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import entries, read_yaml

ASKED_FILE = "asked.yaml"


@dataclass(frozen=True)
class AskedRule:
    """A rule and the questions it answers."""

    cited: str  # as written: "805.1.a (v1.4)"
    doc: str
    version: str
    number: str
    questions: tuple[str, ...]


def load_asked(path: Path | None = None) -> tuple[AskedRule, ...]:
    """Every rule of the file with its questions. Raises BuildError in one line naming the entry and the field."""
    path = path or PROJECT_DATA_DIR / ASKED_FILE
    data = read_yaml(path)
    found: list[AskedRule] = []
    seen: dict[str, str] = {}
    for entry in entries(path, data, "rules", "rule", "rule"):
        cited = entry.text("rule")
        ref = rule_numbers.parse_rule_ref(cited)
        if ref is None:
            entry.fail("rule", f"is not a rule as the bot cites one: {cited!r}")
        doc = TOURNAMENT_DOC if ref.doc == TOURNAMENT_DOC else CORE_DOC
        version = TOURNAMENT_RULES_VERSION if doc == TOURNAMENT_DOC else ref.version or CURRENT_RULES_VERSION
        questions = entry.texts("asked", optional=False)
        if not questions:
            entry.fail("asked", "must hold at least one question")
        for question in questions:
            key = " ".join(question.casefold().split())
            if key in seen:
                entry.fail("asked", f"repeats {question!r}, asked of {seen[key]} already")
            seen[key] = cited
        found.append(AskedRule(cited, doc, version, ref.number, questions))
    if not found:
        raise BuildError(f"{path.name}: `rules` is empty")
    return tuple(found)


__all__ = ["ASKED_FILE", "AskedRule", "load_asked"]
