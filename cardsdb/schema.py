"""The SQLite schema: what `build` writes and what `query` reads; and its rows read back into the shared plain
objects (cardsdb.models): `card_from_rows`, `rule_from_row`, `ruling_from_row`.

List-valued columns hold JSON arrays as text. Every table is created explicitly from these definitions
(with sqlite-utils ``create``) before ``insert_all``, so that the query layer can rely on the columns.
"""

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

SCHEMA_VERSION = 5  # 2: rules by document and version (v1.4, Tournament Rules), rule_changes, patch_notes;
# 3: card aliases, ban lists by format, printing variants, the wording's source and date; 4: rulings an erratum superseded,
# rulings that cite no rule linked at build time to the rules their words discuss (ruling_links), and columns read only
# where present: what of a card known in part is unknown, why its type is in doubt, the words of a text about a keyword
# that does not name it; 5: rules.scaffold, and asked_questions (read where present: a database without it is read as before),
# card_readings (read where present and compiled by this reader: otherwise each card is compiled as it is asked for)

TABLES: dict[str, dict[str, type]] = {
    # One row per card name.
    "cards": {
        "id": str,  # slug of the name: "hidden-blade"
        "name": str,
        "name_norm": str,  # cardsdb.names.normalize(name): casefolded, punctuation-free
        "types": str,  # JSON ["Spell"]
        "supertypes": str,  # JSON
        "domains": str,  # JSON ["Order"]
        "energy": int,  # null when the card has none
        "power": int,
        "might": int,
        "tags": str,  # JSON
        "keywords": str,  # JSON ["Hidden", "Shield 3"] as printed, value included
        "rarity": str,
        "text": str,  # readable text (symbol tokens in words)
        "text_raw": str,  # with :rb_...: tokens
        "text_source": str,  # where the current wording comes from, in player words ("the official card gallery")
        "text_date": str,  # that wording's date
        "older_wordings": str,  # JSON [{"printing_id", "set_id", "text", "source", "date"}]
        "image_url": str,  # of the printing the text comes from
        "set_id": str,  # of that printing
        "public_code": str,  # of that printing
        "partial": int,  # 1 = its text is not known in full (a seed card, a newer card no source gives the text of)
        "notes": str,  # JSON list of project notes about the card
        "unknown": str,  # JSON ["text", "might", ...]: what is not known yet (models.UNKNOWN_WORDS); [] when known
        "type_doubt": str,  # why its type is in doubt, in player words; null when it is not
    },
    # One row per printing.
    "printings": {
        "id": str,  # "ogn-213-298"; a second printing under one code has its variant added: "opp-017-024-metal"
        "card_id": str,
        "name": str,  # the card's name
        "variant": str,  # "Alternate Art", "Signature", "Overnumbered", "Starter", "Metal", ...; null when plain
        "set_id": str,
        "set_name": str,
        "collector_number": str,
        "public_code": str,
        "rarity": str,
        "image_url": str,
        "artist": str,
        "text_raw": str,
        "orientation": str,
    },
    # Other spellings of a card's name that a lookup accepts: "Swift Scout", "Teemo - Swift Scout (Signature)".
    "card_aliases": {
        "alias": str,  # as a source writes it
        "alias_norm": str,  # cardsdb.names.normalize(alias)
        "card_id": str,
    },
    # Keywords and other bracketed tokens the project knows (cardsdb/project/data/keywords.yaml).
    "keywords": {
        "name": str,  # "Hidden"
        "kind": str,  # "keyword" | "token"
        "rule": str,  # current-rules number where known ("811"), else v1.3 number
        "reminder": str,  # reminder text as printed, readable
        "card_count": int,
        "also": str,  # JSON: words of a text about it that does not name it (Hidden: "face down"); [] for most
    },
    "card_keywords": {
        "card_id": str,
        "keyword": str,  # "Shield"
        "value": str,  # "3" or null
    },
    # Every version of each rules document: the Core Rules overlay (version 2026-10-09), v1.4 and v1.3; the
    # Tournament Rules (2026-07-16). See cardsdb/build/rules.py.
    "rules": {
        "key": str,  # f"{version}:{number}" (Core Rules), f"{doc}:{version}:{number}" (other documents)
        "doc": str,  # core | tournament
        "number": str,
        "version": str,  # 2026-10-09 | v1.4 | v1.3 (core); 2026-07-16 (tournament)
        "version_date": str,
        "kind": str,  # chapter | heading | rule
        "title": str,  # headings; a Tournament Rule's lead words ("Missed Trigger")
        "text": str,
        "wording": str,  # official | summary
        "seed_sentence": str,
        "source": str,  # a current rule's source in player words: "Core Rules 2026-10-09, as quoted on ..."
        "counterpart": str,  # current row: its v1.4 (else v1.3) number; older row: its current number, where known
        "parent": str,  # parent number in the same version
        "sort_key": str,  # zero-padded for ordering
        "superseded": int,  # 1 for an older row whose number the current rules use for another rule
        "lineage": str,  # the same rule in every version shares this (the key of its oldest row)
        "latest": int,  # 1 when no newer version holds this rule: what word searches show
        "scaffold": int,  # 1 for a current row the project added only so that a rule's parent resolves
    },
    # Number moves into the current rules: v1.4 421 -> 422 (the overlay's moves).
    "rule_moves": {
        "version": str,  # v1.3 | v1.4
        "old": str,
        "current": str,
        "note": str,
    },
    # What changed between two versions, matched by wording (cardsdb/build/rule_diff.py), computed at build time.
    "rule_changes": {
        "id": int,
        "doc": str,
        "from_version": str,
        "to_version": str,
        "number": str,  # the number in to_version; for removed and moved, in from_version
        "change": str,  # added | removed | reworded | moved
        "old": str,  # text in from_version
        "new": str,  # text in to_version
        "moved_to": str,  # moved: the number in to_version
        "title": str,
        "wording": str,  # of the new text
        "sort_key": str,
    },
    # Statements of the official patch notes, each tied to the rule it explains where one matches.
    "patch_notes": {
        "id": str,  # "vendetta-001"
        "source": str,  # "Vendetta patch notes"
        "section": str,
        "statement": str,  # "NEW RULE: ..." / "CLARIFIED RULE: ..."
        "why": str,
        "from_version": str,
        "to_version": str,
        "number": str,  # the rule in to_version it explains, or null
    },
    "rulings": {
        "id": str,
        "question": str,
        "answer": str,
        "source": str,  # official | community | seed
        "source_id": str,
        "source_title": str,
        "date": str,
        "url": str,
        "rules": str,  # JSON list of numbers
        "rules_version": str,
        "cards": str,  # JSON list of card names
        "credit": str,  # the attribution a licence asks for (community rulings of riftboundfaq.com), else null
        # "topic" for a heading's text (an FAQ's clarification, an event's ruling on a topic): `question` holds the
        # heading, never shown as a question; null or "question" otherwise
        "kind": str,
        # JSON {"erratum", "date", "source", "card"}: the erratum that changed the card text this ruling rules on,
        # after the ruling's date (build_rulings.superseded_rulings); null when none did
        "superseded_by": str,
    },
    # version: the rules version the ruling numbers by ("2026-10-09", "v1.4", "1.3", "pre-1.3"); resolves: 1 when that
    # version is loaded and has the number
    "ruling_rules": {"ruling_id": str, "number": str, "version": str, "resolves": int},
    "ruling_cards": {"ruling_id": str, "card_id": str},
    # The rules a ruling citing none discusses, linked by its words at build time (cardsdb/build/ruling_links.py): the
    # project's reading, shown as a "related rule", never as the source's citation. rank 0 is the closest.
    "ruling_links": {"ruling_id": str, "rank": int, "doc": str, "version": str, "number": str},
    # Questions players ask, each with the rule that answers it (cardsdb/project/data/asked/): never shown; a question
    # resembling one points at its rule when words are ranked (cardsdb.search.question_rank)
    "asked_questions": {"id": int, "question": str, "doc": str, "version": str, "number": str},
    # What the engine knows of each card's text, compiled once at build time (cardsdb.engine.reading): JSON of its
    # reading (cardsdb/engine/reading/codec.py); meta reader_version names the reader (read only where it matches)
    "card_readings": {"card_id": str, "reading": str},
    # What each text compared by meaning means (cardsdb.build.meanings): kind "asked" (key: asked_questions.id), "rule"
    # (rules.key), "ruling" (rulings.id); vector: float16 bytes of a unit vector. Read where present (words alone
    # without it); left out of the content digest, which holds the texts they are made from.
    "meanings": {"kind": str, "key": str, "vector": bytes},
    "errata": {
        "id": str,
        "card_id": str,
        "card_name": str,
        "new_text": str,
        "old_text": str,
        "source_title": str,
        "date": str,
        "url": str,
    },
    # The newest ban list of each format, and the cards on it.
    "ban_lists": {"format": str, "as_of": str, "source": str},  # format: "constructed", "2v2"
    "bans": {
        "format": str,
        "card_id": str,
        "listed_as": str,  # the name as the list writes it
        "section": str,  # "cards", "battlefields", "legends"
    },
    "meta": {"key": str, "value": str},
}

PRIMARY_KEYS: dict[str, str | tuple[str, ...]] = {
    "cards": "id",
    "printings": "id",
    "keywords": "name",
    "card_keywords": ("card_id", "keyword"),
    "rules": "key",
    "rule_moves": ("version", "old", "current"),
    "rule_changes": "id",
    "patch_notes": "id",
    "rulings": "id",
    "ruling_rules": ("ruling_id", "number", "version"),
    "ruling_cards": ("ruling_id", "card_id"),
    "ruling_links": ("ruling_id", "rank"),
    "asked_questions": "id",
    "card_readings": "card_id",
    "meanings": ("kind", "key"),
    "errata": "id",
    "card_aliases": "alias_norm",
    "ban_lists": "format",
    "bans": ("format", "card_id"),
    "meta": "key",
}

FOREIGN_KEYS: dict[str, list[tuple[str, str, str]]] = {
    "printings": [("card_id", "cards", "id")],
    "card_aliases": [("card_id", "cards", "id")],
    "bans": [("card_id", "cards", "id"), ("format", "ban_lists", "format")],
    "card_keywords": [("card_id", "cards", "id")],
    "card_readings": [("card_id", "cards", "id")],
    "ruling_cards": [("ruling_id", "rulings", "id"), ("card_id", "cards", "id")],
    "ruling_rules": [("ruling_id", "rulings", "id")],
    "ruling_links": [("ruling_id", "rulings", "id")],
}

FTS: dict[str, list[str]] = {
    "cards": ["name", "text"],
    "rules": ["number", "title", "text"],
    "rulings": ["question", "answer"],
}

# Case-insensitive indexes made on purpose (COLLATE NOCASE), as CREATE INDEX statements.
INDEXES: list[str] = [
    "CREATE INDEX IF NOT EXISTS idx_cards_name ON cards(name COLLATE NOCASE)",
    "CREATE INDEX IF NOT EXISTS idx_cards_name_norm ON cards(name_norm)",
    "CREATE INDEX IF NOT EXISTS idx_printings_card ON printings(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_card_aliases_card ON card_aliases(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_bans_card ON bans(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_card_keywords_kw ON card_keywords(keyword COLLATE NOCASE)",
    "CREATE INDEX IF NOT EXISTS idx_rules_number ON rules(number, doc, version)",
    "CREATE INDEX IF NOT EXISTS idx_rules_parent ON rules(doc, version, parent)",
    "CREATE INDEX IF NOT EXISTS idx_rules_lineage ON rules(lineage)",
    "CREATE INDEX IF NOT EXISTS idx_rule_changes ON rule_changes(doc, from_version, to_version, sort_key)",
    "CREATE INDEX IF NOT EXISTS idx_patch_notes_number ON patch_notes(to_version, number)",
    "CREATE INDEX IF NOT EXISTS idx_ruling_rules_number ON ruling_rules(number)",
    "CREATE INDEX IF NOT EXISTS idx_ruling_cards_card ON ruling_cards(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_errata_card ON errata(card_id)",
]

META_KEYS = (
    "schema_version",
    "built_at",  # ISO timestamp
    "source",  # "files:<dir>" or "riftcodex:<url>"
    "cards_updated_at",  # the card data's own date: the newest card source's
    "card_sources",  # JSON [{"source", "as_of", "printings"}]: every card source read
    "legality_as_of",  # the date of the newest ban list, "" without one
    "lacks",  # JSON list of what the card data lacks: "gallery" (newer wording), "errata", "ban_lists"
    "faqs_updated_at",
    "rules_current_version",  # 2026-10-09
    "rules_v14_date",  # 2026-07-16
    "rules_v13_date",  # 2026-03-30
    "rules_tournament_date",  # 2026-07-16
    "count_cards",
    "count_printings",
    "count_battlefields",
    "count_rules_current",
    "count_rules_v14",
    "count_rules_v13",
    "count_rules_tournament",
    "count_rulings",
    "rulings_by_source",  # JSON {"official": {FAQ title: n}, "community": {site: n}, "seed": {"seed claims": n}}
    "rulings_as_of",  # JSON {FAQ id or site: date}: the newer rulings' publication date, the site's newest page
    "warnings",  # JSON list of build warnings (e.g. FAQ citations that no longer resolve)
)


# --- rows read back into the shared plain objects --------------------------------------------------------

_TRAILING_VALUE = re.compile(r"^(.*?)(?<!\s)\s+(\d+|X)$")


def json_list(value: object) -> list[str]:
    if not value or not isinstance(value, str):
        return []
    try:
        loaded = json.loads(value)
    except ValueError:
        return []
    return [str(v) for v in loaded] if isinstance(loaded, list) else []


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
        unknown=tuple(json_list(row["unknown"])) if "unknown" in row.keys() else (),  # noqa: SIM118
        type_doubt=row["type_doubt"] if "type_doubt" in row.keys() else None,  # noqa: SIM118
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
