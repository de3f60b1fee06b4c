"""The figures of README.md and docs/ are what their commands print (tools/generated.py), and every command line
README.md shows runs as written."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.deck_lists import JINX
from tests.support.paths import FIXTURE_DATA, ROOT
from tools import generated

README = ROOT / "README.md"
# What the README's placeholders stand for when its commands are run here.
PLACEHOLDERS = {"DIR": str(FIXTURE_DATA), "LINE": "/card name:Hidden Blade"}
QUERIES = {
    "card": "Hidden Blade",
    "rule": "811.1.d",
    "keyword": "Hidden",
    "rulings": "hidden",
    "search": "kw:hidden",
}
# A line read from standard input by the commands given `-`.
STDIN = {
    "check": "me:\n  hand: [Hidden Blade]\n  runes: {energy: 2, power: [order]}\nask: {play: Hidden Blade}\n",
    "deck check": JINX,
    "deck encode": JINX,
}
# Commands the README shows that are not run here, each with why (a new one must be run or listed).
NOT_RUN = {
    "python3 -m venv": "sets up a virtual environment and installs: what CI's fresh venvs do (.ci/run)",
    "python -m bot --sync": "starts the bot: it needs a Discord token",
    "python -m cardsdb sync": "fetches from the RiftCodex API (tests/cardsdb/build/test_sync.py serves it locally)",
    "python -m cardsdb refresh": "fetches from the RiftCodex API (tests/cardsdb/build/test_refresh.py)",
    "python -m bot bench": "runs for minutes (tests/tools/test_bench.py runs its parts)",
    "python -m cardsdb serve": "serves until stopped (tests/cardsdb/service/test_http_api.py starts it on a free port)",
    "python -m cardsdb mcp": "answers an MCP client over stdio (tests/cardsdb/service/test_mcp_server.py drives it)",
    "curl ": "asks a running API (tests/cardsdb/service/test_http_api.py calls every path over a socket)",
    "pip install": "installs from the package index: what CI's fresh venvs do (.ci/run)",
}
RUN_TIMEOUT_S = 300  # a command that does not end (a server) fails the test instead of hanging the suite


# --- the blocks ---------------------------------------------------------------------------------------------------
def test_a_block_is_read_with_its_command_and_its_body(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text(
        "Before.\n<!-- generated: python -m cardsdb engine-coverage --totals | head -3 -->\n```text\nold\n```\n"
        "<!-- end -->\nAfter.\n",
        encoding="utf-8",
    )
    (block,) = generated.blocks(doc)
    assert block.command == "python -m cardsdb engine-coverage --totals | head -3"
    assert block.body == "```text\nold\n```\n"
    assert generated.argv(block.command) == (
        [sys.executable, "-m", "cardsdb", "engine-coverage", "--totals"],
        3,
    )


@pytest.mark.parametrize(
    "command", ["rm -rf /", "python -c 'print(1)'", "python -m", "bash -c 'python -m x'"]
)
def test_a_block_runs_nothing_but_python_m(command: str) -> None:
    with pytest.raises(generated.GeneratedError, match="python -m MODULE"):
        generated.argv(command)


def test_the_docs_hold_generated_blocks() -> None:
    commands = [b.command for path in generated.files() for b in generated.blocks(path)]
    assert any("bot ask" in c for c in commands) and any("engine-coverage --totals" in c for c in commands)


@pytest.mark.real_data
def test_every_generated_block_is_what_its_command_prints(real_db: Path) -> None:
    differing = [f"{b.path.name}: {b.command}" for b, _ in generated.stale(real_db)]
    assert differing == [], "write them: python -m tools.generated --write"


def test_a_block_that_differs_is_found_and_written(query_db: Path, tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text(
        '<!-- generated: python -m cardsdb card "Hidden Blade" | head -1 -->\n```text\nstale\n```\n<!-- end -->\n',
        encoding="utf-8",
    )
    assert [b.body for b, _ in generated.stale(query_db, [doc])] == ["```text\nstale\n```\n"]
    assert generated.write(query_db, [doc]) == [doc]
    assert generated.stale(query_db, [doc]) == []
    assert "Hidden Blade" in doc.read_text(encoding="utf-8")


# --- the README's command lines ------------------------------------------------------------------------------------
def readme_commands(text: str) -> list[str]:
    """The command lines README.md shows: the lines of its `sh` blocks, and each command of its tables' first column."""
    shown = [
        line.strip()
        for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
        for line in block.splitlines()
        if line.strip()
    ]
    for row in re.findall(r"(?m)^\| `python.*$", text):
        first = re.split(r"(?<!\\)\|", row)[1]  # the first cell; `\|` is a bar inside it
        spans = [span.replace("\\|", "|") for span in re.findall(r"`([^`]+)`", first)]
        module = " ".join(
            spans[0].split()[:3]
        )  # `python -m cardsdb deck check ...`, `deck encode`: the same module's
        shown += [span if span.startswith("python") else f"{module} {span}" for span in spans]
    return shown


def runs(command: str) -> list[str]:
    """A shown command as the lines run here: optional parts (`[--json]`) left out, each of several alternatives
    (`card|rule`, `FILE|-`: the last) once, placeholders filled."""
    command = re.sub(r"\s*\[[^\]]*\]", "", command)
    words = shlex.split(command)
    choices = [w.split("|") if "|" in w and w.islower() else [w.split("|")[-1]] for w in words]
    lines: list[list[str]] = [[]]
    for options in choices:
        lines = [[*line, option] for line in lines for option in options]
    return [shlex.join(_filled(line)) for line in lines]


def _filled(words: list[str]) -> list[str]:
    if "QUERY" in words:
        words = [QUERIES[words[3]] if w == "QUERY" else w for w in words]
    unknown = [w for w in words if w.isupper() and w not in PLACEHOLDERS]
    assert not unknown, f"{words}: no value for {unknown} (tests/tools/test_generated.py PLACEHOLDERS)"
    return [PLACEHOLDERS.get(w, w) for w in words]


def test_readme_commands_are_read_as_shown() -> None:
    table = "| `python -m cardsdb card\\|rule QUERY [--json]` | the look-ups |\n"
    assert readme_commands(f'```sh\npython -m bot ask "/card name:x"\n```\n{table}') == [
        'python -m bot ask "/card name:x"',
        "python -m cardsdb card|rule QUERY [--json]",
    ]
    assert runs("python -m cardsdb card|rule QUERY [--json]") == [
        "python -m cardsdb card 'Hidden Blade'",
        "python -m cardsdb rule 811.1.d",
    ]
    assert runs("python -m cardsdb check FILE|-") == ["python -m cardsdb check -"]


@pytest.mark.real_data
def test_every_command_line_the_readme_shows_runs_as_written(real_db: Path, tmp_path: Path) -> None:
    """Against a copy of the test database (a build writes the copy), from an empty folder: exit 0 for each."""
    db = tmp_path / "riftbound.sqlite3"
    shutil.copy(real_db, db)
    env = {**os.environ, "RIFTBOUND_DB": str(db), "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    shown = readme_commands(README.read_text(encoding="utf-8"))
    assert len(shown) >= 10
    failed, ran = [], 0
    for command in shown:
        if any(command.startswith(prefix) for prefix in NOT_RUN):
            continue
        for line in runs(command):
            words = shlex.split(line)
            stdin = next((text for key, text in STDIN.items() if line.endswith(f"{key} -")), None)
            # a build writes where RIFTBOUND_DB says: beside the copy the look-ups read
            built = {"RIFTBOUND_DB": str(tmp_path / "built.sqlite3")} if words[3] == "build" else {}
            done = subprocess.run(
                [sys.executable, *words[1:]],
                cwd=tmp_path,
                env={**env, **built},
                input=stdin,
                capture_output=True,
                text=True,
                timeout=RUN_TIMEOUT_S,
            )
            ran += 1
            if done.returncode != 0:
                failed.append(f"{line}: exit {done.returncode}: {done.stderr.strip()[-160:]}")
    assert failed == [] and ran >= 12
