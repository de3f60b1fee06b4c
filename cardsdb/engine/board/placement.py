"""Where a unit may be played: the default places (your base, a battlefield you control: v1.4 355.2.a), the places
cards add (Ambush: a battlefield where you control units, v1.4 822.1.b; "You may play me to an open battlefield"), and
the places cards forbid ("Units can't be played here": can't beats can, v1.4 054.1; "opponents can only play units
to their base"). A place a card leaves open (a battlefield "you conquered this turn") is said to be open, not guessed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardsdb.engine.board.characteristics import card_traits
from cardsdb.engine.board.conditions import holds
from cardsdb.engine.board.speakers import speakers
from cardsdb.engine.position.objects import BASES, BoardObject, Position, Side, Traits, other
from cardsdb.engine.reading.effects import PlayRule
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


def _rules_in_play(position: Position, *, surely: bool = True) -> Iterator[RuleInPlay]:
    """Every play rule of the battlefields and objects in the position: (rule, its location, its controller, card);
    those whose condition holds, or (`surely` False) those whose condition the position does not settle."""
    for source in speakers(position):
        if not source.battlefield and source.obj is None:
            continue  # a legend's text: none of its play rules are read as the board's
        for rule in source.reading.effects(PlayRule):
            if source.battlefield or not rule.itself:
                held = holds(rule.condition, source, position)
                if held is surely or (held is None and not surely):
                    yield rule, source.location, source.controller, source.card.name


def forbidden(
    position: Position, label: str, acting: Side, *, surely: bool = True
) -> tuple[str, tuple[str, ...]] | None:
    """Why a unit of `acting` can't be played to `label` whatever allows it (v1.4 054.1: can't beats can), or None;
    with `surely` False, why it may not be, on a condition the position does not settle."""
    for rule, where, controller, name in _rules_in_play(position, surely=surely):
        if rule.kind == "no_units_here" and where == label:
            return f"{name} says units can't be played there", (r.V14_CANT_BEATS_CAN,)
        at_battlefield = where is not None and where not in BASES
        warden = rule.kind == "opponents_units_to_base" and controller == other(acting) and at_battlefield
        if warden and label != f"{acting}.base":
            why = f"{name} (your opponent's, at {where}) lets you play units only to your base"
            return why, (r.V14_CANT_BEATS_CAN,)
    return None


def _own_rules(card: Card, position: Position) -> list[PlayRule]:
    return [s for s in position.reading(card).effects(PlayRule) if s.itself]


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
    kinds = {rule.kind for rule in _own_rules(card, position)}
    kinds |= {
        rule.kind
        for rule, _, ctl, _ in _rules_in_play(position)
        if ctl == acting and rule.units_of == "friendly"
    }
    ambush = ambush_here(card, position, label, acting)
    if ambush is not None and ambush[0] is True:
        return True, ambush[1], (r.V14_AMBUSH,)
    if "may_play_to_open" in kinds and _open(position, label):
        return True, "its text lets it be played to an open battlefield", (r.V14_UNIT_LOCATIONS,)
    if "may_play_to_occupied_enemy" in kinds and theirs and bf.controller == other(acting):
        return True, "its text lets it be played to an occupied enemy battlefield", (r.V14_UNIT_LOCATIONS,)
    if "may_play_to_occupied_if_alone" in kinds and len(theirs) == 1 and not mine:
        return True, "its text lets it be played where an enemy unit is alone", (r.V14_UNIT_LOCATIONS,)
    if "may_play_where_attacking" in kinds and any(o.attacking for o in mine):
        return True, "its text lets it be played to a battlefield you're attacking", (r.V14_UNIT_LOCATIONS,)
    if ambush is not None:  # Ambush a card gives it on a condition the position does not settle
        return None, ambush[1], (r.V14_AMBUSH,)
    return False, "a unit is played to your base or a battlefield you control", (r.V14_UNIT_LOCATIONS,)


def ambush_here(card: Card, position: Position, label: str, acting: Side) -> tuple[bool | None, str] | None:
    """Whether Ambush lets `card` be played to `label`, and with it Reaction as it is played there (v1.4 822.1.b: a
    battlefield where you control units; 822.1.d: the places an Ambush verb adds, Rengar's "where there are enemy
    units"): (True or None when the Ambush itself is given on a condition the position does not settle, why), or
    None when Ambush does not reach there."""
    if label in BASES or position.battlefield(label) is None:
        return None
    units = _units(position, label)
    has = card_traits(card, position, "hand", acting).has("ambush")
    if has is not False and any(o.controller == acting for o in units):
        why = "Ambush: it may be played to a battlefield where you control units"
        return (True, why) if has else (None, f"{why}, if a card gives it Ambush")
    rules = {rule.kind for rule in _own_rules(card, position)}
    if "ambush_where_enemies" in rules and any(o.controller != acting for o in units):
        return True, "it may Ambush to a battlefield where there are enemy units"
    return None


def unit_place(card: Card, position: Position, label: str, acting: Side = "me") -> Place:
    """May `card`, a unit, be played to `label` by `acting`?"""
    ban = forbidden(position, label, acting)
    if ban is not None:
        return Place(label, False, ban[0], ban[1])
    ok, because, rules = _allowed(card, position, label, acting)
    maybe = forbidden(position, label, acting, surely=False) if ok is not False else None
    if maybe is not None:
        return Place(label, None, f"{maybe[0]}, on a condition the position does not settle", maybe[1])
    only = [rule for rule in _own_rules(card, position) if rule.kind == "only_where_conquered"]
    if not only or ok is False:
        return Place(label, ok, because, rules)
    if label in BASES:
        return Place(
            label, False, "its text lets it be played only to a battlefield you conquered this turn", rules
        )
    conquered = position.player(acting).conquered
    if conquered is None:
        why = f"its text lets it be played only to a battlefield you conquered this turn, and the position does not say whether you conquered {label} this turn"
        return Place(label, None, why, rules)
    if label in conquered:
        return Place(label, ok, f"{because}, and you conquered it this turn", rules)
    return Place(
        label,
        False,
        f"its text lets it be played only to a battlefield you conquered this turn, and you did not conquer {label} this turn",
        rules,
    )


def places(card: Card, position: Position, acting: Side = "me") -> tuple[Place, ...]:
    """Every location a unit of `acting` might be played to, with its verdict."""
    labels = [f"{acting}.base", *(bf.label for bf in position.battlefields)]
    return tuple(unit_place(card, position, label, acting) for label in labels)


def early_turn(card: Card, position: Position) -> str | None:
    """ "I can't be played on your first, second, or third turns": why it can't be played now, or None."""
    if not any(rule.kind == "not_on_early_turns" for rule in _own_rules(card, position)):
        return None
    yours = (position.turn + 1) // 2  # on your turn: your turns so far, whoever went first
    if position.turn_player == "me" and yours <= 3:
        return f"it is your turn {yours}: {card.name} can't be played on your first, second, or third turns"
    return None


def reaction_now(
    card: Card, position: Position, traits: Traits, to: str | None, *, from_facedown: bool
) -> bool | None:
    """Whether the card has Reaction as it is played (for what reaches "cards with [Reaction]": Mystic Vortex): a
    hidden card played from facedown (811.6), Reaction or Quick-Draw it has (v1.4 819.1.b), or Ambush as it is
    played to a battlefield where you control units (v1.4 822.1.b). None: on what the position does not settle."""
    if from_facedown or traits.has("reaction") or traits.has("quick-draw"):
        return True
    maybe = traits.has("reaction") is None or traits.has("quick-draw") is None
    if card.is_type("Unit") and traits.has("ambush") is not False:
        labels = [to] if to is not None else [bf.label for bf in position.battlefields]
        found = [a[0] for label in labels if (a := ambush_here(card, position, label, "me")) is not None]
        if found and to is not None:
            return found[0]
        maybe = maybe or bool(found)
    return None if maybe else False
