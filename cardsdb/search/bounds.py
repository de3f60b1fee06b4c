"""How much of what a user types the in-memory searches read. A question is a sentence: its first words are read, and
the first few rule numbers in it; the rest is not read, so that no query (an option holds 6,000 characters) makes a
search work long. `question_words` is applied where the words enter the ranking (`QuestionRanker`), the card search
caps its terms in `syntax.parse`.
"""

from __future__ import annotations

import re

MAX_WORDS = 40
"""Words of one question read at most (the longest question of the question sets has 22)."""
MAX_NUMBERS = 4
"""Rule numbers in one question read at most: each is compared with every rule."""

_NUMBER = re.compile(r"[(\[]?\d")  # a word that begins with a digit: "811.1.d", "1.1", "2"


def question_words(text: str) -> str:
    """The words of `text` a search reads: the first MAX_WORDS, of which at most MAX_NUMBERS written as rule numbers
    (later numbers are left out). Spaces are folded; nothing else changes."""
    kept: list[str] = []
    numbers = 0
    for word in text.split(maxsplit=MAX_WORDS)[:MAX_WORDS]:
        if _NUMBER.match(word):
            numbers += 1
            if numbers > MAX_NUMBERS:
                continue
        kept.append(word)
    return " ".join(kept)
