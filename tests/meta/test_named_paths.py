"""Every file of this repository that the code, the docs or the project's data name by its path exists: a path left
behind by a move (the ruling links still named at the top of cardsdb once the build had moved into its folder) sends a
reader nowhere."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.paths import ROOT

# A path into one of the repository's own folders, named whole: `cardsdb/build/ruling_links.py`, `docs/data.md`.
_NAMED = re.compile(
    r"(?<![\w./-])((?:cardsdb|bot|tools|tests|docs)/(?:[\w.-]+/)*[\w-]+\.(?:py|md|yaml|toml))\b"
)
_READ = ("cardsdb", "bot", "tools", "tests", "docs")
_SUFFIXES = {".py", ".md", ".yaml", ".toml"}


def _texts() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "pyproject.toml"]
    for folder in _READ:
        found += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in _SUFFIXES and "__pycache__" not in p.parts and "fixtures" not in p.parts
        ]
    return [p for p in found if p.is_file()]


def named_paths(text: str) -> set[str]:
    return set(_NAMED.findall(text))


def test_the_walk_reads_paths_as_named() -> None:
    text = (
        "see cardsdb/build/ruling_links.py (and `docs/data.md`), not xcardsdb/a.py nor data/riftbound.sqlite3"
    )
    assert named_paths(text) == {"cardsdb/build/ruling_links.py", "docs/data.md"}


def test_every_path_the_repository_names_exists() -> None:
    missing = sorted(
        f"{path.relative_to(ROOT)}: {named}"
        for path in _texts()
        for named in named_paths(path.read_text(encoding="utf-8", errors="replace"))
        if not (ROOT / named).exists()
    )
    assert missing == []
