"""The running bot keeps its card database current: every `RIFTBOUND_REFRESH_HOURS` (default 24; 0 turns it off) it
runs one refresh exactly as `python -m cardsdb refresh` does (`cardsdb.build.refresh`): sync from RiftCodex with the data
folder the database was built from (or `RIFTBOUND_DATA`), build beside the serving file, compare kind by kind, swap.

- When: at start if the last refresh (the build record beside the file, `cardsdb.build.record`, else the file's time)
  is older than the interval, else once it is; after a failure, again after 5 min, 15 min, 30 min, then hourly (never
  later than the interval), and the log says when. A missing or damaged database asks for a rebuild at once
  (`rebuild_soon`), refreshing on or off, and is rebuilt by `python -m cardsdb recover` (the recorded data folder, else
  `RIFTBOUND_DATA`, else RiftCodex; else the last good copy put back), which needs no network while a folder is there.
- Where: in a child process (`python -m cardsdb refresh --json`) at a lower priority (nice 10), with only the
  environment it needs (`child_environment`: no token, no `DATABASE_URL`), so that the build never
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
import sqlite3
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
from cardsdb.build.meanings import CACHE_ENV
from cardsdb.build.record import read_record
from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB
from cardsdb.search.encoder import model_identity
from cardsdb.search.question_rank import WHEN_READY

log = logging.getLogger(__name__)

RETRY_BACKOFF_S = (
    300.0,
    900.0,
    1800.0,
    3600.0,
)  # after 1, 2, 3, 4 or more failures in a row (capped by the interval)
# What the child process may see of the bot's environment: where Python and its packages are, the locale, the
# network's proxies and certificates, where the cache of meanings lives (a rebuild then encodes only new texts).
# Not DISCORD_TOKEN, not DATABASE_URL: it needs neither.
CHILD_ENVIRONMENT = (
    "PATH",
    "HOME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "TZ",
    "TMPDIR",
    "PYTHONPATH",
    "PYTHONHOME",
    "VIRTUAL_ENV",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "SYSTEMROOT",
    CACHE_ENV,
)
RESULTS = ("swapped", "unchanged", "refused", "failed", "rebuilt", "restored")
WARM_SWITCH_INTERVAL_S = (
    0.0005  # the interpreter's turn between threads while a new database's indexes are built
)
CHILD_NICENESS = 10  # the child's scheduling priority (nice), below the bot's
CHILD_TIMEOUT_S = 3600.0  # a refresh that has not ended in an hour is stopped
MAX_SLEEP_S = 86400.0 * 365  # "never", for asyncio


class RefreshRejected(CardsDBError):
    """The refresh did not give a database to serve (the child process failed, or ran out of time)."""


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if isinstance(error, CardsDBError) else f"{type(error).__name__}: {text}"


def child_environment(env: Mapping[str, str]) -> dict[str, str]:
    """The refresh child's environment: `CHILD_ENVIRONMENT` of the bot's, nothing else (its settings come as options)."""
    return {name: env[name] for name in CHILD_ENVIRONMENT if name in env}


def in_words(seconds: float) -> str:
    """ "in 5 min", "in 1 h", "not before a rebuild is asked for": when the next try really is."""
    if not math.isfinite(seconds):
        return "none scheduled (refreshing is off)"
    if seconds < 90:
        return f"in {seconds:.0f} s"
    if seconds < 3600:
        return f"in {seconds / 60:.0f} min"
    return f"in {seconds / 3600:.3g} h"


@dataclass
class Refresher:
    """Refreshes the database behind `handle` (the file at `path`) from `riftcodex_url` (+ `data_dir`, else the data
    folder the database was built from), and rebuilds it when it is missing or damaged."""

    handle: DatabaseHandle
    path: Path
    interval_s: float
    riftcodex_url: str
    data_dir: Path | None = None
    retry_delays: tuple[float, ...] = RETRY_BACKOFF_S
    fetch_options: Mapping[str, Any] = field(
        default_factory=dict
    )  # the child's --timeout and --retries (tests)
    clock: Callable[[], float] = time.time
    sleep: Callable[[float], Awaitable[object]] = asyncio.sleep
    child_timeout_s: float = CHILD_TIMEOUT_S
    environ: Mapping[str, str] = field(
        default_factory=lambda: os.environ, repr=False
    )  # never logged: secrets
    failures: int = 0  # failed tries in a row
    next_in: float = math.inf  # seconds from the last try to the next, as the log said
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)
    _wake: asyncio.Event = field(default_factory=asyncio.Event, init=False, repr=False)
    _rebuild_failed: bool = field(default=False, init=False, repr=False)

    def needs_rebuild(self) -> bool:
        """The file is gone or found damaged: a rebuild (`cardsdb recover`), not a refresh."""
        return self.handle.damaged or not self.path.is_file()

    def meanings_by_another_model(self) -> bool:
        """The database's meanings were made by another model than this program's (the bot was upgraded): they are
        not compared until a refresh makes them again, so the first refresh runs at once."""
        identity = model_identity()
        try:
            made_by = self.handle.get().meta().get("meaning_model")
        except (CardsDBError, sqlite3.Error):
            return False
        return bool(identity) and made_by != identity

    def first_delay(self) -> float:
        """Seconds until the first try: none when a rebuild is needed or the last refresh is older than the interval;
        the first retry's delay after one that failed (a bot that restarts in a loop does not fetch at every start)."""
        if self.needs_rebuild():
            return 0.0
        if self.interval_s <= 0:
            return math.inf
        if self.meanings_by_another_model():
            return 0.0
        record = read_record(self.path)
        ran = record.refreshed_epoch() if record is not None else None
        try:
            last = max(t for t in (ran, self.path.stat().st_mtime) if t is not None)
        except OSError:
            return 0.0
        wait = self.interval_s
        if (
            record is not None
            and ran is not None
            and record.refresh_result in ("failed", "refused", "restored")
        ):
            wait = min(self.retry_delays[0], self.interval_s)
        return max(0.0, wait - (self.clock() - last))

    def next_delay(self, refreshed: bool) -> float:
        """After a try: the interval when it refreshed (or rebuilt); else the next step of the backoff, never later
        than the interval (refreshing off: only while a rebuild is still needed)."""
        if refreshed:
            self.failures = 0
            return self.interval_s if self.interval_s > 0 else math.inf
        self.failures += 1
        if self.interval_s <= 0 and not self.needs_rebuild():
            return math.inf
        delay = self.retry_delays[min(self.failures, len(self.retry_delays)) - 1]
        return min(delay, self.interval_s) if self.interval_s > 0 else delay

    def rebuild_soon(self) -> None:
        """The database serving is damaged: rebuild now rather than on schedule (unless a rebuild just failed: the
        backoff then says when)."""
        if not self._rebuild_failed:
            self._wake.set()

    async def run(self) -> None:
        """Refresh forever on schedule, or at once when a rebuild is asked for (until cancelled)."""
        delay = self.first_delay()
        while True:
            await self._wait(delay)
            await self.refresh_once()
            delay = self.next_in

    async def _wait(self, delay: float) -> None:
        if self._wake.is_set():
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
        """One refresh (or rebuild): True when the database in use is current (swapped, unchanged, rebuilt); False
        (and one log line, saying when the next try is) when it is not."""
        async with self._lock:
            self._wake.clear()
            rebuild = self.needs_rebuild()
            try:
                outcome = await self._refresh_in_child(rebuild)
                if outcome["result"] in ("swapped", "rebuilt", "restored"):
                    db = await asyncio.to_thread(open_warm, self.path)
                    self.handle.swap(db)
            except Exception as error:  # any failure keeps the database in use; a bug is one line here, too
                self._rebuild_failed = rebuild
                self.next_in = self.next_delay(False)
                log.warning("%s; next try %s", _failure_line(error, rebuild), in_words(self.next_in))
                return False
            self._rebuild_failed = False
            result, line = outcome["result"], str(outcome.get("line") or outcome["result"])
            current = result in ("swapped", "unchanged", "rebuilt")
            self.next_in = self.next_delay(current)
            if not current:  # refused, or the last good copy put back while no better source answers
                log.warning("%s; next try %s", line, in_words(self.next_in))
                return False
            log.info("%s%s", line, "; commands now use the new file" if result != "unchanged" else "")
            return True

    def child_command(self, rebuild: bool = False) -> list[str]:
        """What the child process runs: `python -m cardsdb refresh --json` over this database, or `recover --json`
        when it is missing or damaged."""
        command = [
            sys.executable,
            "-m",
            "cardsdb",
            "recover" if rebuild else "refresh",
            "--db",
            str(self.path),
        ]
        command += ["--url", self.riftcodex_url]
        # RIFTBOUND_DATA, else the folder the last good database was built from (a damaged file cannot say it), while
        # it exists; else the child reads the build record beside the file (and says so when that folder is gone)
        folder = self.data_dir or self.handle.built_from_folder()
        if folder is not None and (folder == self.data_dir or folder.is_dir()):
            command += ["--source", str(folder)]
        if "timeout" in self.fetch_options:
            command += ["--timeout", str(self.fetch_options["timeout"])]
        if "retries" in self.fetch_options:
            command += ["--retries", str(self.fetch_options["retries"])]
        return [*command, "--json"]

    async def _refresh_in_child(self, rebuild: bool) -> dict[str, Any]:
        child = await asyncio.create_subprocess_exec(
            *self.child_command(rebuild),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=child_environment(self.environ),
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
        if not isinstance(outcome, dict) or outcome.get("result") not in RESULTS:
            said = (
                " ".join(err.decode("utf-8", "replace").split())[-300:] or f"exit status {child.returncode}"
            )
            raise RefreshRejected(f"the refresh process failed: {said}")
        if outcome["result"] == "failed":
            raise RefreshRejected(
                str(outcome.get("line") or "the refresh failed").removeprefix("refresh failed: ")
            )
        return outcome


def _failure_line(error: BaseException, rebuild: bool) -> str:
    """What the log says of a failed try: the truth about what commands answer meanwhile."""
    if rebuild:
        return (
            f"the card database could not be rebuilt ({_one_line(error)}); commands answer that it is not "
            "available until it is"
        )
    return f"card database refresh failed ({_one_line(error)}); still answering from the current database"


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
