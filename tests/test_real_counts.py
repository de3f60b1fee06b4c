"""Counts over the real data in shared/riftbound-data (skipped when the folder is absent)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from cardsdb.importers.faqs import parse_faqs


def _scalar(db: Path, sql: str) -> object:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql).fetchone()[0]


def test_real_build_counts(real_db: Path) -> None:
    assert _scalar(real_db, "SELECT count(*) FROM printings") == 950
    assert _scalar(real_db, "SELECT count(*) FROM cards WHERE partial = 0") == 767
    assert (
        _scalar(real_db, "SELECT count(*) FROM cards WHERE partial = 0 AND types LIKE '%\"Battlefield\"%'")
        == 56
    )
    meta = dict(sqlite3.connect(real_db).execute("SELECT key, value FROM meta").fetchall())
    assert (meta["count_printings"], meta["count_cards"], meta["count_battlefields"]) == ("950", "767", "56")


def test_every_card_printing_hidden_has_the_keyword(real_data_dir: Path, real_db: Path) -> None:
    cards = json.loads((real_data_dir / "cards.json").read_text())["cards"]
    # A name has Hidden when a line of one of its printings opens with it (Windsinger prints it without brackets).
    printed = {
        c["name"]
        for c in cards
        for line in c["abilityText"].splitlines()
        if line.startswith("[Hidden]") or line.startswith("Hidden (")
    }
    assert len(printed) == 33
    with sqlite3.connect(real_db) as conn:
        keyworded = {
            r[0]
            for r in conn.execute(
                "SELECT c.name FROM cards c JOIN card_keywords k ON k.card_id = c.id "
                "WHERE k.keyword = 'Hidden' AND c.partial = 0"
            )
        }
    assert keyworded == printed
    assert "Windsinger" in keyworded


def test_nine_names_keep_an_older_wording(real_db: Path) -> None:
    with sqlite3.connect(real_db) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM cards WHERE older_wordings != '[]'")}
    assert names == {
        "Teemo, Strategist",
        "Karma, Channeler",
        "The Boss",
        "Gold",
        "Lonely Poro",
        "Yone, Blademaster",
        "Void Burrower",
        "Emperor of the Sands",
        "Rengar, Trophy Hunter",
    }


def test_real_rules_quirks(real_db: Path) -> None:
    assert _scalar(real_db, "SELECT count(*) FROM rules WHERE version = 'v1.3' AND number = '461'") == 1
    text = str(_scalar(real_db, "SELECT text FROM rules WHERE key = 'v1.3:359.3.f.3.a'"))
    assert "delayed triggered ability" in text and "linked ability" in text
    assert _scalar(real_db, "SELECT superseded FROM rules WHERE key = 'v1.3:422'") == 1


def test_real_faq_entry_counts(real_data_dir: Path) -> None:
    entries = parse_faqs(json.loads((real_data_dir / "faqs.json").read_text()))
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.source_id] = counts.get(e.source_id, 0) + 1
    # Origins: 97 "### Q:" headings; Spiritforged: 27 plus its rules-errata preamble (735.1.c);
    # Unleashed: 7 clarification sections and 14 plain questions; the event rulings: 15 topics.
    assert counts == {
        "unleashed-rules-faq-and-clarifications": 21,
        "riftbound-spiritforged-faq": 28,
        "riftbound-origins-faq": 97,
        "rq-vegas-2026-rulings": 15,
    }
    community = {e.source for e in entries if e.source_id == "rq-vegas-2026-rulings"}
    assert community == {"community"}


def test_spiritforged_citation_of_735_1_c_is_a_warning(real_db: Path) -> None:
    warnings = json.loads(str(_scalar(real_db, "SELECT value FROM meta WHERE key = 'warnings'")))
    assert any("735.1.c" in w for w in warnings)
    assert _scalar(real_db, "SELECT resolves FROM ruling_rules WHERE number = '735.1.c'") == 0


def test_errata_wording_wins_over_a_reprint_of_the_old_wording(real_db: Path) -> None:
    # Teemo, Strategist and Karma, Channeler: Origins errata (2025-10-28) replaced a wording that their Spiritforged
    # showcase reprints still print.
    teemo = str(_scalar(real_db, "SELECT text FROM cards WHERE name = 'Teemo, Strategist'"))
    assert "When I defend, choose an enemy unit here" in teemo and "played from" not in teemo
    older = json.loads(
        str(_scalar(real_db, "SELECT older_wordings FROM cards WHERE name = 'Teemo, Strategist'"))
    )
    assert [w["set_id"] for w in older] == ["SFD"]
