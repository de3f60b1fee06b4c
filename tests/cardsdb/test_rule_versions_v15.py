"""Core Rules v1.5 is the current rules: its name, and the v1.4 rules the data pairs its numbers with."""

from __future__ import annotations

import pytest

from cardsdb.build.importers.ruling_entries import rules_version_named
from cardsdb.models import CURRENT_RULES_VERSION, V14_RULES_VERSION
from cardsdb.rule_numbers import normalize_version, parse_rule_ref
from cardsdb.rule_versions import KNOWN_PAIRS, Citation, cite, cite_citation, paired_numbers, v14_counterpart


@pytest.mark.parametrize("spelled", ["v1.5", "1.5", "V 1.5", "version 1.5", "v15"])
def test_v1_5_is_a_name_of_the_current_rules(spelled: str) -> None:
    assert normalize_version(spelled) == CURRENT_RULES_VERSION


@pytest.mark.parametrize("reviewed", ["1.5", "v1.5", " 1.5 "])
def test_a_page_reviewed_against_v1_5_numbers_its_rules_in_the_current_rules(reviewed: str) -> None:
    assert rules_version_named(reviewed) == CURRENT_RULES_VERSION
    assert rules_version_named("1.4") == V14_RULES_VERSION


def test_a_number_written_with_v1_5_is_a_current_number() -> None:
    assert parse_rule_ref("v1.5 407.5") == parse_rule_ref("407.5 (v1.5)")
    assert parse_rule_ref("407.5 (v1.5)").version == CURRENT_RULES_VERSION  # type: ignore[union-attr]
    assert cite("407.5", CURRENT_RULES_VERSION) == "407.5"  # shown unmarked


def test_a_current_number_the_data_lacks_is_shown_unmarked_not_as_missing() -> None:
    assert cite_citation(Citation("407.5", CURRENT_RULES_VERSION, found=False)) == "407.5"
    assert cite_citation(Citation("323.8.6", "v1.3", found=False)) == "323.8.6 (v1.3; not in our copy)"


@pytest.mark.parametrize(
    ("current", "v14"),
    [
        ("407.5", "406.5"),
        ("391.4", "390.4"),
        ("392", "391"),
        ("422", "421"),
        ("422.4", "421.4"),  # a pair holds for the sub-rules under it
        ("459.1", "457.1"),
        ("468.7.a", "466.7.a"),
        ("115.1.c", "115.1.c"),  # sections whose numbers did not change
        ("323.4", "323.4"),
        ("740.2.c", "740.2.c"),
        ("808.1.d.2", "808.1.d.2"),
    ],
)
def test_known_pairs_give_the_v1_4_rule(current: str, v14: str) -> None:
    assert v14_counterpart(current) == v14


@pytest.mark.parametrize("current", ["403.2", "400", "469", "811.1.d.3", "324.1", "100.1"])
def test_a_number_no_source_pairs_has_no_v1_4_rule(current: str) -> None:
    # 403.2 lies between two +1 pairs (392 and 407.5), but no source pairs it: nothing is guessed
    assert v14_counterpart(current) is None


def test_paired_numbers_go_both_ways_and_only_for_renumbered_rules() -> None:
    assert paired_numbers("407.5", None) == [(CURRENT_RULES_VERSION, "407.5"), (V14_RULES_VERSION, "406.5")]
    assert paired_numbers("406.5", V14_RULES_VERSION) == [
        (V14_RULES_VERSION, "406.5"),
        (CURRENT_RULES_VERSION, "407.5"),
    ]
    assert paired_numbers("323.4", None) == []  # the same number: found by number anyway
    assert paired_numbers("403.2", CURRENT_RULES_VERSION) == []
    assert all(v14_counterpart(new) == old for new, old in KNOWN_PAIRS.items())
