"""The judges' regression scenarios (tests/scenarios/*.yaml): each position's answer as the file expects it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from engine_cards import BONE_SKEWER, CARDS, VENDETTA, MemoryCards
from scenario_expect import CHOICE_KEYS, EXPECT_KEYS, assert_expected

from cardsdb.engine import ScenarioError, check
from cardsdb.rule_numbers import parse_rule_ref

VERSION_MARK = re.compile(r"\s*\((?:v1\.3|v1\.4|2026-10-09)\)$")
FILES = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
ENTRY_KEYS = {"id", "question", "cards", "decides", "scenario", "expect"}
FIXTURES = MemoryCards((*CARDS, *VENDETTA, BONE_SKEWER))


def _entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for path in FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries.extend({**entry, "_file": path.name} for entry in data["scenarios"])
    return entries


ENTRIES = _entries()


def test_every_entry_is_well_formed() -> None:
    ids = [e["id"] for e in ENTRIES]
    assert len(ids) == len(set(ids)), "ids must be unique"
    for entry in ENTRIES:
        where = f"{entry['_file']}: {entry.get('id')}"
        assert set(entry) - {"_file"} == ENTRY_KEYS, where
        assert entry["cards"] in ("real", "fixtures"), where
        decides = entry["decides"]
        assert set(decides) <= {"rules", "source"} and decides, where
        for number in decides.get("rules", []):
            assert parse_rule_ref(VERSION_MARK.sub("", number)) is not None, f"{where}: {number}"
        expect = entry["expect"]
        assert not set(expect) - EXPECT_KEYS and "legal" in expect, where
        assert all(not set(c) - CHOICE_KEYS for c in expect.get("choices", [])), where


@pytest.fixture(scope="module")
def real_cards(real_db: Path) -> Iterator[Any]:
    from cardsdb.query import CardsDB

    db = CardsDB.open(real_db)
    yield db
    db.close()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_regression_scenario(entry: dict[str, Any], request: pytest.FixtureRequest) -> None:
    cards = request.getfixturevalue("real_cards") if entry["cards"] == "real" else FIXTURES
    expect = entry["expect"]
    if "error" in expect:
        with pytest.raises(ScenarioError) as caught:
            check(entry["scenario"], cards)
        assert expect["error"] in str(caught.value) and "\n" not in str(caught.value)
        return
    assert_expected(check(entry["scenario"], cards), expect, f"{entry['id']} ({entry['question']})")
