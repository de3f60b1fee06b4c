"""`python -m cardsdb card|rule|keyword|rulings|search`: text, --json shapes, and exit 2 with one line on bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb.cli.main import main
from tests.support.paths import ROOT


def run(capsys: pytest.CaptureFixture[str], query_db: Path, *argv: str) -> tuple[int, str, str]:
    code = main([argv[0], "--db", str(query_db), *argv[1:]])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], query_db: Path, *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, query_db, *argv, "--json")
    return code, json.loads(out)


def test_card_hiden_blade_finds_hidden_blade(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, out, _ = run(capsys, query_db, "card", "hiden", "blade")
    assert code == 0
    assert out.startswith("Hidden Blade — Spell · Order")
    assert "OGN-213/298" in out


@pytest.mark.real_data
def test_card_json_carries_legality_and_dates(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, real_db, "card", "Master Yi - Wuju Bladesman (Starter)")
    assert code == 0 and data["name"] == "Master Yi, Wuju Bladesman" and data["match"] == "exact"
    assert data["legality"] == {"constructed": "legal", "2v2": "banned"}
    assert (data["legality_as_of"], data["data_as_of"], data["lacks"]) == ("2026-09-18", "2026-10", [])
    assert {p["variant"] for p in data["printings"]} >= {"Starter", "Metal"}
    code, out, _ = run(capsys, real_db, "card", "stacked deck")
    assert "Legality: Constructed banned · 2v2 Constructed banned (ban lists of 2026-09-18)" in out


def test_card_json_shape(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, data = run_json(capsys, query_db, "card", "teemo")
    assert code == 0
    assert {"name", "id", "match", "alternatives"} <= set(data)
    assert data["match"] == "fuzzy"
    assert "Teemo, Strategist" in data["alternatives"] or data["name"] == "Teemo, Strategist"
    code, data = run_json(capsys, query_db, "card", "Hidden Blade")
    assert (data["name"], data["id"], data["match"], data["alternatives"]) == (
        "Hidden Blade",
        "hidden-blade",
        "exact",
        [],
    )


def test_rule_422_2_shows_the_current_hide_rule(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, out, _ = run(capsys, query_db, "rule", "422.2")
    assert code == 0
    assert out.startswith("Rule 422.2 (current, 2026-10-09")
    assert "Hiding" in out and "Discard" not in out.split("Moved:")[0]
    code, data = run_json(capsys, query_db, "rule", "422.2")
    assert {"number", "text", "wording", "version", "parents", "children", "moved"} <= set(data)
    assert (data["number"], data["version"], data["wording"]) == ("422.2", "2026-10-09", "summary")
    assert [p["number"] for p in data["parents"]] == ["422"]


def test_rule_422_3_is_labelled_v13(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, out, _ = run(capsys, query_db, "rule", "422.3")
    assert code == 0
    assert out.startswith("Rule 422.3 (v1.3, 2026-03-30)")
    assert "In the current rules 422 is Hide" in out


def test_rule_811_6_says_the_turn_after(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, out, _ = run(capsys, query_db, "rule", "811.6")
    assert code == 0 and "the turn after it is hidden" in out


def test_keyword_rulings_and_search(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, out, _ = run(capsys, query_db, "keyword", "hidden")
    assert code == 0 and "811.6" in out and "Cards with Hidden (6)" in out
    code, data = run_json(capsys, query_db, "keyword", "Hidden")
    assert data["cards_referring"] == ["Teemo, Swift Scout"]
    code, out, _ = run(capsys, query_db, "rulings", "hidden", "blade")
    assert code == 0 and "When can I play a card I hid?" in out and "811.6" in out
    code, data = run_json(capsys, query_db, "rulings", "422")
    assert [r["id"] for r in data["rulings"]] == ["faq-hide"]
    code, out, _ = run(capsys, query_db, "search", "kw:hidden t:spell d:order")
    assert code == 0 and "Hidden Blade" in out and "Facebreaker" in out and out.startswith("2 cards match.")
    code, data = run_json(capsys, query_db, "search", "kw:hidden")
    assert data["total"] == 6 and len(data["cards"]) == 6


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["card", "qqxyzzy"], 'no card matches "qqxyzzy".'),
        (["card", "stratgst"], "Did you mean: Teemo, Strategist?"),
        (["rule", "999.9"], 'no rule numbered "999.9".'),
        (["rule", "qqxyzzy"], 'no rule matches "qqxyzzy".'),
        (["keyword", "qqxyzzy"], 'no keyword "qqxyzzy".'),
        (["rulings", "qqxyzzy"], 'no rulings match "qqxyzzy".'),
        (["search", "e<=x"], "energy needs a number: e<=x"),
        (["search", "foo:bar"], "unknown search prefix 'foo:'"),
        (["search", "t:spel"], "did you mean Spell?"),
        (["search", "t:gear d:fury"], 'no cards match "t:gear d:fury".'),
    ],
)
def test_not_found_and_bad_input_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], query_db: Path, argv: list[str], expected: str
) -> None:
    code, out, err = run(capsys, query_db, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and expected in err and err.count("\n") == 1
    code, out, _ = run(capsys, query_db, *argv, "--json")
    assert code == 2 and expected in json.loads(out)["error"]


def test_a_missing_database_says_how_to_build(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, tmp_path / "missing.sqlite3", "card", "Hidden Blade")
    assert code == 2 and "python -m cardsdb build" in err and err.count("\n") == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(["card", "rule", "keyword", "rulings", "search"]),
    text=st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=25),
)
def test_any_input_exits_0_or_2_never_a_traceback(
    capsys: pytest.CaptureFixture[str], query_db: Path, command: str, text: str
) -> None:
    if text.startswith("-"):
        text = " " + text  # argparse would read it as an option
    code, _, err = run(capsys, query_db, command, text)
    assert code in (0, 2)
    assert "Traceback" not in err
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1


def test_python_m_cardsdb_runs_as_a_program(query_db: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardsdb", "card", "zhonyas", "--db", str(query_db), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["name"] == "Zhonya's Hourglass"


def test_a_search_may_start_with_a_negation(capsys: pytest.CaptureFixture[str], query_db: Path) -> None:
    code, data = run_json(capsys, query_db, "search", "-t:spell", "kw:hidden")
    code_all, everything = run_json(capsys, query_db, "search", "kw:hidden")
    assert code == 0 and code_all == 0
    assert data["query"] == "-t:spell kw:hidden"
    spells = {c["name"] for c in everything["cards"]} - {c["name"] for c in data["cards"]}
    assert {"Hidden Blade", "Facebreaker"} <= spells
