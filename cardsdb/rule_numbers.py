"""Rule numbers as people type them: `811.1.d`, `rule 422`, `v1.3 421`, `421 (v1.3)`, `53.1` (v1.3 writes `053.1`),
and the shorthands of chat: `R811.1b`, `CR 422.2`, `811.1.D`, `811.1d2`, `811.1(d)`, `811-1-d`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION

_NUMBER = re.compile(r"\d{1,3}(?:\.(?:\d{1,3}|[a-z]))*")
_VERSION_PREFIX = re.compile(r"^(?:v\s*1\.3|v13|1\.3|version\s+1\.3)\b[\s:,]*", re.IGNORECASE)
_CURRENT_PREFIX = re.compile(r"^(?:current|now)\b[\s:,]*", re.IGNORECASE)
_RULE_PREFIX = re.compile(r"^(?:core\s+)?(?:rules?|cr|r(?=\s*\d)|§|#)\s*[:#]?\s*", re.IGNORECASE)
# A version after the number, as answers print it: "421 (v1.3)", "421 v1.3", "421 as of v1.3".
_VERSION_SUFFIX = re.compile(
    r"[\s,]*\(?\s*(?:(?:as\s+of|in)\s+)?(?:v\s*1\.3|v13|version\s+1\.3)\s*\)?$", re.IGNORECASE
)
_CURRENT_SUFFIX = re.compile(r"[\s,]*\(?\s*(?:current|now)\s*\)?$", re.IGNORECASE)
# The parts of a number written loosely: digits, single letters, and the separators between them.
_PART = re.compile(r"\d+|[a-z]+|[.\-]+")
_SORT_PART = re.compile(r"\d+|\D+")


@dataclass(frozen=True)
class RuleRef:
    number: str  # "811.1.d", as stored (first part padded to 3 digits)
    version: str | None  # a version the user asked for, else None


def parse_rule_ref(text: str) -> RuleRef | None:
    """A rule number (with an optional version) in text, or None when text is words."""
    rest = text.strip()
    version: str | None = None
    for _ in range(2):
        rest = _RULE_PREFIX.sub("", rest)
        if _VERSION_PREFIX.match(rest):
            version, rest = V13_RULES_VERSION, _VERSION_PREFIX.sub("", rest)
        elif _CURRENT_PREFIX.match(rest):
            version, rest = CURRENT_RULES_VERSION, _CURRENT_PREFIX.sub("", rest)
    if _VERSION_SUFFIX.search(rest):
        version, rest = V13_RULES_VERSION, _VERSION_SUFFIX.sub("", rest)
    elif _CURRENT_SUFFIX.search(rest):
        version, rest = CURRENT_RULES_VERSION, _CURRENT_SUFFIX.sub("", rest)
    number = canonical(rest)
    return RuleRef(pad(number), version) if number else None


def canonical(text: str) -> str | None:
    """ "811.1.d" for "811.1.d", "811.1.D", "811.1d", "811.1(d)" or "811-1-d"; None for anything else.

    Two letters in a row, a part of more than three digits, or a space inside ("811 1 d 2") is not a rule number.
    """
    rest = text.strip().rstrip(".").lower().replace("(", ".").replace(")", "")
    if _NUMBER.fullmatch(rest):
        return rest
    parts = _PART.findall(rest)
    if not parts or "".join(parts) != rest or not parts[0].isdigit():
        return None
    kept = [p for p in parts if p[0] not in ".-"]
    if any(len(p) > (3 if p.isdigit() else 1) for p in kept):
        return None
    number = ".".join(kept)
    return number if _NUMBER.fullmatch(number) else None


def pad(number: str) -> str:
    """ "53.1" -> "053.1": the first part always has three digits, as in the rules."""
    head, _, tail = number.partition(".")
    head = head.zfill(3)
    return f"{head}.{tail}" if tail else head


def parent_of(number: str) -> str | None:
    """ "811.1.d" -> "811.1"; a top-level number has no parent."""
    head, dot, _ = number.rpartition(".")
    return head if dot else None


def ancestors(number: str) -> list[str]:
    """Outermost first: "811.1.d.2" -> ["811", "811.1", "811.1.d"]."""
    found: list[str] = []
    parent = parent_of(number)
    while parent:
        found.append(parent)
        parent = parent_of(parent)
    return list(reversed(found))


def sort_key(number: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order of rule numbers: 107.3.b < 323.6.a < 422.2 < 811.1.b < 811.1.d.2 < 811.1.d.10."""
    return tuple(
        (0, int(token)) if token.isdigit() else (1, token)
        for piece in number.split(".")
        for token in _SORT_PART.findall(piece)
    )


def looks_like_number(text: str) -> bool:
    return parse_rule_ref(text) is not None
