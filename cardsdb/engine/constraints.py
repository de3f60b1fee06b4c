"""What a card's text demands of a target, as small types: read once by the parser, checked and worded here.

A filter speaks of one target ("a unit with 3 Might or less", "an attacking unit", "another unit"); a group rule speaks
of the targets of a choice together ("units at the same battlefield", "with total Might 4 or less").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardsdb.engine.naming import place_words
from cardsdb.engine.position import BoardObject

Status = Literal["attacking", "defending", "exhausted", "ready", "buffed"]
STATUSES: tuple[Status, ...] = ("attacking", "defending", "exhausted", "ready", "buffed")


@dataclass(frozen=True)
class HasStatus:
    """ "an attacking unit", "a ready unit"."""

    status: Status

    def refuses(self, obj: BoardObject) -> str | None:
        has = {
            "attacking": obj.attacking,
            "defending": obj.defending,
            "exhausted": obj.exhausted,
            "ready": not obj.exhausted,
            "buffed": obj.buffed,
        }[self.status]
        if has:
            return None
        return "it has no buff" if self.status == "buffed" else f"it is not {self.status}"


@dataclass(frozen=True)
class Might:
    """ "with 3 Might or less" (op "<="), "with Might 5 or more" (op ">=")."""

    op: Literal["<=", ">="]
    limit: int

    def refuses(self, obj: BoardObject) -> str | None:
        might = obj.current_might
        if might is None:
            return "it has no Might"
        if (self.op == "<=" and might > self.limit) or (self.op == ">=" and might < self.limit):
            word = "less" if self.op == "<=" else "more"
            return f"it has {might} Might; the text asks for {self.limit} or {word}"
        return None


@dataclass(frozen=True)
class Another:
    """ "another unit": not the card that chooses."""

    def refuses(self, obj: BoardObject) -> str | None:
        return None  # only the card itself is refused, and only the chooser knows which object that is


Filter = HasStatus | Might | Another


@dataclass(frozen=True)
class SameBattlefield:
    """ "a friendly unit and an enemy unit at the same battlefield": every unit of the sentence together."""

    def violation(self, chosen: Sequence[BoardObject]) -> str | None:
        places = sorted({o.location for o in chosen})
        return None if len(places) <= 1 else "The units chosen must be at the same battlefield."


@dataclass(frozen=True)
class OneBattlefield:
    """ "any number of units at a battlefield": the units of this one choice are all at one battlefield."""

    def violation(self, chosen: Sequence[BoardObject]) -> str | None:
        places = sorted({o.location for o in chosen})
        if len(places) <= 1:
            return None
        return f"the units chosen must all be at one battlefield; they are {', '.join(place_words(p) for p in places)}"


@dataclass(frozen=True)
class TotalMight:
    """ "with total Might 4 or less": the chosen units together."""

    limit: int

    def violation(self, chosen: Sequence[BoardObject]) -> str | None:
        total = sum(o.current_might or 0 for o in chosen)
        if total <= self.limit:
            return None
        return f"the units chosen have a total Might of {total}, more than {self.limit}"

    def refuses(self, obj: BoardObject) -> str | None:
        """A unit that alone exceeds the total can never be part of the group."""
        might = obj.current_might or 0
        if might <= self.limit:
            return None
        return f"it alone has {might} Might, more than the total of {self.limit} the text allows"


GroupRule = SameBattlefield | OneBattlefield | TotalMight
