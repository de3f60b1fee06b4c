"""The `ask` of a scenario: which question, about which card (or which facedown copy), and the targets named."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardsdb.engine.position.fields import flag, keys, label_of, listing, mapping, short
from cardsdb.engine.position.objects import (
    BASES,
    BoardObject,
    FacedownCard,
    Position,
    Side,
    facedown_capacity,
)
from cardsdb.engine.position.validate import ScenarioError, zone_problem
from cardsdb.engine.verdict.answer import ASK_KINDS, AskKind
from cardsdb.engine.verdict.naming import Target
from cardsdb.models import Card

CardLookup = Callable[[object, str], Card]
_ASK_KEYS = ("at", "from", "pay", "targets", "to", "optional_costs", "source_left_board", *ASK_KINDS)
_ZONES = ("hand", "champion_zone", "elsewhere", "trash", "base", "facedown")


@dataclass(frozen=True)
class TargetRef:
    """A target the ask names: `text` is its label (NAME@LOCATION, or a battlefield's label)."""

    text: str
    location: str
    obj: BoardObject | None = None
    battlefield: str | None = None
    hand_card: Card | None = None

    @property
    def target(self) -> Target:
        if self.obj is not None:
            return self.obj.target
        if self.hand_card is not None:
            owner: Side = "opp" if self.location.startswith("opp.") else "me"
            return Target(self.text, "card", self.location, card=self.hand_card.name, controller=owner)
        return Target(self.text, "battlefield", self.location)

    @property
    def words(self) -> str:
        return self.target.words


@dataclass(frozen=True)
class Ask:
    kind: AskKind
    card: Card | None = None
    at: str | None = None
    from_: str | None = None  # hand | champion_zone | elsewhere (hide, play, targets)
    pay: str = "rune"  # rune | energy | none (hide)
    targets: tuple[TargetRef, ...] | None = None
    to: str | None = None  # play / targets from hand: where the permanent is played
    optional_costs: bool = False
    source_left_board: bool = False
    # play_hidden, and targets from facedown: every facedown copy the question may mean (one when named by id)
    facedown: tuple[FacedownCard, ...] = ()

    @property
    def from_facedown(self) -> bool:
        if self.kind == "play_hidden":
            return True
        return self.kind == "targets" and self.at is not None and self.from_ != "hand"


def _kind(data: Mapping[str, Any]) -> AskKind:
    kinds = [k for k in ASK_KINDS if k in data]
    if "targets" in kinds and len(kinds) > 1:
        kinds.remove("targets")  # with play_hidden / play, "targets" lists the chosen targets
    if len(kinds) != 1:
        raise ScenarioError(f"ask exactly one of {', '.join(ASK_KINDS)} (got {len(kinds)})", "ask")
    return kinds[0]


def _named_copy(value: object, position: Position) -> FacedownCard | None:
    """A facedown card named by its id (`play_hidden: old-block`)."""
    if not isinstance(value, str):
        return None
    return next((fd for fd in position.facedown if fd.id is not None and fd.id == value.strip()), None)


def _copies(card: Card, at: str | None, position: Position) -> tuple[FacedownCard, ...]:
    copies = tuple(fd for fd in position.facedown if fd.card.name == card.name and at in (None, fd.location))
    if not copies:
        raise ScenarioError(
            f"there is no facedown {card.name} at {at or 'any battlefield'} (add it under facedown)", "ask.at"
        )
    return copies


def _assumed_copy(
    card: Card, at: str, position: Position, assumptions: list[str]
) -> tuple[FacedownCard, ...]:
    """`targets` from facedown about a card the position does not list there: it is taken to be there, and said so."""
    listed = tuple(fd for fd in position.facedown if fd.card.name == card.name and fd.location == at)
    if listed:
        return listed
    bf = position.battlefield(at)
    held = len(bf.facedown) if bf else 0
    if bf is not None and held >= facedown_capacity(position.reading(bf.card) if bf.card else None):
        raise ScenarioError(
            f"{at} already holds {held} facedown card{'s' if held != 1 else ''}, so {card.name} can't be facedown "
            "there too: list it under facedown instead of another",
            "ask.at",
        )
    assumptions.append(f"{card.name} is not listed facedown at {at}: it is taken to be there, yours.")
    return (FacedownCard(card=card, owner="me", location=at),)


def _destination(value: object, labels: list[str]) -> str | None:
    # A unit played normally may go to its controller's base (v1.4 355.2.a) as well as to a battlefield.
    if value is None:
        return None
    if isinstance(value, str) and value.strip().casefold() == "me.base":
        return "me.base"
    return label_of(value, labels, "ask.to")


def _options(data: Mapping[str, Any], labels: list[str]) -> dict[str, Any]:
    from_ = data.get("from")
    if from_ is not None and from_ not in _ZONES:
        raise ScenarioError(f"'{short(from_)}' is not a zone (expected hand or champion_zone)", "ask.from")
    pay = data.get("pay", "rune")
    if pay not in ("rune", "energy", "none"):
        raise ScenarioError(f"'{short(pay)}' is not a way to pay (expected rune, energy or none)", "ask.pay")
    return {
        "from_": from_,
        "pay": pay,
        "to": _destination(data.get("to"), labels),
        "optional_costs": flag(data.get("optional_costs", False), "ask.optional_costs"),
        "source_left_board": flag(data.get("source_left_board", False), "ask.source_left_board"),
    }


def build_ask(value: object, position: Position, card_of: CardLookup, assumptions: list[str]) -> Ask:
    if value is None:
        raise ScenarioError(f"missing: a scenario asks exactly one question ({', '.join(ASK_KINDS)})", "ask")
    data = mapping(value, "ask")
    keys(data, _ASK_KEYS, "ask")
    kind = _kind(data)
    if kind == "cleanup":
        return Ask(kind="cleanup")
    labels = [bf.label for bf in position.battlefields]
    named = _named_copy(data[kind], position) if kind in ("play_hidden", "targets") else None
    card = named.card if named is not None else card_of(data[kind], f"ask.{kind}")
    at = label_of(data["at"], labels, "ask.at") if data.get("at") is not None else None
    if named is not None and at not in (None, named.location):
        raise ScenarioError(f"{named.id} is facedown at {named.location}, not at {at}", "ask.at")
    if named is not None:
        at = named.location
    options = _options(data, labels)
    if kind == "hide" and at is None:
        if len(labels) != 1:
            raise ScenarioError("missing: the battlefield to hide at (at: LABEL)", "ask.at")
        at = labels[0]
    if kind == "targets" and at is None and options["from_"] is None:
        raise ScenarioError("say where it is played from: at: LABEL (from facedown) or from: hand", "ask")
    facedown: tuple[FacedownCard, ...] = ()
    if named is not None:
        facedown = (named,)
    elif kind in ("play_hidden", "targets") and zone_problem(card, "facedown") is not None:
        pass  # never facedown (a legend, a battlefield, a rune): the answer says so, no copy is looked for
    elif kind == "play_hidden":
        facedown = _copies(card, at, position)
        at = at or facedown[0].location
    elif kind == "targets" and at is not None and options["from_"] != "hand":
        facedown = _assumed_copy(card, at, position, assumptions)
    targets = _targets(data, kind, card, at, options["to"], position, card_of)
    return Ask(kind=kind, card=card, at=at, targets=targets, facedown=facedown, **options)


def _targets(
    data: Mapping[str, Any],
    kind: AskKind,
    card: Card,
    at: str | None,
    to: str | None,
    position: Position,
    card_of: CardLookup,
) -> tuple[TargetRef, ...] | None:
    if "targets" not in data or kind == "targets":
        return None
    if kind not in ("play_hidden", "play"):
        raise ScenarioError("targets go with play_hidden or play", "ask.targets")
    entering = at if kind == "play_hidden" else to
    source = (
        BoardObject(
            card=card, kind="unit" if card.is_type("Unit") else "gear", controller="me", location=entering
        )
        if card.is_permanent and entering is not None
        else None
    )
    return tuple(
        resolve_target(t, position, card_of, f"ask.targets[{i}]", source)
        for i, t in enumerate(listing(data["targets"], "ask.targets"))
    )


def resolve_target(
    text: object, position: Position, card_of: CardLookup, where: str, source: BoardObject | None = None
) -> TargetRef:
    """`source`: the permanent being played, on the board where it enters (its own play effect may choose it)."""
    if not isinstance(text, str) or not text.strip():
        raise ScenarioError(f"expected a target written NAME@LOCATION, got '{short(text)}'", where)
    labels = [bf.label for bf in position.battlefields]
    if "@" not in text:
        label = label_of(text, labels, where)  # a battlefield chosen as a target
        return TargetRef(text=label, location=label, battlefield=label)
    name, _, location = text.rpartition("@")
    name, location = name.strip(), location.strip()
    if location in ("me.hand", "opp.hand"):
        card = card_of(name, where)
        return TargetRef(text=f"{card.name}@{location}", location=location, hand_card=card)
    if location not in BASES:
        location = label_of(location, labels, where)
    there = position.objects_at(location)
    matches = [o for o in there if (o.id or "").casefold() == name.casefold()] or [
        o for o in there if o.card.name.casefold() == name.casefold()
    ]
    if (
        not matches
        and source is not None
        and source.location == location
        and source.card.name.casefold() == name.casefold()
    ):
        return TargetRef(text=source.label, location=location, obj=source)
    if not matches:
        names = ", ".join(o.name for o in there) or "nothing"
        raise ScenarioError(f"no unit or gear '{short(name)}' at {location} (there: {names})", where)
    if len(matches) > 1:
        raise ScenarioError(f"two objects named '{short(name)}' at {location}: give them ids", where)
    return TargetRef(text=matches[0].label, location=location, obj=matches[0])
