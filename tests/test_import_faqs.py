"""FAQ articles split into rulings; rule numbers and card names found in them."""

from __future__ import annotations

import json
from pathlib import Path

from cardsdb.importers.faqs import OLDER_RULES, NameMatcher, parse_faqs, rule_numbers, split_entries

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "data" / "faqs.json"


def _entries() -> dict[str, list[object]]:
    grouped: dict[str, list[object]] = {}
    for e in parse_faqs(json.loads(FIXTURE.read_text())):
        grouped.setdefault(e.source_id, []).append(e)
    return grouped


def test_q_headings_split_into_entries() -> None:
    entries = parse_faqs(json.loads(FIXTURE.read_text()))
    origins = [e for e in entries if e.source_id == "fixture-origins-faq"]
    assert [e.question for e in origins] == [
        "How do I hide a card with Hidden?",
        "What do the Hidden changes mean for Tideturner?",
        "Does Deflect count each choice?",
    ]
    assert "<img" not in origins[1].answer
    assert origins[0].source == "official"
    assert origins[0].date == "2025-10-16"
    assert origins[0].rules_version == OLDER_RULES


def test_sections_then_plain_questions() -> None:
    entries = [
        e for e in parse_faqs(json.loads(FIXTURE.read_text())) if e.source_id == "fixture-unleashed-faq"
    ]
    assert [e.question for e in entries] == [
        "Control of Battlefields",
        "Can I hide Smoke and Mirrors at Bandle Tree if a card is already there?",
    ]
    assert entries[1].answer.endswith("A second paragraph of the same answer.")
    assert entries[1].rules_version == "v1.3"


def test_community_rulings_are_labelled_community() -> None:
    entries = [
        e for e in parse_faqs(json.loads(FIXTURE.read_text())) if e.source_id == "fixture-event-rulings"
    ]
    assert [(e.question, e.source) for e in entries] == [("Tideturner Targeting", "community")]


def test_rule_numbers_in_text() -> None:
    text = "Rules 323.1. and 467. define it; see 811.1.d.2, rule 735.1.c. and 438.7.b.To swap. Not 100 cards."
    assert rule_numbers(text) == ("323.1", "811.1.d.2", "735.1.c", "438.7.b", "467")


def test_card_names_whole_and_longest_first() -> None:
    matcher = NameMatcher(["Gold", "Hidden Blade", "Blade", "Teemo, Strategist", "Teemo"])
    found = matcher.find("Hidden Blade and Teemo, Strategist trade gold for Gold. Bladed edges.")
    assert found == ("Hidden Blade", "Teemo, Strategist", "Gold")


def test_unmarked_text_gives_no_entries() -> None:
    assert split_entries("Just an announcement with no questions.") == []
