"""Every rule number the engine cites exists in the version it is cited from, in the meaning the engine uses it in:
each in the rules table under its version, and each v1.4 number saying there what the engine uses it for. The answers
list them by version and the command line marks those that are not current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsdb.engine import check
from cardsdb.engine.verdict import citations
from cardsdb.engine.verdict.render_text import render
from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_VERSION, V14_RULES_VERSION
from cardsdb.project.overlay import load_overlay
from tests.support.engine_cards import MemoryCards
from tests.support.paths import ROOT

ENGINE = ROOT / "cardsdb" / "engine"

# What each v1.4 number must say for the use the engine makes of it (words of its v1.4 text).
V14_MEANINGS: dict[str, str] = {
    "308.1": "the turn is in a Showdown State",
    "309.1": "If a Chain exists, the turn is in a Closed State",
    "310.1.a": "on their turn in a Neutral Open state",
    "312.2": "A player receives Priority",
    "410.1.a": "A Discretionary Action is a Game Action",
    "107.3.b.1": "maximum occupancy of a Facedown Zone can increase",
    "355.2.a": "controller's Base or a Battlefield the controller controls",
    "355.9.b": "It meets all targeting restrictions",
    "355.8": "valid choices must be made for all targets",
    "355.11": "a group of Targets",
    "356.2.a.2": "Deflect keyword is a Mandatory Additional Cost",
    "356.2.b.1": 'They use the phrase "as an additional cost" and the word "may."',
    "806.1.c.1": "played during showdowns on any player's turn",
    "809.1.c": "more to play as an additional cost for each time they choose",
    "813.1.c.1": "played during Closed States on any player's turn",
    "103.2.a.2": "Must be a champion unit",
    "108.3.b": "puts their Chosen Champion",
    "758": "Untargetable Game Objects are not legal targets",
    "356.3": "Apply cost increases",
    "356.4": "Apply discounts",
    "309.1.a": "Only cards and abilities with the Reaction keyword can be played or activated in a Closed State",
    "358.4": "appropriate permissions to be played at this timing",
    "822.1.b": "I have [Reaction] as long as I'm being played to a battlefield where you control Units",
    "819.1.d": 'Quick-Draw is functionally short for " [Reaction] "',
    "710": "Units on the board are evaluated according to their current Might",
    "703": "Each Buff individually contributes +1 Might to a Unit",
    "137.3": "Might Bonus modulates the Might of the card to which",
    "718.3": "Effect Text are appended to the Rules Text of the Top-Most Card",
    "766": "Any abilities ignored in this way are treated as inactive",
    "054.1": "Cards that forbid actions or effects",
    "355.3": "bulleted list of modes",
    "355.9.a": "a spell or ability on the chain, a player or zone",
    "355.9.a.2": '"Spell" and "ability" refer to objects on the Chain',
    "355.10.c": "included only as part of a cost, trigger condition, or replacement effect",
    "355.10.e": "chosen in whole or in part by other players",
    "355.4": "choose a valid Location as the Move Destination",
    "355.17": "they are made on resolution",
    "133.4.a.2": "Unit and Gear are permanent types",
    "103.2": "A Main Deck of at least 40 cards",
}
# Numbers that older versions use in a meaning the current rules give another number (docs/scenario-format.md).
TRAPS = ("421", "422", "459.1", "811.1.d.2", "811.1.d.2.a", "811.1.d.3", "811.5.a")


@pytest.fixture(scope="module")
def v14(real_db: Path) -> dict[str, str]:
    """The v1.4 text of each v1.4 number the engine cites, from the rules table."""
    from cardsdb.query import CardsDB

    with CardsDB.open(real_db) as db:
        found = {n: db.rule(n, version=V14_RULES_VERSION) for n in citations.V14_ONLY}
    return {
        n: " ".join(v.rule.text.split()) for n, v in found.items() if v is not None and v.rule.number == n
    }


def test_current_citations_are_in_the_overlay() -> None:
    numbers = load_overlay().numbers()
    assert [n for n in citations.CURRENT if n not in numbers] == []


def test_older_citations_are_not_reused_by_the_current_rules() -> None:
    superseded = set(load_overlay().superseded_v13)
    overlay = load_overlay().numbers()
    older = citations.V14_ONLY + citations.V13_ONLY
    assert [n for n in older if n in superseded or n in overlay] == []
    assert [n for n in older if n.startswith(TRAPS)] == []


def test_each_number_is_cited_from_one_version() -> None:
    assert len(set(citations.ALL)) == len(citations.ALL)
    for number in citations.ALL:
        version = citations.cite(number).version
        expected = (
            "2026-10-09"
            if number in citations.CURRENT
            else "v1.4"
            if number in citations.V14_ONLY
            else "v1.3"
        )
        assert version == expected


@pytest.mark.real_data
def test_v14_citations_mean_in_v14_what_the_engine_uses_them_for(v14: dict[str, str]) -> None:
    assert set(citations.V14_ONLY) == set(V14_MEANINGS)
    for number, words in V14_MEANINGS.items():
        assert number in v14, f"{number} is not a rule of v1.4"
        assert words in v14[number], f"v1.4 {number} does not say {words!r}: {v14[number]!r}"


@pytest.mark.parametrize("db_fixture", [pytest.param("real_db", marks=pytest.mark.real_data), "fixture_db"])
def test_every_cited_number_exists_in_the_rules_table_under_its_version(
    db_fixture: str, request: pytest.FixtureRequest
) -> None:
    from cardsdb.query import CardsDB

    path: Path = request.getfixturevalue(db_fixture)
    db = CardsDB.open(path)
    try:
        assert [n for n in citations.CURRENT if not db.rule_exists(n, CURRENT_RULES_VERSION)] == []
        if db_fixture == "real_db":  # the fixture data holds only a few v1.3 rules and no v1.4
            assert [n for n in citations.V13_ONLY if not db.rule_exists(n, V13_RULES_VERSION)] == []
            assert [n for n in citations.V14_ONLY if not db.rule_exists(n, V14_RULES_VERSION)] == []
    finally:
        db.close()


def test_rule_numbers_are_written_only_in_citations_py() -> None:
    literal = re.compile(r"[\"']\d{3}(?:\.\w+)+[\"']")
    offenders = [
        f"{path.name}: {match.group(0)}"
        for path in ENGINE.rglob("*.py")
        if path.name != "citations.py"
        for match in literal.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


REACTION_ON_THEIR_TURN = {
    "turn": 3,
    "turn_player": "opp",
    "state": "closed",
    "chain": ["Sudden Storm"],
    "battlefields": {
        "Bandle Tree": {"controller": "me", "facedown": [{"card": "Consult the Past", "hidden_turn": 2}]}
    },
    "ask": {"play_hidden": "Consult the Past", "at": "Bandle Tree"},
}


def test_answers_list_their_citations_by_version_and_the_text_marks_older_ones() -> None:
    answer = check(REACTION_ON_THEIR_TURN, MemoryCards())
    data = answer.to_dict()
    assert data["rules_version"] == "2026-10-09"
    assert {"312.2", "813.1.c.1"} <= set(data["citations_v14"])
    assert data["citations_v13"] == []
    assert set(data["citations_v14"]) <= set(data["citations"])
    assert {c.number: c.version for c in answer.cited}["811.6"] == "2026-10-09"
    text = render(answer)
    assert "312.2 (v1.4)" in text and "813.1.c.1 (v1.4)" in text
    assert "811.6 (" not in text  # a current number is not marked
