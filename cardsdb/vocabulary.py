"""The game's language as the project writes it down (cardsdb/data/thesaurus.yaml), read for ranking words.

Three parts, each group of words with the rule that justifies it (`why`):

- `entries`: words players use and the rules' words for the same thing (`cardsdb.text_rank.ThesaurusEntry`);
- `damped`: words common in the rules that carry little in a question ("back", "card", "play", "turn"): they count
  for less than other words of a question (`cardsdb.text_rank.DAMPED_IMPORTANCE`);
- `tournament`: words naming tournament procedure (penalties, judges, rounds, games of a match, sideboards, decklists,
  sleeves, time): a question holding one is asked of the Tournament Rules first.

Nothing here reads the database.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.text_rank import THESAURUS_FILE, ThesaurusEntry, read_entry, stem, words

Phrase = tuple[str, ...]  # stems, in order


@dataclass(frozen=True)
class Vocabulary:
    entries: tuple[ThesaurusEntry, ...]
    damped: frozenset[str]  # stems
    tournament: tuple[Phrase, ...]  # the longest first


def load_vocabulary(path: Path | None = None) -> Vocabulary:
    """The thesaurus file's three parts. Raises BuildError in one line naming the part, entry and field."""
    from cardsdb.project_data import read_yaml  # at the first word search: start-up reads no project data

    path = path or PROJECT_DATA_DIR / THESAURUS_FILE
    data = read_yaml(path)
    entries = data.get("entries")
    if not isinstance(entries, list) or not entries:
        raise BuildError(f"{path.name}: `entries` must be a non-empty list")
    damped = _groups(path.name, "damped", data.get("damped", []))
    tournament = _groups(path.name, "tournament", data.get("tournament", []))
    return Vocabulary(
        entries=tuple(read_entry(path.name, i, e) for i, e in enumerate(entries, 1)),
        damped=frozenset(s for phrase in damped for s in phrase),
        tournament=tuple(sorted(set(tournament), key=lambda p: (-len(p), p))),
    )


def _groups(name: str, part: str, groups: Any) -> list[Phrase]:
    """The phrases of a part's groups (each `{words: [...], why: ...}`), as stems."""
    if not isinstance(groups, list):
        raise BuildError(f"{name}: `{part}` must be a list")
    found: list[Phrase] = []
    for i, group in enumerate(groups, 1):
        where = f"{name}: {part} {i}"
        if not isinstance(group, dict):
            raise BuildError(f"{where} is not a mapping")
        listed = group.get("words")
        if not isinstance(listed, list) or not listed or not all(isinstance(w, str) for w in listed):
            raise BuildError(f"{where}: `words` must be a non-empty list of words")
        why = group.get("why")
        if not isinstance(why, str) or not why.strip():
            raise BuildError(f"{where}: `why` must say which rule uses these words")
        for phrase in listed:
            stems = tuple(stem(w) for w in words(phrase))
            if not stems:
                raise BuildError(f"{where}: {phrase!r} has no letters")
            found.append(stems)
    return found


def holds_phrase(stems: Sequence[str], phrases: Mapping[str, Sequence[Phrase]]) -> bool:
    """Whether the stems hold one of the phrases (indexed by their first stem, `by_first`), word for word and in
    order (stop words count: "best of 3")."""
    for i, first in enumerate(stems):
        for phrase in phrases.get(first, ()):
            if tuple(stems[i : i + len(phrase)]) == phrase:
                return True
    return False


def by_first(phrases: Iterable[Phrase]) -> dict[str, list[Phrase]]:
    """Phrases by their first stem, for `holds_phrase`."""
    found: dict[str, list[Phrase]] = {}
    for phrase in phrases:
        found.setdefault(phrase[0], []).append(phrase)
    return found


def question_stems(question: str) -> list[str]:
    """Every word of a question as a stem, stop words too, in order."""
    return [stem(w) for w in words(question)]


__all__ = ["Vocabulary", "by_first", "holds_phrase", "load_vocabulary", "question_stems"]
