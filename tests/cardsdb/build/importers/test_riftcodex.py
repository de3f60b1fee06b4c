"""RiftCodex items, old format (public_code) and today's (codes from riftbound_id, duplicates, variants)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from cardsdb.build.cards import cards_from_sources
from cardsdb.build.importers.printings import MAX_BAD_ROWS
from cardsdb.build.importers.riftcodex import code_from_id, parse_items, rich_to_raw
from cardsdb.build.merge import CardSourceData
from cardsdb.errors import BuildError
from cardsdb.project.keywords import load_keywords
from tests.support.paths import FIXTURE_DATA

SAMPLE = FIXTURE_DATA / "riftcodex" / "sample.json"
KNOWN = load_keywords()


def _item(
    rid: str, name: str, rich: str, *, updated: str, tcg: str | None = None, **more: Any
) -> dict[str, Any]:
    """One item as today's API sends it (no public_code, a bare integer collector_number)."""
    set_id = rid.split("-")[0].upper()
    item: dict[str, Any] = {
        "id": f"x{rid}{updated}",
        "name": name,
        "riftbound_id": rid,
        "tcgplayer_id": tcg,
        "collector_number": int("".join(c for c in rid.split("-")[1] if c.isdigit())),
        "attributes": {"energy": None, "might": None, "power": None},
        "classification": {
            "type": "Legend",
            "supertype": None,
            "rarity": "Rare",
            "domain": ["Mind", "Chaos"],
        },
        "text": {"rich": rich, "plain": rich, "flavour": None},
        "set": {"set_id": set_id, "label": set_id},
        "media": {"image_url": f"https://img.invalid/{rid}.png", "artist": "An Artist"},
        "tags": ["Teemo"],
        "orientation": "portrait",
        "metadata": {
            "clean_name": None,
            "updated_on": updated,
            "alternate_art": False,
            "overnumbered": False,
            "signature": False,
        },
        "new": False,
    }
    item.update(more)
    return item


SCOUT = "<p>You may pay :rb_energy_1: to hide a card with [Hidden] instead of :rb_rune_rainbow:.</p>"
LIVE = [
    _item("ogn-263-298", "Teemo - Swift Scout", SCOUT, updated="2026-07-10T10:00:00+00:00", tcg="1"),
    # Two printings under one id: a plain one and a Metal one.
    _item("opp-263-298", "Teemo - Swift Scout", SCOUT, updated="2026-07-10T10:00:00+00:00", tcg="2"),
    _item("opp-263-298", "Teemo - Swift Scout (Metal)", SCOUT, updated="2026-07-10T10:00:00+00:00", tcg="3"),
    # An older and a newer record of one printing: the older names the legend by its title alone.
    _item("ogn-307-298", "Swift Scout", SCOUT, updated="2026-07-01T10:00:00+00:00"),
    _item(
        "ogn-307-298",
        "Teemo - Swift Scout (Overnumbered)",
        SCOUT,
        updated="2026-07-14T10:00:00+00:00",
        tcg="4",
    ),
    _item(
        "ogn-307*-298", "Teemo - Swift Scout (Signature)", SCOUT, updated="2026-07-10T10:00:00+00:00", tcg="5"
    ),
    _item("ven-r01", "Fury Rune", "<p>[NO TEXT]</p>", updated="2026-07-10T10:00:00+00:00", tags=[]),
]


def test_codes_come_from_riftbound_id_with_their_letters() -> None:
    assert code_from_id("ogn-077-298") == "OGN-077/298"
    assert code_from_id("ven-019a-166") == "VEN-019a/166"
    assert code_from_id("ven-r01") == "VEN-R01"
    assert code_from_id("sfd-t03") == "SFD-T03"
    assert code_from_id("ven-sp1-006") == "VEN-SP1/006"
    assert code_from_id("ogn-299*-298") == code_from_id("ogn-299-star-298") == "OGN-299*/298"
    with pytest.raises(ValueError, match="riftbound_id"):
        code_from_id("not an id")


def test_rich_text_keeps_line_breaks_and_list_items_and_drops_markup() -> None:
    rich = "<p>Hidden <em>(Hide now.)</em><br />When you play me, draw 1 &amp; smile.</p>"
    assert rich_to_raw(rich) == "Hidden (Hide now.)\nWhen you play me, draw 1 & smile."
    listed = "<p>Choose one —</p><ul><li>Draw 1.</li><li>Deal 2.</li></ul>"
    assert rich_to_raw(listed) == "Choose one —\nDraw 1.\nDeal 2."
    # the old dumps' markdown: italic underscores, bold marks, bullets
    assert rich_to_raw(
        "<p>Stun a unit._ (It stops.)_<br />[Hidden]** **(Hide.)<br />* Fury — Deal 2.</p>"
    ) == ("Stun a unit. (It stops.)\n[Hidden] (Hide.)\nFury — Deal 2.")


def test_old_format_items_become_printings_with_artists() -> None:
    items = json.loads(SAMPLE.read_text())
    printings = {p.id: p for p in parse_items(items, warnings=[])}
    blade = printings["ogn-213-298"]
    assert blade.name == "Hidden Blade" and blade.public_code == "OGN-213/298"
    assert blade.types == ("Spell",) and blade.set_id == "OGN"
    assert blade.artist
    assert blade.text_raw.startswith("[Hidden]") and "\n" in blade.text_raw


def test_live_format_duplicates_variants_and_no_text() -> None:
    warnings: list[str] = []
    printings = {p.id: p for p in parse_items(copy.deepcopy(LIVE), warnings=warnings)}
    assert set(printings) == {
        "ogn-263-298",
        "opp-263-298",
        "opp-263-298-metal",
        "ogn-307-298",
        "ogn-307-star-298",
        "ven-r01",
    }
    assert printings["opp-263-298-metal"].variant == "Metal" and printings["opp-263-298"].variant is None
    assert printings["opp-263-298-metal"].public_code == "OPP-263/298"
    # the newest record of ogn-307 is kept; the variant shows in its code (307 > 298) and its name
    assert printings["ogn-307-298"].written == "Teemo - Swift Scout (Overnumbered)"
    assert printings["ogn-307-298"].variant == "Overnumbered"
    assert printings["ogn-307-star-298"].variant == "Signature"
    assert printings["ogn-307-star-298"].name == "Teemo - Swift Scout"
    assert printings["ven-r01"].text_raw == ""
    assert warnings == ["RiftCodex: 1 older records of a printing replaced by a newer record of it"]


def test_live_items_make_one_card_with_its_canonical_name_and_aliases() -> None:
    source = CardSourceData("riftcodex", "RiftCodex", "2026-07-21", tuple(parse_items(LIVE, warnings=[])))
    cards = {c.name: c for c, _ in cards_from_sources([source], KNOWN, warnings=[])}
    assert set(cards) == {"Teemo, Swift Scout", "Fury Rune"}
    scout = cards["Teemo, Swift Scout"]
    assert [(p.public_code, p.variant) for p in scout.printings] == [
        ("OGN-263/298", None),
        ("OGN-307/298", "Overnumbered"),
        ("OGN-307*/298", "Signature"),
        ("OPP-263/298", None),
        ("OPP-263/298", "Metal"),
    ]
    assert cards["Fury Rune"].text_raw == ""


def test_windsinger_from_riftcodex_has_hidden() -> None:
    source = CardSourceData(
        "riftcodex/", "RiftCodex", None, tuple(parse_items(json.loads(SAMPLE.read_text()), warnings=[]))
    )
    cards = {c.name: c for c, _ in cards_from_sources([source], KNOWN, warnings=[])}
    assert cards["Windsinger"].has_keyword("Hidden")
    assert cards["Volibear, Imposing"].keyword_value("Shield") == "3"


def test_a_bad_row_is_skipped_with_a_warning() -> None:
    items = copy.deepcopy(LIVE)
    items[0]["classification"] = "Legend"  # not an object
    del items[1]["riftbound_id"]
    warnings: list[str] = []
    printings = {p.id: p for p in parse_items(items, warnings=warnings)}
    # the Metal printing is now the only one under its code: it keeps the code's id
    assert set(printings) == {"opp-263-298", "ogn-307-298", "ogn-307-star-298", "ven-r01"}
    assert printings["opp-263-298"].variant == "Metal"
    assert any("malformed" in w for w in warnings) and any("riftbound_id" in w for w in warnings)
    items[2]["riftbound_id"] = "no id here"
    found: list[str] = []
    parse_items(items, warnings=found)
    assert any("'no id here' is not of the form" in w for w in found)


def test_a_renamed_field_in_many_rows_is_a_format_change() -> None:
    items = copy.deepcopy(LIVE)
    for item in items[: MAX_BAD_ROWS + 1]:
        item["card_text"] = item.pop("text")
    with pytest.raises(BuildError, match=r"field 'text' missing.*format may have changed"):
        parse_items(items, warnings=[])
