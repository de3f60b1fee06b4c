"""`python -m tools.asked`: `guard` prints, for each measured set, how many indexed questions ask one of its questions
in other words (only how many), and with `--remove` takes them out of the asked files; `--meaning DB` does the same by
meaning, over a database built from the asked files as they are (its stored sentence vectors); `write [FILE]` writes
the asked files again, each rule in its section's file (from FILE, one file of the same format, when given)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
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
    guard.add_argument("--meaning", type=Path, metavar="DB", help="by meaning, over this database's vectors")
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
    if args.meaning is not None:
        return _guard_by_meaning(args.meaning, args.folder, measured, remove=args.remove)
    for name, count in alike_counts(rules, measured).items():
        print(f"{name}: {count} indexed questions ask one of its questions")
    if args.remove:
        kept, removed = without_alike(rules, measured)
        write_files(args.folder, kept)
        print(f"{removed} taken out; {sum(len(r.questions) for r in kept)} left")
    return 0


def _guard_by_meaning(db: Path, folder: Path, measured: dict[str, list[str]], *, remove: bool) -> int:
    from tools.asked.meaning import flagged_texts  # numpy and the encoder, only when asked for

    counts, texts = flagged_texts(db, measured)
    for name, count in counts.items():
        print(f"{name}: {count} indexed questions mean one of its questions")
    if remove:
        rules = load_asked(folder)
        kept = [replace(rule, questions=tuple(q for q in rule.questions if q not in texts)) for rule in rules]
        write_files(folder, kept)
        left = sum(len(r.questions) for r in kept)
        print(
            f"{sum(len(r.questions) for r in rules) - left} taken out; {left} left (build again before the next run)"
        )
    return 0
