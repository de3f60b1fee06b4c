"""What a reading holds reaches a check (issue 32: a sentence parsed and then never applied is the bug class).

Over the real pool: every field of a reading's types that some card's reading fills (a value other than its default)
is read by the code that answers (the engine outside its readers of card text, and the reading's own types, whose
properties run at answer time); every code a reading holds (a condition's kind, a play rule's kind, what "for each"
counts, a zone a keyword grant reaches) is named where it is decided; every type of static effect is applied where
`coverage.APPLIED` says. A field or a code the reader produces and no check reads fails here, naming it (the Jax,
Unmatched sentence's `everywhere` was such a field).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardsdb.engine.coverage import APPLIED
from cardsdb.engine.reading import codec
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.effects import (
    STATIC_TYPES,
    Condition,
    CostChange,
    KeywordGrant,
    MightStatic,
    PlayRule,
)
from cardsdb.query import CardsDB
from tests.meta.test_imports import READING_TYPES
from tests.support.code import module_name, modules
from tests.support.paths import ROOT

ENGINE = ROOT / "cardsdb" / "engine"


def _consumers() -> list[Path]:
    """The code that answers: the engine outside its readers of card text."""
    return [
        path
        for name, path in modules().items()
        if name.startswith("cardsdb.engine")
        and (not name.startswith("cardsdb.engine.reading") or name in READING_TYPES)
    ]


def _read_attributes(paths: list[Path]) -> set[str]:
    """Every attribute the code reads (`x.name`), and every name it passes to getattr."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                found.add(node.attr)
    return found


def _literals(paths: list[Path]) -> set[str]:
    return {
        node.value
        for path in paths
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def _parts(value: Any) -> Iterator[Any]:
    """Every dataclass value inside a reading, the reading included."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield value
        for field in dataclasses.fields(value):
            yield from _parts(getattr(value, field.name))
    elif isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from _parts(item)


def _filled(readings: list[CardReading]) -> set[tuple[str, str]]:
    """(type, field) for every field some reading fills with a value other than its default."""
    filled: set[tuple[str, str]] = set()
    for reading in readings:
        for part in _parts(reading):
            for field in dataclasses.fields(part):
                value = getattr(part, field.name)
                default = (
                    field.default
                    if field.default is not dataclasses.MISSING
                    else field.default_factory()
                    if field.default_factory is not dataclasses.MISSING
                    else dataclasses.MISSING
                )
                if value != default:
                    filled.add((type(part).__name__, field.name))
    return filled


@pytest.fixture(scope="module")
def readings(real_cards: CardsDB) -> list[CardReading]:
    return [
        real_cards.reading(c) for n in real_cards.names.names if (c := real_cards.get_card(n)) is not None
    ]


@pytest.mark.real_data
def test_every_field_a_reading_fills_is_read_by_a_check(readings: list[CardReading]) -> None:
    read = _read_attributes(_consumers())
    filled = _filled(readings)
    assert len(filled) > 60  # the pool fills most of the reading's fields
    idle = sorted(f"{kind}.{field}" for kind, field in filled if field not in read)
    assert idle == []


@pytest.mark.real_data
def test_every_code_a_reading_holds_is_named_where_it_is_decided(readings: list[CardReading]) -> None:
    parts = [p for r in readings for p in _parts(r)]
    decided = {
        "condition": _literals([ENGINE / "board" / "conditions.py", ENGINE / "choices" / "play_choices.py"]),
        "per": _literals([ENGINE / "board" / "conditions.py"]),
        "play rule": _literals(
            [
                ENGINE / "board" / "placement.py",
                ENGINE / "checks" / "timing.py",
                ENGINE / "checks" / "boundary.py",
            ]
        ),
        "zone": _literals([p for p in _consumers()]),
    }
    produced = {
        "condition": {p.kind for p in parts if isinstance(p, Condition)},
        "per": {p.per for p in parts if isinstance(p, MightStatic | CostChange) and p.per},
        "play rule": {p.kind for p in parts if isinstance(p, PlayRule)},
        "zone": {z for p in parts if isinstance(p, KeywordGrant) for z in p.zones},
    }
    assert produced["condition"] and produced["play rule"] and produced["zone"]
    missing = {
        kind: sorted(codes - decided[kind]) for kind, codes in produced.items() if codes - decided[kind]
    }
    assert missing == {}


def test_every_type_of_static_effect_is_applied_where_coverage_says() -> None:
    assert set(APPLIED) == set(STATIC_TYPES)
    by_name = {module_name(p): p for p in _consumers()}
    unapplied = [
        f"{kind.__name__} in {module}"
        for kind, users in APPLIED.items()
        for module in users
        if kind.__name__ not in by_name[module].read_text(encoding="utf-8")
    ]
    assert unapplied == []


def test_the_codec_knows_every_type_a_reading_holds() -> None:
    # a type the codec does not list can't be stored: the build would fail on the first card holding it
    assert set(STATIC_TYPES) <= set(codec.TYPES.values())
