"""A running bot whose database breaks keeps running: commands answer privately, and the problem is logged once."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from bot.database import NOT_AVAILABLE
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import harness_for


async def test_corrupt_database_answers_not_available_and_logs_once(
    fixture_db: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "riftbound.sqlite3"
    shutil.copy(fixture_db, path)
    harness = await harness_for(CardsDB.open(path))
    healthy = await harness.command("card", {"name": "Pouty Poro"})
    assert healthy.embeds[0]["title"] == "Pouty Poro"

    path.write_bytes(b"garbage, not a database " * 4096)  # the file is overwritten under the running bot
    caplog.set_level(logging.ERROR, logger="bot")
    for name in ("Pouty Poro", "Hidden Blade", "Tideturner"):
        result = await harness.command("card", {"name": name})
        assert result.ephemeral
        assert result.embeds[0]["description"] == NOT_AVAILABLE
        assert result.error is None
    logged = [r for r in caplog.records if "not available" in r.getMessage()]
    assert len(logged) == 1


async def test_database_removed_answers_not_available(fixture_db: Path, tmp_path: Path) -> None:
    path = tmp_path / "riftbound.sqlite3"
    shutil.copy(fixture_db, path)
    from bot.database import DatabaseHandle
    from bot.factory import create_bot
    from bot.harness import Harness
    from bot.settings import Settings

    handle = DatabaseHandle(None, path=path)  # opened on first use, reopened after a failure
    harness = await Harness.start(create_bot(Settings(), handle, sharded=False))
    assert (await harness.command("rule", {"query": "422"})).embeds[0]["title"].startswith("Rule 422")
    handle.broken("test: forget the connection")
    path.unlink()
    result = await harness.command("rule", {"query": "422"})
    assert result.ephemeral and result.embeds[0]["description"] == NOT_AVAILABLE
