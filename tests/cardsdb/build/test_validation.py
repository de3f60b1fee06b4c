"""A build that meets bad input fails with one clear line and leaves the previous database in place."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from cardsdb.build.pipeline import build_database
from cardsdb.cli.main import main as cardsdb_main
from cardsdb.errors import BuildError
from cardsdb.models import V13_RULES_VERSION
from cardsdb.project.claims import Claim
from tests.support.paths import FIXTURE_DATA
from tests.support.riftcodex import temporary_files

FIXTURE = FIXTURE_DATA


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(FIXTURE, folder)
    return folder


@pytest.fixture()
def previous(tmp_path: Path, data: Path) -> Path:
    """A good database already at the target path."""
    target = tmp_path / "db" / "riftbound.sqlite3"
    build_database(data, target, claims=())
    return target


def _marker(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT value FROM meta WHERE key = 'built_at'").fetchone()[0])


def _fails_and_keeps(data: Path, target: Path, match: str, **kwargs: object) -> None:
    kwargs.setdefault("claims", ())  # the project's claims are tested in tests/cardsdb/build/test_pipeline.py
    before = target.read_bytes()
    with pytest.raises(BuildError, match=match) as info:
        build_database(data, target, **kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)
    assert target.read_bytes() == before
    assert temporary_files(target) == []  # no temporary file left behind


def _edit_cards(data: Path, change: Callable[[dict[str, object]], object]) -> None:
    path = data / "cards.json"
    content = json.loads(path.read_text())
    for row in content["cards"]:
        change(row)
    path.write_text(json.dumps(content))


def test_truncated_json(data: Path, previous: Path) -> None:
    path = data / "cards.json"
    path.write_text(path.read_text()[:5000])
    _fails_and_keeps(data, previous, r"cards.json is not valid JSON .*truncated")


def test_truncated_faq_file(data: Path, previous: Path) -> None:
    path = data / "faqs.json"
    path.write_text(path.read_text()[:300])
    _fails_and_keeps(data, previous, r"faqs.json is not valid JSON")


def test_no_card_file(data: Path, previous: Path) -> None:
    (data / "cards.json").unlink()
    for folder in ("gallery-2026-07", "riftcodex-2026-08", "riftcodex"):
        shutil.rmtree(data / folder)
    _fails_and_keeps(data, previous, r"no card file in .*expected cards.json, gallery-\*/cards.json")


def test_a_ban_list_naming_no_card_fails(data: Path, previous: Path) -> None:
    # Targon's Peak is only in cards.json: without it the Constructed list names a card the data lacks.
    (data / "cards.json").unlink()
    _fails_and_keeps(
        data, previous, r"banned.json: the constructed ban list names 'Targon’s Peak', which matches no card"
    )


@pytest.mark.parametrize(
    "name",
    [
        "gallery-2026-07/cards.json",
        "riftcodex-2026-08/cards.json",
        "riftcodex-2026-08/errata-overlay.json",
        "legality-2026-09/banned.json",
        "legality-2026-09/errata-vendetta-radiance.json",
    ],
)
def test_a_truncated_newer_file(data: Path, previous: Path, name: str) -> None:
    path = data / name
    path.write_text(path.read_text()[:200])
    _fails_and_keeps(data, previous, rf"{name} is not valid JSON .*truncated")


def test_a_renamed_field_in_the_newer_gallery(data: Path, previous: Path) -> None:
    path = data / "gallery-2026-07" / "cards.json"
    content = json.loads(path.read_text())
    for row in content["cards"]:
        row["ability"] = row.pop("text")
    path.write_text(json.dumps(content))
    _fails_and_keeps(data, previous, r"gallery-2026-07/cards.json: 6 of 6 card rows .*'text' missing")


def test_missing_rules_file(data: Path, previous: Path) -> None:
    (data / "core-rules-v1-3.tsv").unlink()
    _fails_and_keeps(data, previous, r"core-rules-v1-3.tsv")


def test_required_field_missing_from_many_rows(data: Path, previous: Path) -> None:
    _edit_cards(data, lambda row: row.pop("abilityText"))
    _fails_and_keeps(data, previous, r"abilityText.*format may have changed")


def test_unknown_bracketed_token(data: Path, previous: Path) -> None:
    def change(row: dict[str, object]) -> None:
        if row["name"] == "Hidden Blade":
            row["abilityText"] = "[Hidden] [Sneak 2] Kill a unit."

    _edit_cards(data, change)
    _fails_and_keeps(data, previous, r"Hidden Blade .*\[Sneak 2\].*keywords.yaml")


def test_claim_citing_a_rule_the_table_lacks(data: Path, previous: Path) -> None:
    claim = Claim(
        id="bad-claim",
        source="article",
        section="test",
        question="Q?",
        answer="A.",
        rules=("811.1.b", "999.9"),
        seed_sentence="s",
        cards=(),
        scenarios=(),
    )
    _fails_and_keeps(data, previous, r"claim bad-claim cites rule 999.9", claims=[claim])


def test_claim_citing_a_reused_v13_number_in_its_old_meaning(data: Path, previous: Path) -> None:
    claim = Claim(
        id="old-meaning",
        source="article",
        section="test",
        question="Q?",
        answer="A.",
        rules=("422.1.a",),  # v1.3's Discard; the current rules number Hide 422
        seed_sentence="s",
        cards=(),
        scenarios=(),
    )
    from dataclasses import replace

    from cardsdb.project.overlay import load_overlay

    # The current rules as far as this test knows them hold no 422.1.a, whatever the project's overlay comes to hold:
    # v1.3's 422.1.a (Discard) is then cited in a meaning the current rules gave to another rule (422 is Hide).
    project = load_overlay()
    overlay = replace(project, rules=tuple(r for r in project.rules if r.number != "422.1.a"))
    assert "422.1.a" in overlay.superseded(V13_RULES_VERSION)
    _fails_and_keeps(
        data,
        previous,
        r"claim old-meaning cites 422\.1\.a in its v1\.3 meaning",
        claims=[claim],
        overlay=overlay,
    )


def _claim(*rules: str) -> Claim:
    return Claim(
        id="versioned",
        source="article",
        section="test",
        question="Q?",
        answer="A.",
        rules=rules,
        seed_sentence="s",
        cards=(),
        scenarios=(),
    )


def test_a_claim_citing_an_older_version_is_checked_against_it(
    data: Path, tmp_path: Path, previous: Path
) -> None:
    target = tmp_path / "ok.sqlite3"
    build_database(data, target, claims=[_claim("811.1.b", "421.3 (v1.3)")])
    with sqlite3.connect(target) as conn:
        rows = conn.execute(
            "SELECT number, version, resolves FROM ruling_rules WHERE ruling_id = 'versioned'"
        ).fetchall()
    assert sorted(rows) == [("421.3", "v1.3", 1), ("811.1.b", "2026-10-09", 1)]
    _fails_and_keeps(
        data, previous, r"cites rule 999\.9 \(v1\.3\), which v1\.3 lacks", claims=[_claim("999.9 (v1.3)")]
    )
    _fails_and_keeps(
        data, previous, r"cites 422\.1\.a in its v1\.3 meaning", claims=[_claim("422.1.a (v1.3)")]
    )


def test_missing_data_folder(tmp_path: Path, previous: Path) -> None:
    _fails_and_keeps(tmp_path / "nowhere", previous, "does not exist")


def test_optional_files_may_be_absent(data: Path, tmp_path: Path) -> None:
    for name in ("faqs.json", "errata.json", "banned-cards.json"):
        (data / name).unlink()
    for folder in ("riftcodex", "riftcodex-2026-08", "gallery-2026-07", "legality-2026-09", "rules-2026-07"):
        shutil.rmtree(data / folder)
    report = build_database(data, tmp_path / "out.sqlite3", claims=())
    assert report.counts["cards"] == 29  # the names of cards.json alone
    assert report.bans == {} and "bans: no ban list" in report.summary()
    assert any("faqs.json not found" in w for w in report.warnings)


def test_a_good_build_replaces_the_previous_database(data: Path, previous: Path) -> None:
    first = _marker(previous)
    report = build_database(data, previous, claims=())
    assert report.counts["printings"] == 48  # as tests/cardsdb/build/test_pipeline.py counts them
    assert _marker(previous) >= first


def test_cli_build_prints_a_summary_and_progress(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "cli.sqlite3"
    assert cardsdb_main(["build", "--source", str(data), "--db", str(target)]) == 0
    out, err = capsys.readouterr()
    assert "cards: 32 names (48 printings, 3 battlefields)" in out
    assert "[build] cards: 48 printings, 32 names" in err
    # printings and names per set, names with Hidden, bans per format
    assert "sets: OGN 28 printings/23 names" in out and "VEN 4 printings/3 names" in out
    assert "names with Hidden: 13" in out
    assert "bans (as of 2026-09-18): constructed 2, 2v2 2" in out


def test_cli_build_json(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cardsdb_main(["build", "--source", str(data), "--db", str(tmp_path / "j.sqlite3"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["counts"]["cards"] == 32 and report["counts"]["hidden_names"] == 13
    assert report["sets"]["OPP"] == {"printings": 2, "names": 1}
    assert report["bans"] == {"constructed": 2, "2v2": 2}
    assert report["faq_entries"] == {
        "fixture-origins-faq": 3,
        "fixture-unleashed-faq": 2,
        "fixture-event-rulings": 1,
    }


def test_cli_bad_input_is_one_line_and_exit_2(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (data / "cards.json").write_text("{")
    assert cardsdb_main(["build", "--source", str(data), "--db", str(tmp_path / "x.sqlite3")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("error: cards.json is not valid JSON")
    assert "Traceback" not in "\n".join(err)


def test_cli_db_path_from_environment(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "env.sqlite3"
    monkeypatch.setenv("RIFTBOUND_DB", str(target))
    assert cardsdb_main(["build", "--source", str(data)]) == 0
    assert target.is_file()
