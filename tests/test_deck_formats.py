"""The formats and their sets (cardsdb/deck/formats.py) held equal to the Tournament Rules' text, and the deck
package held to the engine's conventions: no discord or sqlite3, no function over 80 lines."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from cardsdb.deck.formats import LATER_SETS, STANDARD, TOURNAMENT_RULES_DATE, parse_format
from cardsdb.errors import BadInput
from cardsdb.query import CardsDB

DECK = Path(__file__).resolve().parents[1] / "cardsdb" / "deck"


@pytest.fixture(scope="module")
def db(real_db: Path) -> Iterator[CardsDB]:
    with CardsDB.open(real_db) as opened:
        yield opened


def test_tr_601_3_c_standard_is_the_sets_the_tournament_rules_list(db: CardsDB) -> None:
    view = db.rule("601.3.c", doc="tournament")
    assert view is not None
    named = [
        m.group(1).upper() for child in view.children for m in [re.search(r"\((\w+)\)\s*$", child.text)] if m
    ]
    assert named == [s.code for s in STANDARD]
    vendetta = db.rule("601.3.c.5.a", doc="tournament")
    assert vendetta is not None and "July 31st, 2026" in vendetta.rule.text
    assert next(s for s in STANDARD if s.code == "VEN").released == date(2026, 7, 31)


def test_a_set_after_the_tournament_rules_is_not_in_them() -> None:
    assert all(not s.in_rules and s.released and s.released > TOURNAMENT_RULES_DATE for s in LATER_SETS)
    assert [s.code for s in LATER_SETS] == ["RAD"]


def test_formats_by_name() -> None:
    assert parse_format(None) == "constructed"
    assert parse_format("2V2") == "2v2"
    with pytest.raises(BadInput, match="use constructed or 2v2"):
        parse_format("limited")


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_deck_check_never_imports_discord_or_sqlite() -> None:
    for path in sorted(DECK.glob("*.py")):
        imported = _imports(path)
        assert not {m for m in imported if m.split(".")[0] in ("discord", "sqlite3", "sqlite_utils")}, (
            path.name
        )
        if path.name != "cli.py":  # the command line opens the database, as the engine's does
            assert "cardsdb.query" not in imported, path.name


def test_no_deck_check_function_is_over_80_lines() -> None:
    long = [
        f"{path.name}:{fn.name}"
        for path in sorted(DECK.glob("*.py"))
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(fn, ast.FunctionDef) and (fn.end_lineno or fn.lineno) - fn.lineno + 1 > 80
    ]
    assert long == []
