"""What the sources leave unknown of a card, and whether the type they give it is in doubt.

A card is known in part where every source of a characteristic lacks it (a gallery extract gives no text, Might,
domains or tags; a catalog entry names no set): `unknown_of` lists what (`models.UNKNOWN_WORDS`). A type is in doubt
where none is given for a card that has a cost, or where the card's other characteristics contradict it (133.4 of
v1.4: units and gear are permanents, spells are not): a "Unit" with no Might (every unit has Might), a "Spell" with
Might, a "Spell" whose text speaks of it as a permanent (an ability it pays for by exhausting itself, "when I become
exhausted", a keyword only permanents have). Such a card's type is shown as in doubt, never guessed, and the engine
and the deck check decide nothing on it. The rules hold for every card of every source; the data of 2026-12 shows
them on Radiance entries of the card catalog and the gallery alike (shared/riftbound-data/SOURCES.md).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection

from cardsdb.models import Card
from cardsdb.project.keywords import load_keywords

# Fields a source may lack -> what of the card is then unknown
_FIELD_GAPS = {
    "text_raw": "text",
    "types": "type",
    "energy": "cost",
    "power": "cost",
    "might": "might",
    "domains": "domains",
    "tags": "tags",
}
_HAS_MIGHT = ("Unit",)  # the types a card's Might belongs to as a characteristic the rules read
_QUOTED = re.compile(r"\"[^\"]*\"|\u201c[^\u201d]*\u201d|\([^()]*\)")
# A line opening with a bracketed keyword, its value aside: "[Shield 2]" -> Shield.
_LINE_KEYWORD = re.compile(r"(?m)^\[([A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*)*)(?: \d+)?\]")
_SELF_EXHAUST = re.compile(
    r"(?m)^[^.\n]*:rb_exhaust:[^.\n]*?:(?!rb_)|\bwhen I become exhausted\b", re.IGNORECASE
)


def unknown_of(card: Card, lacks: Collection[str], *, placed: bool = True) -> tuple[str, ...]:
    """What of the card no source gives (keys of `models.UNKNOWN_WORDS`, in their order); `placed` is False for a
    card no printing of which is known (its set and number). A power cost no source gives is unknown only for a card
    with an energy cost (a token without one has no power cost either)."""
    found = {_FIELD_GAPS[f] for f in lacks if f in _FIELD_GAPS and (f != "power" or card.energy is not None)}
    if "might" in found and card.types and not any(card.is_type(t) for t in _HAS_MIGHT):
        found.discard("might")  # a spell's, legend's or battlefield's Might is no characteristic to miss
    if not placed:
        found.add("set")
    if type_doubt(card, found):
        found.add("type")
    order = ("text", "type", "cost", "might", "domains", "tags", "set")
    return tuple(k for k in order if k in found)


def type_doubt(card: Card, unknown: Collection[str] = ()) -> str | None:
    """Why the card's type is in doubt, in player words; None where nothing contradicts it."""
    types = " ".join(card.types)
    if not card.types:
        playable = card.energy is not None or card.partial
        return "No source gives its type." if playable else None
    if card.is_type("Unit") and card.might is None and "might" not in unknown:
        return f"The sources call it a {types}, but give it no Might, which every unit has."
    if card.is_type("Spell") and card.might is not None:
        return f"The sources call it a {types}, but give it {card.might} Might, which no spell has."
    if card.is_type("Spell") and _reads_as_permanent(card.text_raw):
        return f"The sources call it a {types}, but its text speaks of it as a unit or gear on the board."
    return None


def _reads_as_permanent(text_raw: str) -> bool:
    """Its own text (quoted abilities it gives and reminder text left out) exhausts itself or has a keyword only a
    permanent has."""
    own = _QUOTED.sub("", text_raw)
    return bool(
        _SELF_EXHAUST.search(own)
        or any(m.group(1) in _permanent_keywords() for m in _LINE_KEYWORD.finditer(own))
    )


@functools.cache
def _permanent_keywords() -> frozenset[str]:
    """The keywords only a permanent has (`permanent` in cardsdb/project/data/keywords.yaml): Tank, Equip, Shield."""
    return frozenset(k.name for k in load_keywords() if k.permanent)
