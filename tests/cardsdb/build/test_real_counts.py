"""Counts and facts over the real data in shared/riftbound-data (skipped when the folder is absent).

Each count is checked against the data files by other means than the build's (simple reads of the JSON).
"""

from __future__ import annotations

import csv
import json
import re
import sqlite3
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from cardsdb.build.importers.faqs import parse_faqs
from cardsdb.query import CardsDB
from tests.support.printed import printed_with_hidden

pytestmark = pytest.mark.real_data  # every test here reads ../shared

VARIANT = re.compile(
    r"\s*\((Alternate Art|Signature|Overnumbered|Starter|Metal|Launch Exclusive|GG EZ|Ultimate)\)$"
)


def _scalar(db: Path, sql: str) -> object:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql).fetchone()[0]


def _load(data: Path, name: str) -> Any:
    return json.loads((data / name).read_text(encoding="utf-8"))


def _code(riftbound_id: str) -> str:
    """RiftCodex's id as a printed code, written here apart from the importer: ogn-299*-298 -> OGN-299*/298."""
    match = re.fullmatch(r"([a-z]+)-([a-z]*)(\d+)([a-z]*)(\*|-star)?(?:-(\d+))?", riftbound_id)
    assert match, riftbound_id
    set_id, prefix, number, letters, star, total = match.groups()
    code = f"{set_id.upper()}-{prefix.upper()}{number}{letters}{'*' if star else ''}"
    return f"{code}/{total}" if total else code


def _gallery_name(row: dict[str, Any]) -> str:
    """A 2026-07 gallery row's card name: a legend is "Champion, Title" (its tag; Heart of the Tempest is tagged
    Yordle and Kennen), " - Starter" is a variant."""
    name = re.sub(r" - Starter$", "", row["name"])
    if row["type"] == "Legend":
        champion = next(t for t in row["tags"] if t != "Yordle")
        return f"{champion}, {name}"
    return str(name)


def _riftcodex_name(name: str) -> str:
    name = VARIANT.sub("", name)
    if " - " in name:
        champion, title = name.split(" - ", 1)
        name = f"{champion.split(', ')[-1]}, {title}"
    return name


def _radiance(data: Path) -> tuple[list[dict[str, str]], list[dict[str, Any]]]:
    """The Radiance extract's rows (read with csv) and the catalog's entries."""
    folder = data / "radiance-2026-10"
    with (folder / "gallery-rad-extract.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    return rows, _load(folder, "card-catalog-excerpt.json")


def _catalog_names(rows: list[dict[str, str]], catalog: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """(the extract's names a catalog entry gives the text of, the entries that name no row): a legend's entry is
    its title ("Agony's Embrace"), its row "Evelynn, Agony's Embrace"."""
    names = {r["name"] for r in rows}
    told: set[str] = set()
    unplaced: set[str] = set()
    for entry in catalog:
        named = {n for n in names if n == entry["name"] or n.endswith(", " + entry["name"])}
        told |= named
        if not named:
            unplaced.add(entry["name"])
    return told, unplaced


def test_real_build_counts(real_data_dir: Path, real_db: Path) -> None:
    gallery = _load(real_data_dir, "gallery-2026-07/cards.json")["cards"]
    items = _load(real_data_dir, "riftcodex-2026-08/cards.json")
    march = _load(real_data_dir, "cards.json")["cards"]
    # Printings: every code of the three card files, plus the ids RiftCodex lists twice as two printings (a plain
    # and a Metal one: two different TCGplayer ids; an older record of a printing has none).
    codes = (
        {r["code"] for r in gallery}
        | {_code(i["riftbound_id"]) for i in items}
        | {r["publicCode"] for r in march}
    )
    ids: dict[str, set[object]] = defaultdict(set)
    for item in items:
        ids[item["riftbound_id"]].add(item["tcgplayer_id"])
    doubled = sum(1 for tcg in ids.values() if len(tcg) == 2 and None not in tcg)
    assert doubled == 16
    printings = len(codes) + doubled
    assert printings == 1329
    # Names: the gallery's, and those of RiftCodex printings the gallery lacks (promos), read through the printings
    # both files hold ("Master Yi - Honed" is the gallery's "Yi, Honed").
    by_code = {r["code"]: _gallery_name(r) for r in gallery}
    same = {
        _riftcodex_name(i["name"]): by_code[c] for i in items if (c := _code(i["riftbound_id"])) in by_code
    }
    names = set(by_code.values()) | {
        same.get(_riftcodex_name(i["name"]), _riftcodex_name(i["name"]))
        for i in items
        if _code(i["riftbound_id"]) not in by_code
    }
    assert len(names) == 935
    # Radiance: every row of the extract is a printing; its names, and the catalog's entries that name no row
    # (their set unknown), are cards; those no source gives the text of (neither the catalog, nor an older set, nor
    # an erratum: Last Caress's is its erratum's) are partial.
    rows, catalog = _radiance(real_data_dir)
    told, unplaced = _catalog_names(rows, catalog)
    errata = {
        c for e in _load(real_data_dir, "legality-2026-09/errata-vendetta-radiance.json") for c in e["cards"]
    }
    untold = {r["name"] for r in rows} - told - names - errata
    assert (len(rows), len({r["name"] for r in rows}), len(unplaced), len(untold)) == (170, 136, 4, 34)
    printings += len({r["code"] for r in rows})
    everything = names | {r["name"] for r in rows} | unplaced
    assert len(everything) == 1064
    battlefields = {r["name"] for r in gallery if r["type"] == "Battlefield"}
    battlefields |= {r["name"] for r in rows if r["type"] == "Battlefield"} - untold
    assert _scalar(real_db, "SELECT count(*) FROM printings") == printings == 1499
    with sqlite3.connect(real_db) as conn:
        assert {r[0] for r in conn.execute("SELECT name FROM cards WHERE partial = 0")} == everything - untold
        assert {r[0] for r in conn.execute("SELECT name FROM cards WHERE partial = 1")} == untold | {
            "Gutter Guardian"
        }
    battlefield_sql = "SELECT count(*) FROM cards WHERE partial = 0 AND types LIKE '%\"Battlefield\"%'"
    assert _scalar(real_db, battlefield_sql) == len(battlefields) == 75
    meta = dict(sqlite3.connect(real_db).execute("SELECT key, value FROM meta").fetchall())
    assert (meta["count_printings"], meta["count_cards"]) == (str(printings), str(len(everything)))
    assert meta["cards_updated_at"] == "2026-10" and meta["legality_as_of"] == "2026-09-18"


def test_vendetta_and_promo_printings_are_present(real_data_dir: Path, real_db: Path) -> None:
    items = _load(real_data_dir, "riftcodex-2026-08/cards.json")
    gallery = _load(real_data_dir, "gallery-2026-07/cards.json")["cards"]
    with sqlite3.connect(real_db) as conn:
        per_set = dict(conn.execute("SELECT set_id, count(*) FROM printings GROUP BY set_id").fetchall())
    vendetta = {r["code"] for r in gallery if r["set_id"] == "VEN"} | {
        _code(i["riftbound_id"]) for i in items if i["set"]["set_id"] == "VEN"
    }
    assert per_set["VEN"] == len(vendetta) == 228
    for promo in ("OPP", "PR", "JDG"):
        ids = {i["riftbound_id"] for i in items if i["set"]["set_id"] == promo}
        doubled = sum(
            1
            for rid in ids
            if len({i["tcgplayer_id"] for i in items if i["riftbound_id"] == rid} - {None}) == 2
        )
        assert per_set[promo] == len(ids) + doubled, promo


def test_every_card_printing_hidden_has_the_keyword(real_data_dir: Path, real_db: Path) -> None:
    # A name has Hidden when a line of its text opens with it (Windsinger prints it without brackets); counted on
    # the 2026-07 gallery, which holds every card of the 2026-03 data and Vendetta's.
    printed = printed_with_hidden(real_data_dir)
    assert len(printed) == 42  # 39 of the gallery, and Bedeviling Stranger, Elnuk Herd, Momentary Companion
    with sqlite3.connect(real_db) as conn:
        keyworded = {
            r[0]
            for r in conn.execute(
                "SELECT c.name FROM cards c JOIN card_keywords k ON k.card_id = c.id "
                "WHERE k.keyword = 'Hidden' AND c.partial = 0"
            )
        }
    assert keyworded == printed
    assert {"Windsinger", "Spiderling", "Temporal Breach", "Kennen, Keeper of Balance"} <= keyworded


def test_vendetta_cards_with_hidden_are_found(real_db: Path) -> None:
    with CardsDB.open(real_db) as db:
        for name in ("Spiderling", "Temporal Breach", "Kennen, Keeper of Balance"):
            card = db.get_card(name)
            assert card is not None and card.has_keyword("Hidden"), name
            assert any(p.set_id == "VEN" for p in card.printings)
            match = db.find_card(name.casefold())
            assert match is not None and match.card.name == name


def test_spellings_of_one_legend_find_it(real_db: Path) -> None:
    with CardsDB.open(real_db) as db:
        for typed in (
            "Teemo - Swift Scout (Signature)",
            "Swift Scout",
            "teemo swift scout",
            "Teemo, Swift Scout",
        ):
            match = db.find_card(typed)
            assert match is not None and match.match == "exact" and match.card.name == "Teemo, Swift Scout", (
                typed
            )
        scout = db.get_card("Swift Scout")  # the engine's CardSource, as claims.yaml writes it
        assert scout is not None and scout.name == "Teemo, Swift Scout"
        assert {p.variant for p in scout.printings} >= {None, "Signature", "Metal"}


def test_ban_lists_by_format(real_db: Path) -> None:
    with CardsDB.open(real_db) as db:
        assert db.legality("Stacked Deck").formats == {"constructed": "banned", "2v2": "banned"}
        yi = db.legality("Master Yi, Wuju Bladesman")
        assert yi.formats == {"constructed": "legal", "2v2": "banned"} and yi.newest_list == "2026-09-18"
        # spelled as the lists spell them: a missing comma, a curly apostrophe, a missing "The"
        assert db.legality("Draven, Vanquisher").banned_in() == ("constructed", "2v2")
        assert db.legality("The Arena's Greatest").banned_in() == ("constructed", "2v2")
        assert db.legality("The Dreaming Tree").banned_in() == ("constructed", "2v2")
        assert db.legality("Hidden Blade").banned_in() == ()
    with sqlite3.connect(real_db) as conn:
        per_format = dict(conn.execute("SELECT format, count(*) FROM bans GROUP BY format").fetchall())
    assert per_format == {"constructed": 7 + 5, "2v2": 1 + 7 + 5}  # cards and battlefields, and 2v2's legend


def test_zhonyas_hourglass_has_its_errata_wording_not_the_printed_one(
    real_data_dir: Path, real_db: Path
) -> None:
    # The 2026-07 gallery prints Zhonya's Hourglass as printed ("The next time ... Recall that unit exhausted."),
    # which is the OLD TEXT of its Origins erratum (2025-10-28); Core Rules v1.4 (2026-07-16, 357.2.a and 370.1.a.1)
    # quote the erratum's wording. The erratum's wording stays; the printed one is shown with the erratum.
    gallery = _load(real_data_dir, "gallery-2026-07/cards.json")["cards"]
    (printed,) = [r["text"] for r in gallery if r["name"] == "Zhonya's Hourglass"]
    assert "The next time a friendly unit would die" in printed
    with CardsDB.open(real_db) as db:
        card = db.get_card("Zhonya's Hourglass")
        assert card is not None
        assert (
            "If a friendly unit would die, kill this instead. Heal that unit, exhaust it, and recall it."
            in card.text
        )
        (erratum,) = db.errata_for(card.name)
        assert erratum.date == "2025-10-28" and "The next time a friendly unit would die" in (
            erratum.old_text or ""
        )


def test_an_erratum_beats_a_newer_source_that_prints_its_old_text(real_db: Path) -> None:
    with CardsDB.open(real_db) as db:
        tide = db.get_card(
            "Tideturner"
        )  # the current rules documents quote "a unit you control at another location"
        assert tide is not None and "you may choose a unit you control at another location" in tide.text
        teemo = db.get_card("Teemo, Strategist")
        assert teemo is not None and "played from" not in teemo.text
        draven = db.get_card(
            "Draven, Vanquisher"
        )  # Vendetta erratum of 2026-07-23, older than the 2026-07 gallery
        assert draven is not None and "you may pay 1 Fury power to give me +2 Might" in draven.text


def test_a_radiance_erratum_gives_elnuk_herd_its_text_and_the_radiance_data_the_rest(real_db: Path) -> None:
    # The catalog prints the text before the erratum ("another friendly unit"): an erratum's old text is older than
    # the erratum, whatever its source's date; cost, Might, domain and set come from the catalog and the extract.
    with CardsDB.open(real_db) as db:
        herd = db.get_card("Elnuk Herd")
    assert herd is not None and not herd.partial and not herd.unknown
    assert (herd.energy, herd.might, herd.domains, herd.types) == (6, 5, ("Fury",), ("Unit",))
    assert [p.public_code for p in herd.printings] == ["RAD-081"]
    assert (
        "give a friendly unit +3 Might this turn, then recycle me if I was played from face down" in herd.text
    )
    assert "another" not in herd.text and not herd.older_wordings
    assert herd.text_date == "2026-10-09" and herd.has_keyword("Hidden")


def test_a_source_that_cuts_off_an_ability_does_not_take_it_away(real_data_dir: Path, real_db: Path) -> None:
    # The 2026-07 gallery (and RiftCodex) print only the Equip line of some equipment; the 2026-03 gallery prints all.
    gallery = _load(real_data_dir, "gallery-2026-07/cards.json")["cards"]
    (cut,) = [r["text"] for r in gallery if r["name"] == "Trinity Force"]
    assert "score 1 point" not in cut
    with CardsDB.open(real_db) as db:
        card = db.get_card("Trinity Force")
    assert card is not None and "When I hold, score 1 point." in card.text


def test_older_wordings_carry_their_source_and_date(real_db: Path) -> None:
    with sqlite3.connect(real_db) as conn:
        rows = [
            json.loads(r[0])
            for r in conn.execute("SELECT older_wordings FROM cards WHERE older_wordings != '[]'")
        ]
    wordings = [w for row in rows for w in row]
    assert wordings and all(w["source"] and w["date"] for w in wordings)
    with CardsDB.open(real_db) as db:
        azir = db.get_card(
            "Azir, Emperor of the Sands"
        )  # its overnumbered printing words its first line otherwise
    assert azir is not None and [w.printing_id for w in azir.older_wordings] == ["sfd-247-221"]


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
