"""What a message says around its question is read past (`cardsdb.search.chatter`): greetings, words about the
question, thanks, the game's name, the marks that end it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb.query import CardsDB
from cardsdb.search.chatter import question_asked

# Words of every kind the reading tells apart: chatter, the game's name, marks, mentions, and words that ask
_CHATTER = "hey guys judges, quick rules question - does anyone know if whether so basically thanks lol right"
_ASKING = (
    "riftbound RB tcg in of the does can @judge <@1> ? ... , : ! hide a card at battlefield tank what is"
)
PIECES = [*_CHATTER.split(), *_ASKING.split()]


@pytest.mark.parametrize(
    ("typed", "asked"),
    [
        ("can i hide a card?", "can i hide a card"),
        ("how many points to win?!", "how many points to win"),
        ("hey guys, quick question: can i hide a card? thanks", "can i hide a card"),
        ("Hi everyone, I was wondering if hidden cards count for legion", "if hidden cards count for legion"),
        ("does anyone know whether tank stacks", "tank stacks"),
        (
            "does anyone know quick draw gear, do i pay its equip cost",
            "quick draw gear, do i pay its equip cost",
        ),
        ("Quick rules question - what is tank?", "what is tank"),
        ("another dumb rules q: what is tank", "what is tank"),
        ("question for the judges: can i take notes", "can i take notes"),
        ("Judges, can i concede", "can i concede"),
        ("@judge can i concede", "can i concede"),
        ("<@1234> can i concede", "can i concede"),
        ("Can someone help me out? can i hide a card", "can i hide a card"),
        ("so basically can i hide a card lol", "can i hide a card"),
        ("newbie here, what is a showdown? thx", "what is a showdown"),
        ("can i move twice, right?", "can i move twice"),
        ("what is the chain in riftbound", "what is the chain"),
        ("what is the chain in the Riftbound TCG?", "what is the chain"),
        ("riftbound question: what is tank", "what is tank"),
        ("can i hide two cards in this game", "can i hide two cards"),
    ],
)
def test_what_a_message_says_around_its_question_is_taken_off(typed: str, asked: str) -> None:
    assert question_asked(typed) == asked


@pytest.mark.parametrize(
    "typed",
    [
        "what is riftbound",  # nothing but "what is" would be left: the game is what is asked about
        "riftbound",
        "all units get +1 might",  # "all" greets only before a pause ("all, ...")
        "do i turn right",  # "right" checks what came before only after a pause
        "hidden question about timing",  # "hidden" is no kind of question: it is what is asked about
        "a unit with tank",
        "rule 811.1.d",
        "what is the victory score",
        "who cant play in riftbound events",  # the name before a word names a kind of thing, as the rules do
        "does riftbound have a stack",  # the game is what is asked about
    ],
)
def test_a_question_with_nothing_around_it_is_read_as_typed(typed: str) -> None:
    assert question_asked(typed) == typed


@pytest.mark.parametrize("typed", ["hey guys", "thanks!", "Hi all, thanks in advance", "lol"])
def test_a_message_that_is_only_a_greeting_or_thanks_asks_nothing(typed: str, query_cards: CardsDB) -> None:
    assert question_asked(typed) == ""
    assert not query_cards.match_rules(typed).rules  # "No rule matches": not the rules nearest a greeting


def test_while_the_last_word_is_being_typed_only_what_opens_the_message_is_taken_off() -> None:
    assert question_asked("hey guys can i hi", typing=True) == "can i hi"
    assert (
        question_asked("quick q can i hide ", typing=True) == "can i hide "
    )  # the space: the word is complete
    assert question_asked("can i hide a card thanks", typing=True) == "can i hide a card thanks"
    assert question_asked("what is the chain in riftbound", typing=True) == "what is the chain in riftbound"


def test_openers_one_after_another_are_all_taken_off() -> None:
    assert question_asked("so " * 30 + "can i hide a card") == "can i hide a card"
    assert (
        question_asked("hey guys, ok so, sorry if this is dumb, but can i hide a card") == "can i hide a card"
    )


def test_the_ranker_reads_the_question_a_message_asks_and_says_nothing_of_what_it_took_off(
    query_cards: CardsDB,
) -> None:
    plain = "can i hide a card at a battlefield"
    wrapped = f"hey guys, quick question: {plain}? thanks"
    found = query_cards.match_rules(wrapped)
    assert [r.number for r in found.rules] == [r.number for r in query_cards.match_rules(plain).rules]
    assert found.rules and found.read_as is None  # nothing misspelt: no "Read as" for the greeting taken off
    # a misspelt word is still read as meant, and the line saying so shows the question asked
    assert query_cards.match_rules("hey guys, can i hdie a crad at a batlefield?").read_as == plain
    rulings = query_cards.match_rulings(plain).rulings
    assert rulings and query_cards.match_rulings(wrapped).rulings == rulings


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30), st.booleans())
def test_what_is_read_is_the_words_typed_in_their_order_some_taken_off(
    pieces: list[str], typing: bool
) -> None:
    typed = " ".join(pieces) + (" " if typing and pieces else "")
    read = question_asked(typed, typing=typing)
    assert not typing or read == "" or read.endswith(" ") == typed.endswith(" ")
    remaining = iter(w.rstrip("?!.…,;:-") for w in typed.split())
    # a subsequence of what was typed: only the last word read may have lost the marks ending it
    assert all(any(w == r.rstrip("?!.…,;:-") for w in remaining) for r in read.split())
