"""A reading shown to people: as data (`reading_data`: the `reading` field of `python -m cardsdb card NAME --json`, and
without any of the card's words, the reviewed snapshot of every card's reading in the tests) and as lines of text
(`reading_lines`: `python -m cardsdb card NAME --reading`).

The text-free form keeps only what the engine decided: keyword names and values, what each static effect reaches
(kinds, whose, tags, here, zones), its condition as a code, cost changes as numbers, choices as what/whose/where/how
many with their constraints, and each sentence by its index in the card with its part and whether it was read. A
field is kept in it only when it is named in `CODE_FIELDS`: a new field of words stays out until someone says it
holds codes.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardsdb.engine.reading.card_reading import CardReading, SentenceReading

# Fields whose text is a code, a name (a keyword, a tag, a domain, a card type) or a number, never the card's words.
CODE_FIELDS = frozenset(
    {
        "kind",
        "name",
        "value",
        "effect",
        "keywords",
        "keyword",
        "tags",
        "tag",
        "subject",
        "statuses",
        "status",
        "side",
        "kinds",
        "zones",
        "itself",
        "here",
        "other",
        "amount",
        "per",
        "minimum",
        "more",
        "energy",
        "power",
        "floor",
        "instead",
        "smaller",
        "unless_combat",
        "units_of",
        "room",
        "free",
        "what",
        "whose",
        "where",
        "min_count",
        "max_count",
        "optional",
        "purpose",
        "card_types",
        "mode_free",
        "from_facedown",
        "on_your_turn",
        "to_battlefield",
        "token",
        "enters",
        "when",
        "negate",
        "op",
        "limit",
        "domains",
        "at_least",
        "power_domains",
        "discard",
        "xp",
        "attaches_on_play",
        "scope",
        "condition",
        "filters",
        "group",
        "alternatives",
        "trigger",
        "choices",
        "unit_plays",
        "costs",
        "conditionals",
        "needs_spec",
    }
)
# Lists of the card's words, shown in the text-free form as how many there are.
COUNTED_FIELDS = frozenset(
    {
        "unread",
        "unread_spell",
        "unread_play_effect",
        "other_choices",
        "hand_only",
        "facedown_only",
        "plain",
        "effect_payments",
        "gear_tokens",
    }
)


def _default(field: dataclasses.Field[Any], item: Any) -> bool:
    """Whether a field holds its default (or nothing), and is left out."""
    if field.default is not dataclasses.MISSING:
        return bool(item == field.default)
    if field.default_factory is not dataclasses.MISSING:
        return bool(item == field.default_factory())
    return item is None or item in ((), "")


def structured(value: Any) -> Any:
    """A part of a reading as data without the card's words (see `CODE_FIELDS`)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"type": type(value).__name__}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if field.name in COUNTED_FIELDS and isinstance(item, tuple):
                if item:
                    data[field.name] = len(item)
            elif field.name in CODE_FIELDS and not _default(field, item):
                # a choice's condition is the card's words ("if you paid the additional cost"): only that it has one
                data[field.name] = (
                    "a condition" if field.name == "condition" and isinstance(item, str) else structured(item)
                )
        return data
    if isinstance(value, tuple | list):
        return [structured(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(structured(v) for v in value)
    return value


def _sentence(index: int, reading: SentenceReading, *, text: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"sentence": index, "part": reading.sentence.part, "read": reading.read}
    if reading.bears_on:
        data["bears_on"] = sorted(reading.bears_on)
    if not reading.read:
        data.update({k: True for k in ("grants", "restricts") if getattr(reading, k)})
    if text:
        data["text"] = reading.text
        data["as" if reading.read else "why"] = reading.read_as if reading.read else reading.unread
    return data


def reading_data(reading: CardReading, *, text: bool = True) -> dict[str, Any]:
    """The reading as data; without `text`, none of the card's words (the snapshot's form)."""
    data: dict[str, Any] = {"card": reading.card}
    if reading.keywords:
        data["keywords"] = structured(reading.keywords)
    if reading.statics:
        data["statics"] = structured(reading.statics)
    choices = structured(reading.choices)
    choices.pop("type")
    if choices:
        data["choices"] = choices
    data["sentences"] = [_sentence(i, s, text=text) for i, s in enumerate(reading.sentences)]
    return data


def _words(value: Any) -> str:
    """A structured part in one line: "KeywordGrant keywords=[Quick-Draw] scope=(side=friendly ...)"."""
    if isinstance(value, dict):
        kind = value.get("type", "")
        inner = " ".join(f"{k}={_words(v)}" for k, v in value.items() if k != "type")
        return f"{kind}({inner})" if kind else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_words(v) for v in value) + "]"
    return str(value)


def reading_lines(reading: CardReading) -> list[str]:
    """The reading as text: what the engine knows of each sentence, its keywords, static effects and choices."""
    data = reading_data(reading, text=True)
    lines = [f"{reading.card}: what the engine reads"]
    if reading.keywords:
        lines.append(
            "Keywords: " + ", ".join(k.name + (f" {k.value}" if k.value else "") for k in reading.keywords)
        )
    lines += [f"Static: {_words(s)}" for s in data.get("statics", [])]
    for key, value in data.get("choices", {}).items():
        lines.append(f"{key.replace('_', ' ').capitalize()}: {_words(value)}")
    for i, sentence in enumerate(reading.sentences):
        mark = f"read as: {sentence.read_as}" if sentence.read else f"not read: {sentence.unread}"
        lines.append(f"  {i}. [{sentence.sentence.part}] {sentence.text}  ({mark})")
    return lines
