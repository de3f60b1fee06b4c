"""Core Rules v1.3 rows: numbers, parents, kinds, continuations and repeated numbers."""

from __future__ import annotations

import pytest

from cardsdb.build.importers.rules_v13 import parse_markdown, parse_tsv, sort_key
from cardsdb.errors import BuildError
from tests.support.paths import FIXTURE_DATA

FIXTURE_TSV = FIXTURE_DATA / "core-rules-v1-3.tsv"


def test_rows_have_number_parent_kind_and_date() -> None:
    rules, updated = parse_tsv(FIXTURE_TSV.read_text())
    assert updated == "2026-03-30"
    by_number = {r.number: r for r in rules}
    assert by_number["800"].kind == "chapter"
    assert by_number["811"].kind == "heading" and by_number["811"].title == "Hidden"
    assert by_number["811"].parent == "800"
    assert by_number["811.1.d.2"].parent == "811.1.d"
    assert by_number["811.1.d.2"].kind == "rule"
    assert by_number["800"].parent is None


def test_rows_without_number_continue_the_row_before() -> None:
    rule = parse_tsv(FIXTURE_TSV.read_text())[0]
    by_number = {r.number: r for r in rule}
    assert by_number["107.3.b.2"].text == (
        "Fixture stand-in for v1.3 rule 107.3.b.2 (Facedown Zones). Fixture continuation line (an unnumbered row)."
    )


def test_a_number_that_appears_twice_keeps_both_texts() -> None:
    rules, _ = parse_tsv(FIXTURE_TSV.read_text())
    step = [r for r in rules if r.number == "461"]
    assert len(step) == 1
    assert step[0].title == "Step 3: The Resolution Step"
    assert "Fixture stand-in for v1.3 rule 461." in step[0].text
    assert step[0].duplicates == 1


def test_markdown_rows_read_like_the_tsv() -> None:
    md = (
        '<div class="rule-row rule-plain level-0"><div class="rule-id"></div><div class="rule-text">Last Updated: 2026-03-30</div></div>\n'
        '<div class="rule-row rule-heading level-0"><div class="rule-id">811.</div><div class="rule-text">Hidden</div></div>\n'
        '<div class="rule-row rule-plain level-1"><div class="rule-id">811.1.</div><div class="rule-text">Hidden is a keyword &amp; more.</div></div>\n'
    )
    rules, updated = parse_markdown(md)
    assert updated == "2026-03-30"
    assert [(r.number, r.kind) for r in rules] == [("811", "heading"), ("811.1", "rule")]
    assert rules[1].text == "Hidden is a keyword & more."


def test_a_broken_header_is_a_clear_error() -> None:
    with pytest.raises(BuildError, match="header"):
        parse_tsv("811\theading\tHidden\n")


def test_sort_keys_order_numbers_naturally() -> None:
    numbers = ["811.10", "811.2", "811.1.d.2", "811.1.d", "107.3.b"]
    assert sorted(numbers, key=sort_key) == ["107.3.b", "811.1.d", "811.1.d.2", "811.2", "811.10"]
