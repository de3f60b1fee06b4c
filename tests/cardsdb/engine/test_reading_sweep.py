"""The honest boundary over the real data (issue 21): every card played from hand in a standard position, and every
card with Hidden played from facedown, never gets a verdict, nor an `ok` on a choice, that rests on a sentence the
engine did not read.

What "rests on" means is the rule of docs/scenario-format.md (`legal: null` with `undecided`):
- a spell's instruction not read: the play is not a Yes (it is undecided, or No for a reason the engine did read);
- a permanent's play effect not read: it gets a choice whose `ok` is null, and the play's verdict stands;
- a required choice whose phrase holds a restriction not read: its `ok` is not true;
- the card's own text about its cost, timing, place or permission not read: a Yes does not rest on a text that could
  forbid, and a No does not rest on a failed check a text that could allow might turn.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from cardsdb.engine import Answer, ScenarioError, check
from cardsdb.engine.checks.boundary import _CHECKS, Unread, unread_for
from cardsdb.engine.quick import play_scenario
from cardsdb.engine.reading.effects import Aspect
from cardsdb.engine.reading.overrides import choices_for
from cardsdb.models import Card
from cardsdb.query import CardsDB

HERE = "Your Battlefield"
THERE = "Their Battlefield"
STANDARD: dict[str, Any] = {
    "turn": 3,
    "turn_player": "me",
    "me": {
        "runes": {"energy": 12, "power": 6},
        "trash": ["Mega-Mech", "Hextech Ray", "B.F. Sword"],
        "xp": 0,
        "base": {"units": ["Shipyard Skulker"]},
    },
    "opp": {
        "trash": ["Vanguard Sergeant", "Hextech Ray"],
        "base": {"units": [{"card": "Mega-Mech", "controller": "opp"}]},
    },
    "battlefields": {
        HERE: {
            "controller": "me",
            "units": ["Vanguard Sergeant", {"card": "Shipyard Skulker", "controller": "opp"}],
        },
        THERE: {"controller": "opp", "units": [{"card": "Vanguard Sergeant", "controller": "opp"}]},
    },
}


@pytest.fixture(scope="module")
def cards(real_cards: CardsDB) -> Iterator[tuple[list[Card], CardsDB]]:
    """The real cards played from hand (spells, units, gear), and the database they come from."""
    found = [c for name in real_cards.names.names if (c := real_cards.get_card(name)) is not None]
    yield [c for c in found if any(c.is_type(t) for t in ("Spell", "Unit", "Gear"))], real_cards


def _from_hand(card: Card) -> dict[str, Any]:
    scenario = copy.deepcopy(STANDARD)
    scenario["me"]["hand"] = [card.name]
    scenario["ask"] = {"targets": card.name, "from": "hand", **({"to": HERE} if card.is_type("Unit") else {})}
    return scenario


def _violations(card: Card, answer: Answer, unread: list[Unread], placed: bool) -> list[str]:
    found: list[str] = []
    parsed = choices_for(card)
    if parsed.unread_spell and not card.is_permanent and answer.legal is True:
        found.append(f"Yes over an instruction not read: {parsed.unread_spell[0]}")
    if parsed.unread_play_effect and card.is_permanent and not any(c.ok is None for c in answer.choices):
        found.append(f"no open choice for a play effect not read: {parsed.unread_play_effect[0]}")
    by_phrase = {c.choice: c for c in answer.choices}
    for spec in parsed.choices:
        choice = by_phrase.get(spec.phrase)
        if choice is not None and spec.unread and not spec.optional and choice.ok is True:
            found.append(f"choice ok over a restriction not read: {spec.phrase}")
    failed = {c.code for c in answer.failed}
    for item in (u for u in unread if u.own):
        for aspect in item.reading.bears_on & set(_CHECKS):
            if aspect == "place" and not placed:
                continue
            found.extend(_aspect_violations(item, aspect, answer, failed))
    return found


def _aspect_violations(item: Unread, aspect: Aspect, answer: Answer, failed: set[str]) -> list[str]:
    failing = _CHECKS[aspect][1]
    if not item.restricts and failed & failing:
        return [f"No on a {aspect} check a text not read could turn: {item.reading.text}"]
    if not item.grants and answer.legal is True:
        return [f"Yes over a {aspect} text not read that could forbid: {item.reading.text}"]
    return []


def _sweep(cards: list[Card], db: Any) -> Iterator[str]:
    for card in cards:
        if any(s.casefold() == "token" for s in card.supertypes):
            continue
        poor = _from_hand(card)
        poor["me"]["runes"] = {"energy": 0, "power": 0}
        positions = [
            ("from hand", _from_hand(card), card.is_type("Unit")),
            ("from hand, no runes", poor, False),
        ]
        if db.reading(card).has("hidden"):
            positions.append(("from facedown", play_scenario(card), card.is_permanent))
        for where, scenario, placed in positions:
            try:
                answer = check(scenario, db)
            except ScenarioError as error:
                yield f"{card.name} ({where}): the position could not be read: {error}"
                continue
            unread = unread_for(card, _position(scenario, db))
            yield from (f"{card.name} ({where}): {v}" for v in _violations(card, answer, unread, placed))


def _position(scenario: dict[str, Any], db: Any) -> Any:
    from cardsdb.engine.position.scenario import parse

    return parse(scenario, db).position


@pytest.mark.real_data
def test_no_verdict_nor_choice_rests_on_a_sentence_the_engine_did_not_read(cards: Any) -> None:
    real, db = cards
    assert len(real) > 600
    assert list(_sweep(real, db)) == []


@pytest.mark.real_data
def test_the_sweep_sees_what_the_engine_does_not_read(cards: Any) -> None:
    # The sweep is not empty by construction: the real data holds sentences the engine does not read, each of which
    # it checks (a spell's, a play effect's, a card's own cost or timing).
    real, db = cards
    unread = [c for c in real if choices_for(c).unread_spell or choices_for(c).unread_play_effect]
    own = [c for c in real if any(u.own for u in unread_for(c, _alone(c, db)))]
    assert unread and own


def _alone(card: Card, db: Any) -> Any:
    from cardsdb.engine.position.objects import Position

    return Position(readings={card.name: db.reading(card)})
