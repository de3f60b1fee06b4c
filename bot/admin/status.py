"""What is serving, for admins: the card database (its file, whether it can be used, its data's date, its rules
versions, what it was built from, its last refresh and the last good copy beside it) and where settings and buttons
are kept. `python -m bot status [--json]` prints it; the start logs it in one line (`serving_line`). Never a password:
a PostgreSQL URL is described by host, port and database only."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bot.settings import Settings
from bot.store.guild_settings import settings_path
from bot.store.url import describe_database_url
from cardsdb.build.inventory import Inventory, read_inventory
from cardsdb.build.record import last_good_path, read_record
from cardsdb.errors import DatabaseUnavailable
from cardsdb.query.base import file_problem

_FACT_WORDS = (
    ("cards_updated_at", "card data"),
    ("rules_current_version", "Core Rules (current)"),
    ("rules_tournament_date", "Tournament Rules"),
    ("faqs_updated_at", "FAQs"),
    ("legality_as_of", "ban lists"),
)


def settings_store(settings: Settings, env: Mapping[str, str]) -> str:
    """Where settings and buttons are kept, in words, without a password."""
    if settings.database_url is not None:
        return f"PostgreSQL at {describe_database_url(settings.database_url.reveal())} (DATABASE_URL)"
    return f"the SQLite file {settings_path(env)}"


def rules_versions(inventory: Inventory) -> list[str]:
    """ "Core Rules 2026-10-09", "Core Rules v1.4", ...: the rules documents and versions the database holds."""
    return [
        kind[len("rules (") : -1]
        for kind in inventory.kinds
        if kind.startswith("rules (") and kind.endswith(")")
    ]


def database_status(path: Path) -> dict[str, Any]:
    """The card database at `path`, as facts (SQLite's quick check included: about 0.1 s)."""
    found: dict[str, Any] = {"path": str(path), "usable": True, "problem": None}
    problem: DatabaseUnavailable | None = file_problem(path, check_pages=True)
    inventory: Inventory | None = None
    if problem is None:
        try:
            inventory = read_inventory(path)
        except sqlite3.DatabaseError as error:
            problem = DatabaseUnavailable(f"the card database {path} cannot be read ({error})")
    if problem is not None:
        found.update(usable=False, problem=problem.problem)
    record = read_record(path)
    known = inventory or (record.good if record is not None else None)
    if known is not None:
        found["data"] = {words: known.facts[key] for key, words in _FACT_WORDS if known.facts.get(key)}
        found["built_at"] = known.facts.get("built_at")
        found["built_from"] = known.built_from.describe()
        found["rules_versions"] = rules_versions(known)
        found["kinds"] = dict(known.kinds)
        found["from_record"] = inventory is None  # the file cannot be read: the last good build's record
    if record is not None and record.refreshed_at:
        found["last_refresh"] = {
            "at": record.refreshed_at,
            "result": record.refresh_result,
            "line": record.refresh_line,
        }
    copy = last_good_path(path)
    found["last_good_copy"] = str(copy) if copy.is_file() else None
    return found


def status(settings: Settings, env: Mapping[str, str], version: str) -> dict[str, Any]:
    return {
        "version": version,
        "database": database_status(settings.db_path),
        "settings_store": settings_store(settings, env),
        "refresh_hours": settings.refresh_hours,
        "riftcodex": settings.riftcodex_url,
        "data_folder": str(settings.data_dir) if settings.data_dir is not None else None,
    }


def _data_words(database: Mapping[str, Any]) -> str:
    data = database.get("data") or {}
    parts = [f"{words} {data[words]}" for _, words in _FACT_WORDS if data.get(words)]
    versions = database.get("rules_versions") or []
    if versions:
        parts.append("rules held: " + ", ".join(versions))
    return "; ".join(parts) or "no dates known"


def serving_line(found: Mapping[str, Any]) -> str:
    """The start's one line: the database, its data's date, its rules versions, the settings store."""
    database = found["database"]
    return (
        f"serving the card database {database['path']} ({_data_words(database)}; built "
        f"{database.get('built_at') or 'at an unknown time'} from {database.get('built_from') or 'unknown sources'}); "
        f"settings and buttons in {found['settings_store']}"
    )


def format_status(found: Mapping[str, Any]) -> str:
    """`python -m bot status` as text, a line a fact."""
    database = found["database"]
    lines = [f"riftbound-rules-bot {found['version']}", f"card database: {database['path']}"]
    if database["usable"]:
        lines.append("  state: usable (SQLite's quick check passed)")
    else:
        lines.append(f"  state: NOT usable: {database['problem']}")
    if database.get("from_record"):
        lines.append("  (what follows is the last good build, from the record beside the file)")
    lines.append(f"  data: {_data_words(database)}")
    lines.append(
        f"  built: {database.get('built_at') or 'unknown'} from {database.get('built_from') or 'unknown'}"
    )
    refresh = database.get("last_refresh")
    if refresh:
        lines.append(f"  last refresh: {refresh['at']}, {refresh['result']}: {refresh['line']}")
    else:
        lines.append("  last refresh: none recorded")
    lines.append(f"  last good copy: {database['last_good_copy'] or 'none'}")
    hours = found["refresh_hours"]
    lines.append(f"refresh: every {hours:g} h from {found['riftcodex']}" if hours else "refresh: off")
    lines.append(f"settings and buttons: {found['settings_store']}")
    return "\n".join(lines)
