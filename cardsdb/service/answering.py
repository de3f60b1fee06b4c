"""The one thread every answer of a server runs in, over the database, as the bot's `off_loop` does: the event loop
keeps taking requests while an answer is computed, and the database and its in-memory indexes are read by one
thread only, without locks. At most `limits.MAX_WAITING` questions wait for it; past that, `Busy` at once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from cardsdb.query import CardsDB
from cardsdb.service.limits import MAX_WAITING

T = TypeVar("T")


class Busy(Exception):
    """More questions wait for the answering thread than `limits.MAX_WAITING`."""


class Answering:
    """`await run(work)`: `work(db)` in the answering thread. `warm()` builds the database's indexes there first, so
    the questions sent meanwhile wait behind it rather than each building them."""

    def __init__(self, db: CardsDB) -> None:
        self.db = db
        self.waiting = 0
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="riftbound-answer")

    def warm(self) -> Future[None]:
        return self._thread.submit(self.db.warm)

    async def run(self, work: Callable[[CardsDB], T]) -> T:
        if self.waiting >= MAX_WAITING:
            raise Busy
        self.waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._thread, work, self.db)
        finally:
            self.waiting -= 1

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        self.db.close()
