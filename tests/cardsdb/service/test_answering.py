"""The answering thread: every answer in one thread over the database, the event loop free meanwhile, and no more
than MAX_WAITING questions waiting for it (past that, Busy at once)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from cardsdb.query import CardsDB
from cardsdb.service import answering
from cardsdb.service.answering import Answering, Busy


async def test_answers_run_in_one_thread_and_past_the_queue_it_is_busy(
    query_cards: CardsDB, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answering, "MAX_WAITING", 2)
    worker = Answering(query_cards)
    release = threading.Event()
    try:
        held = asyncio.ensure_future(worker.run(lambda db: release.wait(timeout=60)))
        queued = asyncio.ensure_future(worker.run(lambda db: threading.current_thread().name))
        await asyncio.sleep(0)
        with pytest.raises(Busy):
            await worker.run(lambda db: None)
        release.set()
        assert await held is True
        name = await queued
        assert name.startswith("riftbound-answer") and name != threading.current_thread().name
        assert await worker.run(lambda db: threading.current_thread().name) == name
    finally:
        release.set()
        worker._thread.shutdown(wait=True)  # query_cards is the session's: not closed here
