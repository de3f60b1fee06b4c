"""Rule numbers as people type them: `811.1.d`, `rule 422`, `v1.3 421`, `53.1` (v1.3 writes `053.1`)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION

_NUMBER = re.compile(r"\d{1,3}(?:\.(?:\d{1,3}|[a-z]))*")
_VERSION_PREFIX = re.compile(r"^(?:v\s*1\.3|v13|1\.3|version\s+1\.3)\b[\s:,]*", re.IGNORECASE)
_CURRENT_PREFIX = re.compile(r"^(?:current|now)\b[\s:,]*", re.IGNORECASE)
_RULE_PREFIX = re.compile(r"^(?:core\s+)?(?:rules?|cr|§)\s*[:#]?\s*", re.IGNORECASE)


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
    rest = rest.strip().rstrip(".").lower()
    if not _NUMBER.fullmatch(rest):
        return None
    return RuleRef(pad(rest), version)


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


def looks_like_number(text: str) -> bool:
    return parse_rule_ref(text) is not None
