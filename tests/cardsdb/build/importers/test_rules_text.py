"""Rules documents taken from a PDF as text (Core Rules v1.4, Tournament Rules): small hand-written fixtures for each
quirk of the extraction, and a malformed file failing with one line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardsdb.build.importers.rules_text import clean_text, heading_like, parse_rules_text
from cardsdb.build.pipeline import build_database
from cardsdb.errors import BuildError
from tests.support.paths import FIXTURE_DATA

CORE = """\
# Riftbound Core Rules (extracted)

> Source: fixture.

<!-- PAGE 1 -->
Fixture Core Rules
Last Updated: 2026-07-16

100. Game Concepts
101. Deck Construction
102. A fixture rule that wraps
onto the next line of the file.
103. A rule that runs to the end of a page and

<!-- PAGE 2 -->

goes on after the page marker.
103.1. * A bullet of the fixture.
103.2. Pay [A] and [M] , then ( Standard Moves ) of non- Unit Gear.
104.

 Multiple Types
105. Some rules wrap one
word

a

line.
105.1. See rule

106. Fixture for more information.
"""


def parse(text: str, doc: str = "core") -> list[tuple[str, str, str | None, str, str | None]]:
    rules = parse_rules_text(text, source="fixture.md", doc=doc).rules
    return [(r.number, r.kind, r.title, r.text, r.parent) for r in rules]


def test_a_rule_wrapped_onto_the_next_line_is_one_rule() -> None:
    rules = {number: text for number, _, _, text, _ in parse(CORE)}
    assert rules["102"] == "A fixture rule that wraps onto the next line of the file."


def test_a_rule_wrapped_across_a_page_marker_is_one_rule_without_the_marker() -> None:
    rules = {number: text for number, _, _, text, _ in parse(CORE)}
    assert rules["103"] == "A rule that runs to the end of a page and goes on after the page marker."


def test_a_number_alone_takes_its_text_from_the_next_line() -> None:
    rules = {number: (kind, title) for number, kind, title, _, _ in parse(CORE)}
    assert rules["104"] == ("heading", "Multiple Types")


def test_one_word_a_line_is_joined_and_a_cut_reference_is_not_a_new_rule() -> None:
    rules = {number: text for number, _, _, text, _ in parse(CORE)}
    assert rules["105"] == "Some rules wrap one word a line."
    # "See rule" then "106. Fixture ...": the number after "See rule" is the reference's, not a new rule
    assert rules["105.1"] == "See rule 106. Fixture for more information."
    assert "106" not in rules


def test_bullets_symbols_and_spacing() -> None:
    rules = {number: text for number, _, _, text, _ in parse(CORE)}
    assert rules["103.1"] == "• A bullet of the fixture."
    assert rules["103.2"] == "Pay [A] and [M], then (Standard Moves) of non-Unit Gear."
    assert clean_text("Missed Trigger [ No Penalty ]: x") == "Missed Trigger [No Penalty]: x"


def test_kinds_parents_date_and_chapter_counts() -> None:
    document = parse_rules_text(CORE, source="fixture.md", doc="core")
    kinds = {r.number: (r.kind, r.parent) for r in document.rules}
    assert kinds["100"] == ("chapter", None)
    assert kinds["101"] == ("heading", "100")
    assert kinds["103.1"] == ("rule", "103")
    assert document.updated == "2026-07-16"
    assert document.counts_by_chapter() == {"100": len(document.rules)}
    assert document.warnings == []


def test_running_headers_footers_and_page_numbers_are_dropped() -> None:
    pages = []
    for page in range(1, 5):
        pages.append(
            f"<!-- PAGE {page} -->\nRiftbound Core Rules Fixture\n{page}\n"
            f"{100 + page}. Rule {page} begins\nand ends on page {page}.\nFooter of the fixture rules\n"
        )
    rules = parse_rules_text("\n".join(pages), source="fixture.md", doc="core").rules
    assert [(r.number, r.text) for r in rules] == [
        (str(100 + page), f"Rule {page} begins and ends on page {page}.") for page in range(1, 5)
    ]


def test_tournament_rules_are_titled_by_their_lead_words() -> None:
    text = (
        "Riftbound Tournament Rules\nLast Updated 7/16/2026\n700. Enforcement and Penalties\n702. Game Play Errors\n"
        "702.2. Missed Trigger [ No Penalty ]: The accountable player doesn't demonstrate awareness.\n"
    )
    document = parse_rules_text(text, source="tr.md", doc="tournament")
    rules = {r.number: r for r in document.rules}
    assert document.updated == "2026-07-16"
    assert rules["702.2"].title == "Missed Trigger"
    assert rules["702.2"].text.startswith("Missed Trigger [No Penalty]: The accountable")
    assert (rules["700"].kind, rules["702"].kind, rules["702"].parent) == ("chapter", "heading", "700")


def test_one_number_out_of_order_is_kept_with_a_warning() -> None:
    text = "601. Formats\n601.3. Standard\n601.3.c. Sets\n601.3.c.4. Unleashed\n601.3.c.5. Vendetta\n"
    text += "601.3.c.5.a. Release\n601.3.c.4.b. Legal date\n"
    document = parse_rules_text(text, source="tr.md", doc="tournament")
    assert [r.number for r in document.rules][-1] == "601.3.c.4.b"
    assert document.warnings == ["tr.md: rule 601.3.c.4.b follows 601.3.c.5.a (line 7), kept as printed"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "101. A\n103. B\n102. C\n105. D\n104. E\n107. F\n106. G\n109. H\n108. I\n",
            "4 rule numbers out of order",
        ),
        ("101. A\n102. B\n101. C\n", "rule 101 appears twice (lines 1 and 3)"),
        ("101. A\n101.1.dd. B\n", "'101.1.dd' is not a well-formed rule number"),
        ("101. A\n8111.2. B\n", "'8111.2.' is not a rule number"),
        ("101. A\n<!-- PAGE 2 ->\nmore\n", "rule 101 (line 1) holds page debris"),
        ("101. A\n101.2.a. B\n", "rule 101.2.a (line 2) has no parent rule 101.2"),
        ("101.\n\n102. B\n", "rule 101 (line 1) has no text"),
        ("# only a title\nno rules here\n", "no numbered rules found"),
    ],
)
def test_a_malformed_file_fails_with_one_line(text: str, problem: str) -> None:
    with pytest.raises(BuildError) as info:
        parse_rules_text(text, source="bad.md", doc="core")
    assert problem in str(info.value) and str(info.value).startswith("bad.md: ")
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Multiple Types", True),
        ("1v1 (Duel)", True),
        ('"Can\'t beats Can"', True),
        ("Hide is not a subset of Play.", False),
        ("Responsibility:", False),
        ("• Units and legends say I", False),
        ("A heading of more than eight words is a sentence instead", False),
    ],
)
def test_heading_like(text: str, expected: bool) -> None:
    assert heading_like(text) is expected


def test_a_malformed_v14_file_fails_the_build_and_keeps_the_database(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_DATA, data)
    target = tmp_path / "db" / "riftbound.sqlite3"
    build_database(data, target, claims=())
    before = target.read_bytes()
    folder = data / "rules-2026-07"
    folder.mkdir(exist_ok=True)
    (folder / "core-rules-v1-4.md").write_text("811. Hidden\n811.1. A\n811.1. Twice\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"core-rules-v1-4\.md: rule 811\.1 appears twice") as info:
        build_database(data, target, claims=())
    assert "\n" not in str(info.value)
    assert target.read_bytes() == before
