"""The formats a deck is checked in, and which sets are legal in them on a date.

The Tournament Rules of 2026-07-16 name the current Standard (601.3.c): Proving Grounds (OGS), Origins (OGN),
Spiritforged (SFD), Unleashed (UNL) and Vendetta (VEN, released July 31, 2026); `tests/cardsdb/deck/test_formats.py` holds
`STANDARD` equal to what 601.3.c lists in the real rules text. A set released after those rules (Radiance, October
23, 2026) is not in them: it is taken as legal from its release, and the answer says that it assumed so. Promotional
printings (OPP, PR, JDG) reprint cards of those sets: a card is legal by its name (601.2.a), so they need no entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Literal

from cardsdb.models import TOURNAMENT_RULES_VERSION

FormatName = Literal["constructed", "2v2"]
FORMATS: tuple[FormatName, ...] = ("constructed", "2v2")
FORMAT_TITLES: dict[FormatName, str] = {"constructed": "Constructed", "2v2": "2v2 Constructed"}

TOURNAMENT_RULES_DATE = date.fromisoformat(TOURNAMENT_RULES_VERSION)


@dataclass(frozen=True)
class SetRelease:
    code: str
    name: str
    released: date | None  # None: released before the Tournament Rules' date
    in_rules: bool  # named in the Tournament Rules' Standard (601.3.c); else legal from its release, assumed


STANDARD: tuple[SetRelease, ...] = (
    SetRelease("OGS", "Proving Grounds", None, True),
    SetRelease("OGN", "Origins", None, True),
    SetRelease("SFD", "Spiritforged", None, True),
    SetRelease("UNL", "Unleashed", None, True),
    SetRelease("VEN", "Vendetta", date(2026, 7, 31), True),
)
LATER_SETS: tuple[SetRelease, ...] = (SetRelease("RAD", "Radiance", date(2026, 10, 23), False),)
KNOWN_SETS = {s.code: s for s in (*STANDARD, *LATER_SETS)}
SET_NAMES = {"ARC": "the Arcane Box Set", **{s.code: s.name for s in KNOWN_SETS.values()}}
PROMO_SETS = frozenset({"OPP", "PR", "JDG"})  # reprints: legal by the name of the card they reprint


def parse_format(text: str | None) -> FormatName:
    """`constructed` (the default) or `2v2`; raises BadInput naming both for anything else."""
    from cardsdb.errors import BadInput

    value = (text or "constructed").strip().casefold().replace(" ", "")
    aliases = {"standard": "constructed", "1v1": "constructed", "2v2constructed": "2v2", "twovtwo": "2v2"}
    value = aliases.get(value, value)
    for name in FORMATS:
        if value == name:
            return name
    raise BadInput(f"unknown format {text!r}: use constructed or 2v2")


def set_name(code: str) -> str:
    return SET_NAMES.get(code.upper(), code.upper())
