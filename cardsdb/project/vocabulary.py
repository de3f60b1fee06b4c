"""The game's language as the project writes it down (cardsdb/project/data/thesaurus.yaml), read as the file says it.

Three parts, each a list of groups of words with the rule that justifies them (`why`):

- `entries`: words players use and the rules' words for the same thing (`means`);
- `damped`: words common in the rules that carry little in a question ("back", "card", "play", "turn");
- `tournament`: words naming tournament procedure (penalties, judges, rounds, games of a match, sideboards, decklists,
  sleeves, time).

The words are kept as written: the ranker (`cardsdb.search.language`) turns them into stems. Every failure raises
`BuildError` in one line naming the part, the group and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import read_yaml

VOCABULARY_FILE = "thesaurus.yaml"
_LETTER = re.compile(r"[0-9a-z]", re.IGNORECASE)


@dataclass(frozen=True)
class WordGroup:
    """Words of one meaning (`words`, phrases of several words too), the rules' words for it (`means`, for an entry;
    empty in the other parts) and the rule whose words show the link (`why`)."""

    words: tuple[str, ...]
    means: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Vocabulary:
    entries: tuple[WordGroup, ...]
    damped: tuple[WordGroup, ...]
    tournament: tuple[WordGroup, ...]


def load_vocabulary(path: Path | None = None) -> Vocabulary:
    """The thesaurus file's three parts. Raises BuildError in one line naming the part, group and field."""
    path = path or PROJECT_DATA_DIR / VOCABULARY_FILE
    data = read_yaml(path)
    if not isinstance(data.get("entries"), list) or not data["entries"]:
        raise BuildError(f"{path.name}: `entries` must be a non-empty list")
    return Vocabulary(
        entries=_groups(path.name, "entries", data["entries"], means=True),
        damped=_groups(path.name, "damped", data.get("damped", []), means=False),
        tournament=_groups(path.name, "tournament", data.get("tournament", []), means=False),
    )


def _groups(name: str, part: str, groups: Any, *, means: bool) -> tuple[WordGroup, ...]:
    if not isinstance(groups, list):
        raise BuildError(f"{name}: `{part}` must be a list")
    return tuple(_group(f"{name}: {part} {i}", group, means=means) for i, group in enumerate(groups, 1))


def _group(where: str, group: Any, *, means: bool) -> WordGroup:
    if not isinstance(group, dict):
        raise BuildError(f"{where} is not a mapping")
    listed = {
        key: _words(where, key, group.get(key)) for key in (("words", "means") if means else ("words",))
    }
    why = group.get("why")
    if not isinstance(why, str) or not why.strip():
        raise BuildError(f"{where}: `why` must say which rule uses these words")
    return WordGroup(listed["words"], listed.get("means", ()), " ".join(why.split()))


def _words(where: str, key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise BuildError(f"{where}: `{key}` must be a non-empty list of words")
    empty = [v for v in value if not _LETTER.search(v)]
    if empty:
        raise BuildError(f"{where}: {empty[0]!r} of `{key}` has no letters")
    return tuple(v.strip() for v in value)


__all__ = ["VOCABULARY_FILE", "Vocabulary", "WordGroup", "load_vocabulary"]
