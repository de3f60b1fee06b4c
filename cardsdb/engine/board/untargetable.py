"""Units that can't be chosen by enemy spells and abilities (v1.4 757, 758): not legal targets for them (355.9.b).

Read from the static abilities of the units on the board (`statics.py`): "I can't be chosen by enemy spells and
abilities" (Ruin Runner, Baron Nashor), "... unless I'm in combat" (Akali, Silent: in combat is attacking or
defending), "[Level 16] I can't be chosen ..." (Master Yi, Unstoppable: with its controller's XP), and "Your units here
with less Might than me can't be chosen by enemy spells and abilities" (Alpha Wildclaw). A condition the position does
not settle (XP not given) leaves the unit open, not legal. Effects that last a turn (Twilight Shroud) are not part of a
position and are not read.
"""

from __future__ import annotations

from cardsdb.engine.board.conditions import holds
from cardsdb.engine.board.speakers import Source, speakers
from cardsdb.engine.position.objects import BoardObject, Position, Side
from cardsdb.engine.reading.effects import Untargetable


def _guards(obj: BoardObject, position: Position) -> tuple[Untargetable, ...]:
    """The card's "can't be chosen" abilities (its reading's)."""
    return position.reading(obj.card).effects(Untargetable)


def _holds(guard: Untargetable, obj: BoardObject, position: Position) -> bool | None:
    source = Source(obj.card, position.reading(obj.card), obj.location, obj.controller, obj)
    return holds(guard.condition, source, position)


def guarded_might(position: Position) -> dict[tuple[str, Side], int]:
    """Per (location, controller): the highest Might of a unit there that keeps its controller's smaller units there
    from being chosen (Alpha Wildclaw). It looks only at the cards of the position whose text speaks."""
    guarded: dict[tuple[str, Side], int] = {}
    for source in speakers(position):
        guard = source.obj
        if guard is not None and any(
            g.smaller and _holds(g, guard, position) for g in _guards(guard, position)
        ):
            key = (guard.location, guard.controller)
            guarded[key] = max(guarded.get(key, 0), guard.current_might or 0)
    return guarded


def untargetable_reason(
    obj: BoardObject, guarded: dict[tuple[str, Side], int], acting: Side, position: Position
) -> str | None:
    """Why `obj` can't be chosen by the spells and abilities of `acting`, or None when it can. `guarded`: see
    `guarded_might`."""
    if obj.controller == acting:
        return None
    for guard in _guards(obj, position):
        if guard.smaller or _holds(guard, obj, position) is not True:
            continue
        if not guard.unless_combat:
            return "its own text says it can't be chosen by enemy spells and abilities"
        if not obj.in_combat:
            return "its own text says it can't be chosen by enemy spells and abilities unless it is in combat, and it isn't"
    if (obj.current_might or 0) < guarded.get((obj.location, obj.controller), 0):
        return (
            "a unit of its controller there with more Might keeps their smaller units there from being chosen by "
            "enemy spells and abilities"
        )
    return None


def untargetable_open(obj: BoardObject, acting: Side, position: Position) -> str | None:
    """Why whether `obj` can be chosen is open: a condition on its "can't be chosen" the position does not settle."""
    if obj.controller == acting:
        return None
    if obj.unread_guards:
        return f"whether it can be chosen depends on {obj.unread_guards[0]}"
    for guard in _guards(obj, position):
        if not guard.smaller and _holds(guard, obj, position) is None:
            return f"it can't be chosen by enemy spells and abilities if {guard.condition.text}, which the position does not say"
    return None


def untargetable(
    obj: BoardObject, guarded: dict[tuple[str, Side], int], acting: Side, position: Position
) -> tuple[str | None, str | None] | None:
    """Why `obj` can't be chosen by `acting`'s spells and abilities, or why that is open; None when it can be."""
    if not obj.unread_guards and not _guards(obj, position) and not guarded:
        return None
    reason = untargetable_reason(obj, guarded, acting, position)
    if reason is not None:
        return reason, None
    unsure = untargetable_open(obj, acting, position)
    return (None, unsure) if unsure is not None else None
