"""How alike two questions are in what they ask, by their words: the guard that keeps the measured questions out of
the index (tests/cardsdb/search/test_question_set.py) and the build's report of one question asked of two rules.

A question is read as the set of stems of its words (`cardsdb.search.text_rank.stem`), the words that only carry the
sentence left out (articles, pronouns, "be", "do" and "have", prepositions: "how long is a round at a tournament" and
"how long are rounds at a tournament" are the same set), the words that say what is asked kept ("how many", "when",
"where", "can", "not": "how many runes go in the rune deck" is not "where does my rune deck go"). Two sets are compared
by their shared words' weight over all their words' (a weighted Jaccard), each word weighing its rarity among the
questions compared against (`Likeness`): "what does mighty mean" shares "what" and "mean" with "what does heal mean",
which weigh little, and differs by "mighty" and "heal", which weigh much.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence

from cardsdb.search.text_rank import stem, words

# Words that only carry the sentence: their absence changes nothing that is asked.
_FILLER_WORDS = """
    a an the i me my mine myself you your yours yourself we us our ours they them their theirs he him his she her it
    its is are was were be been being am do does did doing done have has had having of to in on at for with by as from
    into onto about and or but so then that this these those there just also still even really actually ever very
    too ok okay please s t u ur im ive youre youve theyre theyve weve thats theres heres
"""
_FILLER = frozenset(_FILLER_WORDS.split())
_NOT = "dont doesnt didnt isnt arent wasnt werent hasnt havent hadnt aint"
# Contractions typed without an apostrophe, as the words they stand for ("cant" asks "can" and "not").
_SPELLED_OUT = {
    "whats": "what",
    "hows": "how",
    "wheres": "where",
    "whens": "when",
    "whos": "who",
    "whys": "why",
    "cant": "can not",
    "cannot": "can not",
    "wont": "will not",
    "wouldnt": "would not",
    "shouldnt": "should not",
    "couldnt": "could not",
    **dict.fromkeys(_NOT.split(), "not"),
}

Stems = frozenset[str]

# An indexed question at least this alike a measured one asks it in other words, often enough that it is not indexed
# (tests/cardsdb/search/test_question_set.py, `python -m tools.asked guard`). Over the pairs of the tuning half's and
# the written sets' questions with the indexed ones, 15 drawn a band, a pair asked the same thing 3 times at
# 0.40-0.45, 5 at 0.45-0.5 and 0.5-0.55, 10 at 0.55-0.6, 11 at 0.6-0.7 and 13 above: below this, most pairs ask
# different things about the same words (what words miss, a sentence encoder finds).
MEASURED_ALIKE = 0.5
# The same guard by meaning: an indexed question whose sentence vector (cardsdb.search.encoder) is at least this close
# (cosine) to a measured question's is not indexed. Read the same way, a pair asked the same thing 1 time in 15 at
# 0.70-0.75, 4 at 0.75-0.8, 9 at 0.8-0.85 and 0.85-0.9, 13 above.
MEASURED_MEANING = 0.8


def asked_stems(question: str) -> Stems:
    """The stems of what a question asks: "Can't I hide two cards?" -> {"can", "not", "hide", "two", "card"}."""
    found: set[str] = set()
    for word in words(question):
        found.update(stem(w) for w in _SPELLED_OUT.get(word, word).split() if w not in _FILLER)
    return frozenset(found)


class Likeness:
    """Questions to compare against (the index), each word weighing its rarity among them: log((n + 1) / (df + 1)) + 1,
    so that a word none of them holds weighs most."""

    def __init__(self, questions: Iterable[str]) -> None:
        self.questions = tuple(questions)
        self.stems = tuple(asked_stems(q) for q in self.questions)
        self._held: defaultdict[str, list[int]] = defaultdict(list)
        for i, held in enumerate(self.stems):
            for word in held:
                self._held[word].append(i)
        self._total = len(self.questions)
        self._weights = {word: self._rarity(len(held)) for word, held in self._held.items()}
        self._masses = [self.mass(held) for held in self.stems]

    def _rarity(self, holding: int) -> float:
        return math.log((self._total + 1) / (holding + 1)) + 1

    def weight(self, word: str) -> float:
        found = self._weights.get(word)
        return self._rarity(0) if found is None else found

    def mass(self, asked: Stems) -> float:
        return sum(self.weight(w) for w in asked)

    def beyond(self, asked: Stems, other: Stems) -> float:
        """The share of `other`'s weight in words `asked` lacks, where `other` holds every word of `asked` (0.0
        where it lacks one): how much narrower a question `other` asks ("can I hide a second card at a battlefield
        where I already have one" beyond "can I hide a card at a battlefield": "second", "already", "one")."""
        if not asked <= other or not other:
            return 0.0
        return self.mass(other - asked) / self.mass(other)

    def score(self, a: Stems, b: Stems) -> float:
        """Their shared words' weight over all their words': 1.0 the same words, 0.0 none shared."""
        return self._scored(a, self.mass(a), b, self.mass(b))

    def _scored(self, a: Stems, a_mass: float, b: Stems, b_mass: float) -> float:
        shared = sum(self.weight(w) for w in a & b)
        union = a_mass + b_mass - shared
        return shared / union if union else 0.0

    def alike(self, question: str, threshold: float) -> list[tuple[int, float]]:
        """The questions compared against (by position) that score at least `threshold` with `question`."""
        asked = asked_stems(question)
        found = self._alike(asked, self.mass(asked), threshold, after=-1)
        return sorted(found, key=lambda pair: (-pair[1], pair[0]))

    def _alike(self, asked: Stems, mass: float, threshold: float, after: int) -> list[tuple[int, float]]:
        sharing = {
            i for word in self._deciding(asked, threshold) for i in self._held.get(word, ()) if i > after
        }
        found = []
        for i in sharing:
            other = self._masses[i]
            # the shared weight is at most the lighter one's: a pair so unequal cannot reach the threshold
            if threshold * max(mass, other) <= min(mass, other):
                score = self._scored(asked, mass, self.stems[i], other)
                if score >= threshold:
                    found.append((i, score))
        return found

    def _deciding(self, asked: Stems, threshold: float) -> list[str]:
        """The heaviest words of `asked` one of which any question scoring at least `threshold` with it must hold:
        without them, what is left weighs less than `threshold` of `asked` alone, let alone of the union."""
        heaviest = sorted(asked, key=lambda w: (-self.weight(w), w))
        left = sum(self.weight(w) for w in heaviest)
        needed = threshold * left
        for n, word in enumerate(heaviest):
            left -= self.weight(word)
            if left < needed:
                return heaviest[: n + 1]
        return heaviest

    def alike_pairs(self, threshold: float) -> list[tuple[int, int, float]]:
        """Every pair of the questions compared against (i < j) that scores at least `threshold`."""
        pairs = [
            (i, j, score)
            for i, asked in enumerate(self.stems)
            for j, score in self._alike(asked, self._masses[i], threshold, after=i)
        ]
        return sorted(pairs)


def flagged(likeness: Likeness, measured: Sequence[str], threshold: float) -> set[int]:
    """The questions compared against (by position) that are alike any of `measured`."""
    return {i for question in measured for i, _ in likeness.alike(question, threshold)}


__all__ = ["MEASURED_ALIKE", "MEASURED_MEANING", "Likeness", "Stems", "asked_stems", "flagged"]
