"""The honest boundary applied to one play: a sentence the engine does not read, of the card played or of a card in
the position, that could bear on the answer makes it undecided instead of a guess.

- a spell's instruction not read: the play is undecided (`play_choices`); a permanent's play effect not read: that
  choice's verdict is open, the permanent is played all the same;
- the card's own text about its cost, timing, place or permission, and such text of the cards in the position: a text
  that can only allow more (a discount, "you may play me ...") matters only where the check fails, and then the failed
  check gives way to what it depends on; a text that can only forbid ("can't", "only", "more") matters only where the
  check passes; a text of unknown direction, either way;
- a battlefield or unit whose controller named a spell ("opponents can't play spells with that name"): open for a
  spell.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardsdb.engine.board.speakers import speakers
from cardsdb.engine.position.objects import BASES, BoardObject, Position
from cardsdb.engine.reading.card_reading import SentenceReading
from cardsdb.engine.reading.effects import Aspect, PlayRule
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check, Undecided
from cardsdb.engine.verdict.codes import CheckCode, UndecidedCode
from cardsdb.models import Card

# The checks each aspect bears on: (passing codes, failing codes)
_CHECKS: dict[Aspect, tuple[frozenset[str], frozenset[str]]] = {
    "cost": (
        frozenset({CheckCode.CAN_PAY_COST, CheckCode.CAN_PAY_ADDITIONAL}),
        frozenset({CheckCode.CANNOT_PAY_COST, CheckCode.CANNOT_PAY_ADDITIONAL}),
    ),
    "timing": (
        frozenset({CheckCode.NORMAL_TIMING, CheckCode.REACTION_TIMING}),
        frozenset({CheckCode.NOT_NORMAL_TIMING, CheckCode.NO_REACTION_TIMING}),
    ),
    "place": (frozenset({CheckCode.VALID_DESTINATION}), frozenset({CheckCode.INVALID_DESTINATION})),
    "permission": (frozenset(), frozenset({CheckCode.PLAY_FORBIDDEN})),
}
_OWN_PARTS = frozenset({"static", "as_played", "additional_cost", "keyword"})


@dataclass(frozen=True)
class Unread:
    """A sentence not read that may bear on this play: whose it is, and which way it can turn the answer."""

    reading: SentenceReading
    card: str
    own: bool

    @property
    def grants(self) -> bool:
        return self.reading.grants

    @property
    def restricts(self) -> bool:
        return self.reading.restricts

    @property
    def words(self) -> str:
        whose = "its own text" if self.own else f"{self.card}'s text"
        return f'{whose} "{self.reading.text}"'


def _speaks_to(reading: SentenceReading, card: Card) -> bool:
    """Whether a board card's sentence about playing may reach `card`: it speaks of its kind, or of cards in general."""
    kinds = {"Unit": "unit", "Spell": "spell", "Gear": "gear"}
    own = {word for kind, word in kinds.items() if card.is_type(kind)}
    return "card" in reading.speaks_of or bool(own & set(reading.speaks_of))


_PLAY_ASPECTS = frozenset({"cost", "timing", "place", "permission"})


def _board_unread(position: Position) -> tuple[Unread, ...]:
    """The unread sentences of the cards in the position that bear on playing a card (each card's name once)."""
    found: list[Unread] = []
    seen: set[str] = set()
    for other in (source.card for source in speakers(position)):
        if other.name in seen:
            continue
        seen.add(other.name)
        found.extend(
            Unread(s, other.name, False) for s in position.reading(other).unread if s.bears_on & _PLAY_ASPECTS
        )
    return tuple(found)


def unread_for(card: Card, position: Position) -> list[Unread]:
    """What the engine does not read, of the card played and of the cards in the position, about playing it."""
    found = [
        Unread(s, card.name, True) for s in position.reading(card).unread if s.sentence.part in _OWN_PARTS
    ]
    board = _board_unread(position)
    found.extend(item for item in board if _speaks_to(item.reading, card))
    return found


def _depends(item: Unread, aspect: Aspect) -> Undecided:
    what = {
        "cost": "what it costs",
        "timing": "when it may be played",
        "place": "where it may be played",
    }.get(aspect, "whether it may be played")
    because = f"{item.words[:1].upper()}{item.words[1:]} may change {what}, and the engine does not read it."
    return Undecided(UndecidedCode.TEXT_NOT_READ, (r.OTHER_ABILITIES_NORMAL,), because)


def apply_boundary(
    card: Card, position: Position, checks: list[Check], undecided: list[Undecided], *, placed: bool
) -> tuple[list[Check], list[Undecided]]:
    """The checks and undecided items of a play, with what the unread sentences that bear on it make open. `placed`:
    where the card goes is part of the question (from facedown, or `to` given)."""
    unread = unread_for(card, position)
    if not unread:
        return checks, [*undecided, *named_spell(card, position)]
    kept = list(checks)
    added: list[Undecided] = []
    for item in unread:
        for aspect in sorted(item.reading.bears_on & set(_CHECKS)):
            if aspect == "place" and not placed:
                continue
            passing, failing = _CHECKS[aspect]
            failed = [c for c in kept if c.code in failing and not c.ok]
            passed = any(c.code in passing and c.ok for c in kept) or (aspect == "permission" and not failed)
            if failed and not item.restricts:
                kept = [c for c in kept if c not in failed]
                added.append(_depends(item, aspect))
            elif passed and not item.grants and not failed:
                added.append(_depends(item, aspect))
    added.extend(named_spell(card, position))
    return kept, [*undecided, *dict.fromkeys(added)]


def _namers(position: Position) -> tuple[BoardObject, ...]:
    """The opponent's objects at battlefields that forbid spells with the name they named (Fallen Feline)."""
    return tuple(
        obj
        for obj in (source.obj for source in speakers(position))
        if obj is not None
        and obj.controller != "me"
        and obj.location not in BASES
        and any(s.kind == "no_spells_named" for s in position.reading(obj.card).effects(PlayRule))
    )


def named_spell(card: Card, position: Position) -> list[Undecided]:
    """ "While I'm at a battlefield, opponents can't play spells with that name" (Fallen Feline): the name was chosen
    as it was played, which a position does not give."""
    if not card.is_type("Spell"):
        return []
    found: list[Undecided] = []
    for obj in _namers(position):
        because = (
            f"{obj.card.name} (your opponent's, at {obj.location}) forbids you spells with the name it named as it "
            f"was played: if that was {card.name}, you can't play it. The position does not say which name it was."
        )
        found.append(Undecided(UndecidedCode.NAMED_SPELL_UNKNOWN, (r.V14_CANT_BEATS_CAN,), because))
    return found
