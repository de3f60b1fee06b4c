"""The limits every scenario is held to, whatever it came as (YAML text, a scenario code, a mapping from a caller),
checked on the decoded data before anything is built from it: no position may make the engine work long.

What decodes the text guards itself as well, since decoding is work too: YAML is scanned first (`scenario._scan`:
size, depth, items, no anchors, no number too long to read), a code's JSON is measured before it is parsed
(`load_json`: depth, number digits, no NaN). Then `check_bounds` holds the decoded mapping to the same limits, one line
naming the field (`ScenarioError`). docs/scenario-format.md lists them for users.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, TypeGuard

from cardsdb.engine.position.validate import ScenarioError

MAX_CHARS = 20_000
"""Scenario text (YAML or JSON) at most; a scenario code unpacks to at most as many bytes of JSON."""
MAX_DEPTH = 8
"""Lists and mappings nested at most this deep."""
MAX_ITEMS = 4_000
"""Values (texts, numbers, lists, mappings) in the whole scenario at most."""
MAX_LIST = 100
"""Entries of one list at most (a hand, a trash, a battlefield's units, a chain, targets, keywords...)."""
MAX_BATTLEFIELDS = 6
"""Battlefields at most (a game of four players has four)."""
MAX_BOARD = 120
"""Units and gear on the whole board (bases and battlefields) at most."""
MAX_FACEDOWN = 12
"""Facedown cards on all battlefields together at most: the play of a card asks about every copy of it."""
MAX_DIGITS = 6
"""Digits of a number at most (the largest a position uses is 10,000)."""
MAX_TEXT = 200
"""Characters of one text value (a card's name, a label, an id) at most."""

READ_DEPTH = 64
"""What a decoder reads at most before the limits are checked: deeper nesting is refused unread."""
READ_DIGITS = 100
"""Digits of a number a decoder converts at most; a longer one is refused unread."""

_NUMBER_TOO_LONG = f"a number has more than {MAX_DIGITS} digits (the largest a position uses is 10,000)"
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def number_too_long(where: str | None = None) -> ScenarioError:
    return ScenarioError(_NUMBER_TOO_LONG, where or None)


def load_json(text: str) -> object:
    """JSON text as data, refusing first what would make the parser fail oddly or work long: nesting past
    READ_DEPTH (Python's parser recurses) and a number of more than READ_DIGITS digits (Python refuses to convert
    past 4,300), and NaN or Infinity. What it reads is then held to the limits by `check_bounds`, naming the field.
    Raises ScenarioError, or ValueError for text that is not JSON."""
    if text.count("[") + text.count("{") <= READ_DEPTH:  # too few openings to nest that deep: no scan needed
        return _decode(text)
    depth = 0
    for token in _BRACKETS.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            if depth > READ_DEPTH:
                raise ScenarioError(f"the scenario is nested more than {MAX_DEPTH} levels deep")
        elif mark in "]}":
            depth -= 1
    return _decode(text)


def _decode(text: str) -> object:
    return json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)


def _json_int(digits: str) -> int:
    if len(digits) > READ_DIGITS:
        raise number_too_long()
    return int(digits)


def _json_float(text: str) -> float:
    if len(text) > READ_DIGITS:
        raise number_too_long()
    return float(text)


def _json_constant(name: str) -> float:
    raise ScenarioError(f"{name} is not a number a position can hold")


class _Count:
    def __init__(self) -> None:
        self.items = 0


def check_bounds(data: Mapping[str, Any]) -> None:
    """Refuse a decoded scenario over any limit, in one line naming the field. Linear in its size: a fast pass
    first (a few microseconds for a usual position), and only where it finds something over, the pass that names
    the field."""
    if not _within(data):
        _walk(data, "", 1, _Count())
    battlefields = data.get("battlefields")
    places = list(battlefields.values()) if _is_mapping(battlefields) else []
    if len(places) > MAX_BATTLEFIELDS:
        raise ScenarioError(
            f"the position has {len(places)} battlefields; at most {MAX_BATTLEFIELDS} are accepted",
            "battlefields",
        )
    facedown = board = 0
    for place in places:
        if _is_mapping(place):
            facedown += _length(place.get("facedown"))
            board += _length(place.get("units")) + _length(place.get("gear"))
    if facedown > MAX_FACEDOWN:
        raise ScenarioError(
            f"the position has {facedown} facedown cards; at most {MAX_FACEDOWN} are accepted", "battlefields"
        )
    for who in ("me", "opp"):
        player = data.get(who)
        base = player.get("base") if _is_mapping(player) else None
        if _is_mapping(base):
            board += _length(base.get("units")) + _length(base.get("gear"))
    if board > MAX_BOARD:
        raise ScenarioError(f"the board has {board} units and gear; at most {MAX_BOARD} are accepted")


_NUMBER_LIMIT = 10**MAX_DIGITS


def _within(data: object) -> bool:
    """Whether every value is within the per-value limits (items, depth, list entries, digits, text): plain dicts,
    lists and scalars only, no paths kept; False sends the data to `_walk`, which names what is over."""
    items = 0
    stack: list[tuple[object, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        items += 1
        kind = type(value)
        if kind is str:
            if len(value) > MAX_TEXT:  # type: ignore[arg-type]
                return False
        elif kind is int:
            if not -_NUMBER_LIMIT < value < _NUMBER_LIMIT:
                return False
        elif kind is dict:
            if depth > MAX_DEPTH:
                return False
            items += len(value)  # type: ignore[arg-type]
            for key, item in value.items():  # type: ignore[attr-defined]
                if type(key) is not str or len(key) > MAX_TEXT:
                    return False
                stack.append((item, depth + 1))
        elif kind is list:
            if depth > MAX_DEPTH or len(value) > MAX_LIST:  # type: ignore[arg-type]
                return False
            stack.extend((item, depth + 1) for item in value)  # type: ignore[attr-defined]
        elif kind not in (bool, float) and value is not None:
            return False  # anything else (a date from YAML, a tuple from a caller): the careful pass
    return items <= MAX_ITEMS


def _walk(value: object, where: str, depth: int, count: _Count) -> None:
    count.items += 1
    if count.items > MAX_ITEMS:
        raise ScenarioError(f"the scenario has too many items (more than {MAX_ITEMS:,})")
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return
    if isinstance(value, int):
        if abs(value) >= 10**MAX_DIGITS:
            raise number_too_long(where)
        return
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ScenarioError(
                f"a text of {len(value):,} characters; at most {MAX_TEXT} are accepted", where or None
            )
        return
    if depth > MAX_DEPTH:
        raise ScenarioError(f"the scenario is nested more than {MAX_DEPTH} levels deep", where or None)
    if isinstance(value, Mapping):
        for key, item in value.items():
            _walk(key, where, depth, count)  # a key is a value too: a label, held to the same limits
            _walk(item, f"{where}.{key}" if where else str(key), depth + 1, count)
    elif isinstance(value, list | tuple):
        if len(value) > MAX_LIST:
            raise ScenarioError(
                f"a list of {len(value):,} entries; at most {MAX_LIST} are accepted", where or None
            )
        for i, item in enumerate(value):
            _walk(item, f"{where}[{i}]", depth + 1, count)


def _is_mapping(value: object) -> TypeGuard[Mapping[str, Any]]:
    return type(value) is dict or isinstance(value, Mapping)


def _length(value: object) -> int:
    if type(value) is list or isinstance(value, list | tuple):
        return len(value)
    return 0 if value is None else 1
