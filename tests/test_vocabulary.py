"""The game's language (cardsdb/data/thesaurus.yaml, read by cardsdb.vocabulary): players' words and other card games'
words linked to the rules', words that say little in a question, and words naming tournament procedure."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsdb import rule_numbers
from cardsdb.errors import BuildError
from cardsdb.models import TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION
from cardsdb.query import CardsDB
from cardsdb.text_rank import DAMPED_IMPORTANCE, Analyzer, stem
from cardsdb.vocabulary import by_first, holds_phrase, load_vocabulary, question_stems

VOCABULARY = load_vocabulary()
ANALYZER = Analyzer(VOCABULARY.entries, VOCABULARY.damped)
TOURNAMENT = by_first(VOCABULARY.tournament)


def _alternatives(question: str) -> set[str]:
    return {s for c in ANALYZER.concepts(question) for s in c.alternatives}


@pytest.mark.parametrize(
    ("question", "rules_word"),
    [
        # the words the issue names, each linked to the rules' own word
        ("my unit got bounced", "hand"),
        ("can I chump block", "defender"),
        ("can I play off-color cards", "domain"),
        ("is vision scry", "predict"),
        ("does my spell get countered", "counter"),
        ("does it mill me", "burn"),
        ("how do I ramp", "channel"),
        ("do tapped units untap", "exhaust"),
        ("when do my runes untap", "ready"),
        ("who goes first", "first"),
        ("which resolves first", "newest"),
        ("can I split damage", "assign"),
        ("what is on top-deck", "top"),
        ("can I concede", "concede"),
        # other card games' words
        ("is banish like exile", "banish"),
        ("where is my graveyard", "trash"),
        ("does my creature have haste", "accelerate"),
        ("does ward stop spells", "deflect"),
        ("what is taunt", "tank"),
        ("is there a deathrattle", "deathknell"),
        ("when I cast a spell", "play"),
    ],
)
def test_players_words_search_the_rules_words(question: str, rules_word: str) -> None:
    assert stem(rules_word) in _alternatives(question)


def test_everyday_words_count_less_than_the_words_that_say_which_rule() -> None:
    concepts = {c.typed: c.importance for c in ANALYZER.concepts("do I get my runes back")}
    assert concepts["back"] == DAMPED_IMPORTANCE and concepts["rune"] == 1.0
    # a question of damped words alone still finds them
    assert [c.typed for c in ANALYZER.concepts("card back")] == ["card", "back"]


@pytest.mark.parametrize(
    ("question", "tournament"),
    [
        ("what happens if I draw an extra card at a tournament", True),
        ("who goes first in game 2", True),
        ("can i change my decklist", True),
        ("the judge ruled against me", True),
        ("how long is a round", True),
        ("does a drawn game count in a best of 3", True),
        ("what happens when I draw a card", False),
        ("does the power have to match the domain", False),
        ("can I score the same battlefield twice", False),
    ],
)
def test_tournament_words_name_tournament_procedure(question: str, tournament: bool) -> None:
    assert holds_phrase(question_stems(question), TOURNAMENT) is tournament


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("entries: []\n", "`entries` must be a non-empty list"),
        ("entries:\n  - words: [tap]\n    means: [exhaust]\n", "`why` must say which rule"),
        ("entries:\n  - words: []\n    means: [exhaust]\n    why: 414\n", "`words` must be a non-empty list"),
        (
            "entries:\n  - words: [tap]\n    means: [exhaust]\n    why: 414\ndamped:\n  - words: [back]\n",
            "damped 1: `why` must say which rule",
        ),
        (
            "entries:\n  - words: [tap]\n    means: [exhaust]\n    why: 414\ntournament: judge\n",
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


def test_every_link_names_a_rule_that_exists_in_the_version_it_names(real_db: Path) -> None:
    # each entry's `why` is the rule whose words show the link: "811.1.b", "103.2 (v1.4)", "TR 413.1"
    from cardsdb.paths import PROJECT_DATA_DIR
    from cardsdb.project_data import read_yaml

    data = read_yaml(PROJECT_DATA_DIR / "thesaurus.yaml")
    db = CardsDB.open(real_db)
    missing = []
    for part in ("entries", "damped", "tournament"):
        for group in data.get(part, []):
            unquoted = _QUOTED.sub(
                " ", " ".join(str(group["why"]).split())
            )  # a quote is the rule's own words
            for tr, number, version in _CITED.findall(unquoted):
                if rule_numbers.parse_rule_ref(number) is None:
                    continue
                doc, where = (TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION) if tr else ("core", version or None)
                if not db.rule_exists(number, where, doc):
                    missing.append(f"{part}: {tr}{number} {version}".strip())
    assert missing == []
