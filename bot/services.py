"""What the cogs share: the database handle, symbol display, and calls into the engine (which decides every ruling)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.cooldowns import Cooldowns
from bot.database import CardsLookup, DatabaseHandle
from bot.ui.symbols import Symbols
from cardsdb.engine import Answer, check

if TYPE_CHECKING:
    from bot.store import Store


@dataclass
class Services:
    db: DatabaseHandle
    symbols: Symbols = field(default_factory=Symbols)
    _meta: tuple[int, dict[str, str]] | None = None  # (the handle's generation, its meta table)
    # per-user cooldowns (bot/cooldowns.py); rate 0 (the default here, as in tests) is off
    cooldowns: Cooldowns = field(default_factory=lambda: Cooldowns(rate=0))
    # per-server settings (/settings) and the saved state of persistent buttons (bot/store/); None: every server
    # gets the defaults and answers have no stateful buttons
    store: Store | None = None

    def cards(self) -> CardsLookup:
        return self.db.get()

    def meta(self) -> dict[str, str]:
        """The database's meta table, read once per database (a refresh swaps in another)."""
        if self._meta is None or self._meta[0] != self.db.generation:
            self._meta = (self.db.generation, dict(self.cards().meta()))
        return self._meta[1]


def engine_check(scenario: str | Mapping[str, Any], cards: CardsLookup) -> Answer:
    """Ask the engine; the answer as the engine's typed `Answer`. Raises the engine's ScenarioError."""
    return check(scenario, cards)
