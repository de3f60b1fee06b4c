"""The project's vocabulary file (cardsdb/project/data/thesaurus.yaml, read by cardsdb.project.vocabulary): each part
read as written, a broken file failing in one line, and every link naming a rule that exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsdb import rule_numbers
from cardsdb.errors import BuildError
from cardsdb.models import TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.project.vocabulary import load_vocabulary
from cardsdb.query import CardsDB


def test_the_project_s_vocabulary_reads_its_three_parts_as_written() -> None:
    vocabulary = load_vocabulary()
    assert vocabulary.entries and vocabulary.damped and vocabulary.tournament
    facedown = next(e for e in vocabulary.entries if "facedown" in e.words)
    assert "face down" in facedown.words and "hidden" in facedown.means and facedown.why
    assert all(not group.means for group in (*vocabulary.damped, *vocabulary.tournament))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("entries: []\n", "`entries` must be a non-empty list"),
        ("entries: [\n", "is not valid YAML at line"),
        (
            'entries:\n  - words: ["--"]\n    means: [exhaust]\n    why: "414"\n',
            "'--' of `words` has no letters",
        ),
        ("entries:\n  - words: [tap]\n    means: [exhaust]\n", "`why` must say which rule"),
        (
            'entries:\n  - words: []\n    means: [exhaust]\n    why: "414"\n',
            "`words` must be a non-empty list",
        ),
        (
            'entries:\n  - words: [tap]\n    means: [exhaust]\n    why: "414"\ndamped:\n  - words: [back]\n',
            "damped 1: `why` must say which rule",
        ),
        (
            'entries:\n  - words: [tap]\n    means: [exhaust]\n    why: "414"\ntournament: judge\n',
            "`tournament` must be a list",
        ),
    ],
)
def test_a_broken_vocabulary_fails_in_one_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "thesaurus.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BuildError) as failure:
        load_vocabulary(path)
    assert problem in str(failure.value) and "\n" not in str(failure.value)


_QUOTED = re.compile(r'"[^"]*"')
_CITED = re.compile(r"(TR )?(?<![\w.])(\d{3}(?:\.[0-9a-z]+)*)(?: \((v1\.[34])\))?")


@pytest.mark.real_data
def test_every_link_names_a_rule_that_exists_in_the_version_it_names(real_cards: CardsDB) -> None:
    # each group's `why` is the rule whose words show the link: "811.1.b", "103.2 (v1.4)", "TR 413.1"
    vocabulary = load_vocabulary()
    missing = []
    for part, groups in (
        ("entries", vocabulary.entries),
        ("damped", vocabulary.damped),
        ("tournament", vocabulary.tournament),
    ):
        for group in groups:
            unquoted = _QUOTED.sub(" ", group.why)  # a quote is the rule's own words
            for tr, number, version in _CITED.findall(unquoted):
                if rule_numbers.parse_rule_ref(number) is None:
                    continue
                doc, where = (TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION) if tr else ("core", version or None)
                if not real_cards.rule_exists(number, where, doc):
                    missing.append(f"{part}: {tr}{number} {version}".strip())
    assert missing == []
