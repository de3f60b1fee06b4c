"""Questions in words over the real rules (skips without the shared data): both documents ranked together, definitions
before boilerplate, the general rule before a special case, everyday words damped, rulings tied to the rules they
discuss, and an answer that says it is not sure when no rule is clearly ahead (issue 22)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bot_harness_fixtures import assert_fits, harness_for

from cardsdb.cli import main
from cardsdb.models import CORE_DOC, TOURNAMENT_DOC
from cardsdb.query import CardsDB
from cardsdb.rule_versions import cite


@pytest.fixture(scope="module")
def cards(real_db: Path) -> Iterator[CardsDB]:
    with CardsDB.open(real_db) as db:
        yield db


@pytest.fixture
async def harness(cards: CardsDB) -> Any:
    return await harness_for(cards)


def _marks(found: Any) -> list[str]:
    return [cite(r.number, r.version, r.doc) for r in found]


def test_a_number_typed_without_doc_is_a_core_rules_number(cards: CardsDB) -> None:
    core = cards.rule("702.2")
    tournament = cards.rule("702.2", doc="tournament")
    assert core is not None and core.rule.doc == CORE_DOC
    assert tournament is not None and tournament.rule.doc == TOURNAMENT_DOC


def test_words_naming_tournament_procedure_lead_with_the_tournament_rules(cards: CardsDB) -> None:
    assert cards.search_rules("my opponent keeps stalling, can I call a judge")[0].doc == TOURNAMENT_DOC
    assert cards.search_rules("can i sleeve my deck in different sleeves")[0].doc == TOURNAMENT_DOC
    # a question about the game itself stays in the Core Rules
    assert cards.search_rules("does a stunned unit deal combat damage")[0].doc == CORE_DOC


def test_doc_narrows_words_to_one_document(cards: CardsDB) -> None:
    words = "my opponent keeps stalling, can I call a judge"
    assert {r.doc for r in cards.search_rules(words, doc="core")} == {CORE_DOC}
    assert {r.doc for r in cards.search_rules(words, doc="tournament")} == {TOURNAMENT_DOC}


def test_a_keyword_question_leads_with_what_the_keyword_does_not_its_boilerplate(cards: CardsDB) -> None:
    # 808.1.c: "It is functionally short for "When I die, [Effect].""; not "Each instance ... triggers separately"
    assert _marks(cards.search_rules("what does deathknell do", limit=1)) == ["808.1.c (v1.4)"]
    found = cards.search_rules("what does tank do", limit=3)
    assert _marks(found)[0] == "815.1.b (v1.4)"
    assert "815.2 (v1.4)" not in _marks(found)  # "Multiple instances of Tank are redundant."
    # asked about the boilerplate, it is the answer
    assert "815.2 (v1.4)" in _marks(cards.search_rules("are multiple instances of tank redundant", limit=3))


def test_a_special_case_does_not_outrank_the_general_rule_unless_the_words_name_it(cards: CardsDB) -> None:
    hunt = "823"  # Hunt is both a Conquer and a Hold effect
    general = cards.search_rules("how does holding a battlefield score a point", limit=3)
    assert not [r for r in general if r.number.split(".")[0] == hunt]
    named = cards.search_rules("does hunt give xp when I hold a battlefield", limit=1)
    assert named[0].number.split(".")[0] == hunt


def test_everyday_words_do_not_lead_to_the_rules_that_use_them_literally(cards: CardsDB) -> None:
    # "back" is not the back of a card (129), "countered" not the Counters on a unit (741-749)
    found = cards.search_rules("do i get my runes back if my spell is countered", limit=1)
    assert found[0].number.split(".")[0] == "425"  # Counter


def test_every_link_of_a_ruling_names_a_rule_and_no_ruling_citing_rules_has_one(real_db: Path) -> None:
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        links = connection.execute("SELECT ruling_id, doc, version, number FROM ruling_links").fetchall()
        missing = connection.execute(
            "SELECT l.ruling_id FROM ruling_links l LEFT JOIN rules r ON r.doc = l.doc AND r.version = l.version "
            "AND r.number = l.number WHERE r.key IS NULL"
        ).fetchall()
        citing = connection.execute(
            "SELECT DISTINCT l.ruling_id FROM ruling_links l JOIN ruling_rules c ON c.ruling_id = l.ruling_id"
        ).fetchall()
    assert links and missing == [] and citing == []


async def test_a_ruling_citing_no_rule_shows_the_rule_it_discusses_as_related_never_as_cited(
    harness: Any, cards: CardsDB, real_db: Path
) -> None:
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        ruling_id = connection.execute(
            "SELECT ruling_id FROM ruling_links ORDER BY ruling_id LIMIT 1"
        ).fetchone()[0]
        question = connection.execute("SELECT question FROM rulings WHERE id = ?", [ruling_id]).fetchone()[0]
    ruling = next(r for r in cards.rulings(question) if r.id == ruling_id)
    related = cards.ruling_links(ruling)
    assert related and not ruling.rules
    result = await harness.command("ruling", {"query": question})
    shown = [
        e for e in result.embeds if any(f["name"].startswith("Related rule") for f in e.get("fields", []))
    ]
    assert shown, "the ruling's related rule is shown"
    field = next(f for f in shown[0]["fields"] if f["name"].startswith("Related rule"))
    assert cite(related[0].number, related[0].version, related[0].doc) in field["value"]
    assert "Not cited by the source" in field["value"]
    assert not [f for f in shown[0]["fields"] if f["name"] == "Rules"]  # no citation of its own is made up
    assert_fits(result)


async def test_words_no_rule_clearly_answers_show_the_closest_three_alike(
    harness: Any, cards: CardsDB
) -> None:
    words = "what about the timer"
    found = cards.match_rules(words)
    assert not found.confident and len(found.rules) >= 3
    result = await harness.command("rule", {"query": words})
    embed = result.embeds[0]
    assert embed["title"].startswith("Not sure which rule answers")
    heads = [f["name"] for f in embed["fields"][:3]]
    assert all(
        h.startswith(cite(r.number, r.version, r.doc)) for h, r in zip(heads, found.rules, strict=False)
    )
    assert_fits(result)


async def test_words_a_rule_clearly_answers_lead_with_it(harness: Any, cards: CardsDB) -> None:
    words = "my opponent keeps stalling, can I call a judge"
    found = cards.match_rules(words)
    assert found.confident
    result = await harness.command("rule", {"query": words})
    assert result.embeds[0]["title"].startswith(
        cite(found.rules[0].number, found.rules[0].version, TOURNAMENT_DOC)
    )


def test_rule_json_says_whether_it_is_sure_and_lists_the_candidates_in_order(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rule", "what", "about", "the", "timer", "--json", "--db", str(real_db)]) == 0
    unsure = json.loads(capsys.readouterr().out)
    assert unsure["confident"] is False and len(unsure["candidates"]) >= 3
    assert unsure["candidates"][0]["mark"] == unsure["mark"]
    assert main(["rule", "811.1.b", "--json", "--db", str(real_db)]) == 0
    number = json.loads(capsys.readouterr().out)
    assert number["confident"] is True and [c["mark"] for c in number["candidates"]] == ["811.1.b"]
    assert main(["rule", "what", "about", "the", "timer", "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Not sure which rule answers this")
