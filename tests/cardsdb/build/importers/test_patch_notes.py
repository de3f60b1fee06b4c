"""Patch notes: sections and their NEW RULE / CLARIFIED RULE statements, tied to the changed rules they explain."""

from __future__ import annotations

import pytest

from cardsdb.build.importers.patch_notes import LinkCandidate, link_points, parse_patch_notes
from cardsdb.errors import BuildError

NOTES = """\
# Fixture Patch Notes

## Core Rules: Fixture Patch Notes

Welcome to the patch notes of the fixture. This introduction is long enough to be a paragraph, not a title.

Vendetta Addition: Flow
- Flow is a keyword that appears on spells.- NEW RULE: Flow keyword added.
- Danger and value go hand in hand.
Vendetta Addition: Empower
- Empower is the tentpole mechanic.- NEW RULE: Empower keyword added.
- NEW RULE: Empower action added.
Hidden Targeting
- The wording was not clear.- CLARIFIED RULE: The restriction on targets chosen by hidden spell and play effects is applied to each target separately and individually.
Rules Update: New Replacement Effects
- Three categories of card text.- NEW RULE: New replacement effects added
"""

CANDIDATES = [
    LinkCandidate("441", "Empower", "Empower", "Empowering is a Limited Action."),
    LinkCandidate("827", "Empower", "Empower", "Empower is an Activated Ability keyword."),
    LinkCandidate("829", "Flow", "Flow", "Flow is a passive ability keyword. Flow is present on Spells."),
    LinkCandidate(
        "811.1.d.2.a",
        None,
        "Each target is treated separately and individually when processing this rule.",
        "If a hidden spell or a play effect of a hidden permanent chooses any targets, those targets must be chosen "
        "from among options at that battlefield.",
    ),
    LinkCandidate(
        "355.14.d", None, "Each Target is valid, and contributes to Targeting Effects individually.", ""
    ),
    LinkCandidate("443.4", None, "Skip is a Replacement Effect.", "Skip"),
]


def test_statements_with_their_sections_and_explanations() -> None:
    points = parse_patch_notes(NOTES, source="fixture.md")
    assert [(p.section, p.statement) for p in points] == [
        ("Vendetta Addition: Flow", "NEW RULE: Flow keyword added."),
        ("Vendetta Addition: Empower", "NEW RULE: Empower keyword added."),
        ("Vendetta Addition: Empower", "NEW RULE: Empower action added."),
        (
            "Hidden Targeting",
            "CLARIFIED RULE: The restriction on targets chosen by hidden spell and play effects is applied to each "
            "target separately and individually.",
        ),
        ("Rules Update: New Replacement Effects", "NEW RULE: New replacement effects added"),
    ]
    assert points[0].why == "Flow is a keyword that appears on spells. Danger and value go hand in hand."


def test_each_statement_is_tied_to_the_rule_it_explains_or_to_none() -> None:
    points = parse_patch_notes(NOTES, source="fixture.md")
    links = link_points(points, CANDIDATES)
    assert links[0] == "829"  # "Flow keyword added" names the heading Flow
    assert links[1] == "827"  # a keyword: the Empower of the keywords chapter
    assert links[2] == "441"  # an action: the Empower of the actions chapter
    assert links[3] == "811.1.d.2.a"  # closest in words, with its parent's
    assert 4 not in links  # too vague to place


def test_notes_without_statements_fail_with_one_line() -> None:
    with pytest.raises(BuildError, match=r"^empty\.md: no 'NEW RULE:'"):
        parse_patch_notes("# Notes\n\nJust an introduction.\n", source="empty.md")
