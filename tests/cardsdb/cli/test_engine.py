"""`python -m cardsdb check FILE|- [--json]` over the real data: the seeds' worked examples, and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cardsdb.cli.main import main

pytestmark = pytest.mark.real_data  # every test here reads ../shared

BLADE_EXAMPLE = """
# Keyword page, "A Hidden Blade waiting for an attacker": on the opponent's turn they attack with a unit.
turn: 3
turn_player: opp
showdown: Targon's Peak
battlefields:
  Targon's Peak:
    controller: me
    units:
      - Vanguard Sergeant
      - {card: Mega-Mech, controller: opp, attacking: true}
    facedown: [{card: Hidden Blade, owner: me, hidden_turn: 2}]
ask: {play_hidden: Hidden Blade, at: Targon's Peak, targets: ["Mega-Mech@Targon's Peak"]}
"""

HERD_EXAMPLE = """
# Article, worked example: Elnuk Herd hidden on turn 2, played from facedown when the opponent attacks on turn 3.
turn: 3
turn_player: opp
showdown: Targon's Peak
me: {base: {units: [Shipyard Skulker]}}
battlefields:
  Targon's Peak:
    controller: me
    units: [Vanguard Sergeant, {card: Mega-Mech, controller: opp, attacking: true}]
    facedown: [{card: Elnuk Herd, owner: me, hidden_turn: 2}]
ask: {play_hidden: Elnuk Herd, at: Targon's Peak}
"""


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        import sys

        old = sys.stdin
        sys.stdin = io.StringIO(stdin)
        try:
            code = main(args)
        finally:
            sys.stdin = old
    else:
        code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_811_1_d_2_hidden_blade_worked_example_json(
    real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "blade.yaml"
    path.write_text(BLADE_EXAMPLE, encoding="utf-8")
    code, out, _ = run(["check", str(path), "--db", str(real_db), "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["legal"] is True
    assert data["choices"][0]["restricted_to"] == "Targon's Peak"
    assert "Mega-Mech@Targon's Peak" in data["choices"][0]["legal"]
    assert {"811.6", "811.1.d.2", "356.1.b"} <= set(data["citations"])
    assert data["rules_version"] == "2026-10-09"


def test_811_1_d_3_elnuk_herd_worked_example_text(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", "-", "--db", str(real_db)], capsys, stdin=HERD_EXAMPLE)
    assert code == 0
    assert out.startswith("Yes: you can play Elnuk Herd from facedown at Targon's Peak.")
    assert "Elnuk Herd@Targon's Peak" in out and "811.1.d.3" in out and "811.1.c.3" in out
    assert "Shipyard Skulker@me.base" in out  # listed as excluded, with its reason


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        ("ask: {hide: Hiden Blade, at: X}\nbattlefields: {X: {controller: me}}", "Did you mean"),
        (
            "ask: {hide: Hidden Blade, at: Nowhere}\nbattlefields: {X: {controller: me}}",
            "unknown battlefield",
        ),
        ("ask: {play_hidden: Hidden Blade, at: X}\nbattlefields: {X: {controller: me}}", "no facedown"),
        ("{{ nope", "not a valid scenario"),
        ("x" * 1_000_000, "limit"),
        ("a: &a [1]\nb: *a\nask: {cleanup: true}", "aliases"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    stdin: str, expected: str, real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["check", "-", "--db", str(real_db)], capsys, stdin=stdin)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and expected in err
    code, out, _ = run(["check", "-", "--db", str(real_db), "--json"], capsys, stdin=stdin)
    assert code == 2 and expected in json.loads(out)["error"]


def test_missing_file_exits_2(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["check", "/nonexistent/scenario.yaml", "--db", str(real_db)], capsys)
    assert code == 2 and "no such file" in err


def test_non_utf8_file_exits_2(real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"ask: {hide: \xe9\xe9}\n")
    code, _, err = run(["check", str(path), "--db", str(real_db)], capsys)
    assert code == 2 and "UTF-8" in err
