"""RiftCodex items: rich text to the gallery's form, fields, artists."""

from __future__ import annotations

import json
from pathlib import Path

from cardsdb.importers.printings import cards_from_printings
from cardsdb.importers.riftcodex import artists, parse_items, rich_to_raw
from cardsdb.keywords import load_keywords

SAMPLE = Path(__file__).resolve().parent / "fixtures" / "data" / "riftcodex" / "sample.json"


def test_rich_text_keeps_line_breaks_and_drops_markup() -> None:
    rich = "<p>Hidden <em>(Hide now.)</em><br />When you play me, draw 1 &amp; smile.</p>"
    assert rich_to_raw(rich) == "Hidden (Hide now.)\nWhen you play me, draw 1 & smile."


def test_items_become_printings_with_artists() -> None:
    items = json.loads(SAMPLE.read_text())
    printings = {p.id: p for p in parse_items(items, warnings=[])}
    blade = printings["ogn-213-298"]
    assert blade.name == "Hidden Blade"
    assert blade.types == ("Spell",)
    assert blade.set_id == "OGN"
    assert blade.artist
    assert blade.text_raw.startswith("[Hidden]") and "\n" in blade.text_raw
    assert artists(items)["ogn-213-298"] == blade.artist


def test_windsinger_from_riftcodex_has_hidden() -> None:
    items = json.loads(SAMPLE.read_text())
    cards = {
        c.name: c
        for c, _ in cards_from_printings(parse_items(items, warnings=[]), load_keywords(), warnings=[])
    }
    assert cards["Windsinger"].has_keyword("Hidden")
    assert cards["Volibear, Imposing"].keyword_value("Shield") == "3"
