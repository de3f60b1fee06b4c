"""A card's reading as JSON and back: how the build stores it and the query layer hands it to the engine.

Every type of a reading is a frozen dataclass of plain values, tuples, frozensets and other such types; each is
written as an object naming its type (`"_"`) and the fields that differ from their defaults, and read back into the
same type. A type not listed here can't be written: a new type of reading is added to `TYPES`.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from cardsdb.engine.reading import constraints, effects, specs
from cardsdb.engine.reading.card_reading import CardReading, Keyword, Sentence, SentenceReading

TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        CardReading,
        Keyword,
        Sentence,
        SentenceReading,
        *effects.STATIC_TYPES,
        effects.Condition,
        effects.Scope,
        specs.CardChoices,
        specs.ChoiceSpec,
        specs.PlayTrigger,
        specs.UnitPlay,
        specs.Conditional,
        specs.AdditionalCost,
        constraints.HasStatus,
        constraints.Might,
        constraints.Another,
        constraints.Tagged,
        constraints.Domain,
        constraints.WithKeyword,
        constraints.CostLimit,
        constraints.SameName,
        constraints.Unread,
        constraints.UnitsThere,
        constraints.SameBattlefield,
        constraints.OneBattlefield,
        constraints.TotalMight,
        constraints.SameController,
        constraints.SameLocation,
    )
}
_SET = "_set"


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    if field.default_factory is not dataclasses.MISSING:
        return field.default_factory()
    return dataclasses.MISSING


def encode(value: Any) -> Any:
    """A reading (or any part of one) as JSON-ready data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        name = type(value).__name__
        if TYPES.get(name) is not type(value):
            raise TypeError(f"{name} is not a type of reading the codec knows")
        data: dict[str, Any] = {"_": name}
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if item != _default(field):
                data[field.name] = encode(item)
        return data
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {_SET: sorted(encode(v) for v in value)}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    raise TypeError(f"a reading can't hold {type(value).__name__}")


def decode(data: Any) -> Any:
    """JSON-ready data back into the reading's types (every list a tuple)."""
    if isinstance(data, dict):
        if _SET in data:
            return frozenset(decode(v) for v in data[_SET])
        cls = TYPES[data["_"]]
        return cls(**{k: decode(v) for k, v in data.items() if k != "_"})
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    return data


def dumps(reading: CardReading) -> str:
    return json.dumps(encode(reading), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def loads(text: str) -> CardReading:
    found = decode(json.loads(text))
    if not isinstance(found, CardReading):
        raise ValueError("not a card reading")
    return found
