"""Cards named in a question: what their text does says which rules the question is about.

"turn to dust on an attached equipment, does it die next turn" names Turn to Dust, whose text gives a gear
[Temporary] ("Kill it at the start of its controller's Beginning Phase"): the rule that answers is Temporary's. The
ranker (`cardsdb.search.question_rank`) adds the words of a named card's text to the question's, each counting for little
(`CARD_TEXT_IMPORTANCE`), so that they decide between rules the question's own words leave close.

A name is found in the words as typed, folded ("kog'maw" is "Kog'Maw, Caustic": a champion's name before the comma
when one card alone has it). A name of one word counts only where the rules never use the word and the thesaurus does
not know it ("Block", "Buff" and "Gold" are the rules' words, not a card asked about).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from cardsdb.search.text_rank import words

CARD_TEXT_IMPORTANCE = 0.3  # a word of a named card's text, against a word of the question
LONGEST_NAME = 6  # words


class CardTexts:
    """Card names, as word sequences, and their texts."""

    def __init__(self, cards: Iterable[tuple[str, str]], is_rules_word: Callable[[str], bool]) -> None:
        texts: dict[tuple[str, ...], list[str]] = {}
        champions: dict[tuple[str, ...], list[str]] = {}
        for name, text in cards:
            key = tuple(words(name))
            if not key or not text or (len(key) == 1 and is_rules_word(key[0])):
                continue
            texts.setdefault(key, []).append(text)
            champion, comma, _ = name.partition(",")
            short = tuple(words(champion))
            if comma and short and not (len(short) == 1 and is_rules_word(short[0])):
                champions.setdefault(short, []).append(text)
        for short, found in champions.items():
            if len(found) == 1 and short not in texts:
                texts[short] = found
        self._texts = texts
        self._first_words = {key[0] for key in texts}

    def named_in(self, question: str) -> list[str]:
        """The texts of the cards the question names, longest names first, each name's words used once."""
        typed = words(question)
        starts = [i for i, w in enumerate(typed) if w in self._first_words]
        found: list[str] = []
        used = [False] * len(typed)
        for size in range(min(LONGEST_NAME, len(typed)), 0, -1):
            for start in starts:
                texts = (
                    self._texts.get(tuple(typed[start : start + size]))
                    if start + size <= len(typed)
                    else None
                )
                if texts and not any(used[start : start + size]):
                    used[start : start + size] = [True] * size
                    found += texts
        return found


def card_rows(rows: Callable[..., Sequence[object]]) -> list[tuple[str, str]]:
    """(name, text) of every card in the database, for `CardTexts`."""
    return [(str(r[0]), str(r[1] or "")) for r in rows("SELECT name, text FROM cards")]  # type: ignore[index]


__all__ = ["CARD_TEXT_IMPORTANCE", "CardTexts", "card_rows"]
