"""Where the bot keeps what must outlive one interaction: server settings and the state behind persistent buttons.

`open_store(...)`: PostgreSQL when `DATABASE_URL` is set (several processes share it), else the SQLite file
`RIFTBOUND_SETTINGS_DB`. Both implement `Store` (`bot/store/base.py`).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from bot.store.base import DEFAULT_STATE_DAYS, Gone, SavedState, Store, StoreUnavailable
from bot.store.sqlite import SqliteStore

__all__ = ["DEFAULT_STATE_DAYS", "Gone", "SavedState", "Store", "StoreUnavailable", "open_store"]


def open_store(
    database_url: str | None, settings_file: Path, *, state_days: int = DEFAULT_STATE_DAYS
) -> Store:
    """The store the running bot uses; call `await store.start()` (the bot's setup does) before the first use."""
    ttl = timedelta(days=state_days)
    if database_url:
        # deferred, as in bot.run: asyncpg (about 50 ms of imports) only where PostgreSQL is used
        from bot.store.postgres import PostgresStore

        return PostgresStore(database_url, state_ttl=ttl)
    return SqliteStore(settings_file, state_ttl=ttl)
