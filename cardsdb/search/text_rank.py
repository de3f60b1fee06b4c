"""Words as players type them, scored against texts: stems, stop words, a thesaurus and a BM25F index.

`Analyzer` turns text into stems (lower case, possessives dropped, a light Porter stemmer: "hiding" and "hide" are
`hide`, "copies" is `copy`) and a question into `Concept`s: each content word with the other words that mean it here
(the project's thesaurus, as stems in `cardsdb.search.language`: "facedown" also searches `hidden` and `hide`).
`TextIndex` scores documents made of weighted fields (a rule's text, its title, its parents' headings; a ruling's question and answer) with BM25F: per
field length-normalized term frequency, summed with the field's weight, then saturated and weighted by rarity. A
concept counts once per document, through the best of its words. Nothing here reads the database.
"""

from __future__ import annotations

import bisect
import functools
import math
import re
import unicodedata
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cardsdb.search.pacing import paced

ALSO_WEIGHT = 0.6  # another player's word of a thesaurus entry counts this much of the word typed
MEANS_WEIGHT = 0.8  # the rules' word for it (`means`) this much
DAMPED_IMPORTANCE = 0.35  # a word common in the rules that says little in a question ("back", "card")
PHRASE_WORD_IMPORTANCE = 0.5
PREFIX_TERMS = 12  # the words a word still being typed may become
SELECTIVE_POSTINGS = 200  # a word held by at most this many documents is selective
MERGED_CONCEPTS = 256  # concepts whose scores over an index are kept, the last used
STEM_CACHE = 16_384  # stems kept (the rules' and rulings' words are a few thousand): typing cannot grow it

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
# The same words as players type them without an apostrophe ("whats the fix", "im going second"): "whats" would
# otherwise be the stem "what", asked about as a word of the rules.
_CONTRACTIONS = """
    whats hows wheres whens whos whys thats theres heres im ive youre youve theyre theyve weve
    hasnt havent hadnt aint gonna wanna u ur pls plz
"""
STOP_WORDS = frozenset(_STOP_WORDS.split()) | frozenset(_CONTRACTIONS.split())
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


# Irregular forms of the rules' verbs that players type and the rules seldom do ("drew": "Drawing Extra Cards").
# The forms the rules use as often as players (paid, lost, won, chosen) stay as they are: the thesaurus links them.
_IRREGULAR = {"drew": "draw", "drawn": "draw", "dealt": "deal"}


@functools.lru_cache(maxsize=STEM_CACHE)
def stem(word: str) -> str:
    """A light Porter stemmer (plurals, -ed, -ing, final e): "hiding", "hides", "hide" -> "hide"; "copies" ->
    "copy"; "conquering" -> "conquer"; "runes" -> "rune" (not "run"); an irregular form as its verb's stem ("drew"
    -> "draw"). Numbers and short words are kept."""
    word = _IRREGULAR.get(word, word)
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
    means: tuple[str, ...]  # stems; a phrase of the rules' ("turn order") as its stems joined by spaces
    why: str


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the stem typed and every stem that means it here, with its weight."""

    typed: str
    alternatives: Mapping[str, float]
    importance: float = 1.0  # the words of a thesaurus phrase count half: the rules seldom say them


class Analyzer:
    """Stems for documents, concepts for questions."""

    def __init__(
        self, thesaurus: Sequence[ThesaurusEntry] = (), damped: frozenset[str] = frozenset()
    ) -> None:
        self._damped = damped
        self._single: dict[str, dict[str, float]] = {}
        self._phrases: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}  # by first stem
        for entry in paced(thesaurus):
            group = {s for phrase in entry.words if len(phrase) == 1 for s in phrase} | set(entry.means)
            for phrase in entry.words:
                if len(phrase) > 1:
                    self._phrases.setdefault(phrase[0], []).append((phrase, entry.means))
                    continue
                also = self._single.setdefault(phrase[0], {})
                for other in group - {phrase[0]}:
                    weight = MEANS_WEIGHT if other in entry.means else ALSO_WEIGHT
                    also[other] = max(also.get(other, 0.0), weight)
        for phrases in self._phrases.values():
            phrases.sort(key=lambda p: -len(p[0]))  # the longest phrase first

    def knows(self, word: str) -> bool:
        """Whether the thesaurus has the stem as a word of its own or the first of a phrase."""
        return word in self._single or word in self._phrases

    def _importance(self, word: str, importance: float) -> float:
        return min(importance, DAMPED_IMPORTANCE) if word in self._damped else importance

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
                    add(stems[i], self._importance(stems[i], 1.0))
                i += 1
                continue
            means = {word: 1.0 for word in phrase[1]}
            if not any(set(means) <= set(c.alternatives) for c in found):
                # A phrase of question words only ("when do", "how long") hints at what is asked, no more.
                hint = not any(content[i : i + len(phrase[0])])
                found.append(Concept(phrase[1][0], means, PHRASE_WORD_IMPORTANCE if hint else 1.0))
            for j in range(i, i + len(phrase[0])):
                if content[j]:
                    add(stems[j], self._importance(stems[j], PHRASE_WORD_IMPORTANCE))
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
    _phrases: dict[str, tuple[dict[int, float], float] | None] = field(default_factory=dict)
    _concepts: OrderedDict[
        tuple[tuple[str, float], ...], tuple[dict[int, float], dict[int, float], tuple[int, ...]]
    ] = field(default_factory=OrderedDict)
    size: int = 0

    def build(self, documents: Iterable[Sequence[str]]) -> TextIndex:
        """Index the documents (positions 0, 1, ... in order)."""
        counted: list[list[dict[str, int]]] = []
        lengths: list[list[int]] = []
        # Each text stemmed once: a parent's text is the context of each of its children.
        seen: dict[str, tuple[dict[str, int], int]] = {}
        for texts in paced(documents):
            per_field = [seen.get(t) or seen.setdefault(t, self._counted(t)) for t in texts]
            counted.append([counts for counts, _ in per_field])
            lengths.append([length for _, length in per_field])
        self.size = len(counted)
        averages = [
            max(1.0, sum(doc[f] for doc in lengths) / max(1, self.size)) for f in range(len(self.fields))
        ]
        frequency: dict[str, dict[int, float]] = {}
        for position, doc in paced(enumerate(counted)):
            for f, counts in enumerate(doc):
                spec = self.fields[f]
                norm = 1 - spec.b + spec.b * lengths[position][f] / averages[f]
                for term, n in counts.items():
                    weights = frequency.setdefault(term, {})
                    weights[position] = weights.get(position, 0.0) + spec.weight * n / norm
        for term, weights in paced(frequency.items()):
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
        """How rare a word is here; for a phrase of the rules (stems joined by spaces: "turn order"), how rare it is
        to hold all its words."""
        if " " in term:
            phrase = self._phrase(term)
            return phrase[1] if phrase else 0.0
        return self._idf.get(term, 0.0)

    def postings(self, term: str) -> dict[int, float] | None:
        """Each document holding the word (or every word of the phrase), with its value; None when none does."""
        if " " in term:
            phrase = self._phrase(term)
            return phrase[0] if phrase else None
        return self._postings.get(term)

    def _phrase(self, term: str) -> tuple[dict[int, float], float] | None:
        """A phrase's postings and rarity, worked out once: the documents holding all its words, each valued as a
        word would be, with the phrase's rarity and the mean saturation of its words there."""
        if term in self._phrases:
            return self._phrases[term]
        parts = [(self._postings.get(w, {}), self._idf.get(w, 0.0)) for w in term.split()]
        holding = (
            set.intersection(*(set(values) for values, _ in parts)) if all(i > 0 for _, i in parts) else set()
        )
        found = None
        if holding:
            idf = math.log(1 + (self.size - len(holding) + 0.5) / (len(holding) + 0.5))
            postings = {p: idf * sum(v[p] / i for v, i in parts) / len(parts) for p in holding}
            found = (postings, idf)
        self._phrases[term] = found
        return found

    def concept_weight(self, concept: Concept) -> float:
        """How rare the concept is: the idf of its rarest form that occurs (0 when none occurs)."""
        return max((self.idf(t) for t in concept.alternatives), default=0.0)

    def score(self, concepts: Sequence[Concept]) -> Scores:
        """Every document holding a concept, with its score: each concept through the best of its words.

        How much of the question a document holds counts each concept by the rarest of its words the document has,
        times that word's weight: a document holding only "player" of the phrase "first player" holds less of it than
        one holding "first", and one holding a word the thesaurus adds less than one holding the word typed.

        The documents scored are those holding a selective word (one few documents have), when the question has
        one: the words most documents hold ("card", "play") are then only added up for those. A document holding only
        common words holds little of a question that has rarer ones."""
        merged = [self._merged(concept) for concept in concepts]
        total = sum(c.importance * self.concept_weight(c) for c in concepts)
        candidates: set[int] = set()
        for _, _, rare in merged:
            candidates.update(rare)
        weighted = [
            (c.importance, values, rarities)
            for c, (values, rarities, _) in zip(concepts, merged, strict=True)
        ]
        score: dict[int, float] = {}
        held: dict[int, float] = {}
        if not candidates:  # no selective word: every document holding a word is scored
            candidates = {p for _, values, _ in weighted for p in values}
        for position in candidates:
            value = rarity = 0.0
            for importance, values, rarities in weighted:
                found = values.get(position)
                if found is not None:
                    value += importance * found
                    rarity += importance * rarities[position]
            if value:
                score[position] = value
                held[position] = rarity
        return Scores(score, held, total)

    def _merged(self, concept: Concept) -> tuple[dict[int, float], dict[int, float], tuple[int, ...]]:
        """A concept over the index, worked out once for its words (the last `MERGED_CONCEPTS` kept): each document's
        value (the best of its words', each times the word's weight), the rarity of the rarest word it holds (times its
        weight), and the documents holding a selective word of it."""
        key = tuple(sorted(concept.alternatives.items()))
        found = self._concepts.get(key)
        if found is not None:
            self._concepts.move_to_end(key)
            return found
        found_terms = [
            (self.postings(t), weight, weight * self.idf(t)) for t, weight in concept.alternatives.items()
        ]
        terms = sorted(
            ((values, weight, rarity) for values, weight, rarity in found_terms if values is not None),
            key=lambda term: -term[2],
        )
        best: dict[int, float] = {}
        rarest: dict[int, float] = {}
        rare: list[int] = []
        for values, weight, rarity in terms:
            if len(values) <= SELECTIVE_POSTINGS:
                rare.extend(values)
            if not best:
                best = {p: v * weight for p, v in values.items()} if weight != 1.0 else dict(values)
                rarest = dict.fromkeys(values, rarity)
                continue
            for position, value in values.items():
                value *= weight
                if value > best.get(position, 0.0):
                    best[position] = value
            rarest.update(dict.fromkeys(values.keys() - rarest.keys(), rarity))
        found = self._concepts[key] = (best, rarest, tuple(rare))
        while len(self._concepts) > MERGED_CONCEPTS:
            self._concepts.popitem(last=False)
        return found


def _counts(stems: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for s in stems:
        counts[s] = counts.get(s, 0) + 1
    return counts
