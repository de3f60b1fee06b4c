"""Whether a condition of a card's text holds in a position: the one place that decides it (`holds`), for every
static ability, cost change and play effect that waits on one, and what "for each ..." counts (`count`).

A condition speaks of the card (a unit or gear on the board: "while I'm in combat"), of its battlefield ("during
showdowns here", "while you control this battlefield") or of its controller and the turn ("[Level 6]", "[Legion]",
"if you control a Mech", "if you've played a unit or gear to a battlefield this turn"). What the position settles is
decided; what it does not give (XP, the cards played this turn, a state of a card not on the board) is None: the
answer then says what it depends on.
"""

from __future__ import annotations

from collections.abc import Callable

from cardsdb.engine.board.speakers import Source
from cardsdb.engine.position.objects import BASES, BoardObject, Position, Side, other
from cardsdb.engine.reading.constraints import MIGHTY
from cardsdb.engine.reading.effects import Condition, PerCount


def _here(obj: BoardObject, position: Position) -> list[BoardObject]:
    """The other units at its location."""
    return [o for o in position.objects_at(obj.location) if o is not obj and o.kind == "unit"]


_OF_ITSELF: dict[str, Callable[[BoardObject, Position], bool | None]] = {
    "at_battlefield": lambda obj, _: obj.location not in BASES,
    "buffed": lambda obj, _: obj.buffed,
    "in_combat": lambda obj, _: obj.in_combat,
    "mighty": lambda obj, _: (obj.current_might or 0) >= MIGHTY,
    "empowered": lambda obj, _: obj.empowered,
    "in_showdown": lambda obj, position: position.showdown is not None and obj.location == position.showdown,
    "in_combat_alone": lambda obj, position: (
        obj.in_combat
        and not any(o.in_combat and o.controller == obj.controller for o in _here(obj, position))
    ),
    "attacking_with_another": lambda obj, position: (
        obj.attacking and any(o.attacking and o.controller == obj.controller for o in _here(obj, position))
    ),
    "another_here": lambda obj, position: any(o.controller == obj.controller for o in _here(obj, position)),
    "stunned_enemy_here": lambda obj, position: any(
        o.stunned and o.controller != obj.controller for o in _here(obj, position)
    ),
}


def _played(position: Position, side: Side, kind: str) -> bool | None:
    """Whether `side` played a card of this kind this turn (None: the position does not list what was played)."""
    player = position.player(side)
    if not player.played_given:
        return None
    if kind == "spell":
        return any(card.is_type("Spell") for card in player.played_this_turn)
    if kind == "any":
        return bool(player.played_this_turn)
    # a unit or gear to a battlefield: where each went, if said
    went = [
        to
        for card, to in zip(
            player.played_this_turn, _padded(player.played_to, player.played_this_turn), strict=True
        )
        if card.is_permanent
    ]
    if any(to is not None and to not in BASES for to in went):
        return True
    return None if any(to is None for to in went) else False


def _padded(places: tuple[str | None, ...], cards: tuple[object, ...]) -> tuple[str | None, ...]:
    return places + (None,) * (len(cards) - len(places))


def _of_controller(cond: Condition, side: Side, position: Position) -> bool | None:
    mine = [o for o in position.objects if o.controller == side]
    if cond.kind == "level":
        xp = position.player(side).xp
        return None if xp is None else xp >= cond.value
    if cond.kind == "legion":
        return _played(position, side, "any")
    if cond.kind == "played_spell":
        return _played(position, side, "spell")
    if cond.kind == "played_to_battlefield":
        return _played(position, side, "permanent")
    if cond.kind == "controls_tagged":
        return any(o.has_tag(cond.subject) for o in mine)
    if cond.kind == "controls_empowered":
        if any(o.empowered for o in mine):
            return True
        return None if any(o.empowered is None for o in mine) else False
    if cond.kind == "opponent_controls_stunned":
        return any(o.stunned for o in position.objects if o.controller == other(side))
    return None


def holds(
    cond: Condition, source: Source, position: Position, *, from_hand: bool | None = None
) -> bool | None:
    """Whether `cond` holds for `source` in `position`; None where the position can't tell. `from_hand`: for the
    card being played, whether it is played from hand (None: not a play)."""
    kind = cond.kind
    if kind == "always":
        return True
    if kind == "open":
        return None
    if kind == "not_from_hand":
        return None if from_hand is None else not from_hand
    if kind in ("your_turn", "not_your_turn"):
        yours = source.controller is not None and position.turn_player == source.controller
        return yours if kind == "your_turn" else not yours
    if kind == "showdown_here":
        return source.location is not None and position.showdown == source.location
    if kind == "controls_battlefield":
        return source.controller is not None if source.battlefield else None
    obj = source.obj
    if kind in _OF_ITSELF:
        if obj is None:
            return (
                False if kind == "empowered" and from_hand is not None else None
            )  # a card just played is not
        return _OF_ITSELF[kind](obj, position)
    if source.controller is None:
        return None
    return _of_controller(cond, source.controller, position)


def _is_token(obj: BoardObject) -> bool:
    return any(s.casefold() == "token" for s in obj.card.supertypes)


def count(per: PerCount, source: Source, position: Position) -> int | None:
    """How many there are of what "for each ..." counts, for `source`; None where the position can't tell."""
    side = source.controller
    if side is None or per in ("point_you_have", "uncounted"):
        return None
    player = position.player(side)
    if per == "card_in_trash":
        return len(player.trash) if player.trash_given else None
    if per == "card_with_my_name_in_trash":
        return sum(1 for c in player.trash if c.name == source.card.name) if player.trash_given else None
    if per == "card_played_this_turn":
        return len(player.played_this_turn) if player.played_given else None
    mine = [o for o in position.objects if o.controller == side and o is not source.obj]
    if per == "gear_you_control" or per == "friendly_gear":
        return sum(1 for o in mine if o.kind == "gear")
    if per == "token_unit_you_control":
        return sum(1 for o in mine if o.kind == "unit" and _is_token(o))
    if per == "mighty_unit_you_control":
        units = [o for o in mine if o.kind == "unit"]
        if any(o.now is not None and (o.now.may_rise or o.now.may_fall) for o in units):
            return None
        return sum(1 for o in units if (o.current_might or 0) >= MIGHTY)
    return _count_here(per, source, mine)


def _count_here(per: PerCount, source: Source, mine: list[BoardObject]) -> int | None:
    obj = source.obj
    if obj is None:
        return None
    here = [o for o in mine if o.location == obj.location and o.kind == "unit"]
    if per == "same_name_here":
        return sum(1 for o in here if o.card.name == obj.card.name)
    if per == "temporary_unit_here":
        return sum(1 for o in here if o.has_keyword("temporary"))
    if per == "buffed_unit_here":
        return sum(1 for o in here if o.buffed)
    return None
