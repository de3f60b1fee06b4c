"""Where the database lives. Read from the environment by callers in `main`, never at import."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DEFAULT_DB_PATH = Path("data") / "riftbound.sqlite3"
DEFAULT_RIFTCODEX_URL = "https://api.riftcodex.com"
PROJECT_DATA_DIR = Path(__file__).resolve().parent / "project" / "data"

BUILD_HINT = (
    "build it with `python -m cardsdb build --source ../shared/riftbound-data` "
    "or `python -m cardsdb sync` (set RIFTBOUND_DB to use another file)"
)


def db_path(env: Mapping[str, str] | None = None, override: str | None = None) -> Path:
    """The database file: an explicit path, else RIFTBOUND_DB, else data/riftbound.sqlite3."""
    if override:
        return Path(override)
    env = os.environ if env is None else env
    value = env.get("RIFTBOUND_DB")
    return Path(value) if value else DEFAULT_DB_PATH


def riftcodex_url(env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return (env.get("RIFTCODEX_URL") or DEFAULT_RIFTCODEX_URL).rstrip("/")


def data_dir(env: Mapping[str, str] | None = None) -> Path | None:
    env = os.environ if env is None else env
    value = env.get("RIFTBOUND_DATA")
    return Path(value) if value else None
