"""A rule's notes are facts from the query layer (`RuleNote`), worded once (`cardsdb/cli/rule_words.py`) for the
command line and the bot."""

from __future__ import annotations

from typing import get_args

from cardsdb.cli.rule_words import _WORDS, note_text, notes_text
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, V14_RULES_VERSION, RuleNote, RuleNoteKind


def test_every_kind_of_note_has_its_words() -> None:
    assert set(_WORDS) == set(get_args(RuleNoteKind))


def test_a_move_is_said_once_for_all_its_versions_every_number_marked() -> None:
    moved = RuleNote(
        "moved_here",
        "421",
        V14_RULES_VERSION,
        (("422", CURRENT_RULES_VERSION),),
        title="Hide",
        versions=(V13_RULES_VERSION, V14_RULES_VERSION),
    )
    assert note_text(moved) == "421 (v1.3, v1.4), Hide, is 422 now."
    renumbered = RuleNote("renumbered", "811.1.d.2", V13_RULES_VERSION, (("811.1.d.3", V14_RULES_VERSION),))
    assert note_text(renumbered) == "811.1.d.2 (v1.3) is 811.1.d.3 (v1.4)."


def test_notes_alike_in_words_are_said_once() -> None:
    note = RuleNote("later_lacks", "421.9", V14_RULES_VERSION)
    assert notes_text([note, note]) == ("v1.4 no longer has this rule.",)
