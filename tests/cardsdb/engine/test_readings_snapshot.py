"""The reviewed snapshot of every card's reading (tests/fixtures/readings.jsonl): a change to the reader shows as a
diff of readings, card by card. It holds no card text, only what the engine decided (keywords, static effects with
their scope and condition codes, cost changes as numbers, choices and their constraints, each sentence by its index).
After reviewing a change: `python -m cardsdb.cli.readings --db PATH > tests/fixtures/readings.jsonl`."""

from __future__ import annotations

import json

import pytest

from cardsdb.cli.readings import snapshot_lines
from cardsdb.query import CardsDB
from tests.support.paths import ROOT

SNAPSHOT = ROOT / "tests" / "fixtures" / "readings.jsonl"


def _by_card(lines: list[str]) -> dict[str, str]:
    return {json.loads(line)["card"]: line for line in lines if line.strip()}


@pytest.mark.real_data
def test_every_cards_reading_is_the_one_reviewed(real_cards: CardsDB) -> None:
    now = _by_card(snapshot_lines(real_cards))
    reviewed = _by_card(SNAPSHOT.read_text(encoding="utf-8").splitlines())
    changed = sorted(name for name in now.keys() & reviewed.keys() if now[name] != reviewed[name])
    assert {
        "changed": changed,
        "new": sorted(now.keys() - reviewed.keys()),
        "gone": sorted(reviewed.keys() - now.keys()),
    } == {"changed": [], "new": [], "gone": []}, (
        "review the readings, then regenerate the snapshot (see the docstring)"
    )


def test_the_snapshot_quotes_no_card_text() -> None:
    # names (a keyword, a tag, a card type) and codes only: a value of several words is a name of several words
    values: set[str] = set()

    def strings(value: object) -> None:
        if isinstance(value, dict):
            for item in value.values():
                strings(item)
        elif isinstance(value, list):
            for item in value:
                strings(item)
        elif isinstance(value, str):
            values.add(value)

    for line in SNAPSHOT.read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        data.pop("card")
        strings(data)
    assert values and all(len(v.split()) <= 2 for v in values), sorted(
        v for v in values if len(v.split()) > 2
    )
