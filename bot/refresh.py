"""The running bot keeps its card database current: every `RIFTBOUND_REFRESH_HOURS` (default 24; 0 turns it off) it
syncs from RiftCodex (`cardsdb.build.sync`, with `RIFTBOUND_DATA`'s rules and rulings when set) into a temporary file,
checks the result, and swaps it in.

- When: at start if the database file is already older than the interval, else once it is; after a failure, again an
  hour later (or after the interval, when that is shorter).
- How: the fetch and build run in a worker thread (`asyncio.to_thread`), so the event loop keeps answering; one refresh
  at a time. The new file must open as a card database, hold cards, and hold at least half as many as the one in use
  (a truncated upstream answer is not a new card pool). It then replaces the old file atomically (`os.replace`) and
  the `DatabaseHandle` switches to it (commands in flight finish with the database they started with).
- On any failure the bot keeps answering from the database it has, and says so in one log line, without a traceback.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.database import DatabaseHandle
from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB

log = logging.getLogger(__name__)

DEFAULT_REFRESH_HOURS = 24.0
MIN_REFRESH_HOURS = 1.0  # RiftCodex is a free service: not more often than hourly
MAX_REFRESH_HOURS = 24.0 * 366
RETRY_HOURS = 1.0
MIN_SHARE_OF_CARDS = 0.5  # a new pool with fewer than half the cards in use is refused


class RefreshRejected(CardsDBError):
    """The new database was built but is not fit to replace the one in use."""


def parse_refresh_hours(value: str | None) -> float:
    """`RIFTBOUND_REFRESH_HOURS`: hours between refreshes ("24", "12.5"); "0" or "off" turns refreshing off; unset
    gives 24. Raises ValueError with one line for anything else."""
    text = (value or "").strip().lower()
    if not text:
        return DEFAULT_REFRESH_HOURS
    if text in ("0", "off", "no", "none"):
        return 0.0
    try:
        hours = float(text)
    except ValueError:
        hours = math.nan
    if not MIN_REFRESH_HOURS <= hours <= MAX_REFRESH_HOURS:  # also refuses nan and inf
        raise ValueError(
            f"RIFTBOUND_REFRESH_HOURS must be a number of hours from {MIN_REFRESH_HOURS:g} to {MAX_REFRESH_HOURS:g} "
            f"(like 24), or 0 to turn refreshing off, not {(value or '')[:20]!r}"
        )
    return hours


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if isinstance(error, CardsDBError) else f"{type(error).__name__}: {text}"


@dataclass
class Refresher:
    """Refreshes the database behind `handle` (the file at `path`) from `riftcodex_url` (+ `data_dir`)."""

    handle: DatabaseHandle
    path: Path
    interval_s: float
    riftcodex_url: str
    data_dir: Path | None = None
    retry_s: float = RETRY_HOURS * 3600
    fetch_options: Mapping[str, Any] = field(
        default_factory=dict
    )  # sync_database's timeout, retries, backoff
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)

    def first_delay(self) -> float:
        """Seconds until the first refresh: none when the file is older than the interval (or missing)."""
        try:
            age = self.clock() - self.path.stat().st_mtime
        except OSError:
            return 0.0
        return max(0.0, self.interval_s - age)

    def next_delay(self, refreshed: bool) -> float:
        return self.interval_s if refreshed else min(self.retry_s, self.interval_s)

    async def run(self) -> None:
        """Refresh forever on schedule (until cancelled)."""
        delay = self.first_delay()
        while True:
            await self.sleep(delay)
            delay = self.next_delay(await self.refresh_once())

    async def refresh_once(self) -> bool:
        """One refresh: True when a new database is in use; False (and one log line) when the old one is kept."""
        async with self._lock:
            try:
                db = await asyncio.to_thread(self._build_checked, self._cards_in_use())
            except Exception as error:  # any failure keeps the database in use; a bug is one line here, too
                hours = self.next_delay(False) / 3600
                log.warning(
                    "card database refresh failed (%s); still answering from the current database, next try in %.3g h",
                    _one_line(error),
                    hours,
                )
                return False
            self.handle.swap(db)
            log.info(
                "card database refreshed from %s: %s cards; commands now use the new file",
                self.riftcodex_url,
                db.meta().get("count_cards", "?"),
            )
            return True

    def _cards_in_use(self) -> int:
        try:
            return int(self.handle.get().meta().get("count_cards") or 0)
        except (CardsDBError, ValueError):
            return 0

    def _build_checked(self, cards_in_use: int) -> CardsDB:
        """In a worker thread: sync into a temporary file, check it, move it over the database file, open it."""
        # Imported here: the build's modules cost 0.2 s to import, and only a refresh needs them.
        from cardsdb.build.sync import sync_database

        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.refresh")
        try:
            sync_database(self.riftcodex_url, temporary, source=self.data_dir, **self.fetch_options)
            db = CardsDB.open(temporary)
            try:
                _check(db, cards_in_use)
                db.warm()  # the name and search indexes, built here rather than by the first command
            except BaseException:
                db.close()
                raise
            os.replace(temporary, self.path)  # the open connection follows the file it opened
            db.path = self.path
            return db
        finally:
            temporary.unlink(missing_ok=True)


def _check(db: CardsDB, cards_in_use: int) -> None:
    cards = int(db.meta().get("count_cards") or 0)
    if cards <= 0:
        raise RefreshRejected("the new database holds no cards")
    if cards < cards_in_use * MIN_SHARE_OF_CARDS:
        raise RefreshRejected(
            f"the new database holds {cards} cards, fewer than half of the {cards_in_use} in use; "
            "upstream may be incomplete"
        )


def refresher_for(
    handle: DatabaseHandle, *, path: Path, hours: float, riftcodex_url: str, data_dir: Path | None
) -> Refresher | None:
    """The bot's refresher, or None when `hours` is 0 (refreshing off)."""
    if hours <= 0:
        return None
    return Refresher(
        handle, path=path, interval_s=hours * 3600, riftcodex_url=riftcodex_url, data_dir=data_dir
    )
