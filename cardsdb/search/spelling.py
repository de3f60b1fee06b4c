"""Words misspelt in a question, read as the words meant: "can I hide two cards at the same batttlefield" asks about
a battlefield, "how many crads in my starting hand" about cards.

A word typed is read as it is when the project's own texts use it (the rules, the questions players ask, the
rulings, the cards' names and texts, the thesaurus: `Spelling.known`), when it is an English word (`EnglishWords`:
"chump" is no misspelling of "champ") or a form of a known word ("ganked": the ranker's stems), or when it is a
known or English word behind a prefix ("retrigger"). Otherwise, when known words lie within one edit of it (a letter
left out, added or changed, or two neighbours swapped; two edits for a word of `TWO_EDITS_FROM` letters or more; for
a word of four letters only two swapped or one left out, "crad" or "migt": players' slang lies a letter from the
rules' words, "jank" from "tank", "proc" from "pro"), it is read as the nearest, the most used of those. Two words
typed apart that make a known word are read as it ("battle field"; `Spelling.joined`). A misspelt word shares no
stem with the rules' and sends the encoder elsewhere: one typo in each question of the development sets cost a fifth
of the answers found first (docs/questions.md, "Misspelt words").

Known words are found through their deletions (each with one letter left out, two for a long word, as SymSpell
does), kept as sorted hashes in numpy arrays, as are the English words: as strings they would cost the bot's memory
ten times as much. Work is bounded whatever is typed: words of `SHORTEST` to `LONGEST` letters are looked at, at
most `MOST_LOOKED_AT` of them in a question, each by at most its length squared look-ups.
"""

from __future__ import annotations

import functools
import gzip
import importlib.resources
import io
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TypeAlias

import numpy as np

SHORTEST = 4  # letters: shorter words are read as typed ("bf", "opp" are the thesaurus's)
SHORT_BELOW = 5  # letters: a shorter word is read as another only with two swapped or a letter left out
TWO_EDITS_FROM = 8  # letters: a word this long may be two edits from the word meant
LONGEST = 24  # letters: longer words are read as typed
JOINED_FROM = 4  # letters: two words this long typed apart may be one known word ("battle field")
JOINED_USES = 2  # the word they make, used at least this often in the project's texts
# the endings of a known word's forms
FORMS = frozenset(["", "s", "es", "d", "ed", "ing", "er", "ers", "y", "ly"])
MOST_LOOKED_AT = 8  # unknown words of one question looked up; the rest are read as typed
PREFIXES = ("re", "un", "pre", "non", "mis", "over", "out", "sub", "super", "anti", "counter")

# The English words: pyspellchecker's frequency list (MIT; words counted in film subtitles, the rarest left out).
ENGLISH_PACKAGE, ENGLISH_FILE = "spellchecker.resources", "en.json.gz"

_LETTERS = re.compile(r"[A-Za-z]+")  # a run of letters: no nesting, no backtracking, linear in the text
_ENTRY = re.compile(r'"([a-z]+)":')  # a word of the list, as its JSON writes it

Hashes: TypeAlias = "np.ndarray[tuple[int], np.dtype[np.int64]]"


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _sorted_hashes(words: Iterable[str]) -> Hashes:
    return np.unique(np.fromiter((hash(w) for w in words), dtype=np.int64))


def _holds(hashes: Hashes, word: str) -> bool:
    key = hash(word)
    at = int(np.searchsorted(hashes, key))
    return at < len(hashes) and int(hashes[at]) == key


def is_form(word: str, stem: str) -> bool:
    """Whether `word` is `stem` with one of the endings `FORMS` (its last letter doubled before it, "tapped"):
    "ganked" of "gank". A misspelling the stemmer cuts to a known stem ("playeed" to "play") is no form."""
    rest = word[len(stem) :]
    return word.startswith(stem) and (rest in FORMS or (rest[:1] == stem[-1:] and rest[1:] in FORMS))


def edit_distance(a: str, b: str, limit: int) -> int:
    """Letters left out, added or changed, and neighbours swapped, to make `a` into `b` (the optimal string alignment
    distance); `limit + 1` as soon as it is known to be more than `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return previous[-1]


class EnglishWords:
    """Membership of the English words, as hashes (the process's own `hash`, so built in the process that reads
    them)."""

    def __init__(self, words: Iterable[str]) -> None:
        self._hashes = _sorted_hashes(words)

    @classmethod
    def packaged(cls) -> EnglishWords:
        """pyspellchecker's English words, read from its gzipped JSON a piece at a time (the whole list as Python
        strings would raise the bot's peak memory by more than its budget's margin)."""
        return cls(_packaged_words())

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and _holds(self._hashes, word)

    def __len__(self) -> int:
        return len(self._hashes)


@functools.cache
def english_words() -> EnglishWords:
    """The English words, read once a process (a refresh's new database reuses them)."""
    return EnglishWords.packaged()


class _EveryWord:
    """Every word is a word: what stands for the English words where they cannot be read, so that no word is read
    as another."""

    def __contains__(self, word: object) -> bool:
        return True


EVERY_WORD = _EveryWord()


def installed_english_words() -> EnglishWords | None:
    """The English words, or None where the package holding them is not installed (an install older than the
    dependency): then no word can be told English, and none should be read as another."""
    try:
        return english_words()
    except (ImportError, OSError):
        return None


def _packaged_words() -> Iterator[str]:
    resource = importlib.resources.files(ENGLISH_PACKAGE) / ENGLISH_FILE
    with resource.open("rb") as raw, io.TextIOWrapper(gzip.open(raw), encoding="utf-8") as text:
        rest = ""
        while chunk := text.read(1 << 16):
            piece = rest + chunk
            cut = piece.rfind(",") + 1  # an entry never spans the cut
            for found in _ENTRY.finditer(piece, 0, cut):
                yield found.group(1)
            rest = piece[cut:]
        for found in _ENTRY.finditer(rest):
            yield found.group(1)


class Spelling:
    """The words the project's texts use, how often, and the deletions that find them from a misspelling."""

    def __init__(
        self, counts: dict[str, int], is_word: Callable[[str], bool], apart: dict[str, int] | None = None
    ) -> None:
        """`counts`: the known words, how often each is used; `is_word`: whether a word unknown to them is still no
        misspelling (English, or a form of a known word: "ganked" of "gank", `is_form`); `apart`: how often the texts
        write a known word as two ("quick draw" for "quickdraw"), by the word."""
        self._counts = counts
        self._is_word = is_word
        self._apart = apart or {}
        self._words = sorted(w for w in counts if SHORTEST - 1 <= len(w) <= LONGEST + 2)
        keys: list[int] = []
        ids: list[int] = []
        for n, word in enumerate(self._words):
            found = {word, *_deletions(word)}
            if len(word) >= TWO_EDITS_FROM + 2:  # two letters left out leave a word long enough for two edits
                found |= {twice for once in list(found) for twice in _deletions(once)}
            for key in found:
                keys.append(hash(key))
                ids.append(n)
        order = np.argsort(np.array(keys, dtype=np.int64), kind="stable")
        self._keys: Hashes = np.array(keys, dtype=np.int64)[order]
        self._ids = np.array(ids, dtype=np.int32)[order]

    @classmethod
    def of(cls, texts: Iterable[str], is_word: Callable[[str], bool]) -> Spelling:
        """The words of `texts` (lower case), each counted as often as it is used, and as often as it is written as
        two words."""
        counts: dict[str, int] = {}
        split = [_LETTERS.findall(text.lower()) for text in texts]
        for words in split:
            for word in words:
                counts[word] = counts.get(word, 0) + 1
        apart: dict[str, int] = {}
        for words in split:
            for first, second in itertools.pairwise(words):
                if (whole := first + second) in counts:
                    apart[whole] = apart.get(whole, 0) + 1
        return cls(counts, is_word, apart)

    def known(self, word: str) -> bool:
        return word in self._counts

    def _read_as_typed(self, word: str) -> bool:
        if not SHORTEST <= len(word) <= LONGEST or self.known(word) or self._is_word(word):
            return True
        return any(
            word.startswith(p) and (self.known(word[len(p) :]) or self._is_word(word[len(p) :]))
            for p in PREFIXES
        )

    def meant(self, typed: str) -> str | None:
        """The known word `typed` (lower-case letters) misspells; None when it is read as typed."""
        if self._read_as_typed(typed):
            return None
        limit = 2 if len(typed) >= TWO_EDITS_FROM else 1
        short = len(typed) < SHORT_BELOW
        probes = {typed, *_deletions(typed)}
        if limit == 2:
            probes |= {twice for once in list(probes) for twice in _deletions(once)}
        hashes = np.fromiter((hash(p) for p in probes), dtype=np.int64)
        starts = np.searchsorted(self._keys, hashes, side="left")
        ends = np.searchsorted(self._keys, hashes, side="right")
        best: tuple[int, int, str] | None = None  # (edits, -uses, word): the nearest, then the most used
        for n in {int(i) for s, e in zip(starts, ends, strict=True) for i in self._ids[s:e]}:
            word = self._words[n]
            if short and not (sorted(word) == sorted(typed) or len(word) == len(typed) + 1):
                continue
            edits = edit_distance(typed, word, limit)
            if edits <= limit and (best is None or (edits, -self._counts[word], word) < best):
                best = (edits, -self._counts[word], word)
        return best[2] if best is not None else None

    def joined(self, text: str) -> str:
        """The text with each two words typed apart that make a known word together read as that word ("battle
        field", "face down", "team mate"): each of `JOINED_FROM` letters or more, the word they make used at least
        `JOINED_USES` times, and more often than the texts write it as two ("quick draw" stays as typed where the
        texts write the keyword so)."""
        pieces: list[str] = []
        kept = 0  # where the text not yet copied begins
        before: re.Match[str] | None = None
        for found in _LETTERS.finditer(text):
            if (
                before is not None
                and text[before.end() : found.start()] == " "
                and min(len(before.group(0)), len(found.group(0))) >= JOINED_FROM
                and self._counts.get(whole := (before.group(0) + found.group(0)).lower(), 0)
                >= max(JOINED_USES, self._apart.get(whole, 0) + 1)
            ):
                pieces += [text[kept : before.start()], whole]
                kept = found.end()
                before = None
                continue
            before = found
        return "".join([*pieces, text[kept:]])

    def corrected(self, text: str) -> str:
        """The text with each misspelt word replaced by the word meant (in lower case), and two words typed apart
        that make a known word together joined (`joined`); the rest as typed."""
        text = self.joined(text)
        looked_at = 0

        def replace(found: re.Match[str]) -> str:
            nonlocal looked_at
            typed = found.group(0)
            word = typed.lower()
            if self._read_as_typed(word) or looked_at >= MOST_LOOKED_AT:
                return typed
            looked_at += 1
            return self.meant(word) or typed

        return _LETTERS.sub(replace, text)


__all__ = [
    "EVERY_WORD",
    "EnglishWords",
    "Spelling",
    "edit_distance",
    "english_words",
    "installed_english_words",
    "is_form",
]
