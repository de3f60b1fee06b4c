"""What a card has here, now: its keywords, the tags other cards give it and its current Might, decided in one place
for every check that asks (timing, placement, costs, targeting). Forge's rule: one routine answers "what keywords
does this card have here", applying every static ability in play that reaches the card where it is.

- A unit's or gear's keywords: printed (its reading), given by the scenario (`keywords:`), its Equipment's effect
  text (v1.4 718.3: an attached card's effect text is appended to the unit's), and every keyword grant of the cards in
  the position whose scope and zones reach it ("Units here have [Deflect]", "Your gear have [Deflect]") on a condition
  that holds; on a condition the position does not settle, a keyword it may have.
- A card in hand, facedown or on the chain (`card_traits`): printed, and the grants whose zones reach it ("Your
  Equipment everywhere have [Quick-Draw]": Jax, Unmatched; "While I'm in a showdown, your spells have [Reaction]":
  Kai'Sa, Rebel).
- A unit's current Might (v1.4 710): as given (`might:`, the judge's count), else printed, plus its buff (703), its
  Equipment's Might bonus (137.3, 718.4) and what static abilities give it; what the position can't settle is kept as
  what may raise or lower it, never added silently.
Computed once per position (`settle`), when the question is answered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardsdb.engine.board.conditions import count, holds
from cardsdb.engine.board.speakers import Source, speakers
from cardsdb.engine.position.objects import BoardObject, HasKeyword, MightNow, Position, Side, Traits, evolve
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.effects import KeywordGrant, MightStatic, Scope, TagGrant, Zone
from cardsdb.models import Card


def kind_of(card: Card) -> str:
    return next((t.casefold() for t in ("Unit", "Gear", "Spell") if card.is_type(t)), "card")


@dataclass(frozen=True)
class Reached:
    """Who a static ability may reach: a card, where it is, who controls it, and the object it is on the board."""

    card: Card
    reading: CardReading
    controller: Side
    zone: Zone
    obj: BoardObject | None = None

    def has(self, keyword: str) -> bool:
        if self.obj is not None:
            return self.obj.has_keyword(keyword) is True
        return self.reading.has(keyword)


def reaches(
    scope: Scope, source: Source, target: Reached, holder: BoardObject | None, position: Position
) -> bool:
    """Whether a static ability of `source` with this scope reaches `target` (`holder`: who "I" is)."""
    if scope.itself:
        return holder is not None and target.obj is holder
    if "card" not in scope.kinds and kind_of(target.card) not in scope.kinds:
        return False
    obj = target.obj
    if scope.here and (source.location is None or obj is None or obj.location != source.location):
        return False
    if scope.other and source.obj is not None and obj is source.obj:
        return False
    friendly = source.controller is not None and target.controller == source.controller
    if scope.side != "any" and (source.controller is None or friendly != (scope.side == "friendly")):
        return False
    if scope.tags and not _tagged(target, scope.tags):
        return False
    if scope.keyword and not target.has(scope.keyword):
        return False
    return all(obj is not None and _status(obj, s, position) for s in scope.statuses)


def _tagged(target: Reached, tags: tuple[str, ...]) -> bool:
    if target.obj is not None:
        return any(target.obj.has_tag(t) for t in tags)
    return bool({t.casefold() for t in target.card.tags} & {t.casefold() for t in tags})


def _status(unit: BoardObject, status: str, position: Position) -> bool:
    if status == "defending_alone":
        return unit.defending and not any(
            o is not unit and o.defending and o.controller == unit.controller
            for o in position.objects_at(unit.location)
        )
    if status == "token":
        return any(s.casefold() == "token" for s in unit.card.supertypes)
    return bool(getattr(unit, status, False))


def holder_of(source: Source, on: dict[str, BoardObject]) -> BoardObject | None:
    """Who "I" is in a card's static ability: the card itself, or for an attached gear the unit it is attached to."""
    if source.obj is not None and source.obj.kind == "gear":
        return on.get(source.obj.label)
    return source.obj


def _keyword(text: str, source: str = "", condition: str = "") -> HasKeyword:
    """ "Deflect 2" -> HasKeyword("deflect", 2)."""
    name, _, value = text.strip("[] ").partition(" ")
    return HasKeyword(name.casefold(), int(value) if value.isdigit() else None, source, condition)


def _granted(
    target: Reached, sources: list[Source], position: Position, on: dict[str, BoardObject]
) -> tuple[list[HasKeyword], list[HasKeyword]]:
    """The keywords the static abilities of `sources` give `target` where it is, and those they may give."""
    surely: list[HasKeyword] = []
    maybe: list[HasKeyword] = []
    for source in sources:
        for grant in source.reading.effects(KeywordGrant):
            if target.zone not in grant.zones or not reaches(
                grant.scope, source, target, holder_of(source, on), position
            ):
                continue
            held = holds(grant.condition, source, position)
            if held is True:
                surely.extend(_keyword(k, source.card.name) for k in grant.keywords)
            elif held is None:
                maybe.extend(_keyword(k, source.card.name, grant.condition.text) for k in grant.keywords)
    return surely, maybe


_PRINTED: dict[int, tuple[CardReading, tuple[HasKeyword, ...]]] = {}


def printed(reading: CardReading) -> tuple[HasKeyword, ...]:
    """The keywords printed on the card, as a card has them (kept per reading: readings are kept by the source)."""
    found = _PRINTED.get(id(reading))
    if found is not None and found[0] is reading:
        return found[1]
    if len(_PRINTED) > 8192:
        _PRINTED.clear()
    keywords = tuple(HasKeyword(k.name, k.value) for k in reading.keywords)
    _PRINTED[id(reading)] = (reading, keywords)
    return keywords


def card_traits(card: Card, position: Position, zone: Zone, acting: Side) -> Traits:
    """What a card that is not on the board (in hand, facedown, on the chain as it is played) has there, now."""
    reading = position.reading(card)
    sources = speakers(position)
    if not sources:  # nothing in play gives anything: what it prints (the common case)
        return Traits(keywords=printed(reading))
    target = Reached(card, reading, acting, zone)
    surely, maybe = _granted(target, list(sources), position, attached_units(position))
    return Traits(keywords=(*printed(reading), *surely), maybe=tuple(maybe))


# ---- the board: every unit's and gear's traits, once per position --------------------------------------------------


def attached_units(position: Position) -> dict[str, BoardObject]:
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


@dataclass
class _Tally:
    value: int
    parts: list[str]
    rise: list[str]
    fall: list[str]

    def add(self, static: MightStatic, source: Source, position: Position) -> None:
        held = holds(static.condition, source, position)
        times = count(static.per, source, position) if static.per else 1
        sign = "+" if static.amount > 0 else "-"
        words = f"{sign}{abs(static.amount)} from {source.card.name}"
        if held is None or times is None:
            why = static.condition.text if held is None else "for each of what it counts"
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


def _reaches_unread(here: bool, itself: bool, source: Source, unit: BoardObject) -> bool:
    """Whether a sentence the engine does not read may speak of `unit`: "here" at its card's place, "I" of itself."""
    if here and source.location != unit.location:
        return False
    return not (itself and source.obj is not unit)


def _unread_guards(sources: list[Source], unit: BoardObject) -> tuple[str, ...]:
    """Text about being chosen that the engine does not read, of cards whose reach may include `unit`."""
    return tuple(
        f'{source.card.name}\'s text "{s.text}", which the engine does not read'
        for source in sources
        for s in source.reading.unread
        if "targeting" in s.bears_on and s.of_choosing and _reaches_unread(s.here, s.itself, source, unit)
    )


def _unread_might(sources: list[Source], unit: BoardObject) -> tuple[list[str], list[str]]:
    """Sentences about Might the engine does not read, of cards whose reach may include `unit`."""
    rise: list[str] = []
    fall: list[str] = []
    for source in sources:
        for s in source.reading.unread:
            if "might" not in s.bears_on or not _reaches_unread(s.here, s.itself, source, unit):
                continue
            why = f'{source.card.name}\'s text "{s.text}", which the engine does not read'
            if s.raises:
                rise.append(why)
            if s.lowers:
                fall.append(why)
    return rise, fall


def _might_of(
    unit: BoardObject,
    sources: list[Source],
    position: Position,
    equipment: list[BoardObject],
    on: dict[str, BoardObject],
) -> MightNow | None:
    base = unit.base_might
    if base is None:
        return None
    if (
        unit.might is not None
    ):  # the scenario gives its Might as the judge counts it: buff and static abilities included
        return MightNow(base)
    tally = _Tally(base, [str(base)], [], [])
    if unit.buffed:
        tally.value += 1
        tally.parts.append("+1 from its buff")
    for gear in equipment:
        if gear.card.might:
            tally.value += gear.card.might
            tally.parts.append(f"+{gear.card.might} from {gear.card.name}")
    target = Reached(unit.card, position.reading(unit.card), unit.controller, "board", unit)
    for source in sources:
        holder = holder_of(source, on)
        for static in source.reading.effects(MightStatic):
            if reaches(static.scope, source, target, holder, position):
                tally.add(static, source, position)
    rise, fall = _unread_might(sources, unit)
    if len(tally.parts) == 1 and not tally.rise and not rise and not tally.fall and not fall:
        return None
    parts = tuple(tally.parts) if len(tally.parts) > 1 else ()
    return MightNow(tally.value, parts, tuple(tally.rise + rise), tuple(tally.fall + fall))


def _object_traits(
    obj: BoardObject,
    sources: list[Source],
    position: Position,
    on: dict[str, BoardObject],
    *,
    might: bool = True,
) -> Traits:
    reading = position.reading(obj.card)
    keywords = [*printed(reading), *(_keyword(k, "the position") for k in obj.given_keywords)]
    if (
        not sources and not on and not obj.buffed
    ):  # nothing on the board speaks: what is printed (the common case)
        return Traits(keywords=tuple(keywords))
    gear = [g for g in position.objects if on.get(g.label) is obj]
    for item in gear:  # an attached card's effect text is appended to the unit's (v1.4 718.3)
        item_reading = position.reading(item.card)
        keywords += [HasKeyword(k.name, k.value, item.card.name) for k in item_reading.keywords if k.effect]
        keywords += [_keyword(k, item.card.name) for k in item.given_keywords]
    surely, maybe = _granted(Reached(obj.card, reading, obj.controller, "board", obj), sources, position, on)
    tags = tuple(s.tag for item in gear for s in position.reading(item.card).effects(TagGrant))
    if obj.kind != "unit" or not might:
        return Traits(keywords=(*keywords, *surely), maybe=tuple(maybe), tags=tags)
    equipment = [g for g in gear if any(t.casefold() == "equipment" for t in g.card.tags)]
    return Traits(
        keywords=(*keywords, *surely),
        maybe=tuple(maybe),
        tags=tags,
        might=_might_of(obj, sources, position, equipment, on),
        unread_guards=_unread_guards(sources, obj),
    )


def settle(position: Position) -> Position:
    """The position with what every unit and gear has now (its `traits`) and which units are equipped. Keywords
    first, over the whole board, where a card's Might depends on them ("Units here with [Tank] have +1 Might"); then
    Might."""
    on = attached_units(position)
    sources = list(speakers(position))
    if not sources and not on and not any(o.buffed for o in position.objects):
        return (
            position  # nothing on the board changes another card: each has what it prints (the common case)
        )
    keyworded = position
    if any(e.scope.keyword for s in sources for e in s.reading.effects(MightStatic)):
        first = tuple(
            evolve(o, traits=_object_traits(o, sources, position, on, might=False)) for o in position.objects
        )
        keyworded = replace(position, objects=first)
        on = attached_units(keyworded)
        sources = list(speakers(keyworded))
    equipped = {id(unit) for label, unit in on.items() if _is_equipment(keyworded, label)}
    objects = tuple(
        evolve(
            obj,
            traits=_object_traits(obj, sources, keyworded, on),
            equipped=obj.equipped or id(obj) in equipped,
        )
        for obj in keyworded.objects
    )
    return replace(position, objects=objects)


def _is_equipment(position: Position, label: str) -> bool:
    gear = next((o for o in position.objects if o.label == label), None)
    return gear is not None and any(t.casefold() == "equipment" for t in gear.card.tags)
