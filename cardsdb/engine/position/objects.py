"""A board position: plain objects built by `scenario.py` from the scenario text, read by the rule modules."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.effects import HideGrant
from cardsdb.engine.verdict.naming import Target
from cardsdb.models import Card

Side = Literal["me", "opp"]
BASES = {"me.base": "me", "opp.base": "opp"}


def location_of(label: str) -> str:
    """Where a target written NAME@LOCATION is (a battlefield chosen as a target is its own label)."""
    return label.rpartition("@")[2]


def other(side: Side) -> Side:
    return "opp" if side == "me" else "me"


T = TypeVar("T")
Frozen = TypeVar("Frozen")


def evolve(value: Frozen, **changes: object) -> Frozen:
    """A frozen object with some fields changed: `dataclasses.replace` without running `__init__` again (the board's
    objects are copied for every question, where `replace` was the largest cost)."""
    new = copy.copy(value)
    for name, field_value in changes.items():
        object.__setattr__(new, name, field_value)
    return new


PerPosition = list[tuple["Position", T]]


def per_position(cache: PerPosition[T], position: Position, compute: Callable[[Position], T]) -> T:
    """What `compute` finds of `position`, once per position object: one check reads the same board several times
    (its guards, its play rules, its unread text). `cache` holds the last position only, kept beside the result so
    that the identity test can't be fooled by a reused id."""
    entry = cache[0] if cache else None
    if entry is not None and entry[0] is position:
        return entry[1]
    value = compute(position)
    cache[:] = [(position, value)]
    return value


@dataclass(frozen=True)
class MightNow:
    """A unit's current Might (v1.4 710): its Might with its buff and the static abilities of cards in the position.

    `value` is what the position settles; `may_rise` / `may_fall` name what may make it higher or lower that the
    position can't tell (a state it does not give, a text the engine does not read)."""

    value: int | None
    parts: tuple[str, ...] = ()  # what changed it, in words: "+1 from Trifarian War Camp"
    may_rise: tuple[str, ...] = ()
    may_fall: tuple[str, ...] = ()

    @property
    def words(self) -> str:
        """ "4 Might (3, +1 from Trifarian War Camp)"."""
        shown = f"{self.value} Might"
        return f"{shown} ({', '.join(self.parts)})" if self.parts else shown


@dataclass(frozen=True)
class HasKeyword:
    """A keyword a card has here, now: printed (`source` empty), given by the scenario, or given by another card
    (`source`: its name); with `condition`, a condition the position does not settle on which it has it."""

    name: str  # casefolded: "deflect", "quick-draw"
    value: int | None = None  # [Deflect 2]: 2
    source: str = ""
    condition: str = ""


@dataclass(frozen=True)
class Traits:
    """What a card has here, now (its characteristics, decided in one place: `board/characteristics.py`): its
    keywords, those it may have on a condition the position does not settle, the tags other cards give it, its
    current Might, and text about being chosen that the engine does not read and may reach it."""

    keywords: tuple[HasKeyword, ...] = ()
    maybe: tuple[HasKeyword, ...] = ()
    tags: tuple[str, ...] = ()
    might: MightNow | None = None
    unread_guards: tuple[str, ...] = ()

    def has(self, keyword: str) -> bool | None:
        """True when it has the keyword, None when it may (a condition the position does not settle), else False."""
        wanted = keyword.casefold()
        if any(k.name == wanted for k in self.keywords):
            return True
        return None if any(k.name == wanted for k in self.maybe) else False

    def value(self, keyword: str) -> int:
        """The keyword's total value ([Deflect 2] and a granted [Deflect]: 3), 0 when it does not have it."""
        wanted = keyword.casefold()
        return sum(k.value or 1 for k in self.keywords if k.name == wanted)

    def given(self, keyword: str) -> HasKeyword | None:
        """How it has the keyword (the first way), or None."""
        wanted = keyword.casefold()
        return next((k for k in (*self.keywords, *self.maybe) if k.name == wanted), None)


@dataclass(frozen=True)
class BoardObject:
    """A unit or gear on the board: what the scenario says of it, and `traits`, what it has now (computed over the
    whole position when the question is answered)."""

    card: Card
    kind: Literal["unit", "gear"]
    controller: Side
    location: str  # a battlefield label, "me.base" or "opp.base"
    id: str | None = None
    might: int | None = None
    exhausted: bool = False
    attacking: bool = False
    defending: bool = False
    buffed: bool = False
    stunned: bool = False
    damaged: bool = False
    empowered: bool | None = None  # None: the scenario does not say (a state players may not see at a glance)
    moved: bool | None = None  # moved this turn (None: the scenario does not say)
    equipped: bool = False  # a unit with a gear attached to it (computed from the gear's attached_to)
    attached_to: str | None = None  # gear: the unit it is attached to
    given_keywords: tuple[
        str, ...
    ] = ()  # keywords the scenario says other cards gave it: "Deflect", "Deflect 2"
    twin: bool = False  # another object of the same card, controller and location: its id tells them apart
    reading: CardReading | None = None  # its card's reading (the scenario keeps it)
    traits: Traits | None = (
        None  # what it has now, where another card changes it (`board/characteristics.py`)
    )

    @property
    def name(self) -> str:
        """Its id, else its card's name: how the JSON's label names it (never shown to players: `words`)."""
        return self.id or self.card.name

    @property
    def label(self) -> str:
        return f"{self.name}@{self.location}"

    @property
    def target(self) -> Target:
        return Target(
            label=self.label,
            kind=self.kind,
            place=self.location,
            card=self.card.name,
            controller=self.controller,
            id=self.id,
            twin=self.twin,
        )

    @property
    def words(self) -> str:
        """As players read it: "Shipyard Skulker in your base", "Vanguard Sergeant (enemy) at Bandle Tree"."""
        return self.target.words

    @property
    def base_might(self) -> int | None:
        """Its Might as given (`might:`, the judge's count), else printed (before its buff and the static abilities)."""
        return self.might if self.might is not None else self.card.might

    @property
    def now(self) -> MightNow | None:
        """Its current Might as counted over the position, where anything changed it."""
        return self.traits.might if self.traits is not None else None

    @property
    def current_might(self) -> int | None:
        now = self.now
        return now.value if now is not None else self.base_might

    @property
    def in_combat(self) -> bool:
        return self.attacking or self.defending

    def has_keyword(self, name: str) -> bool | None:
        """Whether it has the keyword now (None: on a condition the position does not settle)."""
        if self.traits is not None:
            return self.traits.has(name)
        wanted = name.casefold()
        printed = self.reading.has(wanted) if self.reading is not None else self.card.has_keyword(wanted)
        return printed or any(k.split()[0].casefold() == wanted for k in self.given_keywords)

    def keyword_value(self, name: str) -> int:
        """The keyword's total value now ([Deflect 2] and a granted [Deflect]: 3), 0 when it does not have it."""
        if self.traits is not None:
            return self.traits.value(name)
        wanted = name.casefold()
        printed = self.reading.value(wanted) if self.reading is not None else 0
        given = [k.split() for k in self.given_keywords]
        return printed + sum(
            int(k[1]) if len(k) > 1 and k[1].isdigit() else 1
            for k in given
            if k and k[0].casefold() == wanted
        )

    def has_tag(self, tag: str) -> bool:
        wanted = tag.casefold()
        given = self.traits.tags if self.traits is not None else ()
        return any(t.casefold() == wanted for t in (*self.card.tags, *given))

    @property
    def unread_guards(self) -> tuple[str, ...]:
        return self.traits.unread_guards if self.traits is not None else ()


@dataclass(frozen=True)
class FacedownCard:
    card: Card
    owner: Side
    location: str
    hidden_turn: int | None = None  # None: an earlier turn than this one (assumed, and said so)
    id: str | None = None  # names one copy where several could be meant (`play_hidden: old-block`)


def facedown_capacity(reading: CardReading | None) -> int:
    """How many facedown cards a battlefield holds: one (107.3.b), and one more for each "You may hide an additional
    card here." of its text (Bandle Tree; the occupancy can change, v1.4 107.3.b.1)."""
    if reading is None:
        return 1
    return 1 + sum(grant.room for grant in reading.effects(HideGrant))


@dataclass(frozen=True)
class Battlefield:
    label: str
    card: Card | None  # the battlefield card when the label names one (Bandle Tree), else None
    controller: Side | None
    facedown: tuple[FacedownCard, ...] = ()


@dataclass(frozen=True)
class Runes:
    energy: int
    power: tuple[str, ...]  # domains, "any" for rainbow


@dataclass(frozen=True)
class Player:
    legend: Card | None = None
    hand: tuple[Card, ...] | None = None  # None: not given (or given only as a count)
    hand_count: int | None = None
    champion_zone: tuple[Card, ...] | None = None  # None: not given
    trash: tuple[Card, ...] = ()
    trash_given: bool = False  # the scenario lists the trash (an empty list included)
    runes: Runes | None = None  # None: not given
    played_this_turn: tuple[Card, ...] = ()
    played_given: bool = False  # the scenario lists the cards played this turn (an empty list included)
    played_to: tuple[str | None, ...] = ()  # where each card played this turn went (None: not said)
    conquered: tuple[str, ...] | None = None  # the battlefields conquered this turn (None: not given)
    xp: int | None = None  # None: not given


@dataclass(frozen=True)
class ChainItem:
    """Something on the chain: a card being played (a spell, or a unit or gear), or an ability; its controller when
    the scenario gives it. Written as a card's name it is that card; any other words are an item the engine can't
    tell (a spell or an ability)."""

    text: str
    card: Card | None = None
    controller: Side | None = None
    ability: bool = False  # `{ability: ...}`: an ability, not a card

    @property
    def kind(self) -> str:
        """ "spell", "unit", "gear", "ability", or "unknown"."""
        if self.ability:
            return "ability"
        if self.card is None:
            return "unknown"
        return next((t.casefold() for t in ("Spell", "Unit", "Gear") if self.card.is_type(t)), "unknown")

    @property
    def name(self) -> str:
        return self.card.name if self.card is not None else self.text


@dataclass(frozen=True)
class Position:
    turn: int = 1
    turn_player: Side = "me"
    state: Literal["open", "closed"] = "open"
    showdown: str | None = None
    chain: tuple[str, ...] = ()
    chain_items: tuple[ChainItem, ...] = ()
    me: Player = field(default_factory=Player)
    opp: Player = field(default_factory=Player)
    battlefields: tuple[Battlefield, ...] = ()
    objects: tuple[BoardObject, ...] = ()
    readings: Mapping[str, CardReading] = field(default_factory=dict)  # every card of the position, by name

    def reading(self, card: Card) -> CardReading:
        """What the engine knows of the card's text (its reading, handed over with the card by the `CardSource`)."""
        found = self.readings.get(card.name)
        if found is None:
            raise KeyError(f"no reading of {card.name} in the position")
        return found

    def player(self, side: Side) -> Player:
        return self.me if side == "me" else self.opp

    def battlefield(self, label: str) -> Battlefield | None:
        for bf in self.battlefields:
            if bf.label == label:
                return bf
        return None

    def objects_at(self, location: str) -> tuple[BoardObject, ...]:
        return tuple(o for o in self.objects if o.location == location)

    @property
    def facedown(self) -> tuple[FacedownCard, ...]:
        return tuple(fd for bf in self.battlefields for fd in bf.facedown)

    @property
    def closed(self) -> bool:
        return self.state == "closed" or bool(self.chain)
