"""Reading a data folder's JSON files: BuildError with one line naming the file when one is missing, not UTF-8, or
not JSON (a truncated download)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardsdb.errors import BuildError


def read_json(folder: Path, name: str, *, required: bool) -> Any:
    path = folder / name
    if not path.is_file():
        if required:
            raise BuildError(f"required file {name} is missing from {folder}")
        return None
    return read_json_file(path, name)


def read_json_file(path: Path, name: str | None = None) -> Any:
    """A JSON file; BuildError with one line (naming it `name`) when it is not UTF-8 or not JSON (a truncated
    download)."""
    name = name or path.name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise BuildError(f"{name} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise BuildError(
            f"{name} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg}); the file may be truncated"
        ) from None
