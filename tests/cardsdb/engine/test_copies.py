"""Several facedown copies told apart (cardsdb/engine/checks/copies.py): the same words as before, in linear time (issue 25:
700 copies, each named against every other, took 9.9 s of CPU)."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.engine.checks import copies
from cardsdb.engine.position.objects import FacedownCard
from tests.support.engine_cards import CARDS

BLADE = next(c for c in CARDS if c.name == "Hidden Blade")


def _copies(count: int, *, ids: bool) -> list[FacedownCard]:
    return [
        FacedownCard(
            BLADE,
            "me" if i % 3 else "opp",
            f"bf{i % 7}",
            hidden_turn=i % 4 or None,
            id=f"c{i}" if ids else None,
        )
        for i in range(count)
    ]


def test_copies_alike_are_told_apart_by_their_ids_and_others_by_whose_when_and_where() -> None:
    alike = [
        FacedownCard(BLADE, "me", "Bandle Tree", 2, "a"),
        FacedownCard(BLADE, "me", "Bandle Tree", 2, "b"),
    ]
    assert [copies.copy_words(c, alike) for c in alike] == [
        "the copy hidden on turn 2 (a)",
        "the copy hidden on turn 2 (b)",
    ]
    apart = [
        FacedownCard(BLADE, "me", "Bandle Tree", 2),
        FacedownCard(BLADE, "opp", "Zaun Warrens"),
    ]
    assert copies.copy_words(apart[0], apart) == "the copy hidden on turn 2 at Bandle Tree"
    assert (
        copies.copy_words(apart[1], apart) == "your opponent's copy hidden on an earlier turn at Zaun Warrens"
    )
    assert (
        copies.copy_name(apart[1], apart) == "your opponent's copy hidden on an earlier turn at Zaun Warrens"
    )
    assert copies.copy_name(alike[0], alike) == "copy a"


@pytest.mark.parametrize("ids", [True, False])
def test_naming_every_copy_describes_each_a_bounded_number_of_times(monkeypatch: Any, ids: bool) -> None:
    calls = {"n": 0}
    real = copies._described

    def counted(*args: Any) -> str:
        calls["n"] += 1
        return real(*args)

    monkeypatch.setattr(copies, "_described", counted)
    for count in (100, 1000):
        calls["n"] = 0
        found = _copies(count, ids=ids)
        naming = copies._Naming(found)
        for copy in found:
            naming.words(copy)
            naming.name(copy)
        assert calls["n"] <= 3 * count  # once to count the alike, once for the words, once for the name
