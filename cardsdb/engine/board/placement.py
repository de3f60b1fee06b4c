"""Where a unit may be played: the default places (your base, a battlefield you control: v1.4 355.2.a), the places
cards add (Ambush: a battlefield where you control units, v1.4 822.1.b; "You may play me to an open battlefield"), and
the places cards forbid ("Units can't be played here": can't beats can, v1.4 054.1; "opponents can only play units
to their base"). A place a card leaves open (a battlefield "you conquered this turn") is said to be open, not guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardsdb.engine.board.speakers import speakers
from cardsdb.engine.position.objects import BASES, BoardObject, Position, Side, other
from cardsdb.engine.reading.cardtext import printed_keywords
from cardsdb.engine.reading.statics import PlayRule, card_statics
from cardsdb.engine.verdict import citations as r
from cardsdb.models import Card


@dataclass(frozen=True)
class Place:
    """Whether a unit may be played to one location (None: the position does not settle it), and why."""

    location: str
    ok: bool | None
    because: str
    rules: tuple[str, ...]


def _units(position: Position, label: str) -> tuple[BoardObject, ...]:
    return tuple(o for o in position.objects_at(label) if o.kind == "unit")


RuleInPlay = tuple[PlayRule, str | None, Side | None, str]


def _rules_in_play(position: Position) -> Iterator[RuleInPlay]:
    """Every play rule of the battlefields and objects in the position: (rule, its location, its controller, card)."""
    for source in speakers(position):
        if not source.battlefield and source.obj is None:
            continue  # a legend's text: none of its play rules are read as the board's
        for rule in card_statics(source.card):
            if isinstance(rule, PlayRule) and (source.battlefield or not rule.itself):
                yield rule, source.location, source.controller, source.card.name


def forbidden(position: Position, label: str, acting: Side) -> tuple[str, tuple[str, ...]] | None:
    """Why a unit of `acting` can't be played to `label` whatever allows it (v1.4 054.1: can't beats can), or None."""
    for rule, where, controller, name in _rules_in_play(position):
        if rule.kind == "no_units_here" and where == label:
            return f"{name} says units can't be played there", (r.V14_CANT_BEATS_CAN,)
        at_battlefield = where is not None and where not in BASES
        warden = rule.kind == "opponents_units_to_base" and controller == other(acting) and at_battlefield
        if warden and label != f"{acting}.base":
            why = f"{name} (your opponent's, at {where}) lets you play units only to your base"
            return why, (r.V14_CANT_BEATS_CAN,)
    return None


def _own_rules(card: Card) -> list[PlayRule]:
    return [s for s in card_statics(card) if isinstance(s, PlayRule) and s.itself]


def _open(position: Position, label: str) -> bool:
    bf = position.battlefield(label)
    return bf is not None and bf.controller is None and not _units(position, label)


def _allowed(
    card: Card, position: Position, label: str, acting: Side
) -> tuple[bool | None, str, tuple[str, ...]]:
    """Whether something allows playing `card` to `label`: the default, Ambush, its own text or another card's."""
    bf = position.battlefield(label)
    if label == f"{acting}.base":
        return True, "a unit may be played to your base", (r.V14_UNIT_LOCATIONS,)
    if bf is None:
        return False, "a unit is played to your base or a battlefield", (r.V14_UNIT_LOCATIONS,)
    if bf.controller == acting:
        return True, "a unit may be played to a battlefield you control", (r.V14_UNIT_LOCATIONS,)
    mine = [o for o in _units(position, label) if o.controller == acting]
    theirs = [o for o in _units(position, label) if o.controller != acting]
    kinds = {rule.kind for rule in _own_rules(card)}
    kinds |= {
        rule.kind
        for rule, _, ctl, _ in _rules_in_play(position)
        if ctl == acting and rule.units_of == "friendly"
    }
    if "ambush" in printed_keywords(card) and mine:
        return True, "Ambush: it may be played to a battlefield where you control units", (r.V14_AMBUSH,)
    if "ambush_where_enemies" in kinds and theirs:
        return True, "it may Ambush to a battlefield where there are enemy units", (r.V14_AMBUSH,)
    if "may_play_to_open" in kinds and _open(position, label):
        return True, "its text lets it be played to an open battlefield", (r.V14_UNIT_LOCATIONS,)
    if "may_play_to_occupied_enemy" in kinds and theirs and bf.controller == other(acting):
        return True, "its text lets it be played to an occupied enemy battlefield", (r.V14_UNIT_LOCATIONS,)
    if "may_play_to_occupied_if_alone" in kinds and len(theirs) == 1 and not mine:
        return True, "its text lets it be played where an enemy unit is alone", (r.V14_UNIT_LOCATIONS,)
    if "may_play_where_attacking" in kinds and any(o.attacking for o in mine):
        return True, "its text lets it be played to a battlefield you're attacking", (r.V14_UNIT_LOCATIONS,)
    return False, "a unit is played to your base or a battlefield you control", (r.V14_UNIT_LOCATIONS,)


def unit_place(card: Card, position: Position, label: str, acting: Side = "me") -> Place:
    """May `card`, a unit, be played to `label` by `acting`?"""
    ban = forbidden(position, label, acting)
    if ban is not None:
        return Place(label, False, ban[0], ban[1])
    ok, because, rules = _allowed(card, position, label, acting)
    only = [rule for rule in _own_rules(card) if rule.kind == "only_where_conquered"]
    if ok and only and label not in BASES:
        why = "its text lets it be played only to a battlefield you conquered this turn, which the position does not say"
        return Place(label, None, why, rules)
    if ok and only:
        return Place(
            label, False, "its text lets it be played only to a battlefield you conquered this turn", rules
        )
    return Place(label, ok, because, rules)


def places(card: Card, position: Position, acting: Side = "me") -> tuple[Place, ...]:
    """Every location a unit of `acting` might be played to, with its verdict."""
    labels = [f"{acting}.base", *(bf.label for bf in position.battlefields)]
    return tuple(unit_place(card, position, label, acting) for label in labels)


def early_turn(card: Card, position: Position) -> str | None:
    """ "I can't be played on your first, second, or third turns": why it can't be played now, or None."""
    if not any(rule.kind == "not_on_early_turns" for rule in _own_rules(card)):
        return None
    yours = (position.turn + 1) // 2  # on your turn: your turns so far, whoever went first
    if position.turn_player == "me" and yours <= 3:
        return f"it is your turn {yours}: {card.name} can't be played on your first, second, or third turns"
    return None
