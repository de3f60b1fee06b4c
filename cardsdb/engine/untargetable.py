"""Units that can't be chosen by enemy spells and abilities (v1.4 757, 758): not legal targets for them (355.9.b).

Read from the text of the units on the board: "I can't be chosen by enemy spells and abilities" (Ruin Runner, Baron
Nashor), "... unless I'm in combat" (Akali, Silent: in combat is attacking or defending), and "Your units here with
less Might than me can't be chosen by enemy spells and abilities" (Alpha Wildclaw). Effects that last a turn (Twilight
Shroud) are not part of a position and are not read.
"""

from __future__ import annotations

import re

from cardsdb.engine.cardtext import source_text
from cardsdb.engine.position import BoardObject, Position, Side

_ITSELF = re.compile(
    r"\bI can't be chosen by enemy spells and abilities(?P<unless> unless I'm in combat)?", re.IGNORECASE
)
_SMALLER_HERE = re.compile(
    r"\bYour units here with less Might than me can't be chosen by enemy spells and abilities", re.IGNORECASE
)


def _in_combat(obj: BoardObject) -> bool:
    return obj.attacking or obj.defending


def untargetable_reason(obj: BoardObject, position: Position, acting: Side) -> str | None:
    """Why `obj` can't be chosen by the spells and abilities of `acting`, or None when it can."""
    if obj.controller == acting:
        return None
    itself = _ITSELF.search(source_text(obj.card))
    if itself is not None:
        if not itself.group("unless"):
            return "its own text says it can't be chosen by enemy spells and abilities"
        if not _in_combat(obj):
            return "its own text says it can't be chosen by enemy spells and abilities unless it is in combat, and it isn't"
    might = obj.current_might or 0
    for guard in position.objects_at(obj.location):
        if (
            guard is obj
            or guard.controller != obj.controller
            or not _SMALLER_HERE.search(source_text(guard.card))
        ):
            continue
        if might < (guard.current_might or 0):
            return (
                f"{guard.name} there has more Might and keeps its controller's smaller units there from being chosen "
                "by enemy spells and abilities"
            )
    return None
