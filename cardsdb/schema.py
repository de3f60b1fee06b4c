"""The SQLite schema: what `build` writes and what `query` reads.

List-valued columns hold JSON arrays as text. Every table is created explicitly from these definitions
(with sqlite-utils ``create``) before ``insert_all``, so that the query layer can rely on the columns.
"""

from __future__ import annotations

SCHEMA_VERSION = 2  # 2: card aliases, ban lists by format, printing variants, the wording's source and date

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
        "partial": int,  # 1 = known only from the seeds, kept out of the data counts
        "notes": str,  # JSON list of project notes about the card
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
    },
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
    "rule_moves": ("v13", "current"),
    "rulings": "id",
    "ruling_rules": ("ruling_id", "number", "version"),
    "ruling_cards": ("ruling_id", "card_id"),
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
    "CREATE INDEX IF NOT EXISTS idx_card_aliases_card ON card_aliases(card_id)",
    "CREATE INDEX IF NOT EXISTS idx_bans_card ON bans(card_id)",
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
    "cards_updated_at",  # the card data's own date: the newest card source's
    "card_sources",  # JSON [{"source", "as_of", "printings"}]: every card source read
    "legality_as_of",  # the date of the newest ban list, "" without one
    "lacks",  # JSON list of what the card data lacks: "gallery" (newer wording), "errata", "ban_lists"
    "faqs_updated_at",
    "rules_current_version",  # 2026-10-09
    "rules_v13_date",  # 2026-03-30
    "count_cards",
    "count_printings",
    "count_battlefields",
    "count_rules_current",
    "count_rules_v13",
    "count_rulings",
    "warnings",  # JSON list of build warnings (e.g. FAQ citations that no longer resolve)
)
