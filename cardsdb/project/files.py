"""Reading the project's own data files (`cardsdb/project/data/`): a YAML file's top-level mapping, its entries with
typed access, and the rule numbers they may hold. Every failure raises `BuildError` with one line naming the file, the
entry and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal, NoReturn, cast

import yaml

from cardsdb.errors import BuildError

# The safe loader, libyaml's where PyYAML was built with it (the questions players ask, asked.yaml, read in a tenth of
# the time), else PyYAML's own: the same documents, the same errors.
_SAFE_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# The seed documents a claim or an overlay row comes from.
ClaimSource = Literal["keyword-page", "article"]
CLAIM_SOURCES: tuple[str, ...] = ("keyword-page", "article")

# 811, 811.1, 811.1.d, 811.1.d.1, 811.1.d.1.a, 107.3.b ...
RULE_NUMBER = re.compile(r"^\d{3}(\.\d+(\.[a-z](\.\d+(\.[a-z](\.\d+)?)?)?)?)?$")
# A claim's number, with the older version it cites where it is not current: "312.2 (v1.4)".
CITED_NUMBER = re.compile(r"^\d{3}(\.\d+(\.[a-z](\.\d+(\.[a-z](\.\d+)?)?)?)?)?( \(v1\.[34]\))?$")


class Entry:
    """Typed access to one mapping of a YAML file; every failure names the file, the entry and the field."""

    def __init__(self, file: str, label: str, data: object) -> None:
        self.file = file
        self.label = label
        if not isinstance(data, dict):
            self.fail(None, f"is a {type(data).__name__}, not a mapping")
        self.data: dict[str, Any] = cast(dict[str, Any], data)

    def fail(self, field: str | None, problem: str) -> NoReturn:
        where = f"{self.file}: {self.label}" + (f", field '{field}'" if field else "")
        raise BuildError(f"{where} {problem}")

    def has(self, field: str) -> bool:
        return field in self.data

    def text(self, field: str) -> str:
        if field not in self.data:
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, str) or not value.strip():
            self.fail(field, f"must be non-empty text, got {value!r:.60}")
        return " ".join(value.split())

    def optional_text(self, field: str) -> str | None:
        value = self.data.get(field)
        if value is None:
            return None
        return self.text(field)

    def choice(self, field: str, allowed: tuple[str, ...]) -> str:
        value = self.text(field)
        if value not in allowed:
            self.fail(field, f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def number(self, field: str, *, optional: bool = False) -> str | None:
        value = self.data.get(field)
        if value is None and optional:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.fail(field, f"must be quoted text (YAML read {value!r} as a number)")
        text = self.text(field)
        if not RULE_NUMBER.match(text):
            self.fail(field, f"is not a rule number: {text!r}")
        return text

    def texts(self, field: str, *, optional: bool = True) -> tuple[str, ...]:
        if field not in self.data or self.data[field] is None:
            if optional:
                return ()
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.fail(field, "must be a list of non-empty texts")
        return tuple(" ".join(v.split()) for v in value)

    def numbers(self, field: str, pattern: re.Pattern[str] = RULE_NUMBER) -> tuple[str, ...]:
        values = self.texts(field)
        for v in values:
            if not pattern.match(v):
                self.fail(field, f"holds {v!r}, which is not a rule number")
        return values

    def items(self, field: str, *, optional: bool = False) -> list[Any]:
        if field not in self.data or self.data[field] is None:
            if optional:
                return []
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, list):
            self.fail(field, "must be a list")
        return value

    def flag(self, field: str) -> bool:
        value = self.data.get(field, False)
        if not isinstance(value, bool):
            self.fail(field, f"must be true or false, got {value!r}")
        return value

    def optional_int(self, field: str) -> int | None:
        value = self.data.get(field)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, f"must be a whole number or null, got {value!r}")
        return int(value)


def read_yaml(path: Path) -> dict[str, Any]:
    """A project data file's top-level mapping; BuildError naming the file (and the line) when it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BuildError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise BuildError(f"{path.name}: is not valid YAML{where}") from None
    if not isinstance(data, dict):
        raise BuildError(f"{path.name}: must hold a mapping at the top level")
    return data


def top_list(path: Path, data: dict[str, Any], key: str) -> list[Any]:
    """`data[key]`, which must be a list."""
    value = data.get(key)
    if not isinstance(value, list):
        raise BuildError(f"{path.name}: top-level '{key}' must be a list")
    return value


def entries(path: Path, data: dict[str, Any], key: str, what: str, name_field: str) -> Iterator[Entry]:
    """Each entry of the top-level list `key`, labelled by its `name_field` ("claim hidden-1"), else by position."""
    for index, item in enumerate(top_list(path, data, key)):
        label = f"{what} #{index + 1}"
        if isinstance(item, dict) and isinstance(item.get(name_field), str):
            label = f"{what} {item[name_field]}"
        yield Entry(path.name, label, item)
