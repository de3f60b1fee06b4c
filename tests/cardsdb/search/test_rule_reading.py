"""What a rule is, read from its words and its place (cardsdb.search.rule_reading), and what a question asks."""

from __future__ import annotations

import pytest

from cardsdb.search.language import load_language
from cardsdb.search.question_rank import states_number
from cardsdb.search.rule_reading import (
    BOILERPLATE,
    DEFINES,
    KIND_OF_KEYWORD,
    asked_stems,
    asks_boilerplate,
    asks_definition,
    asks_kind,
    asks_permission,
    counted,
    counted_asked,
    defined_head,
    defined_term,
    labels,
    lists_definition,
    mode_in_text,
    reading,
    special_case,
    states_permission,
    structure_in_text,
    subject,
    subject_defined,
    term_asked,
    token_in_text,
    typed_stems,
    without_references,
)
from cardsdb.search.text_rank import Analyzer, ThesaurusEntry, stem, words


def thesaurus_of(words: tuple[str, ...], means: tuple[str, ...]) -> tuple[ThesaurusEntry, ...]:
    """One thesaurus entry, its words and means as stems (a phrase's words split)."""
    return (ThesaurusEntry(tuple(tuple(w.split()) for w in words), means, "a rule"),)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('It is functionally short for "When this is played, predict."', DEFINES),
        ("Burning is the act of moving cards from the top of a player's Main Deck to their trash.", DEFINES),
        ("Banishing is the action of placing a card from any other zone into Banishment.", DEFINES),
        ("Conquer: A player gains Control of a Battlefield they did not yet Score this turn.", DEFINES),
        ("Warning: An indication that an error occurred that provides a record of the error.", DEFINES),
        ('Assault is formatted as "Assault [X]".', BOILERPLATE),
        (
            "Vision, and whether or not a permanent has Vision, is a characteristic of the permanent.",
            BOILERPLATE,
        ),
        ("Multiple instances of Tank are redundant.", BOILERPLATE),
        # what kind of keyword a keyword is, said of every keyword: not what it does
        ("Tank is a Passive Ability keyword.", KIND_OF_KEYWORD),
        ("Deathknell is a Triggered Ability keyword.", KIND_OF_KEYWORD),
        ("It is present on Units.", BOILERPLATE),
        ("It is normally present on Permanents.", BOILERPLATE),
        ("Equip is present on Gear with the tag Equipment.", BOILERPLATE),
        ("Action is a referenceable characteristic.", BOILERPLATE),
        (
            "If a Unit has Shield, or has been granted Shield, and is granted Shield by an additional source, the "
            "Shield Value of all granted Shield keywords is summed.",
            BOILERPLATE,
        ),
        # where a rule is present, with what follows from it, says more than where a keyword is written
        (
            "The Dependent Ability is present on the card for the sake of reference or evaluation until the "
            "Condition is met.",
            "",
        ),
        ("Example: If a player accidentally mulliganed 3 cards, the next opponent ...", BOILERPLATE),
        ("A Stunned Unit does not contribute its might to damage in the combat damage step.", ""),
        # a tournament error and its penalty define the error
        ("Drawing Extra Cards [Warning]: A player draws more cards than they are entitled to.", DEFINES),
        ("Forgetting to Ready During the Awaken Phase [No Penalty]: A player forgets to ready.", DEFINES),
        # a colon inside a sentence is no term being defined
        ("A cost that is ignored is set to zero: a card played from facedown ignores its base cost.", ""),
        ("This includes hidden gear: a hidden gear is played to the battlefield where it was hidden.", ""),
    ],
)
def test_a_rule_reads_as_a_definition_boilerplate_or_neither(text: str, expected: str) -> None:
    assert reading(text) == expected


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("what kind of keyword is tank", True),
        ("is deathknell a triggered ability", True),
        ("what type of ability is hunt", True),
        ("what does tank do", False),
        ("what is the tank keyword", False),
    ],
)
def test_a_question_asks_what_kind_a_term_is_only_in_words_of_kind(question: str, kind: bool) -> None:
    assert asks_kind(question) is kind


def test_boilerplate_is_asked_about_only_by_its_own_words() -> None:
    analyzer = Analyzer()
    assert asks_boilerplate(analyzer.concepts("does shield stack with multiple instances"))
    assert asks_boilerplate(analyzer.concepts("how is assault formatted"))
    assert not asks_boilerplate(analyzer.concepts("assault on defence, does it still give might"))
    assert asks_boilerplate(analyzer.concepts("do two sources of shield add together"))


def test_a_keyword_section_or_a_mode_other_than_the_duel_is_a_special_case_named_by_its_words() -> None:
    hunt = special_case("Hunt", keyword_chapter=True)
    magma = special_case("2v2 (Magma Chamber)", keyword_chapter=False)
    assert hunt is not None and magma is not None
    duel = special_case("1v1 (Match)", keyword_chapter=False)  # the rules are written for the duel: general
    assert duel is not None and duel.mode and duel.general and not magma.general and not hunt.general
    assert special_case("Scoring", keyword_chapter=False) is None
    analyzer = Analyzer()
    assert not hunt.named_by(asked_stems(analyzer.concepts("difference between conquering and holding")))
    assert hunt.named_by(asked_stems(analyzer.concepts("does hunt trigger on a hold")))
    assert magma.named_by(asked_stems(analyzer.concepts("can my teammate and I play the same legend in 2v2")))
    assert magma.named_by(asked_stems(analyzer.concepts("what is the magma chamber")))
    assert not magma.named_by(asked_stems(analyzer.concepts("can I score the same battlefield twice")))
    assert magma.mode and not hunt.mode
    assert duel.named_by(asked_stems(analyzer.concepts("in 1v1 who goes first")))
    # "Match" is a word of every tournament question: a duel's mode is named by "1v1" alone
    assert not duel.named_by(asked_stems(analyzer.concepts("how many games in a match")))


def test_players_shortened_words_ask_for_the_rules_words() -> None:
    analyzer = Analyzer(load_language().entries)
    asked = asked_stems(
        analyzer.concepts("can my opp see my facedown card at the bf, how much dmg, is it in the gy")
    )
    assert {"opponent", "battlefield", "damag", "trash"} <= asked, sorted(asked)


def test_a_mode_of_play_is_named_by_how_many_players_it_is_for() -> None:
    # with the project's thesaurus, "3 player" is FFA3, not FFA4: the words typed name one mode; "ffa" names both
    skirmish = special_case("FFA3 (Skirmish)", keyword_chapter=False)
    war = special_case("FFA4 (War)", keyword_chapter=False)
    assert skirmish is not None and war is not None and skirmish.mode and war.mode
    analyzer = Analyzer(load_language().entries)
    three = typed_stems(analyzer.concepts("who goes first in a three player game"))
    assert skirmish.named_by(three) and not war.named_by(three)
    four = typed_stems(analyzer.concepts("4 players, how many battlefields"))
    assert war.named_by(four) and not skirmish.named_by(four)
    either = asked_stems(analyzer.concepts("how does ffa work"))
    assert skirmish.named_by(either) and war.named_by(either)


@pytest.mark.parametrize(
    ("question", "permission", "definition"),
    [
        ("can I play a reaction on my opponent's turn", True, False),
        ("do I have to pay for deflect", True, False),
        ("am i allowed to look at my trash", True, False),
        ("what does mighty mean", False, True),
        ("what is a showdown", False, True),
        ("is vision basically scry 1", False, True),
        ("how many runes go in the rune deck", False, False),
        ("when do units heal", False, False),
    ],
)
def test_what_a_question_asks(question: str, permission: bool, definition: bool) -> None:
    assert asks_permission(question) is permission
    assert asks_definition(question) is definition


def test_a_rule_states_a_permission_when_it_says_what_may_can_or_must_be_done() -> None:
    assert states_permission("A player may concede at any time.")
    assert states_permission("This action cannot be performed during a Showdown or Combat.")
    assert states_permission("Only cards with the Reaction keyword can be played in a Closed State.")
    assert not states_permission("Damage being cleared from Units is Healing.")


def test_a_label_several_rules_begin_with_defines_no_term() -> None:
    # each mode of play lists its "Setup:" and "Format:"; "Conquer:" is said once, and defines Conquer
    texts = [
        "Setup: Each player randomly selects one of their Battlefields.",
        "Setup: Each player selects one of their Battlefields.",
        "Format: Best of 1.",
        "Format: Best of 3.",
        "Conquer: A player gains Control of a Battlefield they did not yet Score this turn.",
    ]
    found = labels(texts)
    assert found == {"Setup", "Format"}
    assert reading(texts[0], found) == "" and reading(texts[4], found) == DEFINES
    assert reading("Reminder: In Modes of Play with Teams, battlefields are shared.") == ""


def test_a_keyword_defined_by_the_rules_under_it() -> None:
    assert lists_definition("Action is functionally short for the following:")
    assert lists_definition("Reaction, additionally, is functionally short for the following:")
    assert not lists_definition('It is functionally short for "When I die, [Effect]."')


def test_a_rule_for_a_mode_with_teammates_is_a_special_case_unless_the_words_name_it() -> None:
    case = mode_in_text("In Modes of Play with teammates, Battlefields under the Control of a teammate ...")
    assert case is not None
    assert case.mode
    assert case.named_by(frozenset({"teammat", "score"})) and not case.named_by(
        frozenset({"score", "battlefield"})
    )
    assert mode_in_text("A player may only Score once per Battlefield per turn.") is None


def test_a_rule_defining_one_kind_of_token_is_a_special_case_named_by_the_token() -> None:
    clone = token_in_text(
        'A 0 [M] Shadow Clone token is a domainless unit token with 0 Might and "When I attack ..."'
    )
    gold = token_in_text('A Gold gear token is a domainless gear token with "[Reaction][>] Kill this"')
    assert clone is not None and gold is not None
    assert clone.named_by(frozenset({"shadow", "clone", "token"})) and not clone.named_by(
        frozenset({"might"})
    )
    assert gold.named_by(frozenset({"gold", "kill"}))
    assert not clone.mode
    assert token_in_text("Tokens are Created on the board or the Chain and cannot exist elsewhere.") is None


def test_the_stems_typed_are_the_words_and_a_phrase_s_rules_words_not_the_words_lent() -> None:
    analyzer = Analyzer(thesaurus_of(("untap",), ("ready",)) + thesaurus_of(("run out",), ("remaining",)))
    typed = typed_stems(analyzer.concepts("when do my runes untap"))
    assert "untap" in typed and "ready" not in typed
    assert "remaining" in typed_stems(analyzer.concepts("i run out of cards"))


def test_the_term_a_rule_defines_before_a_colon_is_what_questions_name() -> None:
    assert defined_term("Drawing Extra Cards [Warning]: A player draws more cards.") == {
        "draw",
        "extra",
        "card",
    }
    assert defined_term("Forgetting to Score a Point [No Penalty]: A player is entitled to a point.") == {
        "forget",
        "score",
        "point",
    }
    assert defined_term("Burning is the act of moving cards to the trash.") == frozenset()


def test_the_last_word_of_a_term_before_a_colon_names_what_it_is() -> None:
    assert defined_head("Base Costs: These costs are the most fundamental costs.") == "cost"
    assert defined_head("Drawing Extra Cards [Warning]: A player draws more cards.") == "card"
    assert defined_head("Burning is the act of moving cards to the trash.") == ""


def test_the_subject_a_rule_opens_by_saying_what_it_is_is_the_term_it_answers_what_is_for() -> None:
    assert subject_defined("The Rune Pool is a conceptual collection of a player's available Energy.") == {
        "rune",
        "pool",
    }
    assert subject_defined("A Showdown is a Window of Opportunity in which Players have an Open State.") == {
        "showdown"
    }
    assert subject_defined("Priority is the singular exclusive right to take Discretionary Actions.") == {
        "priority"
    }
    # what it is for says what it is; "the term" names the term, it is not the term
    assert subject_defined("Energy is used to pay numeric Energy costs.") == subject_defined(
        "Energy is a resource."
    )
    assert subject_defined("The term face up is used to describe the state of a card.") == {"face", "up"}
    # saying what something does, is not, or is like, says nothing of what it is
    assert subject_defined("Units enter the Board exhausted.") == frozenset()
    assert subject_defined("Legends are not Permanents.") == frozenset()
    assert subject_defined('A Unit "is Mighty" as long as its Might is 5 or greater.') == frozenset()
    # what a rule opens with, whatever it says of it: a definition of another term than the one asked
    assert subject("Killing is the action of a Permanent going to the trash from the board.") == {"kill"}
    assert subject("A Recall is when a Permanent is relocated from anywhere to its Base.") == {"recall"}
    assert subject("Legends are not Permanents.") == {"legend"}
    assert subject('It is functionally short for "When I die, [Effect]."') == frozenset()
    # a sentence's subject of more than four words is no term
    assert subject_defined("The number of cards in a player's hand is a count anyone may ask.") == frozenset()


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("what is the rune pool", {"rune", "pool"}),
        ("What's a showdown?", {"showdown"}),
        ("whats priority", {"priority"}),
        ("what are showdowns", {"showdown"}),
        ("define conquer", {"conquer"}),
        # asking something about the term, not what it is
        ("what is the difference between conquering and holding a battlefield", set()),
        ("what is the penalty for slow play", set()),
        ("what does mighty mean", set()),
        ("how does the chain work", set()),
        ("what is", set()),
    ],
)
def test_a_question_asks_only_what_a_term_is_when_the_term_follows_its_opening(
    question: str, term: set[str]
) -> None:
    assert term_asked(question) == term


def test_what_a_rule_s_numbers_count_is_the_words_just_after_them() -> None:
    assert counted("The Victory Score is 8 points by default.") == {"point"}
    assert "battlefield" in counted("Each player provides three (3) Battlefields, included in their deck.")
    assert "rune" in counted("A player Channels two Runes during the Channel Phase on their turn.")
    # a list item's number counts nothing; a number with nothing after it counts nothing named
    assert (
        counted("1. If a player has points greater than or equal to the Victory Score, they win.")
        == frozenset()
    )
    assert counted("Players each draw 4.") == frozenset()
    # a heading stating a value counts what its title names
    assert counted("Battlefield Count: 3") == {"battlefield", "count"}
    assert counted("Setup: Each player selects one of their Battlefields.") == frozenset()


def test_a_rule_number_a_rule_refers_to_is_no_quantity() -> None:
    # 117.3 answered "how many cards do i mulligan" before 117.1 ("up to two cards"): its "See rule 416" stated a
    # number, and "Recycle" was what it counted
    mulligan = "Finally, that player Recycles the cards that were set aside. See rule 416. Recycle for more information."
    assert not states_number(mulligan)
    assert counted(mulligan) == frozenset()
    assert not states_number(
        "It is strongly recommended that single elimination matches use untimed rounds (408.4)."
    )
    assert not states_number("Except for 702.17, a player commits the same exact category of error again.")
    # the quantities beside a reference are still read
    assert states_number("Each player draws 1 during the Draw Phase. See rule 315.4. Draw Phase.")
    assert counted("See rule 416. A player may choose up to two cards in their hand.") == {"card"}
    assert without_references("See rule 349. Playing Cards, and 108.6 Banishment; rules 300") == (
        "  Playing Cards, and   Banishment;  "
    )


@pytest.mark.parametrize(
    ("question", "what"),
    [
        ("how many points do I need to win", "point"),
        ("how much might does a unit need to be mighty", "might"),
        ("How many cards in my starting hand?", "card"),
        ("how much does it cost to hide a card", ""),  # what it costs, not how many of something
        ("when do i score points", ""),
    ],
)
def test_a_question_asks_how_many_of_the_word_after_how_many(question: str, what: str) -> None:
    assert counted_asked(question) == what


def test_a_rule_for_single_elimination_or_playoff_matches_is_a_special_case_named_by_its_words() -> None:
    case = structure_in_text(
        "Single elimination matches use untimed rounds so players can play to a conclusion."
    )
    playoff = structure_in_text(
        "At high OPL, during playoff matches that occur following the end of Swiss rounds, ..."
    )
    assert case is not None and playoff is not None
    assert case.mode
    for named in (
        "what happens if time runs out in top cut",
        "single elimination timer",
        "playoffs round time",
    ):
        assert case.named_by(frozenset(stem(w) for w in words(named)))
    assert not case.named_by(
        frozenset(stem(w) for w in words("what happens if we run out of time in a round"))
    )
    # the Swiss rounds are where most of a competition is played: no special case
    assert (
        structure_in_text("Swiss: A competition where players are paired each round against others.") is None
    )
    # only the first sentence says what a rule is for
    assert structure_in_text("Players may concede. This ends single elimination matches too.") is None
