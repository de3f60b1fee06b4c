"""Rules by number and by words, in two versions (CardsDB.rule, search_rules, autocomplete_rules)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cardsdb.cli.rule_words import note_text
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_VERSION,
    V14_RULES_VERSION,
    RuleNote,
)
from cardsdb.query import CardsDB
from cardsdb.query.base import Reader
from cardsdb.query.rule_history import RuleHistory
from cardsdb.query.rule_rows import RuleRows
from cardsdb.query.rule_search import RuleSearch
from cardsdb.query.rules import Rules
from cardsdb.rule_numbers import ancestors, parse_rule_ref


@pytest.mark.parametrize(
    ("typed", "number", "version"),
    [
        ("811.1.d", "811.1.d", None),
        ("rule 422", "422", None),
        ("Rule 811.1.D.", "811.1.d", None),
        ("v1.3 421", "421", V13_RULES_VERSION),
        ("1.3 421.1", "421.1", V13_RULES_VERSION),
        ("53.1", "053.1", None),
        ("current 422", "422", CURRENT_RULES_VERSION),
        # the shorthands of chat
        ("R811.1b", "811.1.b", None),
        ("r 811", "811", None),
        ("811.1b", "811.1.b", None),
        ("811.1.B", "811.1.b", None),
        ("811.1d2", "811.1.d.2", None),
        ("811.1(d)", "811.1.d", None),
        ("811.1.d(2)", "811.1.d.2", None),
        ("811-1-d", "811.1.d", None),
        ("CR 422.2", "422.2", None),
        ("#811", "811", None),
        # a version after the number, as answers print it
        ("421 (v1.3)", "421", V13_RULES_VERSION),
        ("421.2 v1.3", "421.2", V13_RULES_VERSION),
        ("422 as of v1.3", "422", V13_RULES_VERSION),
        ("422 (current)", "422", CURRENT_RULES_VERSION),
        # v1.4 and the current rules by date, as answers mark them
        ("312.2 (v1.4)", "312.2", V14_RULES_VERSION),
        ("v1.4 811.1.d.2.a", "811.1.d.2.a", V14_RULES_VERSION),
        ("1.4 421", "421", V14_RULES_VERSION),
        ("811.6 (2026-10-09)", "811.6", CURRENT_RULES_VERSION),
        ("735.1.c (before v1.3)", "735.1.c", OLDER_THAN_V13),
    ],
)
def test_rule_numbers_as_typed(typed: str, number: str, version: str | None) -> None:
    ref = parse_rule_ref(typed)
    assert ref is not None and (ref.number, ref.version) == (number, version)


@pytest.mark.parametrize(
    "words",
    [
        "hidden reaction",
        "811 1 d 2 x",
        "8111.2",
        "rule",
        "811.1.dd",
        "recycle",
        "r",
        "2 players",
        "811.1.d.ab",
    ],
)
def test_words_are_not_numbers(words: str) -> None:
    assert parse_rule_ref(words) is None


def test_ancestors_outermost_first() -> None:
    assert ancestors("811.1.d.2") == ["811", "811.1", "811.1.d"]


def test_422_2_is_the_current_hide_rule_not_v13_discard(query_cards: CardsDB) -> None:
    view = query_cards.rule("422.2")
    assert view is not None
    assert view.rule.version == CURRENT_RULES_VERSION
    assert "Hiding" in view.rule.text and "Discard" not in view.rule.text
    assert [p.number for p in view.parents] == ["422"]
    assert view.parents[0].title == "Hide"
    assert ("moved_here", "421", ("422",), "Hide") in {
        (m.kind, m.number, tuple(n for n, _ in m.to), m.title) for m in view.moved
    }


def test_422_lists_its_current_children_and_where_it_was(query_cards: CardsDB) -> None:
    view = query_cards.rule("rule 422")
    assert view is not None and view.rule.is_current
    assert [c.number for c in view.children] == ["422.1", "422.2"]
    assert all(c.is_current for c in view.children)
    assert any(m.number == "421" for m in view.moved)


def test_421_is_known_only_in_v13_and_moved_to_422(query_cards: CardsDB) -> None:
    for typed in ("421", "v1.3 421"):
        view = query_cards.rule(typed)
        assert view is not None
        assert view.rule.version == V13_RULES_VERSION
        assert view.rule.stamp == "as of v1.3"
        assert view.moved == (RuleNote("now", "421", V13_RULES_VERSION, (("422", CURRENT_RULES_VERSION),)),)
        assert view.now == ("422",)
        assert [c.number for c in view.children] == ["421.1", "421.3"]
        assert all(not c.is_current for c in view.children)


def test_422_3_is_v13_discard_and_never_shown_as_current(query_cards: CardsDB) -> None:
    view = query_cards.rule("422.3")
    assert view is not None
    assert view.rule.version == V13_RULES_VERSION
    assert "Discarding" in view.rule.text
    assert RuleNote("superseded", "422", V13_RULES_VERSION, title="Hide", then_title="Discard") in view.notes
    assert RuleNote("see_older", "421.3", V13_RULES_VERSION, title="Hide") in view.notes
    assert [(p.number, p.version) for p in view.parents] == [("422", V13_RULES_VERSION)]


def test_v13_prefix_shows_the_old_text_of_a_current_number(query_cards: CardsDB) -> None:
    view = query_cards.rule("v1.3 811.6")
    assert view is not None and view.rule.version == V13_RULES_VERSION
    assert "the turn after" not in view.rule.text
    assert RuleNote("worded_differently_now", "811.6", V13_RULES_VERSION) in view.notes


def test_811_6_says_reaction_arrives_the_turn_after_hiding(query_cards: CardsDB) -> None:
    view = query_cards.rule("811.6")
    assert view is not None and view.rule.is_current
    assert "the turn after it is hidden" in view.rule.text


def test_a_rule_only_v13_has_is_stamped_v13(query_cards: CardsDB) -> None:
    view = query_cards.rule("355.6")
    assert view is not None and view.rule.stamp == "as of v1.3"
    assert [p.number for p in view.parents] == ["355"]


def test_parents_of_a_deep_rule_outermost_first(query_cards: CardsDB) -> None:
    view = query_cards.rule("811.1.d.2")
    assert view is not None
    assert [p.number for p in view.parents] == ["811", "811.1", "811.1.d"]


def test_unknown_numbers_and_versions(query_cards: CardsDB) -> None:
    assert query_cards.rule("999.9") is None
    assert query_cards.rule("current 355.6") is None  # only v1.3 has it
    assert query_cards.rule("v1.3 811.1.d.2") is None
    assert query_cards.rule_exists("811.6") and query_cards.rule_exists("811.6", V13_RULES_VERSION)
    assert not query_cards.rule_exists("422.3", CURRENT_RULES_VERSION)


def test_words_find_the_best_rule_current_first(query_cards: CardsDB) -> None:
    view = query_cards.rule("reaction turn after hidden")
    assert view is not None and view.rule.number == "811.6" and view.rule.is_current
    found = query_cards.search_rules("Reaction facedown")
    assert found and found[0].number == "811.6"
    # the v1.3 811.6 is replaced by the current one; v1.3's 422 Discard rows, the newest form of those rules, show
    # marked with their version (the current rules gave 422 to Hide) and after the current rules
    assert all(r.is_current for r in found if r.number == "811.6")
    assert all(
        r.version == V13_RULES_VERSION
        for r in query_cards.search_rules("discarding cost")
        if r.number.startswith("422")
    )


@pytest.mark.parametrize(
    "hostile",
    [
        "Jace's",
        "AND",
        '"',
        "*",
        "NEAR(",
        "'; DROP TABLE rules; --",
        "hidden OR",
        "NOT reaction",
        "^",
        "a:b",
        "(",
        ")",
    ],
)
def test_fts_input_is_harmless(query_cards: CardsDB, query_db: Path, hostile: str) -> None:
    query_cards.search_rules(hostile)
    query_cards.rule(hostile)
    query_cards.rulings(hostile)
    query_cards.autocomplete_rules(hostile)
    query_cards.find_card(hostile)
    with sqlite3.connect(query_db) as check:
        assert check.execute("SELECT COUNT(*) FROM rules").fetchone()[0] > 0


def test_autocomplete_rules_by_number_and_words(query_cards: CardsDB) -> None:
    by_number = query_cards.autocomplete_rules("811.1")
    assert by_number[0] == (
        "811.1 Hidden is a keyword that acts as a prerequisite to perform the Hide Discretionary Action.",
        "811.1",
    )
    assert [value for _, value in by_number][:3] == ["811.1", "811.1.d", "811.1.d.2"]
    assert all(query_cards.rule_exists(value) for _, value in query_cards.autocomplete_rules(""))
    assert len(query_cards.autocomplete_rules("")) <= 25
    by_words = [value for _, value in query_cards.autocomplete_rules("hidd")]
    assert "811" in by_words
    assert "v1.3 811" not in by_words  # the current 811 replaces it
    assert all(not value.startswith("422.3") for _, value in query_cards.autocomplete_rules("422"))


def test_a_heading_named_by_the_words_comes_first(query_cards: CardsDB) -> None:
    hide = query_cards.rule("hide")
    assert hide is not None and (hide.rule.number, hide.rule.version) == ("422", CURRENT_RULES_VERSION)
    hidden = query_cards.search_rules("Hidden")
    assert (hidden[0].number, hidden[0].version) == ("811", CURRENT_RULES_VERSION)
    # v1.3's Discard has no current counterpart here: it is found, under its v1.3 label and with the note
    discard = query_cards.rule("discard")
    assert discard is not None and (discard.rule.number, discard.rule.version) == ("422", V13_RULES_VERSION)
    assert ("superseded", "422", "Hide") in {(n.kind, n.number, n.title) for n in discard.notes}


def test_autocomplete_short_number_prefixes(query_cards: CardsDB) -> None:
    values = [value for _, value in query_cards.autocomplete_rules("42")]
    assert values[:3] == ["422", "422.1", "422.2"]
    assert "421" in values


def test_tr_names_the_tournament_rules() -> None:
    ref = parse_rule_ref("TR 702.2")
    assert ref is not None and (ref.number, ref.version, ref.doc) == ("702.2", None, "tournament")
    assert parse_rule_ref("trigger") is None


def test_rule_exists_takes_every_spelling_of_a_version(query_cards: CardsDB) -> None:
    for version in (V13_RULES_VERSION, "1.3", "v 1.3", "version 1.3"):
        assert query_cards.rule_exists("421", version)
    for version in (CURRENT_RULES_VERSION, "current", "now"):
        assert query_cards.rule_exists("422", version) and not query_cards.rule_exists("421", version)
    assert query_cards.rule_exists("421 (v1.3)") and not query_cards.rule_exists("421 (2026-10-09)")
    assert not query_cards.rule_exists("421", "v1.4")  # this small database holds no v1.4
    assert not query_cards.rule_exists("421", "v9") and not query_cards.rule_exists("hide", V13_RULES_VERSION)


def test_a_bad_version_or_document_raises_one_line(query_cards: CardsDB) -> None:
    from cardsdb.rule_versions import BadVersion

    for kwargs in ({"version": "v9"}, {"doc": "casual"}, {"version": "v1.3", "doc": "tournament"}):
        with pytest.raises(BadVersion) as info:
            query_cards.rule("811.6", **kwargs)
        assert "\n" not in str(info.value)
    with pytest.raises(BadVersion, match=r"asks for v1\.3 and version for 2026-10-09"):
        query_cards.rule("v1.3 421", version="current")


def test_changes_need_both_versions_in_the_data(query_cards: CardsDB) -> None:
    from cardsdb.errors import NotFound

    with pytest.raises(NotFound, match=r"holds no Core Rules v1\.4"):
        query_cards.changes("v1.3", "v1.4")


# --- the part alone -------------------------------------------------------------------------------------
def _rules(reader: Reader) -> Rules:
    rows = RuleRows(reader)
    return Rules(reader, rows, RuleHistory(reader, rows), RuleSearch(reader))


def test_a_query_is_read_as_a_number_or_as_words_in_one_place(query_reader: Reader) -> None:
    rules = _rules(query_reader)
    by_number = rules.look_up_rule("v1.3 421")
    assert by_number.by_number and by_number.view is not None
    assert (by_number.view.rule.number, by_number.view.rule.version) == ("421", V13_RULES_VERSION)
    shaped = rules.look_up_rule("9999.9")
    assert shaped.by_number and shaped.view is None and not shaped.found.rules
    by_words = rules.look_up_rule("hide", doc="core")
    assert not by_words.by_number and by_words.found.rules[0].number == "422"


def test_the_rules_a_number_means_in_every_version(query_reader: Reader) -> None:
    # current 422 is v1.3's 421 (Hide), never v1.3's 422 (Discard)
    references = _rules(query_reader).rule_references("422")
    assert references[0] == (CURRENT_RULES_VERSION, "422")
    assert (V13_RULES_VERSION, "421") in references and (V13_RULES_VERSION, "422") not in references
    assert _rules(query_reader).rule_references("not a number") == []


def test_a_number_no_rule_has_is_offered_its_siblings_and_parent(query_reader: Reader) -> None:
    suggested = _rules(query_reader).suggest_rules("422.9")
    assert suggested[-1] == "422" and {"422.1", "422.2"} <= set(suggested)


def test_a_number_only_the_tournament_rules_have_is_found_typed_alone(query_cards: CardsDB) -> None:
    # `/rule query:702.12` once said there was no such rule: TR 702.12 exists
    for typed in ("702.12", "rule 702.12", "TR 702.12"):
        view = query_cards.rule(typed)
        assert view is not None and (view.rule.doc, view.rule.number) == (TOURNAMENT_DOC, "702.12"), typed
        assert not [n for n in view.notes if n.kind == "also_tournament"]


def test_a_number_both_documents_have_is_the_core_rules_first_and_names_the_other(
    query_cards: CardsDB,
) -> None:
    view = query_cards.rule("422")
    assert view is not None and (view.rule.doc, view.rule.number) == (CORE_DOC, "422")
    also = [n for n in view.notes if n.kind == "also_tournament"]
    assert also == [RuleNote("also_tournament", "422", TOURNAMENT_RULES_VERSION, title="Tardiness")]
    assert (
        note_text(also[0])
        == "The Tournament Rules also have a rule 422, Tardiness: ask for TR 422 to see it."
    )


def test_a_number_with_a_document_or_version_is_looked_up_where_it_says(query_cards: CardsDB) -> None:
    tournament = query_cards.rule("422", doc="tournament")
    assert tournament is not None and tournament.rule.doc == TOURNAMENT_DOC
    assert not [n for n in tournament.notes if n.kind == "also_tournament"]
    for typed, doc in (("702.12", "core"), ("v1.3 702.12", None), ("current 702.12", None)):
        assert query_cards.rule(typed, doc=doc) is None, typed
    older = query_cards.rule("v1.3 421")
    assert older is not None and not [n for n in older.notes if n.kind == "also_tournament"]


def test_a_number_only_the_tournament_rules_have_is_offered_as_it_is_typed(query_cards: CardsDB) -> None:
    assert query_cards.autocomplete_rules("702.1") == [("TR 702.12 Drawing Extra Cards", "TR 702.12")]
    assert query_cards.autocomplete_rules("702.1", doc="core") == []
    # a number the Core Rules have is offered from them alone
    assert {value for _, value in query_cards.autocomplete_rules("422")} <= {"422", "422.1", "422.2", "422.3"}
