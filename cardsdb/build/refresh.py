"""One refresh of a card database (`python -m cardsdb refresh`, and the running bot's timer): sync, build beside,
compare, swap.

0. A missing file is refused (a refresh replaces a database; `build`, `sync` or `recover` make one); the leftovers of
   interrupted builds beside it are removed (`record.remove_leftovers`).
1. Sources: the ones the serving database was built from (`inventory.BuiltFrom`; the build record beside it when the
   file cannot be read), RiftCodex's live cards taking the place of the data folder's snapshot: a database built from a
   data folder is refreshed from RiftCodex plus that folder, whether or not RIFTBOUND_DATA is set now. `--source` names
   another folder.
2. Sync and build beside the serving file (`.NAME.PID.refresh`); the serving file is not touched.
3. Compare, kind by kind (`inventory.lacking`), with the serving database (the last good build's record when the file
   cannot be read): a build that lacks a kind, or holds more than `SHRINK_TOLERANCE` less of one, is refused and
   deleted, unless `allow_shrink`. A build with the same content (`content_digest`) is "unchanged" and deleted too.
4. Swap: `os.replace` over the serving file; the record and the last good copy follow it (`record.keep_good`).
5. Whatever the result, failures included, the record notes when the refresh ran (`record.note_refresh`).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cardsdb.build.inventory import Inventory, lacking, read_inventory
from cardsdb.build.meanings import cache_path
from cardsdb.build.record import keep_good, note_refresh, read_record, remove_leftovers
from cardsdb.build.sync import sync_database
from cardsdb.errors import CardsDBError, DatabaseUnavailable

Result = Literal["swapped", "unchanged", "refused"]
EXIT_CODES: Mapping[Result, int] = {"swapped": 0, "unchanged": 0, "refused": 1}


@dataclass(frozen=True)
class RefreshOutcome:
    result: Result
    line: str  # one line for the log or the terminal
    lacked: tuple[str, ...] = ()
    kinds: Mapping[str, int] = field(default_factory=dict)  # of the new build

    def to_dict(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "line": self.line,
            "lacked": list(self.lacked),
            "kinds": dict(self.kinds),
        }


def serving_inventory(path: Path) -> Inventory | None:
    """The serving database's inventory; when it cannot be read (damaged), the last good build's, from the record
    beside it; None when neither is known (any build that succeeds is then taken)."""
    if path.is_file():
        try:
            return read_inventory(path)
        except sqlite3.DatabaseError:
            pass
    record = read_record(path)
    return record.good if record is not None and record.good.kinds else None


def missing_database(path: Path) -> DatabaseUnavailable:
    """A refresh replaces a database: over none (a wrong --db, a cron job run from another folder) it is refused."""
    return DatabaseUnavailable(
        f"there is no card database at {path} to refresh (a refresh replaces one); check --db or RIFTBOUND_DB, "
        f"or make one with `python -m cardsdb build --source DATA-FOLDER --db {path}`"
    )


def refresh_sources(serving: Inventory | None, explicit_folder: Path | None) -> Path | None:
    """The data folder a refresh builds with: the one named, else the one the serving database was built from
    (while it still exists)."""
    if explicit_folder is not None:
        return explicit_folder
    recorded = serving.built_from.data_folder if serving is not None else None
    if recorded and Path(recorded).is_dir():
        return Path(recorded)
    return None


def refresh_database(
    target: Path,
    *,
    riftcodex: str,
    folder: Path | None = None,
    allow_shrink: bool = False,
    fetch_options: Mapping[str, Any] | None = None,
    progress: Callable[[str], None] | None = None,
) -> RefreshOutcome:
    """One refresh of the database at `target` (see the module's docstring). Raises CardsDBError (one line) when
    the fetch or the build fails; the serving file is then as it was."""

    if not target.is_file():
        raise missing_database(target)
    remove_leftovers(target)
    serving = serving_inventory(target)
    source = refresh_sources(serving, folder)
    beside = target.with_name(f".{target.name}.{os.getpid()}.refresh")
    try:
        sync_database(
            riftcodex,
            beside,
            source=source,
            progress=progress,
            record=False,
            meanings_cache=cache_path(target),  # the file's, not the temporary one's
            **dict(fetch_options or {}),
        )
        new = read_inventory(beside)
        outcome = _decide(serving, new, allow_shrink=allow_shrink, source=source)
        if outcome.result == "swapped":
            os.replace(beside, target)
            keep_good(target, new)
    except CardsDBError as error:
        note_refresh(target, "failed", str(error))
        raise
    finally:
        beside.unlink(missing_ok=True)
    note_refresh(target, outcome.result, outcome.line)
    return outcome


def _decide(
    serving: Inventory | None, new: Inventory, *, allow_shrink: bool, source: Path | None
) -> RefreshOutcome:
    kinds = dict(new.kinds)
    if serving is not None and serving.digest is not None and serving.digest == new.digest:
        return RefreshOutcome(
            "unchanged", "card database refresh: unchanged, the new build holds the same data", kinds=kinds
        )
    lacked = tuple(lacking(serving, new)) if serving is not None else ()
    built = f"{kinds.get('cards', 0)} cards, from {new.built_from.describe()}"
    if lacked and not allow_shrink:
        return RefreshOutcome(
            "refused",
            f"card database refresh refused: the new build knows less than the one serving ({'; '.join(lacked)})"
            f"{_folder_gone(serving, source)}; still answering from the current database, unchanged. "
            "`python -m cardsdb refresh --allow-shrink` swaps it in anyway",
            lacked=lacked,
            kinds=kinds,
        )
    forced = f" (allowed to shrink: {'; '.join(lacked)})" if lacked else ""
    return RefreshOutcome("swapped", f"card database refreshed: {built}{forced}", lacked=lacked, kinds=kinds)


def _folder_gone(serving: Inventory | None, source: Path | None) -> str:
    """Why a build lacks the folder's data: the folder the serving database was built from is no longer there."""
    recorded = serving.built_from.data_folder if serving is not None else None
    if recorded and source is None:
        return (
            f"; the data folder it was built from ({recorded}) is gone: set RIFTBOUND_DATA to where it is now"
        )
    return ""
