"""`python -m tools.bench` (and `python -m bot bench` from a checkout): the benchmark's command line. A problem prints
one line (`{"error": ...}` with --json) and exits 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from cardsdb.errors import CardsDBError
from cardsdb.paths import data_dir, db_path
from tools.bench.run import format_text, run


def parser(prog: str = "python -m tools.bench") -> argparse.ArgumentParser:
    bench = argparse.ArgumentParser(
        prog=prog, description="time lookups, the engine and commands beside naive baselines"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    bench.add_argument(
        "--source", help="data folder to build from when the database is missing (RIFTBOUND_DATA)"
    )
    bench.add_argument("--quick", action="store_true", help="few iterations: seconds, not a minute")
    bench.add_argument("--iterations", type=int, help="timed calls per part (overrides the default)")
    bench.add_argument("--no-growth", action="store_true", help="skip the 4x/16x pools and engine positions")
    bench.add_argument(
        "--no-worst", action="store_true", help="skip the worst case: the slowest inputs per command"
    )
    return bench


def main(
    argv: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    *,
    prog: str = "python -m tools.bench",
) -> int:
    args = parser(prog).parse_args(argv)
    try:
        return bench(args, os.environ if env is None else env)
    except CardsDBError as error:
        if args.json:
            print(json.dumps({"error": str(error)}))
        else:
            print(f"error: {error}", file=sys.stderr)
        return 2


def bench(args: argparse.Namespace, env: Mapping[str, str]) -> int:
    """Run the benchmark as `args` ask; a problem raises CardsDBError."""
    db_file = db_path(env, args.db)
    source = Path(args.source) if args.source else data_dir(env)
    if source is not None and not source.is_dir():
        raise CardsDBError(f"--source {source} is not a folder")
    if args.iterations is not None and args.iterations < 1:
        raise CardsDBError("--iterations must be at least 1")
    progress = None if args.json else (lambda text: print(f"[bench] {text}", file=sys.stderr))
    report = run(
        db_file,
        source=source,
        quick=args.quick,
        iterations=args.iterations,
        growth=not args.no_growth,
        worst=not args.no_worst,
        progress=progress,
    )
    print(json.dumps(report, indent=2) if args.json else format_text(report))
    return 0
