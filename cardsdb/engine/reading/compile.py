"""`compile_reading(card)`: a card's text read once into its `CardReading`. The build calls it for every card and
stores what it returns (`cardsdb/build/readings.py`); the query layer hands the stored readings to the engine, and
compiles one itself only for a card the build did not read (a database built by another reader).
"""

from __future__ import annotations

import re
from dataclasses import replace

from cardsdb.engine.reading.card_reading import CardReading, Keyword
from cardsdb.engine.reading.cardtext import printed_keywords, symbols_to_words
from cardsdb.engine.reading.effects import StaticEffect
from cardsdb.engine.reading.keyword_choices import with_keyword_choices
from cardsdb.engine.reading.overrides import choices_for
from cardsdb.engine.reading.sentences import LINE_KEYWORDS
from cardsdb.engine.reading.understanding import read_sentences
from cardsdb.models import Card

_TOKEN = re.compile(r"\[(?P<name>[A-Za-z][A-Za-z' -]*?)(?: (?P<value>\d+))?\]")


def _keywords(card: Card) -> tuple[Keyword, ...]:
    """The keywords printed on the card, each with its value and whether it is in an Equipment's effect text (the
    lines after the blank line: v1.4 718.3, they reach the unit it is attached to)."""
    names = {n for n in printed_keywords(card) if n in LINE_KEYWORDS}
    raw = symbols_to_words(card.text_raw or card.text)
    rules, _, effect = (
        raw.partition("\n\n") if "equipment" in {t.casefold() for t in card.tags} else (raw, "", "")
    )
    found: dict[str, Keyword] = {}
    for text, in_effect in ((rules, False), (effect, True)):
        for line in text.splitlines():
            for match in _TOKEN.finditer(line.strip()[:80]):
                name = match.group("name").casefold()
                if name in names and name not in found and line.strip().startswith(match.group(0)):
                    value = int(match.group("value")) if match.group("value") else None
                    found[name] = Keyword(name, value, in_effect)
    for listed in card.keywords:
        name = listed.name.casefold()
        if name not in found and name in LINE_KEYWORDS:
            value = int(listed.value) if listed.value and listed.value.isdigit() else None
            found[name] = Keyword(name, value)
    for name in sorted(names - set(found)):  # "Hidden" printed without brackets (Windsinger)
        found[name] = Keyword(name)
    return tuple(found.values())


def compile_reading(card: Card) -> CardReading:
    """Everything the engine knows of the card's text, read once."""
    read = read_sentences(card)
    statics: list[StaticEffect] = []
    sentences = []
    for sentence, effects in read:
        first = len(statics)
        statics.extend(effects)
        sentences.append(
            replace(sentence, statics=tuple(range(first, len(statics)))) if effects else sentence
        )
    keywords = _keywords(card)
    names = frozenset(k.name for k in keywords)
    return CardReading(
        card=card.name,
        keywords=keywords,
        statics=tuple(statics),
        choices=with_keyword_choices(choices_for(card), names, card.types, card.domains),
        sentences=tuple(sentences),
    )
