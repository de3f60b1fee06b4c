"""The keywords and other bracketed tokens the project knows (cardsdb/project/data/keywords.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardsdb.errors import BuildError
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import read_yaml, top_list

KEYWORDS_FILE = "keywords.yaml"
TokenKind = Literal["keyword", "token"]


@dataclass(frozen=True)
class KnownToken:
    name: str  # "Shield", ">"
    kind: TokenKind
    rule: str | None = None  # "811"; None for tokens
    rule_version: str | None = None  # the rules version `rule` is numbered in
    takes_value: bool = False  # [Shield 3]
    meaning: str | None = None
    # words of a text about the keyword that does not name it ("face down" for Hidden)
    also: tuple[str, ...] = ()
    seeds_count: int | None = None  # how many cards have it by the seeds' count (Hidden: 44)
    permanent: bool = False  # a keyword only a permanent has ([Tank], [Equip])


def _entry(path: Path, kind: TokenKind, item: object) -> KnownToken:
    if not isinstance(item, dict) or not isinstance(item.get("name"), str) or not item["name"].strip():
        raise BuildError(f"{path.name}: every {kind} needs a 'name', got {item!r:.60}")
    data: dict[str, Any] = item
    rule = data.get("rule")
    if kind == "keyword" and not (isinstance(rule, str) or ("rule" in data and rule is None)):
        raise BuildError(
            f"{path.name}: keyword {data['name']}, field 'rule' must be a quoted rule number, or null where no "
            "source gives one"
        )
    also = data.get("also", [])
    if not isinstance(also, list) or not all(isinstance(w, str) and w.strip() for w in also):
        raise BuildError(f"{path.name}: {kind} {data['name']}, field 'also' must be a list of words")
    seeds_count = data.get("seeds_count")
    if seeds_count is not None and (not isinstance(seeds_count, int) or isinstance(seeds_count, bool)):
        raise BuildError(f"{path.name}: {kind} {data['name']}, field 'seeds_count' must be a whole number")
    value, permanent = data.get("value", False), data.get("permanent", False)
    if not isinstance(value, bool) or not isinstance(permanent, bool):
        raise BuildError(
            f"{path.name}: {kind} {data['name']}, fields 'value' and 'permanent' are true or false"
        )
    version = data.get("rule_version")
    meaning = data.get("meaning")
    return KnownToken(
        name=data["name"].strip(),
        kind=kind,
        rule=rule if isinstance(rule, str) else None,
        rule_version=version if isinstance(version, str) else None,
        takes_value=value,
        meaning=meaning if isinstance(meaning, str) else None,
        also=tuple(w.strip() for w in also),
        seeds_count=seeds_count,
        permanent=permanent,
    )


def load_keywords(path: Path | None = None) -> tuple[KnownToken, ...]:
    """Keywords first, then the other tokens, in file order. Raises BuildError naming what is wrong."""
    path = path or PROJECT_DATA_DIR / KEYWORDS_FILE
    data = read_yaml(path)
    known: list[KnownToken] = []
    sections: tuple[tuple[str, TokenKind], ...] = (("keywords", "keyword"), ("tokens", "token"))
    for key, kind in sections:
        known.extend(_entry(path, kind, item) for item in top_list(path, data, key))
    names = [t.name for t in known]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise BuildError(f"{path.name}: listed twice: {', '.join(duplicates)}")
    return tuple(known)
