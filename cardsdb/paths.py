"""Where the database lives. Read from the environment by callers in `main`, never at import."""

from __future__ import annotations

import os
import shlex
import urllib.parse
from collections.abc import Mapping
from pathlib import Path

from cardsdb.errors import SettingError

DEFAULT_DB_PATH = Path("data") / "riftbound.sqlite3"
DEFAULT_RIFTCODEX_URL = "https://api.riftcodex.com"
PROJECT_DATA_DIR = Path(__file__).resolve().parent / "project" / "data"


def rebuild_hint(path: Path, folder: Path | None = None, env: Mapping[str, str] | None = None) -> str:
    """How to rebuild the database at `path`, with the admin's own paths: from `folder` (the one it was built from),
    else RIFTBOUND_DATA; else `recover`, which puts back the last good copy beside it or asks RiftCodex (never `sync`
    alone, which would drop the rules, the rulings and the ban lists without a word)."""
    folder = folder or data_dir(env)
    where = f" --db {shlex.quote(str(path))}"
    if folder is not None:
        return f"rebuild it with `python -m cardsdb build --source {shlex.quote(str(folder))}{where}`"
    return (
        f"rebuild it with `python -m cardsdb build --source` and your data folder{where}, or put back its last "
        f"good copy with `python -m cardsdb recover{where}`"
    )


def db_path(env: Mapping[str, str] | None = None, override: str | None = None) -> Path:
    """The database file: an explicit path (`--db`), else RIFTBOUND_DB, else data/riftbound.sqlite3. Raises
    SettingError when it names a folder."""
    env = os.environ if env is None else env
    name, value = ("--db", override) if override else ("RIFTBOUND_DB", env.get("RIFTBOUND_DB"))
    path = Path(value) if value else DEFAULT_DB_PATH
    if path.is_dir():
        raise SettingError(
            f"{name} names a folder ({path}), not the database file: name the file, like {path / DEFAULT_DB_PATH.name}"
        )
    return path


def riftcodex_url(env: Mapping[str, str] | None = None, override: str | None = None) -> str:
    """The RiftCodex API's base URL: `--url`, else RIFTCODEX_URL, else the public one. Raises SettingError when it
    is not an http(s) URL with a host (`api.riftcodex.com` alone would be read as a file name)."""
    env = os.environ if env is None else env
    name, value = ("--url", override) if override else ("RIFTCODEX_URL", env.get("RIFTCODEX_URL"))
    return check_url(name, value or DEFAULT_RIFTCODEX_URL)


def check_url(name: str, value: str) -> str:
    text = value.strip()
    try:
        parts = urllib.parse.urlsplit(text)
        parts.port  # noqa: B018  (raises ValueError for a port that is not a number)
    except ValueError:
        parts = urllib.parse.urlsplit("")
    if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in text):
        raise SettingError(
            f"{name} must be an http:// or https:// URL like {DEFAULT_RIFTCODEX_URL}, not {value[:60]!r}"
        )
    return text.rstrip("/")


def data_dir(env: Mapping[str, str] | None = None) -> Path | None:
    env = os.environ if env is None else env
    value = env.get("RIFTBOUND_DATA")
    return Path(value) if value else None
