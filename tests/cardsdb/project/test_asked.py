"""Questions players ask, each with the rule answering it (cardsdb/project/asked.py, cardsdb/build/asked.py): the file
read as it says, every failure one line naming the entry and the field, and the project's own file over the real
rules."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from cardsdb.build.asked import MISSING_SHOWN, asked_rows
from cardsdb.errors import BuildError
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.project.asked import ASKED_FILE, load_asked


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / ASKED_FILE
    path.write_text(text, encoding="utf-8")
    return path


def test_a_rule_is_read_as_the_bot_cites_it(tmp_path: Path) -> None:
    found = load_asked(
        _file(
            tmp_path,
            "rules:\n"
            "- rule: 805.1.a (v1.4)\n  asked: [if i pay accelerate does my unit come in ready]\n"
            "- rule: TR 702.12\n  asked: [i drew an extra card what happens]\n"
            "- rule: 811.1.b\n  asked: ['can i hide a card on my first turn', 'when can i hide stuff']\n",
        )
    )
    assert [(r.doc, r.version, r.number) for r in found] == [
        (CORE_DOC, "v1.4", "805.1.a"),
        (TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION, "702.12"),
        (CORE_DOC, CURRENT_RULES_VERSION, "811.1.b"),
    ]
    assert found[2].questions == ("can i hide a card on my first turn", "when can i hide stuff")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("rules:\n- rule: chump blocking\n  asked: [can i chump block]\n", "field 'rule' is not a rule"),
        ("rules:\n- rule: 805.1.a (v1.4)\n  asked: []\n", "field 'asked' must hold at least one question"),
        ("rules:\n- rule: 805.1.a (v1.4)\n", "field 'asked' is missing"),
        (
            "rules:\n- rule: '805'\n  asked: [whats accelerate]\n- rule: '805.1'\n  asked: [Whats  accelerate]\n",
            "repeats 'Whats accelerate', asked of 805 already",
        ),
        ("rules: []\n", "`rules` is empty"),
        ("rules: {}\n", "'rules' must be a list"),
    ],
)
def test_a_bad_file_fails_in_one_line_naming_the_entry_and_field(
    tmp_path: Path, text: str, says: str
) -> None:
    with pytest.raises(BuildError) as error:
        load_asked(_file(tmp_path, text))
    message = str(error.value)
    assert says in message and "\n" not in message and message.startswith(ASKED_FILE)


def test_a_rule_the_rules_read_do_not_have_is_left_out_with_one_warning_naming_it(tmp_path: Path) -> None:
    asked = load_asked(
        _file(
            tmp_path,
            "rules:\n"
            + "".join(
                f"- rule: 80{n}.9 (v1.4)\n  asked: [question number {n}]\n" for n in range(MISSING_SHOWN + 1)
            )
            + "- rule: 805.1 (v1.4)\n  asked: [whats accelerate, does accelerate make it ready]\n",
        )
    )
    warnings: list[str] = []
    rows = asked_rows(asked, [{"doc": CORE_DOC, "version": "v1.4", "number": "805.1"}], warnings)
    assert [(r["id"], r["question"], r["number"]) for r in rows] == [
        (1, "whats accelerate", "805.1"),
        (2, "does accelerate make it ready", "805.1"),
    ]
    assert len(warnings) == 1
    assert f"{MISSING_SHOWN + 1} of its rules are not in the rules read (800.9 (v1.4)," in warnings[0]
    assert warnings[0].count("(v1.4)") == MISSING_SHOWN and ", ..." in warnings[0]


def test_the_project_s_file_reads_and_no_question_writes_a_rule_number() -> None:
    asked = load_asked()
    questions = [q for rule in asked for q in rule.questions]
    assert len(questions) >= 1000
    assert not [q for q in questions if re.search(r"\b\d{3}\.\d", q)]


@pytest.mark.real_data
def test_every_rule_of_the_project_s_file_is_in_the_real_rules_and_every_question_is_stored(
    real_db: Path,
) -> None:
    asked = load_asked()
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        held = set(connection.execute("SELECT doc, version, number FROM rules").fetchall())
        stored = connection.execute("SELECT count(*) FROM asked_questions").fetchone()[0]
    assert [r.cited for r in asked if (r.doc, r.version, r.number) not in held] == []
    assert stored == sum(len(r.questions) for r in asked)
