"""FAQ articles split into rulings; rule numbers and card names found in them."""

from __future__ import annotations

import json

from cardsdb.build.importers.faqs import OLDER_RULES, NameMatcher, parse_faqs, rule_numbers, split_entries
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA / "faqs.json"


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


def test_an_answer_ends_before_the_caption_of_the_next_question() -> None:
    # The Spiritforged FAQ names each card on a line of its own above the question about it: that line belongs to
    # no answer, and the card's revised text under its own heading stays with the answer, as text.
    content = (
        "### Q: Is the first friendly unit on Deathgrip a cost or a target?\n\nIt is a target.\n\n"
        "### Deathgrip (revised text)\n\n<img src='x.png' />\n\nKill a friendly unit.\n\nDraw 1.\n\n"
        "Edge of Night\n\n### Q: Does Edge of Night's auto-attach ability work?\n\nYes.\n\n"
        "### Q: A third?\n\nAn answer.\n"
    )
    entries = split_entries(content)
    assert [(q, kind) for q, _, kind in entries] == [
        ("Is the first friendly unit on Deathgrip a cost or a target?", "question"),
        ("Does Edge of Night's auto-attach ability work?", "question"),
        ("A third?", "question"),
    ]
    answer = entries[0][1]
    assert answer == "It is a target.\n\nDeathgrip (revised text):\n\nKill a friendly unit.\n\nDraw 1."
    assert "Edge of Night" not in answer and "#" not in answer


def test_a_heading_is_a_topic_never_a_question() -> None:
    content = (
        "## Legion\nLegion's change in this rules update is a byproduct of the transition.\n\n"
        "Frequently Asked Questions\n\n<img src='a.png' />\n\nCan I use Sun Disc's ability the turn I play it?\n\n"
        "Yes.\n"
    )
    assert [(q, kind) for q, _, kind in split_entries(content)] == [
        ("Legion", "topic"),
        ("Can I use Sun Disc's ability the turn I play it?", "question"),
    ]


def test_a_quoted_rule_is_a_paragraph_of_its_own() -> None:
    content = (
        "## Control\nRule 323.6 lagged behind it.\n\n187.4.c.If a player has no Units there, they lose it.323.6.(OLD) 4. "
        "If the turn is open, they become Uncontrolled.\n"
    )
    ((_, answer, _),) = split_entries(content)
    assert answer.split("\n\n") == [
        "Rule 323.6 lagged behind it.",
        "187.4.c. If a player has no Units there, they lose it.",
        "323.6. (OLD) 4. If the turn is open, they become Uncontrolled.",
    ]
