"""Choice specs against a position: the legal, excluded and open targets of each choice, restricted or not.

A choice is restricted to the battlefield where the card was hidden when the card is played from facedown
(811.1.d.2 for a spell, 811.1.d.3 for a play effect), unless its own text puts it elsewhere (811.1.d.4). Targets are
where the text says (v1.4 355.9.a): units and gear on the board, spells and abilities on the chain, cards in the zone
named, legends. A target the engine can't settle (a state the position does not give, a restriction it does not read,
a chain item it can't tell) is open: never counted as legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from cardsdb.engine.board.characteristics import card_traits
from cardsdb.engine.board.untargetable import guarded_might, untargetable
from cardsdb.engine.position.objects import (
    BASES,
    Battlefield,
    BoardObject,
    ChainItem,
    Position,
    Side,
    location_of,
    other,
)
from cardsdb.engine.reading.constraints import (
    Another,
    HasStatus,
    Might,
    SameName,
    TotalMight,
    UnitsThere,
    filter_open,
)
from cardsdb.engine.reading.specs import ChoiceSpec
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Choice, Excluded
from cardsdb.engine.verdict.naming import Target, place_words
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


# 811.1.d.3 restricts the targets a hidden permanent's play effect chooses to "options at the battlefield it was played
# to"; a battlefield is not at a battlefield, and the rules say no more (a hidden spell's own battlefield choices are
# the engine's older decision under 811.1.d.2, which also refuses the spell when nothing there is legal).
BATTLEFIELD_CHOICE_OPEN = (
    "the rules do not settle whether a hidden permanent's play effect may choose another battlefield: they restrict "
    "what it chooses to options at the battlefield it was played to, and do not say whether a battlefield is one. "
    "Either way, anything it then chooses there must be at the battlefield where it was hidden"
)


def open_choice(spec: ChoiceSpec) -> str | None:
    """Why the rules leave open whether a choice is restricted from facedown; None where they settle it."""
    if spec.exempt is None and spec.purpose == "play_effect" and spec.what == "battlefield":
        return BATTLEFIELD_CHOICE_OPEN
    return None


def choice_rules(spec: ChoiceSpec, ctx: PlayContext) -> tuple[str, ...]:
    if not ctx.from_facedown:
        return (r.PLAYED_FROM_HAND,)
    if spec.exempt:
        return (r.EACH_TARGET_ON_ITS_OWN, restriction_rules(spec)[1])
    return restriction_rules(spec)


# Why a target is refused, in words that speak of it as "it": the answer names it (`Target.words`) beside them.


def _kind_reason(spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext) -> str | None:
    if spec.what not in ("object",) and obj.kind != spec.what:
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
    if spec.where in ("battlefield", "same_battlefield", "there") and not on_battlefield:
        return "it is in a base; the text asks for one at a battlefield"
    if spec.where == "there" and first_location is not None and obj.location != first_location:
        return f"it is {place_words(obj.location)}, not at the battlefield the card chose ({first_location})"
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
        if refused is None and isinstance(flt, SameName) and ctx.source is not None:
            refused = None if obj.card.name == ctx.source.name else f"it is not named {ctx.source.name}"
        if refused is not None:
            return refused
    for grp in spec.group:
        if isinstance(grp, TotalMight) and (refused := grp.refuses(obj)) is not None:
            return refused
    return None


def _about_might(spec: ChoiceSpec) -> bool:
    """Whether the text asks about Might (a limit, Mighty, a total)."""
    return any(
        isinstance(f, Might) or (isinstance(f, HasStatus) and f.status == "mighty") for f in spec.filters
    ) or any(isinstance(g, TotalMight) for g in spec.group)


def might_rules(spec: ChoiceSpec, obj: BoardObject) -> tuple[str, ...]:
    """The rules of current Might, where the text asks about Might and the unit's is not its printed one."""
    if not _about_might(spec) or obj.now is None or not obj.now.parts:
        return ()
    rules = [r.V14_CURRENT_MIGHT]
    rules += [r.V14_BUFF_MIGHT] if obj.buffed else []
    rules += [r.V14_MIGHT_BONUS] if obj.equipped else []
    return tuple(rules)


def open_reason(spec: ChoiceSpec, obj: BoardObject, ctx: PlayContext) -> str | None:
    """Why the engine can't settle whether `obj` meets the text (it meets what the engine reads), or None."""
    if not spec.filters and spec.where != "here":
        return None
    for flt in spec.filters:
        why = filter_open(flt, obj)
        if why is not None:
            return why
    if spec.where == "here" and ctx.source_location is None and obj.location not in BASES:
        return "it qualifies only if the card is played to its battlefield ('here'), which the question does not say"
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
    if spec.mode_free:
        return "One of its modes chooses nothing, so a mode can always be chosen."
    if ctx.from_facedown and spec.exempt:
        return f"Not restricted to {ctx.hidden_at}: {spec.exempt}."
    return None


@dataclass
class _Sorting:
    """The targets of one choice, sorted into legal, excluded and open, with the rules that exclude them."""

    spec: ChoiceSpec
    ctx: PlayContext
    restricted: bool
    legal: list[Target] = field(default_factory=list)
    excluded: list[Excluded] = field(default_factory=list)
    open: list[Excluded] = field(default_factory=list)
    note: str | None = None

    def exclude(self, target: Target, rules: tuple[str, ...], because: str) -> None:
        self.excluded.append(Excluded(target, rules, because))

    def undecided(self, target: Target, rules: tuple[str, ...], because: str) -> None:
        self.open.append(Excluded(target, rules, because))

    def battlefields(self, position: Position, spec: ChoiceSpec) -> None:
        for bf in position.battlefields:
            target = battlefield_target(bf)
            empty = _without_units(spec, bf.label, position, self.ctx.acting)
            if spec.whose == "friendly" and bf.controller != self.ctx.acting:
                self.exclude(target, (r.V14_TARGET_RESTRICTIONS,), "you don't control it")
            elif empty is not None:
                self.exclude(target, (r.V14_TARGET_RESTRICTIONS,), empty)
            elif self.restricted and bf.label != self.ctx.hidden_at:
                because = f"it is not {self.ctx.hidden_at}, where the card was hidden"
                if (unsettled := open_choice(spec)) is not None:
                    self.undecided(target, restriction_rules(self.spec), f"{because}; {unsettled}")
                else:
                    self.exclude(target, restriction_rules(self.spec), because)
            else:
                self.legal.append(target)

    def hand(self, position: Position, spec: ChoiceSpec) -> None:
        owner = (
            self.ctx.acting
            if spec.whose != "enemy" and spec.where != "opponent_hand"
            else other(self.ctx.acting)
        )
        hand = position.player(owner).hand
        if hand is None:
            whose = "opponent" if owner != self.ctx.acting else "player"
            self.note = f"The {whose}'s hand is not given, so its cards can't be listed."
            return
        self.zone_cards(position, hand, f"{owner}.hand", owner, spec)

    def zone_cards(
        self, position: Position, cards: tuple[Card, ...], place: str, owner: Side, spec: ChoiceSpec
    ) -> None:
        types = spec.card_types or (("Unit",) if spec.what == "unit_card" else ())
        for card in cards:
            target = Target(f"{card.name}@{place}", "card", place, card=card.name, controller=owner)
            if types and not any(card.is_type(t) for t in types):
                self.exclude(
                    target,
                    (r.V14_TARGET_RESTRICTIONS,),
                    f"it is not a {' or '.join(t.lower() for t in types)}",
                )
                continue
            keywords = card_traits(card, position, "hand" if place.endswith("hand") else "trash", owner)
            refused = next(
                (why for f in spec.filters if (why := f.refuses_card(card, keywords)) is not None), None
            )
            if refused is not None:
                self.exclude(target, (r.V14_TARGET_RESTRICTIONS,), refused)
            elif spec.unread:
                self.undecided(target, (r.V14_TARGET_RESTRICTIONS,), _unread_words(spec))
            else:
                self.legal.append(target)

    def trash(self, position: Position, spec: ChoiceSpec) -> None:
        sides: tuple[Side, ...] = {
            "trash": (self.ctx.acting,),
            "opponent_trash": (other(self.ctx.acting),),
        }.get(spec.where, (self.ctx.acting, other(self.ctx.acting)))
        for side in sides:
            self.zone_cards(position, position.player(side).trash, f"{side}.trash", side, spec)

    def board(self, position: Position, first_location: str | None, spec: ChoiceSpec) -> None:
        source = _source_object(spec, self.ctx)
        gone = self.ctx.source_left_board and spec.purpose == "play_effect"
        guarded = guarded_might(position)
        for obj in (*position.objects, *((source,) if source is not None else ())):
            if spec.what != "object" and obj.kind != spec.what:
                continue
            reason = text_reason(spec, obj, self.ctx, first_location, itself=obj is source)
            if reason is not None:
                self.exclude(obj.target, (r.V14_TARGET_RESTRICTIONS, *might_rules(spec, obj)), reason)
            elif obj.controller != self.ctx.acting and (
                guard := untargetable(obj, guarded, self.ctx.acting, position)
            ):
                shielded, unsure = guard
                if shielded is not None:
                    self.exclude(obj.target, (r.V14_TARGET_RESTRICTIONS, r.V14_UNTARGETABLE), shielded)
                else:
                    self.undecided(obj.target, (r.V14_TARGET_RESTRICTIONS, r.V14_UNTARGETABLE), unsure or "")
            elif gone:
                because = "the card has left the board, so its play effect has no legal target"
                self.exclude(obj.target, (r.PLAY_EFFECT_SOURCE_GONE,), because)
            elif self.restricted and obj.location != self.ctx.hidden_at:
                because = f"it is {place_words(obj.location)}, not at {self.ctx.hidden_at} where the card was hidden"
                self.exclude(obj.target, restriction_rules(self.spec), because)
            elif (unsure := open_reason(spec, obj, self.ctx)) is not None:
                might = (r.V14_CURRENT_MIGHT,) if _about_might(spec) else ()
                self.undecided(obj.target, (r.V14_TARGET_RESTRICTIONS, *might), unsure)
            else:
                self.legal.append(obj.target)

    def chain(self, position: Position, spec: ChoiceSpec) -> None:
        """Spells and abilities on the chain (v1.4 355.9.a.2)."""
        for item in chain_items(position):
            target = Target(
                f"{item.name}@chain", "chain", "chain", card=item.name, controller=item.controller
            )
            reason, unsure = _chain_reason(spec, item, self.ctx, position)
            if reason is not None:
                self.exclude(target, (r.V14_TARGET_RESTRICTIONS, r.V14_SPELLS_ON_CHAIN), reason)
            elif unsure is not None:
                self.undecided(target, (r.V14_TARGET_RESTRICTIONS, r.V14_SPELLS_ON_CHAIN), unsure)
            elif self.ctx.from_facedown and spec.exempt is None:
                why = (
                    f"it is on the chain, not at {self.ctx.hidden_at}: whether a hidden card's choice of something on the "
                    "chain is restricted to its battlefield (811.1.d.2), and so impossible, the rules do not settle"
                )
                self.undecided(target, restriction_rules(self.spec), why)
            else:
                self.legal.append(target)

    def legends(self, position: Position, spec: ChoiceSpec) -> None:
        sides: tuple[Side, ...] = ("me", "opp")
        for side in sides:
            legend = position.player(side).legend
            if (spec.whose == "friendly" and side != self.ctx.acting) or (
                spec.whose == "enemy" and side == self.ctx.acting
            ):
                continue
            if legend is None:
                self.note = "A legend is not given in the position, so the legends can't all be listed."
                continue
            place = f"{side}.legend"
            self.legal.append(
                Target(f"{legend.name}@{place}", "legend", place, card=legend.name, controller=side)
            )


def _without_units(spec: ChoiceSpec, label: str, position: Position, acting: Side) -> str | None:
    """ "a battlefield where you have units": why this one is not, or None."""
    for flt in spec.filters:
        if isinstance(flt, UnitsThere):
            mine = flt.side == "friendly"
            there = [
                o for o in position.objects_at(label) if o.kind == "unit" and (o.controller == acting) == mine
            ]
            if not there:
                return "you have no units there" if mine else "there are no enemy units there"
    return None


def chain_items(position: Position) -> tuple[ChainItem, ...]:
    """What is on the chain; a closed state with nothing named holds something the engine can't tell."""
    if position.chain_items:
        return position.chain_items
    return (ChainItem("something on the chain"),) if position.state == "closed" else ()


def _chain_reason(
    spec: ChoiceSpec, item: ChainItem, ctx: PlayContext, position: Position
) -> tuple[str | None, str | None]:
    """Why a chain item can't be chosen, or why that is open."""
    kind = item.kind
    wanted = {k.what for k in spec.kinds}
    fits_spell = "spell" in wanted or "chain_item" in wanted
    fits_ability = "ability" in wanted or "chain_item" in wanted
    if kind in ("unit", "gear"):
        return f"it is a {kind} being played, not a spell or ability", None
    if kind == "spell" and not fits_spell:
        return "it is a spell; the text asks for an ability", None
    if kind == "ability" and not fits_ability:
        return "it is an ability; the text asks for a spell", None
    if spec.whose != "any" and item.controller is None:
        return None, "the position does not say whose it is"
    if spec.whose == "enemy" and item.controller == ctx.acting:
        return "it is yours; the text asks for an enemy one", None
    if spec.whose == "friendly" and item.controller not in (None, ctx.acting):
        return "it is your opponent's; the text asks for a friendly one", None
    if item.card is not None:
        keywords = card_traits(item.card, position, "chain", item.controller or "opp")
        refused = next(
            (why for f in spec.filters if (why := f.refuses_card(item.card, keywords)) is not None), None
        )
        if refused is not None:
            return refused, None
    if kind == "unknown":
        return None, "the position does not say what it is (a spell or an ability)"
    if spec.unread:
        return None, _unread_words(spec)
    return None, None


def _unread_words(spec: ChoiceSpec) -> str:
    return f'the text also asks that it be "{"; ".join(spec.unread)}", which the engine does not read'


def battlefield_target(bf: Battlefield) -> Target:
    return Target(
        bf.label, "battlefield", bf.label, card=bf.card.name if bf.card else None, controller=bf.controller
    )


def _sort_kind(sorting: _Sorting, kind: ChoiceSpec, position: Position, first_location: str | None) -> None:
    if kind.what == "battlefield":
        sorting.battlefields(position, kind)
    elif kind.where in ("hand", "opponent_hand") or kind.what == "unit_card":
        sorting.hand(position, kind)
    elif kind.where in ("trash", "any_trash", "opponent_trash"):
        sorting.trash(position, kind)
    elif kind.what in ("spell", "ability", "chain_item") or kind.where == "chain":
        sorting.chain(position, kind)
    elif kind.what == "legend":
        sorting.legends(position, kind)
    elif kind.what == "rune":
        sorting.note = (
            "The position lists only ready runes, not every rune on the board: they can't be listed."
        )
    else:
        sorting.board(position, first_location, kind)


def _merged(parts: list[_Sorting]) -> tuple[list[Target], list[Excluded], list[Excluded]]:
    """A target legal for any alternative is legal; open for one and legal for none, open; else excluded."""
    if len(parts) == 1:
        return parts[0].legal, parts[0].excluded, parts[0].open
    legal: dict[str, Target] = {}
    unsure: dict[str, Excluded] = {}
    excluded: dict[str, Excluded] = {}
    for part in parts:
        legal.update((t.label, t) for t in part.legal)
    for part in parts:
        unsure.update((e.target, e) for e in part.open if e.target not in legal)
    for part in parts:
        for e in part.excluded:
            if e.target not in legal and e.target not in unsure:
                excluded.setdefault(e.target, e)
    return list(legal.values()), list(excluded.values()), list(unsure.values())


def _unlisted(spec: ChoiceSpec) -> Iterator[str]:
    if any(k.what == "rune" for k in spec.kinds):
        yield "rune"


def evaluate(
    spec: ChoiceSpec, position: Position, ctx: PlayContext, first_location: str | None = None
) -> Choice:
    """The legal, excluded and open targets of one choice in this position."""
    restricted = ctx.from_facedown and is_restricted(spec)
    parts = []
    note = _note(spec, ctx, first_location)
    for kind in spec.kinds:
        sorting = _Sorting(spec, ctx, restricted and kind.exempt is None)
        _sort_kind(sorting, kind, position, first_location)
        parts.append(sorting)
        note = sorting.note or note
    legal, excluded, unsure = _merged(parts)
    return Choice(
        choice=spec.phrase,
        restricted_to=ctx.hidden_at if restricted else None,
        rules=choice_rules(spec, ctx),
        legal_targets=tuple(legal),
        excluded=tuple(excluded),
        count=spec.count,
        optional=spec.optional,
        purpose=spec.purpose,
        note=note,
        open_targets=tuple(unsure),
        unsettled=open_choice(spec) if restricted else None,
    )


def enough_targets(spec: ChoiceSpec, targets: tuple[str, ...], unsure: int = 0) -> bool | None:
    """Whether a required choice can be made from `targets` (None: only with open targets, or among targets the
    position can't list): optional and "up to" choices always can."""
    if spec.optional or spec.min_count == 0:
        return True
    if spec.in_zone and spec.where in ("hand", "opponent_hand"):
        return True  # a hand's contents are hidden information; the engine does not block on them
    if spec.together and spec.min_count > 1:
        by_location: dict[str, int] = {}
        for label in targets:
            location = location_of(label)
            by_location[location] = by_location.get(location, 0) + 1
        if any(n >= spec.min_count for n in by_location.values()):
            return True
        return None if unsure else False
    if len(targets) >= spec.min_count:
        return True
    if (unsure and len(targets) + unsure >= spec.min_count) or any(True for _ in _unlisted(spec)):
        return None
    return False
