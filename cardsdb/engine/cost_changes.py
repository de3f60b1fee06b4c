"""Cost increases and discounts that other cards on the board put on a play (356.1.b.3; v1.4 356.3, 356.4).

Increases are applied after base costs are ignored, so a card played from facedown pays them too ("Further additional
costs and/or cost increases applied in subsequent steps may raise the card's Total Cost above zero"). Read from the
text of battlefields and of the other player's units and gear:
- "During showdowns here, cards with [Reaction] cost [A] more to play." (Mystic Vortex): while a showdown is under way
  there, for every card with Reaction, which a hidden card has (811.6);
- "While I'm in combat, ... enemy spells cost [1][A] more." (Vex, Cheerless): while it is attacking or defending;
- "Opponents' spells cost [1] more. If this is [Empowered], they cost [1][A] more instead." (Helm of Suppression):
  whether it is Empowered is not part of a position, so the larger cost is said to depend on it.
Discounts: "While I'm in combat, friendly spells cost [1][A] less to a minimum of [1]" (Vex, Cheerless) is applied;
any other text of your cards or of a battlefield that makes something cost less is only named (`unread_discounts`): a
play it might make payable is then undecided, not refused.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from cardsdb.engine.cardtext import source_text
from cardsdb.engine.costs import ANY_POWER, Bill, Discount, PowerNeed, domain_need
from cardsdb.engine.position import Position, Side
from cardsdb.models import Card

_COST = r"(?P<cost>(?:\[(?:\d+|A|Fury|Calm|Mind|Body|Chaos|Order)\])+)"
_REACTION_CARDS = re.compile(
    r"During showdowns here, cards with \[Reaction\] cost " + _COST + " more", re.IGNORECASE
)
_ENEMY_SPELLS_IN_COMBAT = re.compile(
    r"^While I'm in combat,[^.]*\benemy spells cost " + _COST + " more", re.IGNORECASE | re.MULTILINE
)
_OPPONENTS_SPELLS = re.compile(
    r"Opponents' spells cost " + _COST + r" more\.(?: If this is \[Empowered\], they cost (?P<empowered>"
    r"(?:\[(?:\d+|A|Fury|Calm|Mind|Body|Chaos|Order)\])+) more instead\.)?",
    re.IGNORECASE,
)
_FRIENDLY_SPELLS_IN_COMBAT = re.compile(
    r"^While I'm in combat, friendly spells cost " + _COST + r" less(?: to a minimum of \[(?P<floor>\d+)\])?",
    re.IGNORECASE | re.MULTILINE,
)
# A sentence that makes something cost less; "I cost", "This costs" speak of the card itself.
_DISCOUNT = re.compile(r"\bcosts? [^.]*?\bless\b", re.IGNORECASE)
_OWN_COST = re.compile(
    r"^(?:\[[^\]]*\]\s*)*(?:I cost|This costs|This ability costs|This spell)", re.IGNORECASE
)
_SYMBOL = re.compile(r"\[(\d+|[A-Za-z]+)\]")


def _bill(cost: str) -> Bill:
    energy = 0
    power: list[PowerNeed] = []
    for symbol in _SYMBOL.findall(cost):
        if symbol.isdigit():
            energy += int(symbol)
        else:
            power.append(ANY_POWER if symbol.casefold() == "a" else domain_need([symbol]))
    return Bill(power=tuple(power), energy=energy)


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


def _battlefield_increases(position: Position, has_reaction: bool) -> Iterator[CostIncrease]:
    for bf in position.battlefields:
        if bf.card is None or position.showdown != bf.label or not has_reaction:
            continue
        match = _REACTION_CARDS.search(source_text(bf.card))
        if match:
            why = (
                f"a showdown is under way at {bf.label}, where cards with Reaction cost more to play, and a hidden "
                "card has Reaction"
            )
            yield CostIncrease(bf.card.name, why, _bill(match.group("cost")))


def _opponent_increases(card: Card, position: Position, acting: Side) -> Iterator[CostIncrease]:
    if not card.is_type("Spell"):
        return
    for obj in position.objects:
        if obj.controller == acting:
            continue
        text = source_text(obj.card)
        combat = _ENEMY_SPELLS_IN_COMBAT.search(text)
        if combat and (obj.attacking or obj.defending):
            why = f"{obj.name} is in combat, and your spells cost more while it is"
            yield CostIncrease(obj.name, why, _bill(combat.group("cost")))
        opponents = _OPPONENTS_SPELLS.search(text)
        if opponents:
            surely = _bill(opponents.group("cost"))
            empowered = opponents.group("empowered")
            more = _beyond(_bill(empowered), surely) if empowered else Bill()
            unknown = f"{obj.name} is Empowered" if empowered else ""
            yield CostIncrease(obj.name, f"{obj.name} makes your spells cost more", surely, more, unknown)


def cost_increases(
    card: Card, position: Position, acting: Side, *, has_reaction: bool
) -> tuple[CostIncrease, ...]:
    """Every increase other cards put on playing `card` now. `has_reaction`: from facedown a hidden card has it."""
    return (*_battlefield_increases(position, has_reaction), *_opponent_increases(card, position, acting))


def with_increases(bill: Bill, increases: Iterable[CostIncrease], *, unknown_too: bool = False) -> Bill:
    """`bill` raised by the increases (and by what they add if their unknown state holds, with `unknown_too`)."""
    for increase in increases:
        bill = bill.plus(power=increase.bill.power, energy=increase.bill.energy)
        if unknown_too:
            bill = bill.plus(power=increase.more.power, energy=increase.more.energy)
    return bill


@dataclass(frozen=True)
class CostDiscount:
    """What one card takes off the play's cost (v1.4 356.4)."""

    source: str
    why: str
    discount: Discount


def cost_discounts(card: Card, position: Position, acting: Side) -> tuple[CostDiscount, ...]:
    """The discounts the engine reads: your unit in combat making your spells cost less (Vex, Cheerless)."""
    if not card.is_type("Spell"):
        return ()
    found: list[CostDiscount] = []
    for obj in position.objects:
        combat = _FRIENDLY_SPELLS_IN_COMBAT.search(source_text(obj.card))
        if obj.controller != acting or combat is None or not (obj.attacking or obj.defending):
            continue
        less = _bill(combat.group("cost"))
        floor = int(combat.group("floor") or 0)
        why = f"{obj.name} is in combat, and your spells cost less while it is"
        found.append(CostDiscount(obj.name, why, Discount(less.energy, len(less.power), floor)))
    return tuple(found)


def unread_discounts(position: Position, acting: Side) -> tuple[str, ...]:
    """Your cards and the battlefields whose text makes something cost less in a way the engine does not apply."""
    player = position.player(acting)
    cards = [o.card for o in position.objects if o.controller == acting]
    cards += [bf.card for bf in position.battlefields if bf.card is not None]
    cards += [player.legend] if player.legend is not None else []
    names: list[str] = []
    for card in cards:
        text = _FRIENDLY_SPELLS_IN_COMBAT.sub("", source_text(card))
        sentences = re.split(r"(?<=[.])\s+|\n", text)
        if any(_DISCOUNT.search(s) and not _OWN_COST.match(s.strip()) for s in sentences):
            names.append(card.name)
    return tuple(dict.fromkeys(names))


def with_discounts(bill: Bill, discounts: Iterable[CostDiscount]) -> Bill:
    for found in discounts:
        bill = bill.less(found.discount)
    return bill
