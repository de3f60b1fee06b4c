"""Every decidable statement of the two seed documents, run through the engine (claims.yaml, written once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scenario_expect import assert_expected

from cardsdb.engine import check
from cardsdb.project.claims import ClaimScenario, load_claims


def _scenarios() -> Iterator[Any]:
    for claim in load_claims():
        for scenario in claim.scenarios:
            yield pytest.param(claim.id, scenario, id=f"{claim.id}: {scenario.name}")


@pytest.fixture(scope="module")
def db(real_db: Path) -> Iterator[Any]:
    from cardsdb.query import CardsDB

    database = CardsDB.open(real_db)
    yield database
    database.close()


def test_claims_have_scenarios() -> None:
    assert sum(len(c.scenarios) for c in load_claims()) >= 30


@pytest.mark.parametrize(("claim_id", "case"), list(_scenarios()))
def test_claim_scenario(claim_id: str, case: ClaimScenario, db: Any) -> None:
    assert_expected(check(case.scenario, db), case.expect, f"{claim_id} / {case.name}")
