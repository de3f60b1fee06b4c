"""The positions the benchmark asks the engine: every scenario of cardsdb/project/data/claims.yaml that the database
can answer (a small test database lacks some of their cards)."""

from __future__ import annotations

from typing import Any


def answerable_positions(cards: Any) -> list[dict[str, Any]]:
    from cardsdb.engine import ScenarioError, check
    from cardsdb.project.claims import load_claims

    out = []
    for scenario in (dict(s.scenario) for claim in load_claims() for s in claim.scenarios):
        try:
            check(scenario, cards)
        except ScenarioError:
            continue
        out.append(scenario)
    return out
