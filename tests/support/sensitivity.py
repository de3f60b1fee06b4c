"""Probes for the sensitivity sweep (tests/cardsdb/engine/test_sensitivity.py): for a card whose reading gives or
changes something of other cards, a position where that applies and the same position without the card.

A probe places the card where its effect reaches (a battlefield it names, its controller's legend slot, a unit or
gear at a battlefield, an Equipment attached to a unit, a spell played this turn), makes its condition hold with the
facts of the turn a position can state, and asks the question the effect should change: when a card may be played
(keywords that give timing), what it costs (Deflect on its target, cost increases and discounts), where a unit may be
played, what a spell may choose (Might, "can't be chosen", tags), whether a card may be hidden.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.constraints import Might
from cardsdb.engine.reading.effects import (
    Condition,
    CostChange,
    HideGrant,
    IgnoreDeflect,
    KeywordGrant,
    MightStatic,
    NoReveal,
    PlayRule,
    Scope,
    StaticEffect,
    TagGrant,
    Untargetable,
)
from cardsdb.models import Card
from cardsdb.query import CardsDB

HERE, THERE, OPEN = "Field A", "Field B", "Field C"
TIMING_KEYWORDS = ("reaction", "quick-draw", "action")
Scenario = dict[str, Any]


@dataclass(frozen=True)
class Probe:
    """A position where `card`'s `effect` applies (`scenario`) and the same without the card (`without`)."""

    card: str
    effect: str
    scenario: Scenario
    without: Scenario


class Pool:
    """The real cards, looked through for what a probe needs: a unit with nothing to say, a spell of some kind."""

    def __init__(self, db: CardsDB) -> None:
        self.db = db
        self.cards = sorted(
            (c for n in db.names.names if (c := db.get_card(n)) is not None and not c.partial),
            key=lambda c: c.name.casefold(),
        )

    def reading(self, card: Card) -> CardReading:
        return self.db.reading(card)

    def quiet(self, card: Card) -> bool:
        """A card whose text changes nothing and chooses nothing: it can't interfere with a probe."""
        reading = self.reading(card)
        token = any(s.casefold() == "token" for s in card.supertypes)
        return not token and not reading.statics and not reading.unread and not reading.choices.choices

    def find(self, wanted: Callable[[Card], bool]) -> Card | None:
        return next((c for c in self.cards if wanted(c)), None)

    def unit(
        self, *, tags: tuple[str, ...] = (), might: int | None = None, token: bool = False
    ) -> Card | None:
        """A unit that says nothing (with one of `tags`, this Might, a token when `token`)."""

        def fits(card: Card) -> bool:
            reading = self.reading(card)
            is_token = any(s.casefold() == "token" for s in card.supertypes)
            quiet = not reading.statics and not reading.unread and not reading.choices.choices
            tagged = not tags or bool({t.casefold() for t in card.tags} & {t.casefold() for t in tags})
            return (
                card.is_type("Unit")
                and quiet
                and is_token == token
                and tagged
                and (might is None or card.might == might)
                and not reading.keywords
            )

        return self.find(fits)

    def spell(self, wanted: Callable[[Card, CardReading], bool]) -> Card | None:
        return self.find(lambda c: c.is_type("Spell") and wanted(c, self.reading(c)))


def base() -> Scenario:
    """Every fact of the turn given (no XP, nothing played, nothing conquered): a condition holds only when a probe
    makes it hold."""
    side = {
        "xp": 0,
        "played_this_turn": [],
        "trash": [],
        "conquered_this_turn": [],
        "base": {"units": [], "gear": []},
    }
    return {
        "turn": 3,
        "turn_player": "me",
        "me": {**copy.deepcopy(side), "runes": {"energy": 12, "power": 6}},
        "opp": copy.deepcopy(side),
        "battlefields": {
            HERE: {"controller": "me", "units": [], "gear": []},
            THERE: {"controller": "opp", "units": [], "gear": []},
        },
    }


@dataclass
class Placed:
    """Where a probe put its card: the scenario, the card's side and battlefield, its entry on the board."""

    scenario: Scenario
    side: str
    label: str
    entry: dict[str, Any] | None = None


def place(card: Card, side: str, pool: Pool, *, present: bool = True) -> Placed:
    """The base position with `card` where its static abilities apply, for `side` (`present` False: without it)."""
    s = base()
    label = HERE if side == "me" else THERE
    if not present:
        return Placed(s, side, label)
    if card.is_type("Battlefield"):
        s["battlefields"][card.name] = s["battlefields"].pop(label)
        return Placed(s, side, card.name)
    if card.is_type("Legend"):
        s[side]["legend"] = card.name
        return Placed(s, side, label)
    if card.is_type("Spell"):
        s[side]["played_this_turn"].append(card.name)
        return Placed(s, side, label)
    entry: dict[str, Any] = {"card": card.name, "controller": side, "id": "source"}
    if card.is_type("Gear") and "equipment" in {t.casefold() for t in card.tags}:
        holder = pool.unit()
        assert holder is not None
        s["battlefields"][label]["units"].append({"card": holder.name, "controller": side, "id": "holder"})
        entry["attached_to"] = "holder"
    s["battlefields"][label]["gear" if card.is_type("Gear") else "units"].append(entry)
    return Placed(s, side, label, entry)


def _other(side: str) -> str:
    return "opp" if side == "me" else "me"


def _add_unit(placed: Placed, pool: Pool, *, side: str | None = None, **flags: Any) -> dict[str, Any]:
    unit = pool.unit(tags=flags.pop("tags", ()))
    assert unit is not None
    entry = {"card": unit.name, "controller": side or placed.side, **flags}
    placed.scenario["battlefields"][placed.label]["units"].append(entry)
    return entry


def satisfy(cond: Condition, placed: Placed, pool: Pool) -> None:
    """Make `cond` hold in the placed position, where the position can say it (an open condition stays open)."""
    s, side, entry, kind = placed.scenario, placed.side, placed.entry, cond.kind
    flags = {
        "buffed": "buffed",
        "in_combat": "attacking",
        "in_combat_alone": "attacking",
        "empowered": "empowered",
    }
    if kind in flags and entry is not None:
        entry[flags[kind]] = True
    elif kind == "attacking_with_another" and entry is not None:
        entry["attacking"] = True
        _add_unit(placed, pool, attacking=True)
    elif kind == "another_here":
        _add_unit(placed, pool)
    elif kind == "stunned_enemy_here":
        _add_unit(placed, pool, side=_other(side), stunned=True)
    elif kind in ("in_showdown", "showdown_here"):
        s["showdown"] = placed.label
    elif kind == "level":
        s[side]["xp"] = cond.value
    elif kind in ("legion", "played_spell"):
        s[side]["played_this_turn"].append("Stupefy")
    elif kind == "played_to_battlefield":
        unit = pool.unit()
        assert unit is not None
        s[side]["played_this_turn"].append({"card": unit.name, "to": placed.label})
    elif kind == "controls_tagged":
        _add_unit(placed, pool, tags=(cond.subject,))
    elif kind == "opponent_controls_stunned":
        _add_unit(placed, pool, side=_other(side), stunned=True)
    elif kind == "mighty" and entry is not None:
        entry["might"] = 5
    elif kind == "controls_empowered" and entry is not None:
        entry["empowered"] = True


def count_one(per: str, placed: Placed, pool: Pool) -> None:
    """Something for "for each ..." to count."""
    s, side = placed.scenario, placed.side
    if per in ("friendly_gear", "gear_you_control"):
        gear = pool.find(lambda c: c.is_type("Gear") and pool.quiet(c))
        assert gear is not None
        s[side]["base"]["gear"].append({"card": gear.name})
    elif per == "same_name_here" and placed.entry is not None:
        placed.scenario["battlefields"][placed.label]["units"].append(
            {"card": placed.entry["card"], "controller": side, "id": "twin"}
        )
    elif per == "token_unit_you_control":
        token = pool.unit(token=True) or pool.find(lambda c: c.is_type("Unit") and "Token" in c.supertypes)
        assert token is not None
        s[side]["base"]["units"].append({"card": token.name})
    elif per == "buffed_unit_here":
        _add_unit(placed, pool, buffed=True)
    elif per == "card_in_trash":
        s[side]["trash"].append("Stupefy")
    elif per == "card_played_this_turn":
        s[side]["played_this_turn"].append("Stupefy")


def conditions(effect: StaticEffect) -> Iterator[Condition]:
    condition = getattr(effect, "condition", None)
    if isinstance(condition, Condition):
        yield condition


def reaches_others(card: Card, effect: StaticEffect) -> bool:
    """Whether a static effect gives or changes something of cards other than its own card's play."""
    if isinstance(effect, PlayRule):
        return not effect.itself
    if isinstance(effect, IgnoreDeflect):
        return effect.here
    if isinstance(effect, HideGrant | NoReveal | TagGrant):
        return True
    scope: Scope = effect.scope
    equipment = card.is_type("Gear") and "equipment" in {t.casefold() for t in card.tags}
    return not scope.itself or equipment


def might_spell(pool: Pool, limit: int) -> Card | None:
    """A spell whose one choice is "a unit (at a battlefield) with `limit` Might or less"."""

    def fits(card: Card, reading: CardReading) -> bool:
        specs = reading.choices.choices
        return (
            len(specs) == 1
            and specs[0].what == "unit"
            and specs[0].filters == (Might("<=", limit),)
            and not reading.unread
            and not card.power
        )

    return pool.spell(fits)


def target_spell(pool: Pool, kind: str) -> Card | None:
    """A spell of energy only whose one choice is any unit (or gear): it may be played on my turn, to choose one."""

    def fits(card: Card, reading: CardReading) -> bool:
        specs = reading.choices.choices
        return (
            len(specs) == 1
            and specs[0].what == kind
            and specs[0].whose == "any"
            and specs[0].where in ("anywhere", "battlefield")
            and not specs[0].filters
            and not reading.unread
            and not card.power
        )

    return pool.spell(fits)


__all__ = [
    "OPEN",
    "TIMING_KEYWORDS",
    "CostChange",
    "KeywordGrant",
    "MightStatic",
    "Untargetable",
]
