"""Units that can't be chosen by enemy spells and abilities (v1.4 757, 758): not legal targets for them (355.9.b).

Read from the text of the units on the board: "I can't be chosen by enemy spells and abilities" (Ruin Runner, Baron
Nashor), "... unless I'm in combat" (Akali, Silent: in combat is attacking or defending), and "Your units here with
less Might than me can't be chosen by enemy spells and abilities" (Alpha Wildclaw). Effects that last a turn (Twilight
Shroud) are not part of a position and are not read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardsdb.engine.cardtext import symbols_to_words
from cardsdb.engine.position import BoardObject, Position, Side
from cardsdb.models import Card

_ITSELF = re.compile(
    r"\bI can't be chosen by enemy spells and abilities(?P<unless> unless I'm in combat)?", re.IGNORECASE
)
_SMALLER_HERE = re.compile(
    r"\bYour units here with less Might than me can't be chosen by enemy spells and abilities", re.IGNORECASE
)


def _in_combat(obj: BoardObject) -> bool:
    return obj.attacking or obj.defending


def _guards(card: Card) -> tuple[str | None, bool]:
    """How the card keeps itself from being chosen ("always", "unless in combat", or None), and whether it keeps its
    controller's smaller units there from being chosen. Read once per card text."""
    return _guards_in(card.text_raw or card.text)


@lru_cache(maxsize=4096)
def _guards_in(raw: str) -> tuple[str | None, bool]:
    text = symbols_to_words(raw)
    if "can't be chosen" not in text:
        return None, False
    itself = _ITSELF.search(text)
    how = None if itself is None else ("unless in combat" if itself.group("unless") else "always")
    return how, _SMALLER_HERE.search(text) is not None


def guarded_might(position: Position) -> dict[tuple[str, Side], int]:
    """Per (location, controller): the highest Might of a unit there that keeps its controller's smaller units there
    from being chosen (Alpha Wildclaw). Computed once per position."""
    guarded: dict[tuple[str, Side], int] = {}
    for guard in position.objects:
        if _guards(guard.card)[1]:
            key = (guard.location, guard.controller)
            guarded[key] = max(guarded.get(key, 0), guard.current_might or 0)
    return guarded


def untargetable_reason(obj: BoardObject, guarded: dict[tuple[str, Side], int], acting: Side) -> str | None:
    """Why `obj` can't be chosen by the spells and abilities of `acting`, or None when it can. `guarded`: see
    `guarded_might`."""
    if obj.controller == acting:
        return None
    how, _ = _guards(obj.card)
    if how == "always":
        return "its own text says it can't be chosen by enemy spells and abilities"
    if how == "unless in combat" and not _in_combat(obj):
        return "its own text says it can't be chosen by enemy spells and abilities unless it is in combat, and it isn't"
    if (obj.current_might or 0) < guarded.get((obj.location, obj.controller), 0):
        return (
            "a unit of its controller there with more Might keeps their smaller units there from being chosen by "
            "enemy spells and abilities"
        )
    return None
