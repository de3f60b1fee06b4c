"""Operations, second round (issue 33), over the real code paths: a loopback RiftCodex (or a port nobody answers on),
database files damaged in place, real refreshes and rebuilds in child processes, a real interrupted build.

A damaged or missing file is rebuilt from the best source at hand (the recorded data folder, else RIFTBOUND_DATA,
else RiftCodex), never from less than the last good build, else its last good copy is put back; retries back off and
the log says when the next one is; leftovers of interrupted builds go; every refresh records when it ran; the refresh
child sees no secret."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.database import DatabaseHandle, quick_check
from bot.factory import create_bot
from bot.harness import Harness
from bot.refresh import Refresher, child_environment, refresher_for
from bot.run import ensure_database
from bot.settings import Settings
from cardsdb.build.inventory import read_inventory
from cardsdb.build.record import keep_good, last_good_path, read_record
from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB
from tests.support.paths import FIXTURE_DATA
from tests.support.riftcodex import (
    BREAKS,
    FAST,
    RiftCodexServer,
    break_file,
    cardsdb_cli,
    closed_port,
    damage,
    temporary_files,
)

NAMES = ["Hidden Blade", "Tideturner", "Pouty Poro", "Jinx, Rebel", "Windsinger", "Smoke and Mirrors"]


@pytest.fixture()
def damaged(serving: Path) -> Path:
    """The serving database (built from the fixture folder, its record beside it), its pages damaged in place."""
    damage(serving)
    assert quick_check(serving) is not None
    return serving


async def _meet_the_damage(handle: DatabaseHandle) -> Harness:
    harness = await Harness.start(create_bot(Settings(), handle, sharded=False))
    for name in NAMES * 3:
        await harness.command("card", {"name": name})
    assert handle.damaged
    return harness


# ---- 1. a damaged file while RiftCodex is down ------------------------------------------------------------------


async def test_1_a_damaged_file_while_riftcodex_is_down_is_rebuilt_from_the_recorded_folder_at_run_time(
    damaged: Path, from_folder: tuple[Path, Path], caplog: pytest.LogCaptureFixture
) -> None:
    handle = DatabaseHandle(CardsDB.open(damaged), path=damaged)
    refresher = refresher_for(handle, path=damaged, hours=24.0, riftcodex_url=closed_port(), data_dir=None)
    refresher.fetch_options = FAST
    caplog.set_level(logging.INFO)
    harness = await _meet_the_damage(handle)
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    # 9: the bot rebuilds it itself: the log says so, and does not also tell the admin to rebuild it by hand
    assert len(errors) == 1 and "rebuilding it" in errors[0] and "rebuild it with" not in errors[0]
    assert refresher.first_delay() == 0.0  # a rebuild is needed: now, not at the next refresh
    assert await refresher.refresh_once()  # from the folder alone: RiftCodex is never needed
    assert not handle.damaged and quick_check(damaged) is None
    assert read_inventory(damaged).kinds == read_inventory(from_folder[1]).kinds
    rebuilt = [r.getMessage() for r in caplog.records if r.name == "bot.refresh"]
    assert (
        rebuilt == [rebuilt[0]] and f"rebuilt from the data folder {from_folder[0].resolve()}" in rebuilt[0]
    )
    answer = await harness.command("card", {"name": "Hidden Blade"})
    assert answer.embeds[0]["title"] == "Hidden Blade"


async def test_1_with_no_folder_and_riftcodex_down_the_last_good_copy_serves_and_the_next_try_is_said(
    serving: Path, from_folder: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    keep_good(serving)  # as every build and refresh leaves it
    damage(serving)
    handle = DatabaseHandle(CardsDB.open(serving), path=serving)
    refresher = refresher_for(handle, path=serving, hours=24.0, riftcodex_url=closed_port(), data_dir=None)
    refresher.fetch_options = FAST
    harness = await _meet_the_damage(handle)
    moved = tmp_path / "moved-away"
    from_folder[0].rename(moved)
    try:
        caplog.set_level(logging.INFO, logger="bot.refresh")
        assert not await refresher.refresh_once()  # not current: a better source is still to be found
    finally:
        moved.rename(from_folder[0])
    assert not handle.damaged and quick_check(serving) is None
    said = [r for r in caplog.records if r.name == "bot.refresh"]
    assert len(said) == 1 and said[0].levelno == logging.WARNING
    assert "put back from its last good copy" in said[0].getMessage()
    assert said[0].getMessage().endswith("next try in 5 min") and refresher.next_in == 300.0
    answer = await harness.command("card", {"name": "Hidden Blade"})
    assert answer.embeds[0]["title"] == "Hidden Blade"


async def test_1_rebuilds_that_fail_back_off_and_the_log_says_the_truth(
    serving: Path, from_folder: tuple[Path, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """No folder, no good copy, RiftCodex down: each try fails. Commands meeting the damage meanwhile do not cut the
    waits short; the waits grow; each line says the next try's real time and that commands answer "not available"."""
    damage(serving)
    handle = DatabaseHandle(CardsDB.open(serving), path=serving)
    refresher = refresher_for(handle, path=serving, hours=24.0, riftcodex_url=closed_port(), data_dir=None)
    refresher.fetch_options = FAST
    await _meet_the_damage(handle)
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        handle.on_damaged and handle.on_damaged()  # a command meets the damage again while it waits
        if len(slept) == 4:
            raise asyncio.CancelledError

    refresher.sleep = sleep
    moved = tmp_path / "moved-away"
    from_folder[0].rename(moved)
    caplog.set_level(logging.INFO, logger="bot.refresh")
    try:
        with pytest.raises(asyncio.CancelledError):
            await refresher.run()
    finally:
        moved.rename(from_folder[0])
    assert slept == [300.0, 900.0, 1800.0, 3600.0]
    said = [r.getMessage() for r in caplog.records if r.name == "bot.refresh"]
    assert len(said) == 4
    for line, when in zip(said, ("5 min", "15 min", "30 min", "1 h"), strict=True):
        assert line.endswith(f"next try in {when}") and "could not be rebuilt" in line
        assert "still answering" not in line and "not available" in line


# ---- 3. a file that cannot be read, without RIFTBOUND_DATA ------------------------------------------------------


@pytest.mark.parametrize("how", BREAKS)
def test_3_a_broken_file_without_riftbound_data_is_rebuilt_at_start_from_its_recorded_folder(
    serving: Path, from_folder: tuple[Path, Path], caplog: pytest.LogCaptureFixture, how: str
) -> None:
    break_file(serving, how)
    caplog.set_level(logging.INFO)
    handle = ensure_database(Settings(db_path=serving, data_dir=None, riftcodex_url=closed_port()))
    assert read_inventory(serving).kinds == read_inventory(from_folder[1]).kinds  # rules, rulings, ban lists
    said = [r.getMessage() for r in caplog.records if r.name == "bot"]
    assert any(f"rebuilt from the data folder {from_folder[0].resolve()}" in line for line in said), said
    problem = next(line for line in said if line.endswith(": rebuilding it"))
    assert len(problem) < 400 and "\n" not in problem and not problem.endswith(",): rebuilding it")  # 14
    assert handle.get().get_card("Hidden Blade") is not None


def test_3_with_its_folder_gone_riftcodex_alone_is_refused_and_said_and_the_last_good_copy_put_back(
    serving: Path,
    from_folder: tuple[Path, Path],
    riftcodex: str,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    keep_good(serving)
    before = read_inventory(serving).kinds
    break_file(serving, "truncated")
    moved = tmp_path / "moved-away"
    from_folder[0].rename(moved)
    caplog.set_level(logging.INFO)
    try:
        ensure_database(Settings(db_path=serving, data_dir=None, riftcodex_url=riftcodex))
        put_back = next(r.getMessage() for r in caplog.records if "last good copy" in r.getMessage())
        assert f"RiftCodex ({riftcodex}) alone knows less" in put_back and "errata: 4 -> none" in put_back
        assert read_inventory(serving).kinds == before
        # and with no good copy either: the start stops with one line naming what was tried, not a thin database
        last_good_path(serving).unlink()
        break_file(serving, "empty")
        with pytest.raises(CardsDBError) as stopped:
            ensure_database(Settings(db_path=serving, data_dir=None, riftcodex_url=riftcodex))
    finally:
        moved.rename(from_folder[0])
    line = str(stopped.value)
    assert "knows less" in line and "no good copy" in line and "\n" not in line
    assert serving.stat().st_size == 0  # nothing thinner was put in its place


# ---- 7. leftovers of an interrupted build -----------------------------------------------------------------------


def _interrupted_build(target: Path) -> Path:
    """A real `python -m cardsdb build`, killed (SIGKILL: no clean-up runs) while it writes its temporary file."""
    child = subprocess.Popen(
        [sys.executable, "-m", "cardsdb", "build", "--source", str(FIXTURE_DATA), "--db", str(target)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    building = target.with_name(f".{target.name}.{child.pid}.building")
    deadline = time.monotonic() + 300  # a generous bound: the event waited for is the file's appearance
    while not building.exists() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert building.exists(), "the build ended before it could be interrupted"
    return building


def test_7_what_an_interrupted_build_left_is_removed_at_the_next_refresh_and_the_next_start(
    serving: Path, riftcodex: str, caplog: pytest.LogCaptureFixture
) -> None:
    left = _interrupted_build(serving)
    assert left.name in temporary_files(serving)  # with its journal, maybe
    done = cardsdb_cli("refresh", "--db", str(serving), "--url", riftcodex, "--retries", "0")
    assert done.returncode == 0, done.stderr
    assert temporary_files(serving) == []
    left = _interrupted_build(serving)
    caplog.set_level(logging.INFO)
    ensure_database(Settings(db_path=serving, riftcodex_url=closed_port()))
    assert temporary_files(serving) == [] and any(left.name in r.getMessage() for r in caplog.records)


# ---- 8. every refresh records when it ran -----------------------------------------------------------------------


def test_8_a_failed_refresh_records_when_it_ran_so_a_restart_does_not_fetch_again_at_once(
    serving: Path, riftcodex: str
) -> None:
    os.utime(serving, (0, 0))  # the file is old: by its time alone, every start would refresh
    handle = DatabaseHandle(None, path=serving)
    done = cardsdb_cli("refresh", "--db", str(serving), "--url", closed_port(), "--retries", "0")
    assert done.returncode == 1
    record = read_record(serving)
    assert record is not None and record.refresh_result == "failed" and record.refreshed_at is not None
    restarted = Refresher(handle, path=serving, interval_s=86400.0, riftcodex_url=riftcodex)
    assert 240.0 < restarted.first_delay() <= 300.0  # the first retry's wait, from when it ran
    done = cardsdb_cli("refresh", "--db", str(serving), "--url", riftcodex, "--retries", "0")
    assert done.returncode == 0, done.stderr
    again = cardsdb_cli("refresh", "--db", str(serving), "--url", riftcodex, "--retries", "0")
    assert again.returncode == 0 and "unchanged" in again.stdout
    os.utime(serving, (0, 0))
    record = read_record(serving)
    assert record is not None and record.refresh_result == "unchanged"
    assert restarted.first_delay() > 86400.0 - 600  # an unchanged refresh counts: the next is a day later


# ---- 11. the refresh child sees no secret -----------------------------------------------------------------------


async def test_11_the_refresh_child_gets_only_the_environment_it_needs(
    serving: Path, riftcodex: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot_environment = {
        **os.environ,
        "DISCORD_TOKEN": "MTAx.secret.token",
        "DATABASE_URL": "postgresql://bot:s3cret@db.example:5432/rb",
        "RIFTBOUND_SETTINGS_DB": "/srv/settings.sqlite3",
    }
    assert set(child_environment(bot_environment)) <= {
        "PATH",
        "HOME",
        "LANG",
        "LC_ALL",
        "TMPDIR",
        "VIRTUAL_ENV",
        "RIFTBOUND_MEANINGS_CACHE",
    } | {k for k in bot_environment if k.startswith(("LC_", "PYTHON", "SSL_", "HTTP", "NO_", "http", "no_"))}
    handle = DatabaseHandle(CardsDB.open(serving), path=serving)
    refresher = Refresher(
        handle, path=serving, interval_s=3600.0, riftcodex_url=riftcodex, environ=bot_environment
    )
    # The real spawn, with a child that reports what it sees instead of refreshing
    shown = (
        "import json, os; print(json.dumps({'result': 'unchanged', 'line': json.dumps(sorted(os.environ))}))"
    )
    monkeypatch.setattr(refresher, "child_command", lambda rebuild=False: [sys.executable, "-c", shown])
    outcome = await refresher._refresh_in_child(False)
    seen = json.loads(outcome["line"])
    assert "DISCORD_TOKEN" not in seen and "DATABASE_URL" not in seen and "RIFTBOUND_SETTINGS_DB" not in seen
    assert "PATH" in seen
    # and the real refresh works with what it is given
    monkeypatch.undo()
    refresher.fetch_options = FAST
    assert await refresher.refresh_once()


def test_the_record_and_the_copy_survive_what_damages_the_database(
    serving: Path, riftcodex_server: RiftCodexServer
) -> None:
    keep_good(serving)
    record = read_record(serving)
    assert record is not None and record.good.built_from.data_folder is not None
    break_file(serving, "zeroed pages")
    assert quick_check(last_good_path(serving)) is None  # a copy, not a link: the damage did not reach it
    shutil.copyfile(last_good_path(serving), serving)
    assert quick_check(serving) is None and riftcodex_server.requests == 0
