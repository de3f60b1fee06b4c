"""A tiny card database written by hand, for the query layer's tests (independent of the build).

A handful of real cards (text as printed, symbols in words), a few current-rules rows and v1.3 rows
around Hide/Discard and Hidden, the 421 -> 422 move, two rulings and two keywords. Tables and FTS exactly
as cardsdb/schema.py describes them.
"""

from __future__ import annotations

import json
from pathlib import Path

import sqlite_utils

from cardsdb.models import CURRENT_RULES_VERSION, TOURNAMENT_RULES_VERSION, V13_RULES_VERSION
from cardsdb.names import normalize, slug
from cardsdb.schema import FOREIGN_KEYS, FTS, INDEXES, PRIMARY_KEYS, SCHEMA_VERSION, TABLES

HIDDEN_REMINDER = "(Hide now for any power to react with later for 0 energy.)"
ACTION_REMINDER = "(Play on your turn or in showdowns.)"

# name, types, supertypes, domains, energy, power, might, tags, keywords, rarity, set, number, text
CARDS: list[
    tuple[
        str,
        list[str],
        list[str],
        list[str],
        int | None,
        int | None,
        int | None,
        list[str],
        list[str],
        str,
        str,
        int,
        str,
    ]
] = [
    (
        "Hidden Blade",
        ["Spell"],
        [],
        ["Order"],
        2,
        1,
        None,
        [],
        ["Hidden", "Action"],
        "Common",
        "OGN",
        213,
        f"[Hidden] {HIDDEN_REMINDER}\n[Action] {ACTION_REMINDER}\nKill a unit at a battlefield. Its controller draws 2.",
    ),
    (
        "Facebreaker",
        ["Spell"],
        [],
        ["Order"],
        2,
        None,
        None,
        [],
        ["Hidden", "Action"],
        "Uncommon",
        "OGN",
        220,
        f"[Hidden] {HIDDEN_REMINDER}\n[Action] {ACTION_REMINDER}\nStun a friendly unit and an enemy unit at the same battlefield.",
    ),
    (
        "Stand United",
        ["Spell"],
        [],
        ["Calm"],
        3,
        None,
        None,
        [],
        ["Hidden", "Action"],
        "Common",
        "OGN",
        53,
        f"[Hidden] {HIDDEN_REMINDER}\n[Action] {ACTION_REMINDER}\nBuff a friendly unit. Buffs give an additional +1 might to friendly units this turn.",
    ),
    (
        "Teemo, Scout",
        ["Unit"],
        ["Champion"],
        ["Chaos"],
        2,
        None,
        1,
        ["Yordle", "Teemo", "Bandle City"],
        ["Hidden"],
        "Rare",
        "OGN",
        197,
        f"[Hidden] {HIDDEN_REMINDER}\nWhen you play me, give me +3 might this turn.",
    ),
    (
        "Teemo, Strategist",
        ["Unit"],
        ["Champion"],
        ["Mind"],
        2,
        1,
        2,
        ["Yordle", "Teemo", "Bandle City"],
        ["Hidden"],
        "Epic",
        "OGN",
        121,
        f"[Hidden] {HIDDEN_REMINDER}\nWhen I defend, choose an enemy unit here and reveal the top 5 cards of your Main Deck. "
        "Deal 1 to that unit for each card with [Hidden] revealed this way, then recycle the revealed cards.",
    ),
    (
        "Teemo, Swift Scout",
        ["Legend"],
        [],
        ["Mind", "Chaos"],
        None,
        None,
        None,
        ["Teemo"],
        [],
        "Rare",
        "OGN",
        263,
        "You may pay 1 energy to hide a card with [Hidden] instead of any power.\n"
        "1 energy, exhaust: Put a Teemo unit you own into your hand from your Champion Zone or the board.",
    ),
    (
        "Zhonya's Hourglass",
        ["Gear"],
        [],
        ["Calm"],
        2,
        None,
        None,
        [],
        ["Hidden"],
        "Rare",
        "OGN",
        77,
        f"[Hidden] {HIDDEN_REMINDER}\nIf a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it.",
    ),
    (
        "Pouty Poro",
        ["Unit"],
        [],
        ["Fury"],
        2,
        None,
        2,
        ["Poro"],
        ["Deflect"],
        "Common",
        "OGN",
        13,
        "[Deflect] (Opponents must pay any power to choose me with a spell or ability.)",
    ),
    (
        "Bandle Tree",
        ["Battlefield"],
        [],
        ["Colorless"],
        None,
        None,
        None,
        [],
        [],
        "Uncommon",
        "OGN",
        278,
        "You may hide an additional card here.",
    ),
    (
        "Blade of the Ruined King",
        ["Gear"],
        [],
        ["Order"],
        4,
        1,
        None,
        [],
        ["Equip"],
        "Epic",
        "SFD",
        180,
        "[Equip] 1 energy: Attach this to a unit you control. The attached unit gets +3 might.",
    ),
]

CURRENT = CURRENT_RULES_VERSION
V13 = V13_RULES_VERSION

# number, version, kind, title, text, wording, counterpart, superseded
RULES: list[tuple[str, str, str, str | None, str, str, str | None, int]] = [
    ("422", CURRENT, "heading", "Hide", "Hide", "summary", "421", 0),
    (
        "422.1",
        CURRENT,
        "rule",
        None,
        "Hiding a card is placing it facedown at a battlefield you control.",
        "summary",
        "421.1",
        0,
    ),
    (
        "422.2",
        CURRENT,
        "rule",
        None,
        "Hiding is a Discretionary Action: it is done on your turn in an Open State.",
        "summary",
        "421.2",
        0,
    ),
    ("811", CURRENT, "heading", "Hidden", "Hidden", "summary", "811", 0),
    (
        "811.1",
        CURRENT,
        "rule",
        None,
        "Hidden is a keyword that acts as a prerequisite to perform the Hide Discretionary Action.",
        "official",
        "811.1",
        0,
    ),
    (
        "811.1.d",
        CURRENT,
        "rule",
        None,
        "Some choices made while playing a card from facedown are restricted to the battlefield where it was hidden.",
        "official",
        "811.1.d",
        0,
    ),
    (
        "811.1.d.2",
        CURRENT,
        "rule",
        None,
        "If a hidden spell chooses any targets, those targets must be chosen from among options at the battlefield it was "
        "played from, unless it explicitly restricts targeting in such a way that makes this impossible.",
        "official",
        "811.1.d.2",
        0,
    ),
    (
        "811.6",
        CURRENT,
        "rule",
        None,
        "A card that is Hidden gains Reaction the turn after it is hidden while facedown or played from facedown, and may "
        "be played any time a card with Reaction may be played as a result.",
        "official",
        "811.6",
        0,
    ),
    ("421", V13, "heading", None, "Hide", "official", "422", 0),
    (
        "421.1",
        V13,
        "rule",
        None,
        "Hiding a card is the act of placing a card facedown at a Battlefield you control.",
        "official",
        "422.1",
        0,
    ),
    (
        "421.3",
        V13,
        "rule",
        None,
        "Cards that are facedown at Battlefields have their gameplay properties and permissions defined by the effect that put them there.",
        "official",
        None,
        0,
    ),
    ("422", V13, "heading", None, "Discard", "official", None, 1),
    (
        "422.1",
        V13,
        "rule",
        None,
        "Discarding is moving a card from a player's hand directly into their trash without activating its rules text.",
        "official",
        None,
        1,
    ),
    (
        "422.3",
        V13,
        "rule",
        None,
        "When Discarding is listed as a Cost, then the Action must be able to be completed for the cost to be paid.",
        "official",
        None,
        1,
    ),
    ("811", V13, "heading", None, "Hidden", "official", "811", 0),
    ("811.4", V13, "rule", None, "Multiple instances of Hidden are redundant.", "official", None, 0),
    (
        "811.6",
        V13,
        "rule",
        None,
        "A card that is Hidden gains Reaction while facedown or played from facedown, and may be played any time a card "
        "with Reaction may be played as a result.",
        "official",
        "811.6",
        0,
    ),
    ("355", V13, "heading", None, "Targeting", "official", None, 0),
    (
        "355.6",
        V13,
        "rule",
        None,
        "A spell that requires targets cannot be played without legal targets.",
        "official",
        None,
        0,
    ),
]

MOVES = [
    ("421", "422", "Hide is 421 in v1.3 and 422 in the current rules (v1.3's 422 is Discard)."),
    ("421.1", "422.1", "What hiding is: 421.1 in v1.3, 422.1 now."),
]

RULINGS = [
    (
        "seed-when-play",
        "When can I play a card I hid?",
        "From the next turn on. A hidden card gains Reaction the turn after you hide it.",
        "seed",
        "Hidden keyword page",
        "2026-10-16",
        ["811.1.b", "811.6"],
        CURRENT,
        ["Hidden Blade"],
    ),
    (
        "faq-discard",
        "Can I discard a card to pay a cost if I have none?",
        "No: when discarding is a cost, you must be able to discard.",
        "official",
        "Origins FAQ",
        "2025-10-16",
        ["422.3"],
        V13,
        [],
    ),
    (
        "faq-hide",
        "Does hiding a card count as playing it?",
        "No. Hiding is not playing; Jace's cards cannot see it.",
        "official",
        "Origins FAQ",
        "2025-10-16",
        ["421.1"],
        V13,
        ["Teemo, Scout"],
    ),
]

# Tournament Rules rows (number, title, text): one number only they have (702.12), one the Core Rules have too (422).
TOURNAMENT_RULES = [
    (
        "702.12",
        "Drawing Extra Cards",
        "Drawing Extra Cards [Warning]: a player takes more cards than entitled to.",
    ),
    ("422", "Tardiness", "Tardiness: players are seated when the round begins."),
]

# Questions players ask, with the rule answering each (asked_questions): words the rule's own text does not hold.
ASKED = [
    ("is removal allowed with nothing to hit", V13, "355.6"),
]


def _rule_rows() -> list[dict[str, object]]:
    """The rules rows, each current rule sharing its v1.3 counterpart's lineage (v1.3 is the newest complete version
    here: its rows are shown in word searches where no current row holds the rule)."""
    v13 = {number for number, version, *_ in RULES if version == V13}
    lineage = {}
    for number, version, _, _, _, _, counterpart, _ in RULES:
        if version == CURRENT and counterpart in v13:
            lineage[(version, number)] = f"{V13}:{counterpart}"
        else:
            lineage[(version, number)] = f"{version}:{number}"
    held = {line for (version, _), line in lineage.items() if version == CURRENT}
    return [
        {
            "key": f"{version}:{number}",
            "doc": "core",
            "number": number,
            "version": version,
            "version_date": "2026-10-09" if version == CURRENT else "2026-03-30",
            "kind": kind,
            "title": title,
            "text": text,
            "wording": wording,
            "seed_sentence": None,
            "counterpart": counterpart,
            "parent": number.rpartition(".")[0] or None,
            "sort_key": _sort_key(number),
            "superseded": superseded,
            "lineage": lineage[(version, number)],
            "latest": 1 if version == CURRENT or lineage[(version, number)] not in held else 0,
        }
        for number, version, kind, title, text, wording, counterpart, superseded in RULES
    ] + [
        {
            "key": f"tournament:{TOURNAMENT_RULES_VERSION}:{number}",
            "doc": "tournament",
            "number": number,
            "version": TOURNAMENT_RULES_VERSION,
            "version_date": TOURNAMENT_RULES_VERSION,
            "kind": "rule",
            "title": title,
            "text": text,
            "wording": "official",
            "seed_sentence": None,
            "counterpart": None,
            "parent": number.rpartition(".")[0] or None,
            "sort_key": _sort_key(number),
            "superseded": 0,
            "lineage": f"tournament:{TOURNAMENT_RULES_VERSION}:{number}",
            "latest": 1,
        }
        for number, title, text in TOURNAMENT_RULES
    ]


def _sort_key(number: str) -> str:
    return ".".join(p.zfill(4) if p.isdigit() else p for p in number.split("."))


def make_query_db(path: Path) -> Path:
    """Write the tiny database to path and return path."""
    db = sqlite_utils.Database(path)
    for table, columns in TABLES.items():
        db.table(table).create(columns, pk=PRIMARY_KEYS[table], foreign_keys=FOREIGN_KEYS.get(table))
    cards, printings, card_keywords = [], [], []
    for (
        name,
        types,
        supertypes,
        domains,
        energy,
        power,
        might,
        tags,
        keywords,
        rarity,
        set_id,
        number,
        text,
    ) in CARDS:
        ident = slug(name)
        printing_id = f"{set_id.lower()}-{number:03d}-298"
        cards.append(
            {
                "id": ident,
                "name": name,
                "name_norm": normalize(name),
                "types": json.dumps(types),
                "supertypes": json.dumps(supertypes),
                "domains": json.dumps(domains),
                "energy": energy,
                "power": power,
                "might": might,
                "tags": json.dumps(tags),
                "keywords": json.dumps(keywords),
                "rarity": rarity,
                "text": text,
                "text_raw": text,
                "older_wordings": "[]",
                "image_url": None,
                "set_id": set_id,
                "public_code": f"{set_id}-{number:03d}/298",
                "partial": 0,
                "notes": "[]",
            }
        )
        printings.append(
            {
                "id": printing_id,
                "card_id": ident,
                "name": name,
                "set_id": set_id,
                "set_name": {"OGN": "Origins", "SFD": "Spiritforged"}[set_id],
                "collector_number": str(number),
                "public_code": f"{set_id}-{number:03d}/298",
                "rarity": rarity,
                "image_url": None,
                "artist": None,
                "text_raw": text,
                "orientation": "portrait",
            }
        )
        card_keywords += [{"card_id": ident, "keyword": k, "value": None} for k in keywords]
    db.table("cards").insert_all(cards)
    db.table("printings").insert_all(printings)
    db.table("card_keywords").insert_all(card_keywords)
    db.table("keywords").insert_all(
        [
            {
                "name": "Hidden",
                "kind": "keyword",
                "rule": "811",
                "reminder": HIDDEN_REMINDER,
                "card_count": 6,
            },
            {
                "name": "Deflect",
                "kind": "keyword",
                "rule": "809",
                "reminder": "(Opponents must pay any power to choose me.)",
                "card_count": 1,
            },
        ]
    )
    db.table("rules").insert_all(_rule_rows())
    db.table("rule_moves").insert_all(
        [{"version": V13, "old": a, "current": b, "note": note} for a, b, note in MOVES]
    )
    db.table("rulings").insert_all(
        [
            {
                "id": ident,
                "question": q,
                "answer": a,
                "source": source,
                "source_id": None,
                "source_title": title,
                "date": date,
                "url": None,
                "rules": json.dumps(rules),
                "rules_version": version,
                "cards": json.dumps(names),
            }
            for ident, q, a, source, title, date, rules, version, names in RULINGS
        ]
    )
    db.table("ruling_rules").insert_all(
        [{"ruling_id": r[0], "number": n, "version": r[7], "resolves": 1} for r in RULINGS for n in r[6]]
    )
    db.table("asked_questions").insert_all(
        [
            {"id": n, "question": q, "doc": "core", "version": version, "number": number}
            for n, (q, version, number) in enumerate(ASKED, 1)
        ]
    )
    db.table("ruling_cards").insert_all(
        [{"ruling_id": r[0], "card_id": slug(n)} for r in RULINGS for n in r[8]]
    )
    db.table("errata").insert_all(
        [
            {
                "id": "errata-1",
                "card_id": "pouty-poro",
                "card_name": "Pouty Poro",
                "new_text": "[Deflect]",
                "old_text": "[Deflect] old",
                "source_title": "Origins errata",
                "date": "2025-11-01",
                "url": None,
            }
        ]
    )
    db.table("card_aliases").insert_all(
        [
            {"alias": alias, "alias_norm": normalize(alias), "card_id": "teemo-swift-scout"}
            for alias in ("Swift Scout", "Teemo - Swift Scout (Signature)")
        ]
    )
    db.table("ban_lists").insert_all(
        [
            {"format": "constructed", "as_of": "2026-09-18", "source": "fixture"},
            {"format": "2v2", "as_of": "2026-09-18", "source": "fixture"},
        ]
    )
    db.table("bans").insert_all(
        [
            {
                "format": "constructed",
                "card_id": "facebreaker",
                "listed_as": "Facebreaker",
                "section": "cards",
            },
            {
                "format": "2v2",
                "card_id": "teemo-swift-scout",
                "listed_as": "Teemo Swift Scout",
                "section": "legends",
            },
        ]
    )
    db.table("meta").insert_all(
        [
            {"key": "schema_version", "value": str(SCHEMA_VERSION)},
            {"key": "rules_current_version", "value": CURRENT},
        ]
    )
    for table, fts_columns in FTS.items():
        db.table(table).enable_fts(fts_columns)
    for statement in INDEXES:
        db.execute(statement)
    db.close()
    return path
