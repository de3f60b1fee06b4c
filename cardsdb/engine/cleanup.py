"""What the next cleanup does to facedown cards and gear at battlefields (323.6.a, 107.3.d, 459.1)."""

from __future__ import annotations

from cardsdb.engine import citations as r
from cardsdb.engine.position import Position
from cardsdb.engine.verdict import Answer, Check, Effect


def answer_cleanup(position: Position) -> Answer:
    effects: list[Effect] = []
    checks: list[Check] = []
    for bf in position.battlefields:
        for fd in bf.facedown:
            owner = "your" if fd.owner == "me" else "your opponent's"
            if bf.controller != fd.owner:
                effects.append(
                    Effect(
                        (
                            r.FACEDOWN_REMOVED_ON_LOSS,
                            r.CLEANUP_TRASHES_FACEDOWN,
                            r.FACEDOWN_REVEALED_ON_ZONE_CHANGE,
                        ),
                        f"{owner.capitalize()} facedown {fd.card.name} at {bf.label} goes to {owner} trash: its owner no longer controls "
                        f"{bf.label}. It is revealed as it leaves.",
                    )
                )
            else:
                effects.append(
                    Effect(
                        (r.FACEDOWN_ZONE_NEEDS_CONTROL,),
                        f"{owner.capitalize()} facedown {fd.card.name} stays at {bf.label}: its owner controls {bf.label}.",
                    )
                )
        for obj in position.objects_at(bf.label):
            if obj.kind != "gear":
                continue
            if obj.attached_to:
                effects.append(
                    Effect(
                        (r.GEAR_RECALLED_AT_CLEANUP,),
                        f"{obj.name} at {bf.label} stays: it is attached to {obj.attached_to}.",
                    )
                )
            else:
                base = "your" if obj.controller == "me" else "your opponent's"
                effects.append(
                    Effect(
                        (r.GEAR_RECALLED_AT_CLEANUP,),
                        f"{obj.name} at {bf.label} is not attached to a unit: it is recalled to {base} base.",
                    )
                )
    if not effects:
        effects.append(
            Effect(
                (r.CLEANUP_TRASHES_FACEDOWN,),
                "No facedown card or gear at a battlefield: the cleanup changes nothing here.",
            )
        )
    removed = sum(1 for e in effects if "trash" in e.text or "recalled" in e.text)
    summary = (
        f"The next cleanup moves {removed} card{'s' if removed != 1 else ''}: "
        + " ".join(e.text for e in effects if "trash" in e.text or "recalled" in e.text)
        if removed
        else "The next cleanup removes no facedown card and recalls no gear."
    )
    return Answer(ask="cleanup", legal=True, summary=summary, checks=tuple(checks), effects=tuple(effects))
