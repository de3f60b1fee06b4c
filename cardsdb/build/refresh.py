"""One refresh of a card database (`python -m cardsdb refresh`, and the running bot's timer): sync, build beside,
compare, swap.

1. Sources: the ones the serving database was built from (`inventory.BuiltFrom`), RiftCodex's live cards taking the
   place of the data folder's snapshot: a database built from a data folder is refreshed from RiftCodex plus that
   folder, whether or not RIFTBOUND_DATA is set now. `--source` names another folder.
2. Sync and build beside the serving file (`.NAME.PID.refresh`); the serving file is not touched.
3. Compare, kind by kind (`inventory.lacking`): a build that lacks a kind the serving one has, or holds more than
   `SHRINK_TOLERANCE` less of one, is refused and deleted, unless `allow_shrink`. A build with the same content
   (`content_digest`) is "unchanged" and deleted too.
4. Swap: `os.replace` over the serving file.
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
from cardsdb.build.sync import sync_database

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
    """The serving database's inventory; None when there is none or it cannot be read (a damaged file is replaced by
    any build that succeeds)."""
    if not path.is_file():
        return None
    try:
        return read_inventory(path)
    except sqlite3.DatabaseError:
        return None


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

    serving = serving_inventory(target)
    source = refresh_sources(serving, folder)
    beside = target.with_name(f".{target.name}.{os.getpid()}.refresh")
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        sync_database(
            riftcodex,
            beside,
            source=source,
            progress=progress,
            meanings_cache=cache_path(target),  # the file's, not the temporary one's
            **dict(fetch_options or {}),
        )
        new = read_inventory(beside)
        outcome = _decide(serving, new, allow_shrink=allow_shrink, source=source)
        if outcome.result == "swapped":
            os.replace(beside, target)
        return outcome
    finally:
        beside.unlink(missing_ok=True)


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
