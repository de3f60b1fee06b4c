"""`python -m tools.asked`: the asked files written back one a section read as they were, and the guard's removal over
small sets written here (counts only are printed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.project.asked import AskedRule, load_asked
from tools.asked.cli import main
from tools.asked.files import write_files
from tools.asked.guard import alike_counts, without_alike

RULES = [
    AskedRule(
        "811.1.b",
        CORE_DOC,
        CURRENT_RULES_VERSION,
        "811.1.b",
        ("can i hide a card on my first turn", "hide: cost?"),
    ),
    AskedRule(
        "TR 604.1",
        TOURNAMENT_DOC,
        TOURNAMENT_RULES_VERSION,
        "604.1",
        ("how long are rounds at a tournament",),
    ),
    AskedRule("103.2 (v1.4)", CORE_DOC, "v1.4", "103.2", ("how big is a deck", "'quoted' deck size")),
]


def test_the_files_are_written_one_a_section_and_read_back_the_same(tmp_path: Path) -> None:
    written = write_files(tmp_path, RULES)
    assert [p.name for p in written] == ["core-1xx.yaml", "core-8xx.yaml", "tournament-6xx.yaml"]
    assert sorted(load_asked(tmp_path), key=lambda r: r.cited) == sorted(RULES, key=lambda r: r.cited)
    write_files(tmp_path, RULES[:1])
    assert [p.name for p in sorted(tmp_path.iterdir())] == ["core-8xx.yaml"]


def test_the_guard_takes_out_the_indexed_questions_asking_a_measured_one_in_other_words() -> None:
    measured = {"questions_x.yaml": ["how long is a round at a tournament"]}
    assert alike_counts(RULES, measured) == {"questions_x.yaml": 1}
    kept, removed = without_alike(RULES, measured)
    assert removed == 1 and [r.cited for r in kept] == ["811.1.b", "103.2 (v1.4)"]
    assert alike_counts(kept, measured) == {"questions_x.yaml": 0}


def test_the_command_line_says_only_how_many(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixtures, folder = tmp_path / "fixtures", tmp_path / "asked"
    fixtures.mkdir()
    (fixtures / "questions_x.yaml").write_text(
        "questions:\n- q: how long is a round at a tournament\n", encoding="utf-8"
    )
    write_files(folder, RULES)
    assert main(["guard", "--remove", "--folder", str(folder), "--fixtures", str(fixtures)]) == 0
    said = capsys.readouterr().out
    assert said == "questions_x.yaml: 1 indexed questions ask one of its questions\n1 taken out; 4 left\n"
    assert main(["guard", "--folder", str(folder), "--fixtures", str(fixtures)]) == 0
    assert "0 indexed questions" in capsys.readouterr().out
