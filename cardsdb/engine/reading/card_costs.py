"""A card's additional costs, read from its text: Accelerate, Repeat, "you may pay ... as an additional cost", and
"as an additional cost to play me, ..." (356.1.b.3: they still apply when the base cost is ignored). A cost that is
not paid in runes asks for something: an object to kill, return or exhaust ("kill a friendly unit"), cards to discard,
XP to spend (`needs`, `discard`, `xp`); without it the cost can't be paid."""

from __future__ import annotations

import re
from dataclasses import replace

from cardsdb.engine.reading.cardtext import printed_keywords, source_text
from cardsdb.engine.reading.phrases import read_phrase
from cardsdb.engine.reading.specs import AdditionalCost, ChoiceSpec, accelerate_cost
from cardsdb.models import Card
from cardsdb.text.domains import DOMAINS

_OPTIONAL_COST = re.compile(r"you may (?:pay )?(?P<cost>.+?) as an additional cost", re.IGNORECASE)
_MANDATORY_COST = re.compile(r"as an additional cost to play (?:me|this), (?P<cost>[^.]+)", re.IGNORECASE)
_DOMAIN = "|".join(DOMAINS)
_POWER = re.compile(
    rf"\[(?P<symbol>A|{_DOMAIN}|C)\]|\b(?P<word>{_DOMAIN}|any)\b(?= power)|\b(?P<bare>{_DOMAIN})\b",
    re.IGNORECASE,
)
# [C] is a power of the card's own domain; read without the card, it is taken as any domain.
_SYMBOL_DOMAIN = {"a": "any", "c": "any"}


def power_domains(cost: str) -> tuple[str, ...]:
    """The power a cost asks for, one entry per power: its domain, or "any"."""
    domains: list[str] = []
    for match in _POWER.finditer(cost):
        word = (match.group("symbol") or match.group("word") or match.group("bare")).casefold()
        domains.append(_SYMBOL_DOMAIN.get(word, word) if match.group("symbol") else word)
    return tuple(domains)


def _energy_count(cost: str) -> int:
    return sum(int(n) for n in re.findall(r"\[(\d+)\]", cost))


_NEEDS = re.compile(
    r"\b(?:kill|return|exhaust|banish|recycle) (?P<what>(?:an?|another) (?!number)[^.]+?)(?: to its owner's hand)?$"
    r"|\bspend (?P<buff>a buff)\b|\bexhaust (?P<legend>your legend)\b",
    re.IGNORECASE,
)


def _needs_spec(needs: str) -> ChoiceSpec | None:
    """What a cost uses up, read as the phrase reader reads a choice ("a friendly unit"); None: not read."""
    if not needs or needs == "your legend":
        return None
    phrase = read_phrase(needs, 0)
    return phrase.spec if phrase is not None else None


def _cost(text: str, cost: str, *, optional: bool) -> AdditionalCost:
    domains = power_domains(cost)
    needs = _NEEDS.search(cost)
    what = ""
    if needs is not None:
        what = needs.group("what") or ("a buffed friendly unit" if needs.group("buff") else "your legend")
    discard = re.search(r"\bdiscard (\d+)", cost, re.IGNORECASE)
    xp = re.search(r"\bspend (\d+) XP", cost, re.IGNORECASE)
    return AdditionalCost(
        text,
        optional,
        len(domains),
        _energy_count(cost),
        None,
        domains,
        needs=(needs_words := re.sub(r"\[([A-Za-z][\w' -]*)\]", r"\1", what).strip()),
        needs_spec=_needs_spec(needs_words),
        discard=int(discard.group(1)) if discard else 0,
        xp=int(xp.group(1)) if xp else 0,
    )


def _repeat(card: Card) -> list[AdditionalCost]:
    """[Repeat] [2][Mind]: an optional additional cost that repeats the spell's effect (v1.4 820)."""
    found = re.search(
        r"^\[Repeat\]\s*(?:[—–-]\s*)?(?P<cost>[^(\n]+)", source_text(card), re.IGNORECASE | re.MULTILINE
    )
    if found is None:
        return []
    cost = found.group("cost").strip()
    repeat = _cost(f"Repeat ({cost}): repeats its effect", cost, optional=True)
    return [replace(repeat, keyword="Repeat")]


def additional_costs(card: Card) -> tuple[AdditionalCost, ...]:
    costs = [accelerate_cost(card.domains)] if "accelerate" in printed_keywords(card) else []
    costs += _repeat(card)
    # Reminder text in parentheses restates a keyword (Accelerate's cost): it is not a second cost.
    rules_text = source_text(card)
    while (
        "(" in rules_text and ")" in rules_text
    ):  # innermost first: `\([^)]*\)` would scan to the end from each "("
        rules_text, removed = re.subn(r"\([^()]*\)", "", rules_text)
        if not removed:
            break
    for optional in _OPTIONAL_COST.finditer(rules_text):
        cost = optional.group("cost")
        if "accelerate" in optional.group(0).casefold() or "[1] and 1 Power" in cost:
            continue
        costs.append(_cost(optional.group(0), cost, optional=True))
    for mandatory in _MANDATORY_COST.finditer(rules_text):
        cost = mandatory.group("cost")
        may = re.match(r"you may (?P<rest>.+)$", cost, re.IGNORECASE)
        if may:  # "As an additional cost to play this, you may discard 1."
            costs.append(_cost(mandatory.group(0), may.group("rest"), optional=True))
        else:
            costs.append(_cost(mandatory.group(0), cost, optional=False))
    return tuple(costs)
