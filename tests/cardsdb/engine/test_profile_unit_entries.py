"""The profile says where a unit the card plays enters, and by which rule, so the bot only renders it."""

from __future__ import annotations

from cardsdb.engine import card_profile
from cardsdb.engine.reading.compile import compile_reading
from tests.support.engine_cards import BONE_SKEWER, MemoryCards


def _entries(name: str) -> list[dict[str, object]]:
    card = MemoryCards().get_card(name)
    assert card is not None
    entries = card_profile(card, compile_reading(card)).to_dict()["unit_entries"]
    assert isinstance(entries, list)
    return entries


def test_811_1_d_5_a_unit_a_hidden_card_plays_enters_where_it_was_hidden() -> None:
    entries = _entries("Sprite Call")
    assert entries and all(e["rules"] == ["811.1.d.5"] for e in entries)
    assert all("where it was hidden" in str(e["enters"]) for e in entries)


def test_811_2_other_abilities_are_cited_by_the_profile() -> None:
    card = MemoryCards().get_card("Sprite Call")
    assert card is not None
    assert card_profile(card, compile_reading(card)).to_dict()["unrestricted_rules"] == ["811.2"]


def test_811_1_d_2_bone_skewers_unit_enters_at_the_battlefield_it_chose() -> None:
    skewer = BONE_SKEWER
    entries = card_profile(skewer, compile_reading(skewer)).to_dict()["unit_entries"]
    assert isinstance(entries, list) and len(entries) == 1
    assert entries[0]["rules"] == ["811.1.d.2"] and "the card chose" in str(entries[0]["enters"])
