"""What a play costs, and whether it can be paid: from facedown its base cost is ignored and additional costs still
apply (356.1.b, 356.1.b.3); from hand, its cost (811.3). Deflect on the targets named adds to either (v1.4 809.1.c)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardsdb.engine.board.cost_changes import CostScan, PlayOf, scan_costs, with_discounts, with_increases
from cardsdb.engine.board.costs import Bill, domain_need, have_words, with_costs
from cardsdb.engine.choices.targeting import PlayContext, text_reason
from cardsdb.engine.position.objects import Position, Runes
from cardsdb.engine.reading.specs import AdditionalCost, CardChoices
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check, Effect, Undecided
from cardsdb.engine.verdict.codes import CheckCode, CodePair, EffectCode, UndecidedCode
from cardsdb.models import Card

_DEFLECT_RULES = (r.V14_DEFLECT, r.V14_MANDATORY_ADDITIONAL_COST)
_INCREASE_RULES = (r.ADDITIONAL_COSTS_STILL_APPLY, r.V14_COST_INCREASES)


@dataclass(frozen=True)
class Changes(CostScan):
    """What other cards do to the play's cost: increases, discounts read, and cards whose discounts are not read."""

    def apply(self, bill: Bill) -> Bill:
        return with_discounts(with_increases(bill, self.increases), self.discounts)

    @property
    def rules(self) -> tuple[str, ...]:
        return ((r.V14_COST_INCREASES,) if self.increases else ()) + (
            (r.V14_DISCOUNTS,) if self.discounts else ()
        )

    def words(self) -> str:
        """ "raised by Mystic Vortex", "less its own discount", "less the discount of Applied Researchers"."""
        raised = f"raised by {' and '.join(i.source for i in self.increases)}" if self.increases else ""
        own = [d for d in self.discounts if d.own]
        others = [d.source for d in self.discounts if not d.own]
        less = [
            *(["less its own discount"] if own else []),
            *([f"less the discount of {' and '.join(others)}"] if others else []),
        ]
        return ", ".join(w for w in (raised, *less) if w)


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
    codes: CodePair
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


def changes_for(card: Card, position: Position, play: PlayOf) -> Changes:
    """What the card's own text and the other cards in the position do to the cost of playing `card` now."""
    found = scan_costs(card, position, play)
    return Changes(found.increases, found.discounts, found.maybe_discounts, found.unread)


def settle(
    check: Check | None,
    bill: Bill,
    runes: Runes | None,
    changes: Changes,
    maybe_deflect: tuple[str, ...] = (),
) -> tuple[list[Check], list[Undecided]]:
    """The cost check with what it may depend on: a discount the engine does not apply, or a state the position does
    not give (a cost increase, a target's Deflect). `bill`: the play's cost before the other cards' changes."""
    check, unread = unread_discount(check, changes.apply(bill), runes, changes)
    check, discount = maybe_discount(check, bill, runes, changes)
    depends = increase_undecided(check, bill, runes, changes)
    deflect = None
    if check is not None and check.ok and runes is not None and maybe_deflect:
        more = changes.apply(bill.plus(any_power=len(maybe_deflect)))
        if not more.paid_by(runes):
            because = (
                f"If {'; '.join(maybe_deflect)}, it costs {more.words}, more than your {have_words(runes)}."
            )
            deflect = Undecided(UndecidedCode.COST_STATE_UNKNOWN, _DEFLECT_RULES, because)
    return ([check] if check else []), [u for u in (unread, discount, depends, deflect) if u is not None]


def maybe_discount(
    check: Check | None, bill: Bill, runes: Runes | None, changes: Changes
) -> tuple[Check | None, Undecided | None]:
    """A cost that can't be paid, where a discount on a condition the position does not settle would pay it: the
    answer depends on that condition (a cost payable without the discount is payable, and it does not matter)."""
    if check is None or check.ok or not changes.maybe_discounts or runes is None:
        return check, None
    most = with_discounts(changes.apply(bill), changes.maybe_discounts)
    if not most.paid_by(runes):
        return check, None
    conditions = "; ".join(
        f"{'its own text' if d.own else d.source}'s discount, if {d.unknown}" for d in changes.maybe_discounts
    )
    because = (
        f"It costs {changes.apply(bill).words} and you have {have_words(runes)}: only {conditions}, would make it "
        "payable, and the position does not say."
    )
    return None, Undecided(UndecidedCode.COST_STATE_UNKNOWN, (r.V14_DISCOUNTS, *check.rules), because)


def _what(additional: bool, deflect: int, changes: Changes) -> str:
    """ "Additional cost (Deflect)", "Cost increase from Mystic Vortex", or both joined."""
    named = (
        [f"additional cost{' (Deflect)' if deflect else ''}"]
        if additional or deflect or not changes.increases
        else []
    )
    words = changes.words()
    text = f"cost {words}" if not named else f"{named[0]}, {words}" if words else named[0]
    return text[0].upper() + text[1:]


def facedown_cost_check(
    parsed: CardChoices,
    runes: Runes | None,
    deflect: int,
    optional_costs: bool,
    assumptions: list[str],
    changes: Changes | None = None,
) -> Check | None:
    """From facedown the base cost is ignored; additional costs (Deflect, optional costs chosen) and cost increases
    still apply, less discounts."""
    changes = changes or Changes()
    optional = [c for c in parsed.costs if c.optional] if optional_costs else []
    rules: tuple[str, ...] = (r.HIDDEN_DEFINITION, r.IGNORE_BASE_COST, r.ADDITIONAL_COSTS_STILL_APPLY)
    rules += _DEFLECT_RULES if deflect else ()
    rules += (r.V14_OPTIONAL_ADDITIONAL_COST,) if any(c.power or c.energy for c in optional) else ()
    rules += changes.rules
    what = _what(bool(chosen_costs(parsed, optional_costs)), deflect, changes)
    question = CostQuestion(what, (CheckCode.CAN_PAY_ADDITIONAL, CheckCode.CANNOT_PAY_ADDITIONAL), rules)
    bill = changes.apply(facedown_bill(parsed, optional_costs).plus(any_power=deflect))
    check = cost_check(runes, bill, question, assumptions)
    if check is None or check.ok or not optional or runes is None:
        return check
    if changes.apply(facedown_bill(parsed, False).plus(any_power=deflect)).paid_by(runes):
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
    changes: Changes | None = None,
) -> Check | None:
    changes = changes or Changes()
    rules = (r.PLAYED_FROM_HAND,) + ((r.V14_DEFLECT,) if deflect else ()) + changes.rules
    what = (
        "Its cost"
        + (" with Deflect" if deflect else "")
        + (f", {changes.words()}" if changes.words() else "")
    )
    question = CostQuestion(what, (CheckCode.CAN_PAY_COST, CheckCode.CANNOT_PAY_COST), rules)
    bill = changes.apply(hand_bill(card, parsed, optional_costs).plus(any_power=deflect))
    return cost_check(runes, bill, question, assumptions)


def change_effects(changes: Changes) -> list[Effect]:
    """What each increase adds and each discount takes off, and why it applies now."""
    effects = [
        Effect(
            EffectCode.COSTS_MORE,
            _INCREASE_RULES,
            f"It costs {i.bill.words} more: {i.why}"
            + (f" ({i.more.words} more again if {i.unknown})" if i.unknown else "")
            + ".",
        )
        for i in changes.increases
    ]
    for found in changes.discounts:
        less = found.discount
        amount = " and ".join(
            w
            for w in (
                f"{less.energy} energy" if less.energy else "",
                f"{less.power} power" if less.power else "",
            )
            if w
        )
        floor = f", to a minimum of {less.floor} energy" if less.floor else ""
        effects.append(
            Effect(EffectCode.COSTS_LESS, (r.V14_DISCOUNTS,), f"It costs {amount} less{floor}: {found.why}.")
        )
    return effects


def unread_discount(
    check: Check | None, bill: Bill, runes: Runes | None, changes: Changes
) -> tuple[Check | None, Undecided | None]:
    """A cost that can't be paid, where a discount the engine does not apply might pay it: undecided instead of the
    failed check. `bill`: the cost with the other cards' changes."""
    if check is None or check.ok or not changes.unread or runes is None:
        return check, None
    because = (
        f"It costs {bill.words} and you have {have_words(runes)}, but {' and '.join(changes.unread)} may make it "
        "cost less, a discount the engine does not apply: whether you can pay is open."
    )
    return None, Undecided(UndecidedCode.DISCOUNT_NOT_READ, (r.V14_DISCOUNTS, *check.rules), because)


def increase_undecided(
    check: Check | None, bill: Bill, runes: Runes | None, changes: Changes
) -> Undecided | None:
    """Whether the play can be paid depends on a state the position does not give (Helm of Suppression: Empowered)."""
    unknown = [i for i in changes.increases if i.unknown]
    if check is None or not check.ok or not unknown or runes is None:
        return None
    most = with_discounts(with_increases(bill, changes.increases, unknown_too=True), changes.discounts)
    if most.paid_by(runes):
        return None
    states = " and ".join(i.unknown for i in unknown)
    because = (
        f"If {states}, it costs {most.words}, more than your {have_words(runes)}: the position doesn't say."
    )
    return Undecided(UndecidedCode.COST_STATE_UNKNOWN, _INCREASE_RULES, because)


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
        (CheckCode.CAN_PAY_PLAY_EFFECT, CheckCode.CANNOT_PAY_PLAY_EFFECT),
        rules,
        blocking=False,
    )
    return cost_check(runes, bill.plus(any_power=deflect), question, assumptions)


def _needs_object(cost: AdditionalCost, card: Card, position: Position) -> tuple[bool | None, str]:
    """Whether the position holds what a cost uses up ("a friendly unit" to kill), and what it found."""
    needs = cost.needs
    if needs == "your legend":
        return (position.me.legend is not None) or None, "your legend (taken to be ready)"
    spec = cost.needs_spec
    if spec is None:
        return None, f'"{needs}", which the engine does not read'
    ctx = PlayContext("me", None, None, False, card)
    found = [o for o in position.objects if text_reason(spec, o, ctx, None) is None]
    if spec.unread and found:
        return None, f'"{needs}": whether {found[0].words} qualifies the engine can\'t say'
    return bool(found), (found[0].words if found else f"no {needs.removeprefix('a ').removeprefix('an ')}")


def requirement_checks(
    card: Card, parsed: CardChoices, position: Position, optional_costs: bool, codes: CodePair
) -> tuple[list[Check], list[Undecided]]:
    """Costs paid with something other than runes: an object to kill, return or exhaust; cards to discard; XP."""
    checks: list[Check] = []
    undecided: list[Undecided] = []
    rules = (r.ADDITIONAL_COSTS_STILL_APPLY,)
    for cost in chosen_costs(parsed, optional_costs):
        if cost.needs:
            ok, what = _needs_object(cost, card, position)
            if ok is None:
                undecided.append(
                    Undecided(
                        UndecidedCode.COST_STATE_UNKNOWN,
                        rules,
                        f'Whether you can pay "{cost.text}" is open: {what}.',
                    )
                )
            else:
                because = f'"{cost.text}": ' + (
                    f"{what} can pay it." if ok else f"there is {what} to pay it with."
                )
                checks.append(Check(ok, codes[0] if ok else codes[1], rules, because))
        if cost.xp:
            xp = position.me.xp
            if xp is None:
                undecided.append(
                    Undecided(
                        UndecidedCode.COST_STATE_UNKNOWN,
                        rules,
                        f'"{cost.text}" spends {cost.xp} XP, and the position does not give your XP (xp).',
                    )
                )
            else:
                ok = xp >= cost.xp
                checks.append(
                    Check(ok, codes[0] if ok else codes[1], rules, f'"{cost.text}": you have {xp} XP.')
                )
        if cost.discard:
            hand = position.me.hand
            others = (
                None
                if hand is None
                else sum(1 for c in hand if c.name != card.name)
                + max(0, sum(1 for c in hand if c.name == card.name) - 1)
            )
            if others is not None:
                ok = others >= cost.discard
                checks.append(
                    Check(
                        ok,
                        codes[0] if ok else codes[1],
                        rules,
                        f'"{cost.text}": you have {others} other card{"s" if others != 1 else ""} in hand.',
                    )
                )
    return checks, undecided
