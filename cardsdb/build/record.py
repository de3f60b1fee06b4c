"""What is kept beside a card database so that a file that cannot be read loses nothing else: the build record
(`riftbound.sqlite3.record.json`) and one copy of the last good database (`riftbound.sqlite3.last-good`).

- The record holds the inventory of the last good build (what it was built from: the data folder, RiftCodex; what it
  holds, kind by kind; its dates) and when the last refresh ran and how it ended, whatever the result: a restart reads
  it rather than the file's time, and a rebuild of a damaged file compares with it and finds its data folder in it.
- The last good copy is a copy, not a link (damage written in place would reach a link too), made whenever a build or
  a refresh puts a good database in place; it is served while no better source answers (`cardsdb.build.recover`).
- `remove_leftovers`: the temporary files of a build or refresh that was interrupted (`.NAME.PID.building`,
  `.NAME.PID.refresh`, the record's and the copy's own), once the process that wrote them has ended.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from contextlib import suppress
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from cardsdb.build.inventory import Inventory, read_inventory

RECORD_SUFFIX = ".record.json"
LAST_GOOD_SUFFIX = ".last-good"


@dataclass(frozen=True)
class BuildRecord:
    """The last good build's inventory, and the last refresh: when (UTC, ISO), how it ended, its one line."""

    good: Inventory = field(default_factory=Inventory)
    refreshed_at: str | None = None
    refresh_result: str | None = None
    refresh_line: str | None = None

    def refreshed_epoch(self) -> float | None:
        """When the last refresh ran, in seconds since the epoch (None when none did, or the time cannot be read)."""
        try:
            return datetime.fromisoformat(self.refreshed_at).timestamp() if self.refreshed_at else None
        except ValueError:
            return None

    def to_json(self) -> dict[str, object]:
        return {
            "good": self.good.to_json(),
            "refreshed_at": self.refreshed_at,
            "refresh_result": self.refresh_result,
            "refresh_line": self.refresh_line,
        }


def record_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + RECORD_SUFFIX)


def last_good_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + LAST_GOOD_SUFFIX)


def read_record(db_path: Path) -> BuildRecord | None:
    """The record beside `db_path`; None when there is none or it cannot be read (it is only ever a help)."""
    try:
        data = json.loads(record_path(db_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None

    def text(key: str) -> str | None:
        value = data.get(key)
        return value if isinstance(value, str) and value else None

    return BuildRecord(
        good=Inventory.from_json(data.get("good")),
        refreshed_at=text("refreshed_at"),
        refresh_result=text("refresh_result"),
        refresh_line=text("refresh_line"),
    )


def recorded_folder(db_path: Path) -> Path | None:
    """The data folder the last good database at `db_path` was built from: the record beside it, else the file's own
    meta table while it can still be read."""
    record = read_record(db_path)
    folder = record.good.built_from.data_folder if record is not None else None
    if folder is None and db_path.is_file():
        try:
            folder = read_inventory(db_path).built_from.data_folder
        except sqlite3.DatabaseError:
            folder = None
    return Path(folder) if folder else None


def _write_record(db_path: Path, record: BuildRecord) -> None:
    target = record_path(db_path)
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps(record.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def keep_good(db_path: Path, inventory: Inventory | None = None) -> None:
    """`db_path` now holds a good database: record its inventory and copy it to the last good copy."""
    inventory = inventory if inventory is not None else read_inventory(db_path)
    copy = last_good_path(db_path)
    temporary = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
    try:
        shutil.copyfile(db_path, temporary)
        os.replace(temporary, copy)
    finally:
        temporary.unlink(missing_ok=True)
    before = read_record(db_path) or BuildRecord()
    _write_record(db_path, replace(before, good=inventory))


def note_refresh(db_path: Path, result: str, line: str, *, now: datetime | None = None) -> None:
    """Every refresh, whatever its result, records when it ran (a restart waits for the interval from then)."""
    if db_path.is_dir() or not db_path.parent.is_dir():
        return
    when = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    before = read_record(db_path) or BuildRecord()
    with suppress(OSError):  # a folder that cannot be written: the refresh's own result stands
        _write_record(
            db_path, replace(before, refreshed_at=when, refresh_result=result, refresh_line=line[:500])
        )


_SIDE_FILES = ("-journal", "-wal", "-shm")


def _leftover_pid(entry: str, db_name: str) -> int | None:
    """The process id in the name of a temporary file of `db_name`'s builds and refreshes, else None: `.NAME.PID.building`,
    `.NAME.PID.refresh`, the refresh's own `..NAME.PID.refresh.PID.building`, their SQLite side files, and the record's
    and the copy's `NAME.record.json.PID.tmp`, `NAME.last-good.PID.tmp` (read without a pattern: names are short)."""
    bare = entry.lstrip(".")
    if entry.startswith(".") and bare.startswith(db_name + "."):
        pid, _, kind = bare[len(db_name) + 1 :].partition(".")
        for side in _SIDE_FILES:
            kind = kind.removesuffix(side)
        nested = kind.removeprefix("refresh.").removesuffix(".building")
        if pid.isdigit() and (kind in ("building", "refresh") or (kind != nested and nested.isdigit())):
            return int(pid)
    for suffix in (LAST_GOOD_SUFFIX, RECORD_SUFFIX):
        head = f"{db_name}{suffix}."
        pid = entry[len(head) : -len(".tmp")] if entry.startswith(head) and entry.endswith(".tmp") else ""
        if pid.isdigit():
            return int(pid)
    return None


def remove_leftovers(db_path: Path) -> list[Path]:
    """Remove what interrupted builds and refreshes of `db_path` left beside it, once their process has ended (a
    process that is still building keeps its file: several shards may share one database). Returns what went."""
    removed: list[Path] = []
    try:
        entries = list(db_path.parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        pid = _leftover_pid(entry.name, db_path.name)
        if pid is None or _running(pid):
            continue
        try:
            entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def _running(pid: int) -> bool:
    """Another process with this id is running (this process's own leftovers are from before: a container restarted
    with the same id)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True
