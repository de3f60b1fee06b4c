"""Every decidable statement of the two seed documents, run through the engine (claims.yaml, written once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardsdb.engine import check
from cardsdb.project_data import ClaimScenario, load_claims


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
    answer = check(case.scenario, db)
    expect = case.expect
    data = answer.to_dict()
    context = f"{claim_id} / {case.name}: {answer.summary}"
    assert answer.legal is expect["legal"], context
    failed = {c.code for c in answer.failed}
    assert failed == set(expect.get("failed", [])), context
    refused = {c.code for c in answer.cautions}
    assert refused == set(expect.get("refused", [])), context
    citations = set(answer.citations)
    missing = set(expect.get("cites", [])) - citations
    assert not missing, f"{context} (does not cite {sorted(missing)})"
    effect_rules = {n for e in answer.effects for n in e.rules}
    missing_effects = set(expect.get("effects_cite", [])) - effect_rules
    assert not missing_effects, f"{context} (effects do not cite {sorted(missing_effects)})"
    expected_choices = expect.get("choices", [])
    if expected_choices:
        assert len(answer.choices) >= len(expected_choices), f"{context}: choices {data['choices']}"
    for got, wanted in zip(answer.choices, expected_choices, strict=False):
        if "restricted_to" in wanted:
            assert got.restricted_to == wanted["restricted_to"], f"{context}: {got.choice}"
        for target in wanted.get("legal_has", []):
            assert target in got, f"{context}: {target} should be legal for {got.choice} ({got.legal})"
        for target in wanted.get("legal_lacks", []):
            assert target not in got, f"{context}: {target} should not be legal for {got.choice}"
