"""What a play costs, and whether it can be paid: from facedown its base cost is ignored and additional costs still
apply (356.1.b, 356.1.b.3); from hand, its cost (811.3). Deflect on the targets named adds to either (v1.4 809.1.c)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardsdb.engine import citations as r
from cardsdb.engine.card_costs import AdditionalCost
from cardsdb.engine.choices import CardChoices
from cardsdb.engine.costs import Bill, domain_need, have_words, with_costs
from cardsdb.engine.position import Runes
from cardsdb.engine.verdict import Check
from cardsdb.models import Card

_DEFLECT_RULES = (r.V14_DEFLECT, r.V14_MANDATORY_ADDITIONAL_COST)


def chosen_costs(parsed: CardChoices, optional_costs: bool) -> tuple[AdditionalCost, ...]:
    """The additional costs paid: the mandatory ones, and the optional ones when the asker chose to pay them."""
    return tuple(c for c in parsed.costs if not c.optional or optional_costs)


def facedown_bill(parsed: CardChoices, optional_costs: bool) -> Bill:
    return with_costs(Bill(), chosen_costs(parsed, optional_costs))


def hand_bill(card: Card, parsed: CardChoices, optional_costs: bool) -> Bill:
    # A card's power cost is paid with power of its domain (of one of its domains for a multi-domain card).
    base = Bill(power=(domain_need(card.domains),) * (card.power or 0), energy=card.energy or 0)
    return with_costs(base, chosen_costs(parsed, optional_costs))


@dataclass(frozen=True)
class CostQuestion:
    """One cost check: what is paid, named how, with which codes and rules."""

    what: str
    codes: tuple[str, str]  # (pass, fail)
    rules: tuple[str, ...]
    blocking: bool = True


def cost_check(
    runes: Runes | None, bill: Bill, question: CostQuestion, assumptions: list[str]
) -> Check | None:
    if bill.empty:
        return None
    passed, failed = question.codes
    if runes is None:
        assumptions.append(f"Your runes are not listed, so {bill.words} is taken to be ready.")
        because = f"{question.what}: {bill.words} (assumed ready: your runes are not listed)."
        return Check(True, passed, question.rules, because, question.blocking)
    ok = bill.paid_by(runes)
    because = f"{question.what}: {bill.words}; you have {have_words(runes)} ready."
    return Check(ok, passed if ok else failed, question.rules, because, question.blocking)


def facedown_cost_check(
    parsed: CardChoices, runes: Runes | None, deflect: int, optional_costs: bool, assumptions: list[str]
) -> Check | None:
    """From facedown the base cost is ignored; additional costs (Deflect, optional costs chosen) still apply."""
    optional = [c for c in parsed.costs if c.optional] if optional_costs else []
    rules: tuple[str, ...] = (r.HIDDEN_DEFINITION, r.IGNORE_BASE_COST, r.ADDITIONAL_COSTS_STILL_APPLY)
    rules += _DEFLECT_RULES if deflect else ()
    rules += (r.V14_OPTIONAL_ADDITIONAL_COST,) if any(c.power or c.energy for c in optional) else ()
    what = "Additional cost" + (" (Deflect)" if deflect else "")
    question = CostQuestion(what, ("can_pay_additional", "cannot_pay_additional"), rules)
    bill = facedown_bill(parsed, optional_costs).plus(any_power=deflect)
    check = cost_check(runes, bill, question, assumptions)
    if check is None or check.ok or not optional or runes is None:
        return check
    if facedown_bill(parsed, False).plus(any_power=deflect).paid_by(runes):
        tail = " Without the optional additional cost it can still be played (ask without optional_costs)."
        return replace(check, because=check.because + tail)
    return check


def hand_cost_check(
    card: Card,
    parsed: CardChoices,
    runes: Runes | None,
    deflect: int,
    optional_costs: bool,
    assumptions: list[str],
) -> Check | None:
    rules = (r.PLAYED_FROM_HAND,) + ((r.V14_DEFLECT,) if deflect else ())
    question = CostQuestion(
        "Its cost" + (" with Deflect" if deflect else ""), ("can_pay_cost", "cannot_pay_cost"), rules
    )
    return cost_check(
        runes, hand_bill(card, parsed, optional_costs).plus(any_power=deflect), question, assumptions
    )


def play_effect_cost_check(
    bill: Bill, runes: Runes | None, deflect: int, assumptions: list[str]
) -> Check | None:
    """Deflect on a target a permanent's play effect chooses is a cost of that ability, not of playing the permanent:
    it can't choose that target without paying, but the permanent is played (811.1.d blocks spells only)."""
    if not deflect:
        return None
    rules = (r.ADDITIONAL_COSTS_STILL_APPLY, *_DEFLECT_RULES)
    question = CostQuestion(
        "Its play effect's target (Deflect)",
        ("can_pay_play_effect", "cannot_pay_play_effect"),
        rules,
        blocking=False,
    )
    return cost_check(runes, bill.plus(any_power=deflect), question, assumptions)
