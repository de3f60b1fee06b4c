"""Every rule number the engine cites exists in the rules table, in the version it is cited as."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsdb.engine import citations
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION
from cardsdb.project_data import load_overlay

ENGINE = Path(__file__).resolve().parents[1] / "cardsdb" / "engine"


def test_current_citations_are_in_the_overlay() -> None:
    numbers = load_overlay().numbers()
    assert [n for n in citations.CURRENT if n not in numbers] == []


def test_v13_citations_are_not_reused_by_the_current_rules() -> None:
    superseded = set(load_overlay().superseded_v13)
    overlay = load_overlay().numbers()
    assert [n for n in citations.V13_ONLY if n in superseded or n in overlay] == []


@pytest.mark.parametrize("db_fixture", ["real_db", "fixture_db"])
def test_every_cited_number_exists_in_the_rules_table(
    db_fixture: str, request: pytest.FixtureRequest
) -> None:
    from cardsdb.query import CardsDB

    path: Path = request.getfixturevalue(db_fixture)
    db = CardsDB.open(path)
    try:
        missing_current = [n for n in citations.CURRENT if not db.rule_exists(n, CURRENT_RULES_VERSION)]
        assert missing_current == []
        if db_fixture == "real_db":  # the fixture data holds only a few v1.3 rules
            missing_v13 = [n for n in citations.V13_ONLY if not db.rule_exists(n, V13_RULES_VERSION)]
            assert missing_v13 == []
    finally:
        db.close()


def test_rule_numbers_are_written_only_in_citations_py() -> None:
    literal = re.compile(r"[\"']\d{3}(?:\.\w+)+[\"']")
    offenders = [
        f"{path.name}: {match.group(0)}"
        for path in ENGINE.glob("*.py")
        if path.name != "citations.py"
        for match in literal.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
