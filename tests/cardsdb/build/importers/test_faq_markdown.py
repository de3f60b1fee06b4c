"""A transcribed official FAQ (markdown) split into rulings: questions, answers in player text, rule numbers with the
rules version of the FAQ's day; malformed files fail with one line or leave one question out with a warning."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsdb.build.importers.faq_markdown import parse_faq_markdown
from cardsdb.build.importers.ruling_entries import V14_RULES_VERSION, rules_version_on, symbol_words
from cardsdb.build.rulings import load_newer_rulings
from cardsdb.errors import BuildError
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION

FAQ = """# Testing Rules FAQ (Riot, published 2026-08-14)

> Source page: https://example.invalid/testing-faq/
> Transcribed from somewhere @ abc123 (notes for maintainers). 3 items.

## 1. What happens when I give my 4 [M] unit -1 [M]?

It has 3 [M].

It is still a unit.
Relevant Rules: 370.1., 054.2.

## 2. Can I pay [2][A][A] for it, and does [T]hen still read as written?

Yes. It costs [4], and Battering Ram gets a [1] Energy discount.

> [Empowered][>] [1], [E]: Ready 2 gear.

1. First point,
continued on the next line.
2. Second point, as rule 811.1.d.2 says.

Relevant Rules: 375., 761., 761.1.

## 3. A question the transcription lost the answer of?

Relevant Rules: 999.
"""


def test_questions_answers_date_source_and_url() -> None:
    doc = parse_faq_markdown(FAQ, file_name="faq-testing-2026-08-14.md")
    assert (doc.id, doc.title, doc.date) == ("faq-testing-2026-08-14", "Testing Rules FAQ", "2026-08-14")
    assert doc.url == "https://example.invalid/testing-faq/"
    first, second = doc.entries
    assert first.id == "faq-testing-2026-08-14-001" and first.source == "official"
    assert first.question == "What happens when I give my 4 Might unit -1 Might?"
    assert first.answer == "It has 3 Might.\n\nIt is still a unit."
    assert (first.date, first.url, first.source_title) == ("2026-08-14", doc.url, "Testing Rules FAQ")
    assert "Transcribed" not in first.answer + second.answer  # notes on the transcription are not shown


def test_relevant_rules_lines_become_rule_numbers_of_v1_4() -> None:
    first, second = parse_faq_markdown(FAQ, file_name="faq-testing-2026-08-14.md").entries
    assert first.rules == ("370.1", "054.2")
    assert second.rules == ("375", "761", "761.1", "811.1.d.2")
    assert "Relevant Rules" not in first.answer + second.answer
    assert first.rules_version == second.rules_version == V14_RULES_VERSION == "v1.4"


def test_quotes_and_list_items_keep_their_lines_and_symbols_read_as_words() -> None:
    second = parse_faq_markdown(FAQ, file_name="faq-testing-2026-08-14.md").entries[1]
    assert (
        second.question
        == "Can I pay 2 energy + 2 power of any domain for it, and does [T]hen still read as written?"
    )
    lines = second.answer.split("\n")
    assert "Yes. It costs 4 energy, and Battering Ram gets a 1 Energy discount." in lines
    assert "> [Empowered][>] 1 energy, exhaust: Ready 2 gear." in lines
    assert "1. First point, continued on the next line." in lines
    assert "2. Second point, as rule 811.1.d.2 says." in lines


def test_symbol_words() -> None:
    assert symbol_words("-3 [M], pay [A]") == "-3 Might, pay 1 power of any domain"
    assert (
        symbol_words("[2][A][A] less; [T]he end; [Level][>]")
        == "2 energy + 2 power of any domain less; [T]he end; [Level][>]"
    )
    assert symbol_words("Accelerate costs [1][C]. [E]: draw 1.\n[E]: draw 2.") == (
        "Accelerate costs 1 energy + 1 power of the card's domain. exhaust: draw 1.\nExhaust: draw 2."
    )


def test_a_question_without_an_answer_is_left_out_with_a_warning() -> None:
    doc = parse_faq_markdown(FAQ, file_name="faq-testing-2026-08-14.md")
    assert [e.id for e in doc.entries] == ["faq-testing-2026-08-14-001", "faq-testing-2026-08-14-002"]
    assert doc.warnings == ("faq-testing-2026-08-14.md: question 3 has no answer; left out",)


def test_a_count_the_header_announces_is_checked() -> None:
    doc = parse_faq_markdown(FAQ.replace("3 items", "34 items"), file_name="faq-testing-2026-08-14.md")
    assert "announces 34 items, holds 3 questions" in doc.warnings[-1]


@pytest.mark.parametrize(
    ("text", "name", "message"),
    [
        ("no title here\n## 1. Q?\nA.", "faq-x-2026-08-14.md", "faq-x-2026-08-14.md: no '# Title' line"),
        (
            "# A FAQ\n\nJust prose, no questions.",
            "faq-x-2026-08-14.md",
            "faq-x-2026-08-14.md: no questions found",
        ),
        ("# A FAQ\n## 1. Q?\nA.", "faq-undated.md", "faq-undated.md: no publication date"),
    ],
)
def test_malformed_files_fail_with_one_line(text: str, name: str, message: str) -> None:
    with pytest.raises(BuildError) as raised:
        parse_faq_markdown(text, file_name=name)
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_the_date_falls_back_to_the_file_name() -> None:
    doc = parse_faq_markdown("# A FAQ\n## 1. Q?\nA.", file_name="faq-a-2026-11-02.md")
    assert doc.date == "2026-11-02" and doc.entries[0].rules_version == CURRENT_RULES_VERSION


def test_rules_version_of_the_day() -> None:
    assert rules_version_on("2026-10-09") == CURRENT_RULES_VERSION
    assert rules_version_on("2026-08-14") == "v1.4"
    assert rules_version_on("2026-04-29") == V13_RULES_VERSION
    assert rules_version_on("2025-10-16") == f"pre-{V13_RULES_VERSION}"


def test_a_data_folder_finds_faq_files_and_refuses_one_that_is_not_text(tmp_path: Path) -> None:
    folder = tmp_path / "rules-2026-07"
    folder.mkdir()
    (folder / "faq-testing-2026-08-14.md").write_text(FAQ, encoding="utf-8")
    warnings: list[str] = []
    found = load_newer_rulings(tmp_path, warnings)
    assert len(found.entries) == 2 and found.dates == {"faq-testing-2026-08-14": "2026-08-14"}
    assert warnings == ["faq-testing-2026-08-14.md: question 3 has no answer; left out"]
    (folder / "faq-broken-2026-08-15.md").write_bytes(b"# FAQ \xff\xfe\n## 1. Q?\nA.")
    with pytest.raises(BuildError, match=re.escape("faq-broken-2026-08-15.md is not UTF-8 text")):
        load_newer_rulings(tmp_path, [])
