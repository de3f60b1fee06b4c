"""The game's language as the ranker reads it (cardsdb.search.language, over cardsdb/project/data/thesaurus.yaml):
players' words and other card games' words linked to the rules', words that say little in a question, and words naming
tournament procedure."""

from __future__ import annotations

import pytest

from cardsdb.project.vocabulary import Vocabulary, WordGroup
from cardsdb.search.language import by_first, holds_phrase, language, load_language, question_stems
from cardsdb.search.text_rank import DAMPED_IMPORTANCE, Analyzer, stem

LANGUAGE = load_language()
ANALYZER = Analyzer(LANGUAGE.entries, LANGUAGE.damped)
TOURNAMENT = by_first(LANGUAGE.tournament)


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
        ("combat tie", "same"),
        ("does my gear come in ready", "enter"),
        ("is my champ a legend", "champion"),
        ("is there a cap on units at a battlefield", "maximum"),
        ("can my points go below zero", "less 0"),  # the rules' phrase: a rule holding both words
        ("can i use my legend ability now", "activate"),
        ("can my unit retreat", "move"),
        ("do two shields stack", "redundant"),  # several instances of a keyword
        ("can i respond on the stack", "chain"),  # "stack" alone is still the chain
        ("where do my spells make tokens", "create"),
        ("can they respond when i tap for mana", "add"),
        ("how do timestamps work", "layer"),
        ("do i get my runes back if it is countered", "refund"),  # the issue's own example
        ("can i ping a unit", "deal"),
        ("is a gear in play a permanent", "board"),
        ("when does stun wear off", "lose"),  # a status is lost
        ("when does damage come off", "heal"),  # damage is healed
        # tournament procedure in players' words, as the Tournament Rules name it
        ("can i bet on my match", "wager"),
        ("are japanese cards legal", "language"),
        ("someone in the audience talked", "spectator"),
        ("is an infinite combo allowed", "loop"),
        ("my friend was coaching me", "advice"),
        ("my opponent barely shuffled", "random"),
        ("who keeps track of the score", "track"),
        ("neither of us noticed", "call out"),
    ],
)
def test_players_words_search_the_rules_words(question: str, rules_word: str) -> None:
    assert stem(rules_word) in _alternatives(question)


def test_everyday_words_count_less_than_the_words_that_say_which_rule() -> None:
    concepts = {c.typed: c.importance for c in ANALYZER.concepts("can my units move back")}
    assert concepts["back"] == DAMPED_IMPORTANCE and concepts["move"] == 1.0


def test_where_a_question_is_asked_counts_less_than_what_it_asks_but_still_names_a_tournament() -> None:
    question = "i forgot to channel my runes at an event"
    concepts = {c.typed: c.importance for c in ANALYZER.concepts(question)}
    assert concepts["event"] == DAMPED_IMPORTANCE and concepts["channel"] == 1.0
    assert holds_phrase(question_stems(question), TOURNAMENT)
    # "how long", "how often" ask for a number (a rule stating one comes first), not about a word of the rules
    asked = {c.typed: c.importance for c in ANALYZER.concepts("how long does a stun last")}
    assert asked["long"] == DAMPED_IMPORTANCE
    # "my own turn" stresses whose turn; the owner of a card stays a word
    mine = {c.typed: c.importance for c in ANALYZER.concepts("can i play it on my own turn")}
    owner = {c.typed: c.importance for c in ANALYZER.concepts("who is the owner of a unit i took")}
    assert mine["own"] == DAMPED_IMPORTANCE and owner["owner"] == 1.0
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
        ("is the round timer 50 minutes", True),
        ("how long does a stun last", False),  # "how long" asks about the game as often as about a round
        ("combat tie, both sides have the same might", False),  # a tie in combat is the game's
        ("we tied game 1, who goes first", True),
        ("can we roll a die to decide", True),  # every rule they name is a Tournament Rule
        ("my opponent barely shuffled", True),
        ("my opponent was rude to me", True),
        ("is my match streamed", True),
        ("can i wear headphones", True),  # a tie in a match is named by the match's words
        ("does a drawn game count in a best of 3", True),
        ("what happens when I draw a card", False),
        ("does the power have to match the domain", False),
        ("can I score the same battlefield twice", False),
    ],
)
def test_tournament_words_name_tournament_procedure(question: str, tournament: bool) -> None:
    assert holds_phrase(question_stems(question), TOURNAMENT) is tournament


def test_a_group_whose_rules_are_all_tournament_rules_names_tournament_procedure() -> None:
    entry = WordGroup(
        ("drop out",), ("drop",), 'TR 414.1: "Players may drop from a competition at any time".'
    )
    core = WordGroup(("shuffle",), ("random",), "TR 421.1 and 114 (v1.4) both shuffle.")
    found = language(Vocabulary((entry, core), (), ()))
    assert ("drop", "out") in found.tournament and ("shuffl",) not in found.tournament
    assert holds_phrase(question_stems("can i drop out of the event"), by_first(found.tournament))


def test_the_rules_phrases_stay_phrases() -> None:
    entry = WordGroup(("go first",), ("first player", "turn order", "the order"), "115 (v1.4)")
    found = language(Vocabulary((entry,), (), ()))
    assert found.entries[0].means == ("first player", "turn order", "order")
