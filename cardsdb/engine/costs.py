"""What a play costs and whether the ready runes pay it: the card's cost from hand (811.3), its additional costs
from facedown (356.1.b.3), and Deflect on each target an opponent's card chooses (v1.4 809.1.c)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsdb.engine.card_costs import AdditionalCost
from cardsdb.engine.cardtext import keyword_number
from cardsdb.engine.position import BoardObject, Runes

PowerNeed = frozenset[str]  # the domains that may pay one power; empty: any domain
ANY_POWER: PowerNeed = frozenset()


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
class Bill:
    """What must be paid: one need per power, and energy."""

    power: tuple[PowerNeed, ...] = ()
    energy: int = 0

    def plus(self, *, any_power: int = 0, power: tuple[PowerNeed, ...] = (), energy: int = 0) -> Bill:
        return Bill(self.power + power + (ANY_POWER,) * any_power, self.energy + energy)

    @property
    def empty(self) -> bool:
        return not self.power and not self.energy

    @property
    def words(self) -> str:
        parts = (
            f"{self.energy} energy" if self.energy else "",
            describe_power(self.power) if self.power else "",
        )
        return " and ".join(p for p in parts if p) or "nothing"

    def paid_by(self, runes: Runes) -> bool:
        return payable(runes.power, self.power) and runes.energy >= self.energy


def with_costs(bill: Bill, costs: Iterable[AdditionalCost]) -> Bill:
    chosen = tuple(costs)
    return bill.plus(power=cost_power(chosen), energy=sum(c.energy for c in chosen))


def have_words(runes: Runes) -> str:
    listed = f" ({', '.join(runes.power)})" if runes.power else ""
    return f"{runes.energy} energy and {len(runes.power)} power{listed}"


def deflect(obj: BoardObject) -> int:
    """The object's Deflect value: printed ([Deflect 2]) plus any granted by other cards (`keywords: [Deflect]`)."""
    value = keyword_number(obj.card, "Deflect")
    for keyword in obj.extra_keywords:
        parts = keyword.split()
        if parts and parts[0].casefold() == "deflect":
            value += int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
    return value
