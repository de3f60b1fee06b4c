"""The keywords' names below the project's layer are those of the project's data file, read the same."""

from __future__ import annotations

from pathlib import Path

from cardsdb.project.keywords import load_keywords
from cardsdb.text.keywords import keyword_names


def test_the_names_are_the_data_files_keywords() -> None:
    assert keyword_names() == frozenset(k.name for k in load_keywords() if k.kind == "keyword")
    assert {"Hidden", "Quick-Draw", "Show Off"} <= keyword_names()
    assert ">" not in keyword_names()  # a token, not a keyword


def test_another_file_is_read_as_given(tmp_path: Path) -> None:
    path = tmp_path / "keywords.yaml"
    path.write_text(
        "keywords:\n  - {name: Hidden, rule: '811'}\ntokens:\n  - {name: Stun}\n", encoding="utf-8"
    )
    assert keyword_names(path) == frozenset({"Hidden"})
