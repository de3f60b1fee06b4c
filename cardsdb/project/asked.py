"""Questions players ask, each with the rule that answers it (cardsdb/project/data/asked/), read as the files say.

The project writes them from the rules text: for each rule a player or a judge could ask about, questions in players'
words that the rule answers ("can i chump block with a stunned unit"). They are never shown; the build stores them
(table `asked_questions`) and the ranker lets a question that resembles one of them point at its rule
(`cardsdb.search.question_rank`, `ASKED_EVIDENCE`).

One file a document's section: `core-8xx.yaml` holds the Core Rules' 800s (every version), `tournament-7xx.yaml` the
Tournament Rules' 700s; the files are read in the order of their names, each entry in its file's order. A rule is
written as the bot cites it: "811.1.b" (the current Core Rules), "805.1.a (v1.4)", "TR 702.12". Every failure raises
`BuildError` in one line naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardsdb import rule_numbers
from cardsdb.errors import BuildError
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import Entry, entries, read_yaml

ASKED_DIR = "asked"
ASKED_PATTERN = "*.yaml"
# A file named for a document's section holds that section's rules only (a file named otherwise, a test's, any).
_SECTION_FILE = re.compile(r"^(core|tournament)-\dxx\.yaml$")


@dataclass(frozen=True)
class AskedRule:
    """A rule and the questions it answers."""

    cited: str  # as written: "805.1.a (v1.4)"
    doc: str
    version: str
    number: str
    questions: tuple[str, ...]


def section_file(doc: str, number: str) -> str:
    """The file a rule's questions are written in: "core-8xx.yaml" for 811.1.b, "tournament-7xx.yaml" for TR 702.12."""
    return f"{doc}-{number[0]}xx.yaml"


def asked_files(folder: Path | None = None) -> list[Path]:
    """The files of the questions players ask, in the order they are read."""
    return sorted((folder or PROJECT_DATA_DIR / ASKED_DIR).glob(ASKED_PATTERN))


def load_asked(path: Path | None = None) -> tuple[AskedRule, ...]:
    """Every rule of the files (or of the one file `path` names) with its questions. Raises BuildError in one line
    naming the file, the entry and the field."""
    path = path or PROJECT_DATA_DIR / ASKED_DIR
    files = asked_files(path) if path.is_dir() else [path]
    if not files:
        raise BuildError(f"{path.name}/: holds no {ASKED_PATTERN} file")
    seen: dict[str, str] = {}
    return tuple(rule for file in files for rule in _read_file(file, seen))


def _read_file(path: Path, seen: dict[str, str]) -> list[AskedRule]:
    """One file's rules; `seen` (every question read so far, folded, with the rule it was asked of) grows."""
    found: list[AskedRule] = []
    for entry in entries(path, read_yaml(path), "rules", "rule", "rule"):
        rule = _read_entry(entry, path.name)
        for question in rule.questions:
            key = " ".join(question.casefold().split())
            if key in seen:
                entry.fail("asked", f"repeats {question!r}, asked of {seen[key]} already")
            seen[key] = rule.cited
        found.append(rule)
    if not found:
        raise BuildError(f"{path.name}: `rules` is empty")
    return found


def _read_entry(entry: Entry, file: str) -> AskedRule:
    cited = entry.text("rule")
    ref = rule_numbers.parse_rule_ref(cited)
    if ref is None:
        entry.fail("rule", f"is not a rule as the bot cites one: {cited!r}")
    doc = TOURNAMENT_DOC if ref.doc == TOURNAMENT_DOC else CORE_DOC
    version = TOURNAMENT_RULES_VERSION if doc == TOURNAMENT_DOC else ref.version or CURRENT_RULES_VERSION
    belongs = section_file(doc, ref.number)
    if _SECTION_FILE.match(file) and file != belongs:
        entry.fail("rule", f"belongs in {belongs}, the file of its document's section")
    questions = entry.texts("asked", optional=False)
    if not questions:
        entry.fail("asked", "must hold at least one question")
    return AskedRule(cited, doc, version, ref.number, questions)


__all__ = ["ASKED_DIR", "AskedRule", "asked_files", "load_asked", "section_file"]
