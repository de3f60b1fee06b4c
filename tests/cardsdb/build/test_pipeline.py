"""The database the fixture data builds: tables, FTS, indexes, meta, both rule versions, rulings."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.project.claims import load_claims
from cardsdb.project.overlay import load_overlay
from cardsdb.project.seed_cards import load_seed_cards
from cardsdb.schema import FTS, TABLES
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA


@pytest.fixture()
def conn(fixture_db: Path) -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(f"file:{fixture_db}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    yield connection
    connection.close()


def _one(conn: sqlite3.Connection, sql: str, *params: object) -> sqlite3.Row:
    row: sqlite3.Row | None = conn.execute(sql, params).fetchone()
    assert row is not None, sql
    return row


def test_every_table_has_the_schema_columns(conn: sqlite3.Connection) -> None:
    for table, columns in TABLES.items():
        found = {r["name"] for r in conn.execute(f"PRAGMA table_info({table})")}
        assert found == set(columns), table


def test_fts_and_indexes_exist(conn: sqlite3.Connection) -> None:
    for table in FTS:
        hits = conn.execute(
            f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH ?", ('"hidden"',)
        ).fetchall()
        assert hits, table
    indexes = {r["name"] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"idx_cards_name", "idx_rules_number", "idx_ruling_cards_card"} <= indexes


def test_foreign_keys_hold(conn: sqlite3.Connection) -> None:
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    fks = conn.execute("PRAGMA foreign_key_list(printings)").fetchall()
    assert [(r["table"], r["from"], r["to"]) for r in fks] == [("cards", "card_id", "id")]


def test_cards_and_printings(conn: sqlite3.Connection) -> None:
    blade = _one(conn, "SELECT * FROM cards WHERE name = ? COLLATE NOCASE", "hidden blade")
    assert json.loads(blade["keywords"]) == ["Hidden", "Action"]
    assert json.loads(blade["types"]) == ["Spell"]
    assert blade["set_id"] == "OGN" and blade["public_code"] == "OGN-213/298"
    assert blade["partial"] == 0
    assert "1 power of any domain" in blade["text"] and ":rb_rune_rainbow:" in blade["text_raw"]
    poro = _one(conn, "SELECT * FROM cards WHERE id = 'pouty-poro'")
    assert poro["set_id"] == "UNL"
    count = _one(conn, "SELECT count(*) AS n FROM printings WHERE card_id = 'pouty-poro'")
    assert count["n"] == 2
    artist = _one(conn, "SELECT artist FROM printings WHERE id = 'ogn-213-298'")
    assert artist["artist"]


def test_card_keywords_with_values(conn: sqlite3.Connection) -> None:
    rows = {(r["card_id"], r["keyword"]): r["value"] for r in conn.execute("SELECT * FROM card_keywords")}
    assert rows[("volibear-imposing", "Shield")] == "3"
    assert rows[("volibear-furious", "Deflect")] == "2"
    assert rows[("windsinger", "Hidden")] is None
    assert rows[("master-yi-wuju-master", "Level")] == "6, 11"
    hidden = _one(conn, "SELECT * FROM keywords WHERE name = 'Hidden'")
    assert hidden["rule"] == "811" and hidden["kind"] == "keyword"
    # the data cards: 11 of cards.json, Spiderling (the 2026-07 gallery) and Kennen, Keeper of Balance (RiftCodex);
    # Elnuk Herd (seeds only) stays out of the count
    assert hidden["card_count"] == 13
    assert hidden["reminder"].startswith("Hide now for 1 power of any domain")
    assert _one(conn, "SELECT kind FROM keywords WHERE name = '>'")["kind"] == "token"


def test_seed_cards_are_partial_and_kept_out_of_the_counts(conn: sqlite3.Connection) -> None:
    seeds = {c.id for c in load_seed_cards()}
    partial = {r["id"] for r in conn.execute("SELECT id FROM cards WHERE partial = 1")}
    assert partial == seeds
    meta = {r["key"]: r["value"] for r in conn.execute("SELECT key, value FROM meta")}
    total = _one(conn, "SELECT count(*) AS n FROM cards WHERE partial = 0")["n"]
    rows = json.loads((FIXTURE / "cards.json").read_text())["cards"]
    # cards.json's names, and three cards only the newer files have: Spiderling and Mind Rune (the 2026-07 gallery),
    # Kennen, Keeper of Balance (RiftCodex). Swift Scout is one card under every spelling.
    assert meta["count_cards"] == str(total) == str(len({r["name"] for r in rows}) + 3)
    # cards.json's printings, the gallery's VEN-097, VEN-097a and VEN-R02, RiftCodex's OPP-263 (plain and Metal),
    # VEN-135 and PR-213a (its other items are printings the other files have, or an older record of one).
    assert meta["count_printings"] == str(len(rows) + 3 + 4)
    battlefields = {r["name"] for r in rows if "Battlefield" in r["cardTypes"]}
    assert meta["count_battlefields"] == str(len(battlefields)) == "3"


def test_both_rule_versions(conn: sqlite3.Connection) -> None:
    overlay = load_overlay()
    current = conn.execute("SELECT number FROM rules WHERE version = ?", (CURRENT_RULES_VERSION,)).fetchall()
    assert {r["number"] for r in current} == overlay.numbers()
    hide_v13 = _one(conn, "SELECT * FROM rules WHERE key = ?", f"{V13_RULES_VERSION}:421")
    assert hide_v13["version_date"] == "2026-03-30"
    assert hide_v13["superseded"] == 0
    assert hide_v13["counterpart"] == "422"


def test_v13_numbers_the_current_rules_reuse_are_superseded(conn: sqlite3.Connection) -> None:
    discard = _one(conn, "SELECT * FROM rules WHERE key = ?", f"{V13_RULES_VERSION}:422")
    assert discard["superseded"] == 1
    child = _one(conn, "SELECT superseded FROM rules WHERE key = ?", f"{V13_RULES_VERSION}:811.1.d.2")
    assert child["superseded"] == 1
    kept = _one(conn, "SELECT superseded FROM rules WHERE key = ?", f"{V13_RULES_VERSION}:811.1.d.1")
    assert kept["superseded"] == 0


def test_rule_moves(conn: sqlite3.Connection) -> None:
    moves = {(r["version"], r["old"], r["current"]) for r in conn.execute("SELECT * FROM rule_moves")}
    overlay = load_overlay().moves
    expected = {(V13_RULES_VERSION, m.v13, m.current) for m in overlay if m.v13} | {
        (V14_RULES_VERSION, m.v14, m.current) for m in overlay if m.v14
    }
    assert moves == expected


def test_seed_claims_are_rulings(conn: sqlite3.Connection) -> None:
    claims = load_claims()
    rows = {r["id"]: r for r in conn.execute("SELECT * FROM rulings WHERE source = 'seed'")}
    assert set(rows) == {c.id for c in claims}
    for claim in claims:
        assert json.loads(rows[claim.id]["rules"]) == list(claim.rules)
        cited = conn.execute("SELECT resolves FROM ruling_rules WHERE ruling_id = ?", (claim.id,)).fetchall()
        assert all(r["resolves"] == 1 for r in cited)


def test_faq_rulings_with_version_resolution_and_cards(conn: sqlite3.Connection) -> None:
    old = {
        r["number"]: r
        for r in conn.execute(
            "SELECT * FROM ruling_rules WHERE ruling_id LIKE 'fixture-origins-faq-%'"
        ).fetchall()
    }
    assert old["811.1.d"]["resolves"] == 1 and old["811.1.d"]["version"] == "pre-v1.3"
    assert old["735.1.c"]["resolves"] == 0
    cards = {
        r["card_id"]
        for r in conn.execute("SELECT card_id FROM ruling_cards WHERE ruling_id = 'fixture-origins-faq-002'")
    }
    assert cards == {"tideturner", "hidden-blade"}
    community = _one(conn, "SELECT source FROM rulings WHERE id = 'fixture-event-rulings-001'")
    assert community["source"] == "community"
    warnings = json.loads(_one(conn, "SELECT value FROM meta WHERE key = 'warnings'")["value"])
    assert any("735.1.c" in w for w in warnings)


def test_errata_and_ban_lists(conn: sqlite3.Connection) -> None:
    # Tideturner's erratum is in errata.json, the errata page and the overlay: one row, with line breaks kept.
    (tide,) = conn.execute("SELECT * FROM errata WHERE card_id = 'tideturner'").fetchall()
    assert "a unit you control" in tide["new_text"] and "\n" in tide["new_text"]
    assert tide["date"] == "2025-10-28" and tide["old_text"]
    # The newest list of each format; the 2026-03 list (banned-cards.json, naming a card the data lacks) is dropped.
    lists = {r["format"]: r["as_of"] for r in conn.execute("SELECT * FROM ban_lists")}
    assert lists == {"constructed": "2026-09-18", "2v2": "2026-09-18"}
    bans = {(r["format"], r["card_id"]) for r in conn.execute("SELECT * FROM bans")}
    assert bans == {
        ("constructed", "hidden-blade"),
        ("constructed", "targons-peak"),  # written with a curly apostrophe
        ("2v2", "hidden-blade"),
        ("2v2", "teemo-swift-scout"),  # written "Teemo Swift Scout"
    }


def test_a_legend_has_one_card_under_every_spelling(conn: sqlite3.Connection) -> None:
    (scout,) = conn.execute("SELECT * FROM cards WHERE id = 'teemo-swift-scout'").fetchall()
    assert scout["name"] == "Teemo, Swift Scout"
    aliases = {
        r["alias"] for r in conn.execute("SELECT alias FROM card_aliases WHERE card_id = 'teemo-swift-scout'")
    }
    assert {"Swift Scout", "Teemo - Swift Scout (Metal)", "Teemo - Swift Scout (Overnumbered)"} <= aliases
    variants = [
        (r["public_code"], r["variant"])
        for r in conn.execute("SELECT * FROM printings WHERE card_id = 'teemo-swift-scout' ORDER BY id")
    ]
    assert variants == [
        ("OGN-263/298", None),
        ("OGN-307/298", "Overnumbered"),
        ("OPP-263/298", None),
        ("OPP-263/298", "Metal"),
    ]


def test_sources_merge_their_fields_and_the_newest_wording_wins(conn: sqlite3.Connection) -> None:
    # Spiderling: the gallery (no power, no artist) and two RiftCodex records of one printing (the newer kept).
    spider = _one(conn, "SELECT * FROM printings WHERE id = 'ven-097-166'")
    assert spider["artist"] == "A. Fixture" and spider["image_url"].endswith("ven-097-166.png")
    card = _one(conn, "SELECT * FROM cards WHERE id = 'spiderling'")
    assert card["power"] == 1 and card["text_date"] == "2026-07-25"
    # Tideturner: the 2026-07 gallery prints the text its erratum replaced; the erratum's wording stays.
    tide = _one(conn, "SELECT * FROM cards WHERE id = 'tideturner'")
    assert "a unit you control at another location" in tide["text"]
    # Mind Rune: "[NO TEXT]" is no text.
    assert _one(conn, "SELECT text FROM cards WHERE id = 'mind-rune'")["text"] == ""


def test_a_seed_card_takes_its_text_from_its_erratum(conn: sqlite3.Connection) -> None:
    herd = _one(conn, "SELECT * FROM cards WHERE id = 'elnuk-herd'")
    assert herd["partial"] == 1 and herd["energy"] is None and herd["might"] is None
    assert "give a friendly unit +3 Might this turn, then recycle me" in herd["text"]
    assert (herd["text_source"], herd["text_date"]) == ("Radiance Errata Updates", "2026-10-09")
    assert any("not published yet" in n for n in json.loads(herd["notes"]))


def test_meta_keys(conn: sqlite3.Connection) -> None:
    from cardsdb.schema import META_KEYS

    meta = {r["key"]: r["value"] for r in conn.execute("SELECT key, value FROM meta")}
    assert set(META_KEYS) <= set(meta)
    assert meta["rules_current_version"] == CURRENT_RULES_VERSION
    assert meta["cards_updated_at"] == "2026-07-25"  # the newest card source
    assert meta["legality_as_of"] == "2026-09-18" and json.loads(meta["lacks"]) == []
    assert meta["source"].startswith("files:")
