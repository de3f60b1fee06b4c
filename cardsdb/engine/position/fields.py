"""Reading the fields of a scenario: each helper names the field in its one-line error."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardsdb.engine.position.objects import Side
from cardsdb.engine.position.validate import ScenarioError


def short(value: object, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def suggest(word: str, options: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=3, cutoff=0.6)
    return f" Did you mean: {', '.join(close)}?" if close else ""


def keys(mapping: Mapping[Any, Any], allowed: Sequence[str], where: str) -> None:
    for key in mapping:
        if not isinstance(key, str) or key not in allowed:
            raise ScenarioError(
                f"unknown key '{short(key)}' (expected one of: {', '.join(allowed)}).{suggest(str(key), allowed)}",
                where,
            )


def mapping(value: object, where: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioError(f"expected a mapping ({{key: value}}), got {type(value).__name__}", where)
    return cast(Mapping[str, Any], value)


def listing(value: object, where: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise ScenarioError(f"expected a list, got {type(value).__name__}", where)
    return value


def side(value: object, where: str, *, allow_none: bool = False) -> Side | None:
    if value is None and allow_none:
        return None
    if value == "me" or value == "opp":
        return value
    allowed = "me, opp or null" if allow_none else "me or opp"
    raise ScenarioError(f"'{short(value)}' is not a player (expected {allowed})", where)


def whole(value: object, where: str, *, minimum: int = 0, maximum: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise ScenarioError(
            f"expected a whole number from {minimum} to {maximum:,}, got '{short(value)}'", where
        )
    return value


def flag(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"expected true or false, got '{short(value)}'", where)
    return value


def label_of(value: object, labels: Sequence[str], where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(f"expected a battlefield label, got '{short(value)}'", where)
    if value in labels:
        return value
    for label in labels:
        if label.casefold() == value.strip().casefold():
            return label
    known = ", ".join(labels) if labels else "none are given under 'battlefields'"
    raise ScenarioError(
        f"unknown battlefield '{short(value)}' (battlefields: {known}).{suggest(value, labels)}", where
    )
