"""The honest boundary: every sentence of a card's text, read into what the engine knows of it or marked not understood.

A sentence is read when the engine knows what it does to the questions it answers: the choices an instruction makes
(every object it mentions accounted for), a keyword the engine applies, a cost, a static ability it applies. A sentence
not understood says why, belongs to a pattern (for the coverage report), and names what it may bear on, so that a
verdict never rests on it (`boundary.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from cardsdb.engine.card_costs import additional_costs
from cardsdb.engine.choices import (
    _EFFECT_PAYMENT,
    _FROM_FACEDOWN_SENTENCE,
    _SOMETHING,
    _TOKEN_PLAY,
    _UNIT_REPLAY,
    PHRASE,
)
from cardsdb.engine.cost_changes import (
    _ENEMY_SPELLS_IN_COMBAT,
    _FRIENDLY_SPELLS_IN_COMBAT,
    _OPPONENTS_SPELLS,
    _REACTION_CARDS,
)
from cardsdb.engine.sentences import Sentence, card_sentences
from cardsdb.models import Card

Aspect = Literal["choices", "cost", "timing", "place", "permission", "targeting", "might", "keywords"]

# An object a sentence mentions with an indefinite determiner: something it may choose (v1.4 355.9, 355.10).
_DET = r"(?:an?|another|one|two|three|four|five|up to (?:one|two|three|four|\d+)|any number of)"
_NOUN = (
    r"(?:units?|gears?|spells?|abilit(?:y|ies)|cards?|battlefields?|players?|opponents?|runes?|legends?|"
    r"locations?|Equipment|something)"
)
# A tag used as a noun ("another friendly Mech", "a Bird, Cat, Dog, or Poro") is capitalized.
_STOP = r"(?:of|that|to|from|at|in|on|with|and|or|the|its|it|their|this|there|here|than|for|as|by|is|are|be)"
MENTION = re.compile(
    rf"(?i:\b{_DET}\s+(?:(?!{_DET}\b|{_STOP}\b)[\w'-]+,?\s+){{0,4}}?{_NOUN}\b|\bsomething\b)"
    rf"|(?i:\b{_DET}\s+(?:(?:friendly|enemy|other)\s+)?)[A-Z][\w'-]+\b"
)
_USED_KEYWORDS = frozenset({"hidden", "action", "reaction", "accelerate", "deflect"})


@dataclass(frozen=True)
class SentenceReading:
    """One sentence and what the engine read it as, or why it did not."""

    sentence: Sentence
    read_as: str = ""
    unread: str = ""  # why it is not understood; empty when read
    pattern: str = ""  # the group an unread sentence belongs to, for the coverage report
    bears_on: frozenset[Aspect] = frozenset()  # what an unread sentence may bear on

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def text(self) -> str:
        return self.sentence.text


def _mentions(text: str) -> list[re.Match[str]]:
    return [m for m in MENTION.finditer(text) if not re.match(r"(?i)one (?:of|that|you|to)\b", m.group(0))]


def _spans(text: str) -> list[tuple[int, int]]:
    """What the targeting-phrase parser consumes of a sentence: its choices, tokens, replays and payments."""
    found = [*PHRASE.finditer(text), *_SOMETHING.finditer(text), *_TOKEN_PLAY.finditer(text)]
    found += [*_UNIT_REPLAY.finditer(text), *_EFFECT_PAYMENT.finditer(text)]
    return [(m.start(), m.end()) for m in found]


def _instruction(sentence: Sentence) -> SentenceReading:
    text = sentence.text
    spans = _spans(text)
    loose = [m.group(0) for m in _mentions(text) if not any(a <= m.start() < b for a, b in spans)]
    if loose:
        return SentenceReading(
            sentence,
            unread=f"the engine does not read '{loose[0]}'",
            pattern=f"{sentence.part}: mentions {_noun(loose[0])}",
            bears_on=frozenset({"choices"}),
        )
    chosen = [text[a:b] for a, b in spans]
    what = f"chooses {'; '.join(chosen)}" if chosen else "makes no choice"
    return SentenceReading(sentence, read_as=f"{sentence.part.replace('_', ' ')}: {what}")


def _noun(mention: str) -> str:
    words = mention.split()
    return words[-1].casefold().rstrip("s") if words else mention


_OLD_STATICS = (
    _REACTION_CARDS,
    _ENEMY_SPELLS_IN_COMBAT,
    _OPPONENTS_SPELLS,
    _FRIENDLY_SPELLS_IN_COMBAT,
    re.compile(r"\bI can't be chosen by enemy spells and abilities", re.IGNORECASE),
    re.compile(r"\bYour units here with less Might than me can't be chosen", re.IGNORECASE),
    re.compile(r"pay \[\d+\] to hide a card with \[?Hidden\]? instead of", re.IGNORECASE),
    re.compile(r"hide cards ignoring costs", re.IGNORECASE),
    re.compile(r"hide an additional card here", re.IGNORECASE),
    re.compile(r"opponents'? \[?Hidden\]? cards can't be revealed here", re.IGNORECASE),
)


def _static(sentence: Sentence) -> SentenceReading:
    if any(p.search(sentence.text) for p in _OLD_STATICS) or _FROM_FACEDOWN_SENTENCE.search(sentence.text):
        return SentenceReading(sentence, read_as="static: read by a text pattern")
    return SentenceReading(
        sentence,
        unread="a static ability the engine does not read",
        pattern="static ability",
        bears_on=frozenset(),
    )


def _keyword(sentence: Sentence) -> SentenceReading:
    names = {k.split()[0].casefold() for k in sentence.keywords}
    unknown = sorted(names - _USED_KEYWORDS)
    if unknown:
        return SentenceReading(
            sentence,
            unread=f"the engine does not apply {', '.join(unknown)}",
            pattern=f"keyword: {unknown[0]}",
        )
    return SentenceReading(sentence, read_as=f"keyword: {', '.join(sorted(names))}")


def _cost(sentence: Sentence, card: Card) -> SentenceReading:
    if any(c.text in sentence.text or sentence.text in c.text for c in additional_costs(card)):
        return SentenceReading(sentence, read_as="additional cost")
    return SentenceReading(
        sentence, unread="an additional cost the engine does not read", pattern="additional cost"
    )


def _reading(sentence: Sentence, card: Card) -> SentenceReading:
    if sentence.part == "keyword":
        return _keyword(sentence)
    if sentence.part == "additional_cost":
        return _cost(sentence, card)
    if sentence.condition:
        return SentenceReading(
            sentence, unread=f"its condition ({sentence.condition}) is not read", pattern="condition"
        )
    if re.match(r"^If you played this from your hand", sentence.text, re.IGNORECASE):
        return SentenceReading(sentence, read_as="only when played from hand")
    if sentence.part in ("spell", "play_effect", "trigger", "activated", "as_played"):
        return _instruction(sentence)
    return _static(sentence)


@lru_cache(maxsize=4096)
def read_card(card: Card) -> tuple[SentenceReading, ...]:
    """Every sentence of the card, read or not (once per card: cards are frozen values)."""
    return tuple(_reading(sentence, card) for sentence in card_sentences(card))
