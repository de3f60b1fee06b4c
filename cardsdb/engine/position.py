"""A board position: plain objects built by `scenario.py` from the scenario text, read by the rule modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from cardsdb.engine.naming import Target
from cardsdb.models import Card

Side = Literal["me", "opp"]
BASES = {"me.base": "me", "opp.base": "opp"}


def location_of(label: str) -> str:
    """Where a target written NAME@LOCATION is (a battlefield chosen as a target is its own label)."""
    return label.rpartition("@")[2]


def other(side: Side) -> Side:
    return "opp" if side == "me" else "me"


@dataclass(frozen=True)
class BoardObject:
    """A unit or gear on the board."""

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
    attached_to: str | None = None  # gear: the unit it is attached to
    extra_keywords: tuple[str, ...] = ()  # keywords granted by other cards: "Deflect", "Deflect 2"
    twin: bool = False  # another object of the same card, controller and location: its id tells them apart

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
    def current_might(self) -> int | None:
        return self.might if self.might is not None else self.card.might


@dataclass(frozen=True)
class FacedownCard:
    card: Card
    owner: Side
    location: str
    hidden_turn: int | None = None  # None: an earlier turn than this one (assumed, and said so)
    id: str | None = None  # names one copy where several could be meant (`play_hidden: old-block`)


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
    runes: Runes | None = None  # None: not given
    played_this_turn: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Position:
    turn: int = 1
    turn_player: Side = "me"
    state: Literal["open", "closed"] = "open"
    showdown: str | None = None
    chain: tuple[str, ...] = ()
    me: Player = field(default_factory=Player)
    opp: Player = field(default_factory=Player)
    battlefields: tuple[Battlefield, ...] = ()
    objects: tuple[BoardObject, ...] = ()

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
