"""A card database that is missing, unreadable or damaged, rebuilt from the best source at hand (`python -m cardsdb
recover`, the bot at start and at run time), none of which needs the network but the last:

1. the data folder it was built from (the build record beside it, else what the damaged file still says), built alone;
2. else `RIFTBOUND_DATA` (`folder`), built alone;
   (either, plus RiftCodex's live cards, when the last good build had them and the folder alone knows less;)
3. else RiftCodex's cards alone (no folder is on disk);

each built beside the file and compared with the last good build (the record's inventory, `inventory.lacking`): a
build that knows less is refused and said. When none is taken, the last good copy (`riftbound.sqlite3.last-good`) is
put back and served while no better source answers. Nothing at all: `RecoverFailed`, one line naming what was tried.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardsdb.build.inventory import Inventory, lacking, quick_check, read_inventory
from cardsdb.build.pipeline import build_database
from cardsdb.build.record import (
    keep_good,
    last_good_path,
    note_refresh,
    read_record,
    recorded_folder,
    remove_leftovers,
)
from cardsdb.build.sync import sync_database
from cardsdb.errors import CardsDBError

Result = Literal["rebuilt", "restored"]
Progress = Callable[[str], None]


class RecoverFailed(CardsDBError):
    """No source gave a database that knows as much as the last good one, and there is no good copy to put back."""


@dataclass(frozen=True)
class RecoverOutcome:
    result: Result
    line: str  # one line for the log or the terminal
    source: str  # what the database now serving was built from, in words
    kinds: Mapping[str, int]

    def to_dict(self) -> dict[str, Any]:
        return {"result": self.result, "line": self.line, "source": self.source, "kinds": dict(self.kinds)}


@dataclass(frozen=True)
class _Source:
    words: str  # "the data folder /srv/riftbound-data"
    folder: Path | None
    riftcodex: bool


def _last_good(path: Path) -> Inventory | None:
    record = read_record(path)
    if record is not None and record.good.kinds:
        return record.good
    return None


def _sources(path: Path, folder: Path | None, riftcodex: str | None, good: Inventory | None) -> list[_Source]:
    """The sources to try, best first. A folder named (RIFTBOUND_DATA) that does not exist is tried, and fails saying
    so: RiftCodex alone is asked only when no data folder is named or recorded at all."""
    folders: list[Path] = []
    for candidate in (recorded_folder(path), folder):
        if candidate is not None and candidate.is_dir() and candidate.resolve() not in folders:
            folders.append(candidate.resolve())
    sources = [_Source(f"the data folder {f}", f, False) for f in folders]
    if riftcodex and good is not None and good.built_from.riftcodex:
        sources += [_Source(f"RiftCodex ({riftcodex}) and the data folder {f}", f, True) for f in folders]
    if folder is not None and not folder.is_dir():
        sources.append(_Source(f"the data folder {folder}", folder, False))
    elif riftcodex and not folders:
        sources.append(_Source(f"RiftCodex ({riftcodex}) alone", None, True))
    return sources


def recover_database(
    path: Path,
    *,
    folder: Path | None = None,
    riftcodex: str | None = None,
    fetch_options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
) -> RecoverOutcome:
    """Rebuild (or put back) the database at `path` (see the module's docstring). Raises RecoverFailed."""
    say: Progress = progress or (lambda _message: None)
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_leftovers(path)
    good = _last_good(path)
    tried: list[str] = []
    for source in _sources(path, folder, riftcodex, good):
        beside = path.with_name(f".{path.name}.{os.getpid()}.refresh")
        try:
            say(f"rebuilding the card database at {path} from {source.words}")
            if source.riftcodex:
                assert riftcodex is not None
                options = dict(fetch_options or {})
                sync_database(riftcodex, beside, source=source.folder, progress=say, record=False, **options)
            else:
                build_database(source.folder, beside, progress=say, record=False)
            new = read_inventory(beside)
            lacked = lacking(good, new) if good is not None else []
            if lacked:
                tried.append(f"{source.words} knows less ({'; '.join(lacked[:4])})")
                continue
            os.replace(beside, path)
            keep_good(path, new)
            line = f"card database rebuilt from {source.words}: {new.kinds.get('cards', 0)} cards"
            if source.folder is None:  # said, never silent: what a build without a data folder lacks
                line += (
                    " (without a data folder it holds no Core Rules beyond the project's, no FAQ rulings and no ban "
                    "lists: set RIFTBOUND_DATA to the data folder and run `python -m cardsdb build`)"
                )
            note_refresh(path, "rebuilt", line)
            return RecoverOutcome("rebuilt", line, source.words, new.kinds)
        except CardsDBError as error:
            tried.append(f"{source.words}: {' '.join(str(error).split())[:200]}")
        finally:
            beside.unlink(missing_ok=True)
    return _put_back(path, good, tried)


def _put_back(path: Path, good: Inventory | None, tried: list[str]) -> RecoverOutcome:
    """The last good copy, when it passes SQLite's quick check, put back in place (a copy: it stays for next time)."""
    copy = last_good_path(path)
    why = "; ".join(tried) if tried else "no data folder is known and RiftCodex was not asked"
    if not copy.is_file() or quick_check(copy) is not None:
        raise RecoverFailed(
            f"the card database at {path} could not be rebuilt ({why}) and there is no good copy"
        )
    temporary = path.with_name(f".{path.name}.{os.getpid()}.building")
    try:
        shutil.copyfile(copy, temporary)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    built = good.facts.get("built_at") if good is not None else None
    line = (
        f"card database put back from its last good copy{f' (built {built})' if built else ''}: no better "
        f"source answered ({why})"
    )
    note_refresh(path, "restored", line)
    return RecoverOutcome("restored", line, "the last good copy", good.kinds if good is not None else {})
