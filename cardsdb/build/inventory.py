"""What a card database holds, kind by kind, and what it was built from: so that a refresh never swaps in a database
that knows less than the one serving (`cardsdb.build.refresh`).

A kind is a count a player would miss: cards, printings, the rules of each document and version, the rulings of each
source, each format's ban list, errata. A new build may hold less of a kind than the one serving by at most
`SHRINK_TOLERANCE` (upstream removing duplicate records); a kind it lacks, or one that shrank further, refuses it.
"""

from __future__ import annotations

import json
import sqlite3
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

SHRINK_TOLERANCE = 0.05  # a kind may hold up to 5% less than in the database serving

_DOC_NAMES = {"core": "Core Rules", "tournament": "Tournament Rules"}


@dataclass(frozen=True)
class BuiltFrom:
    """The sources a database was built from, as the build recorded them (meta `built_from`)."""

    data_folder: str | None = None  # the data folder's absolute path
    riftcodex: str | None = None  # the RiftCodex API's base URL, when its cards were fetched
    built_at: str | None = None

    @classmethod
    def from_meta(cls, value: str | None) -> BuiltFrom:
        try:
            data = json.loads(value or "{}")
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        return cls(
            data_folder=_text(data.get("data_folder")),
            riftcodex=_text(data.get("riftcodex")),
            built_at=_text(data.get("built_at")),
        )

    def to_meta(self) -> str:
        return json.dumps(
            {"data_folder": self.data_folder, "riftcodex": self.riftcodex, "built_at": self.built_at},
            ensure_ascii=False,
        )

    def describe(self) -> str:
        """ "the data folder /srv/riftbound-data and RiftCodex (https://api.riftcodex.com)"."""
        parts = []
        if self.data_folder:
            parts.append(f"the data folder {self.data_folder}")
        if self.riftcodex:
            parts.append(f"RiftCodex ({self.riftcodex})")
        return " and ".join(parts) or "the project's own data alone"


@dataclass(frozen=True)
class Inventory:
    """Counts per kind (`kind -> n`, keys in player words: "rules (Core Rules v1.4)"), the sources, and a digest of
    the content (equal digests: the same data, whenever it was built)."""

    kinds: Mapping[str, int] = field(default_factory=dict)
    built_from: BuiltFrom = field(default_factory=BuiltFrom)
    digest: str | None = None


def _text(value: object) -> str | None:
    return str(value) if isinstance(value, str) and value.strip() else None


def read_inventory(path: Path) -> Inventory:
    """The inventory of the database at `path`, opened read-only. Raises sqlite3.DatabaseError when it cannot be
    read (damaged, not a database)."""
    uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        return _inventory(connection)
    finally:
        connection.close()


def _inventory(connection: sqlite3.Connection) -> Inventory:
    tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    kinds: dict[str, int] = {}

    def count(kind: str, sql: str) -> None:
        kinds[kind] = int(connection.execute(sql).fetchone()[0])

    for table, kind in (("cards", "cards"), ("printings", "printings"), ("errata", "errata")):
        if table in tables:
            count(kind, f"SELECT COUNT(*) FROM {table}")
    if "rules" in tables:
        for doc, version, n in connection.execute(
            "SELECT doc, version, COUNT(*) FROM rules GROUP BY doc, version ORDER BY doc, version"
        ):
            kinds[f"rules ({_DOC_NAMES.get(doc, doc)} {version})"] = int(n)
    if "rulings" in tables:
        for source, n in connection.execute(
            "SELECT source, COUNT(*) FROM rulings GROUP BY source ORDER BY source"
        ):
            kinds[f"rulings ({source})"] = int(n)
    if "ban_lists" in tables and "bans" in tables:
        for fmt, n in connection.execute(
            "SELECT l.format, COUNT(b.card_id) FROM ban_lists l LEFT JOIN bans b ON b.format = l.format "
            "GROUP BY l.format ORDER BY l.format"
        ):
            kinds[f"ban list ({fmt})"] = int(n)
    meta: dict[str, str] = {}
    if "meta" in tables:
        meta = {str(k): str(v) for k, v in connection.execute("SELECT key, value FROM meta")}
    return Inventory(
        kinds=kinds, built_from=BuiltFrom.from_meta(meta.get("built_from")), digest=meta.get("content_digest")
    )


def lacking(serving: Inventory, new: Inventory, tolerance: float = SHRINK_TOLERANCE) -> list[str]:
    """What `new` lacks against `serving`, one phrase per kind: a kind it does not hold ("rules (Core Rules v1.4):
    2381 -> none"), or holds more than `tolerance` less of ("cards: 935 -> 45")."""
    found: list[str] = []
    for kind, before in serving.kinds.items():
        after = new.kinds.get(kind, 0)
        if before > 0 and after == 0:
            found.append(f"{kind}: {before} -> none")
        elif after < before * (1 - tolerance):
            found.append(f"{kind}: {before} -> {after}")
    return found
