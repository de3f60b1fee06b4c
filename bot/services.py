"""What the cogs share: the database handle, symbol display, and calls into the engine (which decides every ruling)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.database import CardsLookup, DatabaseHandle
from bot.symbols import Symbols


@dataclass
class Services:
    db: DatabaseHandle
    symbols: Symbols = field(default_factory=Symbols)
    _meta: dict[str, str] | None = None

    def cards(self) -> CardsLookup:
        return self.db.get()

    def meta(self) -> dict[str, str]:
        if self._meta is None:
            self._meta = dict(self.cards().meta())
        return self._meta


def engine_check(scenario: str | Mapping[str, Any], cards: CardsLookup) -> dict[str, Any]:
    """Ask the engine; returns the answer's JSON form (docs/scenario-format.md). Raises the engine's ScenarioError."""
    from cardsdb.engine import check

    answer = check(scenario, cards)
    result: dict[str, Any] = answer.to_dict()
    return result
