"""The keywords the project knows, by name, from its data (cardsdb/project/data/keywords.yaml, `keywords:`), for code
that reads them in card text below the project's layer; the build reads the whole file, checked, through
cardsdb/project/keywords.py (`load_keywords`)."""

from __future__ import annotations

import functools
from pathlib import Path

import yaml

from cardsdb.paths import PROJECT_DATA_DIR

KEYWORDS_FILE = PROJECT_DATA_DIR / "keywords.yaml"


@functools.cache
def keyword_names(path: Path = KEYWORDS_FILE) -> frozenset[str]:
    """The keywords' names as the rules write them ("Hidden", "Quick-Draw", "Show Off")."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return frozenset(str(entry["name"]).strip() for entry in data.get("keywords") or ())
