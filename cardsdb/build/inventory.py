"""What a card database holds, kind by kind, and what it was built from: so that a refresh or a rebuild never swaps
in a database that knows less than the last good one (`cardsdb.build.refresh`, `cardsdb.build.recover`).

A kind is a count of what a player gets, by content, not rows: cards, printings, cards with text, with Might, with
domains, cards with each keyword the project knows (`cardsdb.text.keywords.keyword_names`), the rules of each document and
version, the rulings of each source, each format's ban list (with its date), errata, the indexed questions players ask.
A new build may hold less of a kind than the last good one by at most `SHRINK_TOLERANCE` (upstream merging duplicate
records); a kind it lacks, or one that shrank further, refuses it. A ban list of a newer date replaces the older one
whatever its length (a card unbanned is news, not a loss).
"""

from __future__ import annotations

import json
import sqlite3
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardsdb.text.keywords import keyword_names

# The one tolerance: a kind may hold up to 2% less than in the last good build (1,065 cards may become 1,044 when
# upstream merges duplicates); 42 -> 40 cards with Hidden (4.8%) or 1,017 -> 929 cards with text is refused.
SHRINK_TOLERANCE = 0.02

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
    as_of: Mapping[str, str] = field(default_factory=dict)  # kind -> its date (ban lists)
    facts: Mapping[str, str] = field(default_factory=dict)  # what is serving: the data's and the rules' dates

    def to_json(self) -> dict[str, object]:
        return {
            "kinds": dict(self.kinds),
            "built_from": json.loads(self.built_from.to_meta()),
            "digest": self.digest,
            "as_of": dict(self.as_of),
            "facts": dict(self.facts),
        }

    @classmethod
    def from_json(cls, data: object) -> Inventory:
        """An inventory as `to_json` wrote it (the build record beside the database); an empty one for anything else."""
        if not isinstance(data, dict):
            return cls()
        kinds = data.get("kinds")
        return cls(
            kinds={str(k): int(v) for k, v in kinds.items() if isinstance(v, int)}
            if isinstance(kinds, dict)
            else {},
            built_from=BuiltFrom.from_meta(json.dumps(data.get("built_from") or {})),
            digest=_text(data.get("digest")),
            as_of=_texts(data.get("as_of")),
            facts=_texts(data.get("facts")),
        )


def _text(value: object) -> str | None:
    return str(value) if isinstance(value, str) and value.strip() else None


def _texts(value: object) -> dict[str, str]:
    return {str(k): v for k, v in value.items() if isinstance(v, str)} if isinstance(value, dict) else {}


# The meta keys that say what is serving (`Inventory.facts`): the card data's date, the rules' versions and dates.
FACT_KEYS = (
    "built_at",
    "cards_updated_at",
    "legality_as_of",
    "faqs_updated_at",
    "rules_current_version",
    "rules_v14_date",
    "rules_v13_date",
    "rules_tournament_date",
)


def read_inventory(path: Path) -> Inventory:
    """The inventory of the database at `path`, opened read-only. Raises sqlite3.DatabaseError when it cannot be
    read (damaged, not a database)."""
    uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
    connection = sqlite3.connect(uri, uri=True)
    try:
        return _inventory(connection)
    finally:
        connection.close()


def quick_check(path: Path) -> str | None:
    """SQLite's quick integrity check of the file (about 0.1 s): None when it passes, else what it found (one line)."""
    try:
        connection = sqlite3.connect(f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro", uri=True)
        try:
            rows = connection.execute("PRAGMA quick_check").fetchall()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    found = [str(r[0]) for r in rows]
    if found == ["ok"]:
        return None
    return f"SQLite's quick check found damaged pages ({len(found)} problem{'s' if len(found) != 1 else ''})"


def _inventory(connection: sqlite3.Connection) -> Inventory:
    tables = {r[0] for r in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    kinds: dict[str, int] = {}
    as_of: dict[str, str] = {}

    def count(kind: str, sql: str) -> None:
        kinds[kind] = int(connection.execute(sql).fetchone()[0] or 0)

    for table, kind in (("cards", "cards"), ("printings", "printings"), ("errata", "errata")):
        if table in tables:
            count(kind, f"SELECT COUNT(*) FROM {table}")
    if "cards" in tables:
        _card_contents(connection, kinds, tables)
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
        for fmt, date, n in connection.execute(
            "SELECT l.format, l.as_of, COUNT(b.card_id) FROM ban_lists l LEFT JOIN bans b ON b.format = l.format "
            "GROUP BY l.format ORDER BY l.format"
        ):
            kinds[f"ban list ({fmt})"] = int(n)
            as_of[f"ban list ({fmt})"] = str(date or "")
    if "asked_questions" in tables:
        count("indexed questions", "SELECT COUNT(*) FROM asked_questions")
    meta: dict[str, str] = {}
    if "meta" in tables:
        meta = {str(k): str(v) for k, v in connection.execute("SELECT key, value FROM meta")}
    return Inventory(
        kinds=kinds,
        built_from=BuiltFrom.from_meta(meta.get("built_from")),
        digest=meta.get("content_digest"),
        as_of=as_of,
        facts={k: meta[k] for k in FACT_KEYS if meta.get(k)},
    )


def _card_contents(connection: sqlite3.Connection, kinds: dict[str, int], tables: set[str]) -> None:
    """What the cards hold: text, Might, domains, and each keyword the engine reads (a card that lost its text loses
    these too, while the count of cards stays)."""
    text, might, domains = connection.execute(
        "SELECT COALESCE(SUM(text IS NOT NULL AND TRIM(text) != ''), 0), COALESCE(SUM(might IS NOT NULL), 0), "
        "COALESCE(SUM(domains IS NOT NULL AND domains NOT IN ('', '[]')), 0) FROM cards"
    ).fetchone()
    kinds["cards with text"], kinds["cards with Might"], kinds["cards with domains"] = (
        int(text),
        int(might),
        int(domains),
    )
    if "card_keywords" in tables:
        known = {name.casefold() for name in keyword_names()}
        for keyword, n in connection.execute(
            "SELECT keyword, COUNT(DISTINCT card_id) FROM card_keywords GROUP BY keyword ORDER BY keyword"
        ):
            if str(keyword).casefold() in known:
                kinds[f"cards with {keyword}"] = int(n)


def lacking(serving: Inventory, new: Inventory, tolerance: float = SHRINK_TOLERANCE) -> list[str]:
    """What `new` lacks against `serving` (the last good build), one phrase per kind: a kind it does not hold ("rules
    (Core Rules v1.4): 2381 -> none"), or holds more than `tolerance` less of ("cards with text: 1017 -> 929"). A ban
    list of a newer date stands whatever its length."""
    found: list[str] = []
    for kind, before in serving.kinds.items():
        after = new.kinds.get(kind, 0)
        if kind in new.kinds and new.as_of.get(kind, "") > serving.as_of.get(kind, ""):
            continue
        if before > 0 and after == 0:
            found.append(f"{kind}: {before} -> none")
        elif after < before * (1 - tolerance):
            found.append(f"{kind}: {before} -> {after}")
    return found
