"""Every decidable statement of the two seed documents, run through the engine (claims.yaml, written once)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cardsdb.engine import check
from cardsdb.project.claims import ClaimScenario, load_claims
from tests.support.scenario_expect import assert_expected


def _scenarios() -> Iterator[Any]:
    for claim in load_claims():
        for scenario in claim.scenarios:
            yield pytest.param(claim.id, scenario, id=f"{claim.id}: {scenario.name}")


def test_claims_have_scenarios() -> None:
    assert sum(len(c.scenarios) for c in load_claims()) >= 30


@pytest.mark.real_data
@pytest.mark.parametrize(("claim_id", "case"), list(_scenarios()))
def test_claim_scenario(claim_id: str, case: ClaimScenario, real_cards: Any) -> None:
    assert_expected(check(case.scenario, real_cards), case.expect, f"{claim_id} / {case.name}")
