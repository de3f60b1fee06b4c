"""A command line read by a program that stops early (`| head`) ends quietly: no traceback on standard error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardsdb.cli.pipes import CLOSED_PIPE, exit_quietly_on_closed_pipe
from tests.support.paths import ROOT


@pytest.mark.real_data
def test_output_cut_short_by_its_reader_ends_without_a_traceback(real_db: Path) -> None:
    # every change between v1.3 and v1.4: far more than a pipe holds, so the writer meets the closed pipe
    argv = ["-m", "cardsdb", "changes", "--db", str(real_db), "--from", "v1.3", "--to", "v1.4"]
    env = {"RIFTBOUND_DB": str(real_db), "PATH": "/usr/bin:/bin"}
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    writer = subprocess.run(
        [sys.executable, *argv], stdout=reader.stdin, stderr=subprocess.PIPE, cwd=ROOT, env=env, timeout=600
    )
    assert reader.stdin is not None
    reader.stdin.close()
    reader.wait(timeout=300)
    assert "Traceback" not in writer.stderr.decode(), writer.stderr.decode()[-500:]
    assert writer.returncode in (0, 141)


def test_both_entry_points_end_a_closed_pipe_with_the_shells_status(monkeypatch: pytest.MonkeyPatch) -> None:
    def main() -> int:
        raise BrokenPipeError

    monkeypatch.setattr("os.dup2", lambda *_: None)  # keep pytest's own standard output
    assert exit_quietly_on_closed_pipe(main) == CLOSED_PIPE
    assert exit_quietly_on_closed_pipe(lambda: 2) == 2
    for entry in ("cardsdb", "bot"):
        assert "exit_quietly_on_closed_pipe(main)" in (ROOT / entry / "__main__.py").read_text()
