"""Rule numbers as people type them: `811.1.d`, `rule 422`, `v1.3 421`, `421 (v1.4)`, `53.1` (the rules write
`053.1`), `TR 702.2` (the Tournament Rules), and the shorthands of chat: `R811.1b`, `CR 422.2`, `811.1.D`, `811.1d2`,
`811.1(d)`, `811-1-d`. Also the spellings of rules versions (`v1.4`, `1.3`, `current`, `2026-10-09`, and `v1.5`, the current rules' other name)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from cardsdb.models import (
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
)

_NUMBER = re.compile(r"\d{1,3}(?:\.(?:\d{1,3}|[a-z]))*")
# A version before the number ("v1.4 421", "1.3: 421", "current 422", "2026-10-09 811.6").
_VERSION_PREFIX = re.compile(
    r"^(?P<v>v\s*1\.[345]|v1[345]|1\.[345]|version\s+1\.[345]|current|now|2026-10-09)(?![\d.])[\s:,]*",
    re.IGNORECASE,
)
_DOC_PREFIX = re.compile(r"^(?:tr|tournament(?:\s+rules)?)\b[\s:,]*", re.IGNORECASE)
_RULE_PREFIX = re.compile(r"^(?:core\s+)?(?:rules?|cr|r(?=\s*\d)|§|#)\s*[:#]?\s*", re.IGNORECASE)
# A version after the number, as answers print it: "421 (v1.4)", "421 v1.3", "421 as of v1.3", "735.1.c (before v1.3)".
_VERSION_SUFFIX = re.compile(
    r"(?<![\s,])[\s,]*(?:\(\s*)?(?:(?:as\s+of|in)\s+)?(?P<v>v\s*1\.[345]|v1[345]|version\s+1\.[345]|before\s+v\s*1\.3|current|now"
    r"|2026-10-09)\s*\)?$",
    re.IGNORECASE,
)
# The parts of a number written loosely: digits, single letters, and the separators between them.
_PART = re.compile(r"\d+|[a-z]+|[.\-]+")
# Digits, then parts after dots or dashes: how rule numbers are written, whether or not one exists.
_SHAPED = re.compile(r"\d+(?:[.\-]+[0-9a-z]+)*[.\-]?")
_SORT_PART = re.compile(r"\d+|\D+")

# How people write a version: "v1.4", "1.4", "V 1.4", "version 1.4", "2026-10-09", "current", "now".
_SPELLINGS = {
    V13_RULES_VERSION: re.compile(r"^(?:v(?:ersion)?\s*)?1\.3$|^v13$|^2026-03-30$", re.IGNORECASE),
    V14_RULES_VERSION: re.compile(r"^(?:v(?:ersion)?\s*)?1\.4$|^v14$", re.IGNORECASE),
    # v1.5 is the current rules' name on riftboundfaq.com (cardsdb/rule_versions.py, Core Rules v1.5 says why).
    CURRENT_RULES_VERSION: re.compile(
        r"^2026-10-09$|^current$|^now$|^latest$|^(?:v(?:ersion)?\s*)?1\.5$|^v15$", re.IGNORECASE
    ),
    OLDER_THAN_V13: re.compile(r"^pre-v1\.3$|^before\s+v\s*1\.3$", re.IGNORECASE),
}


def normalize_version(text: str | None) -> str | None:
    """The version's name for a spelling of it ("1.4" -> "v1.4", "current" -> "2026-10-09"); None if unknown."""
    value = " ".join((text or "").split())
    for name, pattern in _SPELLINGS.items():
        if pattern.match(value):
            return name
    return value if value == TOURNAMENT_RULES_VERSION else None


@dataclass(frozen=True)
class RuleRef:
    number: str  # "811.1.d", as stored (first part padded to 3 digits)
    version: str | None  # a version the user asked for, else None
    doc: str | None = None  # "tournament" when written "TR 702.2", else None


def parse_rule_ref(text: str) -> RuleRef | None:
    """A rule number (with an optional version or document) in text, or None when text is words."""
    rest, version, doc = _strip_marks(text)
    number = canonical(rest)
    return RuleRef(pad(number), version, doc) if number else None


def _strip_marks(text: str) -> tuple[str, str | None, str | None]:
    """Text without the words around a number ("rule", "TR", a version before or after): (rest, version, doc)."""
    rest = text.strip()
    version: str | None = None
    doc: str | None = None
    for _ in range(3):
        rest = _RULE_PREFIX.sub("", rest)
        if _DOC_PREFIX.match(rest):
            doc, rest = TOURNAMENT_DOC, _DOC_PREFIX.sub("", rest)
        prefix = _VERSION_PREFIX.match(rest)
        if prefix:
            version, rest = normalize_version(prefix.group("v")), rest[prefix.end() :]
    suffix = _VERSION_SUFFIX.search(rest)
    if suffix:
        version, rest = normalize_version(suffix.group("v")), rest[: suffix.start()]
    return rest, version, doc


_ANY_VERSION = re.compile(r"^\s*(?P<v>v\s*\d+(?:\.\d+)?)(?![\d.])[\s:,]+(?P<rest>.+)$", re.IGNORECASE)


def typed_version(text: str) -> str | None:
    """The version written before a rule number, known or not ("v1.9 422" -> "v1.9"); None when text is not a
    version then a number. A version this program does not know is bad input, not words to rank."""
    found = _ANY_VERSION.match(text)
    if found is None or not number_shaped(found.group("rest")):
        return None
    return found.group("v")


def number_shaped(text: str) -> bool:
    """Whether text is written as a rule number, one that exists or not: `9999.9`, `0.0`, `811.99`, `12345`,
    `rule 811.1.zz` (digits first, then parts after dots or dashes). `2v2` and words are not."""
    rest = _strip_marks(text)[0].strip().lower().replace("(", ".").replace(")", "")
    return bool(_SHAPED.fullmatch(rest))


def nearest_shape(text: str) -> str | None:
    """Text shaped as a rule number that is none, read as the nearest number it could be: each part cut to what rule
    numbers allow ("811.1234" -> "811.999", "811.1.dd" -> "811.1.z", "811.d" -> "811.0"). None when the first part
    has more than three digits ("9999.9": no rule is near it) or text is not shaped as a number."""
    if not number_shaped(text):
        return None
    rest = _strip_marks(text)[0].strip().lower().replace("(", ".").replace(")", "")
    parts = [p for p in re.split(r"[.\-]+", rest) if p]
    head = parts[0] if parts else ""
    if not head.isdigit() or len(head) > 3:
        return None
    kept = [head]
    for i, part in enumerate(parts[1:], start=1):
        wants_digits = i % 2 == 1
        if wants_digits:
            kept.append(part if part.isdigit() and len(part) <= 3 else "999" if part.isdigit() else "0")
        else:
            kept.append(part if part.isalpha() and len(part) == 1 else "z" if part.isalpha() else "a")
    return ".".join(kept)


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
    if len(kept) > 1 and not kept[1].isdigit():
        return None  # the rules number a section's parts with digits (811.1), never a letter: "2v2" is words
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


@functools.lru_cache(maxsize=8192)  # the rules hold about 5,500 numbers; every answer sorts the ones it cites
def sort_key(number: str) -> tuple[tuple[int, int | str], ...]:
    """Natural order of rule numbers: 107.3.b < 323.6.a < 422.2 < 811.1.b < 811.1.d.2 < 811.1.d.10."""
    return tuple(
        (0, int(token)) if token.isdigit() else (1, token)
        for piece in number.split(".")
        for token in _SORT_PART.findall(piece)
    )


def looks_like_number(text: str) -> bool:
    """Whether text means a rule number, one that exists or not (`811.1.d`, `9999.9`), not words."""
    return parse_rule_ref(text) is not None or number_shaped(text)


def subtree_sql(column: str) -> str:
    """A WHERE clause for a rule and its sub-rules in `column`, as a range its index can use (a LIKE cannot); the
    parameters are `subtree_params(number)`."""
    return f"({column} = ? OR ({column} >= ? AND {column} < ?))"


def subtree_params(number: str) -> list[object]:
    """The rule itself, then every number that starts "number." ("/" is the character after ".")."""
    return [number, f"{number}.", f"{number}/"]
