"""Words as players type them, scored against texts: stems, stop words, a thesaurus and a BM25F index.

`Analyzer` turns text into stems (lower case, possessives dropped, a light Porter stemmer: "hiding" and "hide" are
`hide`, "copies" is `copy`) and a question into `Concept`s: each content word with the other words that mean it here
(`cardsdb/project/data/thesaurus.yaml`: "facedown" also searches `hidden` and `hide`). `TextIndex` scores documents made of
weighted fields (a rule's text, its title, its parents' headings; a ruling's question and answer) with BM25F: per
field length-normalized term frequency, summed with the field's weight, then saturated and weighted by rarity. A
concept counts once per document, through the best of its words. Nothing here reads the database.
"""

from __future__ import annotations

import bisect
import functools
import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsdb.errors import BuildError
from cardsdb.paths import PROJECT_DATA_DIR

THESAURUS_FILE = "thesaurus.yaml"
ALSO_WEIGHT = 0.6  # a word the thesaurus adds counts this much of the word typed
PHRASE_WORD_IMPORTANCE = 0.5
PREFIX_TERMS = 12  # the words a word still being typed may become
SELECTIVE_POSTINGS = 200  # a concept held by at most this many documents (or a sixth of them) is selective
STEM_CACHE = (
    16_384  # stems kept (the rules' and rulings' own words are a few thousand): typing cannot grow it
)

_NON_WORD = re.compile(r"[^0-9a-z]+")
_POSSESSIVE = re.compile(r"'s\b")
# Curly apostrophes ("opponent’s", the FAQs' "Iʼm") read as "'"; dashes, bullets and quotes as spaces.
_PUNCTUATION = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u02bc": "'"}
    | dict.fromkeys("\u2013\u2014\u2022\u2026\u201c\u201d\u00a0", " ")
)
_VOWELS = frozenset("aeiou")

# Words of questions that say nothing about the rules: question words, pronouns, auxiliaries, small connectives and
# verbs of asking. Kept out of every text and question (a question of stop words only keeps them).
_STOP_WORDS = """
    a an the and or but nor so if then than that this these those there here what which who whom whose why how when
    where whether is are was were be been being am do does did doing done have has had having can could would should
    will shall i me my mine myself you your yours yourself we us our ours they them their theirs he
    him his she her it its of to in on at for with by as from into onto about while
    again also just still even really actually ever only very too not no cant cannot dont doesnt didnt isnt arent
    wasnt wont wouldnt shouldnt couldnt happen happens happened happening work works worked mean means meant get gets
    got getting something anything someone anyone thing things way ok okay please like s t many much need go goes
    going went needs needed difference between
"""
STOP_WORDS = frozenset(_STOP_WORDS.split())
# Not stop words, though common: "might" (a unit's stat), "may" and "must" (permission and obligation), "turn",
# "same", "instead", "all", "each", "any".


def words(text: str) -> list[str]:
    """The words of text, folded: "Opponent's Turn" -> ["opponent", "turn"] (possessives and apostrophes dropped)."""
    folded = text.lower() if text.isascii() else _ascii(text)
    folded = _POSSESSIVE.sub("", folded).replace("'", "")
    return [w for w in _NON_WORD.split(folded) if w]


def _ascii(text: str) -> str:
    """Text folded to lower-case ASCII: accents dropped ("é" -> "e"), curly apostrophes straight."""
    return (
        unicodedata.normalize("NFKD", text.translate(_PUNCTUATION)).encode("ascii", "ignore").decode().lower()
    )


def asked_about(question: str) -> str:
    """The words of a question without its question words: "what is a showdown" -> "showdown"; "" when nothing is
    left or nothing was left out."""
    typed = words(question)
    kept = [w for w in typed if w not in STOP_WORDS]
    return " ".join(kept) if kept and len(kept) < len(typed) else ""


def _is_vowel(word: str, i: int) -> bool:
    char = word[i]
    if char in _VOWELS:
        return True
    return char == "y" and i > 0 and not _is_vowel(word, i - 1)


def _measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant sequences in stem."""
    m, previous_vowel = 0, False
    for i in range(len(stem)):
        vowel = _is_vowel(stem, i)
        if previous_vowel and not vowel:
            m += 1
        previous_vowel = vowel
    return m


def _has_vowel(stem: str) -> bool:
    return any(_is_vowel(stem, i) for i in range(len(stem)))


def _ends_cvc(stem: str) -> bool:
    """Consonant, vowel, consonant (not w, x or y) at the end: "hid", "mov", "scor"."""
    if len(stem) < 3:
        return False
    return (
        not _is_vowel(stem, len(stem) - 3)
        and _is_vowel(stem, len(stem) - 2)
        and not _is_vowel(stem, len(stem) - 1)
        and stem[-1] not in "wxy"
    )


@functools.lru_cache(maxsize=STEM_CACHE)
def stem(word: str) -> str:
    """A light Porter stemmer (plurals, -ed, -ing, final e): "hiding", "hides", "hide" -> "hide"; "copies" ->
    "copy"; "conquering" -> "conquer"; "runes" -> "rune" (not "run"). Numbers and short words are kept."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    for suffix in ("ing", "ed"):
        base = word[: -len(suffix)]
        if word.endswith(suffix) and len(base) >= 3 and _has_vowel(base):
            word = base
            if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "lsz":
                word = word[:-1]  # "stopping" -> "stop"
            elif _measure(word) == 1 and _ends_cvc(word):
                word += "e"  # "hiding" -> "hide", "moving" -> "move"
            break
    if word.endswith("e") and len(word) > 4:
        base = word[:-1]
        if _measure(base) > 1 or (_measure(base) == 1 and not _ends_cvc(base)):
            word = base  # "ignore" -> "ignor", "choose" -> "choos"; "hide", "rune", "move" keep their e
    return word


@dataclass(frozen=True)
class ThesaurusEntry:
    """Words players use (`words`, phrases of several words too) and the words the rules use for the same thing
    (`means`), with the rule that shows it (`why`)."""

    words: tuple[tuple[str, ...], ...]  # each a phrase of stems
    means: tuple[str, ...]  # stems
    why: str


def load_thesaurus(path: Path | None = None) -> tuple[ThesaurusEntry, ...]:
    """The thesaurus (cardsdb/project/data/thesaurus.yaml). Raises BuildError in one line naming the entry and field."""
    from cardsdb.project.files import read_yaml

    path = path or PROJECT_DATA_DIR / THESAURUS_FILE
    entries = read_yaml(path).get("entries")
    if not isinstance(entries, list) or not entries:
        raise BuildError(f"{path.name}: `entries` must be a non-empty list")
    return tuple(_entry(path.name, i, e) for i, e in enumerate(entries, 1))


def _entry(name: str, index: int, entry: Any) -> ThesaurusEntry:
    where = f"{name}: entry {index}"
    if not isinstance(entry, dict):
        raise BuildError(f"{where} is not a mapping")
    for key in ("words", "means"):
        value = entry.get(key)
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, str) and v.strip() for v in value)
        ):
            raise BuildError(f"{where}: `{key}` must be a non-empty list of words")
    why = entry.get("why")
    if not isinstance(why, str) or not why.strip():
        raise BuildError(f"{where}: `why` must say which rule uses these words")
    phrases = tuple(tuple(stem(w) for w in words(p)) for p in entry["words"])
    means = tuple(stem(w) for m in entry["means"] for w in words(m) if w not in STOP_WORDS)
    if not all(phrases) or not means:
        raise BuildError(f"{where}: a word of `words` or `means` has no letters")
    return ThesaurusEntry(phrases, means, why.strip())


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the stem typed and every stem that means it here, with its weight."""

    typed: str
    alternatives: Mapping[str, float]
    importance: float = 1.0  # the words of a thesaurus phrase count half: the rules seldom say them


class Analyzer:
    """Stems for documents, concepts for questions."""

    def __init__(self, thesaurus: Sequence[ThesaurusEntry] = ()) -> None:
        self._single: dict[str, dict[str, float]] = {}
        self._phrases: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}  # by first stem
        for entry in thesaurus:
            group = {s for phrase in entry.words if len(phrase) == 1 for s in phrase} | set(entry.means)
            for phrase in entry.words:
                if len(phrase) > 1:
                    self._phrases.setdefault(phrase[0], []).append((phrase, entry.means))
                    continue
                also = self._single.setdefault(phrase[0], {})
                for other in group - {phrase[0]}:
                    also[other] = ALSO_WEIGHT
        for phrases in self._phrases.values():
            phrases.sort(key=lambda p: -len(p[0]))  # the longest phrase first

    def stems(self, text: str) -> list[str]:
        """The stems of a document's text, stop words and single letters ("d" of "811.1.d") left out."""
        return [stem(w) for w in words(text) if w not in STOP_WORDS and (len(w) > 1 or w.isdigit())]

    def typing(self, text: str, index: TextIndex) -> list[Concept]:
        """The concepts of words still being typed: the last word (unless a space follows it) stands for the index's
        words it starts ("hidd" -> hidden)."""
        if not text or text[-1].isspace():
            return self.concepts(text)
        head, _, last = text.rpartition(" ")
        typed = words(last)
        if not typed:
            return self.concepts(text)
        done = self.concepts(head + " " + " ".join(typed[:-1])) if head or len(typed) > 1 else []
        start = typed[-1]
        completions = dict.fromkeys([*index.starting(start), *index.starting(stem(start))])
        if not completions:
            return done or self.concepts(text)
        return [*done, Concept(start, {t: 1.0 for t in completions})]

    def concepts(self, question: str) -> list[Concept]:
        """The concepts of a question, in order: each content word once (a word the thesaurus gives for one already
        there is that concept). A thesaurus phrase ("run out", "have to") is a concept found through any of the words
        the rules use for it, and its own content words count half."""
        typed = words(question)
        stems = [stem(w) for w in typed]
        content = [w not in STOP_WORDS and (len(w) > 1 or w.isdigit()) for w in typed]
        if not any(content):  # a question of stop words only keeps them
            content = [len(w) > 1 or w.isdigit() for w in typed]
        found: list[Concept] = []

        def add(word: str, importance: float) -> None:
            if not any(word == c.typed or word in c.alternatives for c in found):
                found.append(Concept(word, {**self._single.get(word, {}), word: 1.0}, importance))

        i = 0
        while i < len(stems):
            starting = self._phrases.get(stems[i], ())
            phrase = next((p for p in starting if tuple(stems[i : i + len(p[0])]) == p[0]), None)
            if phrase is None:
                if content[i]:
                    add(stems[i], 1.0)
                i += 1
                continue
            means = {word: 1.0 for word in phrase[1]}
            if not any(word in c.alternatives for c in found for word in means):
                found.append(Concept(phrase[1][0], means, 1.0))
            for j in range(i, i + len(phrase[0])):
                if content[j]:
                    add(stems[j], PHRASE_WORD_IMPORTANCE)
            i += len(phrase[0])
        return found


@dataclass(frozen=True)
class FieldSpec:
    weight: float  # how much a word here counts against the main text's
    b: float  # how much the field's length normalizes it (BM25's b)


@dataclass(frozen=True)
class Scores:
    """Every document holding a concept of a question: its score, and how much of the question it holds."""

    score: dict[int, float]
    held: dict[int, float]  # the rarity (idf) of the concepts it holds, each times its importance, summed
    total: float  # the same over all the question's concepts: what a document holding all of them holds

    def share(self, position: int) -> float:
        """How much of the question the document holds, from 0 to 1."""
        return self.held.get(position, 0.0) / self.total if self.total > 0 else 0.0


@dataclass
class TextIndex:
    """BM25F over documents of weighted fields; each document a sequence of field texts in `fields` order."""

    fields: Sequence[FieldSpec]
    analyzer: Analyzer
    k1: float = 1.2
    _postings: dict[str, dict[int, float]] = field(default_factory=dict)
    _idf: dict[str, float] = field(default_factory=dict)
    _terms: list[str] | None = None  # the indexed words in order, made at the first prefix search
    size: int = 0

    def build(self, documents: Iterable[Sequence[str]]) -> TextIndex:
        """Index the documents (positions 0, 1, ... in order)."""
        counted: list[list[dict[str, int]]] = []
        lengths: list[list[int]] = []
        # Each text stemmed once: a parent's text is the context of each of its children.
        seen: dict[str, tuple[dict[str, int], int]] = {}
        for texts in documents:
            per_field = [seen.get(t) or seen.setdefault(t, self._counted(t)) for t in texts]
            counted.append([counts for counts, _ in per_field])
            lengths.append([length for _, length in per_field])
        self.size = len(counted)
        averages = [
            max(1.0, sum(doc[f] for doc in lengths) / max(1, self.size)) for f in range(len(self.fields))
        ]
        frequency: dict[str, dict[int, float]] = {}
        for position, doc in enumerate(counted):
            for f, counts in enumerate(doc):
                spec = self.fields[f]
                norm = 1 - spec.b + spec.b * lengths[position][f] / averages[f]
                for term, n in counts.items():
                    weights = frequency.setdefault(term, {})
                    weights[position] = weights.get(position, 0.0) + spec.weight * n / norm
        for term, weights in frequency.items():
            idf = math.log(1 + (self.size - len(weights) + 0.5) / (len(weights) + 0.5))
            self._idf[term] = idf
            self._postings[term] = {
                position: idf * tf * (self.k1 + 1) / (tf + self.k1) for position, tf in weights.items()
            }
        return self

    def _counted(self, text: str) -> tuple[dict[str, int], int]:
        stems = self.analyzer.stems(text) if text else []
        return _counts(stems), len(stems)

    def starting(self, prefix: str, limit: int = PREFIX_TERMS) -> list[str]:
        """The indexed words starting with prefix, the most common first (for a word still being typed)."""
        if not prefix:
            return []
        if self._terms is None:
            self._terms = sorted(self._postings)
        at = bisect.bisect_left(self._terms, prefix)
        found = []
        while at < len(self._terms) and self._terms[at].startswith(prefix):
            found.append(self._terms[at])
            at += 1
        return sorted(found, key=lambda t: (-len(self._postings[t]), t))[:limit]

    def idf(self, term: str) -> float:
        return self._idf.get(term, 0.0)

    def concept_weight(self, concept: Concept) -> float:
        """How rare the concept is: the idf of its rarest form that occurs (0 when none occurs)."""
        return max((self.idf(t) for t in concept.alternatives), default=0.0)

    def score(self, concepts: Sequence[Concept]) -> Scores:
        """Every document holding a concept, with its score: each concept through the best of its words.

        The documents are those holding a selective concept (one of words few documents have), when there is one:
        the concepts most documents hold ("card", "play") are then only added up for those. A document holding only
        common words holds little of a question that has rarer ones."""
        score: dict[int, float] = {}
        held: dict[int, float] = {}
        found = [
            (c, [(self._postings[t], w) for t, w in c.alternatives.items() if t in self._postings])
            for c in concepts
        ]
        total = sum(c.importance * self.concept_weight(c) for c in concepts)
        limit = max(SELECTIVE_POSTINGS, self.size // 6)
        selective = [(c, p) for c, p in found if 0 < sum(len(d) for d, _ in p) <= limit]
        common = [(c, p) for c, p in found if sum(len(d) for d, _ in p) > limit] if selective else []
        for concept, postings in selective or found:
            rarity = concept.importance * self.concept_weight(concept)
            for position, value in _best(postings).items():
                score[position] = score.get(position, 0.0) + concept.importance * value
                held[position] = held.get(position, 0.0) + rarity
        for concept, postings in common:
            rarity = concept.importance * self.concept_weight(concept)
            for position, value in _best_among(postings, score).items():
                score[position] += concept.importance * value
                held[position] += rarity
        return Scores(score, held, total)


def _best_among(
    postings: Sequence[tuple[dict[int, float], float]], documents: Mapping[int, float]
) -> dict[int, float]:
    """`_best`, for the given documents only."""
    best: dict[int, float] = {}
    for values, weight in postings:
        pairs = (
            ((p, values[p]) for p in documents if p in values)
            if len(documents) < len(values)
            else ((p, v) for p, v in values.items() if p in documents)
        )
        for position, value in pairs:
            value *= weight
            if value > best.get(position, 0.0):
                best[position] = value
    return best


def _best(postings: Sequence[tuple[dict[int, float], float]]) -> Mapping[int, float]:
    """Each document's value for a concept: the best of its words' (each times the word's weight)."""
    if len(postings) == 1 and postings[0][1] == 1.0:
        return postings[0][0]
    best: dict[int, float] = {}
    for values, weight in postings:
        for position, value in values.items():
            value *= weight
            if value > best.get(position, 0.0):
                best[position] = value
    return best


def _counts(stems: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in stems:
        counts[s] = counts.get(s, 0) + 1
    return counts
