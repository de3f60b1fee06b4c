"""Questions players ask, each with the rule answering it (cardsdb/project/asked.py, cardsdb/build/asked.py): the files
read as they say, one a document's section, every failure one line naming the file, the entry and the field; the same
question asked of two rules counted and named; and the project's own files over the real rules."""

from __future__ import annotations

import itertools
import re
import sqlite3
from pathlib import Path

import pytest

from cardsdb.build.asked import (
    DUPLICATES_SHOWN,
    MISSING_SHOWN,
    asked_of_two_rules,
    asked_rows,
    duplicates_warning,
)
from cardsdb.errors import BuildError
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.asked import ASKED_DIR, AskedRule, asked_files, load_asked, section_file
from cardsdb.search.text_rank import STOP_WORDS, stem, words

ASKED_FILE = "asked.yaml"


def _file(tmp_path: Path, text: str, name: str = ASKED_FILE) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _rule(cited: str, *questions: str) -> AskedRule:
    return AskedRule(cited, CORE_DOC, CURRENT_RULES_VERSION, cited, questions)


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
    assert warnings[0].startswith(f"{ASKED_DIR}/: ")
    assert f"{MISSING_SHOWN + 1} of its rules are not in the rules read (800.9 (v1.4)," in warnings[0]
    assert warnings[0].count("(v1.4)") == MISSING_SHOWN and ", ..." in warnings[0]


def test_a_folder_is_read_file_by_file_in_the_order_of_their_names(tmp_path: Path) -> None:
    _file(
        tmp_path,
        "rules:\n- rule: TR 702.12\n  asked: [i drew an extra card what happens]\n",
        "tournament-7xx.yaml",
    )
    _file(tmp_path, "rules:\n- rule: '811.1.b'\n  asked: [when can i hide stuff]\n", "core-8xx.yaml")
    _file(tmp_path, "rules:\n- rule: 103.2 (v1.4)\n  asked: [how big is a deck]\n", "core-1xx.yaml")
    assert [r.cited for r in load_asked(tmp_path)] == ["103.2 (v1.4)", "811.1.b", "TR 702.12"]


def test_a_section_file_holds_only_its_section_s_rules_and_a_question_is_asked_once_across_files(
    tmp_path: Path,
) -> None:
    _file(
        tmp_path, "rules:\n- rule: TR 702.12\n  asked: [i drew an extra card what happens]\n", "core-7xx.yaml"
    )
    with pytest.raises(BuildError) as error:
        load_asked(tmp_path)
    assert str(error.value) == (
        "core-7xx.yaml: rule TR 702.12, field 'rule' belongs in tournament-7xx.yaml, the file of its document's section"
    )
    (tmp_path / "core-7xx.yaml").rename(tmp_path / "tournament-7xx.yaml")
    _file(
        tmp_path,
        "rules:\n- rule: '811.1.b'\n  asked: [I drew an extra card  what happens]\n",
        "core-8xx.yaml",
    )
    with pytest.raises(BuildError) as error:
        load_asked(tmp_path)
    assert str(error.value).startswith("tournament-7xx.yaml: rule TR 702.12, field 'asked' repeats")
    assert section_file(TOURNAMENT_DOC, "702.12") == "tournament-7xx.yaml" and section_file(
        CORE_DOC, "050"
    ) == ("core-0xx.yaml")


def test_a_folder_without_files_fails_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match=r"holds no \*\.yaml file"):
        load_asked(tmp_path)


def test_the_same_question_asked_of_two_rules_is_counted_and_named_in_one_warning() -> None:
    asked = [
        _rule("811.1.b", "can a tapped unit move", "what does hiding cost"),
        _rule("420.3.a", "can i move a tapped unit", "what cards have quick draw"),
        _rule("819.1.d", "what does quick draw do", "quick draw, what does it do"),
    ]
    pairs = asked_of_two_rules(asked)
    # the same words in another order, across two rules; not "what cards have" against "what does ... do", and
    # never two questions of one rule
    assert pairs == [("can a tapped unit move", "811.1.b", "can i move a tapped unit", "420.3.a")]
    warning = duplicates_warning(pairs)
    assert warning == (
        f"{ASKED_DIR}/: 1 pairs of questions ask the same thing of two different rules: "
        "'can a tapped unit move' (811.1.b) and 'can i move a tapped unit' (420.3.a)"
    )
    many = duplicates_warning([("a", "1", "b", "2")] * (DUPLICATES_SHOWN + 1))
    assert many is not None and many.endswith(", ...") and many.count("(1)") == DUPLICATES_SHOWN
    assert duplicates_warning([]) is None


def test_the_project_s_files_are_one_a_section_and_no_more_than_a_few_hundred_kilobytes() -> None:
    files = asked_files()
    assert files and all(f.stat().st_size < 300_000 for f in files)
    assert {f.parent for f in files} == {PROJECT_DATA_DIR / ASKED_DIR}


def test_no_question_of_the_project_s_files_is_asked_of_two_rules() -> None:
    assert len(asked_of_two_rules(load_asked())) == 0


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


# Everyday words one letter from a word of a card's name (Stranger, Weaver, Cursed, Shells): no card is meant.
EVERYDAY_NEAR_NAMES = frozenset(
    {"stronger", "weaker", "curled", "curved", "smells", "tapping", "bending", "thorough", "promos"}
)
NEAR_NAME_LENGTH = 6  # shorter words are one letter from too many names to say a card is meant


def _misspelt(a: str, b: str) -> bool:
    """One letter added, dropped or changed, not the last ("bounced" is not "Bouncer" misspelt: another word)."""
    if len(a) == len(b):
        return a[-1] == b[-1] and sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long = sorted((a, b), key=len)
    return len(long) - len(short) == 1 and any(
        long[:i] + long[i + 1 :] == short for i in range(len(long) - 1)
    )


def _card_words(connection: sqlite3.Connection) -> tuple[set[str], set[str], list[str]]:
    """(every word of the data's texts, every word of a card's name or alias, every name and alias, normalized)."""
    names = [
        r[0]
        for r in connection.execute("SELECT name_norm FROM cards UNION SELECT alias_norm FROM card_aliases")
    ]
    texts = connection.execute(
        "SELECT coalesce(title, '') || ' ' || text FROM rules UNION ALL SELECT coalesce(text, '') FROM cards "
        "UNION ALL SELECT question || ' ' || answer FROM rulings"
    )
    known = {w for (text,) in texts for w in words(text)}
    known |= {stem(w) for w in known}
    name_words = {w for name in names for w in name.split()}
    return known, name_words | {stem(w) for w in name_words}, names


def misnamed_cards(questions: list[str], connection: sqlite3.Connection) -> list[tuple[str, str]]:
    """(question, what it types) for each card a question names otherwise than the card is named: a word no text of
    the data holds that is one letter from a word only a card's name holds ("zonyas" for Zhonya's), or two such words
    written apart ("kha zix" for Kha'Zix, "fae folk" for Tasty Faefolk)."""
    known, name_words, _ = _card_words(connection)
    own = {w for w in name_words if len(w) >= NEAR_NAME_LENGTH}
    found = []
    for question in questions:
        typed = words(question)
        unknown = [
            w for w in typed if w not in known and w not in name_words and w not in EVERYDAY_NEAR_NAMES
        ]
        found += [
            (question, w)
            for w in unknown
            if len(w) >= NEAR_NAME_LENGTH and any(n[0] == w[0] and _misspelt(w, n) for n in own)
        ]
        found += [
            (question, f"{a} {b}")
            for a, b in itertools.pairwise(typed)
            if a + b in own and not {a, b} & STOP_WORDS
        ]
    return found


@pytest.mark.real_data
def test_every_card_a_question_names_is_named_as_the_card_is(real_db: Path) -> None:
    questions = [q for rule in load_asked() for q in rule.questions]
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        assert misnamed_cards(questions, connection) == []
        _, _, names = _card_words(connection)
        # the check sees the cards the questions name: hundreds, by their names ("kayle justified", "pickpocket")
        named = [q for q in questions if any(f" {n} " in f" {' '.join(words(q))} " for n in names)]
        assert len(named) >= 300
        # and it finds one misnamed
        assert misnamed_cards(["zonyas vs smite who wins", "kha zix with ambush"], connection) == [
            ("zonyas vs smite who wins", "zonyas"),
            ("kha zix with ambush", "kha zix"),
        ]
