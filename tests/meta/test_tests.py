"""The tests' own conventions: one shared set of fixtures, typed, that no module defines again; the real data read
only through them, behind the real_data marker."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import conftest
from tests.support.paths import TESTS

CONFTEST = TESTS / "conftest.py"


def _fixtures(path: Path) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any("fixture" in ast.unparse(d) for d in node.decorator_list)
    }


def _test_modules() -> list[Path]:
    return sorted(
        p for p in TESTS.rglob("*.py") if p != CONFTEST and "fixtures" not in p.relative_to(TESTS).parts
    )


def test_the_shared_fixtures_are_typed() -> None:
    shared = _fixtures(CONFTEST)
    assert {"real_cards", "fixture_cards", "query_cards", "real_harness", "fake_harness", "real_db"} <= set(
        shared
    )
    untyped = [name for name, fn in shared.items() if fn.returns is None or ast.unparse(fn.returns) == "Any"]
    assert untyped == []


def test_no_module_defines_a_shared_fixture_again() -> None:
    shared = set(_fixtures(CONFTEST))
    again = [
        f"{p.relative_to(TESTS)}: {name}" for p in _test_modules() for name in _fixtures(p) if name in shared
    ]
    assert again == []


def test_no_module_opens_the_shared_databases_itself() -> None:
    # real_cards, fixture_cards and query_cards are open for the whole session
    opening = re.compile(r"CardsDB\.open\((?:real_db|fixture_db|query_db)\)")
    found = [
        f"{p.relative_to(TESTS)}:{n}"
        for p in _test_modules()
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if opening.search(line) and not line.lstrip().startswith("with ")
    ]
    assert found == []


def _item(nodeid: str, fixtures: set[str], marked: bool) -> SimpleNamespace:
    marker = object() if marked else None
    return SimpleNamespace(nodeid=nodeid, fixturenames=fixtures, get_closest_marker=lambda name: marker)


def test_a_test_that_reads_the_real_data_without_the_marker_fails_at_collection() -> None:
    conftest.pytest_collection_modifyitems(
        [_item("ok", {"real_cards"}, True), _item("unit", {"tmp_path"}, False)]
    )  # type: ignore[list-item]
    with pytest.raises(pytest.UsageError, match=r"real_data marker, first t::reads"):
        conftest.pytest_collection_modifyitems([_item("t::reads", {"tmp_path", "real_harness"}, False)])  # type: ignore[list-item]


def test_every_fixture_that_reads_the_real_data_is_one_the_collection_check_knows() -> None:
    # a shared fixture built on the real data must be listed, or tests using it would escape the marker check
    shared = _fixtures(CONFTEST)
    reading = {
        name
        for name, fn in shared.items()
        if {a.arg for a in fn.args.args} & conftest.REAL_DATA_FIXTURES or "SHARED" in ast.unparse(fn)
        or "SEEDS" in ast.unparse(fn)
    }  # fmt: skip
    assert reading <= conftest.REAL_DATA_FIXTURES
    assert set(conftest.REAL_DATA_FIXTURES) <= set(shared)
