"""Figures in the docs that a command prints, kept as that command prints them (as sqlite-utils keeps its reference
docs with cog): a block of README.md or docs/*.md opens with the command that makes it and closes with `end`,

    <!-- generated: python -m cardsdb engine-coverage --totals | head -3 -->
    ```text
    Cards: 1065; fully read: 957.
    ...
    ```
    <!-- end -->

`python -m tools.generated` says which blocks differ from what their command prints now (exit 1), `--write` writes
them; `--db FILE` is the card database the commands read (default: RIFTBOUND_DB, else data/riftbound.sqlite3). A
command is `python -m MODULE ...` run with this Python from the checkout, optionally cut to its first lines with
`| head -N`; nothing else is run (no shell).
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_BLOCK = re.compile(
    r"(?P<open><!-- generated: (?P<command>[^\n]+?) -->\n)(?P<body>.*?)(?P<close><!-- end -->)", re.DOTALL
)
_HEAD = re.compile(r"\s*\|\s*head -(?P<lines>\d{1,3})$")
TIMEOUT_S = 300


class GeneratedError(Exception):
    """A block whose command is not one this tool runs, or that failed: one line."""


@dataclass(frozen=True)
class Block:
    path: Path
    command: str
    body: str  # as the file holds it


def files(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def blocks(path: Path) -> list[Block]:
    text = path.read_text(encoding="utf-8")
    return [Block(path, m.group("command"), m.group("body")) for m in _BLOCK.finditer(text)]


def argv(command: str) -> tuple[list[str], int | None]:
    """The argument list a block's command runs (`python` is this Python), and how many lines it keeps."""
    head = _HEAD.search(command)
    words = shlex.split(command[: head.start()] if head else command)
    if words[:2] != ["python", "-m"] or len(words) < 3:
        raise GeneratedError(f"{command!r}: a generated block's command is `python -m MODULE ...`")
    return [sys.executable, *words[1:]], int(head.group("lines")) if head else None


def output(command: str, db: Path) -> str:
    """What the command prints, run from the checkout over the database `db`."""
    args, lines = argv(command)
    env = {**os.environ, "RIFTBOUND_DB": str(db), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    if done.returncode != 0:
        raise GeneratedError(f"{command!r} exited {done.returncode}: {done.stderr.strip()[-200:]}")
    kept = done.stdout.rstrip("\n").split("\n")
    return "\n".join(kept[:lines] if lines is not None else kept)


def body(printed: str) -> str:
    """A block's body for what a command printed."""
    return f"```text\n{printed}\n```\n"


def stale(db: Path, paths: Sequence[Path] | None = None) -> list[tuple[Block, str]]:
    """Each block whose body is not what its command prints now, with what it prints."""
    found = []
    for path in paths or files():
        for block in blocks(path):
            fresh = body(output(block.command, db))
            if block.body != fresh:
                found.append((block, fresh))
    return found


def write(db: Path, paths: Sequence[Path] | None = None) -> list[Path]:
    """Every block written as its command prints it now; the files changed."""
    changed = []
    for path in paths or files():
        text = path.read_text(encoding="utf-8")

        def fresh(match: re.Match[str]) -> str:
            return match.group("open") + body(output(match.group("command"), db)) + match.group("close")

        new = _BLOCK.sub(fresh, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def main(args: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.generated", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write every block as its command prints it now")
    parser.add_argument("--db", help="the card database the commands read")
    options = parser.parse_args(args)
    db = Path(options.db or os.environ.get("RIFTBOUND_DB") or ROOT / "data" / "riftbound.sqlite3")
    try:
        if options.write:
            for path in write(db):
                print(f"wrote {path.relative_to(ROOT)}")
            return 0
        differing = stale(db)
    except GeneratedError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for block, _ in differing:
        print(f"{block.path.relative_to(ROOT)}: {block.command} prints otherwise now")
    if differing:
        print("write them: python -m tools.generated --write")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
