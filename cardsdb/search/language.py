"""The game's language as the ranker reads it: the project's vocabulary (`cardsdb.project.vocabulary`) as stems.

- `entries`: the thesaurus (`cardsdb.search.text_rank.ThesaurusEntry`): players' words and the rules' words for the
  same thing;
- `damped`: words common in the rules that carry little in a question: they count for less than the other words of
  a question (`cardsdb.search.text_rank.DAMPED_IMPORTANCE`);
- `tournament`: phrases naming tournament procedure: a question holding one is asked of the Tournament Rules first.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardsdb.errors import BuildError
from cardsdb.project.vocabulary import Vocabulary, WordGroup, load_vocabulary
from cardsdb.search.text_rank import STOP_WORDS, ThesaurusEntry, stem, words

Phrase = tuple[str, ...]  # stems, in order


@dataclass(frozen=True)
class Language:
    entries: tuple[ThesaurusEntry, ...]
    damped: frozenset[str]  # stems
    tournament: tuple[Phrase, ...]  # the longest first


@functools.cache
def load_language() -> Language:
    """The project's vocabulary as stems (read at the first word search: start-up reads no project data), once a
    process: a refresh's new database reuses it rather than parse the YAML again while commands are answered."""
    return language(load_vocabulary())


def language(vocabulary: Vocabulary) -> Language:
    """The vocabulary as stems. An entry whose rules are all the Tournament Rules' ("TR 403.4") names tournament
    procedure: its words are tournament words too."""
    tournament = {p for group in vocabulary.tournament for p in _phrases(group)}
    tournament |= {p for group in vocabulary.entries if _tournament_only(group.why) for p in _phrases(group)}
    return Language(
        entries=tuple(thesaurus_entry(group) for group in vocabulary.entries),
        damped=frozenset(s for group in vocabulary.damped for phrase in _phrases(group) for s in phrase),
        tournament=tuple(sorted(tournament, key=lambda p: (-len(p), p))),
    )


_CITED = re.compile(r"(TR )?(?<![\w.])\d{3}(?:\.[0-9a-z]+)*")


def _tournament_only(why: str) -> bool:
    """Whether every rule a `why` cites is a Tournament Rule ("TR 414.1")."""
    cited = [m.group(1) for m in _CITED.finditer(why)]
    return bool(cited) and all(cited)


def thesaurus_entry(group: WordGroup) -> ThesaurusEntry:
    """An entry's words as phrases of stems and its `means` as the rules' terms: each the stems of its content words,
    joined by spaces where it is a phrase ("turn order": a rule holds it when it holds both words)."""
    found = (" ".join(stem(w) for w in words(m) if w not in STOP_WORDS) for m in group.means)
    means = tuple(dict.fromkeys(term for term in found if term))
    if not means:
        raise BuildError(f"thesaurus entry {group.words[0]!r}: `means` holds only question words")
    return ThesaurusEntry(_phrases(group), means, group.why)


def _phrases(group: WordGroup) -> tuple[Phrase, ...]:
    return tuple(tuple(stem(w) for w in words(phrase)) for phrase in group.words)


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


__all__ = ["Language", "Phrase", "by_first", "holds_phrase", "language", "load_language", "question_stems"]
