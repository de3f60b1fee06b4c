"""The sensitivity sweep over the real pool (issue 32): for every card whose reading gives or changes something of
other cards (keywords, Might, costs, where units may be played, who can be chosen, how cards are hidden), a position
where that applies changes the verdict it should change, or makes it "Depends". A sentence read and then dropped on
the way to the check it should change (Jax, Unmatched's "Your Equipment everywhere have [Quick-Draw]") fails here.

The probes are in tests/support/probes.py; what no question the engine answers can show (a keyword of combat or
movement, a keyword given only to tokens) is listed with why, and held to be so."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine import Answer, check
from cardsdb.query import CardsDB
from tests.support.probes import probe
from tests.support.sensitivity import Pool, Probe, reaches_others

# The keywords a check consults (timing, costs, choices, placement); a keyword a filter or a scope of a card in the
# pool names ("a unit with [Temporary]", "Units here with [Tank]") is consulted too.
CONSULTED = frozenset(
    {"reaction", "quick-draw", "action", "ambush", "deflect", "accelerate", "hidden", "weaponmaster"}
)


def _signature(answer: Answer) -> tuple[Any, ...]:
    """What a verdict is: legal, the blocking checks that fail, what it depends on, each choice's legal, unpayable and
    open targets."""
    return (
        answer.legal,
        tuple(sorted(c.code for c in answer.failed)),
        tuple(sorted(answer.undecided)),
        tuple(
            (c.legal, tuple(e.target for e in c.unpayable), tuple(e.target for e in c.open_targets))
            for c in answer.choices
        ),
    )


def _sweep(db: CardsDB) -> tuple[list[Probe], list[str], list[str]]:
    pool = Pool(db)
    consulted = CONSULTED | _named_by_the_pool(pool)
    probes: list[Probe] = []
    unprobed: list[str] = []
    for card in pool.cards:
        for effect in pool.reading(card).statics:
            if reaches_others(card, effect):
                found = probe(card, effect, pool, consulted)
                (probes if isinstance(found, Probe) else unprobed).append(found)  # type: ignore[arg-type]
    failures = [f"{p.card} ({p.effect}): {why}" for p in probes if (why := _insensitive(p, db))]
    return probes, unprobed, failures


def _named_by_the_pool(pool: Pool) -> frozenset[str]:
    from cardsdb.engine.reading.constraints import WithKeyword
    from cardsdb.engine.reading.effects import Scope
    from tests.cardsdb.engine.test_consumed import _parts

    named: set[str] = set()
    for card in pool.cards:
        for part in _parts(pool.reading(card)):
            if isinstance(part, WithKeyword) or (isinstance(part, Scope) and part.keyword):
                named.add(part.keyword.casefold())
    return frozenset(named)


def _insensitive(found: Probe, db: CardsDB) -> str | None:
    """Why the probe shows the effect changes nothing (None when it changes the verdict or makes it Depends)."""
    with_it, without = check(found.scenario, db), check(found.without, db)
    if _signature(with_it) != _signature(without):
        return None
    return f"the same answer with it and without it: {with_it.summary}"


@pytest.mark.real_data
def test_every_card_that_changes_other_cards_changes_the_verdict_it_should(real_cards: CardsDB) -> None:
    probes, unprobed, failures = _sweep(real_cards)
    assert len(probes) >= 40
    assert failures == []
    # what is not probed can't be: keywords no check consults, grants to tokens, and nothing else
    assert all(
        "no check of playing, paying or choosing consults" in line
        or "never in a hand" in line
        or "no card that can be in a hand" in line
        for line in unprobed
    ), unprobed
