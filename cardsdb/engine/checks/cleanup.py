"""What the next cleanup does to facedown cards and gear at battlefields (323.6.a, 107.3.d, 459.1)."""

from __future__ import annotations

from cardsdb.engine.position.objects import Battlefield, BoardObject, Position
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Answer, Effect
from cardsdb.engine.verdict.codes import EffectCode


def _facedown(bf: Battlefield) -> list[Effect]:
    effects: list[Effect] = []
    for fd in bf.facedown:
        owner = "your" if fd.owner == "me" else "your opponent's"
        if bf.controller != fd.owner:
            rules = (
                r.FACEDOWN_REMOVED_ON_LOSS,
                r.CLEANUP_TRASHES_FACEDOWN,
                r.FACEDOWN_REVEALED_ON_ZONE_CHANGE,
            )
            text = (
                f"{owner.capitalize()} facedown {fd.card.name} at {bf.label} goes to {owner} trash: its owner no "
                f"longer controls {bf.label}. It is revealed as it leaves."
            )
            effects.append(Effect(EffectCode.FACEDOWN_TRASHED, rules, text, moves=True))
        else:
            text = f"{owner.capitalize()} facedown {fd.card.name} stays at {bf.label}: its owner controls {bf.label}."
            effects.append(Effect(EffectCode.FACEDOWN_STAYS, (r.FACEDOWN_ZONE_NEEDS_CONTROL,), text))
    return effects


def _gear(position: Position, bf: Battlefield) -> list[Effect]:
    effects: list[Effect] = []
    here = position.objects_at(bf.label)
    for obj in here:
        if obj.kind != "gear":
            continue
        if obj.attached_to:
            text = f"{obj.words} stays: it is attached to {_unit_words(obj.attached_to, here)}."
            effects.append(Effect(EffectCode.GEAR_STAYS_ATTACHED, (r.GEAR_RECALLED_AT_CLEANUP,), text))
        else:
            base = "your" if obj.controller == "me" else "your opponent's"
            text = f"{obj.words} is not attached to a unit: it is recalled to {base} base."
            effects.append(Effect(EffectCode.GEAR_RECALLED, (r.GEAR_RECALLED_AT_CLEANUP,), text, moves=True))
    return effects


def _unit_words(named: str, here: tuple[BoardObject, ...]) -> str:
    """The unit a gear is attached to (the scenario names it by id or card name), as players read it."""
    folded = named.casefold()
    unit = next((o for o in here if o.kind == "unit" and (o.id or "").casefold() == folded), None) or next(
        (o for o in here if o.kind == "unit" and o.card.name.casefold() == folded), None
    )
    return unit.card.name if unit is not None else named


def answer_cleanup(position: Position) -> Answer:
    effects = [e for bf in position.battlefields for e in (*_facedown(bf), *_gear(position, bf))]
    if not effects:
        text = "No facedown card or gear at a battlefield: the cleanup changes nothing here."
        effects.append(Effect(EffectCode.CLEANUP_CHANGES_NOTHING, (r.CLEANUP_TRASHES_FACEDOWN,), text))
    return Answer(ask="cleanup", action="see what the next cleanup does", effects=tuple(effects))
