"""The running bot keeps its card database current: every `RIFTBOUND_REFRESH_HOURS` (default 24; 0 turns it off) it
runs one refresh exactly as `python -m cardsdb refresh` does (`cardsdb.build.refresh`): sync from RiftCodex with the data
folder the database was built from (or `RIFTBOUND_DATA`), build beside the serving file, compare kind by kind, swap.

- When: at start if the database file is already older than the interval, else once it is; after a failure, again an
  hour later (or after the interval, when that is shorter). A damaged database asks for a rebuild at once
  (`rebuild_soon`), refreshing on or off.
- Where: in a child process (`python -m cardsdb refresh --json`) at a lower priority (nice 10), so that the build never
  holds this interpreter's lock while commands are answered, nor takes a core an answer needs; the new file is then
  opened and its indexes built in a worker thread that steps aside whenever an interaction is being answered
  (`bot/turns.py`), with the interpreter's turns between threads shortened meanwhile (`short_turns`) so that an
  interaction arriving in the middle of a step waits a fraction of a millisecond for it, not 5. One refresh at a time.
- A build that knows less than the database serving (a kind lost, or one shrunk beyond the tolerance) is refused: the
  old file keeps serving, byte for byte, and one WARNING says what the new build lacked. A build with the same
  content changes nothing.
- On any failure the bot keeps answering from the database it has, and says so in one log line, without a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.database import DatabaseHandle
from bot.turns import TURNS
from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB
from cardsdb.search.question_rank import WHEN_READY

log = logging.getLogger(__name__)

DEFAULT_REFRESH_HOURS = 24.0
MIN_REFRESH_HOURS = 1.0  # RiftCodex is a free service: not more often than hourly
MAX_REFRESH_HOURS = 24.0 * 366
RETRY_HOURS = 1.0
WARM_SWITCH_INTERVAL_S = (
    0.0005  # the interpreter's turn between threads while a new database's indexes are built
)
CHILD_NICENESS = 10  # the child's scheduling priority (nice), below the bot's
CHILD_TIMEOUT_S = 3600.0  # a refresh that has not ended in an hour is stopped
MAX_SLEEP_S = 86400.0 * 365  # "never", for asyncio


class RefreshRejected(CardsDBError):
    """The refresh did not give a database to serve (the child process failed, or ran out of time)."""


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
    """Refreshes the database behind `handle` (the file at `path`) from `riftcodex_url` (+ `data_dir`, else the data
    folder the database was built from)."""

    handle: DatabaseHandle
    path: Path
    interval_s: float
    riftcodex_url: str
    data_dir: Path | None = None
    retry_s: float = RETRY_HOURS * 3600
    fetch_options: Mapping[str, Any] = field(
        default_factory=dict
    )  # the child's --timeout and --retries (tests)
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
    child_timeout_s: float = CHILD_TIMEOUT_S
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)
    _wake: asyncio.Event = field(default_factory=asyncio.Event, init=False, repr=False)

    def first_delay(self) -> float:
        """Seconds until the first refresh: none when the file is older than the interval (or missing)."""
        if self.interval_s <= 0:
            return math.inf
        try:
            age = self.clock() - self.path.stat().st_mtime
        except OSError:
            return 0.0
        return max(0.0, self.interval_s - age)

    def next_delay(self, refreshed: bool) -> float:
        if self.interval_s <= 0:  # refreshing off: only a rebuild asked for wakes it
            return math.inf if refreshed else self.retry_s
        return self.interval_s if refreshed else min(self.retry_s, self.interval_s)

    def rebuild_soon(self) -> None:
        """The database serving is damaged: refresh now rather than on schedule."""
        self._wake.set()

    async def run(self) -> None:
        """Refresh forever on schedule, or at once when a rebuild is asked for (until cancelled)."""
        delay = self.first_delay()
        while True:
            await self._wait(delay)
            delay = self.next_delay(await self.refresh_once())

    async def _wait(self, delay: float) -> None:
        if self._wake.is_set() or self.handle.damaged:  # a damaged database is rebuilt at once
            return
        sleeping = asyncio.ensure_future(self.sleep(delay if math.isfinite(delay) else MAX_SLEEP_S))
        woken = asyncio.ensure_future(self._wake.wait())
        try:
            done, _ = await asyncio.wait({sleeping, woken}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (sleeping, woken):
                task.cancel()
        if sleeping in done:
            sleeping.result()  # the sleep's own end: cancelled, or an error

    async def refresh_once(self) -> bool:
        """One refresh: True when the database in use is current (swapped, or unchanged); False (and one log line)
        when the old one is kept."""
        async with self._lock:
            self._wake.clear()
            try:
                outcome = await self._refresh_in_child()
                if outcome.get("result") == "swapped":
                    db = await asyncio.to_thread(open_warm, self.path)
                    self.handle.swap(db)
            except Exception as error:  # any failure keeps the database in use; a bug is one line here, too
                hours = self.next_delay(False) / 3600
                log.warning(
                    "card database refresh failed (%s); still answering from the current database, next try in %.3g h",
                    _one_line(error),
                    hours,
                )
                return False
            line = str(outcome.get("line") or outcome.get("result"))
            if outcome.get("result") == "refused":
                log.warning("%s", line)
                return False
            log.info(
                "%s%s", line, "; commands now use the new file" if outcome["result"] == "swapped" else ""
            )
            return True

    def child_command(self) -> list[str]:
        """The refresh the child process runs: `python -m cardsdb refresh --json` over this database."""
        command = [
            sys.executable,
            "-m",
            "cardsdb",
            "refresh",
            "--db",
            str(self.path),
            "--url",
            self.riftcodex_url,
        ]
        # RIFTBOUND_DATA, else the folder the last good database was built from (a damaged file cannot say it), while
        # it exists; else the child reads the serving file's own record (and says so when that folder is gone)
        folder = self.data_dir or self.handle.built_from_folder()
        if folder is not None and (folder == self.data_dir or folder.is_dir()):
            command += ["--source", str(folder)]
        if "timeout" in self.fetch_options:
            command += ["--timeout", str(self.fetch_options["timeout"])]
        if "retries" in self.fetch_options:
            command += ["--retries", str(self.fetch_options["retries"])]
        return [*command, "--json"]

    async def _refresh_in_child(self) -> dict[str, Any]:
        child = await asyncio.create_subprocess_exec(
            *self.child_command(), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        lower_priority(child.pid)
        try:
            out, err = await asyncio.wait_for(child.communicate(), self.child_timeout_s)
        except TimeoutError:
            child.kill()
            await child.wait()
            raise RefreshRejected(
                f"the refresh took longer than {self.child_timeout_s / 60:g} minutes"
            ) from None
        lines = out.decode("utf-8", "replace").strip().splitlines()
        try:
            outcome = json.loads(lines[-1]) if lines else None
        except ValueError:
            outcome = None
        if not isinstance(outcome, dict) or outcome.get("result") not in (
            "swapped",
            "unchanged",
            "refused",
            "failed",
        ):
            said = (
                " ".join(err.decode("utf-8", "replace").split())[-300:] or f"exit status {child.returncode}"
            )
            raise RefreshRejected(f"the refresh process failed: {said}")
        if outcome["result"] == "failed":
            raise RefreshRejected(
                str(outcome.get("line") or "the refresh failed").removeprefix("refresh failed: ")
            )
        return outcome


def open_warm(path: Path) -> CardsDB:
    """In a worker thread: open the new file and build its in-memory indexes, before any command uses it, giving way
    to the answers in flight at each pause point (`TURNS.warming`)."""
    db = CardsDB.open(path)
    db.meaning = WHEN_READY  # as open_cardsdb: an answer never waits for the encoder (the warm-up loads it)
    try:
        with short_turns(), TURNS.warming():
            db.warm()
    except BaseException:
        db.close()
        raise
    return db


def lower_priority(pid: int) -> None:
    """Make the refresh's child process yield the CPU to the bot: on a small machine the build and the answers share
    the cores, and an answer should not wait for the build. Where the system has no such setting, nothing changes."""
    set_priority = getattr(os, "setpriority", None)
    if set_priority is None:
        return
    with suppress(OSError):  # the child has ended already, or the system refuses: the build runs as it is
        set_priority(os.PRIO_PROCESS, pid, CHILD_NICENESS)


_turns_lock = threading.Lock()
_turns_held = 0
_turns_before = 0.0


@contextmanager
def short_turns(interval_s: float = WARM_SWITCH_INTERVAL_S) -> Iterator[None]:
    """Shorten the interpreter's switch interval (5 ms by default) while a worker thread runs a second or so of pure
    Python: a thread that waits for the lock asks for it after one interval, so an answer that gives the lock up
    for each SQLite call waits that long each time. Restored when the last holder leaves."""
    global _turns_held, _turns_before
    with _turns_lock:
        if _turns_held == 0:
            _turns_before = sys.getswitchinterval()
            sys.setswitchinterval(min(interval_s, _turns_before))
        _turns_held += 1
    try:
        yield
    finally:
        with _turns_lock:
            _turns_held -= 1
            if _turns_held == 0:
                sys.setswitchinterval(_turns_before)


def refresher_for(
    handle: DatabaseHandle, *, path: Path, hours: float, riftcodex_url: str, data_dir: Path | None
) -> Refresher:
    """The bot's refresher: on schedule every `hours`, or (`hours` 0, refreshing off) only to rebuild a damaged
    database. It is the handle's rebuilder: a damaged database found by a command wakes it."""
    refresher = Refresher(
        handle, path=path, interval_s=max(hours, 0.0) * 3600, riftcodex_url=riftcodex_url, data_dir=data_dir
    )
    handle.on_damaged = refresher.rebuild_soon
    return refresher
