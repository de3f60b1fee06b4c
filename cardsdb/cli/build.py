"""`python -m cardsdb build`, `sync` and `refresh`: the build's report (a refresh's one line), as text or JSON, with its progress on
standard error."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cardsdb.build import refresh, sync
from cardsdb.build.pipeline import BuildReport, build_database
from cardsdb.errors import BuildError, CardsDBError
from cardsdb.paths import data_dir, db_path, riftcodex_url


def stderr_progress(message: str) -> None:
    print(f"[build] {message}", file=sys.stderr, flush=True)


def print_report(report: BuildReport, *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(report.summary())


def cmd_build(args: argparse.Namespace) -> int:
    """`python -m cardsdb build --source DIR [--db PATH] [--json]`."""
    source = Path(args.source)
    if not source.is_dir():
        raise BuildError(
            f"--source {source} is not a folder (expected one laid out like shared/riftbound-data)"
        )
    target = db_path(override=args.db)
    report = build_database(source, target, progress=stderr_progress)
    print_report(report, as_json=bool(getattr(args, "json", False)))
    return 0


def _stderr(message: str) -> None:
    print(f"[sync] {message}", file=sys.stderr, flush=True)


def cmd_sync(args: argparse.Namespace) -> int:
    """`python -m cardsdb sync [--url URL] [--source DIR] [--db PATH] [--json]`."""
    base = riftcodex_url(override=getattr(args, "url", None))
    source_arg = getattr(args, "source", None)
    source = Path(source_arg) if source_arg else data_dir()
    target = db_path(override=getattr(args, "db", None))
    _stderr(f"fetching cards from {base}")
    report = sync.sync_database(
        base,
        target,
        source=source,
        timeout=sync.TIMEOUT_SECONDS,
        retries=sync.RETRIES,
        backoff=sync.BACKOFF_SECONDS,
        progress=_stderr,
    )
    print_report(report, as_json=bool(getattr(args, "json", False)))
    return 0


def cmd_refresh(args: argparse.Namespace) -> int:
    """`python -m cardsdb refresh [--db PATH] [--url URL] [--source DIR] [--allow-shrink] [--json]`: exit 0 when
    swapped or unchanged, 1 when refused or when the fetch or build failed; one line each."""
    target = db_path(override=getattr(args, "db", None))
    base = riftcodex_url(override=getattr(args, "url", None))
    if (
        not target.is_file()
    ):  # a wrong --db (a relative path in a cron job run from elsewhere): never a new file
        raise refresh.missing_database(target)
    folder_arg = getattr(args, "source", None)
    folder = Path(folder_arg) if folder_arg else data_dir()
    as_json = bool(getattr(args, "json", False))
    try:
        outcome = refresh.refresh_database(
            target,
            riftcodex=base,
            folder=folder,
            allow_shrink=bool(getattr(args, "allow_shrink", False)),
            fetch_options=_fetch_options(args),
        )
    except CardsDBError as error:
        return _failed(f"refresh failed: {error}; the database is unchanged", error, as_json)
    print(json.dumps(outcome.to_dict(), ensure_ascii=False) if as_json else outcome.line)
    return refresh.EXIT_CODES[outcome.result]


def _fetch_options(args: argparse.Namespace) -> dict[str, Any]:
    fetch: dict[str, Any] = {}
    if getattr(args, "timeout", None) is not None:
        fetch["timeout"] = float(args.timeout)
    if getattr(args, "retries", None) is not None:
        fetch["retries"] = int(args.retries)
        fetch["backoff"] = 1.0 if int(args.retries) else 0.0
    return fetch


def _failed(line: str, error: CardsDBError, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"result": "failed", "line": line, "error": str(error)}, ensure_ascii=False))
    else:
        print(f"error: {line}", file=sys.stderr)
    return 1


def cmd_recover(args: argparse.Namespace) -> int:
    """`python -m cardsdb recover [--db PATH] [--source DIR] [--url URL] [--json]`: rebuild a missing or damaged
    database from the best source at hand (`cardsdb.build.recover`): exit 0 rebuilt or put back, 1 when nothing
    could be."""
    from cardsdb.build.recover import recover_database

    target = db_path(override=getattr(args, "db", None))
    base = riftcodex_url(override=getattr(args, "url", None))
    folder_arg = getattr(args, "source", None)
    as_json = bool(getattr(args, "json", False))
    try:
        outcome = recover_database(
            target,
            folder=Path(folder_arg) if folder_arg else data_dir(),
            riftcodex=base,
            fetch_options=_fetch_options(args),
            progress=None if as_json else stderr_progress,
        )
    except CardsDBError as error:
        return _failed(f"{error}", error, as_json)
    print(json.dumps(outcome.to_dict(), ensure_ascii=False) if as_json else outcome.line)
    return 0
