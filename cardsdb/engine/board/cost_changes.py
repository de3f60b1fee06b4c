"""Cost increases and discounts on a play (356.1.b.3; v1.4 356.3, 356.4): the card's own ("I cost [2] less if you
control a Mech") and those of the cards in the position ("During showdowns here, cards with [Reaction] cost [A] more
to play": Mystic Vortex; "Your spells cost [1][A] less, to a minimum of [1]"; Vex, Cheerless; Helm of Suppression),
each read once into a `CostChange` and applied here: whom it reaches (the card's kind, whose it is, its tags, its
keywords now: Reaction from Quick-Draw, Ambush or a hidden card's 811.6 included), its condition (decided by
`board/conditions.py`) and what it counts.

Increases are applied after base costs are ignored, so a card played from facedown pays them too ("Further additional
costs and/or cost increases applied in subsequent steps may raise the card's Total Cost above zero"). A change whose
condition or count the position does not settle is kept apart: an increase that might make the play unpayable, or a
discount that might make it payable, makes the answer depend on it; one that can't turn the answer changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from cardsdb.engine.board.characteristics import Reached, reaches
from cardsdb.engine.board.conditions import count, holds
from cardsdb.engine.board.costs import ANY_POWER, Bill, Discount, PowerNeed, domain_need
from cardsdb.engine.board.speakers import Source, speakers
from cardsdb.engine.position.objects import Position, Side
from cardsdb.engine.reading.effects import CostChange
from cardsdb.models import Card


def _bill(change: CostChange, times: int = 1) -> Bill:
    power: tuple[PowerNeed, ...] = tuple(ANY_POWER if d == "any" else domain_need([d]) for d in change.power)
    return Bill(power=power * times, energy=change.energy * times)


def _beyond(bigger: Bill, smaller: Bill) -> Bill:
    """What `bigger` adds to `smaller` (both of any-domain power here)."""
    return Bill(power=bigger.power[len(smaller.power) :], energy=max(bigger.energy - smaller.energy, 0))


@dataclass(frozen=True)
class CostIncrease:
    """What one card adds to the play's cost: surely `bill`; `more` on top if `unknown` holds (the position can't
    tell)."""

    source: str
    why: str
    bill: Bill
    more: Bill = field(default_factory=Bill)
    unknown: str = ""


@dataclass(frozen=True)
class CostDiscount:
    """What one card takes off the play's cost (v1.4 356.4); with `unknown`, only if that holds (the position can't
    tell), and then it is kept apart from the discounts applied."""

    source: str
    why: str
    discount: Discount
    unknown: str = ""
    own: bool = False  # the card's own text ("I cost [2] less if ...")


@dataclass(frozen=True)
class CostScan:
    """What the card's text and the other cards in a position do to one play's cost."""

    increases: tuple[CostIncrease, ...] = ()
    discounts: tuple[CostDiscount, ...] = ()
    maybe_discounts: tuple[CostDiscount, ...] = ()  # on a condition or count the position does not settle
    unread: tuple[
        str, ...
    ] = ()  # cards whose text makes something cost less in a way the engine does not apply


@dataclass(frozen=True)
class PlayOf:
    """The play whose cost is asked: the card, who plays it, from where, and whether it has Reaction now (None: on
    something the position does not settle)."""

    card: Card
    acting: Side
    from_hand: bool
    reaction: bool | None


def _applies(change: CostChange, source: Source, play: PlayOf, position: Position, own: bool) -> bool | None:
    """Whether `change` reaches the play (None: it may, on its keyword Reaction the position does not settle)."""
    if change.scope.itself:
        return own
    if own:
        return False
    if change.scope.keyword == "reaction":
        scope_without = replace(change.scope, keyword="")
        target = Reached(play.card, position.reading(play.card), play.acting, "chain")
        return play.reaction if reaches(scope_without, source, target, None, position) else False
    target = Reached(play.card, position.reading(play.card), play.acting, "chain")
    return reaches(change.scope, source, target, None, position)


def _why(change: CostChange, source: Source, position: Position) -> str:
    where = "its own text" if change.scope.itself else source.card.name
    when = change.condition.text or ""
    if change.condition.kind == "showdown_here":
        return f"a showdown is under way at {position.showdown}, where {where} makes cards with Reaction cost more"
    return f"{where}" + (f": {when}" if when else "")


def _changes(
    source: Source, play: PlayOf, position: Position, own: bool
) -> tuple[list[CostIncrease], list[CostDiscount], list[CostDiscount]]:
    increases: list[CostIncrease] = []
    discounts: list[CostDiscount] = []
    maybe: list[CostDiscount] = []
    for change in source.reading.effects(CostChange):
        reached = _applies(change, source, play, position, own)
        if reached is False:
            continue
        held = holds(change.condition, source, position, from_hand=play.from_hand)
        times = count(change.per, source, position) if change.per else 1
        if held is False or times == 0:
            continue
        unknown = (
            ""
            if held and times is not None and reached
            else change.condition.text or "what it counts is not given"
        )
        bill = _bill(change, times or 1)
        why = _why(change, source, position)
        if change.more:
            _increase(increases, CostIncrease(source.card.name, why, bill), change.instead, unknown)
        else:
            less = CostDiscount(
                source.card.name, why, Discount(bill.energy, len(bill.power), change.floor), unknown, own
            )
            _discount(discounts if not unknown else maybe, less, change.instead)
    return increases, discounts, maybe


def _increase(found: list[CostIncrease], increase: CostIncrease, instead: bool, unknown: str) -> None:
    """An increase, or one that replaces the card's increase before it when its condition holds (Helm of
    Suppression: "If this is [Empowered], they cost [1][A] more instead")."""
    before = next((i for i in reversed(found) if i.source == increase.source), None) if instead else None
    if before is not None and unknown:
        found[found.index(before)] = CostIncrease(
            before.source, before.why, before.bill, _beyond(increase.bill, before.bill), unknown
        )
    elif before is not None:
        found[found.index(before)] = increase
    elif unknown:
        found.append(CostIncrease(increase.source, increase.why, Bill(), increase.bill, unknown))
    else:
        found.append(increase)


def _discount(found: list[CostDiscount], discount: CostDiscount, instead: bool) -> None:
    before = next((d for d in reversed(found) if d.source == discount.source), None) if instead else None
    if before is not None:
        found[found.index(before)] = discount
    else:
        found.append(discount)


def scan_costs(card: Card, position: Position, play: PlayOf) -> CostScan:
    """One pass over the card's own text and the cards of the position."""
    reading = position.reading(card)
    if not reading.effects(CostChange) and not speakers(position):
        return CostScan()  # nothing speaks of costs (the common case)
    increases: list[CostIncrease] = []
    discounts: list[CostDiscount] = []
    maybe: list[CostDiscount] = []
    own = Source(card, reading, None, play.acting)
    for source, is_own in ((own, True), *((s, False) for s in speakers(position))):
        more, less, unsure = _changes(source, play, position, is_own)
        increases += more
        discounts += less
        maybe += unsure
    unread = [
        s.card.name
        for s in speakers(position)
        if (s.battlefield or s.controller == play.acting)
        and any("cost" in u.bears_on and u.grants for u in s.reading.unread)
    ]
    return CostScan(tuple(increases), tuple(discounts), tuple(maybe), tuple(dict.fromkeys(unread)))


def with_increases(bill: Bill, increases: Iterable[CostIncrease], *, unknown_too: bool = False) -> Bill:
    """`bill` raised by the increases (and by what they add if their unknown state holds, with `unknown_too`)."""
    for increase in increases:
        bill = bill.plus(power=increase.bill.power, energy=increase.bill.energy)
        if unknown_too:
            bill = bill.plus(power=increase.more.power, energy=increase.more.energy)
    return bill


def with_discounts(bill: Bill, discounts: Iterable[CostDiscount]) -> Bill:
    for found in discounts:
        bill = bill.less(found.discount)
    return bill
