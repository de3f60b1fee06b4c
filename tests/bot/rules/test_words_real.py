"""/rule and /ruling for words over the real data (issue 22): a ruling citing no rule shows the rule its words discuss
as related, never as cited; words no rule clearly answers show the closest three alike; words one rule clearly answers
lead with it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.harness import Harness
from cardsdb.query import CardsDB
from cardsdb.rule_versions import cite
from tests.support.bot_harness_fixtures import assert_fits

pytestmark = pytest.mark.real_data  # every test here reads ../shared


async def test_a_ruling_citing_no_rule_shows_the_rule_it_discusses_as_related_never_as_cited(
    real_harness: Harness, real_cards: CardsDB, real_db: Path
) -> None:
    with sqlite3.connect(f"file:{real_db}?mode=ro", uri=True) as connection:
        ruling_id = connection.execute(
            "SELECT ruling_id FROM ruling_links ORDER BY ruling_id LIMIT 1"
        ).fetchone()[0]
        question = connection.execute("SELECT question FROM rulings WHERE id = ?", [ruling_id]).fetchone()[0]
    ruling = next(r for r in real_cards.rulings(question) if r.id == ruling_id)
    related = real_cards.ruling_links(ruling)
    assert related and not ruling.rules
    result = await real_harness.command("ruling", {"query": question})
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
    real_harness: Harness, real_cards: CardsDB
) -> None:
    words = "is that allowed"  # words no rule clearly answers
    found = real_cards.match_rules(words)
    assert not found.confident and len(found.rules) >= 3
    result = await real_harness.command("rule", {"query": words})
    embed = result.embeds[0]
    assert embed["title"].startswith("Not sure which rule answers")
    heads = [f["name"] for f in embed["fields"][:3]]
    assert len(heads) == 3 and all(  # "Rule 355.4.a (v1.4)", "TR 408.2 (2026-07-16)"
        h.split(" ", 1)[1].startswith(cite(r.number, r.version))
        if h.startswith("Rule ")
        else h.startswith(cite(r.number, r.version, r.doc))
        for h, r in zip(heads, found.rules, strict=False)
    )
    assert_fits(result)


async def test_each_of_the_closest_rules_says_how_many_rulings_cite_it_as_ruling_finds_them(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    # Rules shown alike are not shown whole; each says how many rulings cite it and the /ruling that finds them.
    words = "can i play a hidden card on my opponents turn"
    found = real_cards.match_rules(words)
    assert not found.confident, (
        "words the ranker is not sure of (else the rule is shown whole with its rulings)"
    )
    views = [real_cards.rule_view(r) for r in found.closest]
    assert any(v.rulings for v in views), "a Hidden rule among the closest is cited by rulings"
    result = await real_harness.command("rule", {"query": words})
    values = [f["value"] for f in result.embeds[0]["fields"][: len(views)]]
    for view, value in zip(views, values, strict=True):
        command = f"/ruling query:{cite(view.rule.number, view.rule.version)}"
        line = f"Rulings citing this rule{' or its sub-rules' if view.children else ''} ({len(view.rulings)})"
        assert (f"{line}: `{command}`" in value) == bool(view.rulings)
        if view.rulings:
            cited = real_cards.match_rulings(command.removeprefix("/ruling query:"))
            assert {r.id for r in view.rulings} <= {r.id for r in cited.rulings} or (
                cited.total is not None and cited.total >= len(view.rulings)
            )
    assert_fits(result)


async def test_words_a_rule_clearly_answers_lead_with_it(real_harness: Harness, real_cards: CardsDB) -> None:
    # 811.1.c.2: the asked questions nearest in meaning vote for it, the words alone put it first, a ruling cites it
    words = "does hiding a card open a chain"
    found = real_cards.match_rules(words)
    assert found.confident and found.rules[0].number == "811.1.c.2"
    result = await real_harness.command("rule", {"query": words})
    assert result.embeds[0]["title"] == f"Rule {cite(found.rules[0].number, found.rules[0].version)}"


async def test_a_ruling_asking_the_words_answers_them_first_where_no_rule_it_rests_on_is_sure(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    # The Origins FAQ asks "Is there a maximum hand size?" and cites no rule; the asked questions' votes were sure of
    # 116 ("Players each draw 4"), which answers another question.
    words = "is there a hand size limit"
    found = real_cards.match_rules(words)
    assert found.ruling is not None and found.ruling.question == "Is there a maximum hand size?"
    assert not found.confident
    result = await real_harness.command("rule", {"query": words})
    closest, whole = result.embeds[0], result.embeds[1]
    assert closest["title"] == f"Not sure which rule answers “{words}”"
    assert closest["description"].startswith(
        "**Official: Riftbound Origins FAQ:** No, you can have any number of cards in your hand."
    )
    assert "No rule clearly answers these words; the ruling below does." in closest["description"]
    assert whole["title"] == "Q: Is there a maximum hand size?"
    assert whole["description"].startswith(f"*The ruling that answers “{words}”.*")
    assert_fits(result)


async def test_a_ruling_asking_the_words_follows_the_sure_rule_it_cites(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    words = "can I hide two cards at the same battlefield"  # Riot's Hidden page asks it, citing 107.3.b
    found = real_cards.match_rules(words)
    assert found.confident and found.ruling is not None and found.ruling.rules == ("107.3.b",)
    result = await real_harness.command("rule", {"query": words})
    assert result.embeds[0]["title"] == "Rule 107.3.b"
    last = result.embeds[-1]
    assert last["title"] == f"Q: {found.ruling.question}"
    assert last["description"].startswith("*A ruling answering these words, citing the rule above.*")
    assert_fits(result)
    # a ruling citing no rule rests on the rule its words discuss (the build's links): "What does Mighty mean?"
    mighty = real_cards.match_rules("what does mighty mean")
    assert mighty.confident and mighty.rules[0].number == "708"
    assert mighty.ruling is not None and mighty.ruling.question == "What does Mighty mean?"


async def test_a_ruling_asking_the_words_makes_rule_sure_of_the_rule_it_cites(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    # The asked questions' votes alone are not sure; Riot's Hidden page asks "Can my opponent react to me hiding a
    # card?" and answers it by 811.1.c.2, which /rule puts first
    words = "can my opponent react when I hide something"
    assert not real_cards.rule_search.match_rules(words).confident
    found = real_cards.match_rules(words)
    assert found.confident and found.rules[0].number == "811.1.c.2"
    assert found.ruling is not None and "811.1.c.2" in found.ruling.rules
    result = await real_harness.command("rule", {"query": words})
    assert result.embeds[0]["title"] == "Rule 811.1.c.2"
    assert result.embeds[-1]["description"].startswith(
        "*A ruling answering these words, citing the rule above.*"
    )
    # the rule's rulings list it too, said to be the one shown below
    fields = {f["name"]: f["value"] for f in result.embeds[0]["fields"]}
    listed = next(value for name, value in fields.items() if name.startswith("Rulings citing this rule"))
    marked = [line for line in listed.splitlines() if line.endswith("(shown below)")]
    assert marked == [next(line for line in listed.splitlines() if found.ruling.question in line)]


@pytest.mark.parametrize(
    ("misspelt", "read"),
    [
        ("how many crads in my startign hand", "how many cards in my starting hand"),  # sure: 116
        ("can i hdie a crad at a batlefield", "can i hide a card at a battlefield"),  # not sure
    ],
)
async def test_a_misspelt_question_says_how_it_was_read(
    real_harness: Harness, real_cards: CardsDB, misspelt: str, read: str
) -> None:
    assert real_cards.match_rules(misspelt).read_as == read
    assert real_cards.match_rules(read).read_as is None
    result = await real_harness.command("rule", {"query": misspelt})
    embed = result.embeds[0]
    said = embed.get("description", "") + " ".join(f["value"] for f in embed.get("fields", []))
    assert f"Read as “{read}”." in said
    assert_fits(result)


async def test_a_misspelt_ruling_question_says_how_it_was_read(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    misspelt, read = "does hidng a card opne a chain", "does hiding a card open a chain"
    found, as_spelled = real_cards.match_rulings(misspelt), real_cards.match_rulings(read)
    assert found.read_as == read and as_spelled.read_as is None
    assert found.rulings == as_spelled.rulings
    result = await real_harness.command("ruling", {"query": misspelt})
    assert result.embeds[0]["description"].startswith(f"Read as “{read}”.")
    spelled = await real_harness.command("ruling", {"query": read})
    assert "Read as" not in spelled.embeds[0]["description"]
    assert result.embeds[1] == spelled.embeds[1]  # the same ruling first
    assert_fits(result)


async def test_a_ruling_question_no_ruling_answers_says_it_is_not_sure(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    # no FAQ answer or ruling asks how many cards a player draws to begin: /ruling says so and shows the closest
    asked = "how many cards in my starting hand"
    assert not real_cards.match_rulings(asked).confident
    result = await real_harness.command("ruling", {"query": asked})
    assert result.embeds[0]["title"] == f"Not sure a ruling answers “{asked}”"
    assert result.embeds[0]["description"].startswith("No FAQ answer or ruling clearly answers these words.")
    assert_fits(result)
    # Riot's Hidden page asks it in other words ("Can my opponent react to me hiding a card?"): the answer
    sure = await real_harness.command("ruling", {"query": "does hiding a card open a chain"})
    assert sure.embeds[0]["title"] == "Rulings for “does hiding a card open a chain”"
    assert "811.1.c.2" in str(sure.embeds[1])
