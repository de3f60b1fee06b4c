"""Rulings (`Rulings`, and through CardsDB): by rule number as each ruling numbers it, by card, by words; and the
rules a ruling cites."""

from __future__ import annotations

import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

from cardsdb.cli.query import rulings_text
from cardsdb.cli.rules import rule_text
from cardsdb.models import V13_RULES_VERSION, RuleMatches, RuleView, Ruling
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader
from cardsdb.query.cards import Cards
from cardsdb.query.rule_history import RuleHistory
from cardsdb.query.rule_rows import RuleRows
from cardsdb.query.rule_search import RuleSearch
from cardsdb.query.rules import Rules
from cardsdb.query.rulings import Rulings, community
from cardsdb.rule_versions import Citation
from cardsdb.service.answers import rule_answer, rulings_answer


def test_rulings_by_rule_number_follow_the_move_and_skip_superseded(query_cards: CardsDB) -> None:
    # current 422 (Hide) was v1.3 421: a FAQ citing v1.3 421.1 applies; one citing v1.3 422.3 (Discard) does not
    assert [r.id for r in query_cards.rulings("422")] == ["faq-hide"]
    assert [r.id for r in query_cards.rulings_for_rule("811.6")] == ["seed-when-play"]
    assert [r.id for r in query_cards.rulings("rule 811")] == ["seed-when-play"]


def test_rulings_by_card_and_words(query_cards: CardsDB) -> None:
    assert [r.id for r in query_cards.rulings("hidden blade")] == ["seed-when-play"]
    assert [r.id for r in query_cards.rulings_for_card("Teemo, Scout")] == ["faq-hide"]
    assert [r.id for r in query_cards.rulings("discard cost")] == ["faq-discard"]
    assert query_cards.rulings("Jace's")[0].id == "faq-hide"
    assert query_cards.rulings("zzzqqq") == []


def test_rulings_for_a_mistyped_card_name(query_cards: CardsDB) -> None:
    assert [r.id for r in query_cards.rulings("hiden blade")] == ["seed-when-play"]


# --- the part alone -------------------------------------------------------------------------------------
def _rulings(reader: Reader) -> Rulings:
    rows, search = RuleRows(reader), RuleSearch(reader)
    return Rulings(reader, Cards(reader), Rules(reader, rows, RuleHistory(reader, rows), search), search)


def test_a_citation_keeps_the_version_its_ruling_numbers_it_in(query_reader: Reader) -> None:
    rulings = _rulings(query_reader)
    hide = next(r for r in rulings.rulings_for_card("Teemo, Scout") if r.id == "faq-hide")
    assert rulings.ruling_citations(hide) == [Citation("421.1", V13_RULES_VERSION, "core", True)]


def test_the_rules_the_build_linked_a_ruling_to_come_closest_first(query_db: Path, tmp_path: Path) -> None:
    links = [
        "INSERT INTO ruling_links (ruling_id, rank, doc, version, number) "
        f"VALUES ('faq-discard', {rank}, 'core', '{V13_RULES_VERSION}', '{number}')"
        for rank, number in ((2, "422.1"), (1, "422.3"))
    ]
    db = _altered(query_db, tmp_path, *links)
    reader = db.reader
    rulings = _rulings(reader)
    discard = rulings.rulings("422.3 (v1.3)")[0]
    assert [(r.number, r.version) for r in rulings.ruling_links(discard)] == [
        ("422.3", V13_RULES_VERSION),
        ("422.1", V13_RULES_VERSION),
    ]
    hide = rulings.rulings("421.1 (v1.3)")[0]
    assert rulings.ruling_links(hide) == []
    db.close()


def test_official_rulings_sort_before_community_ones() -> None:
    official = Ruling("a", "q", "a", "official", "FAQ", "2026-01-01", None, ())
    community_ruling = replace(official, id="b", source="community")
    assert sorted([community_ruling, official], key=community) == [official, community_ruling]


def test_the_rulings_say_when_none_is_sure_to_answer_the_words(query_cards: CardsDB) -> None:
    # the fixture database has no meanings: words alone are sure only of a ruling asked word for word
    unsure = query_cards.match_rulings("does hiding a card open a chain")
    assert unsure.rulings and not unsure.confident
    asked = query_cards.match_rulings("does hiding a card count as playing it")
    assert asked.confident and asked.rulings[0].question == "Does hiding a card count as playing it?"
    # a rule number's or a card's rulings are the ones citing or naming it
    assert query_cards.match_rulings("811.1.b").confident
    assert query_cards.match_rulings("Hidden Blade").confident
    answer = rulings_answer(query_cards, "does hiding a card open a chain")
    assert answer.to_json()["confident"] is False
    assert (
        rulings_text(answer).splitlines()[0].startswith("Not sure: no FAQ answer or ruling clearly answers")
    )
    assert rulings_answer(query_cards, "811.1.b").to_json()["confident"] is True
    assert not rulings_text(rulings_answer(query_cards, "811.1.b")).startswith("Not sure")


def test_a_ruling_asking_the_words_answers_beside_the_rules_and_makes_rule_sure_of_the_rule_it_cites_only(
    query_cards: CardsDB,
) -> None:
    words = "does hiding a card count as playing it"
    found = query_cards.match_rules(words)
    assert found.ruling is not None and found.ruling.id == "faq-hide"
    hide, play = query_cards.rule("422.1"), query_cards.rule("811.6")
    assert hide is not None and play is not None
    rulings = query_cards.ruling_queries
    # the ruling cites v1.3's 421.1, which is today's 422.1
    assert rulings.rests_on(found.ruling, hide.rule) and not rulings.rests_on(found.ruling, play.rule)
    assert rulings.with_answering_ruling(RuleMatches((hide.rule, play.rule), True), words).confident
    # the source asked the same and answered by the first rule: sure of it, whatever the votes said
    assert rulings.with_answering_ruling(RuleMatches((hide.rule, play.rule), False), words).confident
    not_cited = rulings.with_answering_ruling(RuleMatches((play.rule, hide.rule), True), words)
    assert not not_cited.confident and not_cited.ruling == found.ruling
    # words no ruling asks, a number, a version or the Tournament Rules asked for: the rules alone
    assert query_cards.match_rules("is hiding playing").ruling is None
    assert query_cards.look_up_rule("811.6").found.ruling is None
    assert query_cards.look_up_rule(words, version="v1.3").found.ruling is None
    assert query_cards.look_up_rule(words, doc="tournament").found.ruling is None
    # the JSON and the command line's text carry it: after the rule it rests on, or as the answer where no rule is
    # sure to answer (asked word for word, the ruling makes /rule sure even by words alone)
    answer = rule_answer(query_cards, words)
    assert answer.to_json()["ruling"]["question"] == "Does hiding a card count as playing it?"
    assert answer.to_json()["confident"] is True and answer.found.rules[0].number == "422.1"
    asked = "Q: Does hiding a card count as playing it?"
    assert f"\n\nA ruling answering these words, citing this rule:\n{asked}" in rule_text(answer)
    unsure = rule_text(replace(answer, found=replace(answer.found, confident=False)))
    assert unsure.startswith("Not sure which rule answers this")
    assert f"\n\nNo rule clearly answers these words; this ruling does:\n{asked}" in unsure
    assert "ruling" not in rule_answer(query_cards, "is hiding playing").to_json()


def test_a_rule_shown_whole_carries_the_rulings_citing_it_or_its_sub_rules(query_cards: CardsDB) -> None:
    # seed-when-play cites 811.1.b and 811.6: under 811 and 811.6 it is listed; 811.1.d, which it does not cite, has none
    assert [r.id for r in _view(query_cards, "811.6").rulings] == ["seed-when-play"]
    assert [r.id for r in _view(query_cards, "811").rulings] == ["seed-when-play"]
    assert _view(query_cards, "811.1.d").rulings == ()
    # the rule as each ruling numbers it: current 422 (Hide) is v1.3's 421, which faq-hide cites; v1.3's 422 (Discard)
    # is another rule, whose ruling (faq-discard) is not today's 422's
    assert [r.id for r in _view(query_cards, "422").rulings] == ["faq-hide"]
    assert [r.id for r in _view(query_cards, "422", version="v1.3").rulings] == ["faq-discard"]
    # no ruling cites the Tournament Rules
    assert _view(query_cards, "422", doc="tournament").rulings == ()
    # a rule shown as the best match for words is shown whole the same way
    assert [r.id for r in query_cards.rule_view(_view(query_cards, "811.6").rule).rulings] == [
        "seed-when-play"
    ]


def test_a_rule_lists_no_ruling_an_erratum_superseded(query_db: Path, tmp_path: Path) -> None:
    db = _altered(query_db, tmp_path, SUPERSEDE_SEED)
    assert db.rulings_for_rule("811.6")[0].superseded is not None  # /ruling still shows it, marked
    assert _view(db, "811.6").rulings == ()
    db.close()


# seed-when-play (citing 811.1.b and 811.6) ruled on before an erratum changed Hidden Blade
SUPERSEDE_SEED = (
    'UPDATE rulings SET superseded_by = \'{"date": "2026-11-01", "source": "Errata", "card": '
    "\"Hidden Blade\"}' WHERE id = 'seed-when-play'"
)


def _altered(query_db: Path, tmp_path: Path, *statements: str) -> CardsDB:
    """The fixture database, copied and changed by these statements."""
    path = tmp_path / "altered.sqlite3"
    shutil.copy(query_db, path)
    with sqlite3.connect(path) as connection:
        for statement in statements:
            connection.execute(statement)
    return CardsDB.open(path)


def _view(db: CardsDB, number: str, *, doc: str | None = None, version: str | None = None) -> RuleView:
    lookup = db.look_up_rule(number, doc=doc, version=version)
    assert lookup.by_number and lookup.view is not None
    assert lookup.view == db.rule(number, doc=doc, version=version)  # both ways to a number say the same
    return lookup.view


def test_the_command_line_lists_a_rules_rulings_after_it(query_cards: CardsDB) -> None:
    text = rule_text(rule_answer(query_cards, "811.6"))
    listed = text[text.index("Rulings citing this rule (1):") :].splitlines()
    assert listed[1] == "  Q: When can I play a card I hid? — Hidden keyword page"
    assert listed[2] == "  `python -m cardsdb rulings 811.6` shows it whole."
    assert "Rulings citing" not in rule_text(rule_answer(query_cards, "811.1.d"))


def test_a_numbers_or_a_cards_rulings_are_counted_in_all_where_fewer_are_shown(query_cards: CardsDB) -> None:
    # 811 holds seed-when-play alone; 422 (v1.3) and its sub-rules hold faq-discard
    whole = query_cards.match_rulings("811", limit=1)
    assert [r.id for r in whole.rulings] == ["seed-when-play"] and whole.total == 1
    assert query_cards.match_rulings("Teemo, Scout", limit=0).total == 1  # counted though none is shown
    assert (
        query_cards.match_rulings("when can i play a card i hid").total is None
    )  # words: the closest, uncounted


def test_a_superseded_ruling_is_shown_only_after_every_ruling_in_force(
    query_db: Path, tmp_path: Path
) -> None:
    # faq-hide made to cite 811.6 too: seed-when-play comes first as the sources sort; superseded, it gives way to
    # faq-hide in a list of one, and still counts among the rulings citing the number
    cites_too = "INSERT INTO ruling_rules (ruling_id, number, version) VALUES ('faq-hide', '811.6', NULL)"
    db = _altered(query_db, tmp_path, cites_too, SUPERSEDE_SEED)
    assert [r.id for r in db.rulings_for_rule("811.6")] == ["seed-when-play", "faq-hide"]
    one = db.match_rulings("811.6", limit=1)
    assert [r.id for r in one.rulings] == ["faq-hide"] and one.total == 2
    db.close()
