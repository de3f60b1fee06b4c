"""What changed between two versions, alone (`Changes`): the stored changes in order, under a rule or everywhere, each
with the patch notes tied to it, and one line for versions given wrong."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsdb.errors import BadInput, NotFound
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION
from cardsdb.query import CardsDB
from cardsdb.query.changes import Changes
from cardsdb.query.rule_rows import RuleRows
from cardsdb.rule_versions import BadVersion

# number, change, old, new, moved_to, sort_key: what the build would store for the fixture's rules
STORED = [
    ("422", "moved", "Hide", "Hide", "422", "0422"),
    (
        "811.6",
        "reworded",
        "gains Reaction while facedown",
        "gains Reaction the turn after",
        None,
        "0811.0006",
    ),
    ("811.4", "removed", "Multiple instances of Hidden are redundant.", None, None, "0811.0004"),
]
NOTES = [
    ("n1", "CLARIFIED RULE: Reaction arrives the turn after hiding.", "811.6"),
    ("n2", "Formatting cleaned up throughout.", None),
]


@pytest.fixture
def changes(query_db: Path, tmp_path: Path) -> Iterator[Changes]:
    path = tmp_path / "changes.sqlite3"
    shutil.copy(query_db, path)
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO rule_changes (id, doc, from_version, to_version, number, change, old, new, moved_to, "
            "title, wording, sort_key) VALUES (?, 'core', ?, ?, ?, ?, ?, ?, ?, NULL, 'official', ?)",
            [(i, V13_RULES_VERSION, CURRENT_RULES_VERSION, *row) for i, row in enumerate(STORED)],
        )
        connection.executemany(
            "INSERT INTO patch_notes (id, source, section, statement, why, from_version, to_version, number) "
            "VALUES (?, 'Patch notes', 'Hidden', ?, '', ?, ?, ?)",
            [(i, s, V13_RULES_VERSION, CURRENT_RULES_VERSION, n) for i, s, n in NOTES],
        )
    db = CardsDB.open(path)
    reader = db.reader
    yield Changes(reader, RuleRows(reader))
    db.close()


def test_every_change_in_rule_order_with_its_patch_note(changes: Changes) -> None:
    found = changes.changes("v1.3", "current")
    assert [(c.number, c.change) for c in found.changes] == [
        ("422", "moved"),
        ("811.4", "removed"),
        ("811.6", "reworded"),
    ]
    notes = {c.number: [n.statement for n in c.patch_notes] for c in found.changes}
    assert notes == {"422": [], "811.4": [], "811.6": [NOTES[0][1]]}
    assert [n.statement for n in found.unplaced_notes] == [NOTES[1][1]]
    assert found.partial  # the newer version is the current rules


def test_under_a_rule_lists_only_its_subtree(changes: Changes) -> None:
    found = changes.changes("v1.3", "2026-10-09", "811")
    assert [c.number for c in found.changes] == ["811.4", "811.6"]
    assert found.under == "811" and found.unplaced_notes == ()
    assert found.under_version == CURRENT_RULES_VERSION


@pytest.mark.parametrize(
    ("old", "new", "under", "error"),
    [
        ("v1.3", "v1.3", None, BadVersion),
        ("current", "v1.3", None, BadVersion),
        ("v1.3", "", None, BadVersion),
        ("v1.3", "current", "hidden", BadInput),
        ("v1.3", "v1.4", None, NotFound),  # a version the data holds in name only
    ],
)
def test_versions_given_wrong_are_one_line(
    changes: Changes, old: str, new: str, under: str | None, error: type[Exception]
) -> None:
    with pytest.raises(error) as raised:
        changes.changes(old, new, under)
    assert "\n" not in str(raised.value)
