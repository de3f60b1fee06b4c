"""What a play costs and whether the ready runes pay it: the card's cost from hand (811.3), its additional costs
from facedown (356.1.b.3), and Deflect on each target an opponent's card chooses (v1.4 809.1.c)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsdb.engine.position.objects import BoardObject, Position, Runes
from cardsdb.engine.reading.effects import IgnoreDeflect
from cardsdb.engine.reading.specs import AdditionalCost
from cardsdb.models import Card

PowerNeed = frozenset[str]  # the domains that may pay one power; empty: any domain
ANY_POWER: PowerNeed = frozenset()


def cost_unknown(card: Card) -> bool:
    """Its cost is not known in full: no source gives it (a card known only from the seeds), or it has a power cost
    whose domain no source gives (a newer card known in part)."""
    if not card.knows("cost") or (card.partial and card.energy is None and card.power is None):
        return True
    return bool(card.power) and not card.knows("domains")


def domain_need(domains: Iterable[str]) -> PowerNeed:
    return frozenset(d.casefold() for d in domains) - {"any", "colorless"}


def payable(have: Sequence[str], needs: Sequence[PowerNeed]) -> bool:
    """Whether the ready power (domains, "any" = rainbow) covers every need: a bipartite matching (Kuhn's)."""
    if len(have) < len(needs):
        return False

    def fits(rune: str, need: PowerNeed) -> bool:
        return rune == "any" or not need or rune in need

    owner: list[int | None] = [None] * len(have)  # the need each rune pays

    def assign(i: int, seen: set[int]) -> bool:
        for j, rune in enumerate(have):
            if j in seen or not fits(rune, needs[i]):
                continue
            seen.add(j)
            current = owner[j]
            if current is None or assign(current, seen):
                owner[j] = i
                return True
        return False

    return all(assign(i, set()) for i in range(len(needs)))


def describe_power(needs: Iterable[PowerNeed]) -> str:
    counts: dict[str, int] = {}
    for need in needs:
        word = " or ".join(sorted(d.capitalize() for d in need)) if need else "any domain"
        counts[word] = counts.get(word, 0) + 1
    return ", ".join(f"{n} power ({word})" for word, n in counts.items())


def cost_power(costs: Iterable[AdditionalCost]) -> tuple[PowerNeed, ...]:
    needs: list[PowerNeed] = []
    for cost in costs:
        domains = list(cost.power_domains) + ["any"] * (cost.power - len(cost.power_domains))
        needs.extend(domain_need([d]) for d in domains[: cost.power])
    return tuple(needs)


@dataclass(frozen=True)
class Discount:
    """A discount (v1.4 356.4): this much energy and power of any domain less, the energy not below `floor` (a
    discount's minimum applies only to it, 356.4.e; costs never go below 0, 356.6)."""

    energy: int = 0
    power: int = 0
    floor: int = 0


def _without_one(needs: tuple[PowerNeed, ...]) -> tuple[PowerNeed, ...]:
    """One power need taken off by a discount of any power: the hardest one to pay (a domain's) first."""
    if not needs:
        return needs
    i = next((i for i, need in enumerate(needs) if need), 0)
    return needs[:i] + needs[i + 1 :]


@dataclass(frozen=True)
class Bill:
    """What must be paid: one need per power, and energy; less the discounts that apply to the total."""

    power: tuple[PowerNeed, ...] = ()
    energy: int = 0
    discounts: tuple[Discount, ...] = ()

    def plus(self, *, any_power: int = 0, power: tuple[PowerNeed, ...] = (), energy: int = 0) -> Bill:
        return Bill(self.power + power + (ANY_POWER,) * any_power, self.energy + energy, self.discounts)

    def less(self, discount: Discount) -> Bill:
        return Bill(self.power, self.energy, (*self.discounts, discount))

    @property
    def due(self) -> Bill:
        """What is paid once the discounts are applied, in order."""
        power, energy = self.power, self.energy
        for discount in self.discounts:
            energy = max(energy - discount.energy, min(energy, discount.floor), 0)
            for _ in range(discount.power):
                power = _without_one(power)
        return Bill(power, energy)

    @property
    def empty(self) -> bool:
        return not self.power and not self.energy

    @property
    def words(self) -> str:
        due = self.due
        parts = (
            f"{due.energy} energy" if due.energy else "",
            describe_power(due.power) if due.power else "",
        )
        return " and ".join(p for p in parts if p) or "nothing"

    def paid_by(self, runes: Runes) -> bool:
        due = self.due
        return payable(runes.power, due.power) and runes.energy >= due.energy


def with_costs(bill: Bill, costs: Iterable[AdditionalCost]) -> Bill:
    chosen = tuple(costs)
    return bill.plus(power=cost_power(chosen), energy=sum(c.energy for c in chosen))


def have_words(runes: Runes) -> str:
    listed = f" ({', '.join(runes.power)})" if runes.power else ""
    return f"{runes.energy} energy and {len(runes.power)} power{listed}"


def deflect_ignored(obj: BoardObject, position: Position, card: Card | None) -> str | None:
    """Why `obj`'s Deflect is not paid when `card` chooses it (v1.4 766: an ignored ability is inactive), or None:
    the card's own "Ignore Deflect while paying this spell's cost", or a battlefield where Deflect is ignored for
    spells and abilities choosing something there (Heisho, Shell of the World)."""
    if card is not None and any(not s.here for s in position.reading(card).effects(IgnoreDeflect)):
        return f"{card.name} ignores Deflect while paying its cost"
    bf = position.battlefield(obj.location)
    if (
        bf is not None
        and bf.card is not None
        and any(s.here for s in position.reading(bf.card).effects(IgnoreDeflect))
    ):
        return (
            f"players ignore Deflect while paying for spells and abilities choosing something at {bf.label}"
        )
    return None


def deflect_due(obj: BoardObject, position: Position, card: Card | None) -> int:
    """The Deflect a choice of `obj` by `card` adds to the cost: its Deflect, unless it is ignored there."""
    value = deflect(obj)
    return 0 if not value or deflect_ignored(obj, position, card) else value


def deflect(obj: BoardObject) -> int:
    """The object's Deflect value now: printed ([Deflect 2]), given by the scenario, its Equipment's and other cards'
    (`board/characteristics.py`)."""
    return obj.keyword_value("deflect")


def maybe_deflect(obj: BoardObject) -> tuple[str, ...]:
    """Deflect a card may give the object on a condition the position does not settle, in words."""
    maybe = obj.traits.maybe if obj.traits is not None else ()
    return tuple(f"{k.source} gives it Deflect if {k.condition}" for k in maybe if k.name == "deflect")
