"""Matching two versions of a rules document by wording, and the word diff of one rule (small hand-written rules)."""

from __future__ import annotations

from cardsdb.build.rule_diff import (
    comparable,
    match_rules,
    render_diff,
    same_words,
    without_examples,
    word_diff,
)

OLD = {
    "450": "Recalls",
    "451": "A Recall is when a Permanent is relocated to its Base.",
    "452": "Gear can be Recalled.",
    "452.1": "When an un-attached Gear is at a battlefield, it is Recalled during the next Cleanup.",
    "453": "Non-Deck Cards are not part of any deck and begin the game in a zone determined by their type.",
    "454": "This rule was taken out of the newer version entirely, with nothing like it left.",
    "460": "Example",
    "461": "Example",
}
NEW = {
    "450": "Recalls",
    "451": "A Recall is when a Permanent is relocated to its Base.",
    "452": "Units may cause Combat when they Move.",  # a new rule under an old number
    "453": "Other Cards are not part of either the Main or Rune Decks and begin the game in a zone determined by "
    "their type.",
    "457": "Gear can be Recalled.",  # renumbered, same words
    "457.1": "When an un-attached non-Unit Gear is at a battlefield, it is Recalled during the next Cleanup.",
    "460": "Example",
    "461": "Example",
}


def test_same_number_same_words_is_unchanged_and_a_new_rule_under_an_old_number_is_added() -> None:
    found = match_rules(OLD, NEW)
    pairs = {(p.old, p.new) for p in found.pairs}
    assert {("450", "450"), ("451", "451"), ("460", "460"), ("461", "461")} <= pairs
    assert "452" in found.added and ("452", "452") not in pairs


def test_a_renumbered_rule_is_moved_not_removed_and_added() -> None:
    found = match_rules(OLD, NEW)
    pairs = {(p.old, p.new) for p in found.pairs}
    assert ("452", "457") in pairs  # same words
    assert ("452.1", "457.1") in pairs  # nearly the same words
    assert "452.1" not in found.removed and "457.1" not in found.added


def test_a_reworded_rule_keeps_its_number() -> None:
    found = match_rules(OLD, NEW)
    assert ("453", "453") in {(p.old, p.new) for p in found.pairs}
    assert not same_words(OLD["453"], NEW["453"])


def test_what_is_left_is_removed_or_added() -> None:
    found = match_rules(OLD, NEW)
    assert found.removed == ("454",)
    assert found.added == ("452",)


def test_spacing_case_and_reference_numbers_are_not_changes() -> None:
    assert comparable("See rule 449. Recalls for more, ( Standard Moves )") == comparable(
        "see rule 454. Recalls for more, (Standard Moves)"
    )
    assert same_words("* A bullet", "• a  bullet")


def test_word_diff_marks_deleted_and_inserted_words() -> None:
    pieces = word_diff(OLD["453"], NEW["453"], context=None)
    assert [(p.op, p.text) for p in pieces if p.op != "same"] == [
        ("del", "Non-Deck"),
        ("ins", "Other"),
        ("del", "any deck"),
        ("ins", "either the Main or Rune Decks"),
    ]
    assert render_diff(pieces).startswith("[-Non-Deck-] {+Other+} Cards are not part of [-any deck-]")
    assert render_diff(pieces, deleted="~~{}~~", inserted="**{}**").startswith("~~Non-Deck~~ **Other**")


def test_a_compact_diff_shortens_long_unchanged_runs() -> None:
    old = " ".join(f"w{i}" for i in range(40)) + " end"
    new = " ".join(f"w{i}" for i in range(40)) + " finish"
    shown = render_diff(word_diff(old, new, context=3))
    assert shown == "… w37 w38 w39 [-end-] {+finish+}"


def test_examples_are_left_out_when_asked() -> None:
    assert without_examples("A rule. Example: a card does this.") == "A rule."
