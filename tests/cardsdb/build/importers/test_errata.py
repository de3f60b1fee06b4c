"""Errata articles and the banned list."""

from __future__ import annotations

import json

import pytest

from cardsdb.build.importers.banned import parse_banned
from cardsdb.build.importers.errata import parse_errata, split_errata
from cardsdb.errors import BuildError
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA


def test_errata_split_per_card_with_new_and_old_text() -> None:
    entries = parse_errata(json.loads((FIXTURE / "errata.json").read_text()))
    assert [e.card_name for e in entries] == ["Tideturner", "Zhonya's Hourglass", "Not A Real Card"]
    tide = entries[0]
    assert "a unit you control at another location" in tide.new_text
    assert tide.old_text is not None and "a unit at another location" in tide.old_text
    assert "####" not in tide.new_text and "Zhonya" not in (tide.old_text or "")
    assert entries[2].old_text is None
    assert tide.date == "2025-10-28"


def test_card_name_as_a_heading_or_a_plain_line() -> None:
    content = "## Set Cards\nFalling Star\n#### [NEW TEXT]\nDeal 3.\n#### [OLD TEXT]\nDo this twice.\n### Reinforce\n#### [NEW TEXT]\nLook.\n"
    assert split_errata(content) == [
        ("Falling Star", "Deal 3.", "Do this twice."),
        ("Reinforce", "Look.", None),
    ]


def test_banned_list() -> None:
    names, date = parse_banned(json.loads((FIXTURE / "banned-cards.json").read_text()))
    assert names == ["Hidden Blade", "Called Shot"]
    assert date == "2026-03-30"
    with pytest.raises(BuildError, match="names"):
        parse_banned({"cards": []})
