"""The importers of the newer files: the 2026-07 gallery rows, errata pages, RiftCodex's errata overlay, the Rules Hub's
errata and ban lists; each with small hand-written input, malformed input included."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardsdb.build.importers.ban_lists import parse_ban_lists
from cardsdb.build.importers.banned import constructed_list
from cardsdb.build.importers.errata import article_key, split_errata
from cardsdb.build.importers.errata_hub import hub_sources, parse_hub_errata
from cardsdb.build.importers.errata_overlay import parse_errata_overlay
from cardsdb.build.importers.errata_pages import parse_errata_page
from cardsdb.build.importers.gallery_flat import LACKS, parse_gallery_rows
from cardsdb.build.importers.printings import MAX_BAD_ROWS
from cardsdb.errors import BuildError
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA


def _gallery() -> dict[str, Any]:
    return dict(json.loads((FIXTURE / "gallery-2026-07" / "cards.json").read_text()))


# --- the 2026-07 gallery ----------------------------------------------------------------------------------
def test_gallery_rows_become_printings() -> None:
    printings, date = parse_gallery_rows(_gallery(), warnings=[])
    assert date == "2026-07-25"
    by_id = {p.id: p for p in printings}
    scout = by_id["ogn-263-298"]
    assert (scout.name, scout.types, scout.tags, scout.public_code) == (
        "Swift Scout",
        ("Legend",),
        ("Teemo",),
        "OGN-263/298",
    )
    assert scout.energy is None and scout.lacks == LACKS  # no power, supertypes, orientation or artist
    assert by_id["ven-097a-166"].variant == "Alternate Art" and by_id["ven-097-166"].variant is None
    assert by_id["ven-r02"].text_raw == ""  # "[NO TEXT]"
    assert by_id["ven-097-166"].energy == 3 and by_id["ven-097-166"].might == 1


def test_gallery_starter_legends_keep_their_variant_on_the_printing() -> None:
    data = _gallery()
    row = copy.deepcopy(data["cards"][1]) | {
        "name": "Dark Child - Starter",
        "code": "OGS-017/024",
        "tags": ["Annie"],
    }
    data["cards"] = [row]
    (printing,), _ = parse_gallery_rows(data, warnings=[])
    assert (printing.name, printing.variant, printing.written) == (
        "Dark Child",
        "Starter",
        "Dark Child - Starter",
    )


def test_gallery_a_bad_row_is_skipped_and_a_renamed_field_stops_the_build() -> None:
    data = _gallery()
    data["cards"][0]["code"] = ""
    data["cards"][1]["text"] = {"rich": "not text"}
    warnings: list[str] = []
    printings, _ = parse_gallery_rows(data, warnings=warnings)
    assert len(printings) == len(data["cards"]) - 2
    assert any("empty code" in w for w in warnings) and any("text is not text" in w for w in warnings)
    renamed = _gallery()
    for row in renamed["cards"][: MAX_BAD_ROWS + 1]:
        row["kind"] = row.pop("type")
    with pytest.raises(BuildError, match=r"field 'type' missing .*format may have changed"):
        parse_gallery_rows(renamed, warnings=[])
    with pytest.raises(BuildError, match="expected an object with a 'cards' list"):
        parse_gallery_rows({"rows": []}, warnings=[])


# --- errata -----------------------------------------------------------------------------------------------
def test_errata_pages_as_the_official_pages_print_them() -> None:
    text = (FIXTURE / "rules-2026-07" / "errata" / "origins.md").read_text()
    (entry,) = parse_errata_page(text, source="origins.md", dates={"errata": "2025-10-28"})
    assert entry.card_name == "Tideturner"
    assert entry.new_text.endswith(
        "a unit you control at another location. Move me to its location and it to my original location."
    )
    assert (
        entry.old_text is not None
        and "▲" not in entry.old_text
        and "choose a unit at another location" in entry.old_text
    )
    assert (entry.source_id, entry.date, entry.source_title) == (
        "errata",
        "2025-10-28",
        "Fixture Card Errata",
    )


def test_errata_split_reads_headed_and_bare_markers_alike() -> None:
    bare = "### Blade\n[NEW TEXT] \nDeal 3.\n▲\n[OLD TEXT]\nDeal 2.\n\n### Cards of a set\n"
    headed = "### Blade\n### [NEW TEXT]\n\nDeal 3.\n\n### ▲\n\n### [OLD TEXT]\n\nDeal 2.\n"
    assert split_errata(bare) == split_errata(headed) == [("Blade", "Deal 3.", "Deal 2.")]


def test_an_errata_page_without_entries_is_a_layout_change() -> None:
    with pytest.raises(BuildError, match="no \\[NEW TEXT\\] entries"):
        parse_errata_page("# Errata\n\nNothing here.", source="x.md", dates={})


def test_article_keys_are_the_same_on_every_mirror() -> None:
    a = article_key("https://playriftbound.com/en-us/news/announcements/vendetta-errata-updates/")
    b = article_key("https://riftbound.leagueoflegends.com/en-us/news/announcements/vendetta-errata-updates")
    assert a == b == "vendetta-errata-updates"
    assert article_key(None) is None and article_key("not a url") is None


def test_the_overlay_errata_with_their_documents() -> None:
    data = json.loads((FIXTURE / "riftcodex-2026-08" / "errata-overlay.json").read_text())
    (entry,) = parse_errata_overlay(data)
    assert (entry.card_name, entry.date, entry.source_title, entry.source_id) == (
        "Tideturner",
        "2025-10-28",
        "Fixture Card Errata",
        "errata",
    )
    broken = copy.deepcopy(data)
    del broken["entries"][0]["new_text"]
    with pytest.raises(BuildError, match="entry 1 lacks new_text"):
        parse_errata_overlay(broken)
    with pytest.raises(BuildError, match="'entries' list"):
        parse_errata_overlay({"errata": []})


def test_the_rules_hub_errata_with_their_articles() -> None:
    folder = FIXTURE / "legality-2026-09"
    sources = hub_sources(json.loads((folder / "rules-hub-excerpt.json").read_text()))
    assert sources["errata-radiance"].published == "2026-10-09"
    (herd,) = parse_hub_errata(
        json.loads((folder / "errata-vendetta-radiance.json").read_text()), sources=sources
    )
    assert (herd.card_name, herd.date, herd.source_title) == (
        "Elnuk Herd",
        "2026-10-09",
        "Radiance Errata Updates",
    )
    assert herd.source_id == "radiance-errata-updates" and "\n" in herd.new_text
    assert hub_sources(None) == {} and hub_sources({"sources": "x"}) == {}
    with pytest.raises(BuildError, match="entry 1 lacks 'cards' or 'new'"):
        parse_hub_errata([{"cards": [], "new": "x"}])
    with pytest.raises(BuildError, match="expected a list"):
        parse_hub_errata({"errata": []})


# --- ban lists --------------------------------------------------------------------------------------------
def test_ban_lists_by_format_with_names_as_written() -> None:
    data = json.loads((FIXTURE / "legality-2026-09" / "banned.json").read_text())
    lists = {b.format: b for b in parse_ban_lists(data)}
    assert set(lists) == {"constructed", "2v2"}
    assert lists["constructed"].as_of == "2026-09-18"
    assert ("battlefields", "Targon\u2019s Peak") in lists["constructed"].entries
    assert ("legends", "Teemo Swift Scout") in lists["2v2"].entries


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"as_of": "2026-09-18", "lists": {}}, "'formats' object"),
        ({"formats": {"constructed": {"cards": ["A"]}}}, "'as_of'"),
        (
            {"as_of": "2026-09-18", "formats": {"constructed": {"cards": "Called Shot"}}},
            "not a list of names",
        ),
        ({"as_of": "2026-09-18", "formats": {"constructed": ["Called Shot"]}}, "not an object of lists"),
        ({"as_of": "2026-09-18", "formats": {}}, "holds no formats"),
    ],
)
def test_malformed_ban_lists_fail_with_one_line(data: object, message: str) -> None:
    with pytest.raises(BuildError, match=message) as raised:
        parse_ban_lists(data)
    assert "\n" not in str(raised.value)


def test_the_2026_03_list_is_a_constructed_list() -> None:
    ban_list = constructed_list(json.loads((FIXTURE / "banned-cards.json").read_text()))
    assert (ban_list.format, ban_list.as_of) == ("constructed", "2026-03-30")
    assert ("cards", "Hidden Blade") in ban_list.entries
