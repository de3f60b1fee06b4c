"""The judges' regression scenarios (tests/scenarios/*.yaml), read once: shared by the test that runs them and the
meta-test that checks every number they and their answers cite."""

from __future__ import annotations

import re
from typing import Any

import yaml

from cardsdb.rule_numbers import parse_rule_ref
from tests.support.engine_cards import BONE_SKEWER, CARDS, VENDETTA, MemoryCards
from tests.support.paths import SCENARIOS

FILES = sorted(SCENARIOS.glob("*.yaml"))
FIXTURES = MemoryCards((*CARDS, *VENDETTA, BONE_SKEWER))
_VERSION_MARK = re.compile(r"\s*\((?P<version>v1\.3|v1\.4|2026-10-09)\)$")
CURRENT = "2026-10-09"


def _entries() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for path in FILES:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        entries.extend({**entry, "_file": path.name} for entry in data["scenarios"])
    return entries


ENTRIES = _entries()


def decided_by(entry: dict[str, Any]) -> list[tuple[str, str]]:
    """The rule numbers an entry says decide it, each with its version: "355.8 (v1.4)" -> ("355.8", "v1.4"); a number
    without a mark is current."""
    found: list[tuple[str, str]] = []
    for written in entry["decides"].get("rules", []):
        mark = _VERSION_MARK.search(written)
        number = _VERSION_MARK.sub("", written)
        found.append((number, mark.group("version") if mark else CURRENT))
    return found


def well_formed_number(number: str) -> bool:
    return parse_rule_ref(number) is not None
