"""Playing a card: from facedown (811.6, 811.1.d), from hand (811.3), and the targets question, which is the same
checks plus the choices listed. Each question composes its checks, choices, costs and effects from the play_* modules."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardsdb.engine.board.characteristics import card_traits
from cardsdb.engine.board.cost_changes import PlayOf
from cardsdb.engine.board.costs import cost_unknown
from cardsdb.engine.board.placement import reaction_now
from cardsdb.engine.checks.boundary import apply_boundary
from cardsdb.engine.checks.copies import choose_copy
from cardsdb.engine.checks.play_checks import facedown_checks, hand_checks, lacks_hidden
from cardsdb.engine.checks.play_costs import (
    Changes,
    change_effects,
    changes_for,
    facedown_bill,
    facedown_cost_check,
    hand_bill,
    hand_cost_check,
    play_effect_cost_check,
    requirement_checks,
    settle,
)
from cardsdb.engine.checks.play_effects import (
    OPENS_CHAIN,
    REVEALED,
    deflect_notes,
    facedown_placement,
    facedown_play,
    hand_placement,
    no_reveal_here,
    works_as_normal,
)
from cardsdb.engine.choices.play_choices import resolve
from cardsdb.engine.choices.play_context import Play, Resolution
from cardsdb.engine.choices.targeting import PlayContext
from cardsdb.engine.position.objects import FacedownCard, Position, Traits
from cardsdb.engine.position.scenario_ask import Ask
from cardsdb.engine.reading.keyword_choices import with_keyword_choices
from cardsdb.engine.reading.specs import CardChoices
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Answer, Check, Effect, Undecided
from cardsdb.engine.verdict.codes import CheckCode, EffectCode, UndecidedCode
from cardsdb.models import Card

ONLY_CHOICES_RESTRICTED = Effect(
    EffectCode.ONLY_CHOICES_RESTRICTED,
    (r.OTHER_ABILITIES_NORMAL,),
    "Only its choices are restricted: its other abilities and instructions work as normal.",
)
FROM_HAND = Effect(
    EffectCode.PLAYED_FROM_HAND,
    (r.PLAYED_FROM_HAND,),
    "Played from hand for its cost, at its normal timing: none of its choices is restricted.",
)


@dataclass
class _Parts:
    """What one play of the card found: its checks, its choices (with their effects), its effects, the undecided."""

    checks: list[Check]
    out: Resolution = field(default_factory=Resolution)
    effects: list[Effect] = field(default_factory=list)
    undecided: list[Undecided] = field(default_factory=list)


def _answer(
    card: Card, ask: Ask, action: str, at: str | None, parts: _Parts, assumptions: list[str]
) -> Answer:
    effects = list(parts.effects)
    if ask.kind == "targets" and not parts.out.choices and not parts.out.undecided:
        effects.append(
            Effect(
                EffectCode.MAKES_NO_CHOICE,
                (r.OTHER_ABILITIES_NORMAL,),
                f"{card.name} makes no choice when played.",
            )
        )
    return Answer(
        ask=ask.kind,
        action=action,
        checks=tuple(parts.checks),
        choices=tuple(parts.out.choices),
        effects=tuple(effects),
        undecided_items=tuple(parts.undecided + parts.out.undecided),
        card=card.name,
        at=at,
        assumptions=tuple(dict.fromkeys(assumptions)),
    )


def _facedown_copy(
    card: Card, position: Position, ask: Ask, facedown: FacedownCard, assumptions: list[str]
) -> Answer:
    label = facedown.location
    action = f"play {card.name} from facedown at {label}"
    checks, undecided = facedown_checks(card, facedown, position, assumptions)
    if lacks_hidden(card, position.reading(card)):
        # Nothing that presupposes Hidden: no Reaction, no ignored base cost, no restricted choices.
        return _answer(card, ask, action, label, _Parts(checks, effects=[OPENS_CHAIN, REVEALED]), assumptions)
    traits = card_traits(card, position, "facedown", "me")
    parsed = _choices(card, position, traits)
    runes = position.me.runes
    ctx = PlayContext("me", label, label if card.is_permanent else None, ask.source_left_board, card)
    changes = changes_for(
        card, position, PlayOf(card, "me", False, True)
    )  # a hidden card has Reaction (811.6)
    bill = facedown_bill(parsed, ask.optional_costs)
    play = Play(card, parsed, position, ctx, ask.targets, changes.apply(bill), runes, ask.optional_costs)
    out = resolve(play)
    check = facedown_cost_check(parsed, runes, out.spell_deflect, ask.optional_costs, assumptions, changes)
    cost, cost_undecided = settle(
        check, bill.plus(any_power=out.spell_deflect), runes, changes, tuple(out.maybe_deflect)
    )
    effect_cost = play_effect_cost_check(play.bill, runes, out.effect_deflect, assumptions)
    reveal, reveal_undecided = no_reveal_here(position, label)
    placed, place_undecided = facedown_placement(card, parsed, label, position)
    effects = [
        *facedown_play(card, parsed),
        *placed,
        *change_effects(changes),
        *out.effects,
        *deflect_notes(out.choices, position, card),
        *works_as_normal(parsed, from_facedown=True, position=position, at=label),
        ONLY_CHOICES_RESTRICTED,
        *reveal,
    ]
    needs, needs_undecided = requirement_checks(
        card,
        parsed,
        position,
        ask.optional_costs,
        (CheckCode.CAN_PAY_ADDITIONAL, CheckCode.CANNOT_PAY_ADDITIONAL),
    )
    all_checks, all_undecided = apply_boundary(
        card,
        position,
        [*checks, *out.checks, *cost, *needs, *([effect_cost] if effect_cost else [])],
        undecided + place_undecided + reveal_undecided + cost_undecided + needs_undecided,
        placed=card.is_permanent,
    )
    return _answer(card, ask, action, label, _Parts(all_checks, out, effects, all_undecided), assumptions)


def _choices(card: Card, position: Position, traits: Traits) -> CardChoices:
    """The card's choices as it is played: its reading's, and those of the keywords other cards give it (Jax,
    Unmatched's Quick-Draw: "attach it to a unit you control")."""
    keywords = frozenset(k.name for k in traits.keywords)
    return with_keyword_choices(position.reading(card).choices, keywords, card.types, card.domains)


def answer_from_facedown(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    """play_hidden, and targets at a battlefield: every copy the question may mean, and the one that can be played."""
    return choose_copy(
        [(fd, _facedown_copy(card, position, ask, fd, list(assumptions))) for fd in ask.facedown]
    )


def _hand_cost(
    card: Card, play: Play, out: Resolution, ask: Ask, assumptions: list[str], changes: Changes
) -> tuple[list[Check], list[Undecided]]:
    if cost_unknown(card):
        because = (
            f"{card.name} is a newer card known only in part: its cost is not known, so whether you can "
            "pay it is not known."
        )
        return [], [Undecided(UndecidedCode.COST_UNKNOWN, (r.PLAYED_FROM_HAND,), because)]
    check = hand_cost_check(
        card, play.parsed, play.runes, out.spell_deflect, ask.optional_costs, assumptions, changes
    )
    bill = hand_bill(card, play.parsed, ask.optional_costs).plus(any_power=out.spell_deflect)
    return settle(check, bill, play.runes, changes, tuple(out.maybe_deflect))


def answer_from_hand(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    """play, and targets from hand: played for its cost at its normal timing, nothing restricted (811.3)."""
    traits = card_traits(card, position, "hand", "me")
    checks, placed = hand_checks(card, position, ask.from_ or "hand", ask.to, assumptions, traits)
    parsed = _choices(card, position, traits)
    ctx = PlayContext("me", None, ask.to if card.is_permanent else None, ask.source_left_board, card)
    reaction = reaction_now(card, position, traits, ask.to, from_facedown=False)
    changes = changes_for(card, position, PlayOf(card, "me", True, reaction))
    bill = changes.apply(hand_bill(card, parsed, ask.optional_costs))
    play = Play(card, parsed, position, ctx, ask.targets, bill, position.me.runes, ask.optional_costs)
    out = resolve(play)
    cost, undecided = _hand_cost(card, play, out, ask, assumptions, changes)
    effect_cost = play_effect_cost_check(bill, play.runes, out.effect_deflect, assumptions)
    needs, needs_undecided = requirement_checks(
        card, parsed, position, ask.optional_costs, (CheckCode.CAN_PAY_COST, CheckCode.CANNOT_PAY_COST)
    )
    all_checks, all_undecided = apply_boundary(
        card,
        position,
        [*checks, *out.checks, *cost, *needs, *([effect_cost] if effect_cost else [])],
        placed + undecided + needs_undecided,
        placed=card.is_permanent and ask.to is not None,
    )
    effects = [
        FROM_HAND,
        *hand_placement(card, parsed, ask.to),
        *change_effects(changes),
        *out.effects,
        *deflect_notes(out.choices, position, card),
        *works_as_normal(parsed, from_facedown=False, position=position),
    ]
    parts = _Parts(all_checks, out, effects, all_undecided)
    return _answer(card, ask, f"play {card.name} from your hand", None, parts, assumptions)
