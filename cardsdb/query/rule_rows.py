"""The rows of the rules table as every rules part of `CardsDB` reads them: a number's row in a version, every
version's row under a number, titles and sub-rules, and whether the database holds a version."""

from __future__ import annotations

import sqlite3

from cardsdb import rule_numbers
from cardsdb.models import CORE_DOC, V13_RULES_VERSION, PatchNote, Rule
from cardsdb.query.base import Reader
from cardsdb.rule_versions import VERSIONS_BY_DOC
from cardsdb.schema import rule_from_row

# Versions newest first, as SQL: ORDER BY it.
RANK = (
    "CASE version "
    + " ".join(f"WHEN '{v}' THEN {i}" for i, v in enumerate(VERSIONS_BY_DOC[CORE_DOC]))
    + " ELSE 9 END"
)


class RuleRows:
    """Rows of the rules table by number and version."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader

    def row(self, number: str, version: str, doc: str = CORE_DOC) -> sqlite3.Row | None:
        rows = self._reader.rows(
            "SELECT * FROM rules WHERE number = ? AND doc = ? AND version = ?", [number, doc, version]
        )
        return rows[0] if rows else None

    def numbered(self, number: str, doc: str) -> list[sqlite3.Row]:
        """Every version's row under `number`, newest first."""
        return self._reader.rows(
            f"SELECT * FROM rules WHERE number = ? AND doc = ? ORDER BY {RANK}", [number, doc]
        )

    def superseded(self, number: str, version: str = V13_RULES_VERSION) -> bool:
        row = self.row(number, version)
        return bool(row is not None and row["superseded"])

    def title(self, number: str, version: str, doc: str = CORE_DOC) -> str | None:
        row = self.row(number, version, doc)
        if row is None:
            return None
        if row["title"]:
            return str(row["title"])
        return str(row["text"]) if row["kind"] in ("heading", "chapter") and row["text"] else None

    def holds(self, version: str) -> bool:
        return bool(
            self._reader.rows(
                "SELECT 1 FROM rules WHERE doc = ? AND version = ? LIMIT 1", [CORE_DOC, version]
            )
        )

    def children(self, number: str, version: str, doc: str = CORE_DOC) -> list[Rule]:
        rows = self._reader.rows(
            "SELECT * FROM rules WHERE doc = ? AND version = ? AND parent = ? ORDER BY sort_key, number",
            [doc, version, number],
        )
        return [rule_from_row(r) for r in rows if rule_numbers.parent_of(r["number"]) == number]


def patch_note(row: sqlite3.Row) -> PatchNote:
    return PatchNote(
        source=str(row["source"]),
        section=str(row["section"]),
        statement=str(row["statement"]),
        why=str(row["why"] or ""),
        from_version=str(row["from_version"]),
        to_version=str(row["to_version"]),
    )
