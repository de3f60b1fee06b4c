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
from functools import lru_cache

from cardsdb.engine.board.costs import ANY_POWER, Bill, Discount, PowerNeed, domain_need
from cardsdb.engine.position.objects import BoardObject, Position, Side
from cardsdb.engine.reading.cardtext import symbols_to_words
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
class _CostText:
    """What one card's text says about other cards' costs (read once per card: cards are frozen values)."""

    reaction_cards: Bill | None = None  # during showdowns here, cards with Reaction cost this more
    enemy_spells_in_combat: Bill | None = None  # while I'm in combat, enemy spells cost this more
    opponents_spells: Bill | None = None  # opponents' spells cost this more
    opponents_spells_empowered: Bill | None = None  # ... or this instead while Empowered
    friendly_spells_in_combat: Discount | None = None  # while I'm in combat, friendly spells cost this less
    other_discount: bool = False  # another sentence making something cost less


def _read(card: Card) -> _CostText:
    # Keyed by the text (a string caches its hash): hashing the whole frozen Card on every object is slower.
    return _read_text(card.text_raw or card.text)


@lru_cache(maxsize=4096)
def _read_text(raw: str) -> _CostText:
    text = symbols_to_words(raw)
    if "cost" not in text.casefold():
        return _CostText()
    reaction = _REACTION_CARDS.search(text)
    combat = _ENEMY_SPELLS_IN_COMBAT.search(text)
    opponents = _OPPONENTS_SPELLS.search(text)
    friendly = _FRIENDLY_SPELLS_IN_COMBAT.search(text)
    less = _bill(friendly.group("cost")) if friendly else None
    rest = _FRIENDLY_SPELLS_IN_COMBAT.sub("", text)
    sentences = re.split(r"(?<=[.])\s+|\n", rest)
    return _CostText(
        reaction_cards=_bill(reaction.group("cost")) if reaction else None,
        enemy_spells_in_combat=_bill(combat.group("cost")) if combat else None,
        opponents_spells=_bill(opponents.group("cost")) if opponents else None,
        opponents_spells_empowered=_bill(opponents.group("empowered"))
        if opponents and opponents.group("empowered")
        else None,
        friendly_spells_in_combat=Discount(less.energy, len(less.power), int(friendly.group("floor") or 0))
        if friendly and less
        else None,
        other_discount=any(_DISCOUNT.search(x) and not _OWN_COST.match(x.strip()) for x in sentences),
    )


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
        raised = _read(bf.card).reaction_cards
        if raised is not None:
            why = (
                f"a showdown is under way at {bf.label}, where cards with Reaction cost more to play, and a hidden "
                "card has Reaction"
            )
            yield CostIncrease(bf.card.name, why, raised)


def _opponent_increases(obj: BoardObject, read: _CostText) -> Iterator[CostIncrease]:
    if read.enemy_spells_in_combat is not None and (obj.attacking or obj.defending):
        why = f"{obj.name} is in combat, and your spells cost more while it is"
        yield CostIncrease(obj.name, why, read.enemy_spells_in_combat)
    if read.opponents_spells is not None:
        surely, empowered = read.opponents_spells, read.opponents_spells_empowered
        more = _beyond(empowered, surely) if empowered else Bill()
        unknown = f"{obj.name} is Empowered" if empowered else ""
        yield CostIncrease(obj.name, f"{obj.name} makes your spells cost more", surely, more, unknown)


@dataclass(frozen=True)
class CostDiscount:
    """What one card takes off the play's cost (v1.4 356.4)."""

    source: str
    why: str
    discount: Discount


@dataclass(frozen=True)
class CostScan:
    """What the other cards in a position do to one play's cost."""

    increases: tuple[CostIncrease, ...] = ()
    discounts: tuple[CostDiscount, ...] = ()
    unread: tuple[
        str, ...
    ] = ()  # cards whose text makes something cost less in a way the engine does not apply


def scan_costs(card: Card, position: Position, acting: Side, *, has_reaction: bool) -> CostScan:
    """One pass over the position: increases (battlefields, the other player's cards), the discounts read (your unit
    in combat making your spells cost less: Vex, Cheerless) and your cards with other discounts. `has_reaction`: from
    facedown a hidden card has it (811.6)."""
    spell = card.is_type("Spell")
    increases = list(_battlefield_increases(position, has_reaction))
    discounts: list[CostDiscount] = []
    unread = [
        bf.card.name for bf in position.battlefields if bf.card is not None and _read(bf.card).other_discount
    ]
    for obj in position.objects:
        read = _read(obj.card)
        if obj.controller != acting:
            increases.extend(_opponent_increases(obj, read) if spell else ())
            continue
        less = read.friendly_spells_in_combat
        if spell and less is not None and (obj.attacking or obj.defending):
            discounts.append(
                CostDiscount(obj.name, f"{obj.name} is in combat, and your spells cost less", less)
            )
        if read.other_discount:
            unread.append(obj.card.name)
    legend = position.player(acting).legend
    unread += [legend.name] if legend is not None and _read(legend).other_discount else []
    return CostScan(tuple(increases), tuple(discounts), tuple(dict.fromkeys(unread)))


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
