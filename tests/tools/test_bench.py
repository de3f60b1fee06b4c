"""Smoke tests of `python -m bot bench`: tiny iteration counts, the JSON keys and shapes. No test asserts a time."""

from __future__ import annotations

import contextlib
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as bot_main
from tools.bench.growth import GROWTH_KEYS, engine_position, slope, synthetic_pool
from tools.bench.measure import cycle, percentiles

STAT_KEYS = (
    "autocomplete_ms",
    "card_lookup_ms",
    "fuzzy_lookup_ms",
    "rule_lookup_ms",
    "ruling_search_ms",
    "word_question_ms",
    "word_ruling_ms",
    "engine_check_ms",
    "deck_check_ms",
    "render_ms",
    "command_roundtrip_ms",
    "concurrent_200_ms",
)


def _is_stat(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and {"p50", "p99"} <= set(value)
        and all(isinstance(value[k], float) and value[k] >= 0 for k in ("p50", "p99"))
        and value["p50"] <= value["p99"]
    )


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One quick benchmark run through the command line, on the fixture database (built on the way)."""
    from cardsdb.build.pipeline import build_database
    from tests.conftest import FIXTURE_DATA

    db = tmp_path_factory.mktemp("benchdb") / "riftbound.sqlite3"
    build_database(FIXTURE_DATA, db)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = bot_main(["bench", "--json", "--quick", "--iterations", "5", "--db", str(db)], env={})
    assert status == 0, out.getvalue()
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def test_bench_json_has_every_figure_of_issue_5(report: dict[str, Any]) -> None:
    for key in STAT_KEYS:
        assert _is_stat(report[key]), (key, report[key])
    for key in ("cold_start_s", "cold_by_meaning_s", "rss_mb", "build_s", "build_from_scratch_s"):
        assert isinstance(report[key], float) and report[key] > 0, (key, report[key])
    assert isinstance(report["concurrent_200_ms"]["wall"], float)
    during = report["command_roundtrip_during_refresh_ms"]  # the fixture database knows its data folder
    assert _is_stat(during) and during["calls"] >= 1 and during["build_s"] > 0


def test_13_the_refresh_ratio_compares_the_same_calls_quiet_and_during_over_three_refreshes(
    report: dict[str, Any],
) -> None:
    ratio = report["refresh_ratio"]
    assert len(ratio["rounds"]) == 3
    for round_ in ratio["rounds"]:  # each round: one sample of calls, timed twice
        assert round_["calls"] >= 1 and _is_stat(round_["quiet"]) and _is_stat(round_["during"])
        assert round_["ratio_p99"] == round(round_["during"]["p99"] / round_["quiet"]["p99"], 3)
    assert report["command_roundtrip_during_refresh_ms"]["calls"] == sum(r["calls"] for r in ratio["rounds"])
    for stat in ("ratio_p50", "ratio_p99"):
        spread = ratio[stat]
        assert spread["min"] <= spread["median"] <= spread["max"]


def test_bench_baselines_and_accuracy_sit_beside_ours(report: dict[str, Any]) -> None:
    baselines = report["baselines"]
    assert set(baselines) == {
        "sqlite_pk_lookup_ms",
        "rapidfuzz_extractOne_ms",
        "difflib_get_close_matches_ms",
    }
    assert all(_is_stat(v) for v in baselines.values())
    accuracy = report["accuracy"]
    assert {"ours", "rapidfuzz_extractOne", "difflib"} <= set(accuracy)
    assert all(0.0 <= accuracy[k] <= 1.0 for k in ("ours", "rapidfuzz_extractOne", "difflib"))
    assert accuracy["typos"] > 0


def test_bench_growth_covers_three_pool_sizes_and_unit_counts(report: dict[str, Any]) -> None:
    pools = report["growth"]["cards"]["pools"]
    assert [p["factor"] for p in pools] == [1, 4, 16]
    counts = [p["cards"] for p in pools]
    assert counts[1] == 4 * counts[0] and counts[2] == 16 * counts[0]
    for pool in pools:
        assert all(_is_stat(pool[k]) for k in GROWTH_KEYS)
    assert set(report["growth"]["cards"]["exponent"]) == set(GROWTH_KEYS)
    engine = report["growth"]["engine"]
    assert [p["units_per_battlefield"] for p in engine["positions"]] in ([1, 5, 10, 25, 50], [])


def test_bench_has_a_worst_case_section_with_every_slow_input(report: dict[str, Any]) -> None:
    from tools.bench.worst import worst_inputs

    worst = report["worst_case"]
    assert set(worst["inputs"]) == {i.label for i in worst_inputs()}
    for label, row in worst["inputs"].items():
        assert row["cpu_ms"]["p99"] >= row["cpu_ms"]["p50"] >= 0, label
        assert row["outcome"] in ("answered", "bad input", "unexpected error"), label
    assert worst["inputs"]["a code of 700 facedown copies"]["outcome"] == "bad input"
    assert worst["bystander"]["card_answered_after_ms"] > 0
    sweep = worst["sweep"]  # issue 30: every text option, autocomplete and form with pathological text
    assert {"/changes", "/rule (autocomplete)", "/deck check (form)", "/hidden scenario (form)"} <= set(sweep)
    assert all(row["calls"] > 0 and row["unexpected"] == 0 for row in sweep.values()), sweep


def test_bench_times_every_path_of_the_api_over_a_socket(report: dict[str, Any]) -> None:
    from cardsdb.service.http_api import ROUTES

    api = report["api"]
    assert set(api["endpoints"]) == {path for _, path, _ in ROUTES}
    assert all(_is_stat(stats) for stats in api["endpoints"].values())
    assert all(cpu is None or cpu >= 0 for cpu in api["server_cpu_ms"].values())
    assert all(rate > 0 for rate in api["requests_per_s_16_in_flight"].values())
    assert report["api_check_ms"] == api["endpoints"]["/v1/check"]


def test_bench_reports_every_budget_with_its_verdict(report: dict[str, Any]) -> None:
    budgets = report["budgets"]
    assert set(budgets) == {
        "autocomplete_ms",
        "fuzzy_lookup_ms",
        "card_lookup_ms",
        "engine_check_ms",
        "deck_check_ms",
        "command_roundtrip_ms",
        "api_check_ms",
        "cold_start_s",
        "rss_mb",
        "build_s",
        "build_from_scratch_s",
        "word_question_ms",
        "cold_first_answer_s",
    }
    assert all(b["ok"] in (True, False) for b in budgets.values())
    assert {"cpus", "cpu", "python"} <= set(report["machine"])


def test_bench_without_a_database_or_source_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = bot_main(["bench", "--quick", "--db", str(tmp_path / "missing.sqlite3")], env={})
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert len(err) == 1 and err[0].startswith("error: the card database was not found")


def test_bench_rejects_zero_iterations(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = bot_main(["bench", "--json", "--iterations", "0", "--db", str(tmp_path / "x.sqlite3")], env={})
    assert status == 2
    assert json.loads(capsys.readouterr().out) == {"error": "--iterations must be at least 1"}


def test_percentiles_use_nearest_rank() -> None:
    samples = [float(i) for i in range(1, 101)]
    assert percentiles(samples) == {"p50": 50.0, "p99": 99.0}
    assert math.isnan(percentiles([])["p50"])
    assert cycle([1, 2, 3], 7) == [1, 2, 3, 1, 2, 3, 1]


def test_growth_exponent_reads_linear_and_flat() -> None:
    assert slope([1.0, 16.0], [1.0, 16.0]) == 1.0
    assert slope([1.0, 16.0], [2.0, 2.0]) == 0.0


def test_synthetic_pool_multiplies_cards_printings_and_search_index(fixture_db: Path, tmp_path: Path) -> None:
    from cardsdb.query import CardsDB

    with CardsDB.open(fixture_db) as real:
        base = len(real.names)
        found = real.search("o:the", limit=1).total
    pool = synthetic_pool(fixture_db, tmp_path / "pool.sqlite3", 4)
    with CardsDB.open(pool) as bigger:
        assert len(bigger.names) == 4 * base
        assert bigger.search("o:the", limit=1).total == 4 * found
        name = next(n for n in bigger.names.names if n.endswith(" Ashen"))
        card = bigger.get_card(name)
        assert card is not None and card.printings


def test_engine_positions_hold_the_units_asked_for() -> None:
    position = engine_position(25, "play_hidden")
    for battlefield in position["battlefields"].values():
        assert len(battlefield["units"]) == 25
        assert len({u["id"] for u in battlefield["units"]}) == 25
    assert position["ask"]["targets"][0].endswith("@Targon's Peak")
