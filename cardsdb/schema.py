"""The SQLite schema: what `build` writes and what `query` reads.

List-valued columns hold JSON arrays as text. Every table is created explicitly from these definitions
(with sqlite-utils ``create``) before ``insert_all``, so that the query layer can rely on the columns.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

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
        "older_wordings": str,  # JSON [{"printing_id", "set_id", "text"}]
        "image_url": str,  # of the printing the text comes from
        "set_id": str,  # of that printing
        "public_code": str,  # of that printing
        "partial": int,  # 1 = known only from the seeds, kept out of the data counts
        "notes": str,  # JSON list of project notes about the card
    },
    # One row per printing.
    "printings": {
        "id": str,  # "ogn-213-298"
        "card_id": str,
        "name": str,
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
    # Keywords and other bracketed tokens the project knows (cardsdb/data/keywords.yaml).
    "keywords": {
        "name": str,  # "Hidden"
        "kind": str,  # "keyword" | "token"
        "rule": str,  # current-rules number where known ("811"), else v1.3 number
        "reminder": str,  # reminder text as printed, readable
        "card_count": int,
    },
    "card_keywords": {
        "card_id": str,
        "keyword": str,  # "Shield"
        "value": str,  # "3" or null
    },
    # Both rule versions: the current overlay (version 2026-10-09) and v1.3 (version "1.3").
    "rules": {
        "key": str,  # f"{version}:{number}"
        "number": str,
        "version": str,
        "version_date": str,
        "kind": str,  # chapter | heading | rule
        "title": str,  # headings
        "text": str,
        "wording": str,  # official | summary
        "seed_sentence": str,
        "counterpart": str,  # the number in the other version
        "parent": str,  # parent number in the same version
        "sort_key": str,  # zero-padded for ordering
        "superseded": int,  # 1 for a v1.3 row whose number the current rules reuse for something else
    },
    # Number moves between versions: v1.3 421 -> current 422.
    "rule_moves": {
        "v13": str,
        "current": str,
        "note": str,
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
    },
    # version: the rules version the ruling numbers by ("2026-10-09", "v1.4", "1.3", "pre-1.3"); resolves: 1 when that
    # version is loaded and has the number
    "ruling_rules": {"ruling_id": str, "number": str, "version": str, "resolves": int},
    "ruling_cards": {"ruling_id": str, "card_id": str},
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
    "banned": {"name": str, "card_id": str, "date": str},
    "meta": {"key": str, "value": str},
}

PRIMARY_KEYS: dict[str, str | tuple[str, ...]] = {
    "cards": "id",
    "printings": "id",
    "keywords": "name",
    "card_keywords": ("card_id", "keyword"),
    "rules": "key",
    "rule_moves": ("v13", "current"),
    "rulings": "id",
    "ruling_rules": ("ruling_id", "number", "version"),
    "ruling_cards": ("ruling_id", "card_id"),
    "errata": "id",
    "banned": "name",
    "meta": "key",
}

FOREIGN_KEYS: dict[str, list[tuple[str, str, str]]] = {
    "printings": [("card_id", "cards", "id")],
    "card_keywords": [("card_id", "cards", "id")],
    "ruling_cards": [("ruling_id", "rulings", "id"), ("card_id", "cards", "id")],
    "ruling_rules": [("ruling_id", "rulings", "id")],
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
    "CREATE INDEX IF NOT EXISTS idx_card_keywords_kw ON card_keywords(keyword COLLATE NOCASE)",
    "CREATE INDEX IF NOT EXISTS idx_rules_number ON rules(number)",
    "CREATE INDEX IF NOT EXISTS idx_rules_parent ON rules(version, parent)",
    "CREATE INDEX IF NOT EXISTS idx_ruling_rules_number ON ruling_rules(number)",
    "CREATE INDEX IF NOT EXISTS idx_ruling_cards_card ON ruling_cards(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_errata_card ON errata(card_id)",
]

META_KEYS = (
    "schema_version",
    "built_at",  # ISO timestamp
    "source",  # "files:<dir>" or "riftcodex:<url>"
    "cards_updated_at",  # the card data's own date
    "faqs_updated_at",
    "rules_current_version",  # 2026-10-09
    "rules_v13_date",  # 2026-03-30
    "count_cards",
    "count_printings",
    "count_battlefields",
    "count_rules_current",
    "count_rules_v13",
    "count_rulings",
    "rulings_by_source",  # JSON {"official": {FAQ title: n}, "community": {site: n}, "seed": {"seed claims": n}}
    "rulings_as_of",  # JSON {FAQ id or site: date}: the newer rulings' publication date, the site's newest page
    "warnings",  # JSON list of build warnings (e.g. FAQ citations that no longer resolve)
)
