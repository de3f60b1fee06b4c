"""What the cogs share: the database handle, symbol display, and calls into the engine (which decides every ruling)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.cooldowns import Cooldowns
from bot.database import CardsLookup, DatabaseHandle
from bot.symbols import Symbols
from cardsdb.engine import Answer, check

if TYPE_CHECKING:
    from bot.settings_store import SettingsStore


@dataclass
class Services:
    db: DatabaseHandle
    symbols: Symbols = field(default_factory=Symbols)
    _meta: dict[str, str] | None = None
    # per-user cooldowns (bot/cooldowns.py); rate 0 (the default here, as in tests) is off
    cooldowns: Cooldowns = field(default_factory=lambda: Cooldowns(rate=0))
    # per-server settings (/settings); None: every server gets the defaults (bot/server_settings.py)
    settings_store: SettingsStore | None = None

    def cards(self) -> CardsLookup:
        return self.db.get()

    def meta(self) -> dict[str, str]:
        if self._meta is None:
            self._meta = dict(self.cards().meta())
        return self._meta


def engine_check(scenario: str | Mapping[str, Any], cards: CardsLookup) -> Answer:
    """Ask the engine; the answer as the engine's typed `Answer`. Raises the engine's ScenarioError."""
    return check(scenario, cards)
