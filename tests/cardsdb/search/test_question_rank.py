"""Rules and rulings for a question in a player's words (cardsdb.search.question_rank), over the hand-written fixture
database; and words shaped as a rule number that names no rule (`9999.9`), which find nothing by words."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsdb import rule_numbers
from cardsdb.cli.main import main
from cardsdb.models import CORE_DOC, CURRENT_RULES_VERSION, TOURNAMENT_DOC, V13_RULES_VERSION
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import harness_for


def _numbers(rules: list[object]) -> list[tuple[str, str]]:
    return [(r.number, r.version) for r in rules]  # type: ignore[attr-defined]


def test_811_6_a_question_in_a_player_s_words_finds_the_rule_without_its_words(query_cards: CardsDB) -> None:
    # "the turn after it is hidden": neither "next" nor "hid" is the rules' word, "facedown" means hidden here
    view = query_cards.rule("when can I play my facedown card after I hid it")
    assert view is not None and (view.rule.number, view.rule.version) == ("811.6", CURRENT_RULES_VERSION)


def test_811_1_d_2_every_word_need_not_be_in_the_rule(query_cards: CardsDB) -> None:
    found = query_cards.search_rules("does a hidden spell have to choose targets at its battlefield")
    assert _numbers(found)[0] == ("811.1.d.2", CURRENT_RULES_VERSION)


def test_a_ruling_asking_the_question_lends_its_rules_its_weight(query_cards: CardsDB) -> None:
    # the seed ruling "When can I play a card I hid?" cites 811.6: its words lead there even where the rule's own
    # text holds few of them
    assert _numbers(query_cards.search_rules("when can I play a card I hid", limit=2))[0] == (
        "811.6",
        CURRENT_RULES_VERSION,
    )
    assert query_cards.rulings("when can I play a card I hid")[0].id == "seed-when-play"


def test_a_rule_a_matching_ruling_cites_is_supported_but_the_words_scores_alone_are_never_sure(
    query_cards: CardsDB,
) -> None:
    # 811.6 is cited by the seed ruling asking these words: the FAQs agree with the rule's own words; this database
    # has no meanings, and no rule of the words' scores alone kept 95% of its sure answers right
    words = "when can I play a card I hid"
    ranked = query_cards.ranked_rules(words, limit=3)
    assert ranked[0].rule.number == "811.6" and ranked[0].supported and ranked[0].agrees is None
    assert ranked[0].score > 2 * ranked[1].score
    assert not query_cards.rule_search.match_rules(words).confident
    # the ruling asks them word for word and answers by 811.6: it, not the words' scores, makes /rule sure
    found = query_cards.match_rules(words)
    assert (
        found.confident
        and found.ruling is not None
        and found.ruling.question == "When can I play a card I hid?"
    )
    # 811.1.d.2 leads on its words alone, less than twice the next: not sure
    unsupported = query_cards.ranked_rules(
        "does a hidden spell have to choose targets at its battlefield", limit=2
    )
    assert unsupported[0].rule.number == "811.1.d.2" and not unsupported[0].supported
    assert not query_cards.match_rules(
        "does a hidden spell have to choose targets at its battlefield"
    ).confident


def test_a_rule_number_in_the_words_comes_first(query_cards: CardsDB) -> None:
    found = query_cards.search_rules("what does 355.6 say about hidden spells")
    assert _numbers(found)[0] == ("355.6", V13_RULES_VERSION)
    assert query_cards.search_rules("is rule 422.2 about hiding")[0].number == "422.2"


def test_a_rule_whose_number_the_words_write_is_what_they_look_up(query_cards: CardsDB) -> None:
    # as a heading named by its title: the rule asked for by number leads with its text, not "Not sure"
    found = query_cards.match_rules("what does 355.6 say about hidden spells")
    assert found.confident and found.rules[0].number == "355.6"
    assert query_cards.match_rules("is rule 422.2 about hiding").confident
    # only the rule named: one under it is found by its words, and sure only by them
    ranked = query_cards.ranked_rules("what does 355.6 say about hidden spells")
    assert {r.rule.number for r in ranked if r.numbered} == {"355.6"}


def test_a_number_only_the_tournament_rules_have_comes_first_among_words(query_cards: CardsDB) -> None:
    # "what does 702.12 say" showed no TR 702.12, which the number typed alone finds; a number both documents have
    # names the Core Rule, as typed alone
    for words, doc in (("what does 702.12 say", None), ("what does 702.12 say", "tournament")):
        first = query_cards.search_rules(words, doc=doc)[0]
        assert (first.doc, first.number) == (TOURNAMENT_DOC, "702.12"), doc
    first = query_cards.search_rules("what does rule 422 say")[0]
    assert (first.doc, first.number) == (CORE_DOC, "422")


def test_a_heading_s_name_leads_with_the_heading(query_cards: CardsDB) -> None:
    view = query_cards.rule("hidden")
    assert view is not None and (view.rule.number, view.rule.version) == ("811", CURRENT_RULES_VERSION)


def test_a_question_about_a_heading_s_name_leads_with_a_rule_under_it_not_the_bare_heading(
    query_cards: CardsDB,
) -> None:
    # "what is hidden?" asks what the rules under Hidden say: the bare heading comes after them
    found = query_cards.search_rules("what is hidden?", limit=4)
    assert found[0].number.startswith("811.") and found[0].is_current
    assert ("811", CURRENT_RULES_VERSION) in _numbers(found)


def test_the_newest_version_of_each_rule_only(query_cards: CardsDB) -> None:
    found = query_cards.search_rules("card hidden gains reaction facedown played", limit=10)
    assert ("811.6", CURRENT_RULES_VERSION) in _numbers(found)
    assert ("811.6", V13_RULES_VERSION) not in _numbers(found)  # the current 811.6 replaces it
    # v1.3's 422 Discard is the newest form of the Discard rules: shown, marked with its version, though the current
    # rules gave 422 to Hide
    discard = [
        r for r in query_cards.search_rules("discarding cost hand trash") if r.number.startswith("422")
    ]
    assert discard and all(r.superseded and r.version == V13_RULES_VERSION for r in discard)


def test_rulings_for_a_question_official_first_and_nothing_for_unknown_words(query_cards: CardsDB) -> None:
    found = query_cards.rulings("if I hide a card does that count as playing it")
    assert found[0].id == "faq-hide"
    assert query_cards.rulings("zzzqqq xxyyzz") == []


def test_autocomplete_reads_the_last_word_as_typed_so_far(query_cards: CardsDB) -> None:
    values = [value for _, value in query_cards.autocomplete_rules("when can I play a card I hi")]
    assert "811.6" in values[:3]


# --- words shaped as a rule number that names no rule ------------------------------------------------------------
@pytest.mark.parametrize(
    ("typed", "shaped", "number"),
    [
        ("9999.9", True, None),
        ("12345", True, None),
        ("0.0", True, "000.0"),
        ("811.99", True, "811.99"),
        ("rule 811.1.zz", True, None),
        ("2v2", False, None),  # the rules number a section's parts with digits: words
        ("811.1d", True, "811.1.d"),
        ("hide", False, None),
    ],
)
def test_what_is_shaped_as_a_rule_number(typed: str, shaped: bool, number: str | None) -> None:
    assert rule_numbers.number_shaped(typed) is shaped
    assert rule_numbers.looks_like_number(typed) is shaped
    ref = rule_numbers.parse_rule_ref(typed)
    assert (ref.number if ref else None) == number


def test_nearest_shape_cuts_each_part_to_what_rule_numbers_allow() -> None:
    assert rule_numbers.nearest_shape("811.1234") == "811.999"
    assert rule_numbers.nearest_shape("811.1.dd") == "811.1.z"
    assert rule_numbers.nearest_shape("9999.9") is None  # no rule is near it
    assert rule_numbers.nearest_shape("hide") is None


@pytest.mark.parametrize("typed", ["9999.9", "811.99", "0.0", "12345", "811.1.zz"])
def test_a_number_no_rule_has_finds_no_rule_by_words(query_cards: CardsDB, typed: str) -> None:
    assert query_cards.rule(typed) is None
    assert query_cards.search_rules(typed) == []
    assert query_cards.rulings(typed) == []
    assert all(
        value.startswith(typed.split(".")[0][:3]) for _, value in query_cards.autocomplete_rules(typed)
    )


def test_suggestions_are_the_nearest_real_numbers_if_any(query_cards: CardsDB) -> None:
    assert query_cards.suggest_rules("9999.9") == []
    assert query_cards.suggest_rules("811.1.zz") == query_cards.suggest_rules("811.1.z")
    assert "811.6" in query_cards.suggest_rules("811.99")


@pytest.mark.parametrize("typed", ["9999.9", "811.99", "0.0"])
async def test_slash_rule_says_no_rule_has_the_number(query_cards: CardsDB, typed: str) -> None:
    harness = await harness_for(query_cards)
    result = await harness.command("rule", {"query": typed})
    assert result.ephemeral and f"There is no rule {typed}" in result.text()
    assert "Best match" not in result.text()


def test_cli_rule_says_no_rule_has_the_number(query_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "9999.9", "--db", str(query_db)]) == 2
    assert 'no rule numbered "9999.9"' in capsys.readouterr().err
    assert main(["rule", "811.99", "--db", str(query_db)]) == 2
    err = capsys.readouterr().err
    assert 'no rule numbered "811.99"' in err and "811.6" in err


async def test_slash_ruling_says_no_rule_has_the_number(query_cards: CardsDB) -> None:
    harness = await harness_for(query_cards)
    result = await harness.command("ruling", {"query": "9999.9"})
    assert result.ephemeral and "No rule has the number 9999.9, so no ruling cites it." in result.text()


def test_a_question_players_ask_lends_its_rule_the_weight_of_words_the_rule_does_not_hold(
    query_db: Path, tmp_path: Path
) -> None:
    # asked_questions: "is removal allowed with nothing to hit" -> 355.6 ("...cannot be played without
    # legal targets"), whose text holds none of "removal", "nothing", "hit"
    words = "removal with nothing to hit"
    with CardsDB.open(query_db) as db:
        assert _numbers(db.search_rules(words, limit=1)) == [("355.6", V13_RULES_VERSION)]
    without = tmp_path / "without.sqlite3"
    without.write_bytes(query_db.read_bytes())
    with sqlite3.connect(without) as connection:
        connection.execute("DROP TABLE asked_questions")  # a database built before the table: read as before
    with CardsDB.open(without) as db:
        assert ("355.6", V13_RULES_VERSION) not in _numbers(db.search_rules(words, limit=3))
