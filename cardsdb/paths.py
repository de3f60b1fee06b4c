"""Where the database lives. Read from the environment by callers in `main`, never at import."""

from __future__ import annotations

import os
import shlex
from collections.abc import Mapping
from pathlib import Path

DEFAULT_DB_PATH = Path("data") / "riftbound.sqlite3"
DEFAULT_RIFTCODEX_URL = "https://api.riftcodex.com"
PROJECT_DATA_DIR = Path(__file__).resolve().parent / "project" / "data"


def rebuild_hint(path: Path, folder: Path | None = None, env: Mapping[str, str] | None = None) -> str:
    """How to rebuild the database at `path`, with the admin's own paths: from `folder`, else RIFTBOUND_DATA, else
    from RiftCodex alone."""
    folder = folder or data_dir(env)
    where = f" --db {shlex.quote(str(path))}"
    if folder is not None:
        return f"rebuild it with `python -m cardsdb build --source {shlex.quote(str(folder))}{where}`"
    return (
        f"rebuild it with `python -m cardsdb sync{where}` (RiftCodex's cards), or with "
        f"`python -m cardsdb build --source DATA-FOLDER{where}` from a data folder laid out like shared/riftbound-data"
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
