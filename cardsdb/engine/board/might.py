"""Current Might over a whole position (v1.4 710: units on the board are evaluated according to their current Might).

A unit's Might is its Might as given (`might:`, counted by the judge: nothing is added to it), else its printed Might
plus its buff (v1.4 703: +1), plus the Might bonus of each Equipment attached to it (v1.4 137.3, 718.4), plus what the static abilities of the cards in the position give it
(battlefields, units and gear, legends: "Units here have +1 Might", "Other friendly units have +2 Might", Spiderling's
"+1 Might for each other unit you control here with my name"). What the position can't settle (a state it does not
give, a sentence the engine does not read) is kept as what may raise or lower it, never added silently. Equipment's
keywords reach the unit they are attached to (v1.4 718.3), and keywords static abilities give (Deflect) are added to
each unit's keywords. Computed once per position, when the scenario is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from cardsdb.engine.board.speakers import Source, speakers
from cardsdb.engine.position.objects import BASES, BoardObject, MightNow, Position
from cardsdb.engine.reading.cardtext import PerCard, per_card
from cardsdb.engine.reading.statics import Condition, KeywordGrant, MightStatic, Scope, TagGrant, card_statics
from cardsdb.engine.reading.understanding import unread_sentences
from cardsdb.models import Card


def _attached_units(position: Position) -> dict[str, BoardObject]:
    """Each attached gear's label -> the unit it is attached to (named by its id or its card's name, same place)."""
    found: dict[str, BoardObject] = {}
    for gear in position.objects:
        if gear.kind != "gear" or not gear.attached_to:
            continue
        named = gear.attached_to.casefold()
        there = [o for o in position.objects_at(gear.location) if o.kind == "unit"]
        unit = next((o for o in there if (o.id or "").casefold() == named), None) or next(
            (o for o in there if o.card.name.casefold() == named), None
        )
        if unit is not None:
            found[gear.label] = unit
    return found


def _status(unit: BoardObject, status: str, position: Position) -> bool:
    if status == "defending_alone":
        return unit.defending and not any(
            o is not unit and o.defending and o.controller == unit.controller
            for o in position.objects_at(unit.location)
        )
    return (
        bool(getattr(unit, status, False))
        if status != "token"
        else any(s.casefold() == "token" for s in unit.card.supertypes)
    )


def _in_scope(
    scope: Scope, source: Source, unit: BoardObject, position: Position, holder: BoardObject | None
) -> bool:
    if scope.itself:
        return holder is not None and unit is holder
    if scope.here and (source.location is None or unit.location != source.location):
        return False
    if scope.other and source.obj is not None and unit is source.obj:
        return False
    if scope.side != "any" and source.controller is not None:
        friendly = unit.controller == source.controller
        if friendly != (scope.side == "friendly"):
            return False
    if scope.tags and not {t.casefold() for t in unit.card.tags} & {t.casefold() for t in scope.tags}:
        return False
    if scope.keyword and scope.keyword.casefold() not in {k.split()[0].casefold() for k in _keywords(unit)}:
        return False
    return all(_status(unit, s, position) for s in scope.statuses)


def _keywords(unit: BoardObject) -> list[str]:
    return [k.name for k in unit.card.keywords] + list(unit.extra_keywords)


def _holds(cond: Condition, source: Source, position: Position) -> bool | None:
    """Whether a condition holds in the position; None where the position can't tell."""
    obj = source.obj
    kind = cond.kind
    if kind == "always":
        return True
    if kind == "empowered":
        return obj is not None and obj.empowered
    if kind == "level":
        xp = position.player(source.controller).xp if source.controller else None
        return None if xp is None else xp >= cond.value
    if obj is None:
        return None
    here = [o for o in position.objects_at(obj.location) if o is not obj and o.kind == "unit"]
    return {
        "at_battlefield": obj.location not in BASES,
        "buffed": obj.buffed,
        "in_combat": obj.in_combat,
        "mighty": (obj.current_might or 0) >= 5,
        "in_combat_alone": obj.in_combat
        and not any(o.in_combat and o.controller == obj.controller for o in here),
        "attacking_with_another": obj.attacking
        and any(o.attacking and o.controller == obj.controller for o in here),
        "another_here": any(o.controller == obj.controller for o in here),
        "stunned_enemy_here": any(o.stunned and o.controller != obj.controller for o in here),
    }.get(kind)


_COUNTS: tuple[tuple[str, str], ...] = (
    (r"other unit you control here with my name", "same_name_here"),
    (r"token unit you control", "tokens"),
    (r"friendly gear", "gear"),
    (r"of your units with \[?Temporary\]? at my battlefield", "temporary_here"),
    (r"buffed friendly unit at my battlefield", "buffed_here"),
    (r"card in your trash", "trash"),
)


def _count(per: str, source: Source, position: Position) -> int | None:
    obj = source.obj
    kind = next((k for pattern, k in _COUNTS if re.fullmatch(pattern, per, re.IGNORECASE)), None)
    if kind is None or obj is None:
        return None
    counted = _counted(kind, obj, position)
    return None if counted < 0 else counted


def _counted(kind: str, obj: BoardObject, position: Position) -> int:
    mine = [o for o in position.objects if o.controller == obj.controller and o is not obj]
    here = [o for o in mine if o.location == obj.location and o.kind == "unit"]
    return {
        "same_name_here": sum(1 for o in here if o.card.name == obj.card.name),
        "tokens": sum(1 for o in mine if o.kind == "unit" and _status(o, "token", position)),
        "gear": sum(1 for o in mine if o.kind == "gear"),
        "temporary_here": sum(
            1 for o in here if "temporary" in {k.split()[0].casefold() for k in _keywords(o)}
        ),
        "buffed_here": sum(1 for o in here if o.buffed),
        "trash": len(position.player(obj.controller).trash)
        if position.player(obj.controller).trash_given
        else -1,
    }[kind]


@dataclass
class _Tally:
    value: int
    parts: list[str]
    rise: list[str]
    fall: list[str]

    def add(self, static: MightStatic, source: Source, position: Position) -> None:
        held = _holds(static.condition, source, position)
        times = _count(static.per, source, position) if static.per else 1
        sign = "+" if static.amount > 0 else "-"
        words = f"{sign}{abs(static.amount)} from {source.card.name}"
        if held is None or times is None:
            why = static.condition.text if held is None else f"for each {static.per}"
            (self.rise if static.amount > 0 else self.fall).append(
                f"{source.card.name} may give it {sign}{abs(static.amount)} ({why})"
            )
            return
        if not held or times == 0:
            return
        self.value += static.amount * times
        if static.minimum is not None:
            self.value = max(self.value, static.minimum)
        self.parts.append(words if times == 1 else f"{words} ({times} times)")


def _reaches(text: str, source: Source, unit: BoardObject) -> bool:
    """Whether a sentence the engine does not read may speak of `unit`: "here" at its card's place, "I" of itself."""
    if re.search(r"\bhere\b|my battlefield", text) and source.location != unit.location:
        return False
    return not (re.match(r"^(?:I|My)\b", text) and source.obj is not unit)


def _unread_guards(sources: list[Source], unit: BoardObject) -> tuple[str, ...]:
    """Text about being chosen that the engine does not read, of cards whose reach may include `unit`."""
    return tuple(
        f'{source.card.name}\'s text "{reading.text}", which the engine does not read'
        for source in sources
        for reading in unread_sentences(source.card)
        if "targeting" in reading.bears_on
        and re.search(r"\bchosen\b|\btargeted\b", reading.text)
        and _reaches(reading.text, source, unit)
    )


def _unread_might(sources: list[Source], unit: BoardObject) -> tuple[list[str], list[str]]:
    """Sentences about Might the engine does not read, of cards whose reach may include `unit`."""
    rise: list[str] = []
    fall: list[str] = []
    for source in sources:
        for reading in unread_sentences(source.card):
            text = reading.text
            if "might" not in reading.bears_on or not _reaches(text, source, unit):
                continue
            why = f'{source.card.name}\'s text "{text}", which the engine does not read'
            if "+" in text or "increase" in text.casefold():
                rise.append(why)
            if "-" in text or not ("+" in text or "increase" in text.casefold()):
                fall.append(why)
    return rise, fall


def _holder(source: Source, on: dict[str, BoardObject]) -> BoardObject | None:
    """Who "I" is in a card's static ability: the card itself, or for an attached gear the unit it is attached to."""
    if source.obj is not None and source.obj.kind == "gear":
        return on.get(source.obj.label)
    return source.obj


def _might_of(
    unit: BoardObject,
    sources: list[Source],
    position: Position,
    bonus: tuple[int, list[str]],
    on: dict[str, BoardObject],
) -> MightNow:
    base = unit.base_might
    if base is None:
        return MightNow(None)
    if (
        unit.might is not None
    ):  # the scenario gives its Might as the judge counts it: buff and static abilities included
        return MightNow(base)
    tally = _Tally(base, [str(base)], [], [])
    if unit.buffed:
        tally.value += 1
        tally.parts.append("+1 from its buff")
    if bonus[0]:
        tally.value += bonus[0]
        tally.parts.extend(bonus[1])
    for source in sources:
        holder = _holder(source, on)
        for static in card_statics(source.card):
            if isinstance(static, MightStatic) and _in_scope(static.scope, source, unit, position, holder):
                tally.add(static, source, position)
    rise, fall = _unread_might(sources, unit)
    parts = tuple(tally.parts) if len(tally.parts) > 1 else ()
    return MightNow(tally.value, parts, tuple(tally.rise + rise), tuple(tally.fall + fall))


def _maybe_deflect(
    unit: BoardObject, sources: list[Source], position: Position, on: dict[str, BoardObject]
) -> tuple[str, ...]:
    """Deflect a card may give the unit on a condition the position does not settle ("[Level 3] I have Deflect")."""
    found: list[str] = []
    for source in sources:
        for static in card_statics(source.card):
            if not isinstance(static, KeywordGrant) or not any(
                k.split()[0].casefold() == "deflect" for k in static.keywords
            ):
                continue
            if (
                _in_scope(static.scope, source, unit, position, _holder(source, on))
                and _holds(static.condition, source, position) is None
            ):
                found.append(f"{source.card.name} gives it Deflect if {static.condition.text}")
    return tuple(found)


def _tags(unit: BoardObject, attached: list[BoardObject]) -> tuple[str, ...]:
    """Tags its Equipment gives it ("I am a Mech": v1.4 718.3)."""
    return tuple(s.tag for gear in attached for s in card_statics(gear.card) if isinstance(s, TagGrant))


def _granted(
    unit: BoardObject,
    sources: list[Source],
    position: Position,
    attached: list[BoardObject],
    on: dict[str, BoardObject],
) -> tuple[str, ...]:
    """Keywords other cards give the unit: its Equipment's Deflect (v1.4 718.3), and static abilities' grants."""
    found = [k for gear in attached for k in _keywords(gear) if k.split()[0].casefold() == "deflect"]
    for source in sources:
        for static in card_statics(source.card):
            if (
                isinstance(static, KeywordGrant)
                and _in_scope(static.scope, source, unit, position, _holder(source, on))
                and _holds(static.condition, source, position)
            ):
                found.extend(k for k in static.keywords if k.split()[0].casefold() == "deflect")
    return tuple(found)


_RELEVANT: PerCard[bool] = PerCard()


def _relevance(card: Card) -> bool:
    statics = card_statics(card)
    return any(isinstance(s, MightStatic | KeywordGrant | TagGrant) for s in statics) or any(
        s.bears_on & {"might", "keywords", "targeting"} for s in unread_sentences(card)
    )


def _relevant(card: Card) -> bool:
    """Whether a card's text may change a unit's Might, keywords or whether it can be chosen (once per card)."""
    return per_card(_RELEVANT, card, _relevance)


def with_current_might(position: Position) -> Position:
    """The position with each unit's current Might, equipped state and granted Deflect computed (the position itself
    when nothing in it changes them: the common case, kept cheap)."""
    on = _attached_units(position)
    sources = [s for s in speakers(position) if _relevant(s.card)]
    if not sources and not on and not any(o.buffed for o in position.objects):
        return position
    objects: list[BoardObject] = []
    for obj in position.objects:
        if obj.kind != "unit":
            objects.append(obj)
            continue
        gear = [g for g in position.objects if on.get(g.label) is obj]
        equipment = [g for g in gear if any(t.casefold() == "equipment" for t in g.card.tags)]
        bonus = sum(g.card.might or 0 for g in equipment)
        words = [f"+{g.card.might} from {g.card.name}" for g in equipment if g.card.might]
        now = _might_of(obj, sources, position, (bonus, words), on)
        granted = _granted(obj, sources, position, gear, on)
        maybe = _maybe_deflect(obj, sources, position, on)
        tags = _tags(obj, gear)
        guards = _unread_guards(sources, obj)
        if now.parts or now.may_rise or now.may_fall or equipment or granted or maybe or tags or guards:
            keywords = (*obj.extra_keywords, *granted)
            obj = replace(
                obj,
                now=now,
                equipped=bool(equipment),
                extra_keywords=keywords,
                maybe_keywords=maybe,
                extra_tags=tags,
                unread_guards=guards,
            )
        objects.append(obj)
    return replace(position, objects=tuple(objects))
