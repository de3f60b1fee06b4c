"""The options of `python -m bot bench`, apart from the benchmark so that `python -m bot` does not import it."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    parser.add_argument(
        "--source", help="data folder to build from when the database is missing (RIFTBOUND_DATA)"
    )
    parser.add_argument("--quick", action="store_true", help="few iterations: seconds, not a minute")
    parser.add_argument("--iterations", type=int, help="timed calls per part (overrides the default)")
    parser.add_argument("--no-growth", action="store_true", help="skip the 4x/16x pools and engine positions")
