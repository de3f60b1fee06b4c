"""A refresh never swaps in a database that knows less (`cardsdb.build.refresh`, `python -m cardsdb refresh`), over a
loopback RiftCodex: a database built from a data folder is refreshed from RiftCodex plus that folder; a build that
lacks a kind, or shrinks one, is refused and the serving file stays byte for byte; a build of the same data swaps
nothing. The sync report gives no date for rules it does not have."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.build.inventory import read_inventory
from cardsdb.build.meanings import cache_path
from cardsdb.build.refresh import refresh_database
from tests.support.riftcodex import FAST, cardsdb_cli, digest

# ---- 1. a refresh never swaps in a database that knows less -----------------------------------------------------


def test_the_build_records_what_it_was_built_from(from_folder: tuple[Path, Path]) -> None:
    folder, built = from_folder
    found = read_inventory(built)
    assert found.built_from.data_folder == str(folder.resolve()) and found.built_from.riftcodex is None
    assert found.kinds["rules (Core Rules v1.3)"] > 0 and found.kinds["ban list (constructed)"] > 0
    assert found.digest is not None and len(found.digest) == 64


def test_a_refresh_from_riftcodex_alone_over_a_database_built_from_the_folder_keeps_every_kind(
    serving: Path, riftcodex: str, from_folder: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RIFTBOUND_DATA", raising=False)  # as after a restart without it
    before = read_inventory(serving)
    outcome = refresh_database(serving, riftcodex=riftcodex, fetch_options=FAST)
    assert outcome.result == "swapped", outcome.line
    after = read_inventory(serving)
    assert (
        after.built_from.data_folder == str(from_folder[0].resolve())
        and after.built_from.riftcodex == riftcodex
    )
    for kind, n in before.kinds.items():
        assert after.kinds.get(kind, 0) >= n * 0.95, (
            kind
        )  # every kind kept: rules, rulings, ban lists, errata
    assert [p.name for p in serving.parent.iterdir()] == [serving.name]


def test_a_refresh_that_brings_nothing_new_swaps_nothing(serving: Path, riftcodex: str) -> None:
    assert refresh_database(serving, riftcodex=riftcodex, fetch_options=FAST).result == "swapped"
    once = digest(serving)
    again = refresh_database(serving, riftcodex=riftcodex, fetch_options=FAST)
    assert again.result == "unchanged" and digest(serving) == once


def test_a_shrinking_build_is_refused_and_the_old_file_is_byte_identical(
    serving: Path, riftcodex: str, from_folder: tuple[Path, Path], tmp_path: Path
) -> None:
    # The folder the database was built from is gone: RiftCodex alone knows no rules of v1.3, no ban lists...
    folder = from_folder[0]
    moved = tmp_path / "moved-away"
    folder.rename(moved)
    try:
        before = digest(serving)
        done = cardsdb_cli(
            "refresh", "--db", str(serving), "--url", riftcodex, "--retries", "0", "--timeout", "2"
        )
        assert done.returncode == 1 and digest(serving) == before
        line = done.stdout.strip()
        assert line.startswith("card database refresh refused: the new build knows less than the one serving")
        assert "rules (Core Rules v1.3): 110 -> none" in line and "ban list (constructed)" in line
        assert f"the data folder it was built from ({folder.resolve()}) is gone" in line and "\n" not in line
        # nothing left beside it but the cache of meanings, kept for the next try (cardsdb.build.meanings)
        kept = {serving.name, cache_path(serving).name}
        assert [p.name for p in serving.parent.iterdir() if p.name not in kept] == []
        forced = cardsdb_cli(
            "refresh", "--db", str(serving), "--url", riftcodex, "--allow-shrink", "--retries", "0"
        )
        assert forced.returncode == 0 and "allowed to shrink" in forced.stdout and digest(serving) != before
    finally:
        moved.rename(folder)


def test_refresh_exits_1_with_one_line_when_riftcodex_is_down(serving: Path) -> None:
    before = digest(serving)
    done = cardsdb_cli(
        "refresh", "--db", str(serving), "--url", "http://127.0.0.1:9", "--retries", "0", "--timeout", "1"
    )
    assert done.returncode == 1 and digest(serving) == before
    assert (
        done.stderr.startswith("error: refresh failed: RiftCodex is unavailable")
        and done.stderr.count("\n") == 1
    )


def test_the_sync_report_gives_no_date_for_rules_it_does_not_have(riftcodex: str, tmp_path: Path) -> None:
    done = cardsdb_cli("sync", "--db", str(tmp_path / "db.sqlite3"), "--url", riftcodex)
    assert done.returncode == 0, done.stderr
    rules = next(line for line in done.stdout.splitlines() if line.startswith("rules:"))
    assert "no Tournament Rules" in rules and "Tournament Rules 0" not in rules and "2026-07-16" not in rules
