"""Choice specs against a position: the legal and excluded targets of each choice, restricted or not.

A choice is restricted to the battlefield where the card was hidden when the card is played from facedown
(811.1.d.2 for a spell, 811.1.d.3 for a play effect), unless its own text puts it elsewhere (811.1.d.4).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from cardsdb.engine import citations as r
from cardsdb.engine.choices import ChoiceSpec
from cardsdb.engine.position import BASES, BoardObject, Position, Side, other
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


def _text_reason(
    spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext, first_location: str | None
) -> str | None:
    """Why `obj` fails the card's own text, or None when it meets it."""
    if obj.kind != spec.what:
        return f"{obj.name} is a {obj.kind}, not a {spec.what}"
    if spec.whose == "friendly" and obj.controller != ctx.acting:
        return f"{obj.name} is an enemy {obj.kind}; the text asks for one you control"
    if spec.whose == "enemy" and obj.controller == ctx.acting:
        return f"{obj.name} is a friendly {obj.kind}; the text asks for an enemy one"
    on_battlefield = obj.location not in BASES
    if spec.where in ("battlefield", "same_battlefield") and not on_battlefield:
        return f"{obj.name} is in a base; the text asks for one at a battlefield"
    if spec.where == "base" and on_battlefield:
        return f"{obj.name} is at a battlefield; the text asks for one in a base"
    if spec.where == "here" and ctx.source_location is not None and obj.location != ctx.source_location:
        return f"{obj.name} is not here ({ctx.source_location})"
    if spec.where == "here" and ctx.source_location is None and not on_battlefield:
        return f"{obj.name} is in a base; 'here' is the battlefield the card is played to"
    if (
        spec.where == "other_location"
        and ctx.source_location is not None
        and obj.location == ctx.source_location
    ):
        return f"{obj.name} is at {obj.location}, the card's own location; the text asks for another location"
    if spec.where == "different_location":
        other = first_location if first_location is not None else ctx.source_location
        if other is not None and obj.location == other:
            return f"{obj.name} is at {other}; the text asks for a unit at a different location"
    for flt in spec.filters:
        if flt == "attacking" and not obj.attacking:
            return f"{obj.name} is not attacking"
        if flt == "defending" and not obj.defending:
            return f"{obj.name} is not defending"
        if flt == "exhausted" and not obj.exhausted:
            return f"{obj.name} is not exhausted"
        if flt == "ready" and obj.exhausted:
            return f"{obj.name} is exhausted"
        if flt == "buffed" and not obj.buffed:
            return f"{obj.name} has no buff"
        match = re.fullmatch(r"might(<=|>=)(\d+)", flt)
        if match:
            might = obj.current_might
            limit = int(match.group(2))
            if might is None:
                return f"{obj.name} has no Might"
            if (match.group(1) == "<=" and might > limit) or (match.group(1) == ">=" and might < limit):
                return f"{obj.name} has {might} Might; the text asks for {limit} or {'less' if match.group(1) == '<=' else 'more'}"
    for grp in spec.group:
        match = re.fullmatch(r"total_might<=(\d+)", grp)
        if match and (obj.current_might or 0) > int(match.group(1)):
            return f"{obj.name} alone has {obj.current_might} Might, more than the total of {match.group(1)} the text allows"
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


def evaluate(
    spec: ChoiceSpec, position: Position, ctx: PlayContext, first_location: str | None = None
) -> Choice:
    """The legal and excluded targets of one choice in this position."""
    restricted = ctx.from_facedown and is_restricted(spec)
    restricted_to = ctx.hidden_at if restricted else None
    rules = choice_rules(spec, ctx)
    legal: list[str] = []
    excluded: list[Excluded] = []
    note: str | None = None
    if ctx.from_facedown and spec.exempt:
        note = f"Not restricted to {ctx.hidden_at}: {spec.exempt}."
    if "same_battlefield" in spec.group:
        note = "All the units it chooses must be at the same battlefield."
    if any(g.startswith("total_might") for g in spec.group):
        note = "The units it chooses must have a total Might within the limit."
    if spec.where == "different_location" and first_location is None and not ctx.from_facedown:
        note = "It must be at a different location from the first unit chosen."
    gone = ctx.source_left_board and spec.purpose == "play_effect"
    if spec.what == "battlefield":
        for bf in position.battlefields:
            if spec.whose == "friendly" and bf.controller != ctx.acting:
                excluded.append(
                    Excluded(bf.label, (r.V13_TARGET_RESTRICTIONS,), f"you don't control {bf.label}")
                )
            elif restricted and bf.label != ctx.hidden_at:
                excluded.append(
                    Excluded(
                        bf.label,
                        restriction_rules(spec),
                        f"{bf.label} is not {ctx.hidden_at}, where it was hidden",
                    )
                )
            else:
                legal.append(bf.label)
    elif spec.what == "unit_card":
        side = ctx.acting if spec.whose != "enemy" else other(ctx.acting)
        hand = position.player(side).hand
        if hand is None:
            note = f"The {'opponent' if side != ctx.acting else 'player'}'s hand is not given, so its units can't be listed."
        else:
            for card in hand:
                if card.is_type("Unit"):
                    legal.append(f"{card.name}@{side}.hand")
    else:
        candidates = list(position.objects)
        source = _source_object(spec, ctx)
        if source is not None:
            candidates.append(source)
        for obj in candidates:
            if obj.kind != ("gear" if spec.what == "gear" else "unit"):
                continue
            reason = _text_reason(spec, obj, ctx, first_location)
            if reason is None and obj is source and "another" in spec.filters:
                reason = f"{obj.name} is the card itself; the text asks for another"
            if reason is not None:
                excluded.append(Excluded(obj.label, (r.V13_TARGET_RESTRICTIONS,), reason))
            elif gone:
                excluded.append(
                    Excluded(
                        obj.label,
                        (r.PLAY_EFFECT_SOURCE_GONE,),
                        "the card has left the board, so its play effect has no legal target",
                    )
                )
            elif restricted and obj.location != ctx.hidden_at:
                excluded.append(
                    Excluded(
                        obj.label,
                        restriction_rules(spec),
                        f"{obj.name} is at {obj.location}, not at {ctx.hidden_at} where the card was hidden",
                    )
                )
            else:
                legal.append(obj.label)
    if gone:
        note = "The card has left the board: its play effect reads its information and finds no legal target."
    return Choice(
        choice=spec.phrase,
        restricted_to=restricted_to,
        rules=rules,
        legal=tuple(legal),
        excluded=tuple(excluded),
        count=spec.count,
        optional=spec.optional,
        purpose=spec.purpose,
        note=note,
    )


def enough_targets(spec: ChoiceSpec, choice: Choice) -> bool:
    """Whether a required choice can be made: optional and "up to" choices always can."""
    if spec.optional or spec.min_count == 0:
        return True
    if spec.what == "unit_card":
        return True  # a hand's contents are hidden information; the engine does not block on them
    if "same_battlefield" in spec.group and spec.min_count > 1:
        by_location: dict[str, int] = {}
        for label in choice.legal:
            location = label.rpartition("@")[2]
            by_location[location] = by_location.get(location, 0) + 1
        return any(n >= spec.min_count for n in by_location.values())
    return len(choice.legal) >= spec.min_count
