"""What a card's text demands of a target, as small types: read once by the phrase reader, checked and worded here.

A filter speaks of one target ("a unit with 3 Might or less", "an attacking unit", "another unit", "a Mech"); a group
rule speaks of the targets of a choice together ("units at the same battlefield", "with total Might 4 or less", "with
the same controller"). A filter refuses a target (a reason), or leaves it open where the position can't settle it
(a unit whose Might a state the position does not give may change, a restriction the engine does not read).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, get_args

from cardsdb.engine.verdict.naming import place_words
from cardsdb.models import Card


class MightSeen(Protocol):
    """A unit's current Might as the board counts it (`position.objects.MightNow`)."""

    @property
    def value(self) -> int | None: ...
    @property
    def may_rise(self) -> tuple[str, ...]: ...
    @property
    def may_fall(self) -> tuple[str, ...]: ...
    @property
    def words(self) -> str: ...


class Candidate(Protocol):
    """A unit or gear on the board as a filter sees it: its card, place and state, and what it has now (its
    keywords and tags, printed or given by other cards: `board/characteristics.py`)."""

    @property
    def card(self) -> Card: ...
    @property
    def location(self) -> str: ...
    @property
    def controller(self) -> str: ...
    @property
    def attacking(self) -> bool: ...
    @property
    def defending(self) -> bool: ...
    @property
    def exhausted(self) -> bool: ...
    @property
    def buffed(self) -> bool: ...
    @property
    def stunned(self) -> bool: ...
    @property
    def damaged(self) -> bool: ...
    @property
    def empowered(self) -> bool | None: ...
    @property
    def equipped(self) -> bool: ...
    @property
    def moved(self) -> bool | None: ...
    @property
    def in_combat(self) -> bool: ...
    @property
    def now(self) -> MightSeen | None: ...
    @property
    def current_might(self) -> int | None: ...
    def has_keyword(self, name: str) -> bool | None: ...
    def has_tag(self, tag: str) -> bool: ...


class Keyworded(Protocol):
    """A card in a zone as a filter sees its keywords (its reading, or what it has there now)."""

    def has(self, keyword: str) -> bool | None: ...


Status = Literal[
    "attacking",
    "defending",
    "exhausted",
    "ready",
    "buffed",
    "stunned",
    "damaged",
    "equipped",
    "mighty",
    "token",
    "empowered",
    "in_combat",
    "moved",  # moved this turn: a fact of the turn the position may give
]
STATUSES: tuple[Status, ...] = get_args(Status)
MIGHTY = 5  # a Mighty unit has 5 or more Might


def _is_token(card: Card) -> bool:
    return any(s.casefold() == "token" for s in card.supertypes)


@dataclass(frozen=True)
class HasStatus:
    """ "an attacking unit", "a stunned unit", "an equipped unit", "a Mighty unit", "a non-token unit"."""

    status: Status
    negate: bool = False

    def _has(self, obj: Candidate) -> bool | None:
        if self.status == "mighty":
            now = obj.now
            might = obj.current_might
            if might is None:
                return False
            if might >= MIGHTY:
                return None if now is not None and now.may_fall else True
            return None if now is not None and now.may_rise else False
        return {
            "attacking": obj.attacking,
            "defending": obj.defending,
            "exhausted": obj.exhausted,
            "ready": not obj.exhausted,
            "buffed": obj.buffed,
            "stunned": obj.stunned,
            "damaged": obj.damaged,
            "equipped": obj.equipped,
            "token": _is_token(obj.card),
            "empowered": obj.empowered,
            "in_combat": obj.in_combat,
            "moved": obj.moved,
        }[self.status]

    @property
    def words(self) -> str:
        word = {
            "in_combat": "in combat",
            "mighty": "Mighty",
            "buffed": "buffed",
            "moved": "moved this turn",
        }.get(self.status, self.status)
        return f"not {word}" if self.negate else word

    def refuses(self, obj: Candidate) -> str | None:
        has = self._has(obj)
        if has is None or has != self.negate:
            return None
        if self.negate:
            return f"it is {self.words[4:]}; the text asks for one that isn't"
        return "it has no buff" if self.status == "buffed" else f"it is not {self.words}"

    def open(self, obj: Candidate) -> str | None:
        if self._has(obj) is not None:
            return None
        if self.status == "moved":
            return "whether it moved this turn the position does not say"
        if obj.now is not None:
            return f"whether it is Mighty depends on its Might, which the position does not settle ({obj.now.words})"
        return None

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        if self.status == "token" and _is_token(card) == self.negate:
            return "it is a token" if self.negate else "it is not a token"
        return None


@dataclass(frozen=True)
class Might:
    """ "with 3 Might or less" (op "<="), "with Might 5 or more" (op ">="): the unit's current Might (v1.4 710)."""

    op: Literal["<=", ">="]
    limit: int

    @property
    def words(self) -> str:
        return f"with {self.limit} Might or {'less' if self.op == '<=' else 'more'}"

    def _fails(self, might: int) -> bool:
        return (self.op == "<=" and might > self.limit) or (self.op == ">=" and might < self.limit)

    def refuses(self, obj: Candidate) -> str | None:
        might = obj.current_might
        if might is None:
            return "it has no Might"
        now = obj.now
        could_pass = now is not None and (now.may_fall if self.op == "<=" else now.may_rise)
        if self._fails(might) and not could_pass:
            word = "less" if self.op == "<=" else "more"
            has = now.words if now is not None else f"{might} Might"
            return f"it has {has}; the text asks for {self.limit} or {word}"
        return None

    def open(self, obj: Candidate) -> str | None:
        now, might = obj.now, obj.current_might
        if now is None or might is None:
            return None
        could_fail = now.may_rise if self.op == "<=" else now.may_fall
        could_pass = now.may_fall if self.op == "<=" else now.may_rise
        if (not self._fails(might) and could_fail) or (self._fails(might) and could_pass):
            why = "; ".join((*now.may_rise, *now.may_fall))
            return f"it has {now.words}, but {why}: whether it has {self.limit} or {self.words.split()[-1]} is open"
        return None

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        if card.might is None or not self._fails(card.might):
            return None
        return f"it has {card.might} Might; the text asks for {self.limit} or {self.words.split()[-1]}"


@dataclass(frozen=True)
class Another:
    """ "another unit": not the card that chooses."""

    words = "another"

    def refuses(self, obj: Candidate) -> str | None:
        return None  # only the card itself is refused, and only the chooser knows which object that is

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        return None


@dataclass(frozen=True)
class Tagged:
    """ "a Mech", "a Bird, Cat, Dog, or Poro", "an Equipment", "a non-Dragon unit": a tag used as a noun or an
    adjective (any of `tags`; none of them when `negate`)."""

    tags: tuple[str, ...]
    negate: bool = False

    @property
    def words(self) -> str:
        return ("not " if self.negate else "") + " or ".join(self.tags)

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        has = {t.casefold() for t in card.tags} & {t.casefold() for t in self.tags}
        if bool(has) != self.negate:
            return None
        if self.negate:
            return f"it is a {' and '.join(sorted(has))}; the text asks for one that isn't"
        return f"it is not a {self.words}"

    def refuses(self, obj: Candidate) -> str | None:
        if not self.negate and any(obj.has_tag(tag) for tag in self.tags):
            return None
        return self.refuses_card(obj.card)


@dataclass(frozen=True)
class Domain:
    """ "an enemy Fury unit", "a Mind card": a card of one of these domains."""

    domains: tuple[str, ...]

    @property
    def words(self) -> str:
        return " or ".join(self.domains)

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        if {d.casefold() for d in card.domains} & {d.casefold() for d in self.domains}:
            return None
        return f"it is not a {self.words} card"

    def refuses(self, obj: Candidate) -> str | None:
        return self.refuses_card(obj.card)


@dataclass(frozen=True)
class WithKeyword:
    """ "a unit with [Temporary]", "a friendly unit without [Temporary]", "a card with [Hidden]"."""

    keyword: str
    negate: bool = False

    @property
    def words(self) -> str:
        return f"{'without' if self.negate else 'with'} {self.keyword}"

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        has = None if keywords is None else keywords.has(self.keyword)
        return self._refused(has)

    def _refused(self, has: bool | None) -> str | None:
        if has is None or has != self.negate:
            return None
        return f"it has {self.keyword}" if self.negate else f"it doesn't have {self.keyword}"

    def refuses(self, obj: Candidate) -> str | None:
        return self._refused(obj.has_keyword(self.keyword))

    def open(self, obj: Candidate) -> str | None:
        if obj.has_keyword(self.keyword) is None:
            return f"whether it has {self.keyword} depends on a condition the position does not settle"
        return None


@dataclass(frozen=True)
class CostLimit:
    """ "with Energy cost no more than [3]", "that costs no more than [4] and no more than [A]", "with Energy cost
    [7] or more": the printed cost of the card."""

    energy: int | None = None
    power: int | None = None
    at_least: bool = False

    @property
    def words(self) -> str:
        parts = [
            f"{self.energy} energy" if self.energy is not None else "",
            f"{self.power} power" if self.power else "",
        ]
        limit = " and ".join(p for p in parts if p)
        return f"costing {limit} or more" if self.at_least else f"costing no more than {limit}"

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        energy, power = card.energy, card.power or 0
        if energy is None and self.energy is not None:
            return "its cost is not known" if card.partial else None
        over = (self.energy is not None and energy is not None and energy > self.energy) or (
            self.power is not None and power > self.power
        )
        under = self.energy is not None and energy is not None and energy < self.energy
        if (self.at_least and under) or (not self.at_least and over):
            return f"it costs {energy or 0} energy and {power} power; the text asks for one {self.words}"
        return None

    def refuses(self, obj: Candidate) -> str | None:
        return self.refuses_card(obj.card)


@dataclass(frozen=True)
class SameName:
    """ "with my name": a card with the name of the card that chooses (checked where the chooser is known)."""

    words = "with its name"

    def refuses(self, obj: Candidate) -> str | None:
        return None

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        return None


@dataclass(frozen=True)
class Unread:
    """A restriction of the phrase the engine does not read: a target that meets the rest is open."""

    text: str

    @property
    def words(self) -> str:
        return self.text

    def refuses(self, obj: Candidate) -> str | None:
        return None

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        return None

    def open(self, obj: Candidate) -> str | None:
        return f'the text also asks that it be "{self.text}", which the engine does not read'


@dataclass(frozen=True)
class UnitsThere:
    """ "a battlefield where you have units": a battlefield holding units of that side (checked where battlefields are
    listed)."""

    side: Literal["friendly", "enemy"]

    @property
    def words(self) -> str:
        return "where you have units" if self.side == "friendly" else "where there are enemy units"

    def refuses(self, obj: Candidate) -> str | None:
        return None

    def refuses_card(self, card: Card, keywords: Keyworded | None = None) -> str | None:
        return None


Filter = (
    HasStatus | Might | Another | Tagged | Domain | WithKeyword | CostLimit | SameName | Unread | UnitsThere
)


def filter_open(flt: Filter, obj: Candidate) -> str | None:
    """Why a filter can't settle whether `obj` meets it, or None."""
    if isinstance(flt, HasStatus | Might | Unread | WithKeyword):
        return flt.open(obj)
    return None


@dataclass(frozen=True)
class SameBattlefield:
    """ "a friendly unit and an enemy unit at the same battlefield": every unit of the sentence together."""

    def violation(self, chosen: Sequence[Candidate]) -> str | None:
        places = sorted({o.location for o in chosen})
        return None if len(places) <= 1 else "The units chosen must be at the same battlefield."


@dataclass(frozen=True)
class OneBattlefield:
    """ "any number of units at a battlefield": the units of this one choice are all at one battlefield."""

    def violation(self, chosen: Sequence[Candidate]) -> str | None:
        places = sorted({o.location for o in chosen})
        if len(places) <= 1:
            return None
        return f"the units chosen must all be at one battlefield; they are {', '.join(place_words(p) for p in places)}"


@dataclass(frozen=True)
class TotalMight:
    """ "with total Might 4 or less": the chosen units together (each at its current Might, v1.4 710)."""

    limit: int

    def violation(self, chosen: Sequence[Candidate]) -> str | None:
        total = sum(o.current_might or 0 for o in chosen)
        if total <= self.limit:
            return None
        return f"the units chosen have a total Might of {total}, more than {self.limit}"

    def refuses(self, obj: Candidate) -> str | None:
        """A unit that alone exceeds the total can never be part of the group."""
        might = obj.current_might or 0
        if might <= self.limit or (obj.now is not None and obj.now.may_fall):
            return None
        return f"it alone has {might} Might, more than the total of {self.limit} the text allows"


@dataclass(frozen=True)
class SameController:
    """ "a unit and an Equipment with the same controller": the targets of the sentence have one controller."""

    def violation(self, chosen: Sequence[Candidate]) -> str | None:
        owners = {o.controller for o in chosen}
        return None if len(owners) <= 1 else "The targets chosen must have the same controller."


@dataclass(frozen=True)
class SameLocation:
    """ "Stun an enemy unit at its location": at the location of the previous choice's target."""

    def violation(self, chosen: Sequence[Candidate]) -> str | None:
        places = {o.location for o in chosen}
        return None if len(places) <= 1 else "The targets chosen must be at the same location."


GroupRule = SameBattlefield | OneBattlefield | TotalMight | SameController | SameLocation
