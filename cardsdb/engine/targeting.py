"""Choice specs against a position: the legal and excluded targets of each choice, restricted or not.

A choice is restricted to the battlefield where the card was hidden when the card is played from facedown
(811.1.d.2 for a spell, 811.1.d.3 for a play effect), unless its own text puts it elsewhere (811.1.d.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardsdb.engine import citations as r
from cardsdb.engine.constraints import Another, TotalMight
from cardsdb.engine.naming import Target, place_words
from cardsdb.engine.position import BASES, Battlefield, BoardObject, Position, Side, location_of, other
from cardsdb.engine.specs import ChoiceSpec
from cardsdb.engine.untargetable import guarded_might, untargetable_reason
from cardsdb.engine.verdict import Choice, Excluded
from cardsdb.models import Card


@dataclass(frozen=True)
class PlayContext:
    """How the card is played: from facedown at `hidden_at`, or from hand (hidden_at None)."""

    acting: Side
    hidden_at: str | None
    source_location: str | None  # where a permanent is after it is played (its "here")
    source_left_board: bool = False
    source: Card | None = (
        None  # the permanent whose play effect chooses: a candidate itself ("it may pick itself")
    )

    @property
    def from_facedown(self) -> bool:
        return self.hidden_at is not None


def restriction_rules(spec: ChoiceSpec) -> tuple[str, ...]:
    if spec.purpose == "unit_destination":
        return (r.CHOICES_RESTRICTED, r.UNITS_PLAYED_THERE)
    if spec.purpose == "play_effect":
        return (r.CHOICES_RESTRICTED, r.PLAY_EFFECT_TARGETS_THERE)
    return (r.CHOICES_RESTRICTED, r.SPELL_TARGETS_THERE)


def is_restricted(spec: ChoiceSpec) -> bool:
    return spec.exempt is None


def choice_rules(spec: ChoiceSpec, ctx: PlayContext) -> tuple[str, ...]:
    if not ctx.from_facedown:
        return (r.PLAYED_FROM_HAND,)
    if spec.exempt:
        return (r.EACH_TARGET_ON_ITS_OWN, restriction_rules(spec)[1])
    return restriction_rules(spec)


# Why a target is refused, in words that speak of it as "it": the answer names it (`Target.words`) beside them.


def _kind_reason(spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext) -> str | None:
    if spec.what != "object" and obj.kind != spec.what:
        return f"it is a {obj.kind}, not a {spec.what}"
    if spec.whose == "friendly" and obj.controller != ctx.acting:
        return f"it is an enemy {obj.kind}; the text asks for one you control"
    if spec.whose == "enemy" and obj.controller == ctx.acting:
        return f"it is a friendly {obj.kind}; the text asks for an enemy one"
    return None


def _place_reason(
    spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext, first_location: str | None
) -> str | None:
    on_battlefield = obj.location not in BASES
    here = ctx.source_location
    if spec.where in ("battlefield", "same_battlefield") and not on_battlefield:
        return "it is in a base; the text asks for one at a battlefield"
    if spec.where == "base" and on_battlefield:
        return "it is at a battlefield; the text asks for one in a base"
    if spec.where == "here" and here is not None and obj.location != here:
        return f"it is not here ({place_words(here)})"
    if spec.where == "here" and here is None and not on_battlefield:
        return "it is in a base; 'here' is the battlefield the card is played to"
    if spec.where == "other_location" and here is not None and obj.location == here:
        return (
            f"it is {place_words(obj.location)}, the card's own location; the text asks for another location"
        )
    if spec.where == "different_location":
        elsewhere = first_location if first_location is not None else here
        if elsewhere is not None and obj.location == elsewhere:
            return f"it is {place_words(elsewhere)}; the text asks for a unit at a different location"
    return None


def text_reason(
    spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext, first_location: str | None, *, itself: bool = False
) -> str | None:
    """Why `obj` fails the card's own text, or None when it meets it. `itself`: obj is the card that chooses."""
    reason = _kind_reason(spec, obj, ctx) or _place_reason(spec, obj, ctx, first_location)
    if reason is not None:
        return reason
    for flt in spec.filters:
        refused = flt.refuses(obj)
        if refused is None and itself and isinstance(flt, Another):
            refused = "it is the card itself; the text asks for another"
        if refused is not None:
            return refused
    for grp in spec.group:
        if isinstance(grp, TotalMight) and (refused := grp.refuses(obj)) is not None:
            return refused
    return None


def _source_object(spec: ChoiceSpec, ctx: PlayContext) -> BoardObject | None:
    """The permanent itself, on the board where it was played, when its own play effect chooses."""
    if (
        spec.purpose != "play_effect"
        or ctx.source is None
        or ctx.source_location is None
        or ctx.source_left_board
    ):
        return None
    kind: Literal["unit", "gear"] = "unit" if ctx.source.is_type("Unit") else "gear"
    return BoardObject(card=ctx.source, kind=kind, controller=ctx.acting, location=ctx.source_location)


def _note(spec: ChoiceSpec, ctx: PlayContext, first_location: str | None) -> str | None:
    if ctx.source_left_board and spec.purpose == "play_effect":
        return "The card has left the board: its play effect reads its information and finds no legal target."
    if spec.where == "different_location" and first_location is None and not ctx.from_facedown:
        return "It must be at a different location from the first unit chosen."
    if any(isinstance(g, TotalMight) for g in spec.group):
        return "The units it chooses must have a total Might within the limit."
    if spec.together:
        return "All the units it chooses must be at the same battlefield."
    if ctx.from_facedown and spec.exempt:
        return f"Not restricted to {ctx.hidden_at}: {spec.exempt}."
    return None


@dataclass
class _Sorting:
    """The targets of one choice, sorted into legal and excluded with the rules that exclude them."""

    spec: ChoiceSpec
    ctx: PlayContext
    restricted: bool
    legal: list[Target]
    excluded: list[Excluded]

    def exclude(self, target: Target, rules: tuple[str, ...], because: str) -> None:
        self.excluded.append(Excluded(target, rules, because))

    def battlefields(self, position: Position) -> None:
        for bf in position.battlefields:
            target = battlefield_target(bf)
            if self.spec.whose == "friendly" and bf.controller != self.ctx.acting:
                self.exclude(target, (r.V14_TARGET_RESTRICTIONS,), "you don't control it")
            elif self.restricted and bf.label != self.ctx.hidden_at:
                because = f"it is not {self.ctx.hidden_at}, where the card was hidden"
                self.exclude(target, restriction_rules(self.spec), because)
            else:
                self.legal.append(target)

    def hand(self, position: Position) -> str | None:
        owner = self.ctx.acting if self.spec.whose != "enemy" else other(self.ctx.acting)
        hand = position.player(owner).hand
        if hand is None:
            whose = "opponent" if owner != self.ctx.acting else "player"
            return f"The {whose}'s hand is not given, so its units can't be listed."
        place = f"{owner}.hand"
        self.legal.extend(
            Target(f"{card.name}@{place}", "card", place, card=card.name, controller=owner)
            for card in hand
            if card.is_type("Unit")
        )
        return None

    def board(self, position: Position, first_location: str | None) -> None:
        source = _source_object(self.spec, self.ctx)
        gone = self.ctx.source_left_board and self.spec.purpose == "play_effect"
        guarded = guarded_might(position)
        for obj in (*position.objects, *((source,) if source is not None else ())):
            if self.spec.what != "object" and obj.kind != self.spec.what:
                continue
            reason = text_reason(self.spec, obj, self.ctx, first_location, itself=obj is source)
            if reason is not None:
                self.exclude(obj.target, (r.V14_TARGET_RESTRICTIONS,), reason)
            elif (shielded := untargetable_reason(obj, guarded, self.ctx.acting)) is not None:
                self.exclude(obj.target, (r.V14_TARGET_RESTRICTIONS, r.V14_UNTARGETABLE), shielded)
            elif gone:
                because = "the card has left the board, so its play effect has no legal target"
                self.exclude(obj.target, (r.PLAY_EFFECT_SOURCE_GONE,), because)
            elif self.restricted and obj.location != self.ctx.hidden_at:
                because = f"it is {place_words(obj.location)}, not at {self.ctx.hidden_at} where the card was hidden"
                self.exclude(obj.target, restriction_rules(self.spec), because)
            else:
                self.legal.append(obj.target)


def battlefield_target(bf: Battlefield) -> Target:
    return Target(
        bf.label, "battlefield", bf.label, card=bf.card.name if bf.card else None, controller=bf.controller
    )


def evaluate(
    spec: ChoiceSpec, position: Position, ctx: PlayContext, first_location: str | None = None
) -> Choice:
    """The legal and excluded targets of one choice in this position."""
    restricted = ctx.from_facedown and is_restricted(spec)
    sorting = _Sorting(spec, ctx, restricted, [], [])
    note = _note(spec, ctx, first_location)
    if spec.what == "battlefield":
        sorting.battlefields(position)
    elif spec.what == "unit_card":
        note = sorting.hand(position) or note
    else:
        sorting.board(position, first_location)
    return Choice(
        choice=spec.phrase,
        restricted_to=ctx.hidden_at if restricted else None,
        rules=choice_rules(spec, ctx),
        legal_targets=tuple(sorting.legal),
        excluded=tuple(sorting.excluded),
        count=spec.count,
        optional=spec.optional,
        purpose=spec.purpose,
        note=note,
    )


def enough_targets(spec: ChoiceSpec, targets: tuple[str, ...]) -> bool:
    """Whether a required choice can be made from `targets`: optional and "up to" choices always can."""
    if spec.optional or spec.min_count == 0:
        return True
    if spec.what == "unit_card":
        return True  # a hand's contents are hidden information; the engine does not block on them
    if spec.together and spec.min_count > 1:
        by_location: dict[str, int] = {}
        for label in targets:
            location = location_of(label)
            by_location[location] = by_location.get(location, 0) + 1
        return any(n >= spec.min_count for n in by_location.values())
    return len(targets) >= spec.min_count
