"""Rules by version over the real data (skips without ../shared): Core Rules v1.4 beside v1.3 and the current
overlay, the Tournament Rules, what changed, and numbers that mean another rule now."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardsdb.build.importers.rules_text import parse_rules_text
from cardsdb.build.pipeline import build_database
from cardsdb.build.rule_diff import comparable, without_examples
from cardsdb.cli.main import main
from cardsdb.cli.rule_words import notes_text
from cardsdb.models import CURRENT_RULES_VERSION, TOURNAMENT_DOC, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.project.overlay import load_overlay
from cardsdb.query import CardsDB

pytestmark = pytest.mark.real_data  # every test here reads ../shared


@pytest.fixture(scope="module")
def v14(real_data_dir: Path) -> dict[str, str]:
    path = real_data_dir / "rules-2026-07" / "core-rules-v1-4.md"
    if not path.is_file():
        pytest.skip(f"Core Rules v1.4 not found at {path}")
    rules = parse_rules_text(path.read_text(encoding="utf-8"), source=path.name, doc="core").rules
    return {r.number: r.text for r in rules}


def cli(capsys: pytest.CaptureFixture[str], real_db: Path, *argv: str) -> tuple[int, str, str]:
    code = main([argv[0], "--db", str(real_db), *argv[1:]])
    out, err = capsys.readouterr()
    return code, out, err


def cli_json(capsys: pytest.CaptureFixture[str], real_db: Path, *argv: str) -> Any:
    code, out, err = cli(capsys, real_db, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


# --- the done criteria -----------------------------------------------------------------------------------


def test_811_1_d_2_a_answers_v14_and_says_it_is_811_1_d_4_now(
    capsys: pytest.CaptureFixture[str], real_db: Path, real_cards: CardsDB
) -> None:
    view = real_cards.rule("811.1.d.2.a")
    assert view is not None and view.rule.version == V14_RULES_VERSION
    assert view.rule.text.startswith("Each target is treated separately and individually")
    assert view.now == ("811.1.d.4",)
    code, out, _ = cli(capsys, real_db, "rule", "811.1.d.2.a")
    assert code == 0 and out.startswith("Rule 811.1.d.2.a (v1.4, 2026-07-16)")
    assert "Moved: 811.1.d.2.a (v1.4) is 811.1.d.4 now." in out
    data = cli_json(capsys, real_db, "rule", "811.1.d.2.a")
    assert (data["version"], data["doc"], data["now"]) == (V14_RULES_VERSION, "core", ["811.1.d.4"])
    assert [v["version"] for v in data["versions"]] == [V14_RULES_VERSION]


def test_133_6_shows_v14_wording_and_lists_v13s(capsys: pytest.CaptureFixture[str], real_db: Path) -> None:
    data = cli_json(capsys, real_db, "rule", "133.6")
    assert (data["number"], data["version"]) == ("133.6", V14_RULES_VERSION)
    assert data["text"].startswith("Other Cards are not part of either the Main or Rune Decks")
    assert [v["version"] for v in data["versions"]] == [V14_RULES_VERSION, V13_RULES_VERSION]
    assert data["versions"][1]["text"].startswith("Non-Deck Cards are not part of any deck")
    assert all(v["same_rule"] for v in data["versions"])
    assert data["changed"]["from_version"] == V13_RULES_VERSION
    assert "[-Non-Deck-] {+Other+}" in data["changed"]["diff"]
    _, out, _ = cli(capsys, real_db, "rule", "133.6")
    assert "In v1.3: Non-Deck Cards are not part of any deck" in out
    assert "Changed since 133.6 (v1.3): [-Non-Deck-] {+Other+}" in out


def test_811_6_still_answers_the_current_text(capsys: pytest.CaptureFixture[str], real_db: Path) -> None:
    data = cli_json(capsys, real_db, "rule", "811.6")
    assert data["version"] == CURRENT_RULES_VERSION and "the turn after it is hidden" in data["text"]
    assert [v["version"] for v in data["versions"]] == [
        CURRENT_RULES_VERSION,
        V14_RULES_VERSION,
        V13_RULES_VERSION,
    ]
    assert "{+the turn after it is hidden+}" in data["changed"]["diff"]
    older = cli_json(capsys, real_db, "rule", "811.6", "--version", "v1.4")
    assert older["version"] == V14_RULES_VERSION and "the turn after" not in older["text"]


def test_702_2_of_the_tournament_rules_is_missed_trigger(
    capsys: pytest.CaptureFixture[str], real_db: Path
) -> None:
    data = cli_json(capsys, real_db, "rule", "702.2", "--doc", "tournament")
    assert (data["doc"], data["title"]) == (TOURNAMENT_DOC, "Missed Trigger")
    assert data["text"].startswith("Missed Trigger [No Penalty]: The accountable player")
    assert [p["number"] for p in data["parents"]] == ["702"]
    code, out, _ = cli(capsys, real_db, "rule", "702.2", "--doc", "tournament")
    assert code == 0 and out.startswith("Tournament Rule 702.2 (2026-07-16)")


def test_missed_trigger_in_words_finds_702_2(capsys: pytest.CaptureFixture[str], real_db: Path) -> None:
    data = cli_json(capsys, real_db, "rule", "missed trigger", "--doc", "tournament")
    assert (data["number"], data["doc"]) == ("702.2", TOURNAMENT_DOC)
    typed = cli_json(capsys, real_db, "rule", "TR", "702.2")
    assert (typed["number"], typed["doc"]) == ("702.2", TOURNAMENT_DOC)


def test_changes_from_v13_to_v14_under_811_list_811_1_d_2_a_as_added(
    capsys: pytest.CaptureFixture[str], real_db: Path
) -> None:
    changes = cli_json(capsys, real_db, "changes", "--from", "v1.3", "--to", "v1.4", "--under", "811")
    added = [c for c in changes if c["change"] == "added"]
    assert [c["number"] for c in added] == ["811.1.d.2.a"]
    assert added[0]["old"] is None and added[0]["new"].startswith("Each target is treated separately")
    assert {"number", "change", "old", "new", "moved_to"} <= set(changes[0])
    assert any(n["section"] == "Hidden Targeting" for n in added[0]["patch_notes"])
    code, out, _ = cli(capsys, real_db, "changes", "--from", "v1.3", "--to", "v1.4", "--under", "811")
    assert code == 0 and out.startswith(
        "Core Rules v1.3 -> v1.4, under 811 (v1.4): 1 added, 0 removed, 1 reworded"
    )
    assert "+ added 811.1.d.2.a (v1.4)" in out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["rule", "811.6", "--version", "v9"], "unknown Core Rules version 'v9': use 2026-10-09, v1.4, v1.3"),
        (["rule", "811.6", "--doc", "casual"], "unknown rules document 'casual': use core or tournament"),
        (["rule", "702.2", "--doc", "tournament", "--version", "v1.4"], "unknown Tournament Rules version"),
        (["changes", "--from", "v1.4", "--to", "v1.3"], "v1.4 is newer than v1.3"),
        (["changes", "--from", "v1.3", "--to", "1.3"], "from and to are both v1.3"),
        (["changes", "--from", "v1.3", "--to", "v2"], "unknown Core Rules version 'v2'"),
        (
            ["changes", "--from", "v1.3", "--to", "v1.4", "--under", "hidden"],
            "under: 'hidden' is not a rule number",
        ),
    ],
)
def test_a_bad_version_is_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], real_db: Path, argv: list[str], expected: str
) -> None:
    code, out, err = cli(capsys, real_db, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and expected in err and err.count("\n") == 1


# --- numbers are not meanings ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "now"),
    [("421", ("422",)), ("811.1.d.3", ("811.1.d.5",)), ("457.1", ("459.1",)), ("323.7", ("323.6.a",))],
)
def test_a_v14_number_says_what_it_is_called_now(
    real_cards: CardsDB, number: str, now: tuple[str, ...]
) -> None:
    view = real_cards.rule(number, version="v1.4")
    assert view is not None and view.rule.version == V14_RULES_VERSION and view.now == now


def test_811_1_d_3_answers_the_current_rule_and_says_v14s_was_another(real_cards: CardsDB) -> None:
    view = real_cards.rule("811.1.d.3")
    assert view is not None and view.rule.version == CURRENT_RULES_VERSION
    assert "play effect of a hidden permanent" in view.rule.text
    assert [(v.version, v.same_rule) for v in view.versions] == [
        (CURRENT_RULES_VERSION, True),
        (V14_RULES_VERSION, False),
        (V13_RULES_VERSION, False),
    ]
    assert notes_text(view.moved) == (
        "811.1.d.2 (v1.3, v1.4) is 811.1.d.3 now.",
    )  # one sentence for both versions


def test_811_5_a_reversed_is_never_shown_as_current(real_cards: CardsDB) -> None:
    view = real_cards.rule("811.5.a")
    assert view is not None and view.rule.is_current and "not a card with Hidden" in view.rule.text
    older = real_cards.rule("811.5.a", version="v1.4")
    assert older is not None and older.rule.superseded
    assert (
        "Not a current rule in these words: the current rules changed it (see 811.5.a); this is v1.4's text."
        in notes_text(older.notes)
    )
    # v1.4's words find the current rule first, and never the reversed v1.4 text
    found = real_cards.search_rules("independent of the state of being facedown")
    assert (found[0].number, found[0].version) == ("811.5.a", CURRENT_RULES_VERSION)
    assert not [r for r in found if r.number == "811.5.a" and r.version != CURRENT_RULES_VERSION]


def test_a_number_the_current_rules_gave_to_another_rule_says_so(real_cards: CardsDB) -> None:
    view = real_cards.rule("811.1.d.3", version="v1.4")
    assert view is not None and view.now == ("811.1.d.5",)
    assert (
        "In the current rules 811.1.d.3 is another rule; this is v1.4's 811.1.d.3, not a current rule."
        in notes_text(view.notes)
    )
    assert "What the current rules number 811.1.d.3 was 811.1.d.2 (v1.4)." in notes_text(view.notes)


def test_a_renumbered_rule_is_moved_between_v13_and_v14(real_cards: CardsDB) -> None:
    found = real_cards.changes("v1.3", "v1.4", "452")
    assert [(c.change, c.number, c.moved_to) for c in found.changes if c.number == "452.1"] == [
        ("moved", "452.1", "457.1")
    ]


def test_changes_into_the_current_rules_are_partial_and_list_no_removals(real_cards: CardsDB) -> None:
    found = real_cards.changes("v1.4", "2026-10-09", "811")
    assert found.partial
    kinds = {(c.change, c.number, c.moved_to) for c in found.changes}
    assert ("moved", "811.1.d.2.a", "811.1.d.4") in kinds
    assert ("moved", "811.1.d.3", "811.1.d.5") in kinds
    assert ("reworded", "811.6", None) in kinds
    assert ("added", "811.1.d.3.a", None) in kinds
    assert not any(c.change == "removed" for c in found.changes)
    # the seeds quote 811.2 without its example: that is no rewording
    assert not any(c.number == "811.2" for c in found.changes)


def test_the_patch_notes_sit_beside_the_rules_they_explain(real_cards: CardsDB) -> None:
    flow = real_cards.changes("v1.3", "v1.4", "829")
    heading = next(c for c in flow.changes if c.number == "829")
    assert heading.change == "added" and any(
        n.section == "Vendetta Addition: Flow" for n in heading.patch_notes
    )
    view = real_cards.rule("811.1.d.4")
    assert view is not None and any(n.section == "Hidden Targeting" for n in view.patch_notes)


# --- the overlay's v1.4 numbers, against the v1.4 text --------------------------------------------------


def test_every_v14_counterpart_and_move_exists_in_v14(v14: dict[str, str]) -> None:
    overlay = load_overlay()
    assert [r.number for r in overlay.rules if r.v14 and r.v14 not in v14] == []
    assert [m.v14 for m in overlay.moves if m.v14 and m.v14 not in v14] == []


def test_quoted_rules_read_as_their_v14_counterparts(v14: dict[str, str]) -> None:
    """A rule the seeds quote word for word matches its v1.4 counterpart, or differs where the patch notes changed
    it: the list of differences is exactly the rules known to have changed."""
    overlay = load_overlay()
    changed = {
        row.number
        for row in overlay.rules
        if row.wording == "official"
        and row.v14
        and comparable(without_examples(v14[row.v14])) != comparable(row.text)
    }
    # 811.1.b writes [A] for "Any Rune"; 811.1.d says "from Hidden" for "from facedown"; 811.1.d.2 and 811.1.d.3
    # split v1.4's 811.1.d.2; 811.6 adds "the turn after it is hidden".
    assert changed == {"811.1.b", "811.1.d", "811.1.d.2", "811.1.d.3", "811.6"}


@pytest.mark.parametrize(
    ("current", "words"),
    [
        ("422.1", "placing a card facedown at a Battlefield you control"),
        ("422.2", "Hiding is a Discretionary Action"),
        ("422.4", "If a facedown card would change zones"),
        (
            "323.6.a",
            "Remove all Hidden cards from all Battlefields that are not controlled by the same player",
        ),
        ("459.1", "un-attached non-Unit Gear"),
        ("811.1.d.4", "Each target is treated separately and individually"),
        ("811.1.d.5", "causes you to play a unit, you must choose to play that unit at that battlefield"),
        ("107.3.f", "facedown cards located there are Private"),
        ("129.4", "A facedown card's front side is considered Private Information"),
        ("356.1.b.3", "Further additional costs"),
    ],
)
def test_summaries_name_the_v14_rule_that_says_it(v14: dict[str, str], current: str, words: str) -> None:
    row = load_overlay().rule(current)
    assert row is not None and row.v14 is not None and words in v14[row.v14]


def test_superseded_v14_numbers_say_something_else_in_v14(v14: dict[str, str]) -> None:
    superseded = load_overlay().superseded_v14
    assert [n for n in superseded if n not in v14] == []
    assert v14["422"] == "Discard" and v14["459"] == "Combat" and "459.1" not in v14
    assert "independent of the state of being facedown" in v14["811.5.a"]
    assert "hidden spell or a play effect of a hidden permanent chooses" in v14["811.1.d.2"]
    assert "causes you to play a unit" in v14["811.1.d.3"]


# --- the build ------------------------------------------------------------------------------------------


def _numbered_lines(path: Path) -> Counter[str]:
    """The rules a document numbers, by chapter: each number that opens a line of the file, counted once."""
    text = path.read_text(encoding="utf-8")
    numbers = set(re.findall(r"(?m)^\s*(?:[-*]\s*)?(\d{3}(?:\.(?:\d+|[a-z]))*)\.?\s", text))
    return Counter(f"{n[0]}00" for n in numbers)


def test_the_build_reports_rules_per_chapter(real_data_dir: Path, tmp_path: Path) -> None:
    report = build_database(real_data_dir, tmp_path / "r.sqlite3")
    core = _numbered_lines(real_data_dir / "rules-2026-07" / "core-rules-v1-4.md")
    tournament = _numbered_lines(real_data_dir / "rules-2026-07" / "tournament-rules-2026-07-16.md")
    assert report.rule_chapters["core v1.4"] == dict(sorted(core.items()))
    assert sum(core.values()) == report.counts["rules_v14"]
    assert report.rule_chapters["tournament 2026-07-16"] == dict(sorted(tournament.items()))
    assert sum(tournament.values()) == report.counts["rules_tournament"]
    shown = " · ".join(f"{k} {v}" for k, v in sorted(core.items()))
    assert f"rules per chapter, core v1.4: {shown}" in report.summary()
    # the overlay's v1.3 and v1.4 numbers agree with how v1.3 and v1.4 match by wording
    assert [w for w in report.warnings if w.startswith("rules_current.yaml")] == []


def test_rulings_resolve_against_their_own_version(real_cards: CardsDB) -> None:
    rows = real_cards.reader.rows(
        "SELECT number, version, resolves FROM ruling_rules WHERE ruling_id LIKE 'riftbound-spiritforged%'"
    )
    assert rows and {r["version"] for r in rows} == {"pre-v1.3"}
    assert any(r["number"] == "735.1.c" and r["resolves"] == 0 for r in rows)
    seeds = real_cards.reader.rows("SELECT version, resolves FROM ruling_rules WHERE ruling_id LIKE 'kp-%'")
    assert seeds and all(r["version"] == CURRENT_RULES_VERSION and r["resolves"] == 1 for r in seeds)
