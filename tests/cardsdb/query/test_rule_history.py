"""A rule as shown, alone (`RuleHistory.view`): its parents and sub-rules, the same rule in other versions, where its
number moved, the notes on an older text and what changed in its words."""

from __future__ import annotations

import pytest

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, Rule, RuleNote
from cardsdb.query.base import Reader
from cardsdb.query.rule_history import RuleHistory
from cardsdb.query.rule_rows import RuleRows
from cardsdb.schema import rule_from_row


@pytest.fixture
def history(query_reader: Reader) -> RuleHistory:
    return RuleHistory(query_reader, RuleRows(query_reader))


def _rule(reader: Reader, number: str, version: str) -> Rule:
    row = RuleRows(reader).row(number, version)
    assert row is not None
    return rule_from_row(row)


def test_an_older_rule_says_its_number_now(history: RuleHistory, query_reader: Reader) -> None:
    view = history.view(_rule(query_reader, "421.1", V13_RULES_VERSION))
    assert view.now == ("422.1",)
    assert [(r.number, r.version) for r in view.lineage] == [("422.1", CURRENT_RULES_VERSION)]
    assert RuleNote("now", "421.1", V13_RULES_VERSION, (("422.1", CURRENT_RULES_VERSION),)) in view.moved


def test_a_current_rule_says_where_it_was(history: RuleHistory, query_reader: Reader) -> None:
    view = history.view(_rule(query_reader, "422.1", CURRENT_RULES_VERSION))
    moved_here = [m for m in view.moved if m.kind == "moved_here"]
    assert [(m.number, m.to) for m in moved_here] == [("421.1", (("422.1", CURRENT_RULES_VERSION),))]
    assert [p.number for p in view.parents] == ["422"]


def test_a_number_given_to_another_rule_is_told_apart(history: RuleHistory, query_reader: Reader) -> None:
    view = history.view(_rule(query_reader, "422.1", V13_RULES_VERSION))  # v1.3's Discard
    assert view.now == ()
    assert RuleNote("superseded", "422", V13_RULES_VERSION, title="Hide", then_title="Discard") in view.notes
    same = {v.version: v.same_rule for v in view.versions}
    assert same == {CURRENT_RULES_VERSION: False, V13_RULES_VERSION: True}


def test_changed_words_between_two_official_texts(history: RuleHistory, query_reader: Reader) -> None:
    # 811.6: v1.3 "gains Reaction while facedown", current "gains Reaction the turn after it is hidden"
    view = history.view(_rule(query_reader, "811.6", CURRENT_RULES_VERSION))
    assert view.changed is not None
    assert (view.changed.from_version, view.changed.from_number) == (V13_RULES_VERSION, "811.6")
    assert "the turn after" in view.changed.new and "the turn after" not in view.changed.old


def test_a_summary_is_not_compared_word_for_word(history: RuleHistory, query_reader: Reader) -> None:
    view = history.view(_rule(query_reader, "422.1", CURRENT_RULES_VERSION))  # the seeds' summary wording
    assert view.changed is None
