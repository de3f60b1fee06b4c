"""Rows of the card database turned into the shared plain objects (cardsdb.models)."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence

from cardsdb.models import (
    CORE_DOC,
    Card,
    KeywordValue,
    OlderWording,
    Printing,
    Rule,
    Ruling,
    Supersession,
    Wording,
)

_TRAILING_VALUE = re.compile(r"^(.*?)\s+(\d+|X)$")


def json_list(value: object) -> list[str]:
    if not value or not isinstance(value, str):
        return []
    try:
        loaded = json.loads(value)
    except ValueError:
        return []
    return [str(v) for v in loaded] if isinstance(loaded, list) else []


def truncate(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def card_from_rows(
    row: sqlite3.Row, printing_rows: Sequence[sqlite3.Row], keyword_rows: Sequence[sqlite3.Row]
) -> Card:
    """A card from its `cards` row, its `printings` rows (in release order) and its `card_keywords` rows."""
    printings = tuple(
        Printing(
            id=p["id"],
            set_id=p["set_id"] or "",
            set_name=p["set_name"] or "",
            collector_number=str(p["collector_number"] or ""),
            public_code=p["public_code"] or "",
            rarity=p["rarity"],
            image_url=p["image_url"],
            artist=p["artist"],
            variant=p["variant"],
        )
        for p in printing_rows
    )
    valued = {str(r["keyword"]).casefold(): (str(r["keyword"]), r["value"]) for r in keyword_rows}
    keywords: list[KeywordValue] = []
    for printed in json_list(row["keywords"]) or [k for k, _ in valued.values()]:
        match = valued.get(printed.casefold())
        split = _TRAILING_VALUE.match(printed)
        if match is None and split:
            match = valued.get(split.group(1).casefold(), (split.group(1), split.group(2)))
        name, value = match or (printed, None)
        keyword = KeywordValue(name, str(value) if value not in (None, "") else None)
        if keyword not in keywords:  # "Level 6" and "Level 11" are one keyword row: Level 6, 11
            keywords.append(keyword)
    older = []
    try:
        wordings = json.loads(row["older_wordings"] or "[]")
    except ValueError:
        wordings = []
    for item in wordings if isinstance(wordings, list) else []:
        if isinstance(item, dict):
            older.append(
                OlderWording(
                    str(item.get("printing_id", "")),
                    str(item.get("set_id", "")),
                    str(item.get("text", "")),
                    str(item.get("source") or ""),
                    str(item["date"]) if item.get("date") else None,
                )
            )
    return Card(
        id=row["id"],
        name=row["name"],
        types=tuple(json_list(row["types"])),
        supertypes=tuple(json_list(row["supertypes"])),
        domains=tuple(json_list(row["domains"])),
        energy=row["energy"],
        power=row["power"],
        might=row["might"],
        tags=tuple(json_list(row["tags"])),
        keywords=tuple(keywords),
        text=row["text"] or "",
        text_raw=row["text_raw"] or "",
        rarity=row["rarity"],
        printings=printings,
        older_wordings=tuple(older),
        partial=bool(row["partial"]),
        notes=tuple(json_list(row["notes"])),
        text_source=row["text_source"],
        text_date=row["text_date"],
    )


def rule_from_row(row: sqlite3.Row) -> Rule:
    wording: Wording = "summary" if row["wording"] == "summary" else "official"
    return Rule(
        number=row["number"],
        version=row["version"],
        kind=row["kind"] or "rule",
        text=row["text"] or "",
        wording=wording,
        title=row["title"],
        seed_sentence=row["seed_sentence"],
        counterpart=row["counterpart"],
        parent=row["parent"],
        doc=row["doc"] or CORE_DOC,
        superseded=bool(row["superseded"]),
        source=row["source"] if "source" in row.keys() else None,  # noqa: SIM118 (`in row` looks at values)
    )


def ruling_from_row(row: sqlite3.Row) -> Ruling:
    return Ruling(
        id=row["id"],
        question=row["question"] or "",
        answer=row["answer"] or "",
        source=row["source"] or "",
        source_title=row["source_title"] or "",
        date=row["date"],
        url=row["url"],
        rules=tuple(json_list(row["rules"])),
        rules_version=row["rules_version"],
        cards=tuple(json_list(row["cards"])),
        credit=row["credit"] if "credit" in row.keys() else None,  # noqa: SIM118 (`in row` looks at values)
        kind=(row["kind"] if "kind" in row.keys() else None) or "question",  # noqa: SIM118
        superseded=_supersession(row["superseded_by"] if "superseded_by" in row.keys() else None),  # noqa: SIM118
    )


def _supersession(value: str | None) -> Supersession | None:
    if not value:
        return None
    data = json.loads(value)
    if not isinstance(data, dict):
        return None
    return Supersession(
        erratum_date=str(data.get("date") or ""),
        erratum_source=str(data.get("source") or ""),
        card_name=str(data.get("card") or ""),
    )
