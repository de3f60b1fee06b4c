"""The rules table's rows alone (`RuleRows`): a number in a version, every version of a number newest first, titles,
sub-rules, and whether a version is held."""

from __future__ import annotations

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.query.base import Reader
from cardsdb.query.rule_rows import RuleRows
from cardsdb.rule_versions import VERSIONS_BY_DOC
from tests.support.query_fixtures import RULES


@pytest.fixture
def rule_rows(query_reader: Reader) -> RuleRows:
    return RuleRows(query_reader)


def test_a_number_names_another_rule_in_another_version(rule_rows: RuleRows) -> None:
    current, older = rule_rows.row("422", CURRENT_RULES_VERSION), rule_rows.row("422", V13_RULES_VERSION)
    assert current is not None and current["title"] == "Hide"
    assert older is not None and older["text"] == "Discard"
    assert rule_rows.row("422", V14_RULES_VERSION) is None


def test_every_version_of_a_number_comes_newest_first(rule_rows: RuleRows) -> None:
    order = list(VERSIONS_BY_DOC["core"])
    versions = [str(r["version"]) for r in rule_rows.numbered("811.6", "core")]
    assert sorted(versions, key=order.index) == versions
    assert set(versions) == {v for n, v, *_ in RULES if n == "811.6"}


def test_superseded_is_an_older_number_the_current_rules_gave_away(rule_rows: RuleRows) -> None:
    assert rule_rows.superseded("422.1")  # v1.3's Discard
    assert not rule_rows.superseded("421.1")


def test_a_heading_without_a_title_is_titled_by_its_text(rule_rows: RuleRows) -> None:
    assert rule_rows.title("421", V13_RULES_VERSION) == "Hide"
    assert rule_rows.title("422", CURRENT_RULES_VERSION) == "Hide"
    assert rule_rows.title("421.1", V13_RULES_VERSION) is None  # a rule, not a heading
    assert rule_rows.title("999", V13_RULES_VERSION) is None


def test_children_are_the_direct_sub_rules_of_that_version(rule_rows: RuleRows) -> None:
    expected = [n for n, v, *_ in RULES if v == CURRENT_RULES_VERSION and n.rpartition(".")[0] == "811"]
    assert [r.number for r in rule_rows.children("811", CURRENT_RULES_VERSION)] == expected
    assert all(r.version == CURRENT_RULES_VERSION for r in rule_rows.children("811", CURRENT_RULES_VERSION))


def test_holds_says_which_versions_the_data_has(rule_rows: RuleRows) -> None:
    assert rule_rows.holds(CURRENT_RULES_VERSION) and rule_rows.holds(V13_RULES_VERSION)
    assert not rule_rows.holds(V14_RULES_VERSION)
