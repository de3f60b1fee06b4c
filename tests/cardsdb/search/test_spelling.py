"""A misspelt word of a question read as the word meant (cardsdb.search.spelling): over small word lists written
here, the English words the package holds, and the fixture database's ranker."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb.cli.query import rulings_text
from cardsdb.cli.rules import rule_text
from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.query import CardsDB
from cardsdb.search.question_rank import WHEN_READY
from cardsdb.search.spelling import MOST_LOOKED_AT, EnglishWords, Spelling, edit_distance, english_words
from cardsdb.service.answers import rule_answer, rulings_answer

RULES = Spelling.of(
    [
        "Hide a card facedown at a battlefield you control. A hidden card may be played from facedown.",
        "Each player draws cards. Units enter exhausted. Ready a unit. A unit with Shield takes less damage.",
        "Battlefield battlefield card card card cards champion",
        "Recycle a rune. Channel a rune. Deathknell: when this dies.",
    ],
    EnglishWords(["chump", "cart", "trigger", "hand", "starting", "many", "how"]).__contains__,
)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("crad", "card"),  # two letters swapped
        ("hiden", "hidden"),  # a letter left out
        ("faceddown", "facedown"),  # a letter doubled
        ("sheild", "shield"),  # swapped
        ("exhausred", "exhausted"),  # a key next to the one meant
        ("batttlefeld", "battlefield"),  # two edits in a long word
        ("battlfeld", "battlefield"),  # two letters left out of a long word
        ("deathnell", "deathknell"),
    ],
)
def test_a_misspelt_word_is_read_as_the_known_word_one_edit_away(typed: str, meant: str) -> None:
    assert RULES.meant(typed) == meant
    assert RULES.corrected(f"can I {typed.upper()} it?") == f"can I {meant} it?"


def test_a_known_word_an_english_word_and_a_short_word_are_read_as_typed() -> None:
    assert RULES.meant("card") is None  # the rules' own word
    assert RULES.meant("cart") is None  # English, one edit from "card": read as typed, never guessed
    assert RULES.meant("chump") is None  # English
    assert RULES.meant("crd") is None  # three letters: too short to tell a typo from a word
    assert RULES.meant("retrigger") is None  # a prefix on an English word
    assert RULES.meant("zzzzzz") is None  # nothing known near it


def test_two_edits_only_for_a_long_word() -> None:
    assert RULES.meant("hdien") is None  # two edits from "hidden": too far for five letters
    assert RULES.meant("battlfeld") == "battlefield"  # nine letters: two edits allowed


def test_of_the_nearest_words_the_most_used_is_meant() -> None:
    assert RULES.meant("cardz") == "card"  # one edit from "card" (used 4 times) and from "cards" (once)
    assert Spelling({"runes": 9, "ranks": 1}, lambda w: False).meant("ranes") == "runes"
    assert Spelling({"runes": 1, "ranks": 9}, lambda w: False).meant("ranes") == "ranks"


def test_a_four_letter_word_is_read_as_another_only_with_two_neighbours_swapped() -> None:
    spelling = Spelling({"tank": 5, "card": 5, "pro": 5}, lambda w: False)
    assert spelling.meant("tnak") == "tank"
    assert spelling.meant("jank") is None  # players' slang, a letter from "tank"
    assert spelling.meant("proc") is None  # and from "pro"
    assert spelling.meant("caard") == "card"  # five letters: any one edit


def test_a_form_of_a_known_word_is_no_misspelling() -> None:
    stems = {"gank"}
    spelling = Spelling({"ranked": 3, "gank": 1}, lambda w: w.removesuffix("ed") in stems)
    assert spelling.meant("ganked") is None  # "ganked" is 1 edit from "ranked", but a form of "gank"
    assert spelling.meant("rnaked") == "ranked"


def test_the_rest_of_the_text_is_kept_as_typed() -> None:
    assert RULES.corrected("811.1.b: hiden, +4 @everyone <#1>") == "811.1.b: hidden, +4 @everyone <#1>"


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [("card", "card", 0), ("crad", "card", 1), ("card", "cards", 1), ("hide", "hdie", 1), ("abc", "cba", 2)],
)
def test_edit_distance_counts_a_swap_of_neighbours_as_one(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, 3) == distance


def test_edit_distance_stops_past_its_limit() -> None:
    assert edit_distance("battlefield", "xxxxxxxxxxx", 2) == 3
    assert edit_distance("a", "abcdef", 2) == 3


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=string.ascii_letters + " .,'", max_size=300))
def test_any_text_is_read_and_only_its_letters_change(text: str) -> None:
    read = RULES.corrected(text)
    assert [c for c in read if not c.isalpha()] == [c for c in text if not c.isalpha()]


class _Counting(Spelling):
    looked_up = 0

    def meant(self, typed: str) -> str | None:
        self.looked_up += 1
        return super().meant(typed)


def test_at_most_a_few_unknown_words_of_a_question_are_looked_up() -> None:
    rng = random.Random(4)
    hostile = " ".join("".join(rng.choice("aeiourstln") for _ in range(24)) for _ in range(400))
    spelling = _Counting({"rune": 1, "rules": 1}, lambda w: False)
    assert spelling.corrected(hostile) == hostile
    assert spelling.looked_up == MOST_LOOKED_AT


def test_the_english_words_are_the_package_s_common_words_without_misspellings() -> None:
    english = english_words()
    assert len(english) > 100_000
    assert all(w in english for w in ["chump", "whats", "battlefield", "ready", "together"])
    assert not any(w in english for w in ["batttlefield", "reeady", "recieve", "oponent"])


@pytest.mark.parametrize(
    ("spelled", "misspelt", "number"),
    [
        (
            "when can I play my facedown card after I hid it",
            "when can I play my facedwon card after I hid it",
            "811.6",
        ),
        (
            "does a hidden spell have to choose targets at its battlefield",
            "does a hiddne spell have to choose targest at its batlefield",
            "811.1.d.2",
        ),
    ],
)
def test_811_a_misspelt_question_finds_the_rule_the_spelled_one_does(
    query_cards: CardsDB, spelled: str, misspelt: str, number: str
) -> None:
    assert [(r.number, r.version) for r in query_cards.search_rules(spelled)][:1] == [
        (number, CURRENT_RULES_VERSION)
    ]
    assert [(r.number, r.version) for r in query_cards.search_rules(misspelt)][:1] == [
        (number, CURRENT_RULES_VERSION)
    ]


def test_the_bot_s_ranker_reads_words_as_typed_until_the_warm_up_made_the_known_words(query_db: Path) -> None:
    misspelt = "can i hdie a crad at a batlefield"
    with CardsDB.open(query_db) as db:
        db.meaning = WHEN_READY
        assert db.search_rules(misspelt) == []  # no word of it is the rules'
    with CardsDB.open(query_db) as db:
        db.meaning = WHEN_READY
        db.warm()
        assert (
            [r.number for r in db.search_rules(misspelt)][:1]
            == [r.number for r in db.search_rules("can i hide a card at a battlefield")][:1]
            == ["422.1"]
        )


def test_autocomplete_reads_the_words_typed_before_the_last_as_meant(query_cards: CardsDB) -> None:
    spelled = query_cards.autocomplete_rules("can i hide a card at a bat")
    assert spelled and spelled[0][0].startswith("422.1 ")
    assert query_cards.autocomplete_rules("can i hdie a crad at a bat") == spelled
    # the last word is still being typed: completed from the rules' words, never read as another word
    assert query_cards.question_ranker._read_as_meant("can i hdie", True) == "can i hdie"
    assert query_cards.question_ranker._read_as_meant("can i hdie ", True) == "can i hide "


def test_the_matches_say_how_misspelt_words_were_read(query_cards: CardsDB) -> None:
    assert query_cards.match_rules("can i hdie a crad at a batlefield").read_as == (
        "can i hide a card at a battlefield"
    )
    assert query_cards.match_rules("can i hide a card at a battlefield").read_as is None
    assert query_cards.match_rules("811.1.b").read_as is None


def test_the_command_line_says_how_misspelt_words_were_read(query_cards: CardsDB) -> None:
    answer = rule_answer(query_cards, "can i hdie a crad at a batlefield")
    assert rule_text(answer).splitlines()[0] == "Read as: can i hide a card at a battlefield"
    assert answer.to_json()["read_as"] == "can i hide a card at a battlefield"
    assert not rule_text(rule_answer(query_cards, "can i hide a card at a battlefield")).startswith("Read as")


def test_the_rulings_say_how_misspelt_words_were_read(query_cards: CardsDB) -> None:
    misspelt, spelled = "does hidng a card opne a chain", "does hiding a card open a chain"
    found = query_cards.match_rulings(misspelt)
    assert found.read_as == spelled
    assert found.rulings == query_cards.match_rulings(spelled).rulings and found.rulings
    assert query_cards.match_rulings(spelled).read_as is None
    # a rule number or a card's name is not read as words
    assert query_cards.match_rulings("811.1.b").read_as is None
    assert query_cards.match_rulings("Hidden Blade").read_as is None
    answer = rulings_answer(query_cards, misspelt)
    assert rulings_text(answer).splitlines()[0] == f"Read as: {spelled}"
    assert answer.to_json()["read_as"] == spelled
    assert "read_as" not in rulings_answer(query_cards, spelled).to_json()


def test_two_words_typed_apart_that_make_a_known_word_are_read_as_it() -> None:
    spelling = Spelling.of(
        [
            "Battlefield battlefield. A showdown at a battlefield.",
            "Quick Draw: a quickdraw gear. Quick Draw lets you.",
            "Anyone anyone.",
        ],
        lambda w: False,
    )
    assert spelling.corrected("hide it at a battle field") == "hide it at a battlefield"
    assert spelling.corrected("a Battle  field") == "a Battle  field"  # two spaces: typed apart on purpose
    assert spelling.corrected("during a show down") == "during a show down"  # "showdown" used once: too rare
    # the texts write "quick draw" apart more often than joined: read as typed
    assert spelling.corrected("a quick draw gear") == "a quick draw gear"
    assert spelling.corrected("any one unit") == "any one unit"  # "any" is short of JOINED_FROM letters
    assert spelling.corrected("battle field battle field") == "battlefield battlefield"


def test_without_the_english_words_every_word_is_read_as_typed(
    query_db: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from cardsdb.search import question_rank

    monkeypatch.setattr(question_rank, "installed_english_words", lambda: None)
    with CardsDB.open(query_db) as db:
        db.warm()
        assert db.match_rules("can i hdie a crad at a batlefield").read_as is None
    assert "every word of a question is read as typed" in caplog.text


def test_the_english_words_of_an_install_without_the_package_are_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardsdb.search import spelling

    def missing() -> EnglishWords:
        raise ModuleNotFoundError("No module named 'spellchecker'")

    monkeypatch.setattr(spelling, "english_words", missing)
    assert spelling.installed_english_words() is None
