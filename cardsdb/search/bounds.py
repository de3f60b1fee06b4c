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
MAX_WORD_LENGTH = 30
"""Characters of one word read at most (the longest word of the question sets and the asked questions has 16): a
"word" of 6,000 brackets is not read whole by the sentence encoder, whose cost grows with what it reads."""

_NUMBER = re.compile(r"[(\[]?\d")  # a word that begins with a digit: "811.1.d", "1.1", "2"


def question_words(text: str) -> str:
    """The words of `text` a search reads: the first MAX_WORDS, of which at most MAX_NUMBERS written as rule numbers
    (later numbers are left out), each cut at MAX_WORD_LENGTH characters. Spaces are folded; a space follows the last
    word when one followed it, or more words did (autocomplete reads a last word without one as still being typed);
    nothing else changes."""
    split = text.split(maxsplit=MAX_WORDS)
    read = split[:MAX_WORDS]
    kept: list[str] = []
    numbers = 0
    last_kept = False
    for word in read:
        last_kept = not _NUMBER.match(word) or numbers < MAX_NUMBERS
        numbers += bool(_NUMBER.match(word))
        if last_kept:
            kept.append(word[:MAX_WORD_LENGTH])
    typing = last_kept and len(split) == len(read) and not text[-1:].isspace()
    return " ".join(kept) + ("" if typing or not kept else " ")
