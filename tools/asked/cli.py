"""`python -m tools.asked`: `guard` prints, for each measured set, how many indexed questions ask one of its questions
in other words (only how many), and with `--remove` takes them out of the asked files; `write [FILE]` writes the
asked files again, each rule in its section's file (from FILE, one file of the same format, when given)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.asked import ASKED_DIR, load_asked
from tools.asked.files import write_files
from tools.asked.guard import alike_counts, measured_questions, without_alike

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.asked")
    commands = parser.add_subparsers(dest="command", required=True)
    guard = commands.add_parser("guard", help="count the indexed questions asking a measured one")
    guard.add_argument("--remove", action="store_true", help="and take them out of the asked files")
    guard.add_argument("--fixtures", type=Path, default=FIXTURES, help="where the measured sets are")
    write = commands.add_parser("write", help="write the asked files again, one a section")
    write.add_argument("source", nargs="?", type=Path, help="one file of the same format to read instead")
    for command in (guard, write):
        command.add_argument("--folder", type=Path, default=PROJECT_DATA_DIR / ASKED_DIR)
    args = parser.parse_args(argv)
    if args.command == "write":
        written = write_files(args.folder, load_asked(args.source or args.folder))
        print(f"{len(written)} files written in {args.folder}")
        return 0
    rules = load_asked(args.folder)
    measured = measured_questions(args.fixtures)
    for name, count in alike_counts(rules, measured).items():
        print(f"{name}: {count} indexed questions ask one of its questions")
    if args.remove:
        kept, removed = without_alike(rules, measured)
        write_files(args.folder, kept)
        print(f"{removed} taken out; {sum(len(r.questions) for r in kept)} left")
    return 0
