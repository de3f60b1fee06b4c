"""The honest boundary: every sentence of a card's text, read into what the engine knows of it or marked not understood.

A sentence is read when the engine knows what it does to the questions it answers: the choices an instruction makes
(every object it mentions accounted for, `instructions.py`), a keyword, an additional cost, a static ability it
applies or knows to have no bearing on playing, choosing or paying (`statics.py`). A sentence not understood says
why, belongs to a pattern (for the coverage report) and names what it may bear on, so that no verdict rests on it
(`boundary.py`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from cardsdb.engine.reading.card_choices import instruction_body
from cardsdb.engine.reading.card_costs import additional_costs
from cardsdb.engine.reading.card_reading import Sentence, SentenceReading
from cardsdb.engine.reading.effects import Aspect, CostChange, Scope, StaticEffect
from cardsdb.engine.reading.instructions import read_instruction
from cardsdb.engine.reading.sentences import card_sentences
from cardsdb.engine.reading.specs import Purpose
from cardsdb.engine.reading.statics import guess_aspects, read_hiding, read_static
from cardsdb.models import Card

# What each keyword does to the engine's questions (v1.4 805-829, 811, 822): applied, or of no bearing on playing,
# choosing or paying. A keyword not listed is not understood.
KEYWORD_READINGS: dict[str, str] = {
    "hidden": "Hidden: may be hidden and played from facedown (811)",
    "action": "Action: played on your turn or in showdowns (806)",
    "reaction": "Reaction: played any time a Reaction may be (813)",
    "ambush": "Ambush: Reaction timing and permission when played to a battlefield where you control units (822.1.b)",
    "quick-draw": "Quick-Draw: Reaction timing; its play effect attaches it to a unit you control (819.1.d)",
    "accelerate": "Accelerate: an optional additional cost (805)",
    "deflect": "Deflect: an opponent's spell or ability choosing it costs more power (809)",
    "repeat": "Repeat: an optional additional cost that repeats the effect (820)",
    "weaponmaster": "Weaponmaster: its play effect may attach one of your Equipment to it (821), optional",
    "vision": "Vision: its play effect looks at the top card of your deck, choosing nothing (817)",
    "assault": "Assault: Might while attacking (combat only)",
    "shield": "Shield: Might while defending (combat only)",
    "tank": "Tank: combat damage order (combat only)",
    "backline": "Backline: combat damage order (combat only)",
    "ganking": "Ganking: movement (no bearing on playing or choosing)",
    "hunt": "Hunt: XP when it conquers or holds (no bearing on playing)",
    "temporary": "Temporary: killed at its controller's Beginning Phase (no bearing on playing)",
    "unique": "Unique: deck building (no bearing on playing)",
    "equip": "Equip: an activated ability (no bearing on playing it)",
    "empower": "Empower: an activated ability (no bearing on playing it)",
    "flow": "Flow: a way to play it from the trash (no bearing on playing it from hand or facedown)",
    "level": "Level: a condition on XP",
    "legion": "Legion: a condition on another card played this turn",
    "deathknell": "Deathknell: when it dies (no bearing on playing)",
    "empowered": "Empowered: a condition",
    "disarm": "Disarm: when it attacks, an enemy unit there has less Might (combat only)",
}


# Keywords the engine does not apply, known by their reminder text to bear on one thing only (no rule gives them yet).
UNKNOWN_BEARING: dict[str, frozenset[Aspect]] = {
    "deploy": frozenset(
        {"place"}
    ),  # "Play this only to a battlefield. When an opponent holds here, kill this."
}


def _keyword(sentence: Sentence) -> SentenceReading:
    names = [k.split()[0].casefold() for k in sentence.keywords]
    unknown = [n for n in names if n not in KEYWORD_READINGS]
    if unknown:
        return unread_reading(
            sentence,
            f"the engine does not know the keyword {unknown[0]}",
            f"keyword: {unknown[0]}",
            UNKNOWN_BEARING.get(unknown[0], frozenset({"timing", "place", "cost", "choices"})),
        )
    return SentenceReading(sentence, read_as="; ".join(KEYWORD_READINGS[n] for n in names))


def _bare(text: str) -> str:
    return re.sub(r"\[([A-Za-z][\w' -]*)\]", r"\1", text).strip().rstrip(".").casefold()


def _is_cost(sentence: Sentence, card: Card) -> bool:
    words = _bare(sentence.text)
    return any(
        _bare(c.text) in words or words in _bare(c.text) for c in additional_costs(card) if c.keyword is None
    )


def _cost(sentence: Sentence, card: Card) -> SentenceReading:
    if _is_cost(sentence, card):
        return SentenceReading(sentence, read_as="an additional cost (356.1.b.3)")
    return unread_reading(
        sentence, "an additional cost the engine does not read", "additional cost", frozenset({"cost"})
    )


_NOUN_OF_UNREAD = re.compile(
    r"'(?:(?:an?|another|any|up to \w+|any number of|one of \w+|two|\d+)\s+)?(?P<words>[^']*)'"
)


def _pattern(part: str, unread: list[str]) -> str:
    first = unread[0]
    match = _NOUN_OF_UNREAD.match(first)
    words = (match.group("words") if match else first).split(" in ")[0]
    return f"{part.replace('_', ' ')}: {' '.join(words.split()[:4])}"


def _instruction(sentence: Sentence, first: bool, context: str) -> SentenceReading:
    body, _ = instruction_body(sentence, first)
    purpose: Purpose = "play_effect" if sentence.part == "play_effect" else "spell"
    reading = read_instruction(body, purpose, None, context)
    label = {"spell": "instruction", "play_effect": "play effect", "trigger": "triggered ability"}.get(
        sentence.part, "activated ability"
    )
    if not reading.read:
        aspects: set[Aspect] = {"choices"} if sentence.part in ("spell", "play_effect") else set()
        return unread_reading(
            sentence,
            f"the engine does not read {'; '.join(reading.unread)}",
            _pattern(sentence.part, reading.unread),
            frozenset(aspects),
        )
    when = f"[{sentence.condition}] " if sentence.condition else ""
    return SentenceReading(sentence, read_as=f"{label}: {when}{reading.words}")


def _static(sentence: Sentence, before: Scope | None) -> tuple[SentenceReading, tuple[StaticEffect, ...]]:
    found = read_static(sentence.text, sentence.condition, before)
    if found.read:
        return SentenceReading(sentence, read_as=found.read_as), found.effects
    return unread_reading(
        sentence,
        found.unread or "a static ability the engine does not read",
        found.pattern or "static: " + " ".join(sentence.text.split()[:3]),
        guess_aspects(sentence.text),
    ), ()


_GRANT = re.compile(r"\bmay\b|\bcan(?! ?not|'t)\b|\bless\b|\bignor|\breduc", re.IGNORECASE)
_RESTRICT = re.compile(r"can't|cannot|\bonly\b|\bmust\b|\bcosts? [^.]*\bmore\b|\bincrease", re.IGNORECASE)
_KINDS = {
    "card": r"\bcards?\b",
    "unit": r"\bunits?\b",
    "spell": r"\bspells?\b",
    "gear": r"\bgears?\b|\bEquipment\b",
}


def unread_reading(
    sentence: Sentence, why: str, pattern: str, bears_on: frozenset[Aspect]
) -> SentenceReading:
    """A sentence not understood, with what it may bear on and, from its words, which way it can turn an answer
    and whom it may reach: decided here, once, so that nothing reads its words when the engine answers."""
    text = sentence.text
    grants, restricts = bool(_GRANT.search(text)), bool(_RESTRICT.search(text))
    rises = "+" in text or "increase" in text.casefold()
    return SentenceReading(
        sentence,
        unread=why,
        pattern=pattern,
        bears_on=bears_on,
        grants=grants and not restricts,
        restricts=restricts and not grants,
        speaks_of=tuple(kind for kind, words in _KINDS.items() if re.search(words, text, re.IGNORECASE)),
        here=bool(re.search(r"\bhere\b|my battlefield", text)),
        itself=bool(re.match(r"^(?:I|My)\b", text)),
        of_choosing=bool(re.search(r"\bchosen\b|\btargeted\b", text)),
        raises=rises,
        lowers="-" in text or not rises,
    )


Read = tuple[SentenceReading, tuple[StaticEffect, ...]]


def _reading(sentence: Sentence, card: Card, first: bool, context: str, before: Scope | None) -> Read:
    """One sentence read, with the static effects it has."""
    if sentence.part == "keyword":
        return _keyword(sentence), ()
    if sentence.part in ("additional_cost", "as_played"):
        if sentence.part == "as_played" and not _is_cost(sentence, card):
            return _static(sentence, before)
        return _cost(sentence, card), ()
    if sentence.part in ("spell", "play_effect", "trigger", "activated"):
        if sentence.part == "spell" and re.match(r"^Choose one\b.*—$", sentence.text):
            return SentenceReading(
                sentence, read_as="instruction: chooses one of the modes below (355.3)"
            ), ()
        read = _instruction(sentence, first, context)
        hiding = read_hiding(sentence.text) if sentence.part == "spell" else None
        if hiding is not None:  # "You can hide cards ignoring costs this turn": what the spell lets you do
            return replace(read, read_as=f"{read.read_as}; {hiding.read_as}"), hiding.effects
        return read, ()
    return _static(sentence, before)


def read_sentences(card: Card) -> tuple[Read, ...]:
    """Every sentence of the card, read or not, each with the static effects it has (in the order of the text)."""
    said: dict[int, list[str]] = {}
    found: list[Read] = []
    before: Scope | None = None  # whom the card's last cost change reached: "they" in the next sentence
    for sentence in card_sentences(card):
        first = sentence.line not in said
        context = said.setdefault(sentence.line, [])
        read = _reading(sentence, card, first, " ".join(context), before)
        found.append(read)
        context.append(sentence.text)
        before = next((e.scope for e in read[1] if isinstance(e, CostChange)), before)
    return tuple(found)
