"""Rulings tied at build time to the rules they discuss (cardsdb.build.ruling_links): which rule a ruling citing none
is linked to, and over the real data, every link names a rule and no ruling citing rules has one."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsdb.build.ruling_links import LINK_FLOOR, LINK_LEAD, chosen
from cardsdb.models import Rule
from cardsdb.search.question_rank import RankedRule


def _ranked(*scores: float) -> list[RankedRule]:
    return [
        RankedRule(Rule(number=f"10{i}", version="v1.4", kind="rule", text="t"), s)
        for i, s in enumerate(scores)
    ]


def test_a_ruling_is_linked_to_the_first_rule_only_when_it_is_far_ahead_and_matches_well() -> None:
    assert [r.number for r in chosen(_ranked(LINK_LEAD * 0.5, 0.5))] == ["100"]
    assert chosen(_ranked(0.6, 0.5)) == []  # too close to the second
    assert chosen(_ranked(LINK_FLOOR / 2)) == []  # matches too little of the words
    assert chosen([]) == []


@pytest.mark.real_data
def test_every_link_of_a_ruling_names_a_rule_and_no_ruling_citing_rules_has_one(real_db: Path) -> None:
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        links = connection.execute("SELECT ruling_id, doc, version, number FROM ruling_links").fetchall()
        missing = connection.execute(
            "SELECT l.ruling_id FROM ruling_links l LEFT JOIN rules r ON r.doc = l.doc AND r.version = l.version "
            "AND r.number = l.number WHERE r.key IS NULL"
        ).fetchall()
        citing = connection.execute(
            "SELECT DISTINCT l.ruling_id FROM ruling_links l JOIN ruling_rules c ON c.ruling_id = l.ruling_id"
        ).fetchall()
    assert links and missing == [] and citing == []
